"""Crash safety (issue 5): the server is killed with SIGKILL while tables are being played; after a restart
on the same database every action that was acknowledged before the kill is stored at its place, and every
table goes on to the end of its board. (benchmarks/bench_server.py --crash 100 runs the same at acceptance
size.)"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx

from server.liveservers import Player, ServerProcess, new_tables, stored_actions_missing


def test_every_acknowledged_action_survives_sigkill_and_every_table_finishes_after_restart(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'crash.db'}"
    server = ServerProcess(db, log=str(tmp_path / "server.log"))
    server.start()
    tables = new_tables(server, 8, humans=("S",), boards=1)
    rng = random.Random(3)
    before = [Player(server.ws(t["id"], t["tokens"]["S"]), random.Random(rng.random()), think=0.01)
              for t in tables]
    at_kill: dict[str, int] = {}

    async def until_kill() -> None:
        tasks = [asyncio.create_task(p.play()) for p in before]
        async with asyncio.timeout(60):  # (a player that failed shows in its task)
            while sum(len(p.acked) for p in before) < 20 and not _stopped(tasks):
                await asyncio.sleep(0.005)
        server.kill()  # in the middle of play: actions in flight, unacknowledged
        at_kill.update(ended=sum(p.ended for p in before))
        await asyncio.wait(tasks, timeout=10)
        for task in tasks:
            task.cancel()

    try:
        asyncio.run(until_kill())
        assert at_kill["ended"] < len(tables)
        acked = {t["id"]: p.acked for t, p in zip(tables, before, strict=True)}
        assert sum(len(a) for a in acked.values()) >= 20
        assert stored_actions_missing(db, acked) == []

        server.start()  # the same database: every open table is rebuilt from its events
        after = [Player(server.ws(t["id"], t["tokens"]["S"]), random.Random(rng.random())) for t in tables]

        async def finish() -> None:
            await asyncio.wait_for(asyncio.gather(*(p.play() for p in after)), timeout=60)

        asyncio.run(finish())
        assert all(p.ended for p in after)
        for table, player, earlier in zip(tables, after, before, strict=True):
            # the table went on from where it was: its first view after the restart is not before the last
            # action acknowledged to the player before the kill
            if earlier.acked:
                assert player.views[0][1] >= earlier.acked[-1][1]
            summary = httpx.get(f"{server.http}/api/tables/{table['id']}").json()
            assert summary["phase"] == "ended"
        acked_after = {t["id"]: p.acked for t, p in zip(tables, after, strict=True)}
        assert stored_actions_missing(db, acked_after) == []
    finally:
        server.stop()


def _stopped(tasks: list[asyncio.Task[None]]) -> bool:
    """Every player is done, or one has failed (its exception is raised where its task is awaited)."""
    return all(t.done() for t in tasks) or any(t.done() and not t.cancelled() and t.exception() is not None
                                               for t in tasks)
