"""What scoring an event produces, and what publishing renders: travellers, rankings, totals.

Values are exact (:class:`~fractions.Fraction`); rounding happens only when results are shown, with the
event's :attr:`~tenace.tournament.model.Conditions.percentage_places`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, cast

from tenace.scoring.matchpoints import Entry
from tenace.tournament.model import ContestantId, Method, Penalty, Result


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One line of a traveller with what each side scored on it, in the event's units (matchpoint units,
    IMPs or points); percentages for matchpoints only."""

    result: Result
    ns_score: Entry
    ns_points: Fraction
    ew_points: Fraction
    ns_percentage: Fraction | None = None
    ew_percentage: Fraction | None = None


class _TravellerLineBuilder:
    """Makes a :class:`TravellerLine` at a third of the cost of its frozen ``__init__`` (which sets each field
    with ``object.__setattr__``): the fields are stored in this class's identical slots, then the instance
    becomes a :class:`TravellerLine` (CPython allows ``__class__`` assignment between classes with the same
    slots). A big field makes one per result (issue 16)."""

    __slots__ = ("result", "ns_score", "ns_points", "ew_points", "ns_percentage", "ew_percentage")

    def __init__(self, result: Result, ns_score: Entry, ns_points: Fraction, ew_points: Fraction,
                 ns_percentage: Fraction | None = None, ew_percentage: Fraction | None = None) -> None:
        self.result = result
        self.ns_score = ns_score
        self.ns_points = ns_points
        self.ew_points = ew_points
        self.ns_percentage = ns_percentage
        self.ew_percentage = ew_percentage
        self.__class__ = TravellerLine  # type: ignore[assignment]


assert _TravellerLineBuilder.__slots__ == TravellerLine.__slots__

new_traveller_line: Final = cast(
    Callable[[Result, Entry, Fraction, Fraction, "Fraction | None", "Fraction | None"], TravellerLine],
    _TravellerLineBuilder,
)
"""``TravellerLine(result, ns_score, ns_points, ew_points, ns_percentage, ew_percentage)``, made faster (for
scorers that make one per result); the same frozen value."""


@dataclass(frozen=True, slots=True)
class Traveller:
    """Every result of one board in one comparison group (a section or the whole field)."""

    board: int
    lines: tuple[TravellerLine, ...]
    top: int | None = None
    """Matchpoint top in units (``2 * (results - 1)`` after factoring)."""
    datum: int | None = None
    """Butler datum, for IMP pairs."""
    session: int = 1
    section: str = ""
    """The section compared (empty when the whole field is one comparison)."""
    group: int | None = None
    """For a fouled board (Law 87): the group of results played with the same cards."""


class _PendingLines:
    """What a traveller's lines will be made from, until someone reads :attr:`Traveller.lines`."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], tuple[TravellerLine, ...]]) -> None:
        self.make = make


class _LazyLines:
    """:attr:`Traveller.lines`, made when first read (issue 16): a big field's travellers hold one
    :class:`TravellerLine` per result, which costs as much as scoring the field, and most readers (the
    rankings, a board's page) never look at most of them.

    A data descriptor wrapping the ``lines`` slot: reading it turns a :class:`_PendingLines` into the tuple
    once and stores that in the slot; ``__init__``, equality, hashing, ``repr``, pickling and
    :func:`dataclasses.replace` all read the attribute, so they see the tuple and the value is the same as
    an eagerly made one. Two threads reading at once may both make the lines; they make equal tuples."""

    __slots__ = ("slot",)

    def __init__(self, slot: Any) -> None:
        self.slot = slot

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self.slot
        value = self.slot.__get__(instance, owner)
        if value.__class__ is _PendingLines:
            value = value.make()
            self.slot.__set__(instance, value)
        return value

    def __set__(self, instance: object, value: object) -> None:
        self.slot.__set__(instance, value)

    def __delete__(self, instance: object) -> None:
        self.slot.__delete__(instance)


setattr(Traveller, "lines", _LazyLines(Traveller.__dict__["lines"]))  # noqa: B010 (mypy: a field replaced)


def lazy_traveller(board: int, make_lines: Callable[[], tuple[TravellerLine, ...]], *, top: int | None = None,
                   session: int = 1) -> Traveller:
    """A :class:`Traveller` whose :attr:`~Traveller.lines` are made by ``make_lines()`` when first read; the
    same value as ``Traveller(board, make_lines(), top=top, session=session)``."""
    return Traveller(board, cast(Any, _PendingLines(make_lines)), top=top, session=session)


@dataclass(frozen=True, slots=True)
class Standing:
    """One contestant's line in a ranking."""

    rank: int
    tied: bool
    """True when another contestant shares this rank: shown as ``"3="``."""
    contestant: ContestantId
    name: str
    boards: int
    total: Fraction
    """In the event's units after scaling, carry-over and penalties."""
    percentage: Fraction | None = None
    carry_over: Fraction = Fraction(0)
    penalties: Fraction = Fraction(0)
    sessions: tuple[tuple[int, Fraction], ...] = ()
    """``(session number, total in that session)`` for each session the contestant scored in."""

    @property
    def place(self) -> str:
        return f"{self.rank}=" if self.tied else str(self.rank)


class _StandingBuilder:
    """Makes a :class:`Standing` faster than its frozen ``__init__``, as :class:`_TravellerLineBuilder` does a
    :class:`TravellerLine` (a ranking of 10,000 pairs makes 10,000)."""

    __slots__ = ("rank", "tied", "contestant", "name", "boards", "total", "percentage", "carry_over",
                 "penalties", "sessions")

    def __init__(self, rank: int, tied: bool, contestant: ContestantId, name: str, boards: int,
                 total: Fraction,
                 percentage: Fraction | None, carry_over: Fraction, penalties: Fraction,
                 sessions: tuple[tuple[int, Fraction], ...]) -> None:
        self.rank = rank
        self.tied = tied
        self.contestant = contestant
        self.name = name
        self.boards = boards
        self.total = total
        self.percentage = percentage
        self.carry_over = carry_over
        self.penalties = penalties
        self.sessions = sessions
        self.__class__ = Standing  # type: ignore[assignment]


assert _StandingBuilder.__slots__ == Standing.__slots__

new_standing: Final = cast(
    Callable[[int, bool, ContestantId, str, int, Fraction, "Fraction | None", Fraction, Fraction,
              "tuple[tuple[int, Fraction], ...]"], Standing],
    _StandingBuilder,
)
"""``Standing(rank, tied, contestant, name, boards, total, percentage, carry_over, penalties, sessions)`` with
every field given in that order, made faster; the same frozen value."""


@dataclass(frozen=True, slots=True)
class Ranking:
    """A ranking list: the whole field, or one direction of a Mitchell (``title`` ``"NS"``/``"EW"``)."""

    title: str
    standings: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class Match:
    """A team match (or one of a Swiss or round robin): IMPs each way and victory points."""

    round: int
    home: ContestantId
    away: ContestantId
    imps: tuple[Fraction, Fraction]
    vps: tuple[Fraction, Fraction] | None
    boards: int
    session: int = 1


@dataclass(frozen=True, slots=True)
class Bye:
    """A round of a team round robin or Swiss in which a team had no opponent, and the VPs it earned for it
    (:attr:`~tenace.tournament.model.Conditions.bye`)."""

    round: int
    contestant: ContestantId
    vps: Fraction
    session: int = 1


@dataclass(frozen=True, slots=True)
class EventResults:
    """A scored event, ready to publish."""

    event: str
    method: Method
    travellers: tuple[Traveller, ...]
    rankings: tuple[Ranking, ...]
    matches: tuple[Match, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    byes: tuple[Bye, ...] = ()
    """The byes of a team event (empty for other events)."""

    def traveller(self, board: int) -> tuple[Traveller, ...]:
        return tuple(t for t in self.travellers if t.board == board)

    def standing(self, contestant: ContestantId) -> Standing:
        for ranking in self.rankings:
            for s in ranking.standings:
                if s.contestant == contestant:
                    return s
        raise KeyError(f"no contestant {contestant!r} in the results of {self.event!r}")
