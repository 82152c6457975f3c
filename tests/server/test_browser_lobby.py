"""The lobby and the table by keyboard and with friends, in Chromium against the real server (issue 12, items
6 and 8):

* keyboard only: South reaches the bidding box with Tab, moves in its grid with the arrow keys (Pass, X and XX
  are on its last row), calls 7NT with Enter, then plays cards of dummy and of his own hand with the keyboard
  alone (the focus follows his turn); what the server records is what the keys chose;
* with friends: a host starts a table for friends from the lobby (North a friend, East anyone from the lobby),
  opens his invitations, the friend arrives by his link, a third visitor takes East from the lobby's list;
  every seat shows its player's name or "Robot", a chat message reaches the others as text (never as HTML),
  and the new controls (chat, invitations) lie inside the window at 1366x650, 1920x1080, 768x1024 and
  390x844, with screenshots saved to ``$TENACE_ARTEFACTS``;
* axe-core finds no serious or critical violation on the lobby with its open tables, nor on the table with
  the chat and the invitations open.
"""

from __future__ import annotations

import html
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page  # noqa: E402

from tenace import Seat  # noqa: E402

from .chromium import needs_chromium  # noqa: E402
from .test_browser import TIMEOUT_MS, Running  # noqa: E402
from .test_browser import browser as browser  # noqa: E402,F401  (the module's fixtures, reused)
from .test_browser import server as server  # noqa: E402,F401
from .test_browser_accessibility import AXE  # noqa: E402
from .test_browser_layout import OUTSIDE_JS, VIEWPORTS, _artefacts, _new_table  # noqa: E402

pytestmark = needs_chromium

FOCUSED_JS = ("() => { const e = document.activeElement;"
              " return e ? (e.dataset.call || e.dataset.card || e.id) : null; }")


def _focused(page: Page) -> str | None:
    found: str | None = page.evaluate(FOCUSED_JS)
    return found


def test_keyboard_only_a_call_in_the_bidding_grid_and_cards_from_dummy_and_hand(
    server: Running, browser: Browser,
) -> None:
    context = browser.new_context(base_url=server.url, viewport={"width": 1366, "height": 650})
    context.set_default_timeout(TIMEOUT_MS // 3)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    created = _new_table(page)
    table_id = created["id"]
    page.goto(f"/tables/{table_id}?token={created['tokens']['S']}&lang=en")
    page.wait_for_selector("#bidding-box:not([hidden]) button[data-call='1C']:not([disabled])")

    # Tab reaches the bidding box once (a roving tabindex: one stop for the whole grid), at its lowest call
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => Boolean(document.activeElement.closest('#bidding-box'))"):
            break
    else:
        pytest.fail("Tab never reached the bidding box")
    assert _focused(page) == "1C"
    in_order = page.evaluate("() => document.querySelectorAll('#bidding-box button[tabindex=\"0\"]').length")
    assert in_order == 1
    page.keyboard.press("ArrowRight")
    assert _focused(page) == "1D"
    page.keyboard.press("End")
    assert _focused(page) == "1NT"
    page.keyboard.press("Control+End")  # the last call of the box: on the row of Pass, X and XX
    assert _focused(page) in {"P", "X", "XX"}
    page.keyboard.press("Home")
    assert _focused(page) == "P"  # X and XX are disabled here (nothing to double): Pass is the row's first
    page.keyboard.press("ArrowUp")  # back up into the bids: the seventh level
    assert (_focused(page) or "").startswith("7")
    page.keyboard.press("End")
    assert _focused(page) == "7NT"
    for _ in range(6):
        page.keyboard.press("ArrowUp")
    assert _focused(page) == "1NT"
    for _ in range(6):
        page.keyboard.press("ArrowDown")
    assert _focused(page) == "7NT"
    page.keyboard.press("Enter")

    # the robots pass, West leads; South plays dummy's cards and his own with Enter and the arrows alone
    played_by_keys: list[str] = []
    for _ in range(4):
        page.wait_for_function("() => document.activeElement && document.activeElement.matches("
                               "'button.card.playable:not([disabled])')", timeout=TIMEOUT_MS)
        before = _focused(page)
        page.keyboard.press("ArrowRight")  # another card of the same hand, if it has one to play
        chosen = _focused(page)
        assert chosen is not None and page.evaluate(
            "() => document.activeElement.matches('button.card.playable:not([disabled])')")
        assert before is not None
        page.keyboard.press("Enter")
        played_by_keys.append(chosen)
        page.wait_for_function(f"() => !document.querySelector('button.card[data-card=\"{chosen}\"]')",
                               timeout=TIMEOUT_MS)
    table = server.table(table_id)
    assert table.contract is not None and str(table.contract) == "7NTS"
    assert table.play is not None
    ours = set(table.deal[Seat.NORTH]) | set(table.deal[Seat.SOUTH])
    recorded = [str(c) for c in table.play.cards if c in ours]
    assert recorded[:4] == played_by_keys
    assert errors == []
    context.close()


def _lobby_form(page: Page, north: str, east: str, west: str, name: str) -> None:
    page.goto("/?lang=en")
    page.select_option("#seat-n", north)
    page.select_option("#seat-e", east)
    page.select_option("#seat-w", west)
    page.fill("#friends-name", name)
    page.click("#start-friends")
    page.wait_for_url("**/tables/**")


NEW_CONTROLS = ["#chat-button", "#invite-button", "#director-button"]
CHAT = ["#chat-text", "#chat-send", "#chat-close", "#chat-log li"]
INVITE = ["#invite-n", ".invite-robot[data-seat=N] button", "#invite-close"]


@pytest.mark.parametrize(("width", "height", "lang"), VIEWPORTS)
def test_friends_invited_named_and_chatting_within_the_window(
    server: Running, browser: Browser, tmp_path: Path, width: int, height: int, lang: str,
) -> None:
    folder = _artefacts(tmp_path)
    name = f"lobby-{width}x{height}"
    contexts = [browser.new_context(base_url=server.url, viewport={"width": width, "height": height},
                                    has_touch=width < 800) for _ in range(3)]
    host, friend, stranger = (c.new_page() for c in contexts)
    errors: list[str] = []
    for page in (host, friend, stranger):
        page.set_default_timeout(TIMEOUT_MS // 3)
        page.on("pageerror", lambda exc: errors.append(str(exc)))

    _lobby_form(host, "friend", "open", "robot", "Hana")
    host.goto(host.url + f"&lang={lang}")
    host.wait_for_selector("#pos-bottom .player-tag:not([hidden])")
    host.screenshot(path=str(folder / f"{name}-00-host.png"))
    assert host.evaluate(OUTSIDE_JS, NEW_CONTROLS) == []
    host.click("#invite-button")
    host.screenshot(path=str(folder / f"{name}-01-invitations.png"))
    assert host.evaluate(OUTSIDE_JS, INVITE) == []
    link = host.input_value("#invite-n")
    assert host.locator("#invite-e").count() == 0  # East is open to the lobby, not an invitation
    host.keyboard.press("Escape")
    assert host.locator("#invite-dialog").is_hidden()

    friend.goto(link + f"&name=Finn&lang={lang}")
    friend.wait_for_selector("#pos-bottom .player-tag:not([hidden])")
    # the stranger finds East in the lobby's list and takes it
    stranger.goto(f"/?lang={lang}")
    stranger.screenshot(path=str(folder / f"{name}-02-lobby-open-tables.png"), full_page=True)
    assert stranger.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), \
        "the lobby scrolls sideways"
    stranger.fill("#sit-name", "Sten")
    stranger.click("#open-table-list button.take-seat[value='E']")
    stranger.wait_for_url("**/tables/**")

    # every seat shows its player: the host sees his partner Finn at the top, Sten (East) on his right and
    # West's robot on his left
    tag = "#pos-{} .player-tag"
    host.wait_for_function("() => document.querySelector('#pos-top .player-tag')?.textContent === 'Finn'")
    host.wait_for_function("() => document.querySelector('#pos-right .player-tag')?.textContent === 'Sten'")
    assert host.text_content(tag.format("left")) == host.evaluate(
        "() => JSON.parse(document.getElementById('tenace-strings').textContent)['Robot']")
    assert "Hana" in (host.text_content(tag.format("bottom")) or "")

    # a chat message reaches the others as text
    said = "<b>good luck</b> & have fun"
    host.click("#chat-button")
    host.fill("#chat-text", said)
    host.keyboard.press("Enter")
    friend.wait_for_selector("#chat-unread:not([hidden])")
    friend.click("#chat-button")
    friend.wait_for_selector("#chat-log li")
    assert friend.text_content("#chat-log li .said") == said
    assert friend.locator("#chat-log b").count() == 0  # never turned into HTML
    assert "Hana" in (friend.text_content("#chat-log li .who") or "")
    friend.screenshot(path=str(folder / f"{name}-03-chat.png"))
    assert friend.evaluate(OUTSIDE_JS, CHAT) == []
    friend.keyboard.press("Escape")
    assert friend.locator("#chat-panel").is_hidden()
    assert html.escape(said) not in (friend.content().split('id="chat-log"')[0])  # nothing else echoed it
    assert errors == []
    for context in contexts:
        context.close()


@pytest.mark.skipif(AXE is None, reason="axe-core is not installed (npm ci or TENACE_AXE_CORE)")
@pytest.mark.parametrize("size", [(1366, 650), (390, 844)], ids=["laptop", "phone"])
def test_axe_finds_nothing_serious_on_the_lobby_and_the_tables_new_controls(
    server: Running, browser: Browser, size: tuple[int, int],
) -> None:
    from .test_browser_accessibility import _violations

    context = browser.new_context(base_url=server.url, viewport={"width": size[0], "height": size[1]},
                                  bypass_csp=True)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    _lobby_form(page, "friend", "open", "robot", "Ada")
    table = page.url
    page.goto("/?lang=en")
    assert page.locator("#open-table-list li.open-table").count() >= 1
    assert _violations(page) == []
    page.goto(table)
    page.wait_for_selector("#pos-bottom .player-tag:not([hidden])")
    page.click("#chat-button")
    page.fill("#chat-text", "hello")
    page.keyboard.press("Enter")
    page.wait_for_selector("#chat-log li")
    assert _violations(page) == []
    page.keyboard.press("Escape")
    page.click("#invite-button")
    assert _violations(page) == []
    context.close()


def test_the_lobbys_list_of_open_tables_keeps_itself_current(server: Running, browser: Browser) -> None:
    watcher_context = browser.new_context(base_url=server.url, viewport={"width": 1366, "height": 650})
    host_context = browser.new_context(base_url=server.url, viewport={"width": 1366, "height": 650})
    watcher, host = watcher_context.new_page(), host_context.new_page()
    errors: list[str] = []
    watcher.on("pageerror", lambda exc: errors.append(str(exc)))
    watcher.goto("/?lang=en")
    before = watcher.locator("#open-table-list li.open-table").count()
    _lobby_form(host, "open", "robot", "robot", "Olga <i>")
    table_id = host.url.split("/tables/")[1].split("?")[0]
    host.wait_for_selector("#pos-bottom .player-tag:not([hidden])")
    # without reloading, the watcher's list shows the new table with North free, and its host's name as text
    item = f"#open-table-list li.open-table[data-table='{table_id}']"
    watcher.wait_for_selector(f"{item} button.take-seat[value='N']", timeout=25_000)
    assert watcher.locator("#open-table-list li.open-table").count() == before + 1
    assert watcher.locator(f"{item} i").count() == 0
    assert "Olga <i>" in (watcher.text_content(f"{item} li[data-seat='S']") or "")
    assert watcher.locator("#open-tables-form").is_visible()
    assert errors == []
    watcher_context.close()
    host_context.close()
