"""Four humans at one table in four Chromium pages, and a Director at his console in a fifth (issue 12):

* North opens 1NT, alerted and explained as 12-14 (he holds 37 points); West, misinformed, calls the Director
  from the dialog (Law 9: misinformation, in his own words); the call shows on all four pages (the words only
  on West's) and on the console with the auction's alert and explanation;
* the Director answers with a note while the board is played: all four pages show his answer;
* North claims every trick, East disputes it (Law 70); the Director rules from the console and all four pages
  state the ruling with the tricks awarded;
* West calls again after the board, and the Director's adjusted score (Law 12C1) is shown on all four pages.

Screenshots are saved to ``$TENACE_ARTEFACTS`` (default: the test's ``tmp_path``).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
app_module = pytest.importorskip("tenace.server.app")

from playwright.sync_api import Browser, Page  # noqa: E402

from tenace import Board, Deal  # noqa: E402
from tenace.formats.json import board_to_json  # noqa: E402
from tenace.scoring.adjusted import AssignedAdjustedScore  # noqa: E402
from tenace.server.settings import Settings  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402
from .clients import PASSWORD, register  # noqa: E402
from .liveservers import in_thread  # noqa: E402

pytestmark = needs_chromium

TIMEOUT_MS = 30_000
DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
WORDS = "North's 1NT was explained as 12-14; I would have doubled a weak notrump."


@dataclasses.dataclass
class Running:
    url: str
    app: Any


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    folder = tmp_path_factory.mktemp("director-calls")
    settings = Settings(anonymous_tables=True, database_url=f"sqlite:///{folder / 'tenace.db'}",
                        robot_delay=0.0, robot_samples=0)
    app = app_module.create_app(settings)
    with in_thread(app) as url:
        register(app)
        yield Running(url, app)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


def _artefacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("TENACE_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _call(page: Page, call: str, alert: str | None = None) -> None:
    button = page.locator(f'#bidding-box button[data-call="{call}"]:not([disabled])')
    button.wait_for(timeout=TIMEOUT_MS)
    if alert is not None:
        page.check("#alert")
        page.fill("#explanation", alert)
    seq = int(page.locator("#table").get_attribute("data-seq") or "0")
    button.click()
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.seq) > {seq}",
                           timeout=TIMEOUT_MS)


def _call_director(page: Page, reason: str, words: str) -> None:
    page.click("#director-button")
    page.check(f"#director-dialog input[data-reason={reason}]")
    page.fill("#director-text", words)
    page.click("#director-submit")
    page.locator("#notice").wait_for(state="visible", timeout=TIMEOUT_MS)


def _log_in(page: Page, url: str) -> None:
    page.goto(f"{url}/director?lang=en")
    page.get_by_label("User name").fill("dan")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def test_four_players_see_the_call_the_directors_answers_the_claim_ruling_and_the_adjusted_score(
    server: Running, browser: Browser, tmp_path: Path
) -> None:
    folder = _artefacts(tmp_path)
    errors: list[str] = []
    director_context = browser.new_context(base_url=server.url, viewport={"width": 1366, "height": 900})
    director = director_context.new_page()
    director.on("pageerror", lambda exc: errors.append(str(exc)))
    _log_in(director, server.url)
    contexts = [browser.new_context(base_url=server.url, viewport={"width": 1366, "height": 650})
                for _ in range(4)]
    # a player (not logged in) opens the table of four humans, as the lobby's API does
    answer = contexts[0].request.post("/api/tables", data={
        "humans": ["N", "E", "S", "W"], "board": board_to_json(Board(1, DEAL))})
    assert answer.status == 201, answer.text()
    created = answer.json()
    table_id = created["id"]

    pages: dict[str, Page] = {}
    for seat, context in zip("NESW", contexts, strict=True):
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"/tables/{table_id}?token={created['tokens'][seat]}&lang=en")
        page.wait_for_function("() => document.getElementById('table').dataset.seq !== undefined",
                               timeout=TIMEOUT_MS)
        pages[seat] = page
    n, e, s, w = (pages[seat] for seat in "NESW")

    _call(n, "1NT", alert="12-14")
    _call(e, "P")
    _call(s, "3NT")
    _call(w, "P")
    _call(n, "P")
    _call(e, "P")  # 3NT by North; East to lead

    # West calls the Director about the explanation (Law 9); every page shows it, only West's his words
    _call_director(w, "misinformation", WORDS)
    for seat, page in pages.items():
        item = page.locator('#director-call-list li[data-status="open"]')
        item.wait_for(timeout=TIMEOUT_MS)
        text = item.inner_text()
        assert "West called the Director: misinformation (Law 9)." in text
        assert (WORDS in text) == (seat == "W"), seat
    w.screenshot(path=str(folder / "four-humans-01-west-called.png"))

    # the console: the call, West's words, and the evidence (North's alert and explanation)
    director.goto("/director?lang=en")
    call = director.locator("article.player-call")
    call.wait_for(timeout=TIMEOUT_MS)
    listed = call.inner_text()
    assert "West calls the Director: misinformation (Law 9)." in listed and WORDS in listed
    opening = call.locator("table.evidence-auction tbody tr").first
    assert "1NT" in opening.inner_text() and "alerted: 12-14" in opening.inner_text()
    # no adjusted score while the board is played, but for extraneous information instead of playing it
    assert call.locator("form.answer > input[name=score]").count() == 0
    assert call.locator("fieldset.extraneous input[name=score]").count() == 1  # Law 16D2(d)
    assert call.locator("select[name=extraneous] option[value=redeal]").count() == 1  # not a club table
    director.screenshot(path=str(folder / "four-humans-02-console.png"), full_page=True)
    for width, height in ((1920, 1080), (768, 1024), (390, 844)):  # the answer form fits every screen
        director.set_viewport_size({"width": width, "height": height})
        call.locator("fieldset.extraneous").scroll_into_view_if_needed()
        assert director.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), width
        director.screenshot(path=str(folder / f"four-humans-02-console-{width}.png"))
    director.set_viewport_size({"width": 1366, "height": 900})
    call.get_by_label("Your ruling, shown to the four players").fill("Play on; I shall rule after the board.")
    call.get_by_role("button", name="Answer the players").click()
    director.wait_for_url("**/director?sent=*", timeout=TIMEOUT_MS)  # the form's own navigation, first
    director.locator("#no-calls").wait_for(timeout=TIMEOUT_MS)
    for page in pages.values():
        answered = page.locator('#director-call-list li[data-status="answered"]')
        answered.wait_for(timeout=TIMEOUT_MS)
        assert "The Director's answer: Play on; I shall rule after the board." in answered.inner_text()

    # East leads; North claims every trick; East disputes it (Law 70) and the Director rules at the console
    e.locator("#pos-bottom button.card.playable:not([disabled])").first.click()
    n.locator("#claim-button").wait_for(state="visible", timeout=TIMEOUT_MS)
    n.click("#claim-button")
    n.fill("#claim-statement", "All my cards are high.")
    n.click("#claim-submit")
    e.locator("#claim-reject").wait_for(state="visible", timeout=TIMEOUT_MS)
    e.click("#claim-reject")
    for page in pages.values():  # everyone hears the claim and the objection (Laws 68C, 70)
        page.wait_for_function("() => document.getElementById('claim-info').textContent.includes("
                               "'The claim is disputed')", timeout=TIMEOUT_MS)
        assert "North claims 13 of the remaining tricks." in page.locator("#claim-info").inner_text()
    director.goto("/director?lang=en")
    claim = director.locator("article.director-call", has_text="claims")
    claim.wait_for(timeout=TIMEOUT_MS)
    claim.get_by_label("Tricks to the claimer's side (Law 70)").fill("12")
    claim.get_by_role("button", name="Rule").click()
    director.wait_for_url("**/director?sent=*", timeout=TIMEOUT_MS)  # the form's own navigation, first
    director.locator("#no-calls").wait_for(timeout=TIMEOUT_MS)
    ruling = "The claim was disputed: the Director awards North-South 12 of the remaining tricks (Law 70)."
    for page in pages.values():
        page.locator("#claim-ruling").wait_for(state="visible", timeout=TIMEOUT_MS)
        assert page.locator("#claim-ruling").inner_text() == ruling
        assert page.locator("#score").is_visible()
    s.screenshot(path=str(folder / "four-humans-03-claim-ruled.png"))

    # after the board West calls again; the Director assigns an adjusted score (Law 12C1) that all four see
    _call_director(w, "misinformation", "The board is over: please rule on the 1NT explanation.")
    director.goto("/director?lang=en")
    call = director.locator("article.player-call")
    call.wait_for(timeout=TIMEOUT_MS)
    call.get_by_label("Your ruling, shown to the four players").fill(
        "Misinformation (Law 21B3): East-West would have doubled and beaten it.")
    call.get_by_label("Assigned score for North-South (Law 12C1), if any").fill("-100")
    call.get_by_role("button", name="Answer the players").click()
    director.wait_for_url("**/director?sent=*", timeout=TIMEOUT_MS)  # the form's own navigation, first
    director.locator("#no-calls").wait_for(timeout=TIMEOUT_MS)
    adjusted = f"Adjusted score: {AssignedAdjustedScore.balancing(-100)} (Law 12C1)"
    for seat, page in pages.items():
        page.wait_for_function(
            "(text) => document.getElementById('score-text').textContent.includes(text)", arg=adjusted,
            timeout=TIMEOUT_MS)
        calls = page.locator("#director-call-list li.director-call")
        assert calls.count() == 2
        assert adjusted in calls.nth(1).inner_text(), seat
        page.screenshot(path=str(folder / f"four-humans-04-adjusted-{seat}.png"))
    assert errors == []
    for context in (*contexts, director_context):
        context.close()
