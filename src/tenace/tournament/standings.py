"""What scoring an event produces, and what publishing renders: travellers, rankings, totals.

Values are exact (:class:`~fractions.Fraction`); rounding happens only when results are shown, with the
event's :attr:`~tenace.tournament.model.Conditions.percentage_places`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

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
