"""The table page in a real browser (Playwright driving Debian's Chromium) against the real server (uvicorn
in a thread, SQLite in a temporary folder).

* one player with three robots starts a table from the lobby and plays a board to its score, and the page
  never shows a card the Laws do not let him see;
* four players in four browser contexts play a board with an alert, a Director call, the review of the last
  trick, and a claim the opponents accept; then the next board.

The tests wait on DOM states (``wait_for_function``), never on time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")
app_module = pytest.importorskip("tenace.server.app")

from playwright.sync_api import Browser, Page  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from tenace import Card, Deal, Seat  # noqa: E402
from tenace.laws import Table  # noqa: E402
from tenace.scoring.points import score  # noqa: E402
from tenace.server import pages  # noqa: E402
from tenace.server.settings import Settings  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402
from .liveservers import in_thread  # noqa: E402

TIMEOUT_MS = 30_000

pytestmark = needs_chromium

# What the page offers to do now, or null while it waits (for the server, a robot or another player).
STATE_JS = """() => {
  const root = document.getElementById("table");
  if (!root || root.dataset.busy === "true" || !root.dataset.seq) return null;
  if (!document.getElementById("score").hidden) return "end";
  if (document.querySelector("#pending-options button.option:not([disabled])")) return "decide";
  if (!document.getElementById("claim-answer").hidden) return "answer";
  const box = document.getElementById("bidding-box");
  if (!box.hidden && box.querySelector("button[data-call]:not([disabled])")) return "call";
  if (document.querySelector("button.card.playable:not([disabled])")) return "card";
  return null;
}"""

SHOWN_CARDS_JS = """() => Array.from(document.querySelectorAll("[data-card], [data-played]"))
  .map((e) => e.dataset.card || e.dataset.played)"""


@dataclass
class Running:
    url: str
    app: Any

    def table(self, table_id: str) -> Table:
        """The full table, for checks the page is compared with (the test's view, never the page's)."""
        table: Table = self.app.state.hub.tables[table_id].table
        return table


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    folder = tmp_path_factory.mktemp("browser")
    settings = Settings(anonymous_tables=True, database_url=f"sqlite:///{folder / 'tenace.db'}",
                        robot_delay=0.0, guests_may_watch=True)  # its spectators are visitors
    if "robot_samples" in {f.name for f in dataclasses.fields(Settings)}:  # few layouts: quick robots
        settings = dataclasses.replace(settings, robot_samples=3)
    app = app_module.create_app(settings)
    if not any(getattr(route, "path", None) == "/tables/{table_id}" for route in app.routes):
        app.include_router(pages.router)
    with in_thread(app) as url:
        yield Running(url, app)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


def _state(page: Page, table: Callable[[], Table] | None = None) -> str:
    try:
        return str(page.wait_for_function(STATE_JS, timeout=TIMEOUT_MS).json_value())
    except PlaywrightTimeout:
        seen = page.evaluate("() => [document.getElementById('status').textContent,"
                             " document.getElementById('error').textContent]")
        now = None if table is None else table()
        where = "" if now is None else f"; table: {now.phase}, turn {now.turn}, pending {now.pending}"
        raise AssertionError(f"the page offers nothing to do: {seen}{where}") from None


def _wait_seq(page: Page, seq: int) -> None:
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.seq) >= {seq}",
                           timeout=TIMEOUT_MS)


def _allowed_for(table: Table, seat: Seat) -> set[str]:
    """Every card ``seat`` may have seen so far, computed from the deal and the record: his own hand, dummy
    once the opening lead is faced (Law 41D), every card played, and after a claim the claimer's remaining
    cards (Law 68C), everyone's once the claim is doubted or ends the board (Laws 70B3, 66D)."""
    allowed = {str(c) for c in table.deal[seat]}
    play = table.play
    if play is not None and play.cards:
        contract = table.contract
        assert contract is not None
        allowed |= {str(c) for c in table.deal[contract.dummy]}
        allowed |= {str(c) for c in play.cards}
    claim = table.playing.claim if table.playing is not None else None
    if claim is not None:
        claimers = Seat if (claim.objected or claim.settled) else (claim.seat,)
        allowed |= {str(c) for s in claimers for c in table.deal[s]}
    return allowed


def test_one_player_with_three_robots_plays_a_board_to_its_score(server: Running, browser: Browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/?lang=en")
    page.click("#start-solo")
    page.wait_for_url("**/tables/**")
    table_id = page.locator("#table").get_attribute("data-table-id")
    assert table_id
    bid = False
    for _ in range(200):
        state = _state(page, lambda: server.table(table_id))
        shown = set(page.evaluate(SHOWN_CARDS_JS))
        seq = int(page.locator("#table").get_attribute("data-seq") or "0")
        table = server.table(table_id)
        assert shown <= _allowed_for(table, Seat.SOUTH), f"shown a card South may not see at seq {seq}"
        if state == "end":
            break
        if state == "call":
            # bid once (the cheapest bid the box allows) so that South declares; pass afterwards
            target = page.locator("#bids button[data-call]:not([disabled])").first if not bid else \
                page.locator('#bidding-box button[data-call="P"]')
            if not bid and target.count() == 0:
                target = page.locator('#bidding-box button[data-call="P"]')
            bid = True
            target.click()
        elif state == "card":  # the last: in dummy's columns the covered cards show only their corner
            page.locator("button.card.playable:not([disabled])").last.click()
        elif state == "decide":
            page.locator("#pending-options button.option:not([disabled])").first.click()
        elif state == "answer":
            page.click("#claim-accept")
        page.wait_for_function(f"() => Number(document.getElementById('table').dataset.seq) > {seq}"
                               " || !document.getElementById('score').hidden", timeout=TIMEOUT_MS)
    else:
        pytest.fail("the board did not end in 200 actions")
    final = server.table(table_id)
    expected = final.score_ns()
    assert expected is not None
    assert page.locator("#score-text").get_attribute("data-score") == str(expected)
    assert f"N-S {'+' if expected > 0 else ''}{expected}" in page.locator("#score-text").inner_text()
    claimed = final.playing is not None and final.playing.claim is not None
    if final.contract is not None and not claimed:  # the page's trick counts add up to the 13 tricks
        ns = int(page.locator("#tricks-ns").inner_text())
        ew = int(page.locator("#tricks-ew").inner_text())
        assert ns + ew == 13
        declarer_side_ns = final.contract.declarer in (Seat.NORTH, Seat.SOUTH)
        assert (ns if declarer_side_ns else ew) == final.declarer_tricks
    assert errors == []
    context.close()


DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _new_four_player_table(page: Page) -> dict[str, Any]:
    response = page.request.post("/api/tables", data={
        "humans": ["N", "E", "S", "W"],
        "board": {"number": 1, "dealer": "N", "vulnerability": "None", "deal": DEAL},
        "boards": 2,
    })
    assert response.status == 201, response.text()
    created: dict[str, Any] = response.json()
    return created


def test_four_players_alert_call_the_director_review_a_trick_and_claim(
    server: Running, browser: Browser
) -> None:
    contexts = {seat: browser.new_context(base_url=server.url) for seat in "NESW"}
    created = _new_four_player_table(contexts["N"].new_page())
    table_id = created["id"]
    pages_by_seat: dict[str, Page] = {}
    errors: list[str] = []
    for seat, context in contexts.items():
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"/tables/{table_id}?token={created['tokens'][seat]}&lang=en")
        pages_by_seat[seat] = page
    for page in pages_by_seat.values():
        _wait_seq(page, 0)
    n, e, s, w = (pages_by_seat[x] for x in "NESW")

    # every player sees his own hand at the bottom, and only it
    for seat, page in pages_by_seat.items():
        own = {str(c) for c in Deal.from_pbn(DEAL)[Seat(seat)]}
        assert page.locator("#pos-bottom").get_attribute("data-seat") == seat
        assert set(page.evaluate(SHOWN_CARDS_JS)) == own
    assert n.locator("#dealer").inner_text() == "North"
    assert n.locator("#pos-bottom .seat-name").inner_text() == "North (Dealer)"

    # North opens 2C with an alert and an explanation (Law 20F: the opponents may ask what it means)
    assert n.locator("#bidding-box").is_visible()
    assert not e.locator("#bidding-box").is_visible()
    n.check("#alert")
    n.fill("#explanation", "Strong and artificial: 22+ points or any game force")
    n.click('#bids button[data-call="2C"]')
    for page in (e, w):
        _wait_seq(page, 1)
        cell = page.locator('#auction td[data-call-index="0"]')
        assert "alerted" in (cell.get_attribute("class") or "")
        cell.locator(".call-button").hover()  # pointing at the call opens its explanation next to it
        assert page.locator("#call-note").inner_text() == \
            "Alerted: Strong and artificial: 22+ points or any game force"
        page.mouse.move(0, 0)
        assert page.locator("#call-note").is_hidden()
        cell.locator(".call-button").click()  # and so does a tap
        assert "Strong and artificial" in page.locator("#call-note").inner_text()
        page.keyboard.press("Escape")
        assert page.locator("#call-note").is_hidden()
    # North's partner gets neither the alert nor the explanation (Law 20F; the server's rule)
    _wait_seq(s, 1)
    assert "alerted" not in (s.locator('#auction td[data-call-index="0"]').get_attribute("class") or "")
    assert s.locator('#auction td[data-call-index="0"] .call-button').count() == 0

    # East calls the Director (Law 9) although nothing irregular has happened: the engine has nothing for the
    # Director to rectify, the server says so to East alone (a plain notice, not an error), and the record is
    # unchanged
    e.click("#director-button")
    e.click("#director-submit")  # the dialog's first reason: an irregularity just now (Law 9B1)
    e.wait_for_function("() => !document.getElementById('notice').hidden", timeout=TIMEOUT_MS)
    assert "irregularity" in e.locator("#notice").inner_text()
    assert e.locator("#error").is_hidden()
    assert e.locator("#table").get_attribute("data-seq") == "1"
    assert len(server.table(table_id).record) == 1
    assert w.locator("#error").is_hidden() and w.locator("#notice").is_hidden()

    # East passes with the keyboard; South and West pass by clicking
    e.wait_for_function(STATE_JS, timeout=TIMEOUT_MS)
    e.focus('#bidding-box button[data-call="P"]')
    e.keyboard.press("Enter")
    seq = 2
    _wait_seq(e, seq)
    for page in (s, w):
        page.wait_for_function(
            "() => !document.getElementById('bidding-box').hidden", timeout=TIMEOUT_MS)
        page.click('#bidding-box button[data-call="P"]')
        seq += 1
        _wait_seq(n, seq)
    assert "2" in n.locator("#contract").inner_text() and "North" in n.locator("#contract").inner_text()

    # East leads the spade ten with the keyboard; dummy (South) is then faced for everyone (Law 41D)
    e.wait_for_function(STATE_JS, timeout=TIMEOUT_MS)
    e.focus('button.card[data-card="ST"]')
    e.keyboard.press("Space")
    seq += 1
    dummy = {str(c) for c in Deal.from_pbn(DEAL)[Seat.SOUTH]}
    for page in (n, e, w):
        _wait_seq(page, seq)
        assert dummy <= set(page.evaluate(SHOWN_CARDS_JS))
    # trumps (clubs) on dummy's right: dummy (South) is on West's right, facing left, so they are at the top;
    # from East, dummy is on the left, so they are at the bottom; from declarer's seat, on his left
    def suits(page: Page, where: str) -> list[str]:
        script = "els => els.map(e => e.dataset.suit)"
        found: list[str] = page.locator(f"{where} .dummy-suit").evaluate_all(script)
        return found

    def top_of(page: Page, where: str, suit: str) -> float:
        box = page.locator(f'{where} .dummy-suit[data-suit="{suit}"]').bounding_box()
        assert box is not None
        return float(box["y"])

    assert sorted(suits(w, "#pos-right")) == ["C", "D", "H", "S"]
    assert all(top_of(w, "#pos-right", "C") < top_of(w, "#pos-right", x) for x in "SHD")
    assert all(top_of(e, "#pos-left", "C") > top_of(e, "#pos-left", x) for x in "SHD")
    north_box = {x: n.locator(f'#pos-top .dummy-suit[data-suit="{x}"]').bounding_box() for x in "SHDC"}
    assert all(north_box["C"]["x"] < north_box[x]["x"] for x in "SHD")  # type: ignore[index]

    # a spectator sees dummy and the card led, and no other hand
    watcher = browser.new_context(base_url=server.url).new_page()
    watcher.goto(f"/tables/{table_id}?lang=en")
    _wait_seq(watcher, seq)
    assert set(watcher.evaluate(SHOWN_CARDS_JS)) == dummy | {"ST"}
    assert watcher.locator("#bidding-box").is_hidden() and watcher.locator("#claim-button").is_hidden()
    watcher.context.close()

    # West reloads the page: it reconnects and gets the same view again
    before = sorted(w.evaluate(SHOWN_CARDS_JS))
    w.reload()
    _wait_seq(w, seq)
    assert sorted(w.evaluate(SHOWN_CARDS_JS)) == before

    # declarer plays dummy's three, West the two, North the ace
    n.wait_for_function(STATE_JS, timeout=TIMEOUT_MS)
    n.click('#pos-top button.card[data-card="S3"]')
    seq += 1
    _wait_seq(w, seq)
    w.click('button.card[data-card="S2"]')
    seq += 1
    _wait_seq(n, seq)
    n.click('#pos-bottom button.card[data-card="SA"]')
    seq += 1
    _wait_seq(w, seq)
    assert w.locator("#tricks-ns").inner_text() == "1"

    # Law 66A: West's side has not played to the next trick, so he may review the last one
    w.click("#last-trick-button")
    assert sorted(w.locator("[data-played]").evaluate_all("els => els.map(e => e.dataset.played)")) == \
        sorted(["ST", "S3", "S2", "SA"])
    w.click("#last-trick-button")

    # North claims the rest; East and West accept
    n.click("#claim-button")
    assert n.locator("#claim-dialog").is_visible()
    n.select_option("#claim-tricks", "12")
    n.fill("#claim-statement", "All my cards are high.")
    n.click("#claim-submit")
    seq += 1
    for page in (e, w):
        _wait_seq(page, seq)
    for answering in (e, w):
        answering.wait_for_function("() => !document.getElementById('claim-answer').hidden",
                                    timeout=TIMEOUT_MS)
        answering.click("#claim-accept")
        seq += 1
        _wait_seq(n, seq)

    final = server.table(table_id)
    contract = final.contract
    assert contract is not None and final.declarer_tricks == 13
    expected = score(contract, 13, vulnerable=False)
    for page in pages_by_seat.values():
        page.wait_for_function("() => !document.getElementById('score').hidden", timeout=TIMEOUT_MS)
        assert page.locator("#score-text").get_attribute("data-score") == str(expected)
        assert page.locator("#replay-link").get_attribute("href") == f"/replay/{table_id}/1"
    # once play has ceased every card played may be seen again (Law 66D), and the hands are empty
    assert Card.from_str("SA") in (final.play.cards if final.play else ())

    # the next board: everyone gets board 2
    s.click("#next-board")
    for page in pages_by_seat.values():
        page.wait_for_function("() => document.getElementById('board-number').textContent === '2'",
                               timeout=TIMEOUT_MS)
        assert not page.locator("#score").is_visible()
    assert errors == []
    for context in contexts.values():
        context.close()


def test_keyboard_moves_between_cards_and_bids_with_the_arrow_keys(server: Running, browser: Browser) -> None:
    context = browser.new_context(base_url=server.url)
    page = context.new_page()
    created = _new_four_player_table(page)
    page.goto(f"/tables/{created['id']}?token={created['tokens']['N']}&lang=en")
    page.wait_for_function(STATE_JS, timeout=TIMEOUT_MS)
    focused = "() => document.activeElement.dataset.call || document.activeElement.dataset.card || ''"
    page.focus('#bids button[data-call="1C"]')
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "1D"
    page.keyboard.press("End")  # the box is a grid (issue 12, item 8): End ends the level's row
    assert page.evaluate(focused) == "1NT"
    page.keyboard.press("ArrowDown")
    assert page.evaluate(focused) == "2NT"
    page.keyboard.press("Control+End")  # the last call of the box: Pass (X and XX are not lawful here)
    assert page.evaluate(focused) == "P"
    page.keyboard.press("Control+Home")
    assert page.evaluate(focused) == "1C"
    page.keyboard.press("ArrowLeft")  # stays on the first
    assert page.evaluate(focused) == "1C"
    # the box is one stop of the Tab key (a roving tabindex): the bid in focus, every other one by the arrows
    assert page.locator("#bids button[data-call]").count() == 35
    assert page.locator("#bidding-box button[data-call][tabindex='0']").count() == 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # 1D, by keyboard
    page.wait_for_function("() => document.querySelector('#auction td[data-call-index=\"0\"]') !== null",
                           timeout=TIMEOUT_MS)
    assert str(server.table(created["id"]).calls[0].call.call) == "1D"
    context.close()


def test_lobby_offers_to_start_a_table_on_the_real_server(server: Running) -> None:
    import httpx

    page = httpx.get(f"{server.url}/?lang=pl")
    assert page.status_code == 200
    assert 'id="start-solo"' in page.text and "Rozpocznij stół" in page.text
