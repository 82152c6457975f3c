"""What every published form of the results shares: exact and rounded numbers, the text of a traveller line
(contract, declarer, lead, tricks, score, adjusted scores), and each contestant's boards for a score card.

Values stay exact (:class:`~fractions.Fraction`) up to here; rounding for display uses the event's
:attr:`~tenace.tournament.model.Conditions.percentage_places` and :func:`tenace.scoring.matchpoints.rounded`
(halves to even, as Compscore does).

>>> exact(Fraction(123, 2)), exact(Fraction(-4)), decimal_text(Fraction(123, 2), 2)
('123/2', '-4', '61.50')
>>> from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore
>>> score_text(-420), score_text(ArtificialAdjustedScore.from_code("A6040"))
('-420', 'A60/40')
>>> score_text(AssignedAdjustedScore.balancing(420))
'Adj 420/-420'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tenace.board import Board
from tenace.contract import Contract
from tenace.deal import Deal
from tenace.scoring.adjusted import (
    DEFAULT_SETTINGS,
    ArtificialAdjustedScore,
    ArtificialScoreSettings,
    AssignedAdjustedScore,
    WeightedScore,
)
from tenace.scoring.matchpoints import Entry, rounded
from tenace.tournament.model import ContestantId, Event, Result
from tenace.tournament.standings import EventResults, Traveller, TravellerLine


def exact(value: Fraction | int) -> str:
    """An exact value as text: ``"12"``, ``"-3"``, ``"123/2"`` (what :class:`~fractions.Fraction` parses)."""
    return str(Fraction(value))


def decimal_text(value: Fraction | int, places: int) -> str:
    """A value rounded to ``places`` decimals (halves to even), for display: ``"61.50"``."""
    return str(rounded(Fraction(value), places))


def optional_decimal(value: Fraction | None, places: int) -> str:
    """:func:`decimal_text`, or ``""`` for ``None``."""
    return "" if value is None else decimal_text(value, places)


def _weighted_text(score: WeightedScore, sign: int) -> str:
    parts = [(sign * points, weight) for points, weight in score.components]
    if len(parts) == 1:
        return str(parts[0][0])
    return "+".join(f"{weight}\u00d7{points}" for points, weight in parts)


def score_text(entry: Entry, settings: ArtificialScoreSettings = DEFAULT_SETTINGS) -> str:
    """North-South's score as a traveller prints it: ``"420"``, ``"-50"``; an artificial adjusted score (Law
    12C2) as the percentages each side gets, ``"A60/40"``; an assigned adjusted score (Law 12C1) as what each
    side scores from its own side's view, ``"Adj 420/-420"`` (weighted components as ``1/2×420+1/2×-50``).
    """
    if isinstance(entry, ArtificialAdjustedScore):
        ns, ew = entry.percentages(settings)
        return f"A{exact(ns)}/{exact(ew)}"
    if isinstance(entry, AssignedAdjustedScore):
        return f"Adj {_weighted_text(entry.ns, 1)}/{_weighted_text(entry.ew, -1)}"
    return str(entry)


def plain_score(entry: Entry) -> int | None:
    """North-South's score when it is a real result (or a passed-out 0); ``None`` for an adjusted score."""
    return entry if isinstance(entry, int) else None


def is_adjusted(result: Result) -> bool:
    return result.adjusted is not None


def overtricks_text(contract: Contract, tricks: int) -> str:
    """``"="``, ``"+1"``, ``"-2"`` (tricks against the contract; ASCII minus)."""
    over = tricks - contract.tricks_needed
    if over == 0:
        return "="
    return f"+{over}" if over > 0 else str(over)


@dataclass(frozen=True, slots=True)
class LineText:
    """One traveller line as text, the same for HTML, CSV and the JSON's display fields."""

    contract: str
    """``"4HX"``, ``"Pass"`` for a passed-out board, ``""`` for an adjusted score or no entry."""
    declarer: str
    lead: str
    tricks: str
    """Tricks taken by declarer's side, ``""`` when not applicable."""
    result: str
    """``"="``, ``"+1"``, ``"-2"``, ``""``."""
    score: str
    """North-South's score, or the adjusted score's text (:func:`score_text`)."""


def line_text(result: Result, entry: Entry, settings: ArtificialScoreSettings = DEFAULT_SETTINGS) -> LineText:
    """The printable fields of one traveller line.

    >>> from tenace.cards import Card
    >>> r = Result(board=5, round=1, table=2, ns="2", ew="9", contract=Contract.from_str("4HE"), tricks=9,
    ...            lead=Card.from_str("SA"))
    >>> line_text(r, r.ns_score())
    LineText(contract='4H', declarer='E', lead='SA', tricks='9', result='-1', score='50')
    """
    if result.adjusted is not None:
        return LineText("", "", "", "", "", score_text(entry, settings))
    contract = result.contract
    lead = str(result.lead) if result.lead is not None else ""
    if contract is None:
        return LineText("Pass", "", lead, "", "", score_text(entry, settings))
    tricks = result.tricks
    return LineText(
        contract.text(),
        contract.declarer.value,
        lead,
        "" if tricks is None else str(tricks),
        "" if tricks is None else overtricks_text(contract, tricks),
        score_text(entry, settings),
    )


@dataclass(frozen=True, slots=True)
class CardLine:
    """One board on a contestant's personal score card, from that contestant's side."""

    traveller: Traveller
    line: TravellerLine
    direction: str
    """``"NS"`` or ``"EW"``: where the contestant sat."""
    opponent: ContestantId
    """The opposing pair, or in an individual event the two opponents as ``"5 & 7"``."""
    points: Fraction
    percentage: Fraction | None

    @property
    def result(self) -> Result:
        return self.line.result


PlayersAt = dict[tuple[int, int, int, ContestantId, ContestantId], tuple[ContestantId, ...]]


def players_at(event: Event) -> PlayersAt:
    """For an individual event: the four players (N, E, S, W) at each ``(session, round, table, ns, ew)`` of
    its movements."""
    found: PlayersAt = {}
    for session in event.sessions:
        for movement in session.movements:
            for s in movement.seatings:
                if s.players is not None:
                    found.setdefault((session.number, s.round, s.table, s.ns, s.ew), s.players)
    return found


Sides = tuple[tuple[ContestantId, ...], tuple[ContestantId, ...]]


def _sides(result: Result, players: PlayersAt | None) -> Sides:
    if players:
        four = players.get((result.session, result.round, result.table, result.ns, result.ew))
        if four is not None:
            north, east, south, west = four
            return (north, south), (east, west)
    return (result.ns,), (result.ew,)


def card_lines(results: EventResults, contestant: ContestantId, players: PlayersAt | None = None
               ) -> tuple[CardLine, ...]:
    """Every board ``contestant`` played (or was given an adjusted score on), in round then board order.
    In an individual event, ``players`` (:func:`players_at`) says which players sat North-South and
    East-West; the opponents are then named ``"5 & 7"``.

    >>> from tenace.tournament.model import Method
    >>> r = Result(board=1, round=1, table=1, ns="1", ew="2", contract=Contract.from_str("3NTN"), tricks=9)
    >>> line = TravellerLine(r, 400, Fraction(2), Fraction(0))
    >>> res = EventResults("club", Method.MATCHPOINTS, (Traveller(1, (line,)),), ())
    >>> [(c.direction, c.opponent, c.points) for c in card_lines(res, "2")]
    [('EW', '1', Fraction(0, 1))]
    """
    found: list[CardLine] = []
    for traveller in results.travellers:
        for line in traveller.lines:
            r = line.result
            ns, ew = _sides(r, players)
            if contestant in ns:
                found.append(CardLine(traveller, line, "NS", " & ".join(ew), line.ns_points,
                                      line.ns_percentage))
            elif contestant in ew:
                found.append(CardLine(traveller, line, "EW", " & ".join(ns), line.ew_points,
                                      line.ew_percentage))
    found.sort(key=lambda c: (c.result.session, c.result.round, c.result.board, c.result.table))
    return tuple(found)


def contestant_name(event: Event, contestant: ContestantId) -> str:
    """The participant's name, or the id when the event does not list it."""
    for p in event.participants:
        if p.id == contestant:
            return p.name
    return contestant


def contestants(event: Event, results: EventResults, players: PlayersAt | None = None
                ) -> Iterator[ContestantId]:
    """Every contestant with a standing or a traveller line, in ranking order then first appearance."""
    seen: dict[ContestantId, None] = {}
    for ranking in results.rankings:
        for s in ranking.standings:
            seen.setdefault(s.contestant, None)
    for traveller in results.travellers:
        for line in traveller.lines:
            ns, ew = _sides(line.result, players)
            for who in (*ns, *ew):
                seen.setdefault(who, None)
    yield from seen


BoardsArg = Mapping[int, Board | Deal] | Sequence[Board] | None
"""The deals a writer may be given: by board number (a :class:`~tenace.deal.Deal` or a
:class:`~tenace.board.Board`), or a sequence of boards."""


def boards_by_number(boards: BoardsArg) -> dict[int, Board]:
    """:data:`BoardsArg` as boards by number (a bare deal gets Law 2's dealer and vulnerability).

    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> boards_by_number({2: deal})[2].vulnerability, boards_by_number([Board(3, deal)])[3].dealer
    (<Vulnerability.NS: 'NS'>, <Seat.SOUTH: 'S'>)
    """
    if boards is None:
        return {}
    if isinstance(boards, Mapping):
        return {n: b if isinstance(b, Board) else Board(n, b) for n, b in boards.items()}
    return {b.number: b for b in boards}
