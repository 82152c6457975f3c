"""USEBIO 1.2 XML results files (the EBU's exchange format for scoring programs such as Compscore): a
reader.

:func:`read_usebio` and :func:`parse_usebio` turn a file into a :class:`USEBIOEvent` of typed values: the
event type, the pairs (``3NS``, names, total, percentage, place), every board's traveller lines (pairs,
contract, declarer, lead, tricks, North-South's score or an artificial adjusted score code such as
``A6040``, matchpoints or Butler IMPs), the Butler datum, and the hand set as :class:`~tenace.deal.Deal`
values.

The reader checks syntax and types, not arithmetic: whether the scores follow Law 77 and the matchpoints Law
78A is for :mod:`tenace.scoring` to say (``USEBIOEvent.table_results`` feeds
:func:`tenace.scoring.matchpoints.score_event`). Elements the reader does not interpret are kept, in order,
as ``(tag, text)`` pairs in each value's ``extra``.

Errors are :class:`USEBIOError` (a :class:`~tenace.errors.NotationError`) naming the file, the line and the
element; an event type Tenace does not read, such as ``NOTSUP``, raises :class:`UnsupportedEventError`.

>>> event = parse_usebio('''<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">
...   <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
...     <TRAVELLER_LINE><NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>
...       <CONTRACT>4SX</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>TD</LEAD><TRICKS>10</TRICKS>
...       <SCORE>590</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>
...     </TRAVELLER_LINE></BOARD></EVENT></USEBIO>''')
>>> line = event.board(1).lines[0]
>>> line.contract, line.lead, line.score, line.ns_match_points
(Contract.from_str('4SXN'), Card.from_str('DT'), 590, Decimal('2'))
"""

from __future__ import annotations

import enum
import os
import re
import xml.parsers.expat
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import IO, Final, TypeVar
from xml.etree import ElementTree as ET

from tenace.board import Board, Vulnerability
from tenace.cards import Card, CardSet
from tenace.contract import Contract
from tenace.deal import Deal
from tenace.errors import BridgeError, NotationError
from tenace.scoring.adjusted import ArtificialAdjustedScore
from tenace.scoring.matchpoints import TableResult
from tenace.seats import SEATS, Seat, Side

_T = TypeVar("_T")
_PIECE: Final = 1 << 16
"""Bytes of a USEBIO file given to the XML parser at a time."""


class USEBIOError(NotationError):
    """A USEBIO file is malformed; carries the source name, the line and the element concerned."""

    def __init__(
        self, message: str, *, source: str = "<usebio>", element: str | None = None, lineno: int | None = None
    ) -> None:
        self.message = message
        self.source = source
        self.element = element
        self.lineno = lineno
        where = f"{source}:{lineno}" if lineno is not None else source
        if element is not None:
            where += f": {element}"
        super().__init__(f"{where}: {message}")


class UnsupportedEventError(USEBIOError):
    """The file is USEBIO but of an event type Tenace does not read (``NOTSUP``, teams events, ...)."""


class EventType(enum.Enum):
    """The USEBIO event types Tenace reads: pairs events scored by matchpoints, Butler IMPs or cross-IMPs."""

    MP_PAIRS = "MP_PAIRS"
    BUTLER_PAIRS = "BUTLER_PAIRS"
    CROSS_IMP = "CROSS_IMP"


_PAIR_RE: Final = re.compile(r"(\d+)\s*(NS|EW|N-S|E-W)?", re.IGNORECASE)


@dataclass(frozen=True, slots=True, order=True)
class PairNumber:
    """A pair's number and, in a Mitchell movement, its direction: ``3NS`` is North-South pair 3.

    >>> PairNumber.from_str("3NS"), str(PairNumber.from_str("12"))
    (PairNumber.from_str('3NS'), '12')
    """

    number: int
    direction: Side | None = None

    @classmethod
    def from_str(cls, text: str) -> PairNumber:
        """Parse ``"3NS"``, ``"3EW"`` or ``"3"``.

        :raises NotationError: for anything else.
        """
        match = _PAIR_RE.fullmatch(text.strip())
        if match is None:
            raise NotationError(f"not a pair number: {text!r} (expected e.g. 3NS, 3EW or 3)")
        number, direction = match.groups()
        return cls(int(number), Side.from_str(direction) if direction else None)

    def __str__(self) -> str:
        return f"{self.number}{self.direction.value if self.direction is not None else ''}"

    def __repr__(self) -> str:
        return f"PairNumber.from_str({str(self)!r})"


Extra = tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    national_id: str | None = None
    club_id: str | None = None


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair in PARTICIPANTS, with the result the scoring program gave it."""

    number: PairNumber
    players: tuple[Player, ...]
    total_score: Decimal | None = None
    percentage: Decimal | None = None
    place: int | None = None
    place_tied: bool = False
    """The place was written with ``=`` (shared)."""
    extra: Extra = ()


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One line of a board's traveller. Scores are North-South's.

    A real result has ``score`` (and normally ``contract``, ``tricks``, ``lead``); a passed-out board has
    ``passed_out`` and a score of 0; an artificial adjusted score (Law 12C2) has ``adjusted`` and no
    ``score``.
    """

    ns_pair: PairNumber
    ew_pair: PairNumber
    contract: Contract | None = None
    passed_out: bool = False
    lead: Card | None = None
    tricks: int | None = None
    """Tricks won by declarer's side."""
    score: int | None = None
    adjusted: ArtificialAdjustedScore | None = None
    score_text: str = ""
    """The SCORE element as written (``"-620"``, ``"A6040"``)."""
    ns_match_points: Decimal | None = None
    ew_match_points: Decimal | None = None
    ns_butler_points: Decimal | None = None
    ew_butler_points: Decimal | None = None
    extra: Extra = ()

    @property
    def result(self) -> int | ArtificialAdjustedScore:
        """What the scoring functions compare: the score, or the artificial adjusted score."""
        if self.adjusted is not None:
            return self.adjusted
        assert self.score is not None  # the reader guarantees one of them
        return self.score


@dataclass(frozen=True, slots=True)
class BoardResults:
    """One board of the event: its traveller and, for Butler scoring, the datum (BOARD_AVERAGE)."""

    number: int
    lines: tuple[TravellerLine, ...]
    board_average: Decimal | None = None
    extra: Extra = ()


@dataclass(frozen=True, slots=True)
class USEBIOEvent:
    """A USEBIO file's event."""

    source: str
    version: str | None
    event_type: EventType
    club_name: str | None
    description: str | None
    program_name: str | None
    program_version: str | None
    date: str | None
    """As written: Compscore writes ``dd/mm/yyyy``."""
    pairs: tuple[Pair, ...]
    boards: tuple[BoardResults, ...]
    handset: tuple[Board, ...]
    """The hand set: boards with deals, dealer and vulnerability (Law 2 unless the file says otherwise)."""
    extra: Extra = ()
    """EVENT's other simple elements (EVENT_IDENTIFIER, TITLE, SCORING_METHOD, ...)."""

    def info(self, tag: str) -> str | None:
        """The text of one of EVENT's other elements, such as ``"SCORING_METHOD"``."""
        for name, text in self.extra:
            if name == tag:
                return text
        return None

    def pair(self, number: str | PairNumber) -> Pair:
        key = PairNumber.from_str(number) if isinstance(number, str) else number
        for pair in self.pairs:
            if pair.number == key:
                return pair
        raise KeyError(f"no pair {key} in {self.source}")

    def board(self, number: int) -> BoardResults:
        for board in self.boards:
            if board.number == number:
                return board
        raise KeyError(f"no board {number} in {self.source}")

    def deal(self, number: int) -> Deal | None:
        """The deal of board ``number`` from the hand set, if the file has it."""
        for board in self.handset:
            if board.number == number:
                return board.deal
        return None

    def table_results(self) -> dict[int, tuple[TableResult, ...]]:
        """Every board's lines for :func:`tenace.scoring.matchpoints.score_event`, pairs named ``"3NS"``."""
        return {
            b.number: tuple(
                TableResult(str(line.ns_pair), str(line.ew_pair), line.result) for line in b.lines
            )
            for b in self.boards
        }


# --- parsing -----------------------------------------------------------------------------------------------


class _Tree:
    """An element tree built as the XML is read, with the line each element starts on, and error helpers.

    :meth:`parse` calls ``on_start(element, ancestors)`` and ``on_end(element, ancestors)`` as each element
    opens and closes; an element :meth:`detach` removes is forgotten (with its line numbers), so a big file
    is held a board at a time."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines: dict[ET.Element, int] = {}
        self.root = ET.Element("USEBIO")

    def parse(
        self,
        data: bytes | str | IO[bytes],
        on_start: Callable[[ET.Element, list[ET.Element]], None] | None = None,
        on_end: Callable[[ET.Element, list[ET.Element]], None] | None = None,
    ) -> None:
        """Build the tree of ``data``, calling the hooks as elements open and close."""
        source = self.source
        builder = ET.TreeBuilder()
        parser = xml.parsers.expat.ParserCreate()
        parser.buffer_text = True
        stack: list[ET.Element] = []

        def start(tag: str, attrs: dict[str, str]) -> None:
            element = builder.start(tag, attrs)
            self.lines[element] = parser.CurrentLineNumber
            if on_start is not None:
                on_start(element, stack)
            stack.append(element)

        def end(tag: str) -> None:
            element = builder.end(tag)
            stack.pop()
            if on_end is not None:
                on_end(element, stack)

        parser.StartElementHandler = start
        parser.EndElementHandler = end
        parser.CharacterDataHandler = builder.data
        try:
            if isinstance(data, bytes | str):
                parser.Parse(data, True)
            else:  # a file: a piece at a time
                while piece := data.read(_PIECE):
                    parser.Parse(piece, False)
                parser.Parse(b"", True)
        except xml.parsers.expat.ExpatError as exc:
            raise USEBIOError(
                f"not well-formed XML: {xml.parsers.expat.ErrorString(exc.code)} (column {exc.offset + 1})",
                source=source, lineno=exc.lineno,
            ) from exc
        except LookupError as exc:  # the XML declaration names an encoding Python does not know
            raise USEBIOError(f"not readable XML: {exc}", source=source, lineno=1) from None
        self.root = builder.close()

    def detach(self, element: ET.Element, parent: ET.Element) -> None:
        """Forget ``element`` (read already): out of its parent, and its lines out of :attr:`lines`."""
        parent.remove(element)
        for inner in element.iter():
            self.lines.pop(inner, None)

    def error(self, element: ET.Element, path: str, message: str) -> USEBIOError:
        return USEBIOError(message, source=self.source, element=path, lineno=self.lines.get(element))

    def text(self, parent: ET.Element, tag: str) -> str | None:
        """The stripped text of the first child ``tag``; ``None`` if missing or empty."""
        child = parent.find(tag)
        if child is None or child.text is None:
            return None
        text = child.text.strip()
        return text or None

    def required(self, parent: ET.Element, path: str, tag: str) -> str:
        value = self.text(parent, tag)
        if value is None:
            raise self.error(parent, path, f"missing {tag}")
        return value

    def convert(self, parent: ET.Element, path: str, tag: str, parse: Callable[[str], _T]) -> _T | None:
        """Parse child ``tag`` with ``parse``; bad values become a USEBIOError naming the element."""
        value = self.text(parent, tag)
        if value is None:
            return None
        child = parent.find(tag)
        assert child is not None
        try:
            return parse(value)
        except (ValueError, InvalidOperation, BridgeError) as exc:
            raise self.error(child, f"{path}/{tag}", f"bad value {value!r}: {exc}") from exc


_INTERPRETED_PAIR: Final = frozenset({"PAIR_NUMBER", "PLAYER", "TOTAL_SCORE", "PERCENTAGE", "PLACE"})
_INTERPRETED_LINE: Final = frozenset({
    "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE",
    "NS_MATCH_POINTS", "EW_MATCH_POINTS", "NS_BUTLER_POINTS", "EW_BUTLER_POINTS",
})
_SUIT_TAGS: Final = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


def _decimal(text: str) -> Decimal:
    value = Decimal(text)
    if not value.is_finite():
        raise ValueError("not a finite number")
    return value


def _int(text: str) -> int:
    if not re.fullmatch(r"[+-]?\d+", text):
        raise ValueError("not a whole number")
    return int(text)


def _extra(element: ET.Element, interpreted: frozenset[str]) -> Extra:
    return tuple(
        (child.tag, (child.text or "").strip())
        for child in element
        if child.tag not in interpreted and len(child) == 0
    )


def _pair_number(tree: _Tree, parent: ET.Element, path: str, tag: str) -> PairNumber:
    text = tree.required(parent, path, tag)
    try:
        return PairNumber.from_str(text)
    except NotationError as exc:
        child = parent.find(tag)
        assert child is not None
        raise tree.error(child, f"{path}/{tag}", str(exc)) from exc


def _read_pair(tree: _Tree, element: ET.Element, path: str) -> Pair:
    number = _pair_number(tree, element, path, "PAIR_NUMBER")
    players = tuple(
        Player(
            tree.text(p, "PLAYER_NAME") or "",
            tree.text(p, "NATIONAL_ID_NUMBER"),
            tree.text(p, "CLUB_ID_NUMBER"),
        )
        for p in element.findall("PLAYER")
    )
    place_text = tree.text(element, "PLACE")
    place: int | None = None
    tied = False
    if place_text is not None:
        tied = place_text.endswith("=")
        digits = place_text.rstrip("=").strip()
        if not digits.isdigit():
            child = element.find("PLACE")
            assert child is not None
            raise tree.error(child, f"{path}/PLACE", f"bad place {place_text!r} (expected e.g. 3 or 3=)")
        place = int(digits)
    return Pair(
        number,
        players,
        tree.convert(element, path, "TOTAL_SCORE", _decimal),
        tree.convert(element, path, "PERCENTAGE", _decimal),
        place,
        tied,
        _extra(element, _INTERPRETED_PAIR),
    )


def _read_line(tree: _Tree, element: ET.Element, path: str) -> TravellerLine:
    ns_pair = _pair_number(tree, element, path, "NS_PAIR_NUMBER")
    ew_pair = _pair_number(tree, element, path, "EW_PAIR_NUMBER")
    score_text = tree.required(element, path, "SCORE")
    score: int | None = None
    adjusted: ArtificialAdjustedScore | None = None
    score_element = element.find("SCORE")
    assert score_element is not None
    if score_text[:1].upper() == "A":
        try:
            adjusted = ArtificialAdjustedScore.from_code(score_text)
        except ValueError as exc:
            raise tree.error(score_element, f"{path}/SCORE", str(exc)) from exc
    else:
        try:
            score = _int(score_text)
        except ValueError as exc:
            raise tree.error(
                score_element, f"{path}/SCORE", f"bad score {score_text!r} (expected e.g. -620 or A6040)"
            ) from exc
    contract_text = tree.text(element, "CONTRACT")
    contract: Contract | None = None
    passed_out = False
    if contract_text is not None:
        if contract_text.upper() in ("PASS", "P", "PASSED", "AP"):
            passed_out = True
        else:
            declarer = tree.convert(element, path, "PLAYED_BY", Seat.from_str)
            if declarer is None:
                raise tree.error(element, path, f"contract {contract_text!r} has no PLAYED_BY")
            contract_element = element.find("CONTRACT")
            assert contract_element is not None
            try:
                contract = Contract.from_str(contract_text, declarer)
            except NotationError as exc:
                raise tree.error(contract_element, f"{path}/CONTRACT", str(exc)) from exc
    tricks = tree.convert(element, path, "TRICKS", _int)
    if tricks is not None and not 0 <= tricks <= 13:
        child = element.find("TRICKS")
        assert child is not None
        raise tree.error(child, f"{path}/TRICKS", f"tricks must be 0 to 13, got {tricks}")
    if passed_out and score not in (0, None):
        raise tree.error(score_element, f"{path}/SCORE", f"a passed-out board scores 0, got {score_text!r}")
    return TravellerLine(
        ns_pair,
        ew_pair,
        contract,
        passed_out,
        tree.convert(element, path, "LEAD", Card.from_str),
        tricks if not passed_out else None,
        score,
        adjusted,
        score_text,
        tree.convert(element, path, "NS_MATCH_POINTS", _decimal),
        tree.convert(element, path, "EW_MATCH_POINTS", _decimal),
        tree.convert(element, path, "NS_BUTLER_POINTS", _decimal),
        tree.convert(element, path, "EW_BUTLER_POINTS", _decimal),
        _extra(element, _INTERPRETED_LINE),
    )


def _read_board(tree: _Tree, element: ET.Element, path: str) -> BoardResults:
    number = tree.convert(element, path, "BOARD_NUMBER", _int)
    if number is None or number < 1:
        raise tree.error(element, path, "missing or bad BOARD_NUMBER")
    lines = tuple(
        _read_line(tree, line, f"{path}/TRAVELLER_LINE[{i}]")
        for i, line in enumerate(element.findall("TRAVELLER_LINE"), 1)
    )
    return BoardResults(
        number,
        lines,
        tree.convert(element, path, "BOARD_AVERAGE", _decimal),
        _extra(element, frozenset({"BOARD_NUMBER", "TRAVELLER_LINE", "BOARD_AVERAGE"})),
    )


def _read_hand(tree: _Tree, element: ET.Element, path: str) -> tuple[Seat, CardSet]:
    seat = tree.convert(element, path, "DIRECTION", Seat.from_str)
    if seat is None:
        raise tree.error(element, path, "HAND has no DIRECTION")
    holdings = ".".join(tree.text(element, tag) or "" for tag in _SUIT_TAGS)
    try:
        return seat, CardSet.from_pbn(holdings)
    except NotationError as exc:
        raise tree.error(element, path, f"bad hand for {seat.name.title()}: {exc}") from exc


def _read_handset_board(tree: _Tree, element: ET.Element, path: str) -> Board:
    number = tree.convert(element, path, "BOARD_NUMBER", _int)
    if number is None or number < 1:
        raise tree.error(element, path, "missing or bad BOARD_NUMBER")
    hands: dict[Seat, CardSet] = {}
    for i, hand in enumerate(element.findall("HAND"), 1):
        seat, cards = _read_hand(tree, hand, f"{path}/HAND[{i}]")
        if seat in hands:
            raise tree.error(hand, f"{path}/HAND[{i}]", f"board {number} has two {seat.name.title()} hands")
        hands[seat] = cards
    missing = [seat.name.title() for seat in SEATS if seat not in hands]
    if missing:
        raise tree.error(element, path, f"board {number} has no hand for {', '.join(missing)}")
    try:
        deal = Deal.from_hands(hands)
    except BridgeError as exc:
        raise tree.error(element, path, f"board {number}: {exc}") from exc
    dealer = tree.convert(element, path, "DEALER", Seat.from_str)
    vulnerability = tree.convert(element, path, "VULNERABILITY", Vulnerability.from_str)
    board = Board(number, deal)  # Law 2 dealer and vulnerability unless the file gives them
    if dealer is not None or vulnerability is not None:
        board = Board(
            number,
            deal,
            dealer if dealer is not None else board.dealer,
            vulnerability if vulnerability is not None else board.vulnerability,
        )
    return board


class _Unique:
    """Numbers seen so far of one kind (pairs, boards, hands): one that appears twice is an error there."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.seen: set[object] = set()

    def add(self, tree: _Tree, element: ET.Element, path: str, value: object) -> None:
        if value in self.seen:
            raise tree.error(element, path, f"{self.key.replace('_', ' ')} {value} appears twice")
        self.seen.add(value)


class _Reader:
    """The typed values of a USEBIO document, each board read (and its elements dropped) as soon as it
    closes: a file of any size is held as its typed results plus the board being read."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.root: ET.Element | None = None
        self.event: ET.Element | None = None
        self.event_type: EventType | None = None
        self.participants: ET.Element | None = None
        self.handset: ET.Element | None = None
        self.pairs: list[Pair] = []
        self.boards: list[BoardResults] = []
        self.hands: list[Board] = []
        self._unique = (_Unique("number"), _Unique("number"), _Unique("number"))
        self.tree = _Tree(source)

    def start(self, element: ET.Element, ancestors: list[ET.Element]) -> None:
        depth = len(ancestors)
        if depth == 0:
            self.root = element
            if element.tag != "USEBIO":
                why = f"not a USEBIO file: the root element is <{element.tag}>, not <USEBIO>"
                raise self.tree.error(element, element.tag, why)
        elif depth == 1 and element.tag == "EVENT" and self.event is None:
            self.event = element
            self.event_type = self._event_type(element)
        elif depth == 1 and element.tag == "HANDSET" and self.handset is None:
            self.handset = element
        elif depth == 2 and element.tag == "PARTICIPANTS" and ancestors[1] is self.event:
            self.participants = self.participants if self.participants is not None else element

    def end(self, element: ET.Element, ancestors: list[ET.Element]) -> None:
        if not ancestors:
            return
        tree, parent = self.tree, ancestors[-1]
        if element.tag == "PAIR" and parent is self.participants:
            path = f"USEBIO/EVENT/PARTICIPANTS/PAIR[{len(self.pairs) + 1}]"
            pair = _read_pair(tree, element, path)
            self._unique[0].add(tree, element, path, pair.number)
            self.pairs.append(pair)
        elif element.tag == "BOARD" and parent is self.handset and self.handset is not None:
            path = f"USEBIO/HANDSET/BOARD[{len(self.hands) + 1}]"
            board = _read_handset_board(tree, element, path)
            self._unique[2].add(tree, element, path, board.number)
            self.hands.append(board)
        elif element.tag == "BOARD" and self.event is not None and self.event in ancestors:
            path = f"USEBIO/EVENT/BOARD[{len(self.boards) + 1}]"
            results = _read_board(tree, element, path)
            self._unique[1].add(tree, element, path, results.number)
            self.boards.append(results)
        else:
            return
        tree.detach(element, parent)

    def _event_type(self, event: ET.Element) -> EventType:
        type_text = event.get("EVENT_TYPE")
        if type_text is None:
            raise self.tree.error(event, "USEBIO/EVENT", "EVENT has no EVENT_TYPE attribute")
        try:
            return EventType(type_text.strip().upper())
        except ValueError:
            supported = ", ".join(t.value for t in EventType)
            raise UnsupportedEventError(
                f"event type {type_text!r} is not supported (Tenace reads {supported})",
                source=self.source, element="USEBIO/EVENT", lineno=self.tree.lines.get(event),
            ) from None


def parse_usebio(data: bytes | str | IO[bytes], *, source: str = "<usebio>") -> USEBIOEvent:
    """Read a USEBIO 1.2 document from bytes, text or an open binary file (read a piece at a time, each
    board's elements dropped once it is read, so a big file takes the memory of its results).

    :raises USEBIOError: if it is not well-formed XML, not USEBIO, or has a bad value (with file, line and
        element; the first such problem in the file's order); :raises UnsupportedEventError: for an event type
        other than :class:`EventType`'s.
    """
    reader = _Reader(source)
    tree = reader.tree
    tree.parse(data, reader.start, reader.end)
    root = tree.root
    event = reader.event
    if event is None or reader.event_type is None:
        raise tree.error(root, "USEBIO", "no EVENT element")
    club = root.find("CLUB")
    simple = {"PARTICIPANTS", "BOARD", "EVENT_DESCRIPTION", "PROGRAM_NAME", "PROGRAM_VERSION", "DATE"}
    return USEBIOEvent(
        source=source,
        version=root.get("Version"),
        event_type=reader.event_type,
        club_name=tree.text(club, "CLUB_NAME") if club is not None else None,
        description=tree.text(event, "EVENT_DESCRIPTION"),
        program_name=tree.text(event, "PROGRAM_NAME"),
        program_version=tree.text(event, "PROGRAM_VERSION"),
        date=tree.text(event, "DATE"),
        pairs=tuple(reader.pairs),
        boards=tuple(reader.boards),
        handset=tuple(reader.hands),
        extra=_extra(event, frozenset(simple)),
    )


def read_usebio(path: str | os.PathLike[str]) -> USEBIOEvent:
    """Read a USEBIO 1.2 file; errors name the file.

    :raises USEBIOError: see :func:`parse_usebio`; :raises OSError: if the file cannot be read.
    """
    file = Path(path)
    with file.open("rb") as handle:
        return parse_usebio(handle, source=str(file))
