"""Club sessions with real ``tenace serve`` processes (docs/directing-online.md, docs/scale-out.md): a session
created on process A goes on when A is killed and when it is started again; the Director's state,
next-round and publish work from either process; a guest plays each of his boards through whichever process
he reaches; every board of the movement is entered exactly once. And one process restarted on the same SQLite
file after SIGKILL finishes its session.

The cluster test needs TENACE_TEST_POSTGRES_URL and TENACE_TEST_REDIS_URL (skipped without them, failed in
CI).
"""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from sqlalchemy import create_engine, select, text
from sqlalchemy.engine import make_url

from server.liveservers import Player, ServerProcess
from tenace.server.accounts import Accounts
from tenace.server.persistence import LiveTableRow
from tenace.server.security import Passwords, Role
from tenace.store import Store
from tenace.tournament.movements import howell
from tenace.tournament.scoring import score_event

POSTGRES_URL = os.environ.get("TENACE_TEST_POSTGRES_URL")
REDIS_URL = os.environ.get("TENACE_TEST_REDIS_URL")
PASSWORD = "correct horse battery"


def _needs(name: str, value: str | None) -> str:
    if not value:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is not set in CI (scripts/_system.sh sets it up)")
        pytest.skip(f"{name} is not set")
    return value


def _director_account(db: str) -> None:
    with Store.open(db) as store:
        accounts = Accounts(store.engine, passwords=Passwords.fast_for_tests())
        accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))


@pytest.fixture
def database() -> Iterator[str]:
    """A fresh PostgreSQL schema, migrated once, with the Director's account."""
    base = _needs("TENACE_TEST_POSTGRES_URL", POSTGRES_URL)
    _needs("TENACE_TEST_REDIS_URL", REDIS_URL)
    schema = f"club_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    db = url.render_as_string(hide_password=False)
    _director_account(db)
    try:
        yield db
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def _login(server: ServerProcess) -> httpx.Client:
    client = httpx.Client(base_url=server.http, timeout=60)
    answer = client.post("/auth/login", json={"username": "dan", "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return client


def _wait(client: httpx.Client, session_id: str, done: Callable[[dict[str, Any]], bool],
          timeout: float = 180.0) -> dict[str, Any]:
    # a ceiling, not a pace: on a quiet machine the session gets there in seconds, but a server taking over
    # a dead one's robot tables on a busy two-core machine once needed more than a minute
    deadline = time.monotonic() + timeout
    while True:
        state: dict[str, Any] = client.get(f"/club/sessions/{session_id}/state").json()
        if done(state):
            return state
        assert time.monotonic() < deadline, f"waited in vain: {state}"
        time.sleep(0.1)


def _seat(server: ServerProcess, link: str, timeout: float = 30.0) -> tuple[str, str]:
    """Where the guest's seat link leads on ``server`` once his next table is open: (table id, token)."""
    deadline = time.monotonic() + timeout
    while True:
        answer = httpx.get(f"{server.http}{link}", follow_redirects=False, timeout=30)
        if answer.status_code == 303:
            location = urlparse(answer.headers["location"])
            return location.path.rsplit("/", 1)[1], parse_qs(location.query)["token"][0]
        assert answer.status_code == 200 and time.monotonic() < deadline, answer.text  # the waiting page
        time.sleep(0.2)


def _over_at(table_id: str) -> Callable[[dict[str, Any]], bool]:
    """Whether the session's state has the board at ``table_id`` done (or moved past it)."""
    return lambda state: not any(t["table_id"] == table_id and not t["done"] for t in state["tables"])


def _play(server: ServerProcess, table_id: str, token: str) -> None:
    """The guest plays his seat (random legal calls and cards) until the board ends."""
    player = Player(server.ws(table_id, token), patience=3.0)
    asyncio.run(asyncio.wait_for(player.play(), 60))
    assert player.ended


def _entered_once(db: str, event_id: int, tables: int, rounds: int, per_round: int) -> list[str]:
    """The live tables opened for the event, after checking that every board of the movement's rounds
    played is in the store exactly once."""
    movement = howell(tables, boards_per_round=per_round)
    expected = sorted((s.round, s.table, b) for s in movement.seatings if s.round <= rounds for b in s.boards)
    with Store.open(db) as store:
        results = store.results(event_id)
        with store.engine.connect() as connection:
            opened = [t for t, club in connection.execute(select(LiveTableRow.id, LiveTableRow.club))
                      if club is not None and f'"event_id": {event_id},' in club]
    assert sorted((r.round, r.table, r.board) for r in results) == expected
    assert len(opened) == len(expected)  # one live table per board and table: none opened twice
    return opened


def test_a_club_session_goes_on_across_two_processes_when_one_is_killed_and_restarted(
    database: str, tmp_path: Path
) -> None:
    assert REDIS_URL is not None
    a = ServerProcess(database, REDIS_URL, lease_seconds=1.5, log=str(tmp_path / "a.log"))
    b = ServerProcess(database, REDIS_URL, lease_seconds=1.5, log=str(tmp_path / "b.log"))
    a.start()
    b.start()
    again = ServerProcess(database, REDIS_URL, lease_seconds=1.5, log=str(tmp_path / "a2.log"))
    try:
        on_a, on_b = _login(a), _login(b)
        answer = on_a.post("/club/sessions", json={
            "name": "Two servers", "movement": "howell", "tables": 2, "boards_per_round": 2, "rounds": 2,
            "start": True, "auto_advance": False, "seats": {"1": ["guest:Gus", "robot"]},
        })
        assert answer.status_code == 201, answer.text
        created = answer.json()
        session_id, (guest,) = created["id"], created["guests"]

        # B knows the session A created, as A has it
        state = on_b.get(f"/club/sessions/{session_id}/state").json()
        assert (state["round"], state["status"]) == (1, "playing")
        assert [t["table_id"] for t in state["tables"]] == [t["table_id"] for t in created["tables"]]

        # A dies with round 1 in play at its tables; the guest plays on through B, which takes them over
        table_id, token = _seat(b, guest["url"])
        a.kill()
        _play(b, table_id, token)
        _wait(on_b, session_id, _over_at(table_id))
        second_id, second_token = _seat(b, guest["url"])  # the round's second board, opened without A
        assert second_id != table_id
        _play(b, second_id, second_token)
        state = _wait(on_b, session_id, lambda s: s["status"] == "between-rounds")
        assert state["round"] == 1 and all(t["done"] for t in state["tables"])

        # A is started again: it has the session as B left it, and moves it on
        again.start()
        on_a.close()
        on_a = _login(again)
        assert on_a.get(f"/club/sessions/{session_id}/state").json()["status"] == "between-rounds"
        moved = on_a.post(f"/club/sessions/{session_id}/next-round", json={})
        assert moved.status_code == 200 and moved.json()["round"] == 2, moved.text
        for _ in range(2):  # the guest reaches his tables of round 2 through A
            table_id, token = _seat(again, guest["url"])
            _play(again, table_id, token)
            _wait(on_b, session_id, _over_at(table_id))
        _wait(on_b, session_id, lambda s: s["status"] == "between-rounds" and s["round"] == 2)
        finished = on_b.post(f"/club/sessions/{session_id}/next-round", json={})
        assert finished.status_code == 200 and finished.json()["status"] == "finished", finished.text

        published = on_b.post(f"/club/sessions/{session_id}/publish", json={})
        assert published.status_code == 200, published.text
        assert on_a.get(f"/club/sessions/{session_id}/results/").status_code == 200  # served by both
        assert on_a.get(f"/club/sessions/{session_id}/results/hands.html").status_code == 200
        history = on_a.get(f"/club/sessions/{session_id}/state").json()["history"]
        assert history[-1] == "results published by dan"

        _entered_once(database, created["event_id"], tables=2, rounds=2, per_round=2)
        rankings = httpx.get(f"{again.http}/club/sessions/{session_id}/rankings", timeout=30).json()
        with Store.open(database) as store:
            expected = score_event(store.event(created["event_id"]), store.results(created["event_id"]),
                                   store.penalties(created["event_id"]))
        assert [(s["contestant"], s["total"]) for r in rankings["rankings"] for s in r["standings"]] == \
            [(s.contestant, str(s.total)) for r in expected.rankings for s in r.standings]
    finally:
        for server in (a, b, again):
            server.stop()


def test_one_process_killed_in_a_round_and_started_again_on_its_sqlite_file_finishes_the_session(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'club.db'}"
    Store.open(db).close()
    _director_account(db)
    first = ServerProcess(db, log=str(tmp_path / "first.log"))
    first.start()
    second = ServerProcess(db, log=str(tmp_path / "second.log"))
    try:
        client = _login(first)
        created = client.post("/club/sessions", json={
            "name": "Restarted", "movement": "howell", "tables": 2, "boards_per_round": 2, "start": True,
            "seats": {"1": ["guest:Gus", "robot"]},
        }).json()
        (guest,) = created["guests"]
        table_id, _ = _seat(first, guest["url"])  # the guest's table waits for him: round 1 is in play
        first.kill()
        second.start()
        client.close()
        client = _login(second)
        state = client.get(f"/club/sessions/{created['id']}/state").json()
        assert (state["status"], state["round"]) == ("playing", 1)
        rounds = len(howell(2, boards_per_round=2).rounds)
        for _ in range(rounds * 2):  # the guest's boards, each at the table the movement gives it
            table_id, token = _seat(second, guest["url"])
            _play(second, table_id, token)
            _wait(client, created["id"], _over_at(table_id))
        _wait(client, created["id"], lambda s: s["status"] == "finished")
        _entered_once(db, created["event_id"], tables=2, rounds=rounds, per_round=2)
        assert client.post(f"/club/sessions/{created['id']}/publish", json={}).status_code == 200
    finally:
        first.stop()
        second.stop()
