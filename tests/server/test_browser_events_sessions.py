"""The sessions of an event on its page in a real browser (Playwright driving Debian's Chromium): the
Director adds a second session with its button, lands on it (chosen in the list of sessions), deals its
boards there; the page fits the window at 1366x650, 1920x1080, 768x1024 and 390x844 (screenshots to
``$TENACE_ARTEFACTS``) and axe-core finds no serious violation on it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

from playwright.sync_api import Browser, BrowserContext, Page  # noqa: E402

from tenace.store import Store  # noqa: E402

from .chromium import needs_chromium  # noqa: E402
from .test_browser_table_scoring import TIMEOUT_MS, _log_in, browser, served  # noqa: E402
from .test_browser_table_scoring_kinds import VIEWPORTS, _axe, _fits  # noqa: E402

pytestmark = needs_chromium
__all__ = ["browser", "served"]  # the fixtures, shared with the pairs' test


def _director(browser: Browser, url: str, tmp_path: Path) -> tuple[Path, BrowserContext, Page, list[str]]:
    """The artefacts folder, and the Director logged in on a laptop-sized page that collects its errors."""
    folder = Path(os.environ.get("TENACE_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=VIEWPORTS[0], bypass_csp=True)  # to add axe
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _log_in(page, url)
    return folder, context, page, errors


def _new_event(page: Page, url: str, name: str, kind: str, movement: str, **numbers: str) -> int:
    """A new event from the events page's form (``numbers``: the ``#ev-...`` fields); its id."""
    page.goto(f"{url}/events?lang=en")
    page.locator("#ev-name").fill(name)
    page.locator("#ev-kind").select_option(kind)
    page.locator("#ev-movement").select_option(movement)
    for field, value in numbers.items():
        page.locator(f"#ev-{field}").fill(value)
    page.locator("#new-event button[type=submit]").click()
    page.wait_for_url(re.compile(r"/events/\d+$"), timeout=TIMEOUT_MS)
    return int(page.url.rsplit("/", 1)[1])


def test_the_director_adds_a_session_and_chooses_it(served: tuple[str, str], browser: Browser,
                                                    tmp_path: Path) -> None:
    url, db = served
    folder, context, page, errors = _director(browser, url, tmp_path)
    event_id = _new_event(page, url, "Two-session pairs", "pairs", "howell", tables="3", boards="1")
    page.locator("#add-session").click()
    page.wait_for_url(re.compile(rf"/events/{event_id}\?session=2"), timeout=TIMEOUT_MS)
    assert page.locator('#sessions a[aria-current="page"]').inner_text() == "Session 2"
    page.locator("#deal").click()
    page.wait_for_url(re.compile(r"session=2.*done=boards"), timeout=TIMEOUT_MS)
    with Store.open(db) as store:
        assert [s.number for s in store.event(event_id).sessions] == [1, 2]
        assert [c.reason for c in store.history(event_id) if c.action == "boards"][-1].startswith("session 2")
    page.locator('#sessions a[data-session="1"]').click()
    page.wait_for_url(re.compile(rf"/events/{event_id}$"), timeout=TIMEOUT_MS)
    assert page.locator("#boards-state").inner_text() == "The boards are not dealt yet."
    for viewport in VIEWPORTS:
        page.set_viewport_size(viewport)
        size = f"{viewport['width']}x{viewport['height']}"
        page.goto(f"{url}/events/{event_id}?session=2&lang=en")
        page.wait_for_load_state()
        page.screenshot(path=str(folder / f"events-session2-{size}.png"), full_page=False)
        _fits(page, f"session 2 {size}")
    page.set_viewport_size(VIEWPORTS[3])
    page.goto(f"{url}/events/{event_id}?session=2&lang=pl")
    _axe(page, "session 2 (pl)")
    context.close()
    assert errors == []


def test_a_knockouts_bracket_pairs_the_winners_from_the_page(served: tuple[str, str], browser: Browser,
                                                             tmp_path: Path) -> None:
    from tenace.tournament.entry import parse_entry

    url, db = served
    folder, context, page, errors = _director(browser, url, tmp_path)
    event_id = _new_event(page, url, "Club cup", "teams", "knockout", teams="4", boards="1", rounds="1")
    # the slips of the first stage come in (as `tenace event correct` enters them): the home teams win
    with Store.open(db) as store:
        for s in store.event(event_id).sessions[0].movements[0].seatings:
            text = "4S N 10" if s.room == "open" else "4S N 8"
            for board in s.boards:
                result = parse_entry(text, board=board, round=s.round, table=s.table, ns=s.ns, ew=s.ew)
                store.correct(event_id, 1, result, by="dan", reason="slips", law="79C")
    page.goto(f"{url}/events/{event_id}?lang=en")
    winners = [m.get_attribute("data-winner") for m in page.locator("#bracket .match").all()]
    assert winners == ["1", "3"]
    page.locator("#next-stage").click()
    page.wait_for_url(re.compile(r"session=2"), timeout=TIMEOUT_MS)
    final = page.locator('#bracket .stage[data-session="2"] .match')
    assert (final.get_attribute("data-home"), final.get_attribute("data-away")) == ("1", "3")
    for viewport in VIEWPORTS:
        page.set_viewport_size(viewport)
        size = f"{viewport['width']}x{viewport['height']}"
        page.goto(f"{url}/events/{event_id}?session=2&lang=en#bracket")
        page.wait_for_load_state()
        page.locator("#bracket").screenshot(path=str(folder / f"events-bracket-{size}.png"))
        _fits(page, f"bracket {size}")
    _axe(page, "bracket")
    context.close()
    assert errors == []
