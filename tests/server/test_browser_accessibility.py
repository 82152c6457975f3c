"""axe-core (npm, installed by the test setup) finds no serious or critical violation on the lobby, the
table page in each phase a player meets (the auction, the play, a claim, the result), the Director's login
page and his console, at a laptop's and a phone's size (issue 12, item 8). The replay viewer and the
table-scoring pages have their own checks (test_browser_replay.py, test_browser_table_scoring.py).

The pages' content security policy allows no inline script, so the browser context bypasses it to inject
axe-core (the pages themselves are unchanged)."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page  # noqa: E402

from tenace.server import app as app_module  # noqa: E402
from tenace.server.settings import Settings  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402
from .liveservers import in_thread  # noqa: E402
from .test_browser import TIMEOUT_MS, _state  # noqa: E402
from .test_browser_director import DIRECTOR, PASSWORD, _add_director  # noqa: E402

AXE = next((p for p in (Path(os.environ.get("TENACE_AXE_CORE", "/nonexistent")),
                        Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js")
            if p.is_file()), None)
"""axe-core (npm), when it is installed: ``$TENACE_AXE_CORE`` or the repository's node_modules."""
SIZES = {"laptop": (1366, 650), "phone": (390, 844)}
DEAL = "N:T987.JT9.JT9.JT9 6543.876.876.876 AKQJ.AKQ.AKQ.AKQ 2.5432.5432.5432"
"""South holds every high card: he bids 7NT at once and claims after the opening lead."""

pytestmark = [needs_chromium,
              pytest.mark.skipif(AXE is None, reason="axe-core is not installed (npm ci or TENACE_AXE_CORE)")]


@dataclasses.dataclass(frozen=True)
class Served:
    url: str
    app: Any


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    db = f"sqlite:///{tmp_path_factory.mktemp('axe') / 'tenace.db'}"
    _add_director(db)
    settings = Settings(anonymous_tables=True, database_url=db, robot_delay=0.0, robot_samples=0)
    app = app_module.create_app(settings)
    with in_thread(app) as url:
        yield Served(url, app)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


def _violations(page: Page) -> list[Any]:
    assert AXE is not None
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found: list[Any] = page.evaluate("""async () => (await axe.run()).violations
        .filter(v => v.impact === "serious" || v.impact === "critical")
        .map(v => [v.id, v.help, v.nodes.map(n => n.html).slice(0, 3)])""")
    return found


def _page(browser: Browser, server: Served, size: str) -> Page:
    width, height = SIZES[size]
    context = browser.new_context(base_url=server.url, viewport={"width": width, "height": height},
                                  bypass_csp=True)
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_lobby(browser: Browser, server: Served, size: str, lang: str) -> None:
    page = _page(browser, server, size)
    page.goto(f"/?lang={lang}")
    assert _violations(page) == []
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_table_in_each_phase(browser: Browser, server: Served, size: str) -> None:
    page = _page(browser, server, size)
    board = {"number": 5, "dealer": "W", "vulnerability": "NS", "deal": DEAL}
    created = page.request.post("/api/tables", data={"humans": ["S"], "boards": 1, "board": board})
    assert created.status == 201, created.text()
    body = created.json()
    page.goto(f"/tables/{body['id']}?token={body['tokens']['S']}&lang=en")
    checked = []
    for _ in range(40):
        state = _state(page)
        if state not in checked:
            found = _violations(page)
            assert found == [], (state, [(v[0], v[1], v[2][:1]) for v in found])
            checked.append(state)
        if state == "end":
            break
        seq = int(page.locator("#table").get_attribute("data-seq") or "0")
        if state == "call":
            button = page.locator('#bidding-box button[data-call="7NT"]')
            (button if button.is_enabled() else page.locator('#bidding-box button[data-call="P"]')).click()
        elif state == "card":
            page.click("#claim-button")
            page.locator("#claim-tricks").wait_for(state="visible")
            assert _violations(page) == [], "claim dialog"
            checked.append("claim")
            page.select_option("#claim-tricks", "13")
            page.fill("#claim-statement", "All high.")
            page.click("#claim-submit")
        else:
            pytest.fail(f"South has nothing to do in state {state}")
        page.wait_for_function(f"() => Number(document.getElementById('table').dataset.seq) > {seq}"
                               " || !document.getElementById('score').hidden", timeout=TIMEOUT_MS)
    assert checked[0] == "call" and {"card", "claim", "end"} <= set(checked), checked
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_directors_login_and_console(browser: Browser, server: Served, size: str) -> None:
    page = _page(browser, server, size)
    page.goto("/director?lang=en")
    assert _violations(page) == [], "login"
    page.get_by_label("User name").fill(DIRECTOR)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="New session").wait_for()
    assert _violations(page) == [], "console"
    page.context.close()
