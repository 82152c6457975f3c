"""The server's limits (issue 16, docs/server.md "Limits"): tables per user, per visitor and in all, sockets
per address and per table, spectators per table. Each refusal names the client, what it holds and the
setting; the tables and sockets already there are untouched, and a closed table or socket frees its place."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tenace.server.app import create_app
from tenace.server.limits import LIMITED_CLOSE_CODE, Limits, Socket
from tenace.server.settings import Settings

from .clients import ended, hub, wait


def _client(tmp_path: Path, **limits: int) -> TestClient:
    settings = Settings(anonymous_tables=True, database_url=f"sqlite:///{tmp_path / 'tenace.db'}",
                        robot_delay=0.0, robot_samples=0, guests_may_watch=True,  # visitors watch here
                        **limits)  # type: ignore[arg-type]
    return TestClient(create_app(settings))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with _client(tmp_path, tables_per_client=2, max_tables=3, sockets_per_address=3, sockets_per_table=2,
                 spectators_per_table=1) as c:
        yield c


def _create(client: TestClient, humans: tuple[str, ...] = ("S",)) -> Any:
    return client.post("/api/tables", json={"humans": list(humans)})


def test_a_visitor_may_hold_only_so_many_tables_and_a_closed_one_frees_a_place(client: TestClient) -> None:
    first, second = _create(client), _create(client)
    assert first.status_code == second.status_code == 201
    third = _create(client)
    assert third.status_code == 429
    detail = third.json()["detail"]
    assert "address testclient already has 2 open tables" in detail and "TENACE_TABLES_PER_CLIENT=2" in detail
    assert len(hub(client).tables) == 2  # nothing else changed
    hub(client).tables.pop(first.json()["id"])  # a table closed (finished, expired) no longer counts
    assert _create(client).status_code == 201


def test_the_server_holds_at_most_max_tables(tmp_path: Path) -> None:
    with _client(tmp_path, max_tables=2, tables_per_client=0) as c:
        assert [_create(c).status_code for _ in range(2)] == [201, 201]
        refused = _create(c)
        assert refused.status_code == 429 and "TENACE_MAX_TABLES=2" in refused.json()["detail"]


def _socket_path(created: Any, seat: str | None = "S") -> str:
    body = created.json()
    path = f"/ws/tables/{body['id']}"
    return f"{path}?token={body['tokens'][seat]}" if seat else path


def _refused(client: TestClient, path: str) -> dict[str, Any]:
    with client.websocket_connect(path) as ws:
        message: dict[str, Any] = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == LIMITED_CLOSE_CODE
        return message


def test_sockets_per_table_and_spectators_per_table(client: TestClient) -> None:
    created = _create(client, ("S", "N"))
    with client.websocket_connect(_socket_path(created)) as south:
        assert south.receive_json()["type"] == "view"
        with client.websocket_connect(_socket_path(created, None)) as spectator:
            assert spectator.receive_json()["type"] == "view"
            refused = _refused(client, _socket_path(created, "N"))  # a third socket on this table
            assert refused["code"] == "limited" and "TENACE_SOCKETS_PER_TABLE=2" in refused["message"]
        # the spectator left: his place is free again, and South's socket was never disturbed
        with client.websocket_connect(_socket_path(created, "N")) as north:
            assert north.receive_json()["type"] == "view"
            south.send_json({"v": 1, "type": "resync"})
            assert south.receive_json()["type"] in ("view", "ack")
    other = _create(client)
    with client.websocket_connect(_socket_path(other, None)) as first:
        assert first.receive_json()["type"] == "view"
        refused = _refused(client, _socket_path(other, None))
        assert "already has 1 spectators" in refused["message"]
        assert "TENACE_SPECTATORS_PER_TABLE=1" in refused["message"]


def test_sockets_per_address(client: TestClient) -> None:
    tables = [_create(client) for _ in range(2)]
    paths = [_socket_path(tables[0]), _socket_path(tables[0], None), _socket_path(tables[1])]
    with client.websocket_connect(paths[0]) as a, client.websocket_connect(paths[1]) as b, \
            client.websocket_connect(paths[2]) as c:
        for ws in (a, b, c):
            assert ws.receive_json()["type"] == "view"
        refused = _refused(client, _socket_path(tables[1], None))
        assert "address testclient already has 3 connections" in refused["message"]


def test_the_counts_go_back_to_zero() -> None:
    limits = Limits(Settings(sockets_per_address=1))
    socket = Socket("10.0.0.1", "t1", spectator=True)
    assert limits.socket_refusal(socket) is None
    limits.opened(socket)
    assert limits.socket_refusal(Socket("10.0.0.1", "t2", spectator=False)) is not None
    assert limits.socket_refusal(Socket("10.0.0.2", "t2", spectator=False)) is None
    limits.closed(socket)
    assert not limits.by_address and not limits.by_table and not limits.spectators
    zero = Limits(Settings(sockets_per_address=0, sockets_per_table=0, spectators_per_table=0))
    for _ in range(1000):
        zero.opened(socket)
    assert zero.socket_refusal(socket) is None  # 0: no limit


def test_a_logged_in_user_is_counted_by_name_under_his_own_setting() -> None:
    limits = Limits(Settings(tables_per_user=1, tables_per_client=5))
    limits.table_created("user ann", "t1")
    refusal = limits.table_refusal("user ann", logged_in=True, live={"t1"}, total=1)
    assert refusal is not None and refusal.code == "tables-client"
    assert refusal.values == {"client": "user ann", "count": 1, "setting": "TENACE_TABLES_PER_USER",
                              "limit": 1}
    assert limits.table_refusal("user ann", logged_in=True, live=set(), total=0) is None  # t1 closed


def test_a_table_that_has_played_its_boards_no_longer_counts(tmp_path: Path) -> None:
    with _client(tmp_path, tables_per_client=1) as c:
        robots = c.post("/api/tables", json={"humans": [], "boards": 1})  # four robots, one board
        assert robots.status_code == 201
        assert _create(c).status_code == 429  # the robots are still playing it
        wait(lambda: ended(c, robots.json()["id"]), "the robots' board to end")
        assert _create(c).status_code == 201


def test_the_lobby_says_why_it_starts_no_more_tables(tmp_path: Path) -> None:
    """A visitor at his limit who presses Start a table gets the lobby again with the reason, not JSON."""
    import re

    with _client(tmp_path, tables_per_client=1) as c:
        token = re.search(r'name="csrf_token" value="([^"]+)"', c.get("/?lang=en").text)
        assert token is not None
        started = c.post("/lobby/solo", data={"csrf_token": token.group(1)}, follow_redirects=False)
        assert started.status_code == 303
        refused = c.post("/lobby/solo", data={"csrf_token": token.group(1)}, follow_redirects=False)
        assert refused.status_code == 429 and "text/html" in refused.headers["content-type"]
        assert "already has 1 open tables" in refused.text and 'id="start-solo"' in refused.text
        assert len(hub(c).tables) == 1


def test_a_refusal_is_said_in_the_clients_language(tmp_path: Path) -> None:
    """The lobby's 429 and a refused socket's message are translated (the numbers and the setting kept)."""
    import re

    with _client(tmp_path, tables_per_client=1, spectators_per_table=1) as c:
        token = re.search(r'name="csrf_token" value="([^"]+)"', c.get("/?lang=pl").text)
        assert token is not None
        assert c.post("/lobby/solo?lang=pl", data={"csrf_token": token.group(1)},
                      follow_redirects=False).status_code == 303
        refused = c.post("/lobby/solo?lang=pl", data={"csrf_token": token.group(1)}, follow_redirects=False)
        english = "already has 1 open tables"
        assert refused.status_code == 429 and english not in refused.text
        assert "TENACE_TABLES_PER_CLIENT=1" in refused.text
        table = next(iter(hub(c).tables))
        with c.websocket_connect(f"/ws/tables/{table}?lang=sv"):  # the one spectator allowed
            with c.websocket_connect(f"/ws/tables/{table}?lang=sv") as second:
                message = second.receive_json()
                assert message["code"] == "limited" and "TENACE_SPECTATORS_PER_TABLE=1" in message["message"]
                assert "spectators, the limit" not in message["message"]
