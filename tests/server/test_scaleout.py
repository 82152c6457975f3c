"""Scale-out (docs/scale-out.md): two real server processes on one PostgreSQL database and one Redis, with
WebSocket clients connected to both, play one table to the end; and when the process that owns a table is
killed, the other takes the table over and it goes on.

Needs TENACE_TEST_POSTGRES_URL and TENACE_TEST_REDIS_URL (scripts/_system.sh sets both up); skipped without
them, failed in CI.
"""

from __future__ import annotations

import asyncio
import os
import random
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from server.liveservers import Player, ServerProcess, new_tables, stored_actions_missing
from tenace.store import Store

POSTGRES_URL = os.environ.get("TENACE_TEST_POSTGRES_URL")
REDIS_URL = os.environ.get("TENACE_TEST_REDIS_URL")


def _needs(name: str, value: str | None) -> str:
    if not value:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is not set in CI (scripts/_system.sh sets it up)")
        pytest.skip(f"{name} is not set")
    return value


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    """A fresh PostgreSQL schema, migrated once (so that the two processes do not race to migrate it)."""
    base = _needs("TENACE_TEST_POSTGRES_URL", POSTGRES_URL)
    _needs("TENACE_TEST_REDIS_URL", REDIS_URL)
    schema = f"scaleout_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    db = url.render_as_string(hide_password=False)
    Store.open(db).close()
    try:
        yield db
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def cluster(database: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    assert REDIS_URL is not None
    a = ServerProcess(database, REDIS_URL, lease_seconds=1.5, log=str(tmp_path / "a.log"))
    b = ServerProcess(database, REDIS_URL, lease_seconds=1.5, log=str(tmp_path / "b.log"))
    a.start()
    b.start()
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()


def _consecutive(views: list[tuple[int, int]]) -> bool:
    return all(later == (pos, seq + 1) for (pos, seq), later in zip(views, views[1:], strict=False))


def test_clients_on_two_processes_play_one_table_to_the_end_and_see_every_view_in_order(
    cluster: tuple[ServerProcess, ServerProcess], database: str
) -> None:
    a, b = cluster
    (table,) = new_tables(a, 1, humans=("N", "E", "S", "W"), boards=1)  # owned by A, which created it
    tokens, rng = table["tokens"], random.Random(5)
    players = {
        "N@A": Player(a.ws(table["id"], tokens["N"]), random.Random(rng.random())),
        "E@A": Player(a.ws(table["id"], tokens["E"]), random.Random(rng.random())),
        "S@B": Player(b.ws(table["id"], tokens["S"]), random.Random(rng.random())),
        "W@B": Player(b.ws(table["id"], tokens["W"]), random.Random(rng.random())),
        # North watches from B too, without acting: what B shows him must be what A shows him
        "N@B": Player(b.ws(table["id"], tokens["N"]), act=False),
    }

    async def play() -> None:
        await asyncio.wait_for(asyncio.gather(*(p.play() for p in players.values())), timeout=90)

    asyncio.run(play())

    for name, player in players.items():
        assert player.ended, name
        assert player.errors == [], name
        assert _consecutive(player.views), f"{name} missed or reordered views: {player.views}"
    acted_on_b = len(players["S@B"].acked) + len(players["W@B"].acked)
    assert acted_on_b > 0  # forwarded from B to the owner, and acknowledged back through B
    last = {name: p.views[-1] for name, p in players.items()}
    assert len(set(last.values())) == 1, last  # everyone saw the same last seq
    # North's views from the two processes are the same views, seq by seq
    north_a = {m["seq"]: m["view"] for m in players["N@A"].messages}
    north_b = {m["seq"]: m["view"] for m in players["N@B"].messages}
    common = sorted(set(north_a) & set(north_b))
    assert common and common[-1] == last["N@A"][1]
    assert all(north_a[s] == north_b[s] for s in common)
    # every acknowledged action is stored at its seq, and the store holds exactly the seqs seen
    acked = [x for p in players.values() for x in p.acked]
    assert stored_actions_missing(database, {table["id"]: acked}) == []
    assert sorted(seq for _, seq, _ in acked) == list(range(1, last["N@A"][1] + 1))
    for server in (a, b):
        summary = httpx.get(f"{server.http}/api/tables/{table['id']}").json()
        assert summary["phase"] == "ended" and summary["seq"] == last["N@A"][1]


def test_the_other_process_takes_over_a_table_whose_owner_is_killed(
    cluster: tuple[ServerProcess, ServerProcess], database: str
) -> None:
    a, b = cluster
    tables = new_tables(a, 3, humans=("S",), boards=1)  # three robots each, all owned by A
    rng = random.Random(11)
    players = [Player(b.ws(t["id"], t["tokens"]["S"]), random.Random(rng.random()), think=0.05)
               for t in tables]

    at_kill: dict[str, int] = {}

    async def play() -> None:
        tasks = [asyncio.create_task(p.play()) for p in players]
        async with asyncio.timeout(60):  # the tables are under way, played through B
            while sum(len(p.acked) for p in players) < 6 and not _stopped(tasks):
                await asyncio.sleep(0.02)
        a.kill()
        at_kill.update(acked=sum(len(p.acked) for p in players), ended=sum(p.ended for p in players))
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=90)

    asyncio.run(play())

    assert at_kill["ended"] < len(tables)  # some table was still playing when its owner died
    assert all(p.ended for p in players)
    acked = {t["id"]: p.acked for t, p in zip(tables, players, strict=True)}
    assert sum(len(x) for x in acked.values()) > at_kill["acked"]  # actions acknowledged after the take-over
    assert stored_actions_missing(database, acked) == []
    for table in tables:
        summary = httpx.get(f"{b.http}/api/tables/{table['id']}").json()
        assert summary["phase"] == "ended"


def _stopped(tasks: list[asyncio.Task[None]]) -> bool:
    """Every player is done, or one has failed (its exception is raised where its task is awaited)."""
    return all(t.done() for t in tasks) or any(t.done() and not t.cancelled() and t.exception() is not None
                                               for t in tasks)
