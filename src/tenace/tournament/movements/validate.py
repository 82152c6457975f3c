"""Validators: the properties a movement must have before boards and players can follow it (Law 8A).

:func:`validate` returns every problem found, as values; :func:`check` raises
:class:`~tenace.errors.MovementError` for the serious ones. A problem is *serious* (``problem.serious``) when
the movement cannot be played or scored as it stands: a contestant at two tables in one round, a contestant
meeting a board twice, two pairs meeting more often than the movement promises. The others are *notes* worth
showing to the Director: boards played an unequal number of times (a partial Howell, a phantom pair), or a
board set shared by two tables in one round (a relay: the set needs duplicated copies or a table that waits).

>>> from tenace.tournament.model import Movement, Seating
>>> broken = Movement("broken", (
...     Seating(round=1, table=1, ns="1", ew="2", boards=(1, 2)),
...     Seating(round=1, table=2, ns="1", ew="3", boards=(3, 4)),
... ))
>>> [p.code for p in validate(broken)]
['two-tables']
>>> print(validate(broken)[0])
round 1: contestant 1 is at tables 1 and 2
"""

from __future__ import annotations

import enum
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from tenace.errors import MovementError
from tenace.tournament.model import ContestantId, Movement, Seating


class Kind(enum.Enum):
    """What a movement is meant to be: it decides which properties :func:`validate` checks."""

    PAIRS = "pairs"
    """Any pairs movement: only the general properties."""
    MITCHELL = "mitchell"
    """Also: every North-South pair meets every East-West pair at most once."""
    HOWELL = "howell"
    """Also: every two pairs meet at most ``meetings`` times (exactly, with ``complete=True``)."""
    INDIVIDUAL = "individual"
    """``Seating.players`` is required; every two players are partners at most ``meetings`` times (Law 4)."""
    TEAMS = "teams"
    """A team sits at two tables in a round (once each way) and meets each board once in each direction."""


@dataclass(frozen=True, slots=True)
class MovementProblem:
    """One property a movement lacks, with where it happens."""

    code: str
    """``"duplicate-seating"``, ``"two-tables"``, ``"same-pair"``, ``"board-replayed"``,
    ``"missing-players"``, ``"meetings"``, ``"partners"``, ``"unequal-plays"`` or ``"shared-set"``."""
    message: str
    serious: bool = True
    round: int | None = None
    table: int | None = None
    contestant: ContestantId | None = None
    board: int | None = None

    def __str__(self) -> str:
        return self.message


NOTES = frozenset({"unequal-plays", "shared-set"})


def _who(s: Seating, kind: Kind) -> tuple[ContestantId, ...]:
    if kind is Kind.INDIVIDUAL and s.players is not None:
        return s.players
    return (s.ns, s.ew)


def validate(
    movement: Movement,
    *,
    kind: Kind = Kind.PAIRS,
    meetings: int = 1,
    complete: bool = False,
    relays: Iterable[int] = (),
) -> list[MovementProblem]:
    """Every problem of ``movement`` as a ``kind`` of movement; an empty list when there is none.

    ``relays`` lists board numbers that are declared shared between tables (a relay, or duplicated copies), so
    sharing them is not reported. ``meetings`` and ``complete`` apply to Howell and individual movements.

    >>> from tenace.tournament.movements import mitchell, howell
    >>> validate(mitchell(5), kind=Kind.MITCHELL)
    []
    >>> validate(howell(4), kind=Kind.HOWELL, complete=True)
    []
    """
    problems: list[MovementProblem] = []
    add = problems.append
    declared = frozenset(relays)

    by_round: dict[int, list[Seating]] = defaultdict(list)
    for s in movement.seatings:
        by_round[s.round].append(s)

    for rnd in sorted(by_round):
        seatings = sorted(by_round[rnd], key=lambda s: (s.table, s.room or ""))
        tables = Counter(s.table for s in seatings)
        for table, n in sorted(tables.items()):
            if n > 1:
                add(
                    MovementProblem(
                        "duplicate-seating",
                        f"round {rnd}: table {table} is listed {n} times",
                        round=rnd,
                        table=table,
                    )
                )
        # Law 8A: every contestant is sent to one place per round (a team: one table each way).
        places: dict[tuple[ContestantId, str], list[int]] = defaultdict(list)
        for s in seatings:
            who = _who(s, kind)
            if len(set(who)) < len(who):
                add(
                    MovementProblem(
                        "same-pair",
                        f"round {rnd}, table {s.table}: a contestant plays against "
                        f"or partners itself ({', '.join(who)})",
                        round=rnd,
                        table=s.table,
                    )
                )
            if kind is Kind.INDIVIDUAL and s.players is None:
                add(
                    MovementProblem(
                        "missing-players",
                        f"round {rnd}, table {s.table}: an individual movement needs the four players",
                        round=rnd,
                        table=s.table,
                    )
                )
            for i, c in enumerate(dict.fromkeys(who)):
                way = ("NS" if i == 0 else "EW") if kind is Kind.TEAMS else ""
                places[(c, way)].append(s.table)
        for (c, _), where in sorted(places.items()):
            if len(where) > 1:
                tables_text = " and ".join(str(t) for t in where)
                add(
                    MovementProblem(
                        "two-tables",
                        f"round {rnd}: contestant {c} is at tables {tables_text}",
                        round=rnd,
                        contestant=c,
                    )
                )
        # A board set belongs to one table per round, unless it is a relay (shared) set.
        at: dict[int, list[int]] = defaultdict(list)
        for s in seatings:
            for b in s.boards:
                at[b].append(s.table)
        shared: dict[tuple[int, ...], list[int]] = defaultdict(list)
        for b, where in sorted(at.items()):
            if len(where) > 1 and b not in declared and kind is not Kind.TEAMS:
                shared[tuple(where)].append(b)
        for where_t, boards in shared.items():
            add(
                MovementProblem(
                    "shared-set",
                    f"round {rnd}: boards {_ranges(boards)} are at tables "
                    f"{', '.join(map(str, where_t))} (a relay, or duplicated boards)",
                    serious=False,
                    round=rnd,
                    board=boards[0],
                )
            )

    # Each contestant meets each board at most once (a team: once each way), or comparisons break (Law 78A).
    seen: dict[tuple[ContestantId, str, int], Seating] = {}
    for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        for i, c in enumerate(dict.fromkeys(_who(s, kind))):
            way = ("NS" if i == 0 else "EW") if kind is Kind.TEAMS else ""
            for b in s.boards:
                key = (c, way, b)
                if key in seen:
                    first = seen[key]
                    add(
                        MovementProblem(
                            "board-replayed",
                            f"contestant {c} plays board {b} in round "
                            f"{first.round} (table {first.table}) and again in round {s.round} "
                            f"(table {s.table})",
                            round=s.round,
                            table=s.table,
                            contestant=c,
                            board=b,
                        )
                    )
                else:
                    seen[key] = s

    # Every board played the same number of times, so every result is compared with as many (Law 78A).
    plays = Counter(b for s in movement.seatings for b in s.boards)
    if len(set(plays.values())) > 1:
        low = min(plays.values())
        few = [b for b, n in sorted(plays.items()) if n == low]
        add(
            MovementProblem(
                "unequal-plays",
                f"boards are played between {low} and {max(plays.values())} "
                f"times; boards {_ranges(few)} only {low} times",
                serious=False,
                board=few[0],
            )
        )

    if kind is Kind.MITCHELL:
        faced = Counter((s.ns, s.ew) if s.ns <= s.ew else (s.ew, s.ns) for s in movement.seatings)
        for (x, y), times in sorted(faced.items()):
            if times > 1:
                add(
                    MovementProblem(
                        "meetings", f"pairs {x} and {y} meet {times} times in a Mitchell", contestant=x
                    )
                )
    elif kind is Kind.HOWELL:
        problems.extend(_meetings(movement, meetings, complete))
    elif kind is Kind.INDIVIDUAL:
        problems.extend(_partners(movement, meetings, complete))
    return problems


def _meetings(movement: Movement, meetings: int, complete: bool) -> list[MovementProblem]:
    """Howell: every two pairs meet ``meetings`` times at most (and at least, when ``complete``)."""
    met = Counter(frozenset((s.ns, s.ew)) for s in movement.seatings)
    out = []
    pairs = movement.contestants
    for i, a in enumerate(pairs):
        for b in pairs[i + 1 :]:
            n = met.get(frozenset((a, b)), 0)
            if n > meetings or (complete and n < meetings):
                out.append(
                    MovementProblem(
                        "meetings", f"pairs {a} and {b} meet {n} times, not {meetings}", contestant=a
                    )
                )
    return out


def _partners(movement: Movement, meetings: int, complete: bool) -> list[MovementProblem]:
    """Individual: every two players are partners ``meetings`` times at most (Law 4: partnerships change)."""
    together: Counter[frozenset[ContestantId]] = Counter()
    for s in movement.seatings:
        if s.players is not None:
            north, east, south, west = s.players
            together[frozenset((north, south))] += 1
            together[frozenset((east, west))] += 1
    out = []
    players = movement.contestants
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            n = together.get(frozenset((a, b)), 0)
            if n > meetings or (complete and n < meetings):
                out.append(
                    MovementProblem(
                        "partners",
                        f"players {a} and {b} are partners {n} times, not {meetings}",
                        contestant=a,
                    )
                )
    return out


def check(
    movement: Movement,
    *,
    kind: Kind = Kind.PAIRS,
    meetings: int = 1,
    complete: bool = False,
    relays: Iterable[int] = (),
) -> Movement:
    """Return ``movement`` unchanged, or raise :class:`~tenace.errors.MovementError` listing its serious
    problems.

    >>> from tenace.tournament.model import Movement, Seating
    >>> twice = Movement("twice", (Seating(1, 1, "1", "2", (1,)), Seating(2, 1, "1", "2", (1,))))
    >>> check(twice)
    Traceback (most recent call last):
    ...
    tenace.errors.MovementError: movement 'twice': contestant 1 plays board 1 in round 1 (table 1) and again \
in round 2 (table 1); contestant 2 plays board 1 in round 1 (table 1) and again in round 2 (table 1)
    """
    serious = [
        p
        for p in validate(movement, kind=kind, meetings=meetings, complete=complete, relays=relays)
        if p.serious
    ]
    if serious:
        raise MovementError(f"movement {movement.name!r}: " + "; ".join(p.message for p in serious))
    return movement


def _ranges(numbers: Iterable[int]) -> str:
    """``[1, 2, 3, 7]`` as ``"1-3, 7"``."""
    out: list[str] = []
    run: list[int] = []
    for n in sorted(numbers):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [n]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)
