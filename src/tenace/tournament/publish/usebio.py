"""Results of a pairs event as USEBIO 1.2 XML, in the shape Compscore writes (and
:mod:`tenace.formats.usebio` reads): ``EVENT`` with ``PARTICIPANTS``/``PAIR`` (number, players, total,
percentage, place), one ``BOARD`` per board with its ``TRAVELLER_LINE`` elements, and the ``HANDSET``.

Matchpoint events (``MP_PAIRS``) give ``NS_MATCH_POINTS``/``EW_MATCH_POINTS`` in scoring units (two for each
score beaten, as Compscore does); Butler events (``BUTLER_PAIRS``) give ``NS_BUTLER_POINTS``/
``EW_BUTLER_POINTS`` and the datum as ``BOARD_AVERAGE``. ``SCORE`` is North-South's Law 77 score, or an
artificial adjusted score's code (``A6040``, Law 12C2). USEBIO has no code for an assigned adjusted score
(Law 12C1): a balancing one with a single score is written as that score, anything else is refused.
Numbers that are not whole are written with two decimals. Pair numbers must read as USEBIO pair numbers
(``3``, ``3NS``, ``3EW``).

>>> from fractions import Fraction
>>> from tenace.contract import Contract
>>> from tenace.formats.usebio import parse_usebio
>>> from tenace.tournament.model import Conditions, Event, EventKind, Method, Participant, Result
>>> from tenace.tournament.standings import EventResults, Traveller, TravellerLine
>>> event = Event("Club", EventKind.PAIRS, Conditions(), (Participant("1NS", "A"), Participant("1EW", "B")))
>>> r = Result(board=1, round=1, table=1, ns="1NS", ew="1EW", contract=Contract.from_str("3NTN"), tricks=10)
>>> xml = results_usebio(event, EventResults("Club", Method.MATCHPOINTS,
...     (Traveller(1, (TravellerLine(r, 430, Fraction(0), Fraction(0)),)),), ()))
>>> line = parse_usebio(xml).board(1).lines[0]
>>> str(line.contract), line.score, line.ns_match_points
('3NTN', 430, Decimal('0'))
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Final
from xml.etree import ElementTree as ET

from tenace.board import Board
from tenace.cards import SUITS_DISPLAY, Suit
from tenace.deal import Deal
from tenace.errors import NotationError
from tenace.formats.usebio import PairNumber
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore
from tenace.scoring.matchpoints import Entry, rounded
from tenace.seats import SEATS
from tenace.tournament.model import Event, EventKind, Method, Participant
from tenace.tournament.publish.common import BoardsArg, boards_by_number
from tenace.tournament.publish.pbn import number_text
from tenace.tournament.standings import EventResults, Standing, TravellerLine

PROGRAM_NAME: Final = "Tenace"
EVENT_TYPES: Final[dict[Method, str]] = {Method.MATCHPOINTS: "MP_PAIRS", Method.BUTLER: "BUTLER_PAIRS"}
_SCORING_METHODS: Final[dict[Method, str]] = {Method.MATCHPOINTS: "MATCH_POINTS", Method.BUTLER: "IMPS"}
_SUIT_TAGS: Final[dict[Suit, str]] = {Suit.SPADES: "SPADES", Suit.HEARTS: "HEARTS", Suit.DIAMONDS: "DIAMONDS",
                                      Suit.CLUBS: "CLUBS"}


class USEBIOExportError(ValueError):
    """The results cannot be written as USEBIO 1.2 (a teams event, an unsupported method, a pair number
    USEBIO cannot hold, an assigned adjusted score it has no code for)."""


def _sub(parent: ET.Element, tag: str, text: str | None = None) -> ET.Element:
    element = ET.SubElement(parent, tag)
    if text is not None:
        element.text = text
    return element


def _pair_number(contestant: str, where: str) -> str:
    try:
        return str(PairNumber.from_str(contestant))
    except NotationError as exc:
        raise USEBIOExportError(
            f"{where}: pair {contestant!r} cannot be a USEBIO pair number ({exc})"
        ) from exc


def score_code(entry: Entry, where: str) -> str:
    """``SCORE``: North-South's score, or the artificial score's code (``A6040``).

    :raises USEBIOExportError: for an assigned adjusted score that is weighted or non-balancing.
    """
    if isinstance(entry, ArtificialAdjustedScore):
        return str(entry)
    if isinstance(entry, AssignedAdjustedScore):
        components = entry.ns.components
        if entry.is_balancing and len(components) == 1:
            return str(components[0][0])
        raise USEBIOExportError(f"{where}: USEBIO has no code for the assigned adjusted score {entry}")
    return str(entry)


def _line(parent: ET.Element, method: Method, line: TravellerLine, where: str) -> None:
    r = line.result
    element = _sub(parent, "TRAVELLER_LINE")
    _sub(element, "NS_PAIR_NUMBER", _pair_number(r.ns, where))
    _sub(element, "EW_PAIR_NUMBER", _pair_number(r.ew, where))
    if r.adjusted is None:
        if r.contract is None:
            _sub(element, "CONTRACT", "PASS")
        else:
            _sub(element, "CONTRACT", r.contract.text())
            _sub(element, "PLAYED_BY", r.contract.declarer.value)
        if r.lead is not None:
            _sub(element, "LEAD", str(r.lead))
        if r.contract is not None and r.tricks is not None:
            _sub(element, "TRICKS", str(r.tricks))
    _sub(element, "SCORE", score_code(line.ns_score, where))
    prefix = "MATCH_POINTS" if method is Method.MATCHPOINTS else "BUTLER_POINTS"
    _sub(element, f"NS_{prefix}", number_text(line.ns_points))
    _sub(element, f"EW_{prefix}", number_text(line.ew_points))


def _pair(parent: ET.Element, participant: Participant | None, standing: Standing | None, number: str,
          direction: str | None) -> None:
    element = _sub(parent, "PAIR")
    _sub(element, "PAIR_NUMBER", number)
    if direction is not None:
        _sub(element, "DIRECTION", direction)
    if standing is not None:
        _sub(element, "TOTAL_SCORE", _two_places(standing.total))
        if standing.percentage is not None:
            _sub(element, "PERCENTAGE", _two_places(standing.percentage))
        _sub(element, "PLACE", standing.place)
    for player in participant.players if participant is not None else ():
        p = _sub(element, "PLAYER")
        _sub(p, "PLAYER_NAME", player.name)
        if player.number is not None:
            _sub(p, "NATIONAL_ID_NUMBER", player.number)
    if participant is not None and not participant.players:
        _sub(_sub(element, "PLAYER"), "PLAYER_NAME", participant.name)


def _two_places(value: Fraction) -> str:
    return str(rounded(value, 2))


def _handset(root: ET.Element, boards: dict[int, Board]) -> None:
    handset = _sub(root, "HANDSET")
    for number in sorted(boards):
        deal = boards[number].deal
        if not isinstance(deal, Deal):
            continue
        board = _sub(handset, "BOARD")
        _sub(board, "BOARD_NUMBER", str(number))
        for seat in SEATS:
            hand = _sub(board, "HAND")
            _sub(hand, "DIRECTION", seat.name.title())
            for suit in reversed(SUITS_DISPLAY):  # Compscore lists clubs first
                _sub(hand, _SUIT_TAGS[suit], "".join(c.rank.letter for c in deal[seat].suit(suit)))


def usebio_tree(
    event: Event,
    results: EventResults,
    *,
    boards: BoardsArg = None,
    date: dt.date | None = None,
    club: str | None = None,
) -> ET.Element:
    """The USEBIO document's root element.

    :raises USEBIOExportError: see :class:`USEBIOExportError`.
    """
    if event.kind is not EventKind.PAIRS:
        raise USEBIOExportError(
            f"USEBIO export is for pairs events; {event.name!r} is a {event.kind.value} event"
        )
    method = results.method
    if method not in EVENT_TYPES:
        supported = ", ".join(m.value for m in EVENT_TYPES)
        raise USEBIOExportError(f"USEBIO export supports {supported}, not {method.value}")
    event_type = EVENT_TYPES[method]
    root = ET.Element("USEBIO", {"Version": "1.2"})
    if club is not None:
        _sub(_sub(root, "CLUB"), "CLUB_NAME", club)
    ev = _sub(root, "EVENT")
    ev.set("EVENT_TYPE", event_type)
    _sub(ev, "EVENT_DESCRIPTION", results.event or event.name)
    _sub(ev, "PROGRAM_NAME", PROGRAM_NAME)
    from tenace import __version__

    _sub(ev, "PROGRAM_VERSION", __version__)
    if date is not None:
        _sub(ev, "DATE", date.strftime("%d/%m/%Y"))
    _sub(ev, "SCORING_METHOD", _SCORING_METHODS[method])
    participants = _sub(ev, "PARTICIPANTS")
    participants.set("EVENT_TYPE", event_type)
    standings = {s.contestant: s for ranking in results.rankings for s in ranking.standings}
    listed = {p.id: p for p in event.participants}
    numbers = list(dict.fromkeys([*standings, *listed]))
    for contestant in numbers:
        number = _pair_number(contestant, "PARTICIPANTS")
        direction = PairNumber.from_str(number).direction
        _pair(participants, listed.get(contestant), standings.get(contestant), number,
              None if direction is None else direction.value)
    boards_seen: set[int] = set()
    for traveller in results.travellers:
        if traveller.board in boards_seen:
            raise USEBIOExportError(
                f"board {traveller.board} has several travellers (sessions, sections or fouled-board "
                "groups); this export writes one traveller per board"
            )
        boards_seen.add(traveller.board)
        board = _sub(ev, "BOARD")
        board.set("EVENT_TYPE", event_type)
        _sub(board, "BOARD_NUMBER", str(traveller.board))
        if method is Method.BUTLER and traveller.datum is not None:
            _sub(board, "BOARD_AVERAGE", str(traveller.datum))
        for line in traveller.lines:
            _line(board, method, line, f"board {traveller.board}, {line.result.describe()}")
    by_number = boards_by_number(boards)
    if by_number:
        _handset(root, by_number)
    ET.indent(root, space="  ")
    return root


def results_usebio(
    event: Event,
    results: EventResults,
    *,
    boards: BoardsArg = None,
    date: dt.date | None = None,
    club: str | None = None,
) -> str:
    """The USEBIO 1.2 document as text (UTF-8 declared, with the DOCTYPE of the USEBIO 1.2 DTD).

    :raises USEBIOExportError: see :class:`USEBIOExportError`.
    """
    body: str = ET.tostring(usebio_tree(event, results, boards=boards, date=date, club=club),
                            encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n' + body + "\n")
