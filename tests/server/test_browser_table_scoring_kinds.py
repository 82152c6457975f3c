"""A face-to-face team match scored from both rooms' devices in a real browser (Playwright driving Debian's
Chromium) against the real server (uvicorn in a thread, SQLite in a temporary folder):

* the Director makes a two-team match at ``/events``, deals its boards and opens *The tables' devices*;
* at each table (the open and the closed room) North's phone keys in each board and sends it, East's tablet
  shows the score and East-West confirm it there (Law 79A); the device names its room, the teams and the
  other room's table, and after each board shows the match's traveller with the IMPs;
* in the closed room North's phone goes offline for the last board, keeps the entry and its confirmation
  and sends both when the connection is back; nothing is stored twice;
* the match's IMPs and VPs on the event's page and the Director's scoring page equal a computation here
  (the WBF IMP scale from the oracles, Law 78B; the WBF 2013 VP formula);
* an individual's device names the four players by seat; the pages fit the window at 1366x650, 1920x1080,
  768x1024 and 390x844 (screenshots to ``$TENACE_ARTEFACTS``) and axe-core finds no serious violation.
"""

from __future__ import annotations

import os
import re
from fractions import Fraction
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

from tenace.store import Store  # noqa: E402

from .chromium import needs_chromium  # noqa: E402
from .test_browser_table_scoring import (  # noqa: E402
    AXE,
    PHONE,
    TABLET,
    TIMEOUT_MS,
    Keyed,
    _key_in,
    _log_in,
    _shown_score,
    browser,
    served,
)
from .test_table_scoring_kinds import _imps, _wbf_vps  # noqa: E402

pytestmark = needs_chromium
__all__ = ["browser", "served"]  # the fixtures, shared with the pairs' test

VIEWPORTS = ({"width": 1366, "height": 650}, {"width": 1920, "height": 1080}, {"width": 768, "height": 1024},
             {"width": 390, "height": 844})
KEYED = [Keyed(4, "S", "", "N", 10), Keyed(3, "NT", "", "S", 8), Keyed(4, "S", "", "N", 9),
         Keyed(2, "H", "X", "E", 8)]
"""Open room board 1, board 2, then closed room board 1, board 2."""


def _fits(page: Page, what: str) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1] + 1, f"{what}: the page is wider than the window: {width}"


def _axe(page: Page, what: str) -> None:
    if AXE is None:
        return
    page.add_script_tag(content=AXE.read_text())
    found = page.evaluate("""async () => (await axe.run()).violations
        .filter(v => v.impact === "serious" || v.impact === "critical")
        .map(v => [v.id, v.nodes.map(n => n.html).slice(0, 3)])""")
    assert found == [], (what, found)


def _new_event(page: Page, url: str, name: str, kind: str, movement: str, **sizes: str) -> int:
    page.goto(f"{url}/events?lang=en")
    page.locator("#ev-name").fill(name)
    page.locator("#ev-kind").select_option(kind)
    page.locator("#ev-movement").select_option(movement)
    for field, value in sizes.items():
        page.locator(f"#ev-{field}").fill(value)
    page.locator("#new-event button[type=submit]").click()
    page.wait_for_url(re.compile(r"/events/\d+$"), timeout=TIMEOUT_MS)
    page.locator("#deal").click()
    page.wait_for_load_state()
    return int(page.url.split("?")[0].split("#")[0].rsplit("/", 1)[1])


def _devices(page: Page) -> dict[int, str]:
    page.get_by_role("link", name="The tables' devices").click()
    page.locator("#tables a[data-table]").first.wait_for(timeout=TIMEOUT_MS)
    return {int(a.get_attribute("data-table") or 0): a.get_attribute("href") or ""
            for a in page.locator("#tables a[data-table]").all()}


def test_a_face_to_face_team_match_is_scored_from_both_rooms(
    served: tuple[str, str], browser: Browser, tmp_path: Path
) -> None:
    url, db = served
    folder = Path(os.environ.get("TENACE_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    director_context = browser.new_context(viewport=VIEWPORTS[0], bypass_csp=True)  # to add axe
    director = director_context.new_page()
    director.on("pageerror", lambda exc: errors.append(str(exc)))
    _log_in(director, url)
    event_id = _new_event(director, url, "Teams of four", "teams", "round-robin", teams="2", boards="2")
    links = _devices(director)
    scoring_page = director.url.split("?")[0]
    store = Store.open(db)
    movement = store.event(event_id).sessions[0].movements[0]
    assert sorted(links) == [1, 2] and {s.room for s in movement.seatings} == {"open", "closed"}

    contexts: list[BrowserContext] = []
    north: dict[int, Page] = {}
    east: dict[int, Page] = {}
    for table, link in links.items():
        for devices, viewport in ((north, PHONE), (east, TABLET)):
            context = browser.new_context(viewport=viewport, bypass_csp=True)
            contexts.append(context)
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{url}{link}?lang=en")
            devices[table] = page
    for table in links:
        seating = movement.at(1, table)
        facts = north[table].locator("#round-facts")
        expect(facts).to_contain_text("Open room" if seating.room == "open" else "Closed room",
                                      timeout=TIMEOUT_MS)
        expect(facts).to_contain_text(f"North-South: team {seating.ns}")
        expect(facts).to_contain_text(f"The other room of this match is table {3 - table}")

    scores: dict[tuple[int, int], int] = {}
    keyed = iter(KEYED)
    for table in sorted(links, key=lambda t: movement.at(1, t).room != "open"):
        seating = movement.at(1, table)
        for board in seating.boards:
            result = next(keyed)
            nphone, etablet = north[table], east[table]
            if seating.room == "closed" and board == seating.boards[-1]:  # offline for the last board
                # once the phone has seen board 1 confirmed on East's tablet and shows board 2
                nphone.locator("#board-title").filter(has_text=f"Board {board}").wait_for(timeout=TIMEOUT_MS)
                nphone.context.set_offline(True)
                _key_in(nphone, result, board)
                assert _shown_score(nphone) == result.ns_score(board)
                nphone.locator("[data-action=confirm]").click()
                nphone.locator("#queued-note").wait_for(timeout=TIMEOUT_MS)
                assert "2 waiting" in nphone.locator("#connection").inner_text()
                assert not [r for r in store.results(event_id) if (r.table, r.board) == (table, board)]
                nphone.context.set_offline(False)
                nphone.locator("#traveller").wait_for(timeout=TIMEOUT_MS)
                traveller = nphone
            else:
                _key_in(nphone, result, board)
                assert _shown_score(nphone) == result.ns_score(board)
                nphone.locator("[data-action=send-only]").click()
                nphone.locator("#waiting-note").wait_for(timeout=TIMEOUT_MS)
                etablet.locator("[data-action=confirm]").wait_for(timeout=TIMEOUT_MS)
                assert _shown_score(etablet) == result.ns_score(board)
                etablet.locator("[data-action=confirm]").click()
                etablet.locator("#traveller").wait_for(timeout=TIMEOUT_MS)
                traveller = etablet
            scores[(table, board)] = result.ns_score(board)
            # the match's traveller: both rooms once both have played the board, with the IMPs
            assert "IMPs N-S" in traveller.locator("#traveller thead").inner_text()
            rows = traveller.locator("#traveller tbody tr")
            assert rows.count() == sum(1 for (_, b) in scores if b == board)
            if seating.room == "closed" and board == seating.boards[0]:
                for page in (traveller,):
                    for viewport in (PHONE, TABLET):
                        page.set_viewport_size(viewport)
                        page.screenshot(path=str(folder / f"table-scoring-teams-traveller-"
                                                          f"{viewport['width']}x{viewport['height']}.png"))
                        _fits(page, f"teams traveller {viewport}")
            traveller.locator("[data-action=next]").click()
    for page in list(north.values()) + list(east.values()):
        page.locator("#moves").wait_for(timeout=TIMEOUT_MS)
        assert "The session is over at this table" in page.locator("#moves").inner_text()

    # nothing stored twice; what the tables keyed in is in the store
    stored = store.stored(event_id)
    assert len(stored) == 4 and all(s.confirmed_by for s in stored)
    assert {(s.result.table, s.result.board): s.result.ns_score() for s in stored} == scores

    # the match's IMPs and VPs, counted here, on the event's page and the Director's scoring page
    open_table = next(t for t in links if movement.at(1, t).room == "open")
    closed_table = 3 - open_table
    home, away = movement.at(1, open_table).ns, movement.at(1, open_table).ew
    won = [_imps(scores[(open_table, b)] - scores[(closed_table, b)]) for b in movement.at(1, 1).boards]
    imps = (sum(w for w in won if w > 0), -sum(w for w in won if w < 0))
    vps = _wbf_vps(sum(won), len(won))
    for page_url in (f"{url}/events/{event_id}?lang=en", f"{scoring_page}?lang=en"):
        director.goto(page_url)
        row = director.locator(f'#matches tr[data-home="{home}"][data-away="{away}"]')
        cells = row.locator("td")
        assert cells.nth(3).inner_text() == f"{imps[0]} – {imps[1]}"
        shown_vps = [Fraction(x) for x in cells.nth(4).inner_text().split(" – ")]
        assert shown_vps == list(vps), (shown_vps, vps)
    director.goto(f"{url}/events/{event_id}?lang=en")
    totals = {r.get_attribute("data-contestant"): Fraction(r.get_attribute("data-total") or "x")
              for r in director.locator("#rankings table.ranking:not(.matches) tbody tr").all()}
    assert totals == {home: vps[0], away: vps[1]}

    # every page at every size fits its window; screenshots to look at; axe-core on the laptop's
    pages = {"teams-event": f"/events/{event_id}", "teams-scoring": scoring_page.removeprefix(url)}
    for viewport in VIEWPORTS:
        director.set_viewport_size(viewport)
        size = f"{viewport['width']}x{viewport['height']}"
        for name, path in pages.items():
            director.goto(f"{url}{path}?lang=en")
            director.wait_for_load_state()
            director.screenshot(path=str(folder / f"{name}-{size}.png"), full_page=True)
            _fits(director, f"{name} {size}")
            if viewport == VIEWPORTS[0]:
                _axe(director, name)
    device = north[closed_table]
    device.goto(f"{url}{links[closed_table]}?lang=pl")
    device.locator("#over, #moves").first.wait_for(timeout=TIMEOUT_MS)
    _axe(device, "teams device")

    # an individual: the device names each of the four players of the round by seat
    event_id = _new_event(director, url, "Individual", "individual", "individual", players="8", boards="1")
    links = _devices(director)
    seating = store.event(event_id).sessions[0].movements[0].at(1, 1)
    assert seating.players is not None
    page = north[1]
    page.goto(f"{url}{links[1]}?lang=en")
    page.locator("#players").wait_for(timeout=TIMEOUT_MS)
    seats = [li.inner_text() for li in page.locator("#players li").all()]
    assert [s.split(":")[0] for s in seats] == ["North", "East", "South", "West"]
    assert [s.split("player ")[1].split()[0] for s in seats] == list(seating.players)
    for viewport in VIEWPORTS:
        page.set_viewport_size(viewport)
        page.screenshot(path=str(folder / f"table-scoring-individual-{viewport['width']}x"
                                          f"{viewport['height']}.png"), full_page=True)
        _fits(page, f"individual device {viewport}")
    _axe(page, "individual device")
    for context in contexts:
        context.close()
    director_context.close()
    store.close()
    assert errors == []
