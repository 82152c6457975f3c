"""Club sessions and the director console (tenace.server.club) through the real server: a Director runs a
3-table Howell with robots in every seat to the end and publishes the results, the live rankings equal
score_event over the stored results, a Director call at one table shows up in the console and the
Director's election resolves it, and anyone else is refused."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient

from tenace.board import Board
from tenace.calls import parse_call
from tenace.contract import Contract
from tenace.deal import Deal
from tenace.formats.json import board_to_json
from tenace.laws.events import CallChanged, CallMade, Elected
from tenace.laws.refs import DIRECTOR
from tenace.scoring.points import score
from tenace.seats import Seat
from tenace.server.actors import FallbackRobot, Hub
from tenace.server.app import create_app
from tenace.server.auth import Auth
from tenace.server.protocol import legal_for
from tenace.server.security import Passwords, Role
from tenace.server.settings import Settings
from tenace.store import Store
from tenace.tournament.movements import howell
from tenace.tournament.scoring import score_event

PASSWORD = "correct horse battery"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'club.db'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    app = create_app(Settings(anonymous_tables=True, database_url=db, robot_samples=0),
                     robots=FallbackRobot)  # fast robots
    with TestClient(app) as c:
        auth: Auth = c.app.state.auth  # type: ignore[attr-defined]
        auth.accounts.passwords = Passwords.fast_for_tests()
        auth.accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
        auth.accounts.register("pat", PASSWORD)
        yield c


def _login(client: TestClient, username: str) -> None:
    answer = client.post("/auth/login", json={"username": username, "password": PASSWORD})
    assert answer.status_code == 200, answer.text


def _hub(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def _wait_for(client: TestClient, session_id: str, status: str, timeout: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        state: dict[str, Any] = client.get(f"/club/sessions/{session_id}/state").json()
        if state["status"] == status:
            return state
        assert time.monotonic() < deadline, f"the session is still {state['status']}: {state}"
        time.sleep(0.05)


def _standings(rankings: list[dict[str, Any]]) -> list[tuple[str, str, str | None, int]]:
    return [(s["contestant"], s["total"], s["percentage"], s["rank"])
            for r in rankings for s in r["standings"]]


def test_a_director_runs_a_three_table_howell_of_robots_to_the_end_and_publishes_the_results(
    client: TestClient, db: str
) -> None:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Tuesday robots", "movement": "howell", "tables": 3, "boards_per_round": 1, "start": True,
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["status"] == "playing" and created["round"] == 1
    assert len(created["tables"]) == 3  # one live table per table of the movement
    assert created["guests"] == []  # robots in every seat

    # a spectator's WebSocket at a live table of round 1 gets a view without cards of any hand hidden to him
    with client.websocket_connect(f"/ws/tables/{created['tables'][0]['table_id']}") as ws:
        first = ws.receive_json()
    assert first["type"] == "view" and first["view"]["board"] == 1

    state = _wait_for(client, created["id"], "finished")
    assert state["round"] == 5

    with Store.open(db) as store:
        event = store.event(created["event_id"])
        results = store.results(created["event_id"])
        expected = score_event(event, results, store.penalties(created["event_id"]))
    movement = howell(3, boards_per_round=1)
    slots = {(s.table, s.round, b): (s.ns, s.ew) for s in movement.seatings for b in s.boards}
    assert len(results) == len(slots) == 15  # every board at every table of every round, entered live
    assert {(r.table, r.round, r.board): (r.ns, r.ew) for r in results} == slots

    live = client.get(f"/club/sessions/{created['id']}/rankings").json()["rankings"]
    independent = [(s.contestant, str(s.total), None if s.percentage is None else str(s.percentage), s.rank)
                   for r in expected.rankings for s in r.standings]
    assert _standings(live) == independent
    assert sorted(c for c, *_ in independent) == ["1", "2", "3", "4", "5", "6"]
    page = client.get(f"/club/sessions/{created['id']}")
    assert page.status_code == 200 and "Tuesday robots" in page.text

    published = client.post(f"/club/sessions/{created['id']}/publish", json={})
    assert published.status_code == 200, published.text
    files = published.json()["files"]
    assert {"index.html", "results.json", "results.pbn"} <= set(files)
    index = client.get(f"/club/sessions/{created['id']}/results/")
    assert index.status_code == 200 and "Tuesday robots" in index.text
    document = json.loads(client.get(files["results.json"]).text)
    assert "Tuesday robots" in json.dumps(document)
    with Store.open(db) as store:
        publications = store.publications(created["event_id"])
    assert len(publications) == 1 and publications[0].document == client.get(files["results.json"]).text


def test_a_director_call_shows_in_the_console_and_the_directors_election_resolves_it(
    client: TestClient,
) -> None:
    _login(client, "dan")
    # Howell, 2 tables: pair 4 sits North-South at table 1 in round 1; its second player (South) is a guest
    answer = client.post("/club/sessions", json={
        "name": "Director call", "movement": "howell", "tables": 2, "boards_per_round": 1, "start": True,
        "seats": {"4": ["robot", "guest:Sam"]},
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    (guest,) = created["guests"]
    assert (guest["pair"], guest["player"], guest["name"]) == ("4", 2, "Sam")
    redirect = client.get(guest["url"], follow_redirects=False)
    assert redirect.status_code == 303
    target = urlparse(redirect.headers["location"])
    table_id = target.path.rsplit("/", 1)[1]
    token = parse_qs(target.query)["token"][0]
    table1 = next(t for t in created["tables"] if t["table"] == 1)
    assert table1["table_id"] == table_id

    hub = _hub(client)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        view = ws.receive_json()["view"]
        while view["turn"] != "S":  # North deals board 1; the robots North and East call first
            view = ws.receive_json()["view"]
        assert view["viewer"] == "S" and view["pending"] is None
        actor = hub.tables[table_id]
        first = parse_call("P")
        table = actor.table
        bid = next(c for c in legal_for(table, Seat.SOUTH) if c not in ("P", "X", "XX"))

        async def slip() -> None:
            # South passes and at once says it was a slip of the tongue (Law 25A): the protocol has no message
            # for a change of call yet, so the test gives the table actor the engine events as the server
            # would; the Director then judges whether the pass was unintended (Law 25A2)
            await actor.submit(Seat.SOUTH, CallMade(Seat.SOUTH, first))
            await actor.submit(Seat.SOUTH, CallChanged(Seat.SOUTH, parse_call(bid), True))

        assert client.portal is not None
        client.portal.call(slip)
        view = ws.receive_json()["view"]
        while view["pending"] is None:
            view = ws.receive_json()["view"]
        assert view["pending"]["actor"] == str(DIRECTOR.value)

        calls = client.get("/api/director/calls").json()["calls"]
        (call,) = [c for c in calls if c["table_id"] == table_id]
        assert call["kind"] == "decision" and call["board"] == 1
        assert call["club"]["table"] == 1 and call["club"]["round"] == 1
        assert call["pending"]["law"] == "Law 25A2"
        assert len(call["pending"]["options"]) == 2
        assert all(o["label"] and o["law"] for o in call["pending"]["options"])
        assert call["record"][-1]["type"] == "CallChanged"
        assert sorted(call["view"]["hands"]) == ["E", "N", "S", "W"]  # the Director's view
        console = client.get("/director")
        assert console.status_code == 200
        assert table_id in console.text and call["pending"]["options"][0]["label"] in console.text

        elected = client.post(f"/api/director/tables/{table_id}/elect",
                              json={"option": 0, "seq": call["seq"]})
        assert elected.status_code == 200, elected.text
        view = ws.receive_json()["view"]
        while view["pending"] is not None:
            view = ws.receive_json()["view"]
    record = actor.table.record
    assert any(isinstance(e, Elected) and e.actor is DIRECTOR for e in record)
    assert table_id not in [c["table_id"] for c in client.get("/api/director/calls").json()["calls"]]
    again = client.post(f"/api/director/tables/{table_id}/elect", json={"option": 0})
    assert again.status_code == 409  # nothing left to decide


def test_a_non_director_is_refused(client: TestClient) -> None:
    body = {"movement": "howell", "tables": 2, "boards_per_round": 1}
    assert client.post("/club/sessions", json=body).status_code == 401
    assert client.get("/director").status_code == 401
    _login(client, "pat")
    assert client.post("/club/sessions", json=body).status_code == 403
    assert client.get("/director").status_code == 403
    assert client.get("/api/director/calls").status_code == 403
    assert client.post("/api/director/tables/x/elect", json={"option": 0}).status_code == 403
    _login(client, "dan")
    created = client.post("/club/sessions", json=body).json()
    _login(client, "pat")
    assert client.post(f"/club/sessions/{created['id']}/start", json={}).status_code == 403
    assert client.post(f"/club/sessions/{created['id']}/publish", json={}).status_code == 403
    assert client.get(f"/club/sessions/{created['id']}/state").json()["status"] == "new"


def test_bad_session_requests_name_the_field(client: TestClient) -> None:
    _login(client, "dan")
    wrong_kind = client.post("/club/sessions", json={"movement": "scrambled", "tables": 3})
    assert wrong_kind.status_code == 422 and "movement" in wrong_kind.text
    wrong_pair = client.post("/club/sessions", json={"tables": 2, "seats": {"9": ["robot", "robot"]}})
    assert wrong_pair.status_code == 422 and "9" in wrong_pair.text
    wrong_seat = client.post("/club/sessions", json={"tables": 2, "seats": {"1": ["robot", "alien"]}})
    assert wrong_seat.status_code == 422 and "seats.1[1]" in wrong_seat.text
    not_finished = client.post("/club/sessions", json={"tables": 2, "boards_per_round": 1})
    session_id = not_finished.json()["id"]
    assert client.post(f"/club/sessions/{session_id}/next-round", json={}).status_code == 409


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found is not None, "the page has no CSRF field"
    return found.group(1)


def test_a_director_in_a_browser_logs_in_creates_a_session_with_a_guest_and_the_guest_finds_his_table(
    client: TestClient,
) -> None:
    login_page = client.get("/director")
    assert login_page.status_code == 401 and 'action="/auth/login"' in login_page.text
    logged_in = client.post("/auth/login", follow_redirects=False, data={
        "username": "dan", "password": PASSWORD, "next": "/director", "csrf_token": _csrf(login_page.text)})
    assert logged_in.status_code == 303 and logged_in.headers["location"] == "/director"
    console = client.get("/director")
    assert console.status_code == 200 and 'action="/club/sessions"' in console.text
    form = {"csrf_token": _csrf(console.text), "name": "Form session", "movement": "howell", "tables": "2",
            "boards_per_round": "1", "seating": "4: robot, guest:Sam", "start": "true"}
    assert client.post("/club/sessions", data={**form, "csrf_token": "forged"}).status_code == 403
    created = client.post("/club/sessions", data=form, follow_redirects=False)
    assert created.status_code == 303, created.text
    session_url = created.headers["location"]
    page = client.get(session_url)
    assert page.status_code == 200 and "Form session" in page.text and "/next-round" in page.text
    (link,) = re.findall(r'class="guest-link" href="([^"]+)"', page.text)
    link = link.replace("&amp;", "&")
    assert link.startswith(f"{session_url}/seat/4/2?code=")
    going = client.get(link, follow_redirects=False)
    assert going.status_code == 303 and going.headers["location"].startswith("/tables/")
    assert client.get(link[:-3] + "abc").status_code == 404  # a code made up
    assert client.get(link.replace("/seat/4/2", "/seat/4/1")).status_code == 404  # another seat's
    assert client.get(link[:-3] + "%C3%A9").status_code == 404  # a non-ASCII code: no seat, no server error
    bad = client.post("/club/sessions", data={**form, "seating": "4 robot"})
    assert bad.status_code == 422 and "seating, line 1" in bad.text


def _acked(ws: Any, message: dict[str, Any]) -> None:
    """Send ``message`` and read up to its acknowledgement (an error fails the test)."""
    ws.send_json({"v": 1, **message})
    while True:
        reply = ws.receive_json()
        assert reply["type"] != "error", reply
        if reply["type"] == "ack" and reply["ref"] == message["id"]:
            return


def test_a_disputed_claim_goes_to_the_console_and_the_directors_ruling_ends_the_board(
    client: TestClient,
) -> None:
    deal = Deal.from_pbn("N:AK32.K54.QJ9.A76 QJT.AQ2.8765.K98 987.JT98.AK2.QJT 654.763.T43.5432")
    answer = client.post("/api/tables", json={"humans": ["N", "E", "S", "W"],
                                             "board": board_to_json(Board(1, deal))})
    assert answer.status_code == 201, answer.text
    table = answer.json()
    sockets = {seat: client.websocket_connect(f"/ws/tables/{table['id']}?token={token}")
               for seat, token in table["tokens"].items()}
    north, east, south, west = (sockets[s].__enter__() for s in "NESW")
    try:
        for ws in (north, east, south, west):
            assert ws.receive_json()["type"] == "view"
        for n, (ws, call) in enumerate(((north, "1C"), (east, "P"), (south, "P"), (west, "P"))):
            _acked(ws, {"id": f"c{n}", "type": "call", "call": call})
        _acked(north, {"id": "claim", "type": "claim", "tricks": 13, "statement": "all top tricks"})
        _acked(east, {"id": "no", "type": "claim-answer", "accept": False})  # disputed: Law 70
    finally:
        for s in "NESW":
            sockets[s].__exit__(None, None, None)

    _login(client, "dan")
    (call,) = [c for c in client.get("/api/director/calls").json()["calls"] if c["table_id"] == table["id"]]
    assert call["kind"] == "claim" and call["pending"] is None and call["club"] is None
    assert [item["type"] for item in call["record"]] == ["CallMade"] * 4 + ["ClaimMade", "ClaimAnswered"]
    assert f'action="/api/director/tables/{table["id"]}/rule"' in client.get("/director").text
    assert client.post(f"/api/director/tables/{table['id']}/rule", json={"tricks": 14}).status_code == 422

    ruled = client.post(f"/api/director/tables/{table['id']}/rule", json={"tricks": 13})
    assert ruled.status_code == 200, ruled.text
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["phase"] == "ended"
    assert summary["scores"] == {"1": score(Contract.from_str("1CN"), 13, vulnerable=False)}  # board 1: nil
    assert table["id"] not in [c["table_id"] for c in client.get("/api/director/calls").json()["calls"]]


def test_a_session_goes_on_after_a_restart_of_the_server(db: str) -> None:
    def start() -> TestClient:
        app = create_app(Settings(anonymous_tables=True, database_url=db, robot_samples=0),
                         robots=FallbackRobot)
        return TestClient(app)

    with start() as first:
        auth: Auth = first.app.state.auth  # type: ignore[attr-defined]
        auth.accounts.passwords = Passwords.fast_for_tests()
        auth.accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
        _login(first, "dan")
        created = first.post("/club/sessions", json={
            "name": "Restarted", "tables": 2, "boards_per_round": 1, "start": True, "auto_advance": False,
        }).json()
        before = _wait_for(first, created["id"], "between-rounds")
    assert before["round"] == 1

    with start() as second:
        _login(second, "dan")
        state = second.get(f"/club/sessions/{created['id']}/state").json()
        assert (state["status"], state["round"]) == ("between-rounds", 1)
        assert [t["table_id"] for t in state["tables"]] == [t["table_id"] for t in before["tables"]]
        moved = second.post(f"/club/sessions/{created['id']}/next-round", json={})
        assert moved.status_code == 200, moved.text
        after = _wait_for(second, created["id"], "between-rounds")
        assert after["round"] == 2
        with Store.open(db) as store:
            rounds = sorted({r.round for r in store.results(created["event_id"])})
        assert rounds == [1, 2]


def test_a_call_whose_decision_is_a_players_shows_in_the_console_until_he_decides(db: str) -> None:
    from tenace.laws.refs import Policy

    settings = Settings(anonymous_tables=True, database_url=db.replace("club.db", "laws.db"), robot_samples=0,
                        policy=Policy.LAWS)
    with TestClient(create_app(settings, robots=FallbackRobot)) as client:
        auth: Auth = client.app.state.auth  # type: ignore[attr-defined]
        auth.accounts.passwords = Passwords.fast_for_tests()
        auth.accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
        deal = Deal.from_pbn("N:AK32.K54.QJ9.A76 QJT.AQ2.8765.K98 987.JT98.AK2.QJT 654.763.T43.5432")
        table = client.post("/api/tables", json={"humans": ["N", "E", "S", "W"],
                                                 "board": board_to_json(Board(1, deal))}).json()
        sockets = {seat: client.websocket_connect(f"/ws/tables/{table['id']}?token={token}")
                   for seat, token in table["tokens"].items()}
        north, east, south = (sockets[s].__enter__() for s in "NES")
        try:
            for ws in (north, east, south):
                assert ws.receive_json()["type"] == "view"
            _acked(north, {"id": "a", "type": "call", "call": "1H"})
            _acked(east, {"id": "b", "type": "call", "call": "1D"})  # insufficient (Law 27): recorded
            _acked(south, {"id": "c", "type": "director"})  # Law 9
            _login(client, "dan")
            (call,) = [c for c in client.get("/api/director/calls").json()["calls"]
                       if c["table_id"] == table["id"]]
            assert call["kind"] == "called" and call["pending"]["actor"] != "the Director"
            assert call["pending"]["law"].startswith("Law 27")
            assert call["record"][-1]["type"] == "DirectorCalled"
            refused = client.post(f"/api/director/tables/{table['id']}/elect", json={"option": 0})
            assert refused.status_code == 409  # the decision is the player's (Law 27A1), not the Director's
            _acked(south, {"id": "d", "type": "elect", "option": 0})
        finally:
            for s in "NES":
                sockets[s].__exit__(None, None, None)
        assert table["id"] not in [c["table_id"] for c in client.get("/api/director/calls").json()["calls"]]
