"""What a hand record shows for one board, as plain text pieces that the HTML and PDF renderers lay out.

Nothing here knows about HTML, CSS or PDF: a :class:`PrintedBoard` is the board's number, dealer and
vulnerability (Law 2), the four hands suit by suit, high-card points, the double-dummy table and the par line,
already formatted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from tenace.analysis import DDTable, Par
from tenace.board import Board, Vulnerability
from tenace.calls import Denomination
from tenace.cards import SUITS_DISPLAY, Suit
from tenace.contract import Contract, Doubling
from tenace.deal import Deal
from tenace.seats import SEATS, Seat

DD_COLUMNS: Final[tuple[Denomination, ...]] = (
    Denomination.NOTRUMP, Denomination.SPADES, Denomination.HEARTS, Denomination.DIAMONDS, Denomination.CLUBS,
)
"""The DD table's columns, as hand records print them: notrump first, then the suits from spades down."""
DD_ROWS: Final[tuple[Seat, ...]] = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
"""The DD table's rows: declarer North, South, East, West."""
BOARDS_PER_PAGE: Final = (2, 3, 4)
_VUL_TEXT: Final[dict[Vulnerability, str]] = {
    Vulnerability.NONE: "None", Vulnerability.NS: "N-S", Vulnerability.EW: "E-W", Vulnerability.BOTH: "All",
}
_RED: Final = frozenset({Suit.HEARTS, Suit.DIAMONDS})


@dataclass(frozen=True, slots=True)
class BoardAnalysis:
    """Double-dummy results printed with a board: the DD table and par, either of which may be missing."""

    table: DDTable | None = None
    par: Par | None = None


@dataclass(frozen=True, slots=True)
class SuitLine:
    """One suit of one hand: the suit, its symbol and letter, and the ranks held (``"—"`` for a void)."""

    suit: Suit
    symbol: str
    letter: str
    cards: str
    red: bool


@dataclass(frozen=True, slots=True)
class PrintedHand:
    seat: Seat
    name: str
    """``"North"`` ..."""
    vulnerable: bool
    hcp: int
    suits: tuple[SuitLine, ...]
    """Spades, hearts, diamonds, clubs."""


@dataclass(frozen=True, slots=True)
class PrintedBoard:
    """Everything printed for one board."""

    number: int
    dealer: Seat
    vulnerability: str
    """``"None"``, ``"N-S"``, ``"E-W"`` or ``"All"``."""
    hands: dict[Seat, PrintedHand]
    dd_columns: tuple[Denomination, ...]
    dd_rows: tuple[tuple[Seat, tuple[int, ...]], ...]
    """Empty when there is no DD table."""
    par_score: str | None
    """``"NS +620"``, ``"EW +100"``, ``"0"``; ``None`` without par."""
    par_contracts: tuple[ParLine, ...]

    @property
    def has_table(self) -> bool:
        return bool(self.dd_rows)


@dataclass(frozen=True, slots=True)
class ParLine:
    """One par contract as printed: ``4♥ by N/S =`` (``level``, ``denomination``, ``doubled``, declarers,
    ``result``)."""

    level: int
    denomination: Denomination
    doubling: Doubling
    declarers: tuple[Seat, ...]
    result: str
    """``"="``, ``"+1"``, ``"−2"``."""

    def text(self, symbol: Callable[[Denomination], str]) -> str:
        """The line with ``symbol(denomination)`` for the denomination, e.g. ``"4♥X by E/W −1"``."""
        seats = "/".join(s.value for s in self.declarers)
        return f"{self.level}{symbol(self.denomination)}{self.doubling} by {seats} {self.result}"


def _result_text(contract: Contract, tricks: int) -> str:
    over = tricks - contract.tricks_needed
    if over == 0:
        return "="
    return f"+{over}" if over > 0 else f"\u2212{-over}"


def par_lines(par: Par) -> tuple[ParLine, ...]:
    """Par contracts grouped by contract and result, merging the seats that can declare it.

    >>> from tenace.analysis import Par
    >>> p = Par(-100, ((Contract.from_str("4SXE"), 9), (Contract.from_str("4SXW"), 9)))
    >>> [line.text(lambda d: d.value) for line in par_lines(p)]
    ['4SX by E/W −1']
    """
    groups: dict[tuple[int, Denomination, Doubling, str], list[Seat]] = {}
    for contract, tricks in par.contracts:
        key = (contract.level, contract.denomination, contract.doubling, _result_text(contract, tricks))
        groups.setdefault(key, []).append(contract.declarer)
    return tuple(
        ParLine(level, denomination, doubling, tuple(sorted(seats, key=lambda s: DD_ROWS.index(s))), result)
        for (level, denomination, doubling, result), seats in groups.items()
    )


def par_score_text(par: Par) -> str:
    """``"NS +620"``, ``"EW +100"`` or ``"0"`` (passed out)."""
    if par.score_ns > 0:
        return f"NS +{par.score_ns}"
    if par.score_ns < 0:
        return f"EW +{-par.score_ns}"
    return "0"


def printed_board(board: Board, analysis: BoardAnalysis | None = None) -> PrintedBoard:
    """The :class:`PrintedBoard` for ``board``.

    :raises ValueError: if the board has no deal (a hand record prints the four hands).
    """
    deal = board.deal
    if not isinstance(deal, Deal):
        raise ValueError(f"board {board.number} has no deal: a hand record needs all four hands")
    hands = {seat: _printed_hand(deal, seat, board.vulnerability.is_vulnerable(seat)) for seat in SEATS}
    table = analysis.table if analysis is not None else None
    par = analysis.par if analysis is not None else None
    rows: tuple[tuple[Seat, tuple[int, ...]], ...] = ()
    if table is not None:
        rows = tuple((seat, tuple(table[seat, d] for d in DD_COLUMNS)) for seat in DD_ROWS)
    return PrintedBoard(
        number=board.number,
        dealer=board.dealer,
        vulnerability=_VUL_TEXT[board.vulnerability],
        hands=hands,
        dd_columns=DD_COLUMNS,
        dd_rows=rows,
        par_score=None if par is None else par_score_text(par),
        par_contracts=() if par is None else par_lines(par),
    )


def _printed_hand(deal: Deal, seat: Seat, vulnerable: bool) -> PrintedHand:
    hand = deal[seat]
    suits = tuple(
        SuitLine(
            suit=suit,
            symbol=suit.symbol,
            letter=suit.value,
            cards=" ".join(card.rank.letter for card in hand.suit(suit)).replace("T", "10") or "\u2014",
            red=suit in _RED,
        )
        for suit in SUITS_DISPLAY
    )
    return PrintedHand(seat, seat.name.title(), vulnerable, hand.hcp, suits)


def printed_boards(
    boards: Sequence[Board], analyses: Sequence[BoardAnalysis | None] | None = None
) -> list[PrintedBoard]:
    """:func:`printed_board` for each board with its analysis (``analyses`` in the same order, or ``None``).

    :raises ValueError: if the lengths differ or a board has no deal.
    """
    if analyses is not None and len(analyses) != len(boards):
        raise ValueError(
            f"{len(boards)} boards but {len(analyses)} analyses: give one analysis (or None) per board"
        )
    return [printed_board(b, None if analyses is None else analyses[i]) for i, b in enumerate(boards)]


def paginate(items: Sequence[PrintedBoard], per_page: int) -> list[list[PrintedBoard]]:
    """Split into pages of ``per_page`` boards (2, 3 or 4).

    :raises ValueError: for another number per page.
    """
    if per_page not in BOARDS_PER_PAGE:
        raise ValueError(f"hand records print 2, 3 or 4 boards per A4 page, not {per_page}")
    return [list(items[i:i + per_page]) for i in range(0, len(items), per_page)]


def analyse_boards(boards: Sequence[Board], *, progress: Callable[[int, int], None] | None = None
                   ) -> list[BoardAnalysis]:
    """DD table and par for each board, computed with the double-dummy solver (needs the ``[dds]`` extra).

    Tables are solved in one batch (:func:`tenace.solver.dds.dd_tables`); par follows each board's dealer and
    vulnerability (Law 2 unless the board says otherwise).

    :raises ValueError: if a board has no deal.
    :raises SolverError: if the solver is missing or fails.
    """
    from tenace.solver import dds  # the solver is optional: import it only when asked to analyse

    deals: list[Deal] = []
    for board in boards:
        if not isinstance(board.deal, Deal):
            raise ValueError(f"board {board.number} has no deal to analyse")
        deals.append(board.deal)
    tables = dds.dd_tables(deals, progress=progress)
    return [
        BoardAnalysis(table, dds.par(table, board.vulnerability, board.dealer))
        for board, table in zip(boards, tables, strict=True)
    ]
