"""Matchpoint percentages against JFR Pary (the Polish scoring program): the saved traveller pages of two
Warsaw club pairs events in ``pbntools-real-tournaments/`` (``test_1_pary``: 27 boards, 17 pairs and an absent
pair 18; ``test_3_pary_20130801``: 27 boards, 26 pairs).

Each traveller row has NS, EW, contract, declarer, lead, result, the score (in the NS or the EW column), and
% NS / % EW with two decimals. This test parses the pages with :mod:`html.parser` and checks

* every real row's score against Law 77 (Law 2 vulnerability from the board number);
* every real row's % NS and % EW: Law 78A units over the top of the real results on the board, no factoring
  (:attr:`Factoring.NONE`);
* every ``TD`` row (a Director's score instead of a result: in these events, the pair facing the absent
  pair 18) against Law 12C2 as :mod:`tenace.scoring.adjusted` computes it: average-plus for the present pair,
  after the session rule of Law 12C2(c) with that pair's percentage on its other boards, and 0 for the absent
  pair, which is not a contestant (an explicit split, non-balancing score).

The TD rows are left out of the comparison on their board, as the Law intends for artificial scores; every
number on every page agrees (see ``test_every_line_agrees``).
"""

from __future__ import annotations

import decimal
from dataclasses import dataclass
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tenace.board import vulnerability_for
from tenace.contract import Contract
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award, artificial_percentage
from tenace.scoring.matchpoints import Entry, Factoring, rounded, score_board
from tenace.scoring.points import score
from tenace.seats import Seat, Side

EVENTS = {
    "test_1_pary/WB120802": "wb120802",
    "test_3_pary_20130801/WB130801": "wb130801",
}


@dataclass(frozen=True)
class Row:
    board: int
    ns: int
    ew: int
    contract: str  # "4H", "5H×" (doubled), "PASS", or "TD" for a Director's score
    declarer: str
    lead: str  # "SQ", "H10"
    result: str  # "=", "+1", "-2"
    score_ns: str
    score_ew: str
    pct_ns: str
    pct_ew: str

    @property
    def is_director_score(self) -> bool:
        return self.contract == "TD"

    @property
    def ns_score(self) -> int:
        return int(self.score_ns) if self.score_ns else -int(self.score_ew)


class _TravellerParser(HTMLParser):
    """The rows of the results table (``<div id="pro">``): suit images become their ``alt`` letter and a cell
    with ``colspan`` counts as that many cells."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._row: list[str] | None = None
        self._cell: str | None = None
        self._span = 1
        self._depth = 0  # <div> nesting inside the results div

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "div":
            if self._depth or attributes.get("id") == "pro":
                self._depth += 1
            return
        if not self._depth:
            return
        if tag == "tr":
            self._row = []
        elif tag == "td" and self._row is not None:
            self._cell = ""
            self._span = int(attributes.get("colspan") or 1)
        elif tag == "img" and self._cell is not None:
            self._cell += (attributes.get("alt") or "").upper()

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._depth:
            self._depth -= 1
        elif tag == "td" and self._cell is not None and self._row is not None:
            self._row.append(self._cell.replace("\xa0", " ").strip())
            self._row.extend([""] * (self._span - 1))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell += data


def _read_board(path: Path, board: int) -> list[Row]:
    parser = _TravellerParser()
    parser.feed(path.read_text(encoding="utf-8"))
    rows = []
    for cells in parser.rows:
        if len(cells) == 11 and cells[1].isdigit() and cells[2].isdigit():
            rows.append(Row(board, int(cells[1]), int(cells[2]), *cells[3:]))
    return rows


def _read_event(oracles: Path, folder: str, stem: str) -> dict[int, list[Row]]:
    base = oracles / "pbntools-real-tournaments" / folder
    boards = {}
    for path in sorted(base.glob(f"{stem}[0-9][0-9][0-9].html")):
        number = int(path.stem[len(stem):])
        boards[number] = _read_board(path, number)
    return boards


def _law77_ns(row: Row) -> int:
    if row.contract == "PASS":
        return 0
    contract = Contract.from_str(row.contract.replace("×", "X"), Seat.from_str(row.declarer))
    tricks = contract.tricks_needed + (0 if row.result == "=" else int(row.result))
    points = score(contract, tricks, vulnerable=vulnerability_for(row.board).is_vulnerable(contract.declarer))
    return points if contract.declarer.side is Side.NS else -points


ABSENT_PAIR = 18  # test_1_pary: 17 pairs played; the pair facing number 18 got a Director's score


def _entries(rows: list[Row]) -> list[Entry]:
    """Real results by their NS score; a TD row as average-plus for the present NS pair and 0 for the absent
    EW pair (the 12C2(c) session rule is checked separately, in test_director_scores_follow_law_12c2)."""
    entries: list[Entry] = []
    for row in rows:
        if row.is_director_score:
            assert row.ew == ABSENT_PAIR
            entries.append(ArtificialAdjustedScore(Award.AVERAGE_PLUS, Fraction(0)))
        else:
            entries.append(row.ns_score)
    return entries


def _pct(value: Fraction) -> str:
    return str(rounded(value, 2, decimal.ROUND_HALF_EVEN))


@pytest.mark.parametrize("folder", EVENTS)
def test_pages_are_read_completely(oracles: Path, folder: str) -> None:
    boards = _read_event(oracles, folder, EVENTS[folder])
    assert sorted(boards) == list(range(1, 28))
    sizes = {len(rows) for rows in boards.values()}
    assert sizes == ({9} if folder.startswith("test_1") else {13})


@pytest.mark.parametrize("folder", EVENTS)
def test_scores_are_law_77(oracles: Path, folder: str) -> None:
    checked = 0
    for rows in _read_event(oracles, folder, EVENTS[folder]).values():
        for row in rows:
            if not row.is_director_score:
                assert row.ns_score == _law77_ns(row), row
                checked += 1
    assert checked == (27 * 8 if folder.startswith("test_1") else 27 * 13)


@pytest.mark.parametrize("folder", EVENTS)
def test_every_line_agrees(oracles: Path, folder: str) -> None:
    """% NS and % EW of every row, real and TD, as JFR printed them."""
    mismatches = []
    lines = 0
    for number, rows in _read_event(oracles, folder, EVENTS[folder]).items():
        scored = score_board(_entries(rows), factoring=Factoring.NONE)
        for row, s in zip(rows, scored, strict=True):
            lines += 1
            if (_pct(s.ns_percentage), _pct(s.ew_percentage)) != (row.pct_ns, row.pct_ew):
                mismatches.append((number, row.ns, row.ew, row.pct_ns, row.pct_ew,
                                   float(s.ns_percentage), float(s.ew_percentage)))
    assert mismatches == []
    assert lines == 27 * (9 if folder.startswith("test_1") else 13)


def test_director_scores_follow_law_12c2(oracles: Path) -> None:
    """The 27 TD rows of test_1_pary: the present pair gets 60.00 and the absent pair 0.00. Law 12C2(a)
    gives average-plus (60 %) to a pair in no way at fault; 12C2(c) would give more to a pair above 60 % on
    its other boards, and none of these pairs is (their percentages are computed here from the pages)."""
    boards = _read_event(oracles, "test_1_pary/WB120802", "wb120802")
    earned: dict[int, Fraction] = {}
    counted: dict[int, int] = {}
    td_rows = []
    for rows in boards.values():
        scored = score_board(_entries(rows), factoring=Factoring.NONE)
        for row, s in zip(rows, scored, strict=True):
            if row.is_director_score:
                td_rows.append(row)
                continue
            for pair, pct in ((row.ns, s.ns_percentage), (row.ew, s.ew_percentage)):
                earned[pair] = earned.get(pair, Fraction(0)) + pct
                counted[pair] = counted.get(pair, 0) + 1
    assert len(td_rows) == 27 and {r.ns for r in td_rows} == {3, 6, 7, 9, 10, 11, 16, 17}
    for row in td_rows:
        session = earned[row.ns] / counted[row.ns]  # all tops are equal, so the mean is the session %
        assert session < 60
        awarded = artificial_percentage(Award.AVERAGE_PLUS, session_percentage=session)
        assert (_pct(awarded), _pct(Fraction(0))) == (row.pct_ns, row.pct_ew)
    # the session rule itself does change the award for a pair above 60 %:
    assert artificial_percentage(Award.AVERAGE_PLUS, session_percentage=earned[14] / counted[14]) > 60
