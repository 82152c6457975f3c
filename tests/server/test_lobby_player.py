"""The lobby as a new player finds it on the real server (tenace.server.app with SQLite): the "Start a table"
form carries a CSRF token and is refused without it (the Origin check stays as a second layer), a player logs
in and out from the lobby and finds his club sessions' tables, rankings and published results there, a
Director finds the console, and no page sends the browser looking for /favicon.ico."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tenace.server.actors import FallbackRobot, Hub
from tenace.server.app import create_app
from tenace.server.auth import Auth
from tenace.server.security import Passwords, Role
from tenace.server.settings import Settings

PASSWORD = "correct horse battery"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'lobby.db'}", robot_samples=0),
                     robots=FallbackRobot)
    with TestClient(app) as c:
        auth: Auth = c.app.state.auth  # type: ignore[attr-defined]
        auth.accounts.passwords = Passwords.fast_for_tests()
        auth.accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
        auth.accounts.register("pat", PASSWORD)
        yield c


def _hub(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def _token(page: str) -> str:
    tokens = set(CSRF.findall(page))
    assert len(tokens) == 1, tokens  # every form of the page carries the same token
    return html.unescape(tokens.pop())


def _login_from_the_lobby(client: TestClient, username: str, password: str = PASSWORD) -> str:
    """Log in with the lobby's own form, as a browser would; the page the form leads to."""
    lobby = client.get("/?lang=en")
    assert 'action="/auth/login"' in lobby.text
    answer = client.post("/auth/login", data={"username": username, "password": password, "next": "/",
                                              "csrf_token": _token(lobby.text)})
    assert answer.status_code == 200, answer.text
    return answer.text


def test_start_a_table_needs_the_forms_csrf_token_and_a_page_of_this_site(client: TestClient) -> None:
    lobby = client.get("/?lang=en")
    token = _token(lobby.text)
    form = lobby.text[lobby.text.index('action="/lobby/solo"'):]
    assert form.index('name="csrf_token"') < form.index("</form>")  # the token is in the form itself

    missing = client.post("/lobby/solo", data={}, follow_redirects=False)
    assert missing.status_code == 403 and "CSRF" in missing.json()["detail"]
    wrong = client.post("/lobby/solo", data={"csrf_token": "forged"}, follow_redirects=False)
    assert wrong.status_code == 403
    foreign = client.post("/lobby/solo", data={"csrf_token": token}, headers={"Origin": "https://evil.example"},
                          follow_redirects=False)
    assert foreign.status_code == 403
    assert _hub(client).tables == {}

    started = client.post("/lobby/solo", data={"csrf_token": token}, follow_redirects=False)
    assert started.status_code == 303 and started.headers["location"].startswith("/tables/")
    assert len(_hub(client).tables) == 1


def test_a_player_logs_in_from_the_lobby_and_finds_his_club_table_rankings_and_results(
    client: TestClient,
) -> None:
    client.post("/auth/login", json={"username": "dan", "password": PASSWORD})
    created = client.post("/club/sessions", json={
        "name": "Monday pairs", "movement": "howell", "tables": 2, "boards_per_round": 1,
        "seats": {"1": ["user:pat", "robot"]},
    })
    assert created.status_code == 201, created.text
    session = created.json()["id"]
    other = client.post("/club/sessions", json={"name": "Without pat", "movement": "howell", "tables": 2,
                                                "boards_per_round": 1})
    assert other.status_code == 201, other.text
    client.cookies.clear()

    wrong = client.post("/auth/login", data={"username": "pat", "password": "not his", "next": "/",
                                             "csrf_token": _token(client.get("/?lang=en").text)})
    assert wrong.status_code == 200 and "Wrong user name or password." in wrong.text

    page = _login_from_the_lobby(client, "pat")
    assert "You are logged in as pat." in page
    assert f'href="/club/sessions/{session}/play"' in page and "Monday pairs" in page
    assert f'href="/club/sessions/{session}"' in page
    assert "Without pat" not in page  # only the sessions he is seated in
    assert f'href="/club/sessions/{session}/results/"' not in page  # nothing is published yet
    assert 'href="/director"' not in page
    club = client.app.state.club  # type: ignore[attr-defined]
    club.sessions[session].published["index.html"] = "<p>results</p>"  # as ClubManager.publish leaves it
    assert f'href="/club/sessions/{session}/results/"' in client.get("/?lang=en").text

    logged_out = client.post("/auth/logout", data={"csrf_token": _token(page), "next": "/"})
    assert logged_out.status_code == 200
    assert 'action="/auth/login"' in logged_out.text and "Monday pairs" not in logged_out.text


def test_a_director_finds_the_console_from_the_lobby_and_the_login_page_is_translated(
    client: TestClient,
) -> None:
    polish = client.get("/?lang=pl")
    assert "Zaloguj się" in polish.text and 'autocomplete="current-password"' in polish.text
    page = _login_from_the_lobby(client, "dan")
    assert 'href="/director"' in page and "You are logged in as dan." in page


def test_no_page_sends_the_browser_to_a_missing_favicon(client: TestClient) -> None:
    assert client.get("/favicon.ico").status_code == 404  # there is none: pages say so themselves
    for path in ("/?lang=en", "/tables/t1", "/join?table="):
        page = client.get(path).text
        assert '<link rel="icon" href="data:,">' in page, path
