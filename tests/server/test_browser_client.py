"""The table page's JavaScript client in Chromium, fed with views the server's own protocol builds
(tenace.server.protocol.view_message over real engine tables), through a stand-in WebSocket that records what
the client sends. This reaches states a live online table rarely gets to (a decision pending after an
irregularity, quitted tricks turned face down, penalty cards), and checks that the page never shows a card
that the message did not hold.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from fastapi import FastAPI  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from playwright.sync_api import Browser, Page, Route  # noqa: E402

from tenace import Board, Card, Deal, Seat, parse_call  # noqa: E402
from tenace.laws import CallMade, CardPlayed, ClaimMade, DirectorCalled, Table  # noqa: E402
from tenace.laws.messages import explain  # noqa: E402
from tenace.laws.refs import DIRECTOR, Policy, Regulations  # noqa: E402
from tenace.server import pages  # noqa: E402
from tenace.server.protocol import cards_in, error_message, view_message  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402

ORIGIN = "http://tenace.test"
TIMEOUT_MS = 10_000

pytestmark = needs_chromium

FAKE_SOCKET = """
window.__sent = [];
class FakeSocket extends EventTarget {
  constructor(url) {
    super();
    this.url = url;
    this.readyState = 0;
    window.__socket = this;
    queueMicrotask(() => { this.readyState = 1; this.dispatchEvent(new Event("open")); });
  }
  send(text) { window.__sent.push(JSON.parse(text)); }
  close() {}
}
FakeSocket.CONNECTING = 0; FakeSocket.OPEN = 1; FakeSocket.CLOSING = 2; FakeSocket.CLOSED = 3;
window.WebSocket = FakeSocket;
window.__deliver = (message) => window.__socket.dispatchEvent(new MessageEvent("message", { data: message }));
"""

SHOWN_CARDS_JS = """() => Array.from(document.querySelectorAll("[data-card], [data-played]"))
  .map((e) => e.dataset.card || e.dataset.played)"""

DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    app = FastAPI()
    app.include_router(pages.router)
    client = TestClient(app)

    def serve(route: Route) -> None:
        url = route.request.url[len(ORIGIN):]
        response = client.get(url)
        route.fulfill(status=response.status_code, body=response.content,
                      headers={"content-type": response.headers["content-type"]})

    context = browser.new_context()
    context.route(f"{ORIGIN}/**", serve)
    context.add_init_script(FAKE_SOCKET)
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda exc: errors.append(str(exc)))
    p.goto(f"{ORIGIN}/tables/t1?token=tok&lang=en")
    p.wait_for_function("() => window.__socket && window.__socket.readyState === 1", timeout=TIMEOUT_MS)
    yield p
    assert errors == []
    context.close()


def _deliver(page: Page, message: dict[str, Any]) -> None:
    page.evaluate("(text) => window.__deliver(text)", json.dumps(message))
    page.wait_for_function(f"() => document.getElementById('table').dataset.seq === '{message['seq']}'",
                           timeout=TIMEOUT_MS)


def _sent(page: Page) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = page.evaluate("() => window.__sent")
    return sent


def _shown(page: Page) -> set[str]:
    return set(page.evaluate(SHOWN_CARDS_JS))


def _insufficient_bid_table() -> Table:
    """North 1H, East 1D (insufficient, Law 27), South calls the Director: South chooses (Law 27A1)."""
    table = Table.new(Board(1, DEAL), Regulations(policy=Policy.LAWS))
    table = table.apply(CallMade(Seat.NORTH, parse_call("1H"))).apply(CallMade(Seat.EAST, parse_call("1D")))
    return table.apply(DirectorCalled(Seat.SOUTH))


def test_the_socket_opens_with_the_seat_token_and_the_page_language(page: Page) -> None:
    """The browser asks for the table room's messages too (names and chat: room=1, docs/protocol.md)."""
    url = page.evaluate("() => window.__socket.url")
    assert url == "ws://tenace.test/ws/tables/t1?token=tok&lang=en&room=1"


def test_the_player_who_must_decide_sees_the_options_and_elects_one(page: Page) -> None:
    table = _insufficient_bid_table()
    pending = table.pending
    assert pending is not None and pending.actor is Seat.SOUTH
    _deliver(page, view_message(table, Seat.SOUTH))
    options = page.locator("#pending-options button.option")
    assert options.count() == len(pending.options)
    for i, option in enumerate(pending.options):
        assert options.nth(i).inner_text() == f"{explain(option)} ({option.law})"
        assert options.nth(i).is_enabled()
    assert page.locator("#pending-text").inner_text() == explain(pending)
    assert page.locator("#bidding-box").is_hidden()  # the decision comes first
    options.nth(1).click()
    sent = _sent(page)
    assert [(m["type"], m["option"], m["v"]) for m in sent] == [("elect", 1, 1)]
    assert page.locator("#table").get_attribute("data-busy") == "true"
    page.evaluate("(text) => window.__deliver(text)", json.dumps({"v": 1, "type": "ack", "ref": sent[0]["id"],
                                                                  "seq": 4}))
    after = view_message(table.apply(_elected(table, 1)), Seat.SOUTH)
    _deliver(page, after)
    assert page.locator("#table").get_attribute("data-busy") == "false"
    # what is now in force and the withdrawn call (Law 16C) are listed as the server words them
    listed = page.locator("#constraints li").all_inner_texts()
    shown_view = after["view"]
    wanted = [c["text"] for c in shown_view["constraints"]] + [w["text"] for w in shown_view["withdrawn"]]
    assert shown_view["withdrawn"] and listed == wanted


def _elected(table: Table, index: int) -> Any:
    from tenace.laws import Elected

    assert table.pending is not None
    return Elected(table.pending.actor, table.pending.options[index])


def test_the_others_see_who_decides_but_cannot_choose(page: Page) -> None:
    table = _insufficient_bid_table()
    _deliver(page, view_message(table, Seat.EAST))
    options = page.locator("#pending-options button.option")
    assert options.count() == 2
    assert all(not options.nth(i).is_enabled() for i in range(2))
    assert _shown(page) <= cards_in(view_message(table, Seat.EAST))


def test_a_spectator_has_no_controls_and_the_director_sees_every_hand(page: Page) -> None:
    table = _insufficient_bid_table()
    _deliver(page, view_message(table, None))
    assert page.locator("#director-button").is_hidden()
    assert _shown(page) == set()  # no hand before the opening lead is faced
    assert page.locator("#pending-options button.option:enabled").count() == 0
    _deliver(page, {**view_message(table, DIRECTOR), "seq": 50})
    assert _shown(page) == {str(c) for seat in Seat for c in DEAL[seat]}
    assert page.locator("button.card:enabled").count() == 0  # the Director plays no card


def test_an_error_from_the_server_is_shown_and_the_action_is_no_longer_awaited(page: Page) -> None:
    table = Table.new(Board(1, DEAL))
    _deliver(page, view_message(table, Seat.NORTH))
    page.click('#bids button[data-call="1NT"]')
    sent = _sent(page)
    assert sent[-1]["type"] == "call" and sent[-1]["call"] == "1NT" and sent[-1]["alert"] is False
    page.evaluate("(text) => window.__deliver(text)",
                  json.dumps(error_message("illegal", "North may not bid now", sent[-1]["id"])))
    page.wait_for_function("() => !document.getElementById('error').hidden", timeout=TIMEOUT_MS)
    assert page.locator("#error").inner_text() == "North may not bid now"
    assert page.locator("#table").get_attribute("data-busy") == "false"
    assert page.locator('#bids button[data-call="1NT"]').is_enabled()


def _played_table(cards: int) -> Table:
    """3NT by North, then ``cards`` cards of the play (East leads)."""
    table = Table.new(Board(1, DEAL))
    for seat, call in zip(Seat, ("3NT", "P", "P", "P"), strict=True):
        table = table.apply(CallMade(seat, parse_call(call)))
    order = [("E", "ST"), ("S", "S3"), ("W", "S2"), ("N", "SA"), ("N", "HA"), ("E", "H9"), ("S", "H6"),
             ("W", "H2"), ("N", "DA"), ("E", "D9")]
    for letter, card in order[:cards]:
        table = table.apply(CardPlayed(Seat(letter), Card.from_str(card)))
    return table


def test_the_page_never_shows_a_card_its_message_did_not_hold(page: Page) -> None:
    seq = 1000
    for cards in (0, 1, 3, 4, 5, 8, 10):
        table = _played_table(cards)
        for seat in (*Seat, None):
            message = view_message(table, seat)
            seq += 1
            _deliver(page, {**message, "seq": seq})
            allowed = cards_in(message)
            assert _shown(page) <= allowed, (cards, seat)
            if page.locator("#last-trick-button").is_visible():  # the reviewed trick too
                page.click("#last-trick-button")
                assert _shown(page) <= allowed, (cards, seat, "last trick")
                page.click("#last-trick-button")
            if seat is not None:  # his own hand is all there
                assert {str(c) for c in table.view(seat).hands[seat]} <= _shown(page)


def test_quitted_tricks_are_drawn_face_down_and_the_last_trick_can_be_reviewed(page: Page) -> None:
    # after the first trick and the lead to the second (from North, who won it), East's side has not played
    # to the second trick: East may still review the first one (Law 66A), South may not
    table = _played_table(5)
    _deliver(page, view_message(table, Seat.EAST))
    page.click("#last-trick-button")
    assert sorted(page.locator("[data-played]").evaluate_all("els => els.map(e => e.dataset.played)")) == \
        ["S2", "S3", "SA", "ST"]
    assert page.locator("#trick-heading").inner_text() == "Last trick (1)"
    page.click("#last-trick-button")
    assert page.locator("[data-played]").evaluate_all("els => els.map(e => e.dataset.played)") == ["HA"]
    _deliver(page, {**view_message(table, Seat.SOUTH), "seq": 99})
    assert page.locator("#last-trick-button").is_hidden()


def test_an_opponent_answers_a_claim_and_the_claimer_does_not(page: Page) -> None:
    table = _played_table(4).apply(ClaimMade(Seat.NORTH, 12, "All my cards are high."))
    assert table.turn is Seat.EAST
    _deliver(page, view_message(table, Seat.NORTH))
    assert page.locator("#claim-answer").is_hidden()
    _deliver(page, {**view_message(table, Seat.EAST), "seq": 100})
    assert page.locator("#claim-answer").is_visible()
    page.click("#claim-accept")
    assert _sent(page)[-1]["type"] == "claim-answer" and _sent(page)[-1]["accept"] is True


def test_claim_dialog_offers_the_tricks_left_and_sends_the_statement(page: Page) -> None:
    table = _played_table(4)  # North to lead to the second trick
    _deliver(page, view_message(table, Seat.NORTH))
    page.click("#claim-button")
    values = page.locator("#claim-tricks option").evaluate_all("els => els.map(e => e.value)")
    assert values == [str(n) for n in range(13)]  # 0 to the 12 tricks still to play
    page.select_option("#claim-tricks", "12")
    page.fill("#claim-statement", "Cashing everything from the top.")
    page.click("#claim-submit")
    last = _sent(page)[-1]
    statement = "Cashing everything from the top."
    assert (last["type"], last["tricks"], last["statement"]) == ("claim", 12, statement)
    assert page.locator("#claim-dialog").is_hidden()


def test_labels_follow_the_page_language(browser: Browser) -> None:
    app = FastAPI()
    app.include_router(pages.router)
    client = TestClient(app)
    context = browser.new_context()
    context.route(f"{ORIGIN}/**", lambda route: route.fulfill(
        status=200, body=client.get(route.request.url[len(ORIGIN):]).content,
        headers={"content-type": client.get(route.request.url[len(ORIGIN):]).headers["content-type"]}))
    context.add_init_script(FAKE_SOCKET)
    page = context.new_page()
    page.goto(f"{ORIGIN}/tables/t1?token=tok&lang=sv")
    page.wait_for_function("() => window.__socket && window.__socket.readyState === 1", timeout=TIMEOUT_MS)
    _deliver(page, view_message(Table.new(Board(1, DEAL)), Seat.EAST, locale="sv"))
    assert page.locator("#dealer").inner_text() == "Nord"
    assert page.locator("#status").inner_text() == "Väntar på Nord."
    context.close()
