"""Team movements: a two-table match, a round robin of matches, and a knockout match played in segments.

A team match is played at two tables with the same boards (Law 78B compares the two results of each
board): in the *open room* the home team sits North-South, in the *closed room* the away team does
(``Seating.room``). The two tables of match ``k`` in a round are numbered ``2k - 1`` (open) and ``2k``
(closed).

>>> m = team_match("A", "B", boards=range(1, 9))
>>> [(s.room, s.ns, s.ew) for s in m.seatings]
[('open', 'A', 'B'), ('closed', 'B', 'A')]
>>> [len(r) for r in _schedule(["1", "2", "3"])]
[1, 1, 1]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tenace.errors import MovementError
from tenace.tournament.model import ContestantId, Movement, Seating
from tenace.tournament.movements._sets import board_set

OPEN = "open"
CLOSED = "closed"


def match_seatings(
    round: int, match: int, home: ContestantId, away: ContestantId, boards: tuple[int, ...]
) -> tuple[Seating, Seating]:
    """The two tables of match ``match`` in a round: tables ``2 * match - 1`` (open room, ``home``
    North-South) and ``2 * match`` (closed room, ``away`` North-South), both with ``boards``."""
    return (
        Seating(round, 2 * match - 1, home, away, boards, room=OPEN),
        Seating(round, 2 * match, away, home, boards, room=CLOSED),
    )


def team_match(
    home: ContestantId, away: ContestantId, boards: Iterable[int], *, name: str | None = None
) -> Movement:
    """One match of one round at two tables: the same ``boards`` in both rooms.

    :raises MovementError: when a team plays itself or there are no boards.
    """
    numbers = tuple(boards)
    if home == away:
        raise MovementError(f"team {home} cannot play itself")
    if not numbers:
        raise MovementError(f"the match {home} v {away} has no boards")
    return Movement(
        name or f"{home} v {away}",
        match_seatings(1, 1, home, away, numbers),
        description=f"team match, {len(numbers)} boards",
    )


def _schedule(teams: Sequence[ContestantId]) -> list[list[tuple[ContestantId, ContestantId]]]:
    """The circle method: with ``n`` teams (one more, a bye, when odd) ``n - 1`` rounds in which each team
    meets every other once. The first team stays put and alternates home and away; the others turn round the
    table and are at home while in its top half, so every team is at home about half the time (a Berger
    table)."""
    field: list[ContestantId | None] = list(teams)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    rounds = []
    for r in range(n - 1):
        row: list[tuple[ContestantId, ContestantId]] = []
        for i in range(n // 2):
            a, b = field[i], field[n - 1 - i]
            if a is None or b is None:
                continue  # the bye
            row.append((b, a) if i == 0 and r % 2 else (a, b))
        rounds.append(row)
        field = [field[0], field[-1], *field[1:-1]]  # team 1 stays; the others turn one place
    return rounds


def round_robin(
    teams: int | Sequence[ContestantId], *, boards_per_match: int = 8, name: str | None = None
) -> Movement:
    """Every team meets every other team once; with an odd number one team has a bye in each round.

    All the matches of a round play the same boards (duplicated sets); a round's boards are numbered after the
    previous round's, so that no board number is played twice by a team in the same direction.

    >>> rr = round_robin(5, boards_per_match=4)
    >>> len(rr.rounds), len(rr.at(round=1, table=1).boards), len(rr.seatings)
    (5, 4, 20)
    """
    names = [str(i) for i in range(1, teams + 1)] if isinstance(teams, int) else [str(t) for t in teams]
    if len(names) < 2:
        raise MovementError(f"a round robin needs at least 2 teams, got {len(names)}")
    if len(set(names)) != len(names):
        raise MovementError(f"team names repeat: {names}")
    seatings: list[Seating] = []
    for r, matches in enumerate(_schedule(names), start=1):
        boards = board_set(r, boards_per_match)
        for k, (home, away) in enumerate(matches, start=1):
            seatings.extend(match_seatings(r, k, home, away, boards))
    return Movement(
        name or f"Round robin, {len(names)} teams",
        tuple(seatings),
        description=f"round robin, {len(names)} teams, {boards_per_match} boards a match",
    )


@dataclass(frozen=True, slots=True)
class Knockout:
    """A knockout match: its movement (one round per segment) and the carry-over each team starts with, for
    :attr:`tenace.tournament.model.Event.carry_over`."""

    movement: Movement
    carry_over: tuple[tuple[ContestantId, Fraction], ...]


def knockout(
    home: ContestantId,
    away: ContestantId,
    *,
    segments: int,
    boards_per_segment: int,
    carry_over: Fraction | int = 0,
    switch: bool = False,
) -> Knockout:
    """A knockout match of ``segments`` segments; the home team starts ``carry_over`` IMPs ahead (negative:
    behind), as the Conditions of Contest set it (Law 78D). ``switch`` changes which team sits North-South in
    the open room in every other segment.

    >>> ko = knockout("A", "B", segments=4, boards_per_segment=16, carry_over=Fraction(7, 2))
    >>> ko.carry_over
    (('A', Fraction(7, 2)),)
    >>> ko.movement.at(round=4, table=2).boards[-1]
    64
    """
    if home == away:
        raise MovementError(f"team {home} cannot play itself")
    if segments < 1:
        raise MovementError(f"a knockout match has at least one segment, got {segments}")
    seatings: list[Seating] = []
    for seg in range(1, segments + 1):
        boards = board_set(seg, boards_per_segment)
        a, b = (away, home) if switch and seg % 2 == 0 else (home, away)
        seatings.extend(match_seatings(seg, 1, a, b, boards))
    amount = Fraction(carry_over)
    carry: tuple[tuple[ContestantId, Fraction], ...] = ()
    if amount > 0:
        carry = ((home, amount),)
    elif amount < 0:
        carry = ((away, -amount),)
    movement = Movement(
        f"{home} v {away}",
        tuple(seatings),
        description=f"knockout, {segments} segments of {boards_per_segment} boards",
    )
    return Knockout(movement, carry)
