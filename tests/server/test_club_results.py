"""What a player of a club session sees of its results (tenace.server.club, docs/playing-online.md): the
session's rankings from the session page and from his table when his board there is over, the published
results and hand records once the Director publishes them, and never a score, traveller or hand record of a
board still being played (or still to be played) at some table."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient

from tenace.server.actors import FallbackRobot
from tenace.server.app import create_app
from tenace.server.auth import Auth
from tenace.server.club import ClubSession, LiveSlot
from tenace.server.security import Passwords, Role
from tenace.server.settings import Settings
from tenace.store import Store
from tenace.tournament.movements import howell
from tenace.tournament.scoring import score_event

PASSWORD = "correct horse battery"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'results.db'}"


@pytest.fixture
def director(db: str) -> Iterator[TestClient]:
    app = create_app(Settings(database_url=db, robot_samples=0), robots=FallbackRobot)
    with TestClient(app) as c:
        auth: Auth = c.app.state.auth  # type: ignore[attr-defined]
        auth.accounts.passwords = Passwords.fast_for_tests()
        auth.accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
        answer = c.post("/auth/login", json={"username": "dan", "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        yield c


def _visitor(director: TestClient) -> TestClient:
    """A client of the same server without the Director's cookies (a player or anyone), for HTTP requests
    (a WebSocket goes through the running client, whose event loop holds the tables)."""
    return TestClient(director.app)


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


def _table_of(client: TestClient, link: str) -> tuple[str, str]:
    """Where a guest's seat link leads now: (table id, seat token)."""
    answer = client.get(link, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    location = urlparse(answer.headers["location"])
    return location.path.rsplit("/", 1)[1], parse_qs(location.query)["token"][0]


def _play_board(client: TestClient, table_id: str, token: str, rng: random.Random) -> dict[str, Any]:
    """Play the seat's calls and cards at random (passing mostly) until the board ends; its last view."""
    acted = -1
    count = 0
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        while True:
            message = ws.receive_json()
            if message["type"] != "view":
                continue
            view: dict[str, Any] = message["view"]
            if view["phase"] == "ended":
                return view
            legal = view.get("legal") or []
            if not legal or message["seq"] <= acted:
                continue
            acted = message["seq"]
            count += 1
            if view["phase"] == "auction period":
                choice = "P" if "P" in legal and rng.random() < 0.8 else rng.choice(legal)
                ws.send_json({"v": 1, "id": str(count), "type": "call", "call": choice})
            else:
                ws.send_json({"v": 1, "id": str(count), "type": "card", "card": rng.choice(legal)})


def _score_cells(html: str) -> list[str]:
    return re.findall(r'<td class="score">([^<]*)</td>', html)


def test_before_every_table_has_played_a_board_nobody_but_the_director_sees_its_score_or_any_hand_record(
    director: TestClient, db: str
) -> None:
    """A 2-table Howell: pair 1 has a guest, who does not play yet, so his table of round 1 waits while the
    robots' table ends its board. The guest's table plays the same board, so its score stays hidden; nothing
    is published; the rankings wait for the first round to be over at every table."""
    created = director.post("/club/sessions", json={
        "name": "Secret boards", "movement": "howell", "tables": 2, "boards_per_round": 1, "start": True,
        "seats": {"1": ["guest:Gus", "robot"]},
    }).json()
    session_id = created["id"]
    (guest,) = created["guests"]
    guest_table, _ = _table_of(_visitor(director), guest["url"])
    state = _wait(director, session_id, lambda s: any(t["done"] for t in s["tables"]))
    (ended,) = [t for t in state["tables"] if t["done"]]
    assert ended["table_id"] != guest_table and ended["score_ns"] is not None  # the Director sees it
    assert {t["board"] for t in state["tables"]} == {ended["board"]}  # the guest's table is playing it too

    visitor = _visitor(director)
    public = _state(visitor, session_id)
    assert [t["score_ns"] for t in public["tables"]] == [None, None]
    assert public["completed_rounds"] == []
    page = visitor.get(f"/club/sessions/{session_id}").text
    assert _score_cells(page) == ["…", "…"]
    assert 'id="rankings-note"' in page and 'class="rankings"' not in page
    rankings = visitor.get(f"/club/sessions/{session_id}/rankings").json()
    assert rankings["rounds"] == [] and all(s["boards"] == 0 for r in rankings["rankings"]
                                            for s in r["standings"])
    own = director.get(f"/club/sessions/{session_id}/rankings").json()
    assert own["rounds"] is None
    assert sorted(s["contestant"] for r in own["rankings"] for s in r["standings"] if s["boards"] == 1) == \
        sorted([ended["ns"], ended["ew"]])  # the Director's rankings hold the board that ended

    refused = director.post(f"/club/sessions/{session_id}/publish", json={})
    assert refused.status_code == 409 and str(ended["board"]) in refused.json()["detail"]
    for path in ("results/", "results/hands.html", "results/results.json"):
        assert visitor.get(f"/club/sessions/{session_id}/{path}").status_code == 404
    assert 'id="hand-records"' not in page and 'id="published-results"' not in page


def test_a_guest_finds_the_rankings_then_the_published_results_and_hand_records_without_knowing_a_url(
    director: TestClient, db: str
) -> None:
    created = director.post("/club/sessions", json={
        "name": "Guest night", "movement": "howell", "tables": 2, "boards_per_round": 1, "start": True,
        "seats": {"1": ["guest:Gus", "robot"]},
    }).json()
    session_id = created["id"]
    (guest,) = created["guests"]
    player = _visitor(director)
    rng = random.Random(5)
    rounds = len(howell(2, boards_per_round=1).rounds)
    for round in range(1, rounds + 1):
        _wait(director, session_id, lambda s, r=round: s["round"] == r)  # noqa: B023
        table_id, token = _table_of(player, guest["url"])
        _play_board(director, table_id, token, rng)  # the seat token makes him the guest at his seat

        # the table page, once the board is over, leads to the next table and to the session's rankings
        page = player.get(f"/tables/{table_id}", params={"token": token}).text
        assert 'id="club"' in page
        assert f'href="{guest["url"].replace("&", "&amp;")}"' in page  # his seat link: the next table
        assert f'href="/club/sessions/{session_id}"' in page
        assert 'data-state="/club/sessions/' + session_id + '/state"' in page

        state = _wait(director, session_id, lambda s, r=round: s["round"] > r or s["status"] == "finished")  # noqa: B023
        if state["status"] != "finished":
            public = player.get(f"/club/sessions/{session_id}/rankings").json()
            assert public["rounds"] == list(range(1, round + 1))
            with Store.open(db) as store:  # the rankings of the rounds over, computed here independently
                event = store.event(created["event_id"])
                kept = [r for r in store.results(created["event_id"]) if r.round <= round]
                expected = score_event(event, kept, store.penalties(created["event_id"]))
            assert [(s["contestant"], s["total"]) for r in public["rankings"] for s in r["standings"]] == \
                [(s.contestant, str(s.total)) for r in expected.rankings for s in r.standings]

    assert director.post(f"/club/sessions/{session_id}/publish", json={}).status_code == 200
    # the guest's seat link now says the session is over and leads to the results and the hand records
    waiting = player.get(guest["url"])
    assert waiting.status_code == 200
    links = dict(re.findall(r'<a id="(published-results|hand-records)" href="([^"]+)"', waiting.text))
    assert links == {"published-results": f"/club/sessions/{session_id}/results/",
                     "hand-records": f"/club/sessions/{session_id}/results/hands.html"}
    hands = player.get(links["hand-records"])
    assert hands.status_code == 200
    with Store.open(db) as store:
        boards = {r.board for r in store.results(created["event_id"])}
    assert all(re.search(rf"\b{b}\b", hands.text) for b in boards)
    session_page = player.get(f"/club/sessions/{session_id}").text
    assert 'id="hand-records"' in session_page and 'id="published-results"' in session_page
    assert 'id="rankings-note"' not in session_page and 'class="rankings"' in session_page
    published = json.loads(player.get(f"/club/sessions/{session_id}/results/results.json").text)
    assert "Guest night" in json.dumps(published)
    assert player.get(f"/club/sessions/{session_id}/state").json()["published"]  # what table.js looks at


def test_a_table_outside_the_club_sessions_has_no_club_links(director: TestClient) -> None:
    table = director.post("/api/tables", json={"humans": ["S"]}).json()
    page = director.get(f"/tables/{table['id']}", params={"token": table["tokens"]["S"]})
    assert page.status_code == 200 and 'id="club"' not in page.text


def test_boards_in_play_are_those_of_an_unfinished_table_or_still_to_be_played_anywhere() -> None:
    movement = howell(2, boards_per_round=1)  # 3 rounds; round 1: tables 1 and 2
    session = ClubSession("s", "Club", 1, movement, {}, {}, "dan")
    assert session.boards_in_play() == frozenset(movement.boards)
    session.status, session.round = "playing", 1
    r1 = sorted((s for s in movement.seatings if s.round == 1), key=lambda s: s.table)
    for seating in r1:
        session.slots[(1, seating.table)] = [LiveSlot(1, seating.table, seating.boards[0], seating.ns,
                                                      seating.ew, f"t{seating.table}")]
    later = {b for s in movement.seatings if s.round > 1 for b in s.boards}
    assert session.boards_in_play() == frozenset(later | {s.boards[0] for s in r1})
    session.slots[(1, 1)][0].done = True
    assert session.completed_rounds() == []
    session.slots[(1, 2)][0].done = True
    assert session.completed_rounds() == [1]
    assert session.boards_in_play() == frozenset(later)
    # the Director forces the last round on with table 2 unfinished: its board stays secret after the end
    for seating in (s for s in movement.seatings if s.round == 2):
        session.slots[(2, seating.table)] = [LiveSlot(2, seating.table, seating.boards[0], seating.ns,
                                                      seating.ew, f"r2t{seating.table}", done=True)]
    session.round, session.status = 3, "finished"
    r3 = sorted((s for s in movement.seatings if s.round == 3), key=lambda s: s.table)
    session.slots[(3, 1)] = [LiveSlot(3, 1, r3[0].boards[0], r3[0].ns, r3[0].ew, "t5", done=True)]
    session.slots[(3, 2)] = [LiveSlot(3, 2, r3[1].boards[0], r3[1].ns, r3[1].ew, "t6")]
    assert session.boards_in_play() == frozenset({r3[1].boards[0]})
    assert session.completed_rounds() == [1, 2]  # round 3 is not over at table 2


def test_a_result_the_table_failed_to_enter_is_entered_once_by_the_session(
    director: TestClient, db: str
) -> None:
    """Every table's own entry of its result fails (as when its process stops between storing the board's end
    and entering the result): the session enters each result itself, under the table's key, and goes on."""
    store = director.app.state.store  # type: ignore[attr-defined]
    original = store.enter
    failed: list[str] = []

    def first_attempt_fails(*args: Any, key: str | None = None, **kwargs: Any) -> Any:
        if key is not None and key not in failed:
            failed.append(key)
            raise OSError("the process stopped")
        return original(*args, key=key, **kwargs)

    store.enter = first_attempt_fails
    try:
        created = director.post("/club/sessions", json={
            "name": "Lost entries", "movement": "howell", "tables": 2, "boards_per_round": 1, "start": True,
        }).json()
        _wait(director, created["id"], lambda s: s["status"] == "finished")
    finally:
        store.enter = original
    movement = howell(2, boards_per_round=1)
    expected = sorted((s.round, s.table, b) for s in movement.seatings for b in s.boards)
    with Store.open(db) as check:
        results = check.stored(created["event_id"])
    assert sorted((r.result.round, r.result.table, r.result.board) for r in results) == expected
    assert len(failed) == len(expected)  # every table's own entry failed once


def test_a_logged_in_player_goes_from_the_session_page_to_his_table_and_from_it_on(
    director: TestClient,
) -> None:
    auth: Auth = director.app.state.auth  # type: ignore[attr-defined]
    auth.accounts.register("pat", PASSWORD)
    created = director.post("/club/sessions", json={
        "name": "Members", "movement": "howell", "tables": 2, "boards_per_round": 1, "start": True,
        "seats": {"2": ["robot", "user:pat"]},
    }).json()
    session_id = created["id"]
    pat, stranger = _visitor(director), _visitor(director)
    assert pat.post("/auth/login", json={"username": "pat", "password": PASSWORD}).status_code == 200
    page = pat.get(f"/club/sessions/{session_id}").text
    assert f'<a id="my-table" href="/club/sessions/{session_id}/play">' in page
    assert 'id="my-table"' not in stranger.get(f"/club/sessions/{session_id}").text
    answer = pat.get(f"/club/sessions/{session_id}/play", follow_redirects=False)
    assert answer.status_code == 303
    location = urlparse(answer.headers["location"])
    table_id, token = location.path.rsplit("/", 1)[1], parse_qs(location.query)["token"][0]
    (slot,) = [t for t in created["tables"] if t["table_id"] == table_id]
    assert "2" in (slot["ns"], slot["ew"])  # pair 2's table
    table_page = pat.get(f"/tables/{table_id}", params={"token": token}).text
    assert f'id="club-next" class="big" href="/club/sessions/{session_id}/play"' in table_page
    # without his seat token the page still leads to the session, but to no seat
    watching = stranger.get(f"/tables/{table_id}").text
    assert 'id="club"' in watching and 'id="club-next"' not in watching


def test_a_seat_named_in_another_case_is_the_players_all_the_same(director: TestClient) -> None:
    """User names are case-insensitive: a seat written user:PAT is taken by the account pat."""
    auth: Auth = director.app.state.auth  # type: ignore[attr-defined]
    auth.accounts.register("pat", PASSWORD)
    created = director.post("/club/sessions", json={
        "name": "Members", "movement": "howell", "tables": 2, "boards_per_round": 1, "start": True,
        "seats": {"2": ["robot", "user:PAT"]},
    }).json()
    pat = _visitor(director)
    assert pat.post("/auth/login", json={"username": "pat", "password": PASSWORD}).status_code == 200
    assert 'id="my-table"' in pat.get(f"/club/sessions/{created['id']}").text
    assert pat.get(f"/club/sessions/{created['id']}/play", follow_redirects=False).status_code == 303


def test_the_published_results_page_is_dated_links_its_files_and_shows_each_boards_par_and_frequencies(
    director: TestClient, db: str
) -> None:
    """A robots' Howell is published: the page carries the session's date, every link on it (the downloads,
    the hand records, the anchors) resolves on the server, each board's par is the double-dummy solver's own
    par for the deal the session dealt, and each frequency table counts what the store holds."""
    from collections import Counter

    from tenace.solver import dds

    created = director.post("/club/sessions", json={
        "name": "Published night", "movement": "howell", "tables": 2, "boards_per_round": 1, "start": True,
    }).json()
    session_id = created["id"]
    _wait(director, session_id, lambda s: s["status"] == "finished")
    assert director.post(f"/club/sessions/{session_id}/publish", json={}).status_code == 200
    visitor = _visitor(director)
    base = f"/club/sessions/{session_id}/results/"
    page = visitor.get(base).text

    (listed,) = [s for s in director.get("/club/sessions").json()["sessions"] if s["id"] == session_id]
    assert f'<time id="date" datetime="{listed["created"][:10]}">' in page

    downloads = re.findall(r'<a href="([^"#]+)"[^>]* data-file=', page)
    assert {"results.pbn", "results.usebio.xml", "rankings.csv", "travellers.csv", "results.json",
            "hands.html"} <= set(downloads)
    for href in set(re.findall(r'href="([^"]+)"', page)):
        if href.startswith("#"):
            assert f'id="{href[1:]}"' in page, href
            continue
        path, _, anchor = href.partition("#")
        answer = visitor.get(path if path.startswith("/") else base + path)
        assert answer.status_code == 200, href
        if anchor:
            assert f'id="{anchor}"' in answer.text, href

    session = director.app.state.club.get(session_id)  # type: ignore[attr-defined]
    with Store.open(db) as store:
        results = store.results(created["event_id"])
    played = {r.board for r in results}
    if dds.available():
        shown = {int(n): int(s) for n, s in re.findall(r'id="board-(\d+)" data-par-ns="(-?\d+)"', page)}
        assert set(shown) == played
        for number in played:
            board = session.boards[number]
            assert shown[number] == dds.par(board.deal, board.vulnerability, board.dealer).score_ns
    for number in played:  # the frequencies, counted here from the stored results
        section = page.split(f'id="board-{number}"', 1)[1].split("</section>", 1)[0]
        table = section.split('class="frequency"', 1)[1].split("</table>", 1)[0]
        rows = re.findall(r'<tr[^>]*><th scope="row" class="num">([^<]+)</th><td class="num">(\d+)</td>',
                          table)
        counted = Counter(r.ns_score() for r in results if r.board == number and r.adjusted is None)
        assert [(int(s), int(n)) for s, n in rows] == sorted(counted.items(), reverse=True)
