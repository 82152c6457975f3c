"""The HTML results page: rankings with shared places, travellers with adjusted scores, score cards, penalties
with their Law, hand records with DD table and par (reused from tenace.handrecords), escaping, accessible
tables and gettext labels."""

from __future__ import annotations

import decimal
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tenace.handrecords import render_html as render_hand_records
from tenace.tournament.publish import render_html, render_pages, write_html
from tenace.tournament.publish.html import LocaleError

from ._publish_data import ARTIFICIAL, NAMES, PENALTY, bcdd_boards, small_event


class _Tables(HTMLParser):
    """Every table of a page: its id-bearing ancestor, caption and rows of cell texts; every <th>'s attrs."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, object]] = []
        self.th_attrs: list[dict[str, str | None]] = []
        self._section: list[str] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._caption: list[str] | None = None
        self._stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section":
            self._section.append(a.get("id") or "")
        elif tag == "table":
            self.tables.append({"section": self._section[-1] if self._section else "", "rows": [],
                                "caption": "", "class": a.get("class") or ""})
        elif tag == "caption":
            self._caption = []
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []
            if tag == "th":
                self.th_attrs.append(a)

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self._section.pop()
        elif tag == "caption" and self._caption is not None:
            self.tables[-1]["caption"] = "".join(self._caption).strip()
            self._caption = None
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            rows = self.tables[-1]["rows"]
            assert isinstance(rows, list)
            rows.append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        if self._caption is not None:
            self._caption.append(data)


def tables(page: str) -> _Tables:
    parser = _Tables()
    parser.feed(page)
    return parser


def two_places(value: Fraction) -> str:
    q = decimal.Decimal(value.numerator) / decimal.Decimal(value.denominator)
    return str(q.quantize(decimal.Decimal("0.01"), rounding=decimal.ROUND_HALF_EVEN))


@pytest.fixture(scope="module")
def page() -> str:
    event, results = small_event()
    return render_html(event, results)


def test_rankings_show_shared_places_names_totals_and_percentages(page: str) -> None:
    event, results = small_event()
    found = [t for t in tables(page).tables if t["class"] == "ranking"]
    assert [t["caption"] for t in found] == ["Ranking NS", "Ranking EW"]
    for table, ranking in zip(found, results.rankings, strict=True):
        rows = table["rows"]
        assert isinstance(rows, list)
        header, body = rows[0], rows[1:]
        assert header == ["Place", "No.", "Name", "Boards", "Penalties", "Total", "%"]
        assert [(r[0], r[1], r[2]) for r in body] == [(s.place, s.contestant, NAMES[s.contestant])
                                                      for s in ranking.standings]
        for row, s in zip(body, ranking.standings, strict=True):
            assert row[5] == two_places(s.total)
            assert s.percentage is not None and row[6] == two_places(s.percentage)
    ns_places = [r[0] for r in found[0]["rows"][1:]]  # type: ignore[index]
    assert ns_places.count("2=") == 2  # pairs 2 and 3 share second place


def test_names_and_event_title_are_escaped(page: str) -> None:
    assert "<b>Able</b>" not in page
    assert "Ann &lt;b&gt;Able&lt;/b&gt; &amp; Bob" in page
    assert "<title>Club &lt;night&gt; &amp; more</title>" in page
    assert "Ed &#34;Fast&#34; &amp; Flo" in page


def test_every_header_cell_has_a_scope(page: str) -> None:
    attrs = tables(page).th_attrs
    assert attrs and all(a.get("scope") in ("col", "row") for a in attrs)


def test_travellers_list_every_line_with_contract_lead_tricks_and_scores(page: str) -> None:
    _, results = small_event()
    found = [t for t in tables(page).tables if t["class"] == "traveller"]
    assert len(found) == len(results.travellers)
    for table, traveller in zip(found, results.travellers, strict=True):
        rows = table["rows"]
        assert isinstance(rows, list)
        assert rows[0][:7] == ["NS", "EW", "Contract", "By", "Lead", "Tricks", "Score NS"]
        body = rows[1:]
        assert len(body) == len(traveller.lines)
        for row, line in zip(body, traveller.lines, strict=True):
            r = line.result
            assert (row[0], row[1]) == (r.ns, r.ew)
            assert row[7] == two_places(line.ns_points) and row[8] == two_places(line.ew_points)
            if r.adjusted is None and r.contract is not None:
                assert row[3] == r.contract.declarer.value
                assert row[5].startswith(f"{r.tricks} (")
                assert row[6] == str(r.ns_score())


def test_adjusted_scores_and_passed_out_boards_are_shown_as_such(page: str) -> None:
    rows = [row for t in tables(page).tables if t["class"] == "traveller" for row in t["rows"]]  # type: ignore[attr-defined]
    by_pairs = {(row[0], row[1]): row for row in rows}
    ns_pct, ew_pct = ARTIFICIAL.percentages()
    assert by_pairs[("2", "8")][6] == f"A{ns_pct}/{ew_pct}" == "A60/40"
    assert by_pairs[("4", "8")][6] == "Adj -400/400"
    assert by_pairs[("3", "8")][2] == "Passed out" and by_pairs[("3", "8")][6] == "0"


def test_contracts_and_leads_use_suit_symbols_with_red_suits_marked() -> None:
    event, results = small_event()
    page = render_html(event, results)
    assert '6<span class="red">' not in page  # spades are black
    assert '<span class="red">♥</span>K' in page  # the heart king led on board 2
    assert "4♠X" in page


def test_score_cards_show_each_board_from_the_contestants_side(page: str) -> None:
    event, results = small_event()
    cards = {t["caption"]: t["rows"] for t in tables(page).tables if t["class"] == "scorecard"}
    assert len(cards) == 8
    for who, name in NAMES.items():
        rows = cards[f"Score card of {name}"]
        assert isinstance(rows, list)
        body, total = rows[1:-1], rows[-1]
        mine = [(t, line) for t in results.travellers for line in t.lines
                if who in (line.result.ns, line.result.ew)]
        assert len(body) == len(mine)
        points = Fraction(0)
        for t, line in mine:
            ns = line.result.ns == who
            points += line.ns_points if ns else line.ew_points
            row = next(r for r in body if r[1] == str(t.board))
            assert row[2] == ("NS" if ns else "EW")
            assert row[3].startswith(line.result.ew if ns else line.result.ns)
            if isinstance(line.ns_score, int):
                assert row[8] == str(line.ns_score if ns else -line.ns_score)
        assert total[-2] == two_places(points)


def test_penalties_are_listed_with_their_law(page: str) -> None:
    found = [t for t in tables(page).tables if t["section"] == "penalties"]
    assert len(found) == 1
    rows = found[0]["rows"]
    assert isinstance(rows, list)
    assert rows[1] == [PENALTY.contestant, NAMES[PENALTY.contestant], "", two_places(PENALTY.points),
                       f"Law {PENALTY.law}", PENALTY.reason]


def test_travellers_show_the_oracle_dd_table_and_par(oracles: Path) -> None:
    event, results = small_event()
    boards, analyses = bcdd_boards(oracles)
    page = render_html(event, results, boards=boards, analyses=analyses)
    dd = [t for t in tables(page).tables if t["class"] == "dd"]
    assert len(dd) == 3
    from tenace.calls import Denomination
    from tenace.seats import Seat

    order = (Denomination.NOTRUMP, Denomination.SPADES, Denomination.HEARTS, Denomination.DIAMONDS,
             Denomination.CLUBS)
    for table, number in zip(dd, (1, 2, 3), strict=True):
        rows = table["rows"]
        assert isinstance(rows, list)
        table_1 = analyses[number].table
        assert table_1 is not None
        for row in rows[1:]:
            seat = Seat.from_str(row[0])
            assert row[1:] == [str(table_1[seat, d]) for d in order]
    assert "<b>Par</b> NS +140" in page  # the oracle's OptimumScore for board 1


def test_pages_link_to_hand_records_made_by_the_hand_records_module(oracles: Path, tmp_path: Path) -> None:
    event, results = small_event()
    boards, analyses = bcdd_boards(oracles)
    pages = render_pages(event, results, boards=boards, analyses=analyses)
    assert set(pages) == {"index.html", "hands.html"}
    ordered = [boards[n] for n in sorted(boards)]
    assert pages["hands.html"] == render_hand_records(ordered, [analyses[b.number] for b in ordered],
                                                      title=event.name, links=[("Results", "index.html")])
    assert 'href="hands.html#board-2"' in pages["index.html"]
    written = write_html(tmp_path / "out", event, results, boards=boards, analyses=analyses)
    assert sorted(p.name for p in written) == ["hands.html", "index.html"]
    assert (tmp_path / "out" / "index.html").read_text(encoding="utf-8") == pages["index.html"]


def test_without_deals_there_is_one_page_and_no_link() -> None:
    event, results = small_event()
    pages = render_pages(event, results)
    assert set(pages) == {"index.html"} and "hands.html" not in pages["index.html"]


def test_other_locales_show_their_own_labels_and_unknown_ones_are_refused() -> None:
    event, results = small_event()
    polish = render_html(event, results, locale="pl_PL")
    assert '<html lang="pl">' in polish and "<h2>Klasyfikacja</h2>" in polish and "Rankings" not in polish
    with pytest.raises(LocaleError, match="xx"):
        render_html(event, results, locale="xx")
    assert issubclass(LocaleError, ValueError)


def _i18n_tool() -> object:
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "tools" / "i18n.py"
    spec = importlib.util.spec_from_file_location("tenace_i18n_tool", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_label_catalogues_are_current_and_complete_in_english() -> None:
    """tools/i18n.py check for the tenace_publish domain: the template holds every label of html.py and the
    templates, the English catalogue translates each one, and every .mo is compiled from its .po."""
    tool = _i18n_tool()
    assert tool.problems((tool.PUBLISH_DOMAIN,)) == []  # type: ignore[attr-defined]


def test_every_label_on_the_page_comes_from_the_catalogue() -> None:
    tool = _i18n_tool()
    labels = {m.id for m in tool.template(tool.PUBLISH_DOMAIN) if m.id}  # type: ignore[attr-defined]
    assert {"Rankings", "Travellers", "Score cards", "Penalties", "Board {number}", "Law {law}",
            "Matchpoints", "Passed out"} <= labels


def test_team_matches_are_listed_with_imps_and_victory_points() -> None:
    from dataclasses import replace

    from tenace.tournament.publish import results_document
    from tenace.tournament.standings import Match

    event, results = small_event()
    match = Match(1, "1", "2", (Fraction(31), Fraction(12)), (Fraction(1571, 100), Fraction(429, 100)), 12)
    with_match = replace(results, matches=(match,))
    found = [t for t in tables(render_html(event, with_match)).tables if t["section"] == "matches"]
    assert len(found) == 1
    rows = found[0]["rows"]
    assert isinstance(rows, list)
    assert rows[1] == ["1", NAMES["1"], NAMES["2"], "12", "31.00–12.00", "15.71–4.29"]
    doc = results_document(event, with_match)
    assert doc["matches"][0]["vps"] == [{"exact": "1571/100", "decimal": "15.71"},
                                        {"exact": "429/100", "decimal": "4.29"}]
