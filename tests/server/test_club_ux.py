"""The Director's side of club sessions as a new user finds it (tenace.server.club, docs/directing-online.md):
a user who is not a Director gets the login page (403) and can log out; a seating naming an unknown user is
refused; the console's table record reads as words in the console's language; a Howell is ranked as one
field; sessions of the same name are told apart; the session page asks before a forced move; a board a table
never finishes is closed with an artificial adjusted score (Law 12C2) so that the results can be published,
in the Director's language and linking back to the session."""

from __future__ import annotations

import datetime as dt
import re
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenace.board import Board
from tenace.calls import parse_call
from tenace.cards import Card
from tenace.contract import Contract
from tenace.deal import Deal
from tenace.laws.events import CallMade, CardPlayed, ClaimAnswered, ClaimMade
from tenace.laws.table import Table
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award
from tenace.seats import Seat
from tenace.server import pages
from tenace.server.actors import FallbackRobot
from tenace.server.app import create_app
from tenace.server.auth import Auth
from tenace.server.club import DirectorCall, call_json
from tenace.server.security import Passwords, Role
from tenace.server.settings import Settings
from tenace.store import Store
from tenace.tournament.model import Conditions, Event, EventKind, Participant, Result, Session
from tenace.tournament.movements import howell, mitchell
from tenace.tournament.scoring import score_event

PASSWORD = "correct horse battery"
STATIC = Path(__file__).resolve().parents[2] / "src" / "tenace" / "server" / "static"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'ux.db'}"


@pytest.fixture
def director(db: str) -> Iterator[TestClient]:
    app = create_app(Settings(database_url=db, robot_samples=0), robots=FallbackRobot)
    with TestClient(app) as c:
        auth: Auth = c.app.state.auth  # type: ignore[attr-defined]
        auth.accounts.passwords = Passwords.fast_for_tests()
        auth.accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
        auth.accounts.register("pat", PASSWORD)
        answer = c.post("/auth/login", json={"username": "dan", "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        yield c


def _state(client: TestClient, session_id: str) -> dict[str, Any]:
    answer = client.get(f"/club/sessions/{session_id}/state")
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def _wait(client: TestClient, session_id: str, done: Any, timeout: float = 30.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        state = _state(client, session_id)
        if done(state):
            return state
        assert time.monotonic() < deadline, f"waited in vain: {state}"
        time.sleep(0.05)


# --- 1. a logged-in user who is not a Director -------------------------------------------------------------


def test_a_logged_in_player_at_the_console_gets_the_login_page_with_403_saying_who_he_is_and_a_log_out(
    director: TestClient,
) -> None:
    player = TestClient(director.app)
    assert player.post("/auth/login", json={"username": "pat", "password": PASSWORD}).status_code == 200
    page = player.get("/director")
    assert page.status_code == 403
    assert page.headers["content-type"].startswith("text/html")
    assert 'id="not-director"' in page.text and "pat" in page.text
    assert 'action="/auth/logout"' in page.text
    assert "this needs the role director" not in page.text


# --- 2. a seating naming an unknown user -------------------------------------------------------------------


def test_a_seating_line_naming_an_unknown_user_is_refused_naming_the_line_and_the_user(
    director: TestClient,
) -> None:
    before = director.get("/club/sessions").json()["sessions"]
    refused = director.post("/club/sessions", data={
        "name": "Typo", "movement": "howell", "tables": "2", "boards_per_round": "1",
        "seating": "1: user:pat, robot\n2: robot, user:zed", "start": "true",
        "csrf_token": _csrf(director)})
    assert refused.status_code == 422
    detail = refused.json()["detail"]
    assert "seating, line 2" in detail and "'zed'" in detail and "pat" not in detail
    assert director.get("/club/sessions").json()["sessions"] == before  # nothing was created
    as_json = director.post("/club/sessions", json={"tables": 2, "seats": {"3": ["robot", "user:nobody"]}})
    assert as_json.status_code == 422 and "seats.3" in as_json.json()["detail"]
    assert "'nobody'" in as_json.json()["detail"]


def _csrf(client: TestClient) -> str:
    page = client.get("/director").text
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


# --- 3. the table's record in words ------------------------------------------------------------------------


DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def _record_table() -> Table:
    table = Table.new(Board(1, DEAL))
    for event in (CallMade(Seat.NORTH, parse_call("2C"), alert=True, explanation="strong, artificial"),
                  CallMade(Seat.EAST, parse_call("P")), CallMade(Seat.SOUTH, parse_call("2D")),
                  CallMade(Seat.WEST, parse_call("P")), CallMade(Seat.NORTH, parse_call("7NT")),
                  CallMade(Seat.EAST, parse_call("P")), CallMade(Seat.SOUTH, parse_call("P")),
                  CallMade(Seat.WEST, parse_call("P")), CardPlayed(Seat.EAST, Card.from_str("ST")),
                  ClaimMade(Seat.NORTH, 13), ClaimAnswered(Seat.EAST, agree=False)):
        table = table.apply(event)
    return table


def _console(locale: str, table: Table) -> list[str]:
    call = call_json(DirectorCall("t1", "called", table, None), locale)
    html = pages.render("director_console.html.j2", locale, calls=[call], sessions=[], user=None, csrf="x",
                        path="/director", language_links={})
    record = re.search(r'<ol class="record">(.*?)</ol>', html, re.S)
    assert record is not None
    return [re.sub(r"\s+", " ", line).strip() for line in re.findall(r"<li[^>]*>(.*?)</li>", record.group(1),
                                                                     re.S)]


def test_the_consoles_table_record_reads_as_words_not_as_python_dumps() -> None:
    lines = _console("en", _record_table())
    assert lines[0] == "North bids 2♣ (alerted: strong, artificial)"
    assert lines[1] == "East calls Pass"
    assert lines[4] == "North bids 7NT"
    assert lines[8] == "East plays ♠10" or lines[8] == "East plays ♠T"
    assert lines[9] == "North claims 13 of the remaining tricks."
    assert lines[10] == "East objects to the claim"
    assert len(lines) == 11
    assert not any("=" in line or "CallMade" in line for line in lines)


@pytest.mark.parametrize(("locale", "north", "bids"), [
    ("pl", "Północ", "licytuje"), ("sv", "Nord", "bjuder"), ("lv", "Ziemeļi", "solī"),
    ("el", "Βορράς", "δηλώνει"),
])
def test_the_consoles_table_record_is_in_the_consoles_language(locale: str, north: str, bids: str) -> None:
    first = _console(locale, _record_table())[0]
    assert first.startswith(f"{north} {bids} 2♣")
    assert "strong, artificial" in first and "alerted" not in first


# --- 4. a Howell is one field ------------------------------------------------------------------------------


def _event(movement: Any) -> Event:
    return Event("Club", EventKind.PAIRS, Conditions(),
                 tuple(Participant(c, f"Pair {c}") for c in movement.contestants), (Session(1, (movement,)),))


def test_a_howell_after_its_first_round_is_ranked_overall_and_a_mitchell_ns_and_ew() -> None:
    for movement, titles in ((howell(3, boards_per_round=1), ["Overall"]),
                             (mitchell(3, boards_per_round=1), ["NS", "EW"])):
        first = [s for s in movement.seatings if s.round == 1]
        results = tuple(Result(board=s.boards[0], round=1, table=s.table, ns=s.ns, ew=s.ew,
                               contract=Contract.from_str("3NTN"), tricks=9 + (s.table % 2))
                        for s in first)
        # after round 1 every pair has played one direction only; the movement says whether it keeps it
        directions = {c: {"NS" if c == s.ns else "EW" for s in movement.seatings if c in (s.ns, s.ew)}
                      for c in movement.contestants}
        assert any(len(d) == 2 for d in directions.values()) == (titles == ["Overall"])
        scored = score_event(_event(movement), results)
        assert [r.title for r in scored.rankings] == titles, movement.name


def test_the_public_page_of_a_howell_shows_one_ranking_once_its_first_round_is_over(
    director: TestClient,
) -> None:
    created = director.post("/club/sessions", json={
        "name": "One field", "tables": 2, "boards_per_round": 1, "auto_advance": False, "start": True}).json()
    _wait(director, created["id"], lambda s: s["status"] == "between-rounds")
    visitor = TestClient(director.app)
    for locale, title in (("en", "Overall"), ("pl", "Klasyfikacja łączna")):
        page = visitor.get(f"/club/sessions/{created['id']}?lang={locale}").text
        assert page.count('class="rankings"') == 1
        assert f"<h2>{title}</h2>" in page and "<h2>NS</h2>" not in page


# --- 5. the sessions list ----------------------------------------------------------------------------------


def test_the_consoles_sessions_list_tells_sessions_of_the_same_name_apart_by_time_and_id(
    director: TestClient,
) -> None:
    start = dt.datetime.now(dt.UTC).replace(microsecond=0)
    ids = [director.post("/club/sessions", json={"name": "Monday pairs", "tables": 2}).json()["id"]
           for _ in range(2)]
    page = director.get("/director").text
    items = re.findall(r'<li class="session" data-session="([^"]+)">(.*?)</li>', page, re.S)
    assert sorted(i for i, _ in items) == sorted(ids)
    for session_id, text in items:
        assert "Monday pairs" in text and "<code" in text and session_id in text
        when = re.search(r'<time class="when" datetime="([^"]+)">', text)
        assert when is not None
        created = dt.datetime.fromisoformat(when.group(1))
        assert start <= created <= dt.datetime.now(dt.UTC)
        assert created.strftime("%Y-%m-%d %H:%M") in text


# --- 6. the session page's look and its forced move --------------------------------------------------------


def test_the_session_page_is_styled_and_asks_before_a_forced_move_while_tables_play(
    director: TestClient,
) -> None:
    created = director.post("/club/sessions", json={
        "name": "Look", "tables": 2, "boards_per_round": 1, "start": True,
        "seats": {"1": ["guest:Gus", "robot"]}}).json()
    page = director.get(f"/club/sessions/{created['id']}").text
    assert '<link rel="stylesheet" href="/static/director.css">' in page
    assert '<script type="module" src="/static/director.js"></script>' in page
    forced = re.search(r'<form [^>]*id="next-round"[^>]*>', page)
    assert forced is not None and "data-confirm=" in forced.group(0)  # the guest's table is still playing
    css = (STATIC / "director.css").read_text()
    assert "main.club-session {" in css
    score_rule = re.search(r"main\.club-session td\.score \{([^}]*)\}", css)
    assert score_rule is not None and "border: 0" in score_rule.group(1)  # not tenace.css's boxed .score
    assert "form[data-confirm]" in (STATIC / "director.js").read_text()


# --- 7, 8, 9. a board never finished, closed with an adjusted score; published in Polish -------------------


def _guest_table_left_behind(director: TestClient) -> tuple[str, dict[str, Any]]:
    """A one-round 2-table Howell whose guest never plays: the robots' table ends the board, the Director
    forces the session on (it finishes), and the guest's board is left unfinished."""
    created = director.post("/club/sessions", json={
        "name": "Stuck", "tables": 2, "boards_per_round": 1, "rounds": 1, "start": True,
        "seats": {"1": ["guest:Gus", "robot"]}}).json()
    session_id = created["id"]
    _wait(director, session_id, lambda s: sum(t["done"] for t in s["tables"]) == 1)
    forced = director.post(f"/club/sessions/{session_id}/next-round", json={"force": True})
    assert forced.status_code == 200, forced.text
    state = _state(director, session_id)
    assert state["status"] == "finished"
    (stuck,) = state["unfinished"]
    assert "1" in (stuck["ns"], stuck["ew"])
    refused = director.post(f"/club/sessions/{session_id}/publish", json={})
    assert refused.status_code == 409  # its board is still being played there (Law 16C)
    return session_id, stuck


def test_a_board_a_table_never_finishes_is_closed_with_an_artificial_adjusted_score_and_published(
    director: TestClient, db: str
) -> None:
    session_id, stuck = _guest_table_left_behind(director)
    where = {k: stuck[k] for k in ("round", "table", "board")}
    bad = director.post(f"/club/sessions/{session_id}/adjust", json={**where, "score": "A+/B"})
    assert bad.status_code == 422
    closed = director.post(f"/club/sessions/{session_id}/adjust", json={**where, "score": "A+/A-"})
    assert closed.status_code == 200, closed.text
    assert closed.json()["unfinished"] == []
    again = director.post(f"/club/sessions/{session_id}/adjust", json={**where, "score": "A=/A="})
    assert again.status_code == 409  # closed once

    event_id = closed.json()["event_id"]
    with Store.open(db) as store:
        (entered,) = [r for r in store.results(event_id) if r.table == stuck["table"]]
        scored = score_event(store.event(event_id), store.results(event_id))
    assert entered.adjusted == ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    assert (entered.ns, entered.ew, entered.board) == (stuck["ns"], stuck["ew"], stuck["board"])
    # Law 12C2(a): average-plus is 60 % for the side in no way at fault, average-minus 40 % for the other
    percent = {s.contestant: s.percentage for r in scored.rankings for s in r.standings}
    assert percent[stuck["ns"]] == Fraction(60) and percent[stuck["ew"]] == Fraction(40)

    published = director.post(f"/club/sessions/{session_id}/publish?lang=pl", json={})
    assert published.status_code == 200, published.text
    index = director.get(f"/club/sessions/{session_id}/results/").text
    hands = director.get(f"/club/sessions/{session_id}/results/hands.html").text
    assert '<html lang="pl">' in index and '<html lang="pl">' in hands
    assert "Rozdanie" in hands and "Rozdający" in hands and "Dealer" not in hands
    back = f'href="/club/sessions/{session_id}"'
    assert back in index and back in hands and 'href="/"' in index
    assert "Powrót do sesji" in index


def test_a_board_left_unfinished_may_be_closed_as_not_played_with_no_result(director: TestClient,
                                                                             db: str) -> None:
    session_id, stuck = _guest_table_left_behind(director)
    where = {k: stuck[k] for k in ("round", "table", "board")}
    closed = director.post(f"/club/sessions/{session_id}/adjust", json={**where, "score": "not played"})
    assert closed.status_code == 200, closed.text
    with Store.open(db) as store:
        assert [r for r in store.results(closed.json()["event_id"]) if r.table == stuck["table"]] == []
    published = director.post(f"/club/sessions/{session_id}/publish", json={})
    assert published.status_code == 200, published.text
    assert '<html lang="en">' in director.get(f"/club/sessions/{session_id}/results/").text


def test_only_a_director_closes_a_board(director: TestClient) -> None:
    session_id, stuck = _guest_table_left_behind(director)
    where = {k: stuck[k] for k in ("round", "table", "board")}
    player = TestClient(director.app)
    assert player.post("/auth/login", json={"username": "pat", "password": PASSWORD}).status_code == 200
    refused = player.post(f"/club/sessions/{session_id}/adjust", json={**where, "score": "A+/A-"})
    assert refused.status_code == 403
    assert _state(director, session_id)["unfinished"] != []
