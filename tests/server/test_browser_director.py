"""A Director runs a club session in a real browser (Playwright driving Debian's Chromium) against the real
server (uvicorn in a thread, SQLite in a temporary folder), as the README's quick start tells a new user:

* the account is made on the command line (``tenace user add dan --role director``);
* the Director logs in at ``/director``, creates a 3-table Howell with robots in every seat from the
  console's form and starts it; the robots play and the rounds move on by themselves to the end;
* he publishes the results from the session's page, and a player (another browser, not logged in) opens
  them from the session's page: the published rankings list the six pairs with the totals and percentages
  that ``score_event`` gives for the results in the store, and the totals agree with matchpoints counted
  here from the stored table scores (Law 78A);
* a guest's disputed claim shows up on the console by itself, with the claim and the tricks left, and the
  Director's ruling there scores the board;
* a wrong password and a bad seating line are explained on the page, not as a page of JSON.

The test waits on page states, never on fixed delays, except for the Director reloading the session's page
while the robots play.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
from urllib.parse import urlparse

import pytest

pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")
app_module = pytest.importorskip("tenace.server.app")

import typer  # noqa: E402
from playwright.sync_api import Browser, Page  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from tenace.board import vulnerability_for  # noqa: E402
from tenace.calls import Denomination  # noqa: E402
from tenace.cli import users  # noqa: E402
from tenace.contract import Contract, Doubling  # noqa: E402
from tenace.laws.events import ClaimAnswered, Event  # noqa: E402
from tenace.laws.table import Phase, TableView  # noqa: E402
from tenace.scoring.matchpoints import matchpoint_units  # noqa: E402
from tenace.scoring.points import score  # noqa: E402
from tenace.seats import Seat  # noqa: E402
from tenace.server import pages  # noqa: E402
from tenace.server.actors import EngineRobot  # noqa: E402
from tenace.server.settings import Settings  # noqa: E402
from tenace.store import Store  # noqa: E402
from tenace.tournament.movements import howell  # noqa: E402
from tenace.tournament.publish.common import decimal_text  # noqa: E402
from tenace.tournament.scoring import score_event  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402
from .liveservers import in_thread  # noqa: E402

TIMEOUT_MS = 30_000
SESSION_SECONDS = 90.0  # the robots' whole session; it takes well under half of this on two cores
DIRECTOR, PASSWORD = "dan", "correct horse battery"

pytestmark = needs_chromium


@dataclass
class Running:
    url: str
    db: str


def _add_director(db: str) -> None:
    """``tenace user add dan --role director``, the password typed on standard input."""
    root = typer.Typer()
    users.register(root)

    @root.callback()
    def _root() -> None:
        """tenace"""

    answer = CliRunner().invoke(root, ["user", "add", DIRECTOR, "--role", "director", "--db", db],
                                input=PASSWORD + "\n")
    assert answer.exit_code == 0, answer.output


GUEST_CLAIM = "all of them"


class _DisputingGuestClaims:
    """The robots of tenace.robots (without double-dummy solving), except that they object to the guest's
    claim (stated :data:`GUEST_CLAIM`): on a deal where declarer's side really takes every trick they would
    rightly agree to it, and the test needs a disputed claim. Every other claim they answer as usual."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.robot = EngineRobot(seat, samples=0)

    def observe(self, view: TableView) -> None:
        self.robot.observe(view)

    async def act(self, view: TableView) -> Event | None:
        claim = view.claim
        if view.phase is Phase.CLAIM and view.turn is self.seat and claim is not None \
                and claim.statement == GUEST_CLAIM:
            return ClaimAnswered(self.seat, False)
        return await self.robot.act(view)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = f"sqlite:///{tmp_path_factory.mktemp('director') / 'tenace.db'}"
    _add_director(db)
    wanted: dict[str, Any] = {"database_url": db, "robot_delay": 0.0, "robot_samples": 0}  # quick robots
    known = {f.name for f in dataclasses.fields(Settings)}
    settings = Settings(**{k: v for k, v in wanted.items() if k in known})
    app = app_module.create_app(settings, robots=_DisputingGuestClaims)
    with in_thread(app) as url:
        yield Running(url, db)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


def _watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def _log_in(page: Page, url: str, password: str) -> None:
    page.goto(f"{url}/director?lang=en")
    page.get_by_label("User name").fill(DIRECTOR)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def _status(page: Page) -> tuple[str, str]:
    """The session's status (``new``, ``playing``, ``between-rounds``, ``finished``) and its round line."""
    status = page.locator("#status")
    line = page.locator("main p").first.inner_text()
    return status.get_attribute("data-status") or status.inner_text(), line


def _published_rankings(page: Page) -> list[tuple[str, str, str, str, str]]:
    """(place, pair, boards, exact total, percentage) of each line of the published rankings."""
    rows = page.locator("#rankings table.ranking tbody tr")
    lines = []
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        place, pair, boards = (cells.nth(k).inner_text().strip() for k in range(3))
        total = cells.nth(3).get_attribute("title") or ""
        percentage = cells.nth(4).inner_text().strip()
        lines.append((place, pair, boards, total, percentage))
    return lines


def test_a_wrong_password_shows_a_message_on_the_login_form(server: Running, browser: Browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors = _watch_errors(page)
    _log_in(page, server.url, "not the password")
    assert page.get_by_label("User name").is_visible()  # still the login form, not the console
    message = page.locator("#login-error")
    message.wait_for(state="visible", timeout=TIMEOUT_MS)
    assert "password" in message.inner_text().lower()
    assert page.get_by_role("heading", name="New session").count() == 0
    assert errors == []
    context.close()


def test_the_login_page_tells_a_user_who_is_not_a_director_who_he_is_and_offers_to_log_out() -> None:
    """For the console's route to show a player who logged in there (instead of a bare 403)."""

    @dataclass
    class Player:
        username: str

    page = pages.render("director_login.html.j2", "en", path="/director", language_links={}, csrf="t0ken",
                        user=Player("pat"))
    assert "You are logged in as pat, who is not a Director." in page
    assert re.search(r'action="/auth/logout".*?name="csrf_token" value="t0ken"', page, re.S)
    assert "not-director" not in pages.render("director_login.html.j2", "en", path="/director",
                                              language_links={}, csrf="t0ken")


def test_a_bad_seating_is_explained_on_the_console_without_leaving_it(
    server: Running, browser: Browser
) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors = _watch_errors(page)
    _log_in(page, server.url, PASSWORD)
    page.locator("textarea[name=seating]").fill("9: robot, robot")  # a 3-table Howell has pairs 1 to 6
    page.get_by_role("button", name="Create and start round 1").click()
    problem = page.locator("#new-session-error")
    problem.wait_for(state="visible", timeout=TIMEOUT_MS)
    assert "9" in problem.inner_text()
    assert urlparse(page.url).path == "/director"  # still the console, not a page of JSON
    assert page.locator("textarea[name=seating]").input_value() == "9: robot, robot"  # nothing typed is lost
    assert errors == []
    context.close()


def test_a_director_runs_a_three_table_howell_of_robots_and_a_player_opens_the_published_results(
    server: Running, browser: Browser
) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors = _watch_errors(page)

    # log in at /director with the account made on the command line
    _log_in(page, server.url, PASSWORD)
    assert page.get_by_role("heading", name="Director console").is_visible()
    page.get_by_role("heading", name="New session").wait_for(timeout=TIMEOUT_MS)

    # the console's form: a 3-table Howell, one board a round, robots in every seat (no players named)
    page.get_by_label("Name", exact=True).fill("Sunday robots")
    page.get_by_label("Movement").select_option("howell")
    page.get_by_label("Tables").fill("3")
    page.get_by_label("Boards per round").fill("1")
    page.get_by_role("button", name="Create and start round 1").click()
    page.wait_for_url("**/club/sessions/*", timeout=TIMEOUT_MS)
    session_url = page.url.split("?")[0]
    assert page.get_by_role("heading", name="Sunday robots").is_visible()

    # the robots play; the rounds move on by themselves; the Director reloads the session's page
    rounds_seen: set[str] = set()
    deadline = time.monotonic() + SESSION_SECONDS
    while True:
        status, line = _status(page)
        rounds_seen.add(line.split("·")[1].strip() if "·" in line else line)
        if status == "finished":
            break
        assert time.monotonic() < deadline, f"the session is still {status} ({line})"
        page.wait_for_timeout(500)
        page.reload()
    assert "Round 5/5" in line
    assert len(rounds_seen) >= 2, f"only saw {rounds_seen}"  # it moved on while the Director watched

    # the console lists the session as finished
    page.goto(f"{server.url}/director?lang=en")
    listed = page.locator("ul.sessions li", has_text="Sunday robots")
    assert listed.count() == 1 and "finished" in listed.inner_text()

    # publish from the session's page: the browser goes to the published results
    page.goto(f"{session_url}?lang=en")
    page.get_by_role("button", name="Publish the results").click()
    page.wait_for_url("**/results/", timeout=TIMEOUT_MS)
    assert "Sunday robots" in page.locator("h1").first.inner_text()

    # a player, not logged in, opens the results from the session's page
    player_context = browser.new_context()
    player = player_context.new_page()
    player_errors = _watch_errors(player)
    player.goto(f"{session_url}?lang=en")
    player.get_by_role("link", name="Published results").click()
    player.wait_for_url("**/results/", timeout=TIMEOUT_MS)
    shown = _published_rankings(player)

    # the same results scored here, from the store
    with Store.open(server.db) as store:
        (event_id, name), = [(i, n) for i, n in store.events() if n == "Sunday robots"]
        event, results = store.event(event_id), store.results(event_id)
        scored = score_event(event, results, store.penalties(event_id))
    movement = howell(3, boards_per_round=1)
    assert {(r.table, r.round, r.board, r.ns, r.ew) for r in results} == {
        (s.table, s.round, b, s.ns, s.ew) for s in movement.seatings for b in s.boards}  # all 15, once each

    (ranking,) = scored.rankings
    expected = [(s.place, s.contestant, str(s.boards), str(Fraction(s.total)),
                 decimal_text(s.percentage, event.conditions.percentage_places) if s.percentage is not None
                 else "") for s in ranking.standings]
    assert shown == expected
    assert sorted(pair for _, pair, *_ in shown) == ["1", "2", "3", "4", "5", "6"]
    assert all(boards == "5" for _, _, boards, _, _ in shown)

    # matchpoints counted here from the table scores: 2 for each score beaten on a board, 1 for each tie
    by_board: dict[int, list[Any]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    totals: dict[str, int] = defaultdict(int)
    for played in by_board.values():
        ns_scores = [int(r.ns_score()) for r in played]
        for r, ns_units, ew_units in zip(played, matchpoint_units(ns_scores),
                                         matchpoint_units([-s for s in ns_scores]), strict=True):
            totals[r.ns] += ns_units
            totals[r.ew] += ew_units
    assert {pair: Fraction(total) for _, pair, _, total, _ in shown} == {
        pair: Fraction(units) for pair, units in totals.items()}

    assert errors == [] and player_errors == []
    player_context.close()
    context.close()


def test_a_guests_disputed_claim_reaches_the_console_by_itself_and_the_directors_ruling_scores_the_board(
    server: Running, browser: Browser
) -> None:
    director_context = browser.new_context()
    director = director_context.new_page()
    errors = _watch_errors(director)
    _log_in(director, server.url, PASSWORD)
    director.get_by_label("Name", exact=True).fill("Claim evening")
    director.get_by_label("Boards per round").fill("1")
    director.get_by_label("Rounds", exact=True).fill("1")
    director.locator("textarea[name=seating]").fill("1: guest:Gina, robot")  # pair 1 is East-West at table 1
    director.get_by_role("button", name="Create and start round 1").click()
    director.wait_for_url("**/club/sessions/*", timeout=TIMEOUT_MS)
    link = director.locator("a.guest-link").first.get_attribute("href")
    assert link

    # Gina opens her seat link and bids 7NT: she declares whatever the robots do (nothing can be bid over it;
    # a robot may double it, and then she passes)
    guest_context = browser.new_context()
    gina = guest_context.new_page()
    errors += _watch_errors(gina)
    gina.goto(f"{server.url}{link}&lang=en")
    gina.wait_for_url("**/tables/**", timeout=TIMEOUT_MS)
    seven = gina.locator('#bids button[data-call="7NT"]:not([disabled])')
    seven.wait_for(timeout=TIMEOUT_MS)
    claim = gina.locator("#claim-button")
    again = gina.locator('#bidding-box button[data-call="P"]:not([disabled])')
    for _ in range(4):  # a click on a bidding box the next view redraws at that moment may be lost: again
        if seven.count():
            seven.click()
        elif again.count():  # 7NT doubled (or redoubled): her turn again, and she passes
            again.click()
        try:
            # after the opening lead she claims every trick left, which no robot defender agrees to (68, 69)
            claim.wait_for(state="visible", timeout=TIMEOUT_MS // 2)
            break
        except PlaywrightTimeoutError:
            continue
    claim.wait_for(state="visible", timeout=TIMEOUT_MS)
    gina.click("#claim-button")
    left = int(gina.locator("#claim-tricks").input_value())  # the dialog offers every trick left
    assert left == 13  # she claims before the first trick is complete
    gina.fill("#claim-statement", GUEST_CLAIM)
    gina.click("#claim-submit")

    # the console shows the call without the Director reloading it (director.js looks every few seconds)
    director.goto(f"{server.url}/director?lang=en")
    call = director.locator(".director-call", has_text="Table 1")
    call.wait_for(timeout=TIMEOUT_MS)
    assert f"East claims {left} of the remaining tricks. “{GUEST_CLAIM}”" in call.inner_text()
    shown = call.locator(".tricks-so-far dd").first.inner_text()  # as players write it
    doubling = {"7NT by E": Doubling.UNDOUBLED, "7NTX by E": Doubling.DOUBLED,
                "7NTXX by E": Doubling.REDOUBLED}
    assert shown in doubling  # a robot may have doubled it
    contract = Contract(7, Denomination.NOTRUMP, Seat.EAST, doubling[shown])
    tricks = call.get_by_label("Tricks to the claimer's side (Law 70)")
    assert tricks.get_attribute("max") == str(left)  # no more than the tricks left can be awarded
    tricks.fill(str(left + 1))
    assert not tricks.evaluate("input => input.checkValidity()")
    tricks.fill("0")  # the Director awards the claimer none of the tricks left
    call.get_by_role("button", name="Rule").click()
    director.locator("#no-calls").wait_for(timeout=TIMEOUT_MS)  # back on the console, nothing waiting

    # Gina's table is scored: 7NT (doubled or not) by East without a trick, East-West not vulnerable on
    # board 1 (Laws 2, 77)
    gina.locator("#score").wait_for(state="visible", timeout=TIMEOUT_MS)
    expected_ns = -score(contract, 0, vulnerable=vulnerability_for(1).is_vulnerable(Seat.EAST))
    assert expected_ns > 0
    assert gina.locator("#score-text").get_attribute("data-score") == str(expected_ns)
    assert errors == []
    guest_context.close()
    director_context.close()


def test_a_forced_move_asks_first_and_a_board_left_unfinished_is_closed_from_the_session_page(
    server: Running, browser: Browser
) -> None:
    """A 2-table Howell whose guest never comes: "Next round now" asks before leaving his table unfinished
    (dismissed, nothing happens; accepted, round 2 starts); the board left behind is then closed from the
    session's page with an artificial adjusted score (Law 12C2). The scores are text, not boxes."""
    context = browser.new_context()
    page = context.new_page()
    errors = _watch_errors(page)
    _log_in(page, server.url, PASSWORD)
    page.get_by_label("Name", exact=True).fill("Guest never came")
    page.get_by_label("Tables").fill("2")
    page.get_by_label("Boards per round").fill("1")
    page.locator("textarea[name=seating]").fill("1: guest:Gus, robot")
    page.get_by_role("button", name="Create and start round 1").click()
    page.wait_for_url("**/club/sessions/*", timeout=TIMEOUT_MS)
    session_url = page.url.split("?")[0]
    assert page.locator("main.club-session table.tables").evaluate(
        "t => getComputedStyle(t).backgroundColor") == "rgb(255, 255, 255)"  # director.css is applied
    score_border = page.locator("td.score").first.evaluate("td => getComputedStyle(td).borderTopWidth")
    assert score_border == "0px"  # not tenace.css's boxed .score of the table page

    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="Next round now").click()
    page.wait_for_timeout(300)  # a dismissed confirm sends nothing: give a wrong submission time to land
    assert len(asked) == 1 and "not finished" in asked[0]
    assert _status(page)[0] == "playing" and "Round 1/" in _status(page)[1]

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Next round now").click()
    page.wait_for_function("() => /Round 2\\//.test(document.querySelector('main p')?.textContent ?? '')",
                           timeout=TIMEOUT_MS)
    page.goto(f"{session_url}?lang=en")
    closing = page.locator("form.adjust").first
    closing.wait_for(timeout=TIMEOUT_MS)
    assert "table" in closing.inner_text().lower()
    closing.get_by_label("Adjusted score").select_option("A+/A-")
    closing.get_by_role("button", name="Close the board").click()
    page.wait_for_load_state()
    page.goto(f"{session_url}?lang=en")
    assert page.locator("form.adjust").count() == 0
    assert any("(Law 12C2)" in line for line in _history(server, session_url))
    assert errors == []
    context.close()


def _history(server: Running, session_url: str) -> list[str]:
    import json
    import urllib.request

    with urllib.request.urlopen(f"{session_url}/state") as answer:  # the test's own server
        state: dict[str, Any] = json.load(answer)
    history: list[str] = state["history"]
    return history
