"""The published results of a club session in Chromium (issue 13, item 4), as the server serves them: at a
1366x650 laptop, a 1920x1080 desktop, a 768x1024 tablet and a 390x844 phone the page never scrolls sideways
(a wide table scrolls inside its own box), the title, date and downloads are in the first screen, and
axe-core finds no serious or critical violation. Printed, it keeps the rankings and hides the navigation. The
hand records beside it (A4 pages for printing) do not scroll sideways either.

Screenshots (the top of the page and the first board, on screen and printed) are saved to
``$TENACE_ARTEFACTS`` (default: the test's ``tmp_path``)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page  # noqa: E402

from tenace.server import app as app_module  # noqa: E402
from tenace.server.settings import Settings  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402
from .liveservers import in_thread  # noqa: E402
from .test_browser import TIMEOUT_MS  # noqa: E402
from .test_browser_accessibility import AXE, _violations  # noqa: E402
from .test_browser_director import DIRECTOR, PASSWORD, _add_director  # noqa: E402

pytestmark = needs_chromium

SIZES = [
    pytest.param(1366, 650, "en", id="laptop-1366x650"),
    pytest.param(1920, 1080, "pl", id="desktop-1920x1080"),
    pytest.param(768, 1024, "sv", id="tablet-768x1024"),
    pytest.param(390, 844, "el", id="phone-390x844"),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[tuple[str, str]]:
    """A live server with a 2-table Howell of robots, played to the end and published in each language the
    tests look at; the server's address and the session's id."""
    db = f"sqlite:///{tmp_path_factory.mktemp('results') / 'tenace.db'}"
    _add_director(db)
    settings = Settings(database_url=db, robot_delay=0.0, robot_samples=0)
    with in_thread(app_module.create_app(settings)) as url:
        context = browser.new_context(base_url=url)
        api = context.request
        assert api.post("/auth/login", data={"username": DIRECTOR, "password": PASSWORD}).ok
        created = api.post("/club/sessions", data={
            "name": "Club night", "movement": "howell", "tables": 2, "boards_per_round": 2, "start": True,
        })
        assert created.status == 201, created.text()
        session_id = created.json()["id"]
        deadline = time.monotonic() + 120
        while api.get(f"/club/sessions/{session_id}/state").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the robots did not finish the session"
            time.sleep(0.2)
        context.close()
        yield url, session_id


def _artefacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("TENACE_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _publish(browser: Browser, url: str, session_id: str, lang: str) -> None:
    context = browser.new_context(base_url=url)
    api = context.request
    assert api.post("/auth/login", data={"username": DIRECTOR, "password": PASSWORD}).ok
    answer = api.post(f"/club/sessions/{session_id}/publish?lang={lang}", data={})
    assert answer.ok, answer.text()
    context.close()


def _inside(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5


@pytest.mark.parametrize(("width", "height", "lang"), SIZES)
def test_the_published_results_fit_every_screen_and_pass_axe(
    browser: Browser, published: tuple[str, str], tmp_path: Path, width: int, height: int, lang: str
) -> None:
    url, session_id = published
    _publish(browser, url, session_id, lang)
    context = browser.new_context(base_url=url, viewport={"width": width, "height": height}, bypass_csp=True)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"/club/sessions/{session_id}/results/")
    assert page.locator("html").get_attribute("lang") == lang
    folder = _artefacts(tmp_path)
    page.screenshot(path=str(folder / f"results-top-{width}x{height}.png"))
    scroll = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll[0] <= scroll[1], f"the page scrolls sideways: {scroll}"
    for selector in ("h1", "#date", "#downloads"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, selector  # in the first screen
        assert _inside(page, selector), selector
    # a table wider than the window scrolls inside its box, which stays within the page
    for box in page.locator("div.scroll").all():
        inner = box.evaluate("(e) => [e.getBoundingClientRect().right, e.scrollWidth, e.clientWidth]")
        assert inner[0] <= width + 0.5
    page.locator("section.board").first.scroll_into_view_if_needed()
    page.screenshot(path=str(folder / f"results-board-{width}x{height}.png"))
    if AXE is not None:
        assert _violations(page) == []
    page.emulate_media(media="print")
    assert not page.locator("nav").first.is_visible()  # no navigation on paper
    assert page.locator("table.ranking").first.is_visible()
    page.screenshot(path=str(folder / f"results-print-{width}x{height}.png"))
    # the printable hand records: on a screen narrower than A4, the boards one under another
    page.emulate_media(media="screen")
    page.goto(f"/club/sessions/{session_id}/results/hands.html")
    scroll = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll[0] <= scroll[1], f"the hand records scroll sideways: {scroll}"
    page.screenshot(path=str(folder / f"hands-{width}x{height}.png"))
    context.close()
