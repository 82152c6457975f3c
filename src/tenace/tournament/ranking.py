"""Ranking contestants by their totals, with the tie-breaks a condition of contest chooses (Law 78D).

:func:`rank` turns a list of :class:`Entrant` values (what scoring worked out for each contestant) into a
:class:`~tenace.tournament.standings.Ranking`:

* the highest total first; exact :class:`~fractions.Fraction` totals, so ties are real ties, never rounding
  accidents;
* equal totals are separated, when the event says so, by the result between the tied contestants
  (:attr:`~tenace.tournament.model.TieBreak.HEAD_TO_HEAD`) or by the number of boards each scored above
  average (:attr:`~tenace.tournament.model.TieBreak.MORE_BOARDS_WON`); whatever is still tied shares the
  place (``"3="``), and the next place skips the shared ones (1, 2=, 2=, 4);
* contestants sharing a place are listed in their natural order (``"2"`` before ``"10"``), so the order never
  depends on the order of the input.

>>> from fractions import Fraction
>>> from tenace.tournament.model import TieBreak
>>> field = [Entrant("1", "Ann & Bob", 2, Fraction(10)), Entrant("2", "Cy & Di", 2, Fraction(12)),
...          Entrant("3", "Ed & Flo", 2, Fraction(10))]
>>> [s.place + " " + s.contestant for s in rank("Overall", field, TieBreak.SHARE).standings]
['1 2', '2= 1', '2= 3']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, cast

from tenace.scoring.matchpoints import best_first
from tenace.tournament.model import ContestantId, TieBreak
from tenace.tournament.standings import Ranking, Standing, new_standing

HeadToHead = Callable[[ContestantId, ContestantId], Fraction]
"""``head_to_head(a, b)``: what ``a`` scored, in the event's units, on the boards or matches it played against
``b``, from ``a``'s side (0 when they never met)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """One contestant's scored result, before ranking."""

    contestant: ContestantId
    name: str
    boards: int
    total: Fraction
    """What the ranking orders by (the event's units, after scaling, carry-over and penalties)."""
    percentage: Fraction | None = None
    carry_over: Fraction = Fraction(0)
    penalties: Fraction = Fraction(0)
    sessions: tuple[tuple[int, Fraction], ...] = ()
    boards_won: int = 0
    """Boards (or matches) on which the contestant scored above average, for
    :attr:`~tenace.tournament.model.TieBreak.MORE_BOARDS_WON`."""


class _EntrantBuilder:
    """Makes an :class:`Entrant` faster than its frozen ``__init__`` (a big field makes one per contestant),
    as :class:`tenace.tournament.standings._TravellerLineBuilder` does a traveller line."""

    __slots__ = ("contestant", "name", "boards", "total", "percentage", "carry_over", "penalties", "sessions",
                 "boards_won")

    def __init__(self, contestant: ContestantId, name: str, boards: int, total: Fraction,
                 percentage: Fraction | None, carry_over: Fraction, penalties: Fraction,
                 sessions: tuple[tuple[int, Fraction], ...], boards_won: int) -> None:
        self.contestant = contestant
        self.name = name
        self.boards = boards
        self.total = total
        self.percentage = percentage
        self.carry_over = carry_over
        self.penalties = penalties
        self.sessions = sessions
        self.boards_won = boards_won
        self.__class__ = Entrant  # type: ignore[assignment]


assert _EntrantBuilder.__slots__ == Entrant.__slots__

new_entrant: Final = cast(
    Callable[[ContestantId, str, int, Fraction, "Fraction | None", Fraction, Fraction,
              "tuple[tuple[int, Fraction], ...]", int], Entrant],
    _EntrantBuilder,
)
"""``Entrant(contestant, name, boards, total, percentage, carry_over, penalties, sessions, boards_won)`` with
every field given in that order, made faster; the same frozen value."""


def natural_key(contestant: ContestantId) -> tuple[int, int, str]:
    """Sort key that puts ``"2"`` before ``"10"`` and ``"3NS"`` before ``"12EW"``; ids without digits last.

    >>> sorted(["10", "2", "1EW", "B", "A"], key=natural_key)
    ['1EW', '2', '10', 'A', 'B']
    """
    found = _FIRST_NUMBER(contestant)
    return (0, int(found[1]), contestant) if found else (1, 0, contestant)


_FIRST_NUMBER = re.compile(r"\D*(\d+)").match
"""The first run of decimal digits in a contestant id (one C-level match: a big field ranks 10,000 ids)."""


def rank(
    title: str,
    entrants: Iterable[Entrant],
    tie_break: TieBreak = TieBreak.SHARE,
    *,
    head_to_head: HeadToHead | None = None,
) -> Ranking:
    """Rank ``entrants`` by total, highest first, breaking ties with ``tie_break`` (see the module docstring).

    ``head_to_head`` is needed for :attr:`TieBreak.HEAD_TO_HEAD`: among the tied contestants, the one who
    scored most in total against the others of the tie comes first; a tie that this does not break is
    shared.

    :raises ValueError: if a contestant appears twice, or head-to-head is asked for without the function.
    """
    pool = list(entrants)
    seen: set[ContestantId] = set()
    for entrant in pool:
        if entrant.contestant in seen:
            raise ValueError(f"contestant {entrant.contestant!r} appears twice in ranking {title!r}")
        seen.add(entrant.contestant)
    if tie_break is TieBreak.HEAD_TO_HEAD and head_to_head is None:
        raise ValueError("the head-to-head tie-break needs the results between the contestants")
    pool.sort(key=lambda e: natural_key(e.contestant))
    pool = best_first(pool, lambda e: e.total)  # equal totals stay in natural order
    standings: list[Standing] = []
    for tied in _runs(pool, lambda e: e.total):
        for shared in _break(tied, tie_break, head_to_head):
            place = len(standings) + 1
            for entrant in shared:
                standings.append(new_standing(
                    place, len(shared) > 1, entrant.contestant, entrant.name, entrant.boards, entrant.total,
                    entrant.percentage, entrant.carry_over, entrant.penalties, entrant.sessions,
                ))
    return Ranking(title, tuple(standings))


def _runs(items: Sequence[Entrant], key: Callable[[Entrant], object]) -> list[list[Entrant]]:
    """Consecutive items with equal keys, in order."""
    runs: list[list[Entrant]] = []
    for item in items:
        if runs and key(runs[-1][0]) == key(item):
            runs[-1].append(item)
        else:
            runs.append([item])
    return runs


def _break(tied: list[Entrant], tie_break: TieBreak, head_to_head: HeadToHead | None) -> list[list[Entrant]]:
    """Split a group of equal totals into places, best first; each inner list shares one place."""
    if len(tied) == 1 or tie_break is TieBreak.SHARE:
        return [tied]
    if tie_break is TieBreak.MORE_BOARDS_WON:
        def won(e: Entrant) -> Fraction:
            return Fraction(e.boards_won)

        return _runs(sorted(tied, key=won, reverse=True), won)
    assert head_to_head is not None
    members = [e.contestant for e in tied]
    against = {
        e.contestant: sum((head_to_head(e.contestant, other) for other in members if other != e.contestant),
                          Fraction(0))
        for e in tied
    }

    def score(e: Entrant) -> Fraction:
        return against[e.contestant]

    return _runs(sorted(tied, key=score, reverse=True), score)
