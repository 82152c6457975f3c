"""Helpers shared by the tests that drive the server through a TestClient: log in, reach the hub, wait for a
condition, and tell whether a table's board has ended."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tenace.server.actors import FallbackRobot, Hub

PASSWORD = "correct horse battery"


def register(app: Any, *players: str, director: str = "dan") -> None:
    """Fast password hashing for tests, then the Director ``director`` and the ``players``, each with
    :data:`PASSWORD`."""
    from tenace.server.auth import Auth
    from tenace.server.security import Passwords, Role

    auth: Auth = app.state.auth
    auth.accounts.passwords = Passwords.fast_for_tests()
    auth.accounts.register(director, PASSWORD, frozenset({Role.DIRECTOR}))
    for name in players:
        auth.accounts.register(name, PASSWORD)


def login(client: TestClient, username: str | None) -> None:
    """Log ``username`` in (with :data:`PASSWORD`), or only log out for ``None``."""
    client.cookies.clear()
    if username is not None:
        answer = client.post("/auth/login", json={"username": username, "password": PASSWORD})
        assert answer.status_code == 200, answer.text


@contextmanager
def fresh_server(folder: Path, *players: str, robots: Any = FallbackRobot, logged_in: str | None = "dan"
           ) -> Iterator[TestClient]:
    """A client of a fresh server on an SQLite store in ``folder`` (anonymous tables allowed, robots that do
    not solve), with the Director and ``players`` registered and ``logged_in`` (the Director by default)."""
    from tenace.server.app import create_app
    from tenace.server.settings import Settings

    app = create_app(Settings(anonymous_tables=True, database_url=f"sqlite:///{folder / 'served.db'}",
                              robot_samples=0), robots=robots)
    with TestClient(app) as client:
        register(client.app, *players)
        login(client, logged_in)
        yield client


def hub(client: TestClient) -> Hub:
    found: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return found


def wait(condition: Any, what: str, timeout: float = 30.0) -> None:
    """Poll ``condition()`` until it holds; fail after ``timeout`` seconds, naming ``what``."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def ended(client: TestClient, table_id: str) -> bool:
    actor = hub(client).tables.get(table_id)
    return actor is not None and actor.table.score_ns() is not None
