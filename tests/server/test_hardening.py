"""Limits a public server needs (issue 16): security headers on every page, binary or oversized WebSocket
messages refused with an error and the socket kept, uvicorn told the frame limit, and forwarded addresses
trusted only when the operator names the proxy."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tenace.cli import app as cli
from tenace.server.app import create_app
from tenace.server.security import SECURITY_HEADERS
from tenace.server.settings import Settings


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(anonymous_tables=True, database_url=f"sqlite:///{tmp_path / 'tenace.db'}",
                        robot_delay=0.0)
    with TestClient(create_app(settings)) as c:
        yield c


def _seat(client: TestClient) -> str:
    answer = client.post("/api/tables", json={"humans": ["S"]})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return f"/ws/tables/{body['id']}?token={body['tokens']['S']}"


def _next(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (the robots may send views meanwhile)."""
    for _ in range(50):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


@pytest.mark.parametrize("path", ["/", "/static/table.js", "/no-such-page"])
def test_every_http_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    answer = client.get(path)
    for name, value in SECURITY_HEADERS:
        assert answer.headers[name.decode()] == value.decode()
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]


def test_a_binary_frame_gets_an_error_and_the_socket_stays_open(client: TestClient) -> None:
    with client.websocket_connect(_seat(client)) as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_bytes(b"\x00\x01binary")
        answer = _next(ws, "error")
        assert answer["code"] == "bad-message" and "binary" in answer["message"]
        ws.send_text(json.dumps({"v": 1, "type": "resync"}))
        assert _next(ws, "view")["view"]  # still served


def test_the_message_limit_counts_bytes_not_characters(client: TestClient) -> None:
    limit = Settings().max_message_bytes
    text = json.dumps({"v": 1, "type": "resync", "pad": "é" * (limit // 2 + 8)}, ensure_ascii=False)
    assert len(text) < limit < len(text.encode())
    with client.websocket_connect(_seat(client)) as ws:
        ws.receive_json()
        ws.send_text(text)
        answer = _next(ws, "error")
        assert answer["code"] == "bad-message" and f"at most {limit} bytes" in answer["message"]


def _serve_arguments(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *args: str) -> dict[str, Any]:
    import uvicorn

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: seen.update(kwargs))
    result = CliRunner().invoke(cli, ["serve", "--db", f"sqlite:///{tmp_path / 's.db'}", *args])
    assert result.exit_code == 0, result.output
    return seen


def test_serve_passes_the_frame_limit_and_trusts_no_forwarded_address_by_default(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen = _serve_arguments(monkeypatch, tmp_path)
    assert seen["ws_max_size"] == 2 * Settings().max_message_bytes
    assert seen["proxy_headers"] is False and seen["forwarded_allow_ips"] is None


def test_serve_trusts_the_forwarded_addresses_of_the_proxy_it_is_told(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen = _serve_arguments(monkeypatch, tmp_path, "--forwarded-allow-ips", "10.0.0.5")
    assert seen["proxy_headers"] is True and seen["forwarded_allow_ips"] == "10.0.0.5"


def test_a_message_nested_too_deeply_gets_an_error_not_a_traceback(client: TestClient) -> None:
    with client.websocket_connect(_seat(client)) as ws:
        ws.receive_json()
        ws.send_text("[" * 4000 + "]" * 4000)
        answer = _next(ws, "error")
        assert answer["code"] == "bad-message" and "nested too deeply" in answer["message"]
