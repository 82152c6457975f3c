"""The live table fits the screen (issue 12, items 1 and 2), in Chromium against the real server: at a
1366x650 laptop, a 1920x1080 desktop, a 768x1024 tablet and a 390x844 phone, one human (South) plays a whole
board with three robots, and at every step (the auction, the opening lead, the play, a claim, the result)

* every control needed then is inside the window (its bounding box within the viewport) and the page does not
  scroll;
* South's own hand is one row (every card has the same top), its suits alternate black and red;
* an alerted call is marked in the auction grid and its explanation shown on tap, with no list under the grid;
* the last trick marks its winner, and the trick count opens the tricks played so far.

Screenshots of every step are saved to ``$TENACE_ARTEFACTS`` (default: the test's ``tmp_path``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page  # noqa: E402

from tenace import Board, Card, Deal, Seat, parse_call  # noqa: E402
from tenace.laws import CallMade, CardPlayed, ClaimAnswered, ClaimMade, DirectorCalled, Table  # noqa: E402
from tenace.server.protocol import view_message  # noqa: E402

from .chromium import needs_chromium  # noqa: E402
from .test_browser import TIMEOUT_MS, Running, _state  # noqa: E402
from .test_browser import browser as browser  # noqa: E402,F401  (the module's fixtures, reused)
from .test_browser import server as server  # noqa: E402,F401
from .test_browser_player import _deliver, _sent  # noqa: E402
from .test_browser_player import open_page as open_page  # noqa: E402,F401

pytestmark = needs_chromium

# South holds every top card: he opens 2C (alerted), bids 7NT, and takes all the tricks; North is dummy.
DEAL = "N:T987.JT9.JT9.JT9 6543.876.876.876 AKQJ.AKQ.AKQ.AKQ 2.5432.5432.5432"

VIEWPORTS = [
    pytest.param(1366, 650, "en", id="laptop-1366x650"),
    pytest.param(1920, 1080, "pl", id="desktop-1920x1080"),
    pytest.param(768, 1024, "sv", id="tablet-768x1024"),
    pytest.param(390, 844, "el", id="phone-390x844"),
]

# every element matched by a selector that is shown must lie inside the window
ALWAYS = ["#board-number", "#dealer", "#vulnerability", "#director-button", "#chat-button", "#auction-toggle",
          "#pos-top .seat-name", "#pos-left .seat-name", "#pos-right .seat-name", "#pos-bottom .seat-name",
          "#compass-top", "#compass-bottom", "#compass-left", "#compass-right", "#pos-bottom button.card"]
BIDDING = ["#bids button[data-call]", "#bidding-box button[data-call='P']",
           "#bidding-box button[data-call='X']", "#bidding-box button[data-call='XX']", "#alert",
           "#explanation", "#auction"]
PLAYING = ["#pos-top button.card", "#contract", "#tricks-ns", "#tricks-ew", "#claim-button", "[data-played]",
           "#tricks-button"]
CLAIMING = ["#claim-tricks", "#claim-statement", "#claim-submit", "#claim-cancel"]
ENDED = ["#score-text", "#next-board", "#replay-link", "#contract", "#tricks-ns", "#tricks-ew"]

OUTSIDE_JS = """(selectors) => {
  const w = window.innerWidth, h = window.innerHeight, out = [];
  for (const selector of selectors) {
    const found = document.querySelectorAll(selector);
    for (const e of found) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;  // not shown now
      const at = [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
      const inside = r.left >= -0.5 && r.top >= -0.5 && r.right <= w + 0.5 && r.bottom <= h + 0.5;
      if (!inside) out.push(`${selector} at ${at}`);
    }
  }
  const d = document.documentElement;
  const [sw, sh] = [d.scrollWidth, d.scrollHeight];
  if (sh > h + 1 || sw > w + 1) out.push(`the page scrolls: ${sw} ${sh}`);
  return out;
}"""

SHOWN_JS = "(s) => Array.from(document.querySelectorAll(s)).some((e) => e.getClientRects().length > 0)"

HAND_JS = """() => Array.from(document.querySelectorAll('#pos-bottom button.card')).map((e) => {
  const r = e.getBoundingClientRect();
  return { top: Math.round(r.top), height: r.height, suit: e.dataset.card[0] };
})"""


def _artefacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("TENACE_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Steps:
    """Checks the window at each step and saves its screenshot."""

    def __init__(self, page: Page, folder: Path, name: str) -> None:
        self.page, self.folder, self.name = page, folder, name
        self.done: list[str] = []

    def check(self, step: str, needed: list[str]) -> None:
        self.page.screenshot(path=str(self.folder / f"{self.name}-{len(self.done):02d}-{step}.png"))
        self.done.append(step)
        for selector in needed:
            assert self.page.evaluate(SHOWN_JS, selector), f"{self.name} {step}: {selector} is not shown"
        outside = self.page.evaluate(OUTSIDE_JS, ALWAYS + needed)
        assert outside == [], f"{self.name} {step}: outside the window: {outside}"
        hand: list[dict[str, Any]] = self.page.evaluate(HAND_JS)
        if hand:
            assert len({c["top"] for c in hand}) == 1, f"{self.name} {step}: the hand is not one row"
            assert min(c["height"] for c in hand) >= 44, f"{self.name} {step}: cards too small to tap"
            suits = [c["suit"] for c in hand]
            groups = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
            assert len(groups) == len(set(groups)), f"{self.name} {step}: suits not grouped: {suits}"
            colours = [s in "HD" for s in groups]
            assert all(a != b for a, b in zip(colours, colours[1:], strict=False)), f"{step}: {groups}"


def _new_table(page: Page) -> dict[str, Any]:
    response = page.request.post("/api/tables", data={
        "humans": ["S"], "boards": 1,
        "board": {"number": 5, "dealer": "W", "vulnerability": "NS", "deal": DEAL},
    })
    assert response.status == 201, response.text()
    created: dict[str, Any] = response.json()
    return created


@pytest.mark.parametrize(("width", "height", "lang"), VIEWPORTS)
def test_a_whole_board_fits_the_window_at_every_step(
    server: Running, browser: Browser, tmp_path: Path, width: int, height: int, lang: str
) -> None:
    context = browser.new_context(base_url=server.url, viewport={"width": width, "height": height},
                                  has_touch=width < 800, is_mobile=False)
    context.set_default_timeout(TIMEOUT_MS // 3)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    created = _new_table(page)
    table_id = created["id"]
    page.goto(f"/tables/{table_id}?token={created['tokens']['S']}&lang={lang}")
    steps = Steps(page, _artefacts(tmp_path), f"{width}x{height}")
    plan = ["2C", "7NT"]
    for _ in range(80):
        state = _state(page, lambda: server.table(table_id))
        seq = int(page.locator("#table").get_attribute("data-seq") or "0")
        if state == "end":
            break
        if state == "call":
            steps.check("auction", BIDDING)
            call = plan.pop(0) if plan else "P"
            button = page.locator(f'#bidding-box button[data-call="{call}"]')
            if button.is_disabled():
                button = page.locator('#bidding-box button[data-call="P"]')
            elif call == "2C":
                page.check("#alert")
                page.fill("#explanation", "Strong, artificial")
            button.click()
        elif state == "card":
            table = server.table(table_id)
            assert table.play is not None
            played = len(table.play.cards)
            if played == 1:
                steps.check("opening-lead", PLAYING)
            elif played == 3:
                steps.check("play", PLAYING)
            if played == 4:  # South won the first trick and is on lead: he looks back, then claims the rest
                _check_tricks(page, steps)
                page.click("#claim-button")
                steps.check("claim", CLAIMING)
                page.select_option("#claim-tricks", str(13 - played // 4))
                page.fill("#claim-statement", "All high.")
                page.click("#claim-submit")
            else:
                # the last: in dummy's columns the covered cards show only their corner
                page.locator("button.card.playable:not([disabled])").last.click()
        elif state == "answer":
            pytest.fail("South has no claim to answer here")
        elif state == "decide":
            pytest.fail(f"an unexpected decision: {server.table(table_id).pending}")
        page.wait_for_function(f"() => Number(document.getElementById('table').dataset.seq) > {seq}"
                               " || !document.getElementById('score').hidden", timeout=TIMEOUT_MS)
    else:
        pytest.fail("the board did not end in 80 actions")
    final = server.table(table_id)
    assert final.contract is not None and final.contract.declarer is Seat.SOUTH
    steps.check("result", ENDED)
    if page.locator("#auction-toggle").is_visible():  # the strip opens to the whole auction, and closes
        page.click("#auction-toggle")
        assert page.locator("#auction-toggle").get_attribute("aria-expanded") == "true"
        steps.check("auction-open", ["#auction td[data-call-index]"])
        page.click("#auction-toggle")
        assert page.locator("#auction-toggle").get_attribute("aria-expanded") == "false"
    assert page.locator("#score-text").get_attribute("data-score") == str(final.score_ns())
    _check_alerts(page, final, steps)
    assert {"auction", "opening-lead", "play", "tricks", "claim", "result"} <= set(steps.done), steps.done
    assert errors == []
    context.close()


def _check_tricks(page: Page, steps: Steps) -> None:
    """The last trick marks its winner; the trick count opens the tricks played so far."""
    if page.locator("#last-trick-button").is_visible():
        page.click("#last-trick-button")
        assert page.locator(".trick [data-played].winner").count() == 1
        page.click("#last-trick-button")
    page.click("#tricks-button")
    history = page.locator("#trick-history")
    history.wait_for(state="visible", timeout=TIMEOUT_MS)
    assert history.locator("li").count() >= 1
    first = history.locator("li").first
    assert first.locator("[data-played]").count() == 4
    assert first.locator(".winner").count() == 1
    steps.check("tricks", ["#trick-history", "#trick-history-close"])
    page.click("#trick-history-close")
    assert not history.is_visible()


def _check_alerts(page: Page, table: Table, steps: Steps) -> None:
    """Alerts are marked in the auction grid, never listed under it: a call is marked alerted exactly when
    its caller alerted it and South may see it (not his partner's: the server's rule), so a robot's pass is
    marked only when its rule alerts it. An explained call opens its explanation on a tap, in the window."""
    assert page.locator("#alerts").count() == 0
    for index, made in enumerate(table.calls):
        cell = page.locator(f'#auction td[data-call-index="{index}"]')
        shown = made.seat is not Seat.NORTH and made.call.alert  # South's partner's alerts are not his
        marked = "alerted" in (cell.get_attribute("class") or "").split()
        assert marked == shown, (index, str(made.call.call))
        if cell.locator(".call-button").count():
            cell.locator(".call-button").click()
            note = page.locator("#call-note")
            note.wait_for(state="visible", timeout=TIMEOUT_MS)
            assert note.inner_text().strip()
            assert page.evaluate(OUTSIDE_JS, ["#call-note"]) == []
            if index == 0:  # West's pass, as the robot explains it in the page's language
                page.screenshot(path=str(steps.folder / f"{steps.name}-explanation.png"))
            page.keyboard.press("Escape")
            assert note.is_hidden()


def _defending() -> Table:
    """4S by East after South's opening lead: dummy (West) is faced on South's left (Law 41D)."""
    table = Table.new(Board(1, Deal.from_pbn(SIDE_DEAL)))
    for seat, call in zip([*Seat, *Seat], ("P", "1S", "P", "4S", "P", "P", "P"), strict=False):
        table = table.apply(CallMade(seat, parse_call(call)))
    return table.apply(CardPlayed(Seat.SOUTH, Card.from_str("H8")))


def _dummy() -> Table:
    """3NT by North after East's lead: South is dummy, his cards in columns towards North."""
    table = Table.new(Board(1, Deal.from_pbn(SIDE_DEAL)))
    for seat, call in zip(Seat, ("3NT", "P", "P", "P"), strict=True):
        table = table.apply(CallMade(seat, parse_call(call)))
    return table.apply(CardPlayed(Seat.EAST, Card.from_str("ST")))


SIDE_DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
LONG_DUMMY = "N:AKQJT98.2.32.432 765.AKQ.AKQ.AKQJ 432.JT9.JT9.T987 .876543.87654.65"


@pytest.mark.parametrize(("width", "height", "lang"), VIEWPORTS)
def test_dummy_at_the_side_or_at_the_bottom_fits_the_window(
    open_page: Callable[[str], Page], tmp_path: Path, width: int, height: int, lang: str
) -> None:
    """Views the server's protocol builds, through a stand-in socket (no robots: quick): South defends with
    dummy on his left (its suits in rows pointing at declarer, trumps on dummy's right: at the bottom), then
    South is dummy himself (columns pointing up at North, each covered card showing its corner)."""
    page = open_page(lang)
    page.set_viewport_size({"width": width, "height": height})
    steps = Steps(page, _artefacts(tmp_path), f"{width}x{height}-dummy")
    _deliver(page, view_message(_defending(), Seat.SOUTH, locale=lang))
    suits = page.locator("#pos-left .dummy-suit").evaluate_all("els => els.map(e => e.dataset.suit)")
    assert suits[-1] == "S"
    steps.check("left", ["#pos-left button.card", "[data-played]"])
    message = view_message(_dummy(), Seat.SOUTH, locale=lang)
    message["seq"] = 100  # another table's view, after the first
    _deliver(page, message)
    assert page.locator("#pos-bottom .dummy-suit").count() == 4
    page.screenshot(path=str(steps.folder / f"{steps.name}-bottom.png"))
    corners = page.locator("#pos-bottom .dummy-suit .card .rank").evaluate_all(
        "els => els.every(e => document.elementFromPoint(e.getBoundingClientRect().left + 2,"
        " e.getBoundingClientRect().top + 2)?.closest('.card') === e.closest('.card'))")
    assert corners, "a covered card of dummy does not show its rank"
    outside = page.evaluate(OUTSIDE_JS, [*ALWAYS, "[data-played]"])
    assert outside == [], outside
    # a seven-card suit in dummy's column still leaves the trick and South's hand in the window
    long = Table.new(Board(1, Deal.from_pbn(LONG_DUMMY)))
    for seat, call in zip([*Seat, *Seat], ("P", "P", "3NT", "P", "P", "P"), strict=False):
        long = long.apply(CallMade(seat, parse_call(call)))
    message = view_message(long.apply(CardPlayed(Seat.WEST, Card.from_str("H8"))), Seat.SOUTH, locale=lang)
    message["seq"] = 150
    _deliver(page, message)
    steps.check("long-dummy", ["#pos-top button.card", "[data-played]"])
    # declarer claims: South, an opponent, answers it (Law 68D)
    claimed = _defending().apply(ClaimMade(Seat.EAST, 10, "Trumps, then my winners."))
    while claimed.turn is not Seat.SOUTH:
        claimed = claimed.apply(ClaimAnswered(claimed.turn, True))  # type: ignore[arg-type]
    message = view_message(claimed, Seat.SOUTH, locale=lang)
    message["seq"] = 200
    _deliver(page, message)
    steps.check("claim-answer", ["#claim-info", "#claim-accept", "#claim-reject"])
    # an insufficient bid, the Director called: South chooses among the options the Laws give (Law 27)
    table = Table.new(Board(1, Deal.from_pbn(SIDE_DEAL)))
    table = table.apply(CallMade(Seat.NORTH, parse_call("1H"))).apply(CallMade(Seat.EAST, parse_call("1D")))
    message = view_message(table.apply(DirectorCalled(Seat.SOUTH)), Seat.SOUTH, locale=lang)
    message["seq"] = 300
    _deliver(page, message)
    steps.check("decision", ["#pending-text", "#pending-options button.option"])
    # twelve tricks played: the history lists them all, and its Close button stays in the window
    late = _dummy()
    while late.play is not None and len(late.play.cards) < 48:
        turn = late.turn
        assert isinstance(turn, Seat)
        late = late.apply(CardPlayed(turn, sorted(late.legal_cards(), key=str)[0]))
    message = view_message(late, Seat.EAST, locale=lang)
    message["seq"] = 400
    _deliver(page, message)
    page.click("#tricks-button")
    assert page.locator("#trick-history li").count() == 12
    steps.check("history", ["#trick-history", "#trick-history-close", "#trick-history li:first-child"])
    page.click("#trick-history-close")


HAND_ORDERS = [
    (["SA", "HA", "DA", "CA"], None, ["S", "H", "C", "D"]),  # black, red, black, red
    (["SA", "HA", "DA", "CA"], "H", ["H", "S", "D", "C"]),  # trumps first
    (["SA", "HA", "DA", "CA"], "C", ["C", "H", "S", "D"]),
    (["SA", "HA", "DA"], None, ["H", "S", "D"]),  # a void in clubs: the reds around the spades
    (["HA", "DA", "CA"], "D", ["D", "C", "H"]),
    (["SA", "CA"], None, ["S", "C"]),  # one colour only
]


def test_the_hand_alternates_its_suits_in_colour(open_page: Callable[[str], Page]) -> None:
    page = open_page("en")
    found = page.evaluate("""async (cases) => {
      const { handSuitOrder } = await import("/static/view.js");
      return cases.map(([cards, trump]) => handSuitOrder(cards, trump));
    }""", [[cards, trump] for cards, trump, _ in HAND_ORDERS])
    assert found == [order for _, _, order in HAND_ORDERS]


PENALTY_DEAL = "N:AK32.AK2.432.432 QJ4.QJ3.AKQ5.765 765.7654.J76.AKQ T98.T98.T98.JT98"
DIALOG = ["#director-dialog", "#director-dialog input[name=reason]", "#director-text", "#director-submit",
          "#director-cancel"]


def _exposed(option: int) -> Table:
    """1NT by South; East (a defender) exposes the king of diamonds before the opening lead, and South
    chooses among the Law 50D2 options: ``option`` 0 requires a diamond lead from West (the card is picked
    up), 2 leaves West free (the card stays a major penalty card, face up in front of East)."""
    from tenace.laws.events import CardExposed, Elected

    table = Table.new(Board(1, Deal.from_pbn(PENALTY_DEAL)))
    for i, call in enumerate(["P", "P", "1NT", "P", "P", "P"]):
        table = table.apply(CallMade(Seat.NORTH.rotate(i), parse_call(call)))
    table = table.apply(CardExposed(Seat.EAST, Card.from_str("DK")))
    assert table.pending is not None
    return table.apply(Elected(table.pending.actor, table.pending.options[option]))


@pytest.mark.parametrize(("width", "height", "lang"), VIEWPORTS)
def test_the_director_dialog_the_directors_answers_and_penalty_cards_fit_the_window(
    open_page: Callable[[str], Page], tmp_path: Path, width: int, height: int, lang: str
) -> None:
    """Calling the Director for anything (Law 9): the dialog with its reasons, the opponent a hesitation is
    about, the player's words, reserving rights (16B2, after an opponent's call) and correcting his own
    explanation (20F4) fits the window; then the calls and the Director's answer with an adjusted score, a
    disputed claim's ruling (Law 70), a penalty card face up in front of its owner (Law 50) and a lead
    restriction stated to the player it binds (Law 50D2), all inside the window."""
    from tenace.server.pages import gettext_for

    _ = gettext_for(lang)
    page = open_page(lang)
    page.set_viewport_size({"width": width, "height": height})
    steps = Steps(page, _artefacts(tmp_path), f"{width}x{height}-director")
    # South opened 1NT, alerted and explained; West overcalled 2C, alerted: South may reserve his rights
    table = Table.new(Board(1, Deal.from_pbn(SIDE_DEAL)))
    for seat, call, alert, text in ((Seat.NORTH, "P", False, None), (Seat.EAST, "P", False, None),
                                    (Seat.SOUTH, "1NT", True, "12-14"), (Seat.WEST, "2C", True, "majors")):
        table = table.apply(CallMade(seat, parse_call(call), alert, text))
    message = view_message(table, Seat.SOUTH, locale=lang, extra={"director_present": True})
    message["seq"] = 10
    _deliver(page, message)
    page.click("#director-button")
    page.locator("#director-dialog").wait_for(state="visible")
    assert page.locator("#reserve-button").is_hidden()  # only about unauthorised information
    page.check("#director-dialog input[data-reason=unauthorised-information]")
    assert page.locator("#director-about").input_value() == "W"  # the opponent who has just called
    assert page.locator("#reserve-button").is_visible()
    steps.check("dialog", [*DIALOG, "#director-about", "#reserve-button"])
    page.click("#correct-box summary")
    assert page.locator("#correct-call option").evaluate_all("os => os.map((o) => o.value)") == ["2"]  # 1NT
    steps.check("dialog-correct", ["#director-dialog", "#correct-call", "#correct-text", "#correct-submit",
                                   "#correct-cancel"])
    assert page.locator("#director-submit").is_hidden()  # the correction takes the call's place
    page.click("#correct-box summary")
    page.check("#director-dialog input[data-reason=misinformation]")
    page.fill("#director-text", "2C was not alerted as I was told")
    page.click("#director-submit")
    assert page.locator("#director-dialog").is_hidden()
    sent = _sent(page)[-1]
    assert {k: sent[k] for k in ("type", "reason", "text")} == {
        "type": "director", "reason": "misinformation", "text": "2C was not alerted as I was told"}
    assert "about" not in sent
    # at a practice table with robots the dialog says that no Director is present (the call is recorded)
    message = view_message(table, Seat.SOUTH, locale=lang, extra={"director_present": False})
    message["seq"] = 15
    _deliver(page, message)
    page.click("#director-button")
    assert page.locator("#director-practice").is_hidden()  # an irregularity: the engine rectifies it
    page.check("#director-dialog input[data-reason=other]")
    assert page.locator("#director-practice").inner_text() == _(
        "No Director is present at a practice table with robots: the call is recorded with the board.")
    steps.check("dialog-practice", [*DIALOG, "#director-practice"])
    page.click("#director-cancel")
    assert page.locator("#director-dialog").is_hidden()

    # the call and the Director's answer with an adjusted score, as every player is sent them
    ended = _dummy()
    while ended.play is not None and len(ended.play.cards) < 52:
        turn = ended.turn
        assert isinstance(turn, Seat)
        ended = ended.apply(CardPlayed(turn, sorted(ended.legal_cards(), key=str)[0]))
    calls = [{"number": 1, "by": "W", "reason": "misinformation", "text": None, "status": "answered",
              "director": True, "ruling": {"note": "Misinformation: the score is adjusted.",
                                           "adjusted": "assigned -100", "law": "12C1"}}]
    message = view_message(ended, Seat.SOUTH, locale=lang, extra={
        "director_calls": calls, "director_present": True, "replay": "/replay/t1/1",
        "claim_ruling": {"seat": "N", "tricks": 9, "claimed": 13, "law": "70", "by": "director"},
        "reserved": [{"by": "E", "about": "S", "reason": "hesitation", "law": "16B2", "ruled": False}]})
    message["view"]["result"] = {"adjusted": "assigned -100", "law": "12C1"}
    message["seq"] = 20
    _deliver(page, message)
    answer = page.locator("#director-call-list li.answered")
    assert "Misinformation: the score is adjusted." in answer.inner_text()
    assert _("Adjusted score: {score} (Law {law})").format(score="assigned -100", law="12C1") \
        in answer.inner_text()
    assert page.locator("#claim-ruling").get_attribute("data-tricks") == "9"
    steps.check("answered", ["#director-calls", "#director-call-list li", "#claim-ruling", *ENDED])

    # East's penalty card, face up in front of him (his partner West's screen: at the top)
    message = view_message(_exposed(2), Seat.WEST, locale=lang)
    message["seq"] = 30
    _deliver(page, message)
    card = page.locator('#pos-top .table-cards .penalty-card[data-played="DK"]')
    assert card.count() == 1
    steps.check("penalty-card", ['#pos-top .table-cards [data-played="DK"]'])
    # East's own screen: the card is marked in his hand, and its obligation stated to him (Law 50B)
    message = view_message(_exposed(2), Seat.EAST, locale=lang)
    message["seq"] = 40
    _deliver(page, message)
    assert "penalty" in (page.locator('#pos-bottom button.card[data-card="DK"]').get_attribute("class") or "")
    assert page.locator("#my-restriction").is_visible()
    # West, required to lead a diamond (Law 50D2(a)): the restriction is stated to him
    message = view_message(_exposed(0), Seat.WEST, locale=lang)
    message["seq"] = 50
    _deliver(page, message)
    restriction = page.locator("#my-restriction")
    assert restriction.is_visible() and "50D2(a)" in restriction.inner_text()
    steps.check("lead-restriction", ["#my-restriction"])
