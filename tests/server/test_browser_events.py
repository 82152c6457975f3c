"""The Director's events in a real browser (Playwright driving Debian's Chromium) against the real server
(uvicorn in a thread, SQLite in a temporary folder):

* the Director logs in, creates a 3-table Mitchell at ``/events``, enters the pairs from a CSV file, deals
  the boards, and the results of the slips come in (as ``tenace event correct`` would enter them);
* from the event's page he corrects one result (Law 79C) and awards an artificial adjusted score (Law
  12C2); the rankings on the page equal matchpoints counted here, and the history page shows both with their
  Laws and reasons; a wrong entry comes back with a message naming table, round, board and field;
* the table cards print one a page (as PDF) and the hand records show every board; axe-core finds no
  serious violation on the pages, and no page is wider than the window at 1366x650, 1920x1080, 768x1024 and
  390x844 (screenshots of each go to ``$TENACE_ARTEFACTS``, default: the test's ``tmp_path``).
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")
app_module = pytest.importorskip("tenace.server.app")

import typer  # noqa: E402
from playwright.sync_api import Browser, Page  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from tenace.cli import users  # noqa: E402
from tenace.server.settings import Settings  # noqa: E402
from tenace.store import Store  # noqa: E402
from tenace.tournament.entry import parse_entry  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402
from .liveservers import in_thread  # noqa: E402
from .test_events import expected_totals  # noqa: E402

pytestmark = needs_chromium

TIMEOUT_MS = 30_000
DIRECTOR, PASSWORD = "dan", "correct horse battery"
AXE = next((p for p in (Path(os.environ.get("TENACE_AXE_CORE", "/nonexistent")),
                        Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js")
            if p.is_file()), None)
VIEWPORTS = ({"width": 1366, "height": 650}, {"width": 1920, "height": 1080}, {"width": 768, "height": 1024},
             {"width": 390, "height": 844})
PAIRS_CSV = ("id,name,players\n1NS,Ann & Bob,Ann;Bob\n2NS,Cy & Di,Cy;Di\n3NS,Ed & Flo,Ed;Flo\n"
             "1EW,Gus & Hal,Gus;Hal\n2EW,Ivy & Jo,Ivy;Jo\n3EW,Kit & Lou,Kit;Lou\n")
SLIPS = ["4S N 10", "3NT S 9", "4H E 8", "2D W 9", "PASS", "1C N 7", "3NT N 10", "4S N 9", "5D E 11"]


def _add_director(db: str) -> None:
    root = typer.Typer()
    users.register(root)

    @root.callback()
    def _root() -> None:
        """tenace"""

    answer = CliRunner().invoke(root, ["user", "add", DIRECTOR, "--role", "director", "--db", db],
                                input=PASSWORD + "\n")
    assert answer.exit_code == 0, answer.output


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    db = f"sqlite:///{tmp_path_factory.mktemp('events') / 'tenace.db'}"
    _add_director(db)
    wanted: dict[str, Any] = {"database_url": db, "robot_samples": 0}
    known = {f.name for f in dataclasses.fields(Settings)}
    app = app_module.create_app(Settings(**{k: v for k, v in wanted.items() if k in known}))
    with in_thread(app) as url:
        yield url, db


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


def _log_in(page: Page, url: str) -> None:
    page.goto(f"{url}/director?lang=en")
    page.get_by_label("User name").fill(DIRECTOR)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def _create(page: Page, url: str, name: str) -> int:
    page.goto(f"{url}/events?lang=en")
    page.locator("#ev-name").fill(name)
    page.locator("#ev-kind").select_option("pairs")
    page.locator("#ev-movement").select_option("mitchell")
    page.locator("#ev-tables").fill("3")
    page.locator("#ev-boards").fill("1")
    page.locator("#new-event button[type=submit]").click()
    page.wait_for_url(re.compile(r"/events/\d+$"), timeout=TIMEOUT_MS)
    return int(page.url.rsplit("/", 1)[1])


def _fill(page: Page, prefix: str, table: int, round_: int, board: int) -> None:
    page.locator(f"#{prefix}-table").fill(str(table))
    page.locator(f"#{prefix}-round").fill(str(round_))
    page.locator(f"#{prefix}-board").fill(str(board))


def _fits(page: Page, what: str) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1] + 1, f"{what}: the page is wider than the window: {width}"


def test_the_director_runs_an_event_from_the_browser(served: tuple[str, str], browser: Browser,
                                                      tmp_path: Path) -> None:
    url, db = served
    folder = Path(os.environ.get("TENACE_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=VIEWPORTS[0])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _log_in(page, url)
    event_id = _create(page, url, "Tuesday pairs")

    # the pairs from a CSV file
    page.locator("#e-file").set_input_files({"name": "pairs.csv", "mimeType": "text/csv",
                                             "buffer": PAIRS_CSV.encode()})
    page.locator("#entries-file button[type=submit]").click()
    page.locator("p.done").wait_for(timeout=TIMEOUT_MS)
    assert page.locator('tr[data-contestant="2EW"]').inner_text().split("\t")[1] == "Ivy & Jo"
    # a bad file: the line and field named, nothing changed
    page.locator("#e-file").set_input_files({"name": "bad.csv", "mimeType": "text/csv",
                                             "buffer": b"id,name\n1NS,Ann\n9NS,Zed\n"})
    page.locator("#entries-file button[type=submit]").click()
    alert = page.locator("p.error[role=alert]")
    alert.wait_for(timeout=TIMEOUT_MS)
    assert "bad.csv:3: id" in alert.inner_text()
    assert page.locator('tr[data-contestant="1NS"]').inner_text().split("\t")[1] == "Ann & Bob"

    # deal the boards (Law 6)
    page.locator("#deal").click()
    page.locator("p.done").wait_for(timeout=TIMEOUT_MS)
    assert "Boards 1 to 3 are dealt" in page.locator("#boards-state").inner_text()

    # the slips come in (as the Director's late entries, from the same page's API)
    with Store.open(db) as store:
        movement = store.event(event_id).sessions[0].movements[0]
    seated = {(s.table, s.round): s for s in movement.seatings}
    typed: dict[tuple[int, int, int], str] = {}
    for i, ((table, round_), seating) in enumerate(sorted(seated.items())):
        board = seating.boards[0]
        typed[(table, round_, board)] = SLIPS[i]
        answer = page.request.post(f"{url}/events/{event_id}/correct", data={
            "table": table, "round": round_, "board": board, "result": SLIPS[i], "reason": "from the slip"})
        assert answer.status == 200, answer.text()
    page.goto(f"{url}/events/{event_id}?lang=en")

    # a wrong correction: table, round, board and field named; nothing changes
    _fill(page, "c", 1, 1, 3)
    page.locator("#c-result").fill("4S N 10")
    page.locator("#c-reason").fill("wrong board")
    page.locator("#correct button[type=submit]").click()
    alert.wait_for(timeout=TIMEOUT_MS)
    assert alert.inner_text().startswith("Table 1, round 1, board 3, board:")

    # a correction (Law 79C) and an artificial adjusted score (Law 12C2)
    page.locator('#results tr[data-table="2"][data-round="1"] button.fill').click()  # fills where
    assert [page.locator(f"#c-{n}").input_value() for n in ("table", "round", "board")] == ["2", "1", "2"]
    assert page.locator("#a-board").input_value() == "2"
    page.locator("#c-result").fill("3NT S 10")
    page.locator("#c-reason").fill("tricks miscounted")
    page.locator("#correct button[type=submit]").click()
    page.locator("p.done").wait_for(timeout=TIMEOUT_MS)
    typed[(2, 1, 2)] = "3NT S 10"
    _fill(page, "a", 1, 2, 2)
    page.locator("#a-artificial").fill("A60/40")
    page.locator("#a-reason").fill("slow play stopped the board")
    page.locator("#adjust button[type=submit]").click()
    page.locator("p.done").wait_for(timeout=TIMEOUT_MS)
    assert "A60/40" in page.locator('#results tr[data-table="1"][data-round="2"]').inner_text()

    # the rankings on the page equal matchpoints counted here
    shown = {row.get_attribute("data-contestant"): Fraction(str(row.get_attribute("data-total")))
             for row in page.locator("#rankings tr[data-contestant]").all()}
    assert shown == expected_totals(seated, typed, (1, 2, 2), Fraction(3, 5), Fraction(2, 5))
    for (table, round_, board), text in typed.items():  # and the slips parse as the page shows them
        parse_entry(text, board=board, round=round_, table=table, ns=seated[(table, round_)].ns,
                    ew=seated[(table, round_)].ew)
    page.screenshot(path=str(folder / "events-event-1366x650.png"))

    # the history: both, with their Laws and reasons
    page.get_by_role("link", name="History").click()
    page.locator("#history-page").wait_for(timeout=TIMEOUT_MS)
    rows = [r.inner_text() for r in page.locator('tr[data-action="correct"]').all()]
    assert any("79C" in r and "tricks miscounted" in r and "3NT" in r for r in rows), rows
    assert any("12C2" in r and "slow play stopped the board" in r for r in rows), rows
    assert any("Law 6" in r or "\t6\t" in r for r in
               [x.inner_text() for x in page.locator('tr[data-action="boards"]').all()])

    # the table cards and hand records print
    page.goto(f"{url}/events/{event_id}/cards?lang=en")
    assert page.locator("article.table-card").count() == 3
    assert "Ann & Bob" in page.locator('article.table-card[data-table="1"]').inner_text()
    page.emulate_media(media="print")
    assert not page.locator("header.site").is_visible()
    printed = page.pdf(format="A4")  # printed: one card a page
    (folder / "events-cards.pdf").write_bytes(printed)
    assert len(re.findall(rb"/Type\s*/Page[^s]", printed)) == 3
    page.emulate_media(media="screen")
    page.goto(f"{url}/events/{event_id}/hands?lang=en")
    assert "Board 3" in page.content()

    # every page at every size: no wider than the window; screenshots to look at
    pages = {"list": "/events", "event": f"/events/{event_id}", "history": f"/events/{event_id}/history",
             "cards": f"/events/{event_id}/cards", "hands": f"/events/{event_id}/hands"}
    for viewport in VIEWPORTS:
        page.set_viewport_size(viewport)
        size = f"{viewport['width']}x{viewport['height']}"
        for name, path in pages.items():
            page.goto(f"{url}{path}?lang=en")
            page.wait_for_load_state()
            page.screenshot(path=str(folder / f"events-{name}-{size}.png"), full_page=True)
            _fits(page, f"{name} {size}")
    context.close()
    assert errors == []


@pytest.mark.skipif(AXE is None, reason="axe-core is not installed (npm install axe-core or TENACE_AXE_CORE)")
def test_axe_finds_no_serious_violation_on_the_events_pages(served: tuple[str, str],
                                                            browser: Browser) -> None:
    """The events list, an event's page (with a refusal shown), its history and table cards, in Polish, on a
    phone and a laptop."""
    assert AXE is not None
    url, _ = served
    for viewport in (VIEWPORTS[3], VIEWPORTS[0]):
        context = browser.new_context(viewport=viewport, bypass_csp=True)  # to add axe
        page = context.new_page()
        _log_in(page, url)
        event_id = _create(page, url, "Axe pairs")
        page.locator("#p-points").fill("lots")
        page.locator("#p-reason").fill("slow")
        page.locator("#penalty button[type=submit]").click()
        page.locator("p.error[role=alert]").wait_for(timeout=TIMEOUT_MS)
        for path in ("/events", f"/events/{event_id}", f"/events/{event_id}/history",
                     f"/events/{event_id}/cards"):
            page.goto(f"{url}{path}?lang=pl")
            page.add_script_tag(content=AXE.read_text())
            found = page.evaluate("""async () => (await axe.run()).violations
                .filter(v => v.impact === "serious" || v.impact === "critical")
                .map(v => [v.id, v.nodes.map(n => n.html).slice(0, 3)])""")
            assert found == [], (path, viewport, found)
        context.close()
