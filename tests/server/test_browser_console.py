"""The Director's console in Chromium with a disputed claim on it (issue 13, item 5): at a 1366x650 laptop, a
1920x1080 desktop, a 768x1024 tablet and a 390x844 phone the page never scrolls sideways, the claim's double
dummy, the deal, the auction grid and the trick list are shown in bridge notation, and axe-core finds no
serious or critical violation; the Director's ruling is then confirmed on the console.

Four players at one table (real WebSocket clients of the live server) bid 4♥ doubled by South and play a
trick and a half; South claims and West objects. Screenshots are saved to ``$TENACE_ARTEFACTS``."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
websockets_sync = pytest.importorskip("websockets.sync.client")

from playwright.sync_api import Browser, Page  # noqa: E402

from tenace import Board, Deal  # noqa: E402
from tenace.cards import Card  # noqa: E402
from tenace.formats.json import board_to_json  # noqa: E402
from tenace.server import app as app_module  # noqa: E402
from tenace.server.settings import Settings  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402
from .liveservers import in_thread  # noqa: E402
from .test_browser import TIMEOUT_MS  # noqa: E402
from .test_browser_accessibility import AXE, _violations  # noqa: E402
from .test_browser_director import DIRECTOR, PASSWORD, _add_director  # noqa: E402

pytestmark = needs_chromium

DEAL = "N:A2.KQJ4.QJ9.7642 KT9843.83.A5.AK3 Q5.AT976.K8732.8 J76.52.T64.QJT95"
CALLS = [("S", "1H"), ("W", "P"), ("N", "2D"), ("E", "2S"), ("S", "4H"), ("W", "P"), ("N", "P"), ("E", "X"),
         ("S", "P"), ("W", "P"), ("N", "P")]
SIZES = [
    pytest.param(1366, 650, id="laptop-1366x650"),
    pytest.param(1920, 1080, id="desktop-1920x1080"),
    pytest.param(768, 1024, id="tablet-768x1024"),
    pytest.param(390, 844, id="phone-390x844"),
]


class Player:
    """One seat's WebSocket: send an action and wait for its acknowledgement; the last view seen."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.view: dict[str, Any] = {}
        self.count = 0

    def send(self, message: dict[str, Any]) -> None:
        self.count += 1
        ref = f"m{self.count}"
        self.ws.send(json.dumps({"v": 1, "id": ref, **message}))
        while True:
            reply = json.loads(self.ws.recv(timeout=30))
            if reply["type"] == "view":
                self.view = reply["view"]
            if reply["type"] in ("ack", "error") and reply.get("ref") == ref:
                assert reply["type"] == "ack", reply
                return

    def latest(self) -> dict[str, Any]:
        """The newest view (reading what has arrived, waiting briefly for one)."""
        try:
            while True:
                reply = json.loads(self.ws.recv(timeout=0.3))
                if reply["type"] == "view":
                    self.view = reply["view"]
        except TimeoutError:
            return self.view


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


@pytest.fixture(scope="module")
def claimed(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[tuple[str, str]]:
    """The live server and the id of its table with South's disputed claim."""
    db = f"sqlite:///{tmp_path_factory.mktemp('console') / 'tenace.db'}"
    _add_director(db)
    settings = Settings(anonymous_tables=True, database_url=db, robot_delay=0.0, robot_samples=0)
    with in_thread(app_module.create_app(settings)) as url:
        context = browser.new_context(base_url=url)
        board = board_to_json(Board(3, Deal.from_pbn(DEAL)))
        created = context.request.post("/api/tables", data={"humans": list("NESW"), "board": board})
        assert created.status == 201, created.text()
        table = created.json()
        context.close()
        ws_url = url.replace("http://", "ws://")
        with ExitStack() as sockets:  # every socket closed on the way out (websockets 17 asks for this)
            players = {seat: Player(sockets.enter_context(websockets_sync.connect(
                           f"{ws_url}/ws/tables/{table['id']}?token={token}", open_timeout=10)))
                       for seat, token in table["tokens"].items()}
            for seat, call in CALLS:
                players[seat].send({"type": "call", "call": call, "alert": call == "2D",
                                    "explanation": "game force" if call == "2D" else None})
            for _ in range(6):  # declarer South plays dummy's cards too
                view = players["S"].latest()
                turn = view["turn"]
                hand = "S" if turn == "N" else turn
                legal = players[hand].latest()["legal"]
                lowest = min(legal, key=lambda c: Card.from_str(c).index)
                players[hand].send({"type": "card", "card": lowest})
            players["S"].send({"type": "claim", "tricks": 12, "statement": "cross-ruff"})
            players["W"].send({"type": "claim-answer", "accept": False})
            yield url, table["id"]


def _artefacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("TENACE_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _director(browser: Browser, url: str, width: int, height: int) -> Page:
    context = browser.new_context(base_url=url, viewport={"width": width, "height": height}, bypass_csp=True)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto("/director?lang=en")
    page.get_by_label("User name").fill(DIRECTOR)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.locator(".director-call").first.wait_for()
    return page


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_console_shows_the_claim_in_bridge_notation_on_every_screen(
    browser: Browser, claimed: tuple[str, str], tmp_path: Path, width: int, height: int
) -> None:
    url, table_id = claimed
    page = _director(browser, url, width, height)
    call = page.locator(f'.director-call[data-table="{table_id}"]')
    text = " ".join(call.inner_text().split())
    assert "4♥X by S" in text and "Double dummy: the claimer's side takes" in text
    assert not re.search(r"\b4HXS\b|\bS: 1H\b", text)
    grid = call.locator("table.auction-grid")
    assert grid.locator("thead th").all_inner_texts() == ["W", "N", "E", "S"]
    first_row = grid.locator("tbody tr").first.locator("td").all_inner_texts()
    assert first_row == ["", "", "", "1♥"]  # dealer South
    assert call.locator("table.trick-list tbody tr").count() == 2
    scroll = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll[0] <= scroll[1], f"the console scrolls sideways: {scroll}"
    folder = _artefacts(tmp_path)
    page.screenshot(path=str(folder / f"console-claim-{width}x{height}.png"))
    call.screenshot(path=str(folder / f"console-call-{width}x{height}.png"))  # the whole call, scrolled
    if AXE is not None:
        assert _violations(page) == []
    page.context.close()


def test_the_directors_ruling_is_confirmed_on_the_console(
    browser: Browser, claimed: tuple[str, str], tmp_path: Path
) -> None:
    url, table_id = claimed
    page = _director(browser, url, 1366, 650)
    call = page.locator(f'.director-call[data-table="{table_id}"]')
    call.get_by_label("Tricks to the claimer's side (Law 70)").fill("9")
    call.get_by_role("button", name="Rule").click()
    sent = page.locator("#ruling-sent")
    sent.wait_for()
    said = " ".join(sent.inner_text().split())
    assert "Your ruling was sent to the table." in said
    assert "the Director awards 9 of the remaining tricks to the claimer's side" in said
    page.screenshot(path=str(_artefacts(tmp_path) / "console-ruling-sent-1366x650.png"))
    page.context.close()
