"""*My boards* (tenace.server.my_boards, docs/playing-online.md): a logged-in player's boards, newest first,
each with a working replay link; nobody else's; a club session's board with the pair's percentage once every
table has finished it; pages; 401 when not logged in; the seats held at a practice table recorded in the store
(revision 0005) and still there after a restart."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient

from tenace import Contract
from tenace.seats import Seat
from tenace.server import my_boards
from tenace.server.auth import Auth
from tenace.server.my_boards import result_text, side_score
from tenace.server.security import Passwords, Role

from .clients import PASSWORD
from .clients import hub as _hub
from .clients import login as _login
from .clients import wait as _until
from .test_club_results import _play_board, _wait
from .test_replay import _app, _play_out


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'boards.db'}"


def _accounts(client: TestClient) -> None:
    auth: Auth = client.app.state.auth  # type: ignore[attr-defined]
    auth.accounts.passwords = Passwords.fast_for_tests()
    for name, roles in (("ann", frozenset()), ("bob", frozenset()), ("dan", frozenset({Role.DIRECTOR})),
                        ("pat", frozenset())):
        if auth.accounts.user(name) is None:
            auth.accounts.register(name, PASSWORD, roles)


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    """A server whose practice tables admit no spectators: only their players open their replays."""
    with _app(db, allow_spectators=False) as c:
        _accounts(c)
        yield c


def _boards(client: TestClient, page: int = 1) -> dict[str, Any]:
    answer = client.get("/api/me/boards", params={"page": page})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _practice_board(client: TestClient, boards: int = 1) -> str:
    """The logged-in user creates a practice table of ``boards`` boards, sits South and plays the first
    against three robots."""
    answer = client.post("/api/tables", json={"humans": ["S"], "boards": boards})
    assert answer.status_code == 201, answer.text
    table_id: str = answer.json()["id"]
    _play_out(client, table_id, Seat.SOUTH)
    _until(lambda: _boards(client)["total"] >= 1, "the board stored as ended")
    return table_id


def test_a_board_played_at_a_practice_table_is_listed_with_its_result_and_replay(client: TestClient) -> None:
    _login(client, "ann")
    table_id = _practice_board(client)
    table = _hub(client).tables[table_id].table
    data = _boards(client)
    assert (data["page"], data["pages"], data["total"]) == (1, 1, 1)
    (row,) = data["boards"]
    assert row["table"] == table_id and row["position"] == 1 and row["kind"] == "practice"
    assert row["board"] == table.board.number and row["seat"] == "S" and row["session"] is None
    contract = table.contract
    if contract is None:
        assert row["contract"] is None and row["result"] is None and row["score"] == 0
    else:
        assert row["contract"] + row["declarer"] == str(contract)
        assert row["tricks"] == table.declarer_tricks
        assert row["result"] == result_text(contract, table.declarer_tricks)
        assert row["score_ns"] == table.score_ns() and row["score"] == side_score("S", table.score_ns())
    assert row["percentage"] is None and row["imps"] is None  # no field at a practice table
    assert row["replay"] == f"/replay/{table_id}/1"
    # the link opens the replay for him (no seat token: the store knows his seat), and not for another
    assert client.get(f"/api{row['replay']}").status_code == 200
    page = client.get("/me/boards?lang=en")
    link = f'<a href="/replay/{table_id}/1">Replay board {row["board"]}</a>'
    assert page.status_code == 200 and link in page.text
    assert "<th scope=\"col\">Contract</th>" in page.text
    _login(client, "bob")
    assert _boards(client) == {"page": 1, "pages": 1, "per_page": 50, "total": 0, "boards": []}
    assert client.get(f"/api{row['replay']}").status_code == 403
    assert 'id="no-boards"' in client.get("/me/boards").text


def test_not_logged_in_is_told_to_log_in_in_his_language(client: TestClient) -> None:
    _login(client, None)
    answer = client.get("/api/me/boards?lang=pl")
    assert answer.status_code == 401
    assert answer.json()["detail"] == my_boards.gettext_for("pl")(my_boards.LOG_IN_FIRST)
    assert answer.json()["detail"] != my_boards.LOG_IN_FIRST
    page = client.get("/me/boards?lang=sv")
    assert page.status_code == 401 and 'id="my-boards-refusal"' in page.text
    assert my_boards.gettext_for("sv")(my_boards.LOG_IN_FIRST) in page.text
    lobby = client.get("/").text
    assert 'id="my-boards-link"' not in lobby
    _login(client, "ann")
    assert 'id="my-boards-link" href="/me/boards"' in client.get("/").text


def test_the_boards_come_in_pages_newest_first(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    _login(client, "ann")
    user = client.app.state.auth.accounts.user("ann")  # type: ignore[attr-defined]
    answer = client.post("/api/tables", json={"humans": [], "boards": 3})  # robots play; ann is given seat W
    table_id = answer.json()["id"]
    _hub(client).live.hold_seat(table_id, "W", user.id)
    _until(lambda: _boards(client)["total"] == 3, "three boards ended")
    monkeypatch.setattr(my_boards, "PER_PAGE", 2)
    first, second = _boards(client, 1), _boards(client, 2)
    assert (first["pages"], first["total"], len(first["boards"]), len(second["boards"])) == (2, 3, 2, 1)
    assert [b["position"] for b in first["boards"] + second["boards"]] == [3, 2, 1]
    assert {b["seat"] for b in first["boards"]} == {"W"}
    dates = [b["date"] for b in first["boards"] + second["boards"]]
    assert dates == sorted(dates, reverse=True)
    page = client.get("/me/boards?page=2").text
    assert 'id="newer" rel="prev" href="/me/boards?page=1"' in page and 'id="older"' not in page
    assert "Page 2 of 2" in page
    assert _boards(client, 9)["boards"] == []


def test_the_seats_held_survive_a_restart(db: str) -> None:
    with _app(db, allow_spectators=False) as c:
        _accounts(c)
        _login(c, "ann")
        table_id = _practice_board(c, boards=2)  # the table stays open: restored on the next start
        before = _boards(c)
    with _app(db, allow_spectators=False) as again:
        _accounts(again)
        _login(again, "ann")
        assert _boards(again) == before
        assert again.get(f"/api/replay/{table_id}/1").status_code == 200
        holders = again.app.state.seat_holders  # type: ignore[attr-defined]
        user = again.app.state.auth.accounts.user("ann")  # type: ignore[attr-defined]
        assert user.id in holders.get(table_id, set())  # the spectator rules know him again


def test_a_club_session_board_shows_the_pairs_percentage_once_finished_everywhere(db: str) -> None:
    from tenace.server.actors import FallbackRobot
    from tenace.server.app import create_app
    from tenace.server.settings import Settings

    app = create_app(Settings(database_url=db, robot_samples=0), robots=FallbackRobot)
    with TestClient(app) as director:
        _accounts(director)
        _login(director, "dan")
        created = director.post("/club/sessions", json={
            "name": "Members", "movement": "howell", "tables": 2, "boards_per_round": 1, "start": True,
            "seats": {"2": ["robot", "user:PAT"]},
        }).json()
        session_id = created["id"]
        pat = TestClient(director.app)
        _login(pat, "pat")
        go = pat.get(f"/club/sessions/{session_id}/play", follow_redirects=False)
        location = urlparse(go.headers["location"])
        table_id, token = location.path.rsplit("/", 1)[1], parse_qs(location.query)["token"][0]
        assert _boards(pat)["total"] == 0  # nothing while his board is in play
        _play_board(director, table_id, token, random.Random(5))
        # round 1 is over once every table has ended its board; the session moves to round 2 a moment
        # later, so wait for both (checking the round at once raced with that step)
        _wait(director, session_id, lambda s: 1 in s["completed_rounds"] and s["round"] >= 2)
        data = _boards(pat)
        (row,) = data["boards"]
        assert row["kind"] == "club" and row["table"] == table_id and row["position"] == 1
        assert row["session"]["name"] == "Members" and row["session"]["round"] == 1
        slot = next(s for s in created["tables"] if s["table_id"] == table_id)
        assert row["seat"] == ("S" if slot["ns"] == "2" else "W")
        assert row["percentage"] in (0.0, 50.0, 100.0) and row["imps"] is None
        assert pat.get(f"/api{row['replay']}").status_code == 200
        page = pat.get("/me/boards").text
        assert f"{row['percentage']:.2f} %" in page and "Members, round 1, table" in page
        _login(pat, "bob")
        assert _boards(pat)["total"] == 0


def test_result_text_and_side_score() -> None:
    assert result_text(Contract.from_str("7NTS"), 13) == "="
    assert result_text(Contract.from_str("1CW"), 4) == "−3"
    assert side_score("W", -100) == 100 and side_score("S", -100) == -100
