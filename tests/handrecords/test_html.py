"""HTML hand records: every card, every DD number, dealer and vulnerability, pages, escaping, well-formed
markup."""

from __future__ import annotations

import math
import re
from html.parser import HTMLParser

import pytest

from tenace import Board, Deal, Seat, Vulnerability
from tenace.handrecords import BoardAnalysis, render_html
from tenace.handrecords.model import DD_COLUMNS, DD_ROWS, par_lines, par_score_text

from .conftest import spaced_holding

Boards = list[tuple[Board, BoardAnalysis]]
VOID_ELEMENTS = {"meta", "br", "link", "img", "hr", "input"}


class _Structure(HTMLParser):
    """Checks that every element is closed in order and collects the text of each board's DD table."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_ELEMENTS:
            return
        self.stack.append(tag)
        if tag == "table" and ("class", "dd") in attrs:
            self.tables.append([])
        elif tag == "tr" and self.tables and "table" in self.stack:
            self.tables[-1].append([])
        elif tag in ("td", "th") and self.tables and "table" in self.stack:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_ELEMENTS:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            return
        self.stack.pop()
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _parse(html: str) -> _Structure:
    parser = _Structure()
    parser.feed(html)
    parser.close()
    assert not parser.errors, parser.errors[:3]
    assert parser.stack == [], parser.stack
    return parser


def _board_section(html: str, number: int) -> str:
    start = html.index(f'id="board-{number}"')
    end = html.find("<article", start)
    return html[start:end if end != -1 else len(html)]


def test_every_hand_is_printed_suit_by_suit(oracle_boards: Boards) -> None:
    boards = [b for b, _ in oracle_boards]
    html = render_html(boards, [a for _, a in oracle_boards])
    for board in boards:
        assert board.deal is not None
        section = _board_section(html, board.number)
        for seat in Seat:
            holdings = board.deal[seat].to_pbn().split(".")
            pattern = rf'data-seat="{seat.value}">(.*?)(?=<div class="(?:hand|compass))'
            block = re.search(pattern, section, re.S)
            assert block, (board.number, seat)
            printed = re.findall(r'<span class="suit[^"]*">(.)</span><span class="cards">([^<]*)</span>',
                                 block.group(1))
            assert [symbol for symbol, _ in printed] == ["♠", "♥", "♦", "♣"]
            assert [text.strip() for _, text in printed] == [spaced_holding(h) for h in holdings]


def test_dd_tables_hold_every_number_by_declarer_and_denomination(
    oracle_boards: Boards,
) -> None:
    html = render_html([b for b, _ in oracle_boards], [a for _, a in oracle_boards])
    tables = _parse(html).tables
    assert len(tables) == len(oracle_boards)
    for grid, (_, analysis) in zip(tables, oracle_boards, strict=True):
        assert analysis.table is not None
        assert grid[0] == ["", "NT", "♠", "♥", "♦", "♣"]
        assert [row[0] for row in grid[1:]] == ["N", "S", "E", "W"]
        for row, seat in zip(grid[1:], DD_ROWS, strict=True):
            assert [int(x) for x in row[1:]] == [analysis.table[seat, d] for d in DD_COLUMNS]


def test_par_score_and_contracts_are_printed(oracle_boards: Boards) -> None:
    html = render_html([b for b, _ in oracle_boards], [a for _, a in oracle_boards])
    # list10's first deal: DDS par "-110", "2S-EW" → EW +110 in 2♠ by E or W, making exactly
    first = _board_section(html, 1)
    assert "<b>Par</b>EW +110" in first and "2♠ by E/W =" in first
    # second deal: "100", "4S*-EW-1" → a doubled sacrifice one down
    assert "4♠X by E/W \u22121" in _board_section(html, 2)
    for board, analysis in oracle_boards:
        assert analysis.par is not None
        assert par_score_text(analysis.par) in _board_section(html, board.number)
        distinct = {(c.bid, c.doubling, t) for c, t in analysis.par.contracts}
        assert len(par_lines(analysis.par)) == len(distinct)


def test_dealer_and_vulnerable_seats_are_marked(oracle_boards: Boards) -> None:
    html = render_html([b for b, _ in oracle_boards], [a for _, a in oracle_boards])
    labels = {Vulnerability.NONE: "None", Vulnerability.NS: "N-S", Vulnerability.EW: "E-W",
              Vulnerability.BOTH: "All"}
    for board, _ in oracle_boards:
        section = _board_section(html, board.number)
        assert f"Dealer: {board.dealer.name.title()}" in section
        assert re.search(rf"Vul: <span[^>]*>{labels[board.vulnerability]}</span>", section)
        compass = re.search(r'<div class="compass".*?</div>', section, re.S)
        assert compass
        for seat in Seat:
            span = re.search(rf'<span class="{seat.value.lower()}([^"]*)"', compass.group(0))
            assert span, seat
            assert ("vul" in span.group(1).split()) == board.vulnerability.is_vulnerable(seat)
            assert ("dealer" in span.group(1).split()) == (seat is board.dealer)


@pytest.mark.parametrize("per_page", [2, 3, 4])
def test_boards_are_split_into_a4_pages(oracle_boards: Boards, per_page: int) -> None:
    html = render_html([b for b, _ in oracle_boards], [a for _, a in oracle_boards], per_page=per_page)
    assert html.count('<section class="page') == math.ceil(len(oracle_boards) / per_page)
    assert html.count("<article") == len(oracle_boards)
    assert "size: A4" in html and f"per-{per_page}" in html
    _parse(html)


def test_boards_without_analysis_print_no_table_or_par(oracle_boards: Boards) -> None:
    boards = [b for b, _ in oracle_boards[:3]]
    html = render_html(boards, [oracle_boards[0][1], None, BoardAnalysis()])
    assert html.count('<table class="dd"') == 1 and html.count("<b>Par</b>") == 1
    assert render_html(boards).count('<table class="dd"') == 0


def test_title_is_escaped() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    html = render_html([Board(1, deal)], title="Pairs <b>& teams</b>")
    assert "Pairs &lt;b&gt;&amp; teams&lt;/b&gt;" in html and "<b>& teams" not in html


def test_bad_input_is_rejected_with_a_clear_message(oracle_boards: Boards) -> None:
    board, analysis = oracle_boards[0]
    with pytest.raises(ValueError, match="board 7 has no deal"):
        render_html([Board(7)])
    with pytest.raises(ValueError, match="1 boards but 2 analyses"):
        render_html([board], [analysis, analysis])
    with pytest.raises(ValueError, match="2, 3 or 4 boards per A4 page, not 6"):
        render_html([board], per_page=6)
