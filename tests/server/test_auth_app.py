"""Accounts inside the real server (create_app): the /auth routes on the app, the server's secret kept in
the database, and the WebSocket authenticator with sessions (Director's view, foreign Origin refused, signed
seat tokens for human seats only)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenace.laws.refs import DIRECTOR
from tenace.seats import Seat
from tenace.server.app import create_app
from tenace.server.auth import Auth
from tenace.server.security import InMemoryRateLimiter, Limit, Passwords, RedisRateLimiter, Role
from tenace.server.settings import Settings
from tenace.store import Store

PASSWORD = "correct horse battery"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tenace.db'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(anonymous_tables=True, database_url=db, robot_delay=0.0))) as c:
        auth: Auth = c.app.state.auth  # type: ignore[attr-defined]
        auth.accounts.passwords = Passwords.fast_for_tests()  # the real parameters cost time in every test
        yield c


def _auth(client: TestClient) -> Auth:
    auth: Auth = client.app.state.auth  # type: ignore[attr-defined]
    return auth


def _table(client: TestClient, humans: list[str]) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"humans": humans})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def _first(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = ws.receive_json()
    return message


def test_the_server_has_the_auth_routes_and_a_session_works(client: TestClient) -> None:
    answer = client.post("/auth/register", json={"username": "ann", "password": PASSWORD})
    assert answer.status_code == 201
    assert client.get("/auth/me").json()["roles"] == ["player", "spectator"]
    forged = client.post("/auth/logout", data={"x": "1"})
    assert forged.status_code == 403


def test_the_servers_secret_is_kept_in_the_database_and_the_environment_may_set_it(db: str) -> None:
    with Store.open(db) as store:
        first = Auth.for_engine(store.engine, environ={})
        again = Auth.for_engine(store.engine, environ={})
        chosen = Auth.for_engine(store.engine, environ={"TENACE_SECRET_KEY": "a key chosen by the admin"})
    assert first.settings.secret == again.settings.secret
    assert len(first.settings.secret) >= 32
    assert chosen.settings.secret == b"a key chosen by the admin"
    with Store.open(db.replace("tenace.db", "other.db")) as other:
        assert Auth.for_engine(other.engine, environ={}).settings.secret != first.settings.secret


def test_seat_tokens_outlive_a_restart_because_the_secret_does(db: str) -> None:
    with TestClient(create_app(Settings(anonymous_tables=True, database_url=db))) as first:
        token = _auth(first).seat_tokens.issue("t1", Seat.WEST, "guest:x")
    with TestClient(create_app(Settings(anonymous_tables=True, database_url=db))) as second:
        assert _auth(second).seat_tokens.authenticate_seat("t1", token) is Seat.WEST


def test_a_director_session_opens_a_table_with_the_directors_view(client: TestClient) -> None:
    table = _table(client, ["S"])
    _auth(client).accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
    _auth(client).accounts.register("pat", PASSWORD)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        anonymous = _first(ws)
    # a visitor without an account could be the player of South with his cookie dropped (Law 16)
    assert anonymous["type"] == "error" and anonymous["code"] == "forbidden"
    client.post("/auth/login", json={"username": "pat", "password": PASSWORD})
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert _first(ws)["view"]["viewer"] is None  # a player without a seat token is a spectator
    client.post("/auth/login", json={"username": "dan", "password": PASSWORD})
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        view = _first(ws)["view"]
    assert view["viewer"] == str(DIRECTOR.value)
    assert sorted(view["hands"]) == ["E", "N", "S", "W"]  # the Director sees every hand


def test_a_handshake_from_another_site_is_refused_even_with_a_valid_seat_token(client: TestClient) -> None:
    table = _table(client, ["S"])
    url = f"/ws/tables/{table['id']}?token={table['tokens']['S']}"
    with client.websocket_connect(url, headers={"Origin": "https://evil.example"}) as ws:
        error = _first(ws)
    assert error["type"] == "error" and error["code"] == "forbidden"
    with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as ws:
        assert _first(ws)["view"]["viewer"] == "S"


def test_a_signed_seat_token_opens_its_human_seat_but_not_a_robots_seat_or_another_table(
    client: TestClient,
) -> None:
    table, other = _table(client, ["S", "N"]), _table(client, ["S"])
    tokens = _auth(client).seat_tokens
    north = tokens.issue(table["id"], Seat.NORTH, "guest:bob")
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={north}") as ws:
        assert _first(ws)["view"]["viewer"] == "N"
    east = tokens.issue(table["id"], Seat.EAST, "guest:bob")  # East is a robot at this table
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={east}") as ws:
        assert _first(ws)["code"] == "unauthorized"
    with client.websocket_connect(f"/ws/tables/{other['id']}?token={north}") as ws:
        assert _first(ws)["code"] == "unauthorized"


def test_a_connection_that_sends_too_many_messages_gets_rate_limited_errors(client: TestClient) -> None:
    table = _table(client, ["N", "E", "S", "W"])  # no robots: every message answers one of ours
    _auth(client).actions.limit = Limit(3, 60)
    url = f"/ws/tables/{table['id']}?token={table['tokens']['S']}"
    with client.websocket_connect(url) as ws:
        assert _first(ws)["type"] == "view"
        answers = []
        for i in range(5):
            ws.send_json({"v": 1, "id": f"r{i}", "type": "resync", "seq": 0})
            answers.append(_first(ws))
    assert [a["type"] for a in answers] == ["view", "view", "view", "error", "error"]
    assert answers[3]["code"] == "rate-limited"
    with client.websocket_connect(url) as ws:  # a new connection counts afresh
        _first(ws)
        ws.send_json({"v": 1, "id": "again", "type": "resync", "seq": 0})
        assert _first(ws)["type"] == "view"


def test_the_environment_sets_the_message_limit_and_bad_values_name_the_variable(db: str) -> None:
    with Store.open(db) as store:
        auth = Auth.for_engine(store.engine, environ={"TENACE_MESSAGE_LIMIT": "5/2.5"})
        assert auth.actions.limit == Limit(5, 2.5)
        for bad in ("5", "x/1", "0/10", "5/-1"):
            with pytest.raises(ValueError, match="TENACE_MESSAGE_LIMIT"):
                Auth.for_engine(store.engine, environ={"TENACE_MESSAGE_LIMIT": bad})
        with pytest.raises(ValueError, match="TENACE_SECRET_KEY"):
            Auth.for_engine(store.engine, environ={"TENACE_SECRET_KEY": "short"})


def test_with_a_redis_url_login_limits_live_in_redis_and_messages_in_memory(db: str) -> None:
    with Store.open(db) as store:
        local = Auth.for_engine(store.engine, environ={})
        shared = Auth.for_engine(store.engine, environ={}, redis_url="redis://127.0.0.1:1/0")  # not contacted
    assert isinstance(local.limiter, InMemoryRateLimiter)
    assert isinstance(shared.limiter, RedisRateLimiter)
    assert isinstance(shared.actions.limiter, InMemoryRateLimiter)
