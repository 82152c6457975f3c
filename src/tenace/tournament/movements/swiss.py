"""Swiss pairing: each round, contestants of about the same score meet, and nobody meets the same opponent
twice.

:func:`swiss_pairings` takes the standings in order (best first) and pairs top down: the leader meets the
highest-placed contestant it has not yet met, and so on; when that would leave the rest with a forced rematch,
it goes back and tries the next opponent (backtracking). With an odd number of contestants the lowest-placed
one that has not had a bye sits out.

>>> r = swiss_pairings(["A", "B", "C", "D"], played=[("A", "B")])
>>> r.pairs
(('A', 'C'), ('B', 'D'))
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tenace.errors import MovementError
from tenace.tournament.model import ContestantId, Movement, Seating
from tenace.tournament.movements.teams import match_seatings
from tenace.tournament.standings import Ranking

Score = int | float | Fraction


@dataclass(frozen=True, slots=True)
class SwissRound:
    """The matches of one Swiss round (the higher-placed contestant first) and who has the bye, if anyone."""

    pairs: tuple[tuple[ContestantId, ContestantId], ...]
    bye: ContestantId | None = None

    def movement(self, round: int, boards: Iterable[int], *, name: str | None = None) -> Movement:
        """The round as a team movement: every match plays ``boards`` (duplicated sets) at two tables, the
        higher-placed team North-South in the open room.

        >>> r = SwissRound((("A", "C"), ("B", "D")))
        >>> [(s.table, s.room, s.ns, s.ew) for s in r.movement(3, range(1, 8)).seatings][:2]
        [(1, 'open', 'A', 'C'), (2, 'closed', 'C', 'A')]
        """
        numbers = tuple(boards)
        seatings: list[Seating] = []
        for k, (home, away) in enumerate(self.pairs, start=1):
            seatings.extend(match_seatings(round, k, home, away, numbers))
        return Movement(name or f"Swiss round {round}", tuple(seatings), description=f"Swiss round {round}")


def matches_played(*movements: Movement) -> set[tuple[ContestantId, ContestantId]]:
    """The matches in team movements (open-room seatings, or every seating when rooms are not named), as
    ``played`` for :func:`swiss_pairings`."""
    return {(s.ns, s.ew) for m in movements for s in m.seatings if s.room != "closed"}


def swiss_pairings(
    standings: Ranking | Sequence[ContestantId] | Sequence[tuple[ContestantId, Score]],
    played: Iterable[tuple[ContestantId, ContestantId]] = (),
    *,
    had_bye: Collection[ContestantId] = (),
) -> SwissRound:
    """Pair the next Swiss round.

    :param standings: a :class:`~tenace.tournament.standings.Ranking`, contestants best first, or
        ``(contestant, score)`` pairs (sorted by score, highest first, keeping the given order among equal
        scores).
    :param played: the matches already played.
    :param had_bye: contestants that already sat out; they get no second bye while another can take it.
    :raises MovementError: when no pairing avoids a rematch.

    >>> swiss_pairings([("A", 30), ("B", 12), ("C", 25)], played=[("A", "C")]).pairs
    (('A', 'B'),)
    >>> swiss_pairings(["A", "B"], played=[("B", "A")])
    Traceback (most recent call last):
    ...
    tenace.errors.MovementError: no Swiss pairing of A, B avoids a rematch
    """
    order = (
        [s.contestant for s in standings.standings] if isinstance(standings, Ranking) else _order(standings)
    )
    if len(set(order)) != len(order):
        raise MovementError(f"a contestant is listed twice in the standings: {order}")
    met = {frozenset(p) for p in played}
    bye_candidates: list[ContestantId | None] = [None]
    if len(order) % 2:
        lowest_first = list(reversed(order))
        fresh: list[ContestantId | None] = [c for c in lowest_first if c not in had_bye]
        bye_candidates = fresh + [c for c in lowest_first if c in had_bye]
    dead_ends: set[tuple[ContestantId, ...]] = set()
    for bye in bye_candidates:
        rest = [c for c in order if c != bye]
        pairs = _pair(rest, met, dead_ends)
        if pairs is not None:
            return SwissRound(tuple(pairs), bye)
    raise MovementError(f"no Swiss pairing of {', '.join(order)} avoids a rematch")


def _order(standings: Sequence[ContestantId] | Sequence[tuple[ContestantId, Score]]) -> list[ContestantId]:
    if all(isinstance(s, str) for s in standings):
        return [str(s) for s in standings]
    scored: list[tuple[ContestantId, Fraction]] = []
    for s in standings:
        if isinstance(s, str) or len(s) != 2:
            raise MovementError(f"standings mix contestants and (contestant, score) pairs: {s!r}")
        scored.append((s[0], Fraction(s[1])))
    # sorted() is stable: equal scores keep the order they were given in
    return [c for c, _ in sorted(scored, key=lambda cs: cs[1], reverse=True)]


def _pair(
    rest: list[ContestantId], met: set[frozenset[ContestantId]], dead_ends: set[tuple[ContestantId, ...]]
) -> list[tuple[ContestantId, ContestantId]] | None:
    """Top down: the highest unpaired contestant takes the highest opponent it has not met that still lets the
    others be paired. ``dead_ends`` remembers the groups found impossible to pair, so none is tried twice."""
    if not rest:
        return []
    key = tuple(rest)
    if key in dead_ends:
        return None
    top, others = rest[0], rest[1:]
    for i, opponent in enumerate(others):
        if frozenset((top, opponent)) in met:
            continue
        tail = _pair(others[:i] + others[i + 1 :], met, dead_ends)
        if tail is not None:
            return [(top, opponent), *tail]
    dead_ends.add(key)
    return None
