"""Spectators at the server's tables (issue 5: "a spectator sees a board only as the event allows ... never at
his own table"): the WebSocket and ``GET /api/tables/{id}`` of a club session's table apply
tenace.server.security.spectator_refusal to the session's state, a refused spectator gets an ``error``
``forbidden`` and the close code 4403, and a spectator whom the rules refuse after the watched table's board
changes stops getting views.

The club session is a 2-table Howell of 1 board a round (tenace.tournament.movements.howell: board 1 at
table 1, pairs 4 and 1, and at table 2, pairs 2 and 3): ann (a registered user) sits East for pair 1 with a
robot partner, so table 1 waits for her; robots play everything else.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from tenace.laws.table import Phase
from tenace.seats import Seat
from tenace.server.actors import Connection, FallbackRobot
from tenace.server.app import FORBIDDEN_CLOSE_CODE, SpectatorConnection, create_app
from tenace.server.auth import Auth
from tenace.server.protocol import Action, legal_for
from tenace.server.security import (
    EventState,
    Passwords,
    Role,
    SpectatorPolicy,
    User,
    WatchedTable,
    spectator_may_see,
    spectator_refusal,
)
from tenace.server.settings import Settings
from tenace.tournament.movements import howell

from .clients import PASSWORD
from .clients import ended as _ended
from .clients import hub as _hub
from .clients import login as _login
from .clients import wait as _wait


def _app(db: str, **settings: Any) -> TestClient:
    app = create_app(Settings(database_url=db, robot_samples=0, **settings), robots=FallbackRobot)
    return TestClient(app)


def _register(client: TestClient) -> None:
    auth: Auth = client.app.state.auth  # type: ignore[attr-defined]
    auth.accounts.passwords = Passwords.fast_for_tests()
    auth.accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
    auth.accounts.register("olga", PASSWORD, frozenset({Role.ORGANISER}))
    auth.accounts.register("ann", PASSWORD)  # player and spectator, as by self-registration
    auth.accounts.register("carl", PASSWORD, frozenset({Role.SPECTATOR}))
    auth.accounts.register("bob", PASSWORD)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'spectators.db'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with _app(db) as c:
        _register(c)
        yield c


def _session(client: TestClient, policy_players: dict[str, list[str]] | None = None) -> dict[str, Any]:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Spectators", "movement": "howell", "tables": 2, "boards_per_round": 1, "start": True,
        "auto_advance": False,
        "seats": policy_players if policy_players is not None else {"1": ["user:ann", "robot"]},
    })
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def _tables(client: TestClient, session_id: str) -> dict[int, dict[str, Any]]:
    state = client.get(f"/club/sessions/{session_id}/state").json()
    return {t["table"]: t for t in state["tables"]}


def _watch(client: TestClient, table_id: str) -> tuple[str, Any]:
    """What a WebSocket without a seat token is answered: ``("view", message)`` when admitted, or
    ``("refused", (error message, close code))``."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        first = ws.receive_json()
        if first["type"] == "view":
            return "view", first
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        return "refused", (first, closed.value.code)


def _play_out(client: TestClient, table_id: str, seat: Seat, timeout: float = 30.0) -> None:
    """Play ``seat`` of a live table to the end of its board (lawful calls and cards of the placeholder
    robot, submitted to the table's actor as the seat's own actions)."""
    hub = _hub(client)
    portal = client.portal
    assert portal is not None
    deadline = time.monotonic() + timeout
    while True:
        actor = hub.tables[table_id]
        table = actor.table
        if table.score_ns() is not None:
            return
        assert time.monotonic() < deadline, f"the board at {table_id} did not end: {table.phase}"
        pending = table.pending
        ours = (bool(legal_for(table, seat)) or (pending is not None and pending.actor is seat)
                or (table.phase is Phase.CLAIM and table.turn is seat))
        if ours:
            seq = len(table.record)
            event = portal.call(FallbackRobot(seat).act, table.view(seat))
            if event is not None:
                portal.call(actor.submit, seat, event)
                _wait(lambda a=actor, s=seq: len(a.table.record) != s or a.table.score_ns() is not None,
                      "the action to be applied", 10)
                continue
        time.sleep(0.01)


# ------------------------------------------------------------------------------------------- club tables


def test_a_player_of_the_session_may_not_watch_another_table_playing_a_board_he_has_not_played(
    client: TestClient,
) -> None:
    created = _session(client)
    tables = _tables(client, created["id"])
    assert tables[1]["board"] == tables[2]["board"] == 1 and {tables[1]["ns"], tables[1]["ew"]} == {"4", "1"}
    _login(client, "ann")
    kind, (error, code) = _watch(client, tables[2]["table_id"])
    assert kind == "refused" and code == FORBIDDEN_CLOSE_CODE == 4403
    assert error["type"] == "error" and error["code"] == "forbidden"
    assert "you play board 1" in error["message"] and "every table finished" in error["message"]
    # nor at her own table, where she plays from her seat only
    kind, (error, code) = _watch(client, tables[1]["table_id"])
    assert kind == "refused" and code == 4403 and "you play at this table" in error["message"]
    # the table's summary tells her nothing either
    answer = client.get(f"/api/tables/{tables[2]['table_id']}")
    assert answer.status_code == 403 and "you play board 1" in answer.json()["detail"]


def test_an_onlooker_waits_until_the_board_is_finished_at_every_table_and_a_guest_is_refused(
    client: TestClient,
) -> None:
    created = _session(client)
    tables = _tables(client, created["id"])
    robots_only, anns = tables[2]["table_id"], tables[1]["table_id"]
    _wait(lambda: _ended(client, robots_only), "the robots' table to finish board 1")
    assert not _ended(client, anns)  # ann has not played
    _login(client, "carl")
    kind, (error, code) = _watch(client, robots_only)  # finished there, but not at ann's table
    assert kind == "refused" and code == 4403
    assert error["message"] == ("board 1 is shown only once it is finished at every table that plays it (the "
                                "event's spectator policy)")
    assert client.get(f"/api/tables/{robots_only}").status_code == 403
    _login(client, None)
    kind, (error, code) = _watch(client, robots_only)
    assert kind == "refused" and code == 4403 and "log in" in error["message"]


def test_after_the_board_is_finished_at_every_table_its_players_and_onlookers_are_admitted(
    client: TestClient,
) -> None:
    created = _session(client)
    tables = _tables(client, created["id"])
    robots_only, anns = tables[2]["table_id"], tables[1]["table_id"]
    _wait(lambda: _ended(client, robots_only), "the robots' table to finish board 1")
    _play_out(client, anns, Seat.EAST)  # ann (pair 1 sits East-West at table 1) plays board 1 to its end
    _login(client, "ann")
    kind, view = _watch(client, robots_only)
    assert kind == "view" and view["view"]["board"] == 1 and view["view"]["viewer"] is None
    kind, (error, _) = _watch(client, anns)  # still never her own table
    assert kind == "refused" and "you play at this table" in error["message"]
    _login(client, "carl")
    for table_id in (robots_only, anns):
        kind, view = _watch(client, table_id)
        assert kind == "view" and view["view"]["viewer"] is None
        summary = client.get(f"/api/tables/{table_id}")
        assert summary.status_code == 200 and summary.json()["phase"] == Phase.ENDED.value


def test_the_director_and_the_organiser_watch_every_table_at_any_time(client: TestClient) -> None:
    created = _session(client)
    tables = _tables(client, created["id"])
    _login(client, "dan")
    for entry in tables.values():
        kind, view = _watch(client, entry["table_id"])
        assert kind == "view" and view["view"]["viewer"] == "Director"
        assert len(view["view"]["hands"]) == 4  # the Director sees every hand
        assert client.get(f"/api/tables/{entry['table_id']}").status_code == 200
    _login(client, "olga")
    kind, view = _watch(client, tables[1]["table_id"])
    assert kind == "view" and view["view"]["viewer"] is None  # the spectator's view, never more


def test_a_live_policy_lets_onlookers_watch_at_once_but_not_the_sessions_players(db: str) -> None:
    with _app(db, spectator_policy=SpectatorPolicy.LIVE) as client:
        _register(client)
        created = _session(client)
        tables = _tables(client, created["id"])
        _login(client, "carl")
        kind, view = _watch(client, tables[1]["table_id"])
        assert kind == "view" and view["view"]["viewer"] is None
        _login(client, "ann")
        kind, (error, _) = _watch(client, tables[2]["table_id"])
        assert kind == "refused" and "you play board 1" in error["message"]


def test_a_closed_policy_admits_only_the_director(db: str) -> None:
    with _app(db, spectator_policy=SpectatorPolicy.CLOSED) as client:
        _register(client)
        created = _session(client, {})  # robots everywhere: the boards finish
        tables = _tables(client, created["id"])
        for entry in tables.values():
            _wait(lambda t=entry["table_id"]: _ended(client, t), "the robots' tables to finish")
        _login(client, "carl")
        kind, (error, _) = _watch(client, tables[1]["table_id"])
        assert kind == "refused" and "no spectators" in error["message"]
        _login(client, "dan")
        assert _watch(client, tables[1]["table_id"])[0] == "view"


def test_the_session_state_names_every_table_of_the_movement_that_plays_a_board(client: TestClient) -> None:
    """ClubManager.spectator_state against the movement itself: board b is played at every table of its
    round, and ann's pair 1 plays every board of this Howell."""
    created = _session(client)
    tables = _tables(client, created["id"])
    manager = client.app.state.club  # type: ignore[attr-defined]
    portal = client.portal
    assert portal is not None
    found = portal.call(manager.spectator_state, tables[2]["table_id"])
    assert found is not None
    watched, state = found
    auth: Auth = client.app.state.auth  # type: ignore[attr-defined]
    ann = auth.accounts.user("ann")
    assert ann is not None
    movement = howell(2, boards_per_round=1)
    expected = {b: sum(1 for s in movement.seatings if b in s.boards) for b in movement.boards}
    assert {b: len(t) for b, t in state.tables_of_board.items()} == expected
    assert state.boards_of_player == {ann.id: frozenset(movement.boards)}
    assert watched.board == 1 and watched.players == frozenset()  # robots only at table 2
    assert portal.call(manager.spectator_state, "no-such-table") is None


# ------------------------------------------------------------------------------------------ practice tables


def _practice(client: TestClient, humans: list[str], boards: int | None = None) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"humans": humans, "boards": boards})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def test_at_a_practice_table_users_watch_but_not_one_who_holds_a_seat_there_nor_a_visitor(
        client: TestClient) -> None:
    _login(client, "bob")
    table = _practice(client, ["S"])  # bob created it: he was given South's token
    kind, (error, code) = _watch(client, table["id"])
    assert kind == "refused" and code == 4403 and "you hold a seat at this table" in error["message"]
    _login(client, "carl")
    kind, view = _watch(client, table["id"])
    assert kind == "view" and view["view"]["viewer"] is None
    # bob drops his cookie: as a visitor he could hear his partner's explanations (Law 16), so no visitor
    # watches a table where someone plays
    _login(client, None)
    kind, (error, code) = _watch(client, table["id"])
    assert kind == "refused" and code == 4403 and "log in to watch" in error["message"]


def test_a_visitor_watches_a_table_of_four_robots_or_any_table_where_guests_may_watch(db: str) -> None:
    with _app(db, anonymous_tables=True) as client:
        _register(client)
        _login(client, None)
        robots_only = _practice(client, [])
        kind, view = _watch(client, robots_only["id"])
        assert kind == "view" and view["view"]["viewer"] is None
        played = _practice(client, ["N"])
        assert _watch(client, played["id"])[0] == "refused"
    with _app(db, anonymous_tables=True, guests_may_watch=True) as client:
        _login(client, None)
        assert _watch(client, played["id"])[0] == "view"


def test_a_spectator_who_takes_a_seat_is_cut_off_as_a_spectator_when_the_board_changes(db: str) -> None:
    with _app(db, anonymous_tables=True) as client:
        _register(client)
        _login(client, None)
        table = _practice(client, ["S"], boards=2)
        _login(client, "bob")
        with client.websocket_connect(f"/ws/tables/{table['id']}") as spectator:
            assert spectator.receive_json()["type"] == "view"  # admitted: he holds no seat yet
            with client.websocket_connect(f"/ws/tables/{table['id']}?token={table['tokens']['S']}") as seat:
                assert seat.receive_json()["view"]["viewer"] == "S"  # now bob holds South
                _play_out(client, table["id"], Seat.SOUTH)
                actor = _hub(client).tables[table["id"]]
                portal = client.portal
                assert portal is not None
                portal.call(actor.submit, Seat.SOUTH, Action("next-board"))
                _wait(lambda: actor.position == 2, "the next board")
            boards = set()
            while True:  # until the refusal, or a view of the new board (which must not come)
                message = spectator.receive_json()
                if message["type"] == "error":
                    break
                boards.add(message["view"]["board"])
                if message["view"]["board"] != 1:
                    break
            assert boards == {1}  # no view of board 2 reached him
            assert message["code"] == "forbidden" and "you hold a seat" in message["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                spectator.receive_json()
            assert closed.value.code == 4403


# ------------------------------------------------------------------------------------ the connection itself


def _view(position: int, board: int, seq: int) -> dict[str, Any]:
    return {"type": "view", "position": position, "seq": seq, "view": {"board": board}}


def _drain(connection: Connection) -> list[dict[str, Any] | None]:
    out = []
    while not connection.outbox.empty():
        out.append(connection.outbox.get_nowait())
    return out


def test_a_spectator_connection_holds_a_new_boards_views_until_the_rules_are_checked_again() -> None:
    async def scenario() -> tuple[list[Any], list[Any], int]:
        gate = asyncio.Event()
        checks = []

        async def recheck() -> str | None:
            checks.append(1)
            await gate.wait()
            return None

        connection = SpectatorConnection("en", recheck, (1, 1))
        connection.send(_view(1, 1, 3))
        connection.send(_view(2, 2, 0))  # the next board: held
        connection.send(_view(2, 2, 1))
        before = _drain(connection)
        gate.set()
        await asyncio.sleep(0.01)
        return before, _drain(connection), len(checks)

    before, after, checks = asyncio.run(scenario())
    assert [m["seq"] for m in before if m is not None] == [3]
    assert [(m["view"]["board"], m["seq"]) for m in after if m is not None] == [(2, 0), (2, 1)]
    assert checks == 1


def test_a_spectator_connection_refused_on_the_new_board_gets_forbidden_and_no_view_of_it() -> None:
    async def scenario() -> tuple[list[Any], SpectatorConnection]:
        async def recheck() -> str | None:
            return "not this board"

        connection = SpectatorConnection("en", recheck, (1, 1))
        connection.send(_view(1, 1, 5))
        connection.send(_view(2, 2, 0))
        await asyncio.sleep(0.01)
        connection.send(_view(2, 2, 1))  # after the refusal: dropped
        return _drain(connection), connection

    sent, connection = asyncio.run(scenario())
    assert sent[0] is not None and sent[0]["type"] == "view" and sent[0]["view"]["board"] == 1
    assert sent[1] is not None and sent[1]["type"] == "error" and sent[1]["code"] == "forbidden"
    assert sent[1]["message"] == "not this board"
    assert sent[2:] == [None]  # closed: the writer ends the WebSocket
    assert connection.closed and connection.close_code == 4403


def test_a_spectator_connection_whose_check_takes_too_long_is_closed_when_its_backlog_fills() -> None:
    async def scenario() -> tuple[list[Any], bool]:
        never = asyncio.Event()

        async def recheck() -> str | None:
            await never.wait()
            return None

        connection = SpectatorConnection("en", recheck, (1, 1))
        connection.backlog = 3
        for seq in range(5):
            connection.send(_view(2, 2, seq))
        await asyncio.sleep(0)
        closed = connection.closed
        for task in [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]:
            task.cancel()
        return _drain(connection), closed

    sent, closed = asyncio.run(scenario())
    assert closed and sent == [None]  # nothing of the unchecked board, and the writer ends the WebSocket


# ------------------------------------------------------------------------------------ the rules as properties

_users = st.builds(
    User, st.integers(1, 6), st.just("u"),
    st.frozensets(st.sampled_from(list(Role)), max_size=3),
)
_states = st.builds(
    EventState,
    st.sampled_from(list(SpectatorPolicy)),
    st.dictionaries(st.integers(1, 4), st.frozensets(st.sampled_from("abc"), min_size=1), max_size=4),
    st.frozensets(st.tuples(st.sampled_from("abc"), st.integers(1, 4)), max_size=12),
    st.dictionaries(st.integers(1, 6), st.frozensets(st.integers(1, 4), max_size=4), max_size=6),
    st.booleans(),
)
_watched = st.builds(WatchedTable, st.sampled_from("abc"), st.integers(1, 4),
                    st.frozensets(st.integers(1, 6), max_size=4))


@settings(max_examples=300, deadline=None)
@given(st.none() | _users, _watched, _states)
def test_the_refusal_and_the_decision_agree_and_keep_the_laws_of_watching(
    user: User | None, table: WatchedTable, state: EventState,
) -> None:
    reason = spectator_refusal(user, table, state)
    assert (reason is None) == spectator_may_see(user, table, state)
    official = user is not None and user.has(Role.DIRECTOR, Role.ORGANISER)
    if official:
        assert reason is None  # Law 76A1: the Director controls and may watch every table
        return
    if user is not None and user.id in table.players:
        assert reason is not None and "this table" in reason  # never his own table
    if user is not None and table.board in state.boards_of_player.get(user.id, frozenset()):
        if not state.finished_everywhere(table.board):
            assert reason is not None  # not before the board is finished at every table, whatever the policy
    if state.policy is SpectatorPolicy.CLOSED:
        assert reason is not None
    if user is None and not state.guests_may_watch:
        assert reason is not None
    if reason is None and state.policy is not SpectatorPolicy.LIVE:
        assert state.finished_everywhere(table.board)
