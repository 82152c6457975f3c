"""The time of each event (tempo is evidence for the Director, Law 73D) is the same on every process of a
cluster (docs/scale-out.md): a follower applies each published event with the time its owner stored, a
follower that reads the table back from the database takes the stored times, and a process that takes a
table over keeps them. Two cluster hubs in one process on one SQLite file and the test Redis; skipped
without TENACE_TEST_REDIS_URL."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from tenace import Board, Deal
from tenace.laws.refs import DIRECTOR
from tenace.seats import Seat
from tenace.server.actors import TableActor
from tenace.server.persistence import LiveStore
from tenace.server.protocol import parse_action
from tenace.server.scaleout import ClusterActor, ClusterHub, lease_key
from tenace.store import Store

REDIS_URL = os.environ.get("TENACE_TEST_REDIS_URL")
SEATS = {Seat("N"), Seat("E"), Seat("S"), Seat("W")}
DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


@asynccontextmanager
async def hubs(tmp_path: Path) -> AsyncIterator[tuple[ClusterHub, ClusterHub]]:
    from redis.asyncio import Redis

    if not REDIS_URL:
        if os.environ.get("CI"):
            pytest.fail("TENACE_TEST_REDIS_URL is not set in CI (scripts/_system.sh sets it up)")
        pytest.skip("TENACE_TEST_REDIS_URL is not set")
    store = Store.open(f"sqlite:///{tmp_path / 'times.db'}")
    live = LiveStore(store.engine)
    # leases long enough that a busy machine does not lose one by accident (the take-over test takes it)
    a = ClusterHub(live, redis=Redis.from_url(REDIS_URL, decode_responses=True), lease_seconds=3.0)
    b = ClusterHub(live, redis=Redis.from_url(REDIS_URL, decode_responses=True), lease_seconds=3.0)
    await a.start()
    await b.start()
    try:
        async with asyncio.timeout(60):  # a failure, never a hang
            yield a, b
    finally:
        async with asyncio.timeout(30):
            await a.close()
            await b.close()
        store.close()


async def _pass(owner: TableActor, count: int) -> None:
    """Each seat in turn passes (the owner applies and stores each call with the moment it happened)."""
    for i in range(count):
        before = len(owner.table.record)
        seat = owner.table.turn
        assert isinstance(seat, Seat)
        await owner.submit(seat, parse_action({"v": 1, "id": f"p{i}", "type": "call", "call": "P"}))
        async with asyncio.timeout(5):
            while len(owner.table.record) == before:
                await asyncio.sleep(0.005)
        await asyncio.sleep(0.003)  # so that no two events share a time


async def _caught_up(follower: TableActor, owner: TableActor) -> None:
    async with asyncio.timeout(5):
        while len(follower.table.record) < len(owner.table.record):
            await asyncio.sleep(0.005)


def _stored_times(live: LiveStore, table_id: str, position: int) -> tuple[dt.datetime, ...]:
    """The times as the database holds them, read independently of any table in memory."""
    return tuple(dt.datetime.fromisoformat(e["at"]) for e in live.events(table_id, position))


def test_a_follower_applies_each_published_event_with_the_time_the_owner_stored(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hubs(tmp_path) as (a, b):
            created = await a.create_table(SEATS, Board(3, DEAL))  # South deals board 3 (Law 2)
            owner = a.tables[created.id]
            follower = await b.get(created.id)
            assert isinstance(follower, ClusterActor) and not follower.owner
            await _pass(owner, 3)
            await _caught_up(follower, owner)
            stored = _stored_times(a.live, created.id, 1)
            assert len(stored) == 3 and len(set(stored)) == 3
            assert all(t is not None and t.utcoffset() == dt.timedelta(0) for t in owner.table.times)
            assert owner.table.times == stored
            assert follower.table.times == owner.table.times
            assert follower.table.record == owner.table.record
            assert follower.table.view(DIRECTOR) == owner.table.view(DIRECTOR)

    asyncio.run(scenario())


def test_a_follower_that_reads_the_table_from_the_database_takes_the_stored_times(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hubs(tmp_path) as (a, b):
            created = await a.create_table(SEATS, Board(3, DEAL))
            owner = a.tables[created.id]
            await _pass(owner, 2)  # before B has the table: B reads it from the database
            follower = await b.get(created.id)
            assert isinstance(follower, ClusterActor) and not follower.owner
            assert follower.table.times == _stored_times(a.live, created.id, 1) == owner.table.times
            await follower.reload()  # as after a gap in the published seqs
            assert follower.table.times == owner.table.times
            assert follower.table.view(DIRECTOR) == owner.table.view(DIRECTOR)

    asyncio.run(scenario())


def test_a_process_that_takes_a_table_over_keeps_the_times_of_the_events_before(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hubs(tmp_path) as (a, b):
            created = await a.create_table(SEATS, Board(3, DEAL))
            old_owner = a.tables[created.id]
            follower = await b.get(created.id)
            assert isinstance(follower, ClusterActor)
            await _pass(old_owner, 2)
            await _caught_up(follower, old_owner)
            before = old_owner.table.times
            await b.redis.set(lease_key(created.id), b.process_id, px=5000)  # B takes the lease
            async with asyncio.timeout(5):
                while a.tables[created.id].owner or not follower.owner:  # type: ignore[attr-defined]
                    await asyncio.sleep(0.01)
            assert follower.table.times == before
            await _pass(follower, 1)  # the new owner goes on
            await _caught_up(a.tables[created.id], follower)
            times = follower.table.times
            assert times[:2] == before and times[2] is not None and times[2] > before[1]
            assert times == _stored_times(b.live, created.id, 1)
            assert a.tables[created.id].table.times == times  # A, now a follower, has the same times

    asyncio.run(scenario())
