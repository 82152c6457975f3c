"""A Director runs a team match of robots from the console in a real browser (Playwright driving Debian's
Chromium) against the real server (uvicorn in a thread, SQLite in a temporary folder): the console's form
offers teams and IMP scoring; the session's page shows each table's room while the match is played, then the
match's IMPs and victory points and the ranking in VPs, equal to ``score_event`` over the stored results;
the published results list the two teams. The console's form and the session's page are checked at a
1366x650 laptop, a 1920x1080 desktop, a 768x1024 tablet and a 390x844 phone: nothing is wider than the
window. Screenshots go to ``$TENACE_ARTEFACTS`` (default: the test's ``tmp_path``).

The test waits on page states, except for the Director reloading the session's page while the robots play.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")
app_module = pytest.importorskip("tenace.server.app")

from playwright.sync_api import Browser, Page  # noqa: E402

from tenace.server.actors import FallbackRobot  # noqa: E402
from tenace.server.settings import Settings  # noqa: E402
from tenace.store import Store  # noqa: E402
from tenace.tournament.scoring import score_event  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402
from .liveservers import in_thread  # noqa: E402
from .test_browser_accessibility import AXE, _violations  # noqa: E402
from .test_browser_director import PASSWORD, Running, _add_director, _log_in, _status  # noqa: E402

TIMEOUT_MS = 30_000
SESSION_SECONDS = 120.0

pytestmark = needs_chromium

VIEWPORTS = [(1366, 650), (1920, 1080), (768, 1024), (390, 844)]

WIDER_JS = """() => {
  const w = window.innerWidth, out = [];
  for (const e of document.querySelectorAll('main *')) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 0.5) {
      out.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className} ${Math.round(r.right)}`);
    }
  }
  const d = document.documentElement;
  if (d.scrollWidth > w + 1) out.push(`the page scrolls sideways: ${d.scrollWidth}`);
  return out;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = f"sqlite:///{tmp_path_factory.mktemp('teams') / 'tenace.db'}"
    _add_director(db)
    wanted: dict[str, Any] = {"database_url": db, "robot_delay": 0.0, "robot_samples": 0}  # quick robots
    known = {f.name for f in dataclasses.fields(Settings)}
    # robots that play their cards at random: the two rooms' results differ
    app = app_module.create_app(Settings(**{k: v for k, v in wanted.items() if k in known}),
                                robots=FallbackRobot)
    with in_thread(app) as url:
        yield Running(url, db)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


def _artefacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("TENACE_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _fits(page: Page, folder: Path, name: str, axe: bool = False) -> None:
    """Each of the four windows: a screenshot, and nothing wider than the window; with ``axe``, no serious
    or critical axe-core violation at each size (when axe-core is installed)."""
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)  # the layout after the resize
        page.screenshot(path=str(folder / f"club-teams-{name}-{width}x{height}.png"), full_page=True)
        assert page.evaluate(WIDER_JS) == [], (name, width, height)
        if axe and AXE is not None:
            assert _violations(page) == [], (name, width, height)


def test_a_director_runs_a_team_match_of_robots_from_the_console_and_the_page_shows_imps_and_vps(
    server: Running, browser: Browser, tmp_path: Path
) -> None:
    folder = _artefacts(tmp_path)
    context = browser.new_context(bypass_csp=True)  # for axe-core, injected (the pages are unchanged)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _log_in(page, server.url, PASSWORD)
    page.get_by_role("heading", name="New session").wait_for(timeout=TIMEOUT_MS)
    page.get_by_label("Name", exact=True).fill("Friday teams")
    page.get_by_label("Movement").select_option("teams")
    page.get_by_label("Scoring").select_option("")
    page.get_by_label("Teams", exact=True).fill("2")
    page.get_by_label("Boards per round").fill("3")
    page.locator("#session-seating").fill("1: robot, robot, robot, robot")
    page.locator("form.new-session").scroll_into_view_if_needed()
    _fits(page, folder, "console")
    page.set_viewport_size({"width": 1366, "height": 650})
    page.get_by_role("button", name="Create and start round 1").click()
    page.wait_for_url("**/club/sessions/*", timeout=TIMEOUT_MS)
    session_url = page.url.split("?")[0]

    # while the match is played: both rooms, each table named by its room
    rooms = page.locator("table.tables tbody tr")
    assert rooms.count() == 2
    assert {rooms.nth(i).locator("td").nth(1).inner_text() for i in range(2)} == {"open", "closed"}
    _fits(page, folder, "playing")

    deadline = time.monotonic() + SESSION_SECONDS
    while _status(page)[0] != "finished":
        assert time.monotonic() < deadline, _status(page)
        page.wait_for_timeout(500)
        page.reload()

    with Store.open(server.db) as store:
        (event_id,) = [i for i, n in store.events() if n == "Friday teams"]
        scored = score_event(store.event(event_id), store.results(event_id), store.penalties(event_id))
    (match,) = scored.matches
    assert match.vps is not None
    row = page.locator("table.matches tbody tr")
    assert row.count() == 1
    cells = [row.locator("td").nth(i).inner_text() for i in range(5)]
    assert cells == ["1", "1 v 2", "3", f"{float(match.imps[0]):.2f} – {float(match.imps[1]):.2f}",
                     f"{float(match.vps[0]):.2f} – {float(match.vps[1]):.2f}"]
    (ranking,) = scored.rankings
    shown = page.locator("table.rankings tbody tr")
    lines = [(shown.nth(i).locator("td").nth(1).inner_text(), shown.nth(i).locator("td").nth(4).inner_text())
             for i in range(shown.count())]
    assert lines == [(s.contestant, f"{float(s.total):.2f}") for s in ranking.standings]
    assert page.locator("table.rankings th", has_text="VPs").count() == 1
    _fits(page, folder, "finished", axe=True)

    # a player, not logged in, sees the same and the published results
    page.get_by_role("button", name="Publish the results").click()
    page.wait_for_url("**/results/", timeout=TIMEOUT_MS)
    player = browser.new_context(bypass_csp=True).new_page()
    player.goto(f"{session_url}?lang=en")
    assert player.locator("table.matches tbody tr").count() == 1
    _fits(player, folder, "public", axe=True)
    player.get_by_role("link", name="Published results").click()
    player.wait_for_url("**/results/", timeout=TIMEOUT_MS)
    assert "Team IMPs" in player.content()
    assert errors == []
    context.close()


def test_a_director_runs_imp_pairs_from_the_console_and_the_page_ranks_in_imps(
    server: Running, browser: Browser, tmp_path: Path
) -> None:
    folder = _artefacts(tmp_path)
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _log_in(page, server.url, PASSWORD)
    page.get_by_role("heading", name="New session").wait_for(timeout=TIMEOUT_MS)
    page.get_by_label("Name", exact=True).fill("Butler night")
    page.get_by_label("Movement").select_option("mitchell")
    page.get_by_label("Scoring").select_option("butler")
    page.get_by_label("Tables", exact=True).fill("3")
    page.get_by_label("Boards per round").fill("1")
    page.get_by_role("button", name="Create and start round 1").click()
    page.wait_for_url("**/club/sessions/*", timeout=TIMEOUT_MS)
    assert page.locator("#scoring").get_attribute("data-scoring") == "butler"
    deadline = time.monotonic() + SESSION_SECONDS
    while _status(page)[0] != "finished":
        assert time.monotonic() < deadline, _status(page)
        page.wait_for_timeout(500)
        page.reload()

    with Store.open(server.db) as store:
        (event_id,) = [i for i, n in store.events() if n == "Butler night"]
        scored = score_event(store.event(event_id), store.results(event_id), store.penalties(event_id))
    assert [r.title for r in scored.rankings] == ["NS", "EW"]
    tables = page.locator("table.rankings")
    assert tables.count() == 2
    for k, ranking in enumerate(scored.rankings):
        rows = tables.nth(k).locator("tbody tr")
        cells = [rows.nth(i).locator("td") for i in range(rows.count())]
        lines = [(row.nth(1).inner_text(), row.nth(4).inner_text()) for row in cells]
        assert lines == [(s.contestant, f"{float(s.total):.2f}") for s in ranking.standings]
    assert page.locator("table.rankings th", has_text="IMPs").count() == 2
    assert page.locator("table.rankings th", has_text="%").count() == 0
    _fits(page, folder, "imp-pairs", axe=True)
    assert errors == []
    context.close()


def test_an_individual_with_a_round_clock_from_the_console_seats_a_guest_who_sees_the_time_left(
    server: Running, browser: Browser, tmp_path: Path
) -> None:
    folder = _artefacts(tmp_path)
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _log_in(page, server.url, PASSWORD)
    page.get_by_role("heading", name="New session").wait_for(timeout=TIMEOUT_MS)
    page.get_by_label("Name", exact=True).fill("Individual night")
    page.get_by_label("Movement").select_option("individual")
    page.get_by_label("Tables", exact=True).fill("2")
    page.get_by_label("Boards per round").fill("2")
    page.get_by_label("Minutes per board").fill("7.5")
    page.locator("#session-seating").fill("3: guest:Cleo")
    page.get_by_role("button", name="Create and start round 1").click()
    page.wait_for_url("**/club/sessions/*", timeout=TIMEOUT_MS)
    assert "Round 1 ends at" in page.locator("#round-deadline").inner_text()
    assert "7.5 minutes a board" in page.locator("#round-deadline").inner_text()
    _fits(page, folder, "individual-session")
    link = page.locator("a.guest-link").first.get_attribute("href")
    assert link is not None and "/seat/3/1" in link

    guest = browser.new_context(bypass_csp=True).new_page()
    guest.on("pageerror", lambda exc: errors.append(str(exc)))
    guest.goto(f"{server.url}{link}")
    guest.wait_for_url("**/tables/*", timeout=TIMEOUT_MS)
    clock = guest.locator("#round-clock")
    guest.wait_for_function("() => document.getElementById('round-clock').textContent !== ''",
                            timeout=TIMEOUT_MS)
    minutes, seconds = clock.inner_text().split(":")
    assert 14 <= int(minutes) <= 15 and len(seconds) == 2  # two boards of 7.5 minutes, just started
    assert clock.is_visible()
    _fits(guest, folder, "individual-clock", axe=True)
    assert errors == []
    context.close()
