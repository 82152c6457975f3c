"""Online individual sessions in the club server (issue 13, item 3): every player enters alone and partners
change each round (Law 4). Robots play the whole session, and the live ranking is checked against an
independent computation in this file: each stored result's score from the Law 77 table, the two results of
each board compared (Law 78A: two units for a better score, one for a tie), and each player given what his
side scored at his table, out of a top of two a board."""

from __future__ import annotations

import re
import time
from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient

from tenace.seats import Seat
from tenace.server.actors import FallbackRobot
from tenace.server.app import create_app
from tenace.server.auth import Auth
from tenace.server.security import Passwords, Role
from tenace.server.settings import Settings
from tenace.store import Store
from tenace.tournament.model import Result

from .test_club_teams import PASSWORD, _login, _ns_score, _wait_for

ORDER = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


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
        auth.accounts.register("ann", PASSWORD)
        yield c


def test_an_individual_of_eight_robots_ranks_every_player_by_what_his_side_scored_at_each_table(
    client: TestClient, db: str
) -> None:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Individual", "movement": "individual", "tables": 2, "boards_per_round": 1, "rounds": 3,
        "start": True,
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["kind"] == "individual" and created["scoring"] == "matchpoints"
    assert sorted(p for t in created["tables"] for p in t["players"]) == [str(n) for n in range(1, 9)]
    _wait_for(client, created["id"], "finished", timeout=180.0)

    with Store.open(db) as store:
        event = store.event(created["event_id"])
        results = store.results(created["event_id"])
    seatings = {(s.round, s.table): s for s in event.sessions[0].movements[0].seatings}
    boards: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        boards[result.board].append(result)
    assert sorted(boards) == [1, 2, 3] and all(len(lines) == 2 for lines in boards.values())
    units: dict[str, int] = defaultdict(int)
    for lines in boards.values():
        scores = [_ns_score(r) for r in lines]
        for result, mine, other in ((lines[0], scores[0], scores[1]), (lines[1], scores[1], scores[0])):
            ns_units = 2 if mine > other else 1 if mine == other else 0
            players = seatings[(result.round, result.table)].players
            assert players is not None
            north, east, south, west = players
            for who in (north, south):
                units[who] += ns_units
            for who in (east, west):
                units[who] += 2 - ns_units
    expected = {who: Fraction(100 * won, 2 * 3) for who, won in units.items()}  # 3 boards, a top of 2
    assert len(expected) == 8

    live = client.get(f"/club/sessions/{created['id']}/rankings").json()
    (ranking,) = live["rankings"]  # one field: partners change, nobody keeps a direction
    got = {s["contestant"]: Fraction(s["percentage"]) for s in ranking["standings"]}
    assert got == expected
    best = max(expected.values())
    assert {s["contestant"] for s in ranking["standings"] if s["rank"] == 1} == {
        who for who, pct in expected.items() if pct == best}


def test_a_guest_and_a_user_in_an_individual_are_led_to_their_seat_of_each_round(client: TestClient) -> None:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Individual", "movement": "individual", "tables": 2, "boards_per_round": 1,
        "seats": {"3": ["guest:Cleo"], "5": ["user:ann"]}, "start": True,
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    (guest,) = created["guests"]
    assert (guest["pair"], guest["player"], guest["name"]) == ("3", 1, "Cleo")
    auth: Auth = client.app.state.auth  # type: ignore[attr-defined]

    def seat_of(url: str, who: str) -> None:
        to_table = client.get(url, follow_redirects=False)
        assert to_table.status_code == 303, to_table.text
        target = urlparse(to_table.headers["location"])
        table = next(t for t in created["tables"] if who in t["players"])
        assert target.path == f"/tables/{table['table_id']}"
        token = parse_qs(target.query)["token"][0]
        assert auth.seat_tokens.verify(table["table_id"], token).seat is ORDER[table["players"].index(who)]

    seat_of(guest["url"], "3")
    assert "Player 3, Cleo" in client.get(f"/club/sessions/{created['id']}").text  # the Director's page
    client.cookies.clear()
    _login(client, "ann")
    seat_of(f"/club/sessions/{created['id']}/play", "5")


def test_bad_individual_requests_name_the_field(client: TestClient) -> None:
    _login(client, "dan")
    for body, field in (
        ({"movement": "individual", "tables": 3}, "movement"),  # 12 players: no movement generated
        ({"movement": "individual", "tables": 2, "seats": {"3": ["guest:A", "guest:B"]}}, "seats.3"),
        ({"movement": "individual", "tables": 2, "seating": "3: guest:A, guest:B"}, "seating, line 1"),
        ({"movement": "individual", "tables": 2, "seats": {"9": ["robot"]}}, "the movement has no player 9"),
        ({"movement": "individual", "tables": 2, "scoring": "team-imps"}, "scoring"),
    ):
        answer = client.post("/club/sessions", json={"name": "Bad", **body})
        assert answer.status_code == 422, (body, answer.text)
        assert field in answer.json()["detail"], (body, answer.text)


def test_the_console_offers_an_individual_and_its_form_creates_one(client: TestClient) -> None:
    _login(client, "dan")
    page = client.get("/director").text
    assert '<option value="individual">' in page
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert csrf is not None
    answer = client.post("/club/sessions", data={
        "csrf_token": csrf.group(1), "name": "Form individual", "movement": "individual", "scoring": "",
        "tables": "1", "teams": "2", "boards_per_round": "2", "seating": "2: guest:Al",
    }, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    session_id = answer.headers["location"].rsplit("/", 1)[1]
    state = client.get(f"/club/sessions/{session_id}/state").json()
    assert state["kind"] == "individual" and state["rounds"] == 3  # four players: three rounds
    assert "Player 2, Al" in client.get(f"/club/sessions/{session_id}").text


def test_the_round_clock_is_shown_at_the_tables_and_the_director_sees_the_late_ones(
    client: TestClient,
) -> None:
    import datetime as dt

    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Clock", "movement": "howell", "tables": 2, "boards_per_round": 2, "minutes_per_board": 7.5,
        "seats": {"1": ["guest:Cleo", "robot"]}, "start": True,
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    started = dt.datetime.now(dt.UTC)
    deadline = dt.datetime.fromisoformat(created["round_deadline"])
    assert created["minutes_per_board"] == 7.5
    assert dt.timedelta(minutes=14) < deadline - started <= dt.timedelta(minutes=15)  # two boards of 7.5
    assert not any(t["late"] for t in created["tables"])
    (guest,) = created["guests"]
    table_page = client.get(guest["url"])  # Cleo's table shows the clock with the round's deadline
    assert f'id="round-clock" data-deadline="{created["round_deadline"]}"' in table_page.text

    # an hour later Cleo (who never played) is late; the robots' table has finished its boards
    club = client.app.state.club  # type: ignore[attr-defined]
    club.sessions[created["id"]].round_started = (started - dt.timedelta(hours=1)).isoformat()
    cleo = next(t for t in created["tables"] if "1" in (t["ns"], t["ew"]))
    deadline_wait = time.monotonic() + 120
    while True:  # the robots' table plays its two boards
        state = client.get(f"/club/sessions/{created['id']}/state").json()
        robots = next(t for t in state["tables"] if t["table"] != cleo["table"])
        if robots["done"] and robots["board"] != created["tables"][robots["table"] - 1]["board"]:
            break
        assert time.monotonic() < deadline_wait, state
        time.sleep(0.05)
    assert [t["table"] for t in state["tables"] if t["late"]] == [cleo["table"]]
    page = client.get(f"/club/sessions/{created['id']}").text
    assert f"Late tables: {cleo['table']}." in page and 'class="late"' in page

    # a session without a clock has none, and a bad clock is refused naming the field
    plain = client.post("/club/sessions", json={"name": "No clock", "movement": "howell", "tables": 2})
    assert plain.json()["round_deadline"] is None
    for bad in ("7.4", "-1", "31", "soon"):
        refused = client.post("/club/sessions", json={"name": "Bad", "movement": "howell", "tables": 2,
                                                      "minutes_per_board": bad})
        assert refused.status_code == 422 and "minutes_per_board" in refused.json()["detail"], refused.text
