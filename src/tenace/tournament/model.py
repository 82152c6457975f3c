"""The vocabulary of a tournament, shared by movements, result entry, scoring, storage and publishing.

Everything is an immutable value. Contestants (pairs, teams, players) are named by strings that the event
chooses (``"1"``, ``"3NS"``, ``"A"``); a :class:`Seating` says who sits where at one table in one round and
which boards they play; a :class:`Movement` is the set of seatings of one section of one session; a
:class:`Result` is one board played (or adjusted) at one table, as a table scoring device enters it.

>>> from tenace.contract import Contract
>>> r = Result(board=5, round=1, table=2, ns="2", ew="9", contract=Contract.from_str("4HE"), tricks=10)
>>> r.ns_score()
-420
>>> r.describe()
'table 2, round 1, board 5'
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from tenace.board import vulnerability_for
from tenace.cards import Card
from tenace.contract import Contract
from tenace.scoring.adjusted import ArtificialAdjustedScore, ArtificialScoreSettings, AssignedAdjustedScore
from tenace.scoring.imps import DEFAULT_TRIM, DatumRounding, Trim
from tenace.scoring.matchpoints import Entry, Factoring, TotalScaling
from tenace.scoring.points import score
from tenace.seats import Seat

ContestantId = str
"""A pair, team or player as the event numbers it: ``"1"``, ``"3NS"``, ``"A"``."""


class EventKind(enum.Enum):
    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


def default_name(ident: ContestantId, kind: EventKind) -> str:
    """The name an entry gets when none was given: ``Pair 3``, ``Team A``, ``Player 8``.

    >>> default_name("8", EventKind.INDIVIDUAL)
    'Player 8'
    """
    word = {EventKind.PAIRS: "Pair", EventKind.TEAMS: "Team", EventKind.INDIVIDUAL: "Player"}[kind]
    return f"{word} {ident}"


class Method(enum.Enum):
    """How boards are compared (Law 78, chosen by the Conditions of Contest, Law 78D)."""

    MATCHPOINTS = "matchpoints"  # Law 78A
    BUTLER = "butler"  # Law 78B, IMPs against a datum
    CROSS_IMPS = "cross-imps"  # Law 78B, every score against every other
    TOTAL_POINTS = "total-points"  # Law 78C
    TEAM_IMPS = "team-imps"  # Law 78B, two tables of a team match, then victory points
    BOARD_A_MATCH = "board-a-match"
    """Law 78A's comparison applied to the two tables of a team match (a method Law 78D lets the Conditions
    choose): the better score wins the board, equal scores halve it."""


class Comparison(enum.Enum):
    """Which results a board's result is compared with (a condition of contest, Law 78D)."""

    FIELD = "field"
    """Every result of the board in the session, across all sections (the default)."""
    SECTION = "section"
    """Only the results of the same section (movement)."""


class PenaltyUnit(enum.Enum):
    """What :attr:`Penalty.points` counts in a matchpoint event (Laws 90, 91)."""

    POINTS = "points"
    """The event's own units (matchpoint units), taken straight off the total (the default)."""
    PERCENT_OF_TOP = "percent-of-top"
    """Per cent of a top on one board: 25 is a quarter of a top, 100 a full top."""


class TieBreak(enum.Enum):
    """How equal totals are ranked (a condition of contest, Law 78D)."""

    SHARE = "share"  # equal places, shown as "3=" (the default)
    HEAD_TO_HEAD = "head-to-head"  # the result between the tied contestants, then share
    MORE_BOARDS_WON = "boards-won"  # more boards scoring above average, then share


class ByeScore(enum.Enum):
    """What a team earns in a round of a round robin or Swiss in which it has no opponent (a bye), in victory
    points (a condition of contest, Law 78D)."""

    NONE = "none"
    """Nothing (the default)."""
    FIXED = "fixed"
    """:attr:`Conditions.bye_vps`."""
    AVERAGE = "average"
    """The team's average VPs per match it played in the event (:attr:`Conditions.bye_vps` when it played
    none), to the hundredth."""
    FIXED_OR_AVERAGE = "fixed-or-average"
    """The higher of :attr:`Conditions.bye_vps` and the team's average."""


@dataclass(frozen=True, slots=True)
class Conditions:
    """The Conditions of Contest that change how an event is scored and run (Law 78D, Law 79C, Law 92B)."""

    method: Method = Method.MATCHPOINTS
    factoring: Factoring = Factoring.NEUBERG
    total_scaling: TotalScaling = TotalScaling.TO_EXPECTED_BOARDS
    artificial: ArtificialScoreSettings = field(default_factory=ArtificialScoreSettings)
    datum_rounding: DatumRounding = DatumRounding.HALF_AWAY_FROM_ZERO
    butler_trim: Trim = DEFAULT_TRIM
    vp_scale: str = "wbf2013"
    """Victory-point scale for team events: ``"wbf2013"`` (continuous, with the concavity correction), or the
    name of a discrete scale in :attr:`vp_table`."""
    vp_table: str = ""
    """A discrete victory-point scale as CSV text (the columns of
    :meth:`tenace.scoring.vp.DiscreteVPScale.from_csv`), kept with the event so that it scores the same
    wherever it is stored. An optional ``scale`` column holds several scales, chosen by :attr:`vp_scale`; an
    optional ``boards`` column (``"6-8"``, ``"12"``, ``"13+"``) gives each scale for matches of that length.
    Empty: :attr:`vp_scale` must be ``"wbf2013"``."""
    bye: ByeScore = ByeScore.NONE
    """What a team with a bye in a round robin or Swiss round earns."""
    bye_vps: Fraction = Fraction(12)
    """The fixed VPs of a bye (:attr:`ByeScore.FIXED`, :attr:`ByeScore.FIXED_OR_AVERAGE`)."""
    tie_break: TieBreak = TieBreak.SHARE
    percentage_places: int = 2
    comparison: Comparison = Comparison.FIELD
    """Compare each board over the whole field or within each section."""
    sit_out_average: bool = False
    """Whether the opponents of a phantom pair (a sit-out) get average on the boards they could not play
    instead of no score."""
    penalty_unit: PenaltyUnit = PenaltyUnit.POINTS
    """How :attr:`Penalty.points` are counted in a matchpoint event."""
    knockout: bool = False
    """A team event played as knockout matches: IMPs plus carry-over decide, no victory points, and
    non-balancing adjusted scores are averaged (Law 12C4)."""
    correction_period: dt.timedelta = dt.timedelta(minutes=30)
    """Law 79C: how long after the official results are published a scoring error may still be corrected."""
    appeal_deadline: dt.timedelta = dt.timedelta(minutes=30)
    """Law 92B: how long after the official score is made available a ruling may be appealed."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays which boards at one table in one round. ``ns``/``ew`` are pairs (or teams); an individual
    movement also names the four ``players`` in the order North, East, South, West."""

    round: int
    table: int
    ns: ContestantId
    ew: ContestantId
    boards: tuple[int, ...]
    players: tuple[ContestantId, ContestantId, ContestantId, ContestantId] | None = None
    room: str | None = None
    """For team matches: ``"open"`` or ``"closed"``."""

    def describe(self) -> str:
        return f"table {self.table}, round {self.round}"


@dataclass(frozen=True, slots=True)
class Movement:
    """All the seatings of one section of one session. Contestants absent from a round sit out (a bye);
    boards absent from a round are on a relay or bye stand."""

    name: str
    seatings: tuple[Seating, ...]
    description: str = ""

    @property
    def rounds(self) -> tuple[int, ...]:
        return tuple(sorted({s.round for s in self.seatings}))

    @property
    def tables(self) -> tuple[int, ...]:
        return tuple(sorted({s.table for s in self.seatings}))

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({b for s in self.seatings for b in s.boards}))

    @property
    def contestants(self) -> tuple[ContestantId, ...]:
        seen: dict[ContestantId, None] = {}
        for s in self.seatings:
            for who in s.players if s.players is not None else (s.ns, s.ew):
                seen.setdefault(who, None)
        return tuple(sorted(seen, key=_natural))

    def at(self, round: int, table: int) -> Seating:
        for s in self.seatings:
            if s.round == round and s.table == table:
                return s
        raise KeyError(f"no table {table} in round {round} of movement {self.name!r}")

    def rounds_of(self, contestant: ContestantId) -> Iterator[Seating]:
        for s in self.seatings:
            if contestant in (s.players if s.players is not None else (s.ns, s.ew)):
                yield s


def _natural(text: str) -> tuple[int, str]:
    digits = "".join(c for c in text if c.isdigit())
    return (int(digits) if digits else 0, text)


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str
    number: str | None = None
    """Membership number in the National Bridge Organisation, if any."""


@dataclass(frozen=True, slots=True)
class Participant:
    """A pair, team or individual entered in an event."""

    id: ContestantId
    name: str
    players: tuple[Player, ...] = ()
    phantom: bool = False
    """A phantom pair fills a movement; its opponents sit out and get the event's setting for a bye."""


Adjustment = ArtificialAdjustedScore | AssignedAdjustedScore


# Law 2: (North-South vulnerable, East-West vulnerable) for boards 1-16, the cycle every board number follows
_LAW2: tuple[tuple[bool, bool], ...] = tuple(
    (vulnerability_for(n).is_vulnerable(Seat.NORTH), vulnerability_for(n).is_vulnerable(Seat.EAST))
    for n in range(1, 17)
)


def law2_vulnerable(board: int) -> tuple[bool, bool]:
    """Whether North-South and East-West are vulnerable on board number ``board`` by Law 2, from a table.

    >>> law2_vulnerable(2), law2_vulnerable(20)
    ((True, False), (True, True))

    :raises ValueError: if ``board`` is not a board number (from :func:`tenace.board.vulnerability_for`).
    """
    if board.__class__ is int and board >= 1:
        return _LAW2[(board - 1) % 16]
    vul = vulnerability_for(board)
    return vul.is_vulnerable(Seat.NORTH), vul.is_vulnerable(Seat.EAST)


@dataclass(frozen=True, slots=True)
class Result:
    """One board at one table, as a table scoring device enters it: contract (``None`` when passed out),
    declarer (in the contract), opening lead, tricks taken by declarer's side; or a Law 12 adjusted score.

    ``group`` marks a fouled board (Law 87): results with the same group number were played with the same
    cards and are compared among themselves. ``vulnerable`` overrides Law 2 for boards that do not follow it.
    """

    board: int
    round: int
    table: int
    ns: ContestantId
    ew: ContestantId
    contract: Contract | None = None
    tricks: int | None = None
    lead: Card | None = None
    adjusted: Adjustment | None = None
    group: int | None = None
    vulnerable: tuple[bool, bool] | None = None
    """``(ns vulnerable, ew vulnerable)`` when not given by the board number (Law 2)."""
    session: int = 1
    """The number of the :class:`Session` the board was played in."""

    def describe(self) -> str:
        return f"table {self.table}, round {self.round}, board {self.board}"

    def ns_score(self) -> Entry:
        """North-South's Law 77 score, or the adjusted score."""
        if self.adjusted is not None:
            return self.adjusted
        if self.contract is None:
            return 0
        if self.tricks is None:
            raise ValueError(f"{self.describe()}: no tricks entered for {self.contract}")
        if self.vulnerable is not None:
            ns_vul, ew_vul = self.vulnerable
        else:
            ns_vul, ew_vul = law2_vulnerable(self.board)
        declarer = self.contract.declarer
        if declarer is Seat.NORTH or declarer is Seat.SOUTH:
            return score(self.contract, self.tricks, vulnerable=ns_vul)
        return -score(self.contract, self.tricks, vulnerable=ew_vul)


@dataclass(frozen=True, slots=True)
class Penalty:
    """Points taken from (or, negative, given to) a contestant's total: a procedural penalty (Law 90) or a
    disciplinary one (Law 91), in the units of the event's method (matchpoints, IMPs or VPs). The Director
    records here the penalties other Laws leave to him, e.g. under Laws 11B, 15A4, 20G1, 20G2, 40B3(b) and
    43B1."""

    contestant: ContestantId
    points: Fraction
    law: str
    reason: str
    board: int | None = None


@dataclass(frozen=True, slots=True)
class Session:
    number: int
    movements: tuple[Movement, ...]
    """One movement per section."""


@dataclass(frozen=True, slots=True)
class Event:
    """An event as the Conditions of Contest define it."""

    name: str
    kind: EventKind
    conditions: Conditions
    participants: tuple[Participant, ...]
    sessions: tuple[Session, ...] = ()
    carry_over: tuple[tuple[ContestantId, Fraction], ...] = ()
    """Points brought forward from an earlier stage (a knockout's carry-over, a final's carry-forward)."""

    def participant(self, id: ContestantId) -> Participant:
        for p in self.participants:
            if p.id == id:
                return p
        raise KeyError(f"no contestant {id!r} in event {self.name!r}")
