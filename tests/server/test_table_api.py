"""The table API of tenace serve (tenace.server.app): who may create a table (``POST /api/tables`` needs a
logged-in user and passes the CSRF check, unless Settings.anonymous_tables; the lobby's form refuses pages of
other sites), what ``GET /api/tables/{id}`` shows of a practice table, and the expiry of practice tables
nobody touches (club tables never expire)."""

from __future__ import annotations

import datetime as dt
import gc
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, insert, update

from tenace.server.actors import FallbackRobot, Hub
from tenace.server.app import GC_THRESHOLDS, TableActivity, create_app, expire_idle_tables
from tenace.server.auth import Auth
from tenace.server.persistence import LiveEventRow, LiveStore, LiveTableRow
from tenace.server.security import Passwords, Role
from tenace.server.settings import Settings

PASSWORD = "correct horse battery"


def _client(db: str, **settings: Any) -> TestClient:
    app = create_app(Settings(database_url=db, robot_samples=0, **settings), robots=FallbackRobot)
    return TestClient(app)


def _setup(client: TestClient) -> None:
    auth: Auth = client.app.state.auth  # type: ignore[attr-defined]
    auth.accounts.passwords = Passwords.fast_for_tests()
    auth.accounts.register("ann", PASSWORD)
    auth.accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))


def _login(client: TestClient, username: str) -> None:
    answer = client.post("/auth/login", json={"username": username, "password": PASSWORD})
    assert answer.status_code == 200, answer.text


def _hub(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with _client(db) as c:
        _setup(c)
        yield c


# ------------------------------------------------------------------------------------------ creating tables


def test_an_anonymous_caller_cannot_create_a_table_through_the_api_by_default(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"humans": ["S"]})
    assert answer.status_code == 401 and "log in" in answer.json()["detail"]
    assert _hub(client).tables == {}


def test_a_logged_in_user_creates_a_table_and_gets_its_seat_tokens(client: TestClient) -> None:
    _login(client, "ann")
    answer = client.post("/api/tables", json={"humans": ["N", "S"]})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert sorted(created["tokens"]) == ["N", "S"] and created["id"] in _hub(client).tables


def test_the_server_moves_what_it_keeps_for_life_out_of_the_collectors_reach(db: str) -> None:
    """After start-up the modules, the app and the restored tables are frozen (gc.freeze), so that a full
    collection does not walk them again and stall every table (docs/server.md, "Speed")."""
    gc.unfreeze()
    thresholds = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's defaults (an app made by an earlier test may have changed them)
    assert gc.get_freeze_count() == 0
    try:
        with _client(db):
            assert gc.get_freeze_count() > 10_000
            assert gc.get_threshold() == GC_THRESHOLDS  # young collections far less often
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_health_counts_the_tables_and_the_commits_of_their_events(client: TestClient) -> None:
    """``/api/health``: the tables this process holds, and the events its group commit has written (four
    robots' tables play on their own, so events are written without any client)."""
    before = client.get("/api/health").json()
    assert before["status"] == "ok" and before["tables"] == 0 and before["writes"]["events"] == 0
    _login(client, "ann")
    assert client.post("/api/tables", json={"humans": [], "boards": 1}).status_code == 201
    deadline = time.monotonic() + 20
    while (writes := client.get("/api/health").json()["writes"])["events"] < 10:
        assert time.monotonic() < deadline, writes
        time.sleep(0.05)
    health = client.get("/api/health").json()
    assert health["tables"] == 1
    assert 1 <= writes["commits"] <= writes["events"]
    assert 0 < writes["commit_ms_p50"] <= writes["commit_ms_p99"]


def test_a_table_request_from_another_sites_page_or_a_form_without_the_csrf_token_is_refused(
    client: TestClient,
) -> None:
    _login(client, "ann")
    foreign = client.post("/api/tables", json={"humans": ["S"]}, headers={"Origin": "https://evil.example"})
    assert foreign.status_code == 403 and "evil.example" in foreign.json()["detail"]
    form = client.post("/api/tables", data={"humans": "S"})  # a cross-site form would look like this
    assert form.status_code == 403 and "CSRF" in form.json()["detail"]
    same_site = client.post("/api/tables", json={"humans": ["S"]}, headers={"Origin": "http://testserver"})
    assert same_site.status_code == 201
    assert len(_hub(client).tables) == 1


def test_the_setting_allows_anonymous_tables_for_scripts(db: str) -> None:
    with _client(db, anonymous_tables=True) as client:
        answer = client.post("/api/tables", json={"humans": ["S"]})
        assert answer.status_code == 201, answer.text
        assert Settings.from_env({"TENACE_ANONYMOUS_TABLES": "true"}).anonymous_tables


def test_the_lobby_starts_a_table_for_a_visitor_but_not_for_a_page_of_another_site(
    client: TestClient,
) -> None:
    form = {"csrf_token": re.findall(r'name="csrf_token" value="([^"]+)"', client.get("/").text)[0]}
    answer = client.post("/lobby/solo", data=form, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"].startswith("/tables/")
    assert len(_hub(client).tables) == 1
    foreign = client.post("/lobby/solo", data=form, headers={"Origin": "https://evil.example"},
                          follow_redirects=False)
    assert foreign.status_code == 403
    fetched = client.post("/lobby/solo", data=form, headers={"Sec-Fetch-Site": "cross-site"},
                          follow_redirects=False)
    assert fetched.status_code == 403
    headers = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    same = client.post("/lobby/solo", data=form, headers=headers, follow_redirects=False)
    assert same.status_code == 303
    assert len(_hub(client).tables) == 2


def test_a_practice_tables_summary_is_open_to_anyone_with_its_scores(client: TestClient) -> None:
    _login(client, "ann")
    table = client.post("/api/tables", json={"humans": ["S"]}).json()
    client.cookies.clear()
    summary = client.get(f"/api/tables/{table['id']}")
    assert summary.status_code == 200
    body = summary.json()
    assert body["seats"] == {"N": "robot", "E": "robot", "S": "human", "W": "robot"} and body["scores"] == {}
    assert client.get("/api/tables/nothing-here").status_code == 404


# ------------------------------------------------------------------------------------------------- expiry


def test_expire_idle_tables_closes_only_practice_tables_untouched_for_the_timeout(client: TestClient) -> None:
    """The periodic look with explicit times: a practice table first seen at 0 is closed at 10 (not at 5),
    one with a connection stays, a club table stays; the closed one is no longer among the stored open
    tables, so a restart does not restore it."""
    _login(client, "ann")
    idle = client.post("/api/tables", json={"humans": ["S"]}).json()["id"]
    watched = client.post("/api/tables", json={"humans": ["S"]}).json()["id"]
    _login(client, "dan")
    session = client.post("/club/sessions", json={"movement": "howell", "tables": 2, "boards_per_round": 1,
                                                  "seats": {"1": ["user:ann", "robot"]}, "start": True,
                                                  "auto_advance": False}).json()
    club_tables = [t["table_id"] for t in session["tables"]]
    hub = _hub(client)
    portal = client.portal
    assert portal is not None
    activity: TableActivity = client.app.state.activity  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{watched}") as ws:
        assert ws.receive_json()["type"] == "view"
        for table_id in club_tables:  # the club tables' robots go quiet once ann is on turn (or the end)
            portal.call(hub.wait_idle, table_id)
        assert portal.call(expire_idle_tables, hub, activity, 10.0, 0.0) == []
        assert portal.call(expire_idle_tables, hub, activity, 10.0, 5.0) == []
        assert portal.call(expire_idle_tables, hub, activity, 10.0, 10.0) == [idle]
    assert idle not in hub.tables and activity.expired == {idle}
    assert watched in hub.tables and all(t in hub.tables for t in club_tables)
    live: LiveStore = hub.live
    open_ids = {t.id for t in live.load_open()}
    assert idle not in open_ids and watched in open_ids
    assert client.get(f"/api/tables/{idle}").status_code == 404
    with client.websocket_connect(f"/ws/tables/{idle}") as ws:
        assert ws.receive_json()["code"] == "not-found"


def test_the_periodic_task_expires_an_idle_practice_table_with_a_tiny_timeout(db: str) -> None:
    with _client(db, anonymous_tables=True, table_expiry=0.2, expiry_interval=0.05) as client:
        table = client.post("/api/tables", json={"humans": ["S"]}).json()["id"]
        deadline = time.monotonic() + 10
        while table in _hub(client).tables:
            assert time.monotonic() < deadline, "the idle table was not closed"
            time.sleep(0.05)
        assert client.get(f"/api/tables/{table}").status_code == 404
    with _client(db, anonymous_tables=True) as restarted:
        assert table not in _hub(restarted).tables  # not restored on start


def test_no_expiry_when_the_timeout_is_zero(db: str) -> None:
    with _client(db, anonymous_tables=True, table_expiry=0.0, expiry_interval=0.05) as client:
        table = client.post("/api/tables", json={"humans": ["S"]}).json()["id"]
        time.sleep(0.3)
        assert table in _hub(client).tables


# ------------------------------------------------------------------------------------- lazy restore at start


def _idle(client: TestClient, table_id: str) -> None:
    """Wait until the robots have called up to South's turn (the dealer of board 1 is North)."""
    portal = client.portal
    assert portal is not None
    portal.call(_hub(client).wait_idle, table_id)


def _age(db: str, table_id: str, seconds: float) -> None:
    """Make the stored table look untouched for ``seconds``: its creation and every event moved back."""
    back = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=seconds)
    engine = create_engine(db)
    with engine.begin() as connection:
        connection.execute(update(LiveTableRow).where(LiveTableRow.id == table_id).values(created_at=back))
        connection.execute(update(LiveEventRow).where(LiveEventRow.table_id == table_id).values(at=back))
    engine.dispose()


def test_a_start_rebuilds_recent_tables_leaves_idle_ones_for_their_first_visit_and_closes_stale_ones(
        db: str) -> None:
    with _client(db, anonymous_tables=True, table_expiry=0.0) as client:
        tables = [client.post("/api/tables", json={"humans": ["S"]}).json()["id"] for _ in range(3)]
        for table in tables:
            _idle(client, table)
    recent, idle, stale = tables
    _age(db, idle, 2 * 3600)  # older than restore_recent (an hour), younger than the expiry (a day)
    _age(db, stale, 3 * 24 * 3600)
    with _client(db, anonymous_tables=True) as restarted:
        hub = _hub(restarted)
        assert recent in hub.tables and idle not in hub.tables and stale not in hub.tables
        assert hub.live.load(stale).closed and not hub.live.load(idle).closed
        assert {t for t, _, _ in hub.live.open_activity()} == {recent, idle}
        before = hub.live.load(idle)
        answer = restarted.get(f"/api/tables/{idle}")  # its first visit rebuilds it, as it was
        assert answer.status_code == 200 and idle in hub.tables
        assert answer.json()["seq"] == len(before.boards[-1].events)
    with _client(db, anonymous_tables=True, restore_recent=-1.0) as everything:
        assert {recent, idle} <= set(_hub(everything).tables) and stale not in _hub(everything).tables


def test_open_activity_is_the_last_event_or_else_the_creation(db: str) -> None:
    with _client(db, anonymous_tables=True) as client:
        table = client.post("/api/tables", json={"humans": ["S"]}).json()["id"]
        _idle(client, table)
        assert _hub(client).live.load(table).boards[-1].events  # the robots called before South
    _age(db, table, 600)
    engine = create_engine(db)
    long_ago = dt.datetime.now(dt.UTC) - dt.timedelta(days=9)
    with engine.begin() as connection:  # created long before its last event
        connection.execute(update(LiveTableRow).values(created_at=long_ago))
        connection.execute(insert(LiveTableRow).values(
            id="empty", created_at=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=300), policy="online",
            seats="{}", closed=False))
    engine.dispose()
    with _client(db, anonymous_tables=True, restore_recent=0.0) as client:
        found = {t: (club, at) for t, club, at in _hub(client).live.open_activity()}
    now = dt.datetime.now(dt.UTC)
    assert set(found) == {table, "empty"} and not found[table][0]
    assert 590 < (now - found[table][1]).total_seconds() < 700  # the last event, not the creation
    assert 290 < (now - found["empty"][1]).total_seconds() < 400  # no event: the creation
