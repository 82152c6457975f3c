"""The gettext catalogues of every domain (tools/i18n.py): complete in all five languages, placeholders kept,
the check failing on a gap, and pages rendered in each language carrying no English label.

The result page (``tenace_publish``) and the web pages (``tenace_web``) are rendered in English and in each
other language; a visible text that reads the same in both is either data (names, numbers, notation) or a
label somebody forgot to mark or translate.
"""

from __future__ import annotations

import importlib.util
import shutil
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from babel.messages.pofile import read_po

from tenace.server import pages
from tenace.tournament.publish import render_html
from tenace.tournament.publish.html import gettext_for as publish_gettext

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ("en", "pl", "lv", "sv", "el")
OTHERS = LOCALES[1:]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tenace_i18n_tool_catalogues", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
LABEL_DOMAINS = (TOOL.PUBLISH_DOMAIN, TOOL.WEB_DOMAIN)


def _catalogue(locale: str, domain: str) -> dict[str, str]:
    with TOOL.po_path(locale, domain).open("rb") as f:
        return {m.id: m.string for m in read_po(f) if m.id}


# --- the check ----------------------------------------------------------------------------------------------


def test_the_five_languages_have_catalogues_of_every_domain() -> None:
    assert TOOL.locales() == sorted(LOCALES)
    assert TOOL.DOMAINS == ("tenace", "tenace_publish", "tenace_web", "tenace_bidding")
    for domain in TOOL.DOMAINS:
        for locale in LOCALES:
            assert TOOL.po_path(locale, domain).is_file(), (locale, domain)
            assert TOOL.po_path(locale, domain).with_suffix(".mo").is_file(), (locale, domain)


def test_every_domain_is_current_and_complete_in_every_language() -> None:
    assert TOOL.problems() == []


@pytest.mark.parametrize("domain", LABEL_DOMAINS)
@pytest.mark.parametrize("locale", OTHERS)
def test_every_label_is_translated_without_a_fuzzy_entry(domain: str, locale: str) -> None:
    with TOOL.po_path(locale, domain).open("rb") as f:
        catalogue = read_po(f)
    wanted = {m.id for m in TOOL.template(domain) if m.id}
    have = {m.id: m for m in catalogue if m.id}
    assert wanted <= have.keys()
    assert [m for m in wanted if not have[m].string or have[m].fuzzy] == []


@pytest.mark.parametrize("domain", LABEL_DOMAINS)
@pytest.mark.parametrize("locale", OTHERS)
def test_translations_keep_exactly_the_placeholders_of_the_english(domain: str, locale: str) -> None:
    catalogue = _catalogue(locale, domain)
    wrong = {m: s for m, s in catalogue.items() if TOOL.placeholders(m) != TOOL.placeholders(s)}
    assert wrong == {}
    assert any("{" in m for m in catalogue), "no message with a placeholder: the test checks nothing"


_SAME_AS_ENGLISH = {
    # notation and abbreviations the languages share
    "NT", "Pass", "Alert", "NS", "EW", "% NS", "% EW", "IMPs", "VPs", "Par", "No.", "Cross-IMPs",
    "Session {number}", "Board-a-match", "Refused", "Table", "Board", "Claim",
    # the compass letters: Polish bridge writes N/E/S/W, Swedish N/Ö/S/V (Latvian Z/A/D/R, Greek Β/Α/Ν/Δ)
    "N", "E", "S", "W",
    # the word itself in Polish and Swedish (a robot's place at the table); Swedish "Version" (of a result)
    # and "session" (an event's session)
    "Robot", "Version", "session",
}


@pytest.mark.parametrize("domain", LABEL_DOMAINS)
@pytest.mark.parametrize("locale", OTHERS)
def test_no_label_is_left_in_english(domain: str, locale: str) -> None:
    """A label whose translation is the English text would be a silent fallback, unless it is notation the
    languages share."""
    catalogue = _catalogue(locale, domain)
    same = sorted(m for m, s in catalogue.items() if s == m and m not in _SAME_AS_ENGLISH)
    assert same == []


def test_placeholders_are_the_format_and_printf_fields() -> None:
    assert TOOL.placeholders("Score N-S {ns}, E-W {ew}") == ["{ew}", "{ns}"]
    assert TOOL.placeholders("%(name)s and {name}") == ["%(name)s", "{name}"]
    assert TOOL.placeholders("100% sure {not a field}") == []


@pytest.fixture
def copied_tool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The tool working on a copy of the catalogues, so that a test may spoil one; ``problems`` then lists
    only what the test spoiled (not what was out of date already, say while a message is being added)."""
    tool = _tool()
    locale_dir = tmp_path / "locale"
    shutil.copytree(TOOL.LOCALE_DIR, locale_dir)
    monkeypatch.setattr(tool, "LOCALE_DIR", locale_dir)
    monkeypatch.setattr(tool, "TEMPLATE", locale_dir / "tenace.pot")
    before = tool.problems()
    everything = tool.problems
    monkeypatch.setattr(tool, "problems", lambda *a: [p for p in everything(*a) if p not in before])
    assert tool.problems() == []
    return tool


def _spoil(tool: ModuleType, locale: str, domain: str, msgid: str, string: str, fuzzy: bool = False) -> None:
    catalogue = tool._read_po(locale, domain)
    message = catalogue[msgid]
    assert message is not None
    message.string = string
    if fuzzy:
        message.flags.add("fuzzy")
    tool.po_path(locale, domain).write_bytes(tool._po_bytes(catalogue))
    tool.compile_all()


def test_check_reports_a_missing_result_page_label(copied_tool: ModuleType) -> None:
    _spoil(copied_tool, "pl", copied_tool.PUBLISH_DOMAIN, "Rankings", "")
    assert copied_tool.problems() == ["pl: tenace_publish: untranslated or fuzzy: 'Rankings'"]


def test_check_reports_a_fuzzy_web_label(copied_tool: ModuleType) -> None:
    _spoil(copied_tool, "sv", copied_tool.WEB_DOMAIN, "Start a table", "Starta ett bord", fuzzy=True)
    assert copied_tool.problems() == ["sv: tenace_web: untranslated or fuzzy: 'Start a table'"]


def test_check_reports_a_translation_that_loses_a_placeholder(copied_tool: ModuleType) -> None:
    _spoil(copied_tool, "el", copied_tool.PUBLISH_DOMAIN, "Board {number}", "Διανομή {num}")
    assert copied_tool.problems() == [
        "el: tenace_publish: the placeholders differ from the English: 'Board {number}'"
    ]


def test_check_reports_a_catalogue_not_compiled(copied_tool: ModuleType) -> None:
    catalogue = copied_tool._read_po("lv", copied_tool.WEB_DOMAIN)
    catalogue["Join"].string = "Pievienoties tagad"
    copied_tool.po_path("lv", copied_tool.WEB_DOMAIN).write_bytes(copied_tool._po_bytes(catalogue))
    assert copied_tool.problems() == ["lv: tenace_web.mo is out of date: run python tools/i18n.py compile"]


def test_the_command_fails_on_a_gap(copied_tool: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    _spoil(copied_tool, "lv", copied_tool.WEB_DOMAIN, "Club session", "")
    assert copied_tool.main(["i18n.py", "check"]) == 1
    assert "lv: tenace_web: untranslated or fuzzy: 'Club session'\n" in capsys.readouterr().err


# --- pages rendered in each language ----------------------------------------------------------------------


class _Texts(HTMLParser):
    """The visible texts of a page, and the texts of the attributes a reader hears or sees."""

    ATTRIBUTES = ("aria-label", "title", "placeholder", "value", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        hidden = ("type", "hidden") in attrs
        for name, value in attrs:
            if name == "value" and tag != "input":  # an <option>'s value is sent, not shown
                continue
            if name in self.ATTRIBUTES and value and not hidden:
                self.texts.append(" ".join(value.split()))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not self._skip:
            self.texts.append(text)


def _texts(page: str) -> list[str]:
    parser = _Texts()
    parser.feed(page)
    return parser.texts


def _words(text: str) -> bool:
    return sum(c.isalpha() for c in text) >= 2


def _english_left(english: str, other: str, data: set[str]) -> list[str]:
    """Texts found in both renderings that still have words once the data and the notation the languages
    share are taken out of them."""
    others = set(_texts(other))
    removed = sorted(data | _SAME_AS_ENGLISH | _NOTATION, key=len, reverse=True)
    left = set()
    for text in _texts(english):
        if text not in others:
            continue
        rest = text
        for part in removed:
            rest = rest.replace(part, " ")
        if _words(rest):
            left.add(text)
    return sorted(left)


_NOTATION = {"X", "XX", "NT", "N/S", "E/W"}


# the data the pages below are given, and names that are the same in every language
_NAMES = {"Tenace", "Howell", "Mitchell", *pages.LANGUAGE_NAMES.values()}


# what the club pages are given besides their own context (a page ignores what it does not use)
_COMMON: dict[str, Any] = {
    "files": {"results": "/club/sessions/s1/results/", "hands": "/club/sessions/s1/results/hands.html"},
    "partial": True, "completed": [1, 2], "mine": True, "club": None,
}


def _web(template: str, locale: str, **context: Any) -> str:
    links = {code: f"/?lang={code}" for code in pages.LOCALES}
    return pages.render(template, locale, path="/", language_links=links, csrf="csrf-token",
                        **(_COMMON | context))


def _club_context() -> dict[str, Any]:
    from tournament._publish_data import small_event

    _, results = small_event()
    session = {"id": "s1", "name": "Friday pairs", "movement": "howell-3", "round": 1, "rounds": 5,
               "status": "playing", "published": {"index.html": "x"},
               "tables": [{"table_id": "t1", "table": 1, "board": 2, "ns": "1", "ew": "2", "score_ns": 420,
                           "done": True}]}
    guests = [{"pair": "3", "name": "guest-pair", "url": "/tables/t1?token=abc"}]
    return {"session": session, "results": results, "percent": str, "director": True, "guests": guests}


def _console_context(locale: str = "en") -> dict[str, Any]:
    """The console with three calls; each table is shown in the notation the console computes for the page's
    language (:func:`tenace.server.club.table_notation`), from a real table: 1S by North, then play."""
    from tenace import Board, Deal, parse_call
    from tenace.laws import CallMade, CardPlayed, Table
    from tenace.seats import Seat
    from tenace.server.club import table_notation

    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    table = Table.new(Board(1, deal))
    for seat, call in ((Seat.NORTH, "1S"), (Seat.EAST, "P"), (Seat.SOUTH, "P"), (Seat.WEST, "P")):
        table = table.apply(CallMade(seat, parse_call(call), alert=seat is Seat.NORTH))
    table = table.apply(CardPlayed(Seat.EAST, min(deal[Seat.EAST])))
    shown = table_notation(table, locale)
    view = {"phase": "play period", "contract": "4S", "hands": {"N": ["SA", "HK"]},
            "calls": [{"seat": "N", "call": "1S", "alert": True}]}
    decision = {"table_id": "t1", "seq": 7, "club": {"table": 1, "round": 2}, "board": 3, "kind": "decision",
                "pending": {"text": "decision-text", "law": "L27", "actor": "S",
                            "options": [{"index": 0, "label": "option-label", "law": "L27A"}]},
                "view": view, "record": ["record-line"], "table": shown}
    waiting = dict(decision, table_id="t2", kind="other", club=None)
    claimed = dict(view, claim={"seat": "S", "tricks": 3, "statement": "claim-statement"},
                   tricks=[{"winner": "N"}, {"winner": "E"}])
    claim = dict(decision, table_id="t3", kind="claim", pending=None, view=claimed)
    sessions = [{"id": "s1", "name": "Friday pairs", "movement": "howell-3", "round": 1, "rounds": 5,
                 "status": "between-rounds"}]
    return {"calls": [decision, waiting, claim], "sessions": sessions, "user": _User()}


class _User:
    username = "ann"


_WEB_PAGES: dict[str, tuple[dict[str, Any], set[str]]] = {
    "lobby.html.j2": ({"can_start": True, "error": "error-text"}, set()),
    "director_login.html.j2": ({}, set()),
    "table.html.j2": ({"table_id": "t1", "token": "tok", "strings": "{}",
                       "club": {"state": "/club/sessions/s1/state", "name": "Friday pairs", "next": "/next",
                                "page": "/club/sessions/s1", "results": "/club/sessions/s1/results/"}},
                      {"Friday pairs"}),
    "club_wait.html.j2": ({"session": {"id": "s1", "name": "Friday pairs", "status": "playing"}, "pair": "3"},
                          {"Friday pairs"}),
    "club_session.html.j2": (_club_context(),
                             {"Friday pairs", "howell-3", "guest-pair", "/tables/t1?token=abc"}),
    "my_boards.html.j2": ({"refusal": None, "data": {"page": 1, "pages": 2}, "links": {"older": "/older"},
                           "rows": [{"date": "2026-11-27 10:00", "datetime": "2026-11-27T10:00:00+00:00",
                                     "where": "where-text", "board": "3", "seat": "seat-text",
                                     "contract": "contract-text", "result": "+1 (11)", "score": "+450",
                                     "field": "62.50 %", "replay": "/replay/t1/1",
                                     "replay_label": "replay-label"}]},
                          {"where-text", "seat-text", "contract-text", "replay-label", "UTC"}),
    "director_console.html.j2": (_console_context(), {"Friday pairs", "howell-3", "decision-text", "ann",
                                                      "option-label", "record-line", "L27", "L27A", "SA HK",
                                                      "claim-statement"}),
}


@pytest.mark.parametrize("template", sorted(_WEB_PAGES))
@pytest.mark.parametrize("locale", OTHERS)
def test_web_pages_show_no_english_label(template: str, locale: str) -> None:
    context, data = _WEB_PAGES[template]
    english = _web(template, "en", **context)
    if template == "director_console.html.j2":  # the tables are shown in the page's own notation
        context = _console_context(locale)
        shown = context["calls"][0]["table"]  # card ranks are written A K Q J 10 in every language
        data = data | {s["ranks"] for h in shown["hands"] for key in ("deal", "left") for s in h[key] or ()}
    other = _web(template, locale, **context)
    assert f'<html lang="{locale}">' in other
    names = {s.name for r in context.get("results", _NoResults()).rankings for s in r.standings}
    assert _english_left(english, other, data | names | _NAMES | {"error-text"}) == []


class _NoResults:
    rankings: tuple[Any, ...] = ()


def test_the_session_status_and_the_phase_are_shown_in_the_language() -> None:
    club = _web("club_session.html.j2", "pl", **_club_context())
    assert '<span id="status" data-status="playing">w trakcie gry</span>' in club
    assert '<th>NS</th><th>EW</th>' in _web("club_session.html.j2", "en", **_club_context())
    assert "<th>ZD</th><th>AR</th>" in _web("club_session.html.j2", "lv", **_club_context())
    console = _web("director_console.html.j2", "sv", **_console_context("sv"))
    assert "<dd>spelperioden</dd>" in console and "mellan ronderna" in console
    assert 'value="Klubbsession"' in console


@pytest.mark.parametrize("locale", OTHERS)
def test_the_table_clients_labels_are_translated(locale: str) -> None:
    strings = pages.client_strings(locale)
    assert set(strings) == set(pages.CLIENT_STRINGS)
    same = sorted(k for k, v in strings.items() if k == v and k not in _SAME_AS_ENGLISH)
    assert same == []
    assert TOOL.placeholders(strings["Score N-S {ns}, E-W {ew}"]) == ["{ew}", "{ns}"]


@pytest.mark.parametrize("locale", OTHERS)
def test_the_results_page_shows_no_english_label(locale: str) -> None:
    from tournament._publish_data import NAMES, PENALTY, small_event

    event, results = small_event()
    english = render_html(event, results)
    other = render_html(event, results, locale=locale)
    data = {*NAMES.values(), event.name, results.event, PENALTY.reason}
    assert _english_left(english, other, data) == []
    _ = publish_gettext(locale)
    assert f"<h2>{_('Rankings')}</h2>" in other and _("Rankings") != "Rankings"


def test_an_assigned_adjusted_score_is_abbreviated_in_the_language() -> None:
    from tournament._publish_data import small_event

    event, results = small_event()
    english = render_html(event, results)
    polish = render_html(event, results, locale="pl")
    assert ">Adj " in english
    assert ">Adj " not in polish and ">Arb. " in polish
    assert english.count(">Adj ") == polish.count(">Arb. ")
