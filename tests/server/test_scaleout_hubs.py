"""Two cluster hubs in one process (docs/scale-out.md), on one SQLite file and the test Redis: a follower
forwards its client's action to the owner and gets the ack and the view back; an owner whose lease is
taken stops acting for the table and the new holder goes on. Skipped without TENACE_TEST_REDIS_URL."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from tenace.laws.events import CallMade
from tenace.laws.log import event_from_json
from tenace.seats import Seat
from tenace.server.actors import Connection
from tenace.server.persistence import LiveStore
from tenace.server.protocol import parse_action
from tenace.server.scaleout import ClusterActor, ClusterHub, lease_key
from tenace.store import Store

REDIS_URL = os.environ.get("TENACE_TEST_REDIS_URL")
SOUTH = Seat("S")


@asynccontextmanager
async def hubs(tmp_path: Path) -> AsyncIterator[tuple[ClusterHub, ClusterHub]]:
    from redis.asyncio import Redis

    if not REDIS_URL:
        if os.environ.get("CI"):
            pytest.fail("TENACE_TEST_REDIS_URL is not set in CI (scripts/_system.sh sets it up)")
        pytest.skip("TENACE_TEST_REDIS_URL is not set")
    store = Store.open(f"sqlite:///{tmp_path / 'hubs.db'}")
    live = LiveStore(store.engine)
    a = ClusterHub(live, redis=Redis.from_url(REDIS_URL, decode_responses=True), lease_seconds=0.6)
    b = ClusterHub(live, redis=Redis.from_url(REDIS_URL, decode_responses=True), lease_seconds=0.6)
    await a.start()
    await b.start()
    try:
        yield a, b
    finally:
        await a.close()
        await b.close()
        store.close()


async def _next(connection: Connection, kind: str) -> dict[str, Any]:
    async with asyncio.timeout(10):
        while True:
            message = await connection.outbox.get()
            assert message is not None
            if message["type"] == kind:
                return message


async def _call(hub: ClusterHub, table_id: str, connection: Connection, ref: str) -> dict[str, Any]:
    actor = await hub.get(table_id)
    assert actor is not None and actor.table.turn is SOUTH
    await actor.submit(SOUTH, parse_action({"v": 1, "id": ref, "type": "call", "call": "P"}), connection)
    return await _next(connection, "ack")


def test_a_follower_forwards_its_clients_action_and_passes_on_the_ack_and_new_view(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hubs(tmp_path) as (a, b):
            from tenace import Board, Deal

            deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
            # board 3: South deals (Law 2); four humans, so nobody acts but the test
            created = await a.create_table({SOUTH, Seat("N"), Seat("E"), Seat("W")}, Board(3, deal))
            follower = await b.get(created.id)
            assert isinstance(follower, ClusterActor) and not follower.owner
            owner = a.tables[created.id]
            south = Connection(SOUTH)
            follower.join(south)
            first = await _next(south, "view")
            assert first["seq"] == 0
            ack = await _call(b, created.id, south, "r1")
            assert ack == {"v": 1, "type": "ack", "ref": "r1", "seq": 1}
            view = await _next(south, "view")
            assert view["seq"] == 1 and view["view"]["calls"][0]["call"] == "P"
            assert len(owner.table.record) == 1 and len(follower.table.record) == 1
            (stored,) = b.live.events(created.id, 1)
            assert event_from_json(stored) == owner.table.record[0]
            assert isinstance(owner.table.record[0], CallMade) and owner.table.record[0].seat is SOUTH

    asyncio.run(scenario())


def test_an_owner_whose_lease_is_taken_stops_and_the_new_holder_plays_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hubs(tmp_path) as (a, b):
            from tenace import Board, Deal

            deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
            created = await a.create_table({SOUTH, Seat("N"), Seat("E"), Seat("W")}, Board(3, deal))
            follower = await b.get(created.id)
            assert isinstance(follower, ClusterActor)
            await b.redis.set(lease_key(created.id), b.process_id, px=5000)  # B takes the lease
            async with asyncio.timeout(5):
                while a.tables[created.id].owner or not follower.owner:  # type: ignore[attr-defined]
                    await asyncio.sleep(0.02)
            south = Connection(SOUTH)
            a.tables[created.id].join(south)  # a client still at A: now forwarded to B
            await _next(south, "view")
            ack = await _call(a, created.id, south, "r2")
            assert ack["seq"] == 1
            assert len(follower.table.record) == 1  # applied by B, the new owner
            async with asyncio.timeout(5):
                while len(a.tables[created.id].table.record) < 1:  # and followed by A
                    await asyncio.sleep(0.02)

    asyncio.run(scenario())
