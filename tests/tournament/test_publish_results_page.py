"""The published results page as a club publishes it (issue 13, item 4): dated, linked to the files published
beside it, every traveller with the frequency of each score, and each board's deal with its double-dummy table
and par, in the five languages. The numbers are checked against independent computations: the frequencies
by counting the traveller lines here, the par against the double-dummy solver's own par for the deal."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tenace.tournament.publish.files import double_dummy, result_files, write_results
from tenace.tournament.publish.html import available_locales, render_html

from ._publish_data import bcdd_boards, small_event

DATE = dt.date(2026, 11, 27)


class _Links(HTMLParser):
    """Every link's address, and the rows of the frequency tables by board (from the section's id)."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.downloads: list[str] = []
        self.frequency: dict[str, list[list[str]]] = {}
        self._board = ""
        self._in_frequency = False
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"] or "")
            if a.get("data-file"):
                self.downloads.append(a["href"] or "")
        elif tag == "section" and (a.get("class") or "") == "board":
            self._board = a.get("id") or ""
        elif tag == "table":
            self._in_frequency = (a.get("class") or "") == "frequency"
        elif tag == "tr" and self._in_frequency:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.frequency.setdefault(self._board, []).append(self._row)
            self._row = None
        elif tag == "table":
            self._in_frequency = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _parsed(page: str) -> _Links:
    parser = _Links()
    parser.feed(page)
    return parser


def test_every_traveller_has_the_frequency_of_each_score_counted_from_its_lines() -> None:
    event, results = small_event()
    found = _parsed(render_html(event, results)).frequency
    assert len(found) == len(results.travellers)
    for traveller in results.travellers:
        rows = found[f"board-{traveller.board}"]
        assert rows[0][:2] == ["Score NS", "Times"]
        # counted here: each plain score of the traveller, and the adjusted ones together
        plain = Counter(line.result.ns_score() for line in traveller.lines if line.result.adjusted is None)
        adjusted = sum(1 for line in traveller.lines if line.result.adjusted is not None)
        expected = [[str(score), str(count)] for score, count in sorted(plain.items(), reverse=True)]
        if adjusted:
            expected.append(["Adjusted", str(adjusted)])
        assert [row[:2] for row in rows[1:]] == expected
        assert sum(int(row[1]) for row in rows[1:]) == len(traveller.lines)


def test_the_par_of_each_board_is_the_solvers_own_par_for_its_deal(oracles: Path) -> None:
    from tenace.solver import dds

    if not dds.available():
        pytest.skip("the double-dummy solver ([dds] extra) is not installed")
    event, results = small_event()
    boards, oracle = bcdd_boards(oracles)
    analyses = double_dummy(boards)
    page = result_files(event, results, boards=boards, analyses=analyses, date=DATE)["index.html"]
    shown = {int(n): int(score) for n, score in re.findall(r'id="board-(\d+)" data-par-ns="(-?\d+)"', page)}
    assert set(shown) == set(boards)
    for number, board in boards.items():
        assert board.deal is not None
        par = dds.par(board.deal, board.vulnerability, board.dealer)  # the solver, asked directly
        assert shown[number] == par.score_ns
        oracle_par = oracle[number].par
        assert oracle_par is not None and shown[number] == oracle_par.score_ns  # and BCDD's own program
        table = analyses[number].table
        assert table is not None and table == dds.dd_table(board.deal)


def test_the_page_links_to_every_file_published_beside_it_and_each_link_resolves(
    oracles: Path, tmp_path: Path
) -> None:
    event, results = small_event()
    boards, analyses = bcdd_boards(oracles)
    written = write_results(tmp_path / "web", event, results, boards=boards, analyses=analyses, date=DATE)
    names = {p.name for p in written}
    page = (tmp_path / "web" / "index.html").read_text(encoding="utf-8")
    links = _parsed(page)
    # the downloads: every other file of the folder (PBN, USEBIO, both CSVs, JSON) and the hand records
    assert set(links.downloads) == names - {"index.html"}
    for href in links.hrefs:
        if href.startswith("#"):
            assert f'id="{href[1:]}"' in page, href  # an anchor of this page
        else:
            path, _, anchor = href.partition("#")
            target = tmp_path / "web" / path
            assert target.is_file(), href
            if anchor:
                assert f'id="{anchor}"' in target.read_text(encoding="utf-8"), href


def test_without_a_usebio_file_the_page_does_not_link_to_one() -> None:
    event, results = small_event()
    files = result_files(event, results, formats=("html", "csv", "json"))
    downloads = _parsed(files["index.html"]).downloads
    assert sorted(downloads) == sorted(n for n in files if n != "index.html")
    assert "results.usebio.xml" not in files["index.html"]


@pytest.mark.parametrize("locale", ["en", "pl", "lv", "sv", "el"])
def test_the_page_is_dated_and_in_each_language(locale: str) -> None:
    from babel.dates import format_date

    assert locale in available_locales()
    event, results = small_event()
    page = render_html(event, results, locale=locale, date=DATE)
    assert f'<html lang="{locale}">' in page
    shown = re.search(r'<time id="date" datetime="([0-9-]+)">([^<]+)</time>', page)
    assert shown is not None and shown.group(1) == DATE.isoformat()
    assert shown.group(2) == format_date(DATE, format="long", locale="en_GB" if locale == "en" else locale)
    assert str(DATE.year) in shown.group(2)


def test_a_page_without_a_date_shows_none() -> None:
    event, results = small_event()
    assert "<time" not in render_html(event, results)


def test_the_page_is_styled_for_screens_phones_and_print() -> None:
    event, results = small_event()
    page = render_html(event, results)
    assert "@media print" in page and "@page" in page and 'name="viewport"' in page
    assert "<script" not in page  # static HTML and CSS
    # every table sits in its own horizontally scrolling, keyboard-reachable box
    assert page.count("<table") == page.count('<div class="scroll" role="region" tabindex="0"')
