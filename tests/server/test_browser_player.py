"""The table page as a new player finds it, in Chromium, fed with views the server's own protocol builds
(tenace.server.protocol.view_message over real engine tables) through a stand-in WebSocket:

* after a claim ends the board, the trick counters count the claimed tricks and agree with the engine's
  result, and the score line says the contract, declarer and the tricks made;
* "Call the Director" with nothing irregular gets a plain notice citing Law 9, not the red error banner;
* a viewer the event does not admit (``forbidden`` without ``ref``) is not reconnected again and again;
* the compass letters are in the page's language.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from fastapi import FastAPI  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from playwright.sync_api import Browser, Page, Route  # noqa: E402

from tenace import Board, Card, Contract, Deal, Seat, parse_call  # noqa: E402
from tenace.errors import ImpossibleActionError  # noqa: E402
from tenace.laws import CallMade, CardPlayed, ClaimAnswered, ClaimMade, DirectorCalled, Table  # noqa: E402
from tenace.scoring.points import score  # noqa: E402
from tenace.server import pages  # noqa: E402
from tenace.server.protocol import error_message, view_message  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402

ORIGIN = "http://tenace.test"
TIMEOUT_MS = 10_000

pytestmark = needs_chromium

# A stand-in WebSocket that records what the client sends and counts the sockets the page opens.
FAKE_SOCKET = """
window.__sent = [];
window.__opened = 0;
class FakeSocket extends EventTarget {
  constructor(url) {
    super();
    this.url = url;
    this.readyState = 0;
    window.__socket = this;
    window.__opened += 1;
    queueMicrotask(() => { this.readyState = 1; this.dispatchEvent(new Event("open")); });
  }
  send(text) { window.__sent.push(JSON.parse(text)); }
  close() {}
}
FakeSocket.CONNECTING = 0; FakeSocket.OPEN = 1; FakeSocket.CLOSING = 2; FakeSocket.CLOSED = 3;
window.WebSocket = FakeSocket;
window.__deliver = (message) => window.__socket.dispatchEvent(new MessageEvent("message", { data: message }));
window.__drop = () => { window.__socket.readyState = 3; window.__socket.dispatchEvent(new Event("close")); };
"""

DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Callable[[str], Page]]:
    app = FastAPI()
    app.include_router(pages.router)
    client = TestClient(app)
    contexts = []
    errors: list[str] = []

    def serve(route: Route) -> None:
        response = client.get(route.request.url[len(ORIGIN):])
        route.fulfill(status=response.status_code, body=response.content,
                      headers={"content-type": response.headers["content-type"]})

    def opened(lang: str) -> Page:
        context = browser.new_context()
        contexts.append(context)
        context.route(f"{ORIGIN}/**", serve)
        context.add_init_script(FAKE_SOCKET)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{ORIGIN}/tables/t1?token=tok&lang={lang}")
        page.wait_for_function("() => window.__socket && window.__socket.readyState === 1",
                               timeout=TIMEOUT_MS)
        return page

    yield opened
    for context in contexts:
        context.close()
    assert errors == []


def _deliver(page: Page, message: dict[str, Any]) -> None:
    page.evaluate("(text) => window.__deliver(text)", json.dumps(message))
    page.wait_for_function(f"() => document.getElementById('table').dataset.seq === '{message['seq']}'",
                           timeout=TIMEOUT_MS)


def _sent(page: Page) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = page.evaluate("() => window.__sent")
    return sent


def _three_notrump(cards: list[str]) -> Table:
    """3NT by North (board 1, nobody vulnerable), then ``cards`` played from East's lead."""
    table = Table.new(Board(1, DEAL))
    for seat, call in zip(Seat, ("3NT", "P", "P", "P"), strict=True):
        table = table.apply(CallMade(seat, parse_call(call)))
    seat = Seat.EAST
    for card in cards:
        table = table.apply(CardPlayed(seat, Card.from_str(card)))
        seat = table.turn if isinstance(table.turn, Seat) else seat
    return table


def _claimed(table: Table, seat: Seat, tricks: int) -> Table:
    """``seat`` claims ``tricks`` of the remaining tricks and both opponents agree (Law 69A)."""
    table = table.apply(ClaimMade(seat, tricks, "Everything is high."))
    while isinstance(table.turn, Seat):
        table = table.apply(ClaimAnswered(table.turn, True))
    return table


@pytest.mark.parametrize(
    ("played", "claimer", "claimed"),
    [
        (["ST", "S3", "S2", "SA"], Seat.NORTH, 12),  # all the rest, after one trick
        (["ST", "S3", "S2", "SA"], Seat.NORTH, 8),  # conceding four
        (["ST", "S3", "S2", "SA", "HA"], Seat.NORTH, 10),  # in the middle of a trick
        (["ST"], Seat.EAST, 2),  # a defender claims (and concedes the rest)
    ],
)
def test_after_a_claim_the_trick_counters_and_the_score_line_agree_with_the_result(
    open_page: Callable[[str], Page], played: list[str], claimer: Seat, claimed: int
) -> None:
    table = _claimed(_three_notrump(played), claimer, claimed)
    assert table.phase.value == "ended"
    made = table.declarer_tricks  # the engine's count (Laws 69, 70), not the page's
    assert made is not None
    page = open_page("en")
    _deliver(page, view_message(table, Seat.SOUTH))
    assert page.locator("#tricks-ns").inner_text() == str(made)  # North declares
    assert page.locator("#tricks-ew").inner_text() == str(13 - made)
    assert table.contract is not None
    points = score(table.contract, made, vulnerable=False)
    assert table.score_ns() == points
    signed = f"+{points}" if points > 0 else str(points)
    against = f"+{-points}" if points < 0 else str(-points)
    assert page.locator("#score-text").inner_text() == (
        f"3NT by North, made {made} tricks · Score N-S {signed}, E-W {against}")


def test_without_a_score_the_counters_still_count_the_claims_share(open_page: Callable[[str], Page]) -> None:
    table = _claimed(_three_notrump(["ST", "S3", "S2", "SA", "HA"]), Seat.NORTH, 9)
    message = view_message(table, Seat.WEST)
    message["view"]["score"] = None  # as when the Director has cancelled the result
    page = open_page("en")
    _deliver(page, message)
    made = table.declarer_tricks
    assert made == 10  # the first trick and 9 of the 12 that remained
    assert (page.locator("#tricks-ns").inner_text(), page.locator("#tricks-ew").inner_text()) == ("10", "3")


def test_before_the_claim_is_agreed_the_counters_show_only_the_tricks_played(
    open_page: Callable[[str], Page],
) -> None:
    table = _three_notrump(["ST", "S3", "S2", "SA"]).apply(ClaimMade(Seat.NORTH, 12, "All high."))
    page = open_page("en")
    _deliver(page, view_message(table, Seat.SOUTH))
    assert (page.locator("#tricks-ns").inner_text(), page.locator("#tricks-ew").inner_text()) == ("1", "0")


def test_the_score_line_is_translated_with_the_tricks_made(open_page: Callable[[str], Page]) -> None:
    table = _claimed(_three_notrump(["ST", "S3", "S2", "SA"]), Seat.NORTH, 12)
    page = open_page("pl")
    _deliver(page, view_message(table, Seat.SOUTH, locale="pl"))
    text = page.locator("#score-text").inner_text()
    _ = pages.gettext_for("pl")
    line = _("{contract} by {seat}, made {tricks} tricks").format(contract="3" + _("NT"), seat=_("North"),
                                                                 tricks=13)
    assert text.startswith(line + " · "), text
    assert "13" in line and "made" not in line  # Polish, with the tricks in it


def test_calling_the_director_with_nothing_irregular_gives_a_plain_notice_not_an_error(
    open_page: Callable[[str], Page],
) -> None:
    table = Table.new(Board(1, DEAL)).apply(CallMade(Seat.NORTH, parse_call("1NT")))
    with pytest.raises(ImpossibleActionError) as refused:  # the engine's own answer to such a call
        table.apply(DirectorCalled(Seat.EAST))
    page = open_page("en")
    _deliver(page, view_message(table, Seat.EAST))
    page.click("#director-button")
    page.click("#director-submit")  # the dialog's first reason: an irregularity just now (Law 9B1)
    sent = _sent(page)[-1]
    assert sent["type"] == "director"
    # what the server answers (its code for this case, tenace.server.actors)
    page.evaluate("(text) => window.__deliver(text)", json.dumps(error_message(
        "no-irregularity", str(refused.value), sent["id"])))
    page.wait_for_function("() => !document.getElementById('notice').hidden", timeout=TIMEOUT_MS)
    assert page.locator("#error").is_hidden()
    notice = page.locator("#notice").inner_text()
    assert "nothing for the director to rule on" in notice.lower() and "Law 9" in notice
    assert "event" not in notice  # not the engine's record
    assert page.locator("#table").get_attribute("data-busy") == "false"
    page.click('#bids button[data-call="2NT"]')  # the next action clears it
    assert page.locator("#notice").is_hidden()


def test_another_refusal_of_a_director_call_is_still_shown_as_an_error(
    open_page: Callable[[str], Page],
) -> None:
    page = open_page("en")
    _deliver(page, view_message(Table.new(Board(1, DEAL)), Seat.EAST))
    page.click("#director-button")
    page.click("#director-submit")  # the dialog's first reason: an irregularity just now (Law 9B1)
    page.evaluate("(text) => window.__deliver(text)", json.dumps(
        error_message("storage", "the database could not store the action", _sent(page)[-1]["id"])))
    page.wait_for_function("() => !document.getElementById('error').hidden", timeout=TIMEOUT_MS)
    assert page.locator("#notice").is_hidden()


def test_a_viewer_the_event_does_not_admit_is_told_why_and_not_reconnected(
    open_page: Callable[[str], Page],
) -> None:
    page = open_page("en")
    page.evaluate("(text) => window.__deliver(text)",
                  json.dumps(error_message("forbidden", "this event admits no spectators")))
    page.evaluate("() => window.__drop()")
    page.wait_for_timeout(1500)  # longer than the first back-off (500 ms)
    assert page.evaluate("() => window.__opened") == 1
    assert page.locator("#error").inner_text() == "this event admits no spectators"
    assert page.locator("#connection").inner_text() == "Not connected."


@pytest.mark.parametrize("code", [4401, 4403, 4404])
def test_a_socket_the_server_closed_for_good_is_not_reopened(
    open_page: Callable[[str], Page], code: int
) -> None:
    page = open_page("en")
    page.evaluate("""(code) => { window.__socket.readyState = 3;
      window.__socket.dispatchEvent(new CloseEvent("close", { code })); }""", code)
    page.wait_for_timeout(1500)  # longer than the first back-off (500 ms)
    assert page.evaluate("() => window.__opened") == 1
    assert page.locator("#connection").inner_text() == "Not connected."


def test_a_lost_connection_is_still_reconnected(open_page: Callable[[str], Page]) -> None:
    page = open_page("en")
    page.evaluate("() => window.__drop()")
    page.wait_for_function("() => window.__opened === 2", timeout=TIMEOUT_MS)


@pytest.mark.parametrize(
    ("lang", "letters"),
    [("en", "NESW"), ("pl", "NESW"), ("sv", "NÖSV"), ("lv", "ZADR"), ("el", "ΒΑΝΔ")],
)
def test_the_compass_letters_are_in_the_page_language(
    open_page: Callable[[str], Page], lang: str, letters: str
) -> None:
    page = open_page(lang)
    _deliver(page, view_message(Table.new(Board(1, DEAL)), Seat.SOUTH, locale=lang))
    # South at the bottom, then West on the left, North at the top, East on the right
    shown = [page.locator(f"#compass-{p}").inner_text() for p in ("top", "right", "bottom", "left")]
    assert "".join(shown) == letters
    _ = pages.gettext_for(lang)
    assert page.locator("#compass-top").get_attribute("title") == _("North")


def test_the_clients_law_77_scores_equal_the_scoring_module_for_every_contract_and_result(
    open_page: Callable[[str], Page],
) -> None:
    """view.js reads the tricks made back from the score (so the end counters agree with the result even
    after a revoke's transferred tricks); its Law 77 table is checked against tenace.scoring.points."""
    cases = []
    for level in range(1, 8):
        for strain in ("C", "D", "H", "S", "NT"):
            for doubling in ("", "X", "XX"):
                contract = Contract.from_str(f"{level}{strain}{doubling}N")
                for vulnerable in (False, True):
                    for tricks in range(14):
                        cases.append(({"level": level, "strain": strain, "doubling": doubling}, tricks,
                                      vulnerable, score(contract, tricks, vulnerable=vulnerable)))
    page = open_page("en")
    wrong = page.evaluate("""async (cases) => {
      const { contractScore } = await import("/static/view.js");
      return cases.filter(([c, tricks, vul, expected]) => contractScore(c, tricks, vul) !== expected);
    }""", cases)
    assert len(cases) == 7 * 5 * 3 * 2 * 14 and wrong == []
