"""Live tables in the store: group commit, a conflicting event refused alone, and robot tables stopped in the
middle of a board rebuilt from their events by a new hub and played on."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from pathlib import Path

import pytest

from tenace.laws.log import event_from_json
from tenace.laws.table import Phase, Table
from tenace.seats import SEATS
from tenace.server.actors import Hub, event_time
from tenace.server.persistence import EventConflictError, EventWriter, LiveStore
from tenace.store import Store

from .robots import ClaimingRobot


def _call(seat: str, call: str) -> dict[str, object]:
    return {"type": "CallMade", "seat": seat, "call": call}


def test_events_handed_over_together_share_a_commit_and_a_duplicate_is_refused_alone(tmp_path: Path) -> None:
    with Store.open(f"sqlite:///{tmp_path / 'w.db'}") as store:
        live = LiveStore(store.engine)
        hub = Hub(live)

        async def run() -> None:
            ids = [(await hub.create_table(SEATS)).id for _ in range(3)]  # no robots: the test writes events
            writer = EventWriter(live)
            await writer.append(ids[0], 1, 0, _call("N", "1C"))
            assert (writer.commits, writer.events) == (1, 1)
            await asyncio.gather(*(writer.append(ids[i], 1, 0 if i else 1, _call("N" if i else "E", "P"))
                                   for i in range(3)))
            assert (writer.commits, writer.events) == (2, 4)  # three tables, one commit
            stats = writer.stats()
            assert (stats["commits"], stats["events"]) == (2, 4) and len(writer.durations) == 2
            slowest = round(max(writer.durations) * 1000, 2)
            assert 0 < stats["commit_ms_p50"] <= stats["commit_ms_p99"] == slowest
            results = await asyncio.gather(writer.append(ids[2], 1, 1, _call("E", "P")),
                                           writer.append(ids[1], 1, 0, _call("N", "2C")),  # seq 0 again
                                           return_exceptions=True)
            assert results[0] is None and isinstance(results[1], EventConflictError)
            await hub.close()

        asyncio.run(run())
        tables = {t.id: t for t in live.load_open()}
        assert sorted(len(t.boards[-1].events) for t in tables.values()) == [1, 2, 2]


def test_a_busy_writer_spaces_its_commits_and_an_idle_one_commits_at_once(tmp_path: Path) -> None:
    with Store.open(f"sqlite:///{tmp_path / 'w.db'}") as store:
        live = LiveStore(store.engine)
        hub = Hub(live)
        starts: list[float] = []
        append_many = live.append_many
        gate = threading.Event()  # holds the second commit in its thread until the test has added an event

        def timed(rows: list[tuple[str, int, int, dict[str, object]]]) -> None:
            starts.append(time.perf_counter())
            if len(starts) == 2:
                gate.wait(10)
            append_many(rows)

        live.append_many = timed  # type: ignore[method-assign]

        async def run() -> None:
            table = (await hub.create_table(SEATS)).id
            writer = EventWriter(live, spacing=0.5)
            asked = time.perf_counter()
            await writer.append(table, 1, 0, _call("N", "1C"))  # idle: at once, not 0.5 s later
            assert starts[0] - asked < 0.4
            # the first commit is in its thread when the second event comes: the writer is busy, so the
            # second commit starts 0.5 s after the first, and the third event, made meanwhile, shares it
            first = asyncio.ensure_future(writer.append(table, 1, 1, _call("E", "P")))
            while len(starts) < 2:
                await asyncio.sleep(0.001)
            second = asyncio.ensure_future(writer.append(table, 1, 2, _call("S", "P")))
            await asyncio.sleep(0)  # handed over
            gate.set()
            await asyncio.sleep(0.05)
            third = asyncio.ensure_future(writer.append(table, 1, 3, _call("W", "P")))
            await asyncio.gather(first, second, third)
            assert len(starts) == 3 and starts[2] - starts[1] >= 0.5
            assert (writer.commits, writer.events) == (3, 4)  # the last two events: one commit
            await hub.close()

        asyncio.run(run())


@pytest.mark.parametrize("stop_after", [3, 30])  # events at the slowest table: in the auction, in the play
def test_robot_tables_stopped_mid_board_are_rebuilt_by_a_new_hub_and_finish(
    tmp_path: Path, stop_after: int
) -> None:
    url = f"sqlite:///{tmp_path / 'restart.db'}"

    def robots(seat: object) -> ClaimingRobot:
        return ClaimingRobot(seat, random.Random(11), claim_rate=0.0)  # type: ignore[arg-type]

    async def first_life() -> dict[str, int]:
        with Store.open(url) as store:
            hub = Hub(LiveStore(store.engine), robots=robots)
            ids = [(await hub.create_table((), boards=2)).id for _ in range(4)]

            def progress(table_id: str) -> int:  # events into board 1 (a table already on board 2: done)
                actor = hub.tables[table_id]
                return len(actor.table.record) if actor.position == 1 else 10**6

            while min(progress(i) for i in ids) < stop_after:
                await asyncio.sleep(0.001)
            seen = {i: len(hub.tables[i].table.record) for i in ids}
            # a loaded machine may let one table race ahead; what matters is that tables stop mid-board
            assert any(hub.tables[i].position == 1 and hub.tables[i].table.phase is not Phase.ENDED
                       for i in ids)
            await hub.close()  # as if the process died: nothing is written at shutdown
            return seen

    async def second_life() -> dict[str, Table]:
        with Store.open(url) as store:
            hub = Hub(LiveStore(store.engine), robots=robots)
            assert await hub.restore() == 4
            for actor in list(hub.tables.values()):
                await hub.wait_idle(actor.id)
            done = {i: a.table for i, a in hub.tables.items()}
            assert all(a.position == 2 for a in hub.tables.values())
            await hub.close()
            return done

    seen = asyncio.run(first_life())
    done = asyncio.run(second_life())
    assert set(done) == set(seen)
    with Store.open(url) as store:
        live = LiveStore(store.engine)
        for table_id, table in done.items():
            assert table.phase is Phase.ENDED
            history = live.history(table_id)
            assert [b.position for b in history] == [1, 2] and all(b.ended for b in history)
            last = history[-1]
            replayed = Table.replay(last.board, [event_from_json(e) for e in last.events], table.regulations,
                                    times=[event_time(e) for e in last.events])
            assert None not in replayed.times  # every event kept its time, those before the restart too
            assert replayed == table
            assert last.score_ns == table.score_ns()
