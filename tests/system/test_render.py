"""The printable card in the WBF layout (Law 40B2(a)(ii)): sections, rows, alert marks, escaping."""

from __future__ import annotations

from dataclasses import replace
from html.parser import HTMLParser

from tenace.system import ALERTS_ONLY, AlertRegulations, natural_card
from tenace.system.render import render_html

SECTIONS = ["general-approach", "defensive-carding", "competitive", "one-level-openings", "higher-openings",
            "conventions"]


class _Rows(HTMLParser):
    """Collects, per section id, the table rows as (data-auction, [cell texts])."""

    def __init__(self) -> None:
        super().__init__()
        self.section: str | None = None
        self.rows: dict[str, list[tuple[str, list[str]]]] = {}
        self.row: tuple[str, list[str]] | None = None
        self.cell: list[str] | None = None
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section" and a.get("id"):
            self.section = a["id"]
            self.ids.append(a["id"] or "")
        elif tag == "tr" and a.get("data-auction") is not None and self.section:
            self.row = (a["data-auction"] or "", [])
        elif tag == "td" and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self.row is not None and self.cell is not None:
            self.row[1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "tr" and self.row is not None and self.section:
            self.rows.setdefault(self.section, []).append(self.row)
            self.row = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def parse(page: str) -> _Rows:
    rows = _Rows()
    rows.feed(page)
    return rows


def marks(rows: _Rows, section: str) -> dict[str, str]:
    return {auction: cells[-1] for auction, cells in rows.rows[section]}


def test_sections_in_the_wbf_order() -> None:
    rows = parse(render_html(natural_card()))
    assert [i for i in rows.ids if i in SECTIONS] == SECTIONS


def test_every_agreement_is_printed() -> None:
    card = natural_card()
    rows = parse(render_html(card))
    printed = {auction for section in rows.rows.values() for auction, _ in section}
    assert {a.pattern.text for a in card.agreements} <= printed


def test_responses_follow_their_opening() -> None:
    rows = parse(render_html(natural_card()))
    order = [auction for auction, _ in rows.rows["one-level-openings"]]
    assert order.index("1NT") < order.index("1NT-2C") < order.index("1NT-2C-2D")
    assert order[:2] == ["1C", "1C-1D"]
    higher = [auction for auction, _ in rows.rows["higher-openings"]]
    assert higher.index("2C") + 1 == higher.index("2C-2D")


def test_alert_marks_follow_the_regulations() -> None:
    card = natural_card()
    default = parse(render_html(card, AlertRegulations()))
    opening = marks(default, "one-level-openings")
    assert opening["1NT"] == "Announce: 15-17"
    assert opening["1NT-2C"] == "Alert"
    assert opening["1NT-2D"] == "Announce: hearts"
    assert opening["1H"] == ""
    assert marks(default, "higher-openings")["2C"] == "Alert"
    assert marks(default, "competitive")["(1C) 2C"] == "Alert"
    assert marks(default, "competitive")["(1*) X"] == ""
    alerts_only = parse(render_html(card, ALERTS_ONLY))
    assert marks(alerts_only, "one-level-openings")["1NT"] == ""
    assert marks(alerts_only, "one-level-openings")["1NT-2D"] == "Alert"
    unmarked = parse(render_html(card))
    assert all(cells[-1] == "" for section in unmarked.rows.values() for _, cells in section)


def test_text_is_escaped() -> None:
    card = replace(natural_card(), name="<script>alert(1)</script>", notes="A & B")
    page = render_html(card)
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;" in page and "A &amp; B" in page
