"""The hand-privacy harness (tests/server/privacy.py) run through two hubs of a cluster (docs/scale-out.md):
the robots play at the hub that owns the table, and every viewer (each seat, the Director, a spectator) is
connected to both hubs, so that the views a *follower* builds from the published events are checked too, and
must come in order (one view per event, no gap, no repeat)."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field

from server.privacy import Leak, Recorder, leaks
from server.robots import ClaimingRobot, ExposingRobot, play_out
from tenace.laws.refs import DIRECTOR, Policy
from tenace.seats import SEATS
from tenace.server.actors import Connection
from tenace.server.persistence import LiveStore
from tenace.server.scaleout import ClusterActor, ClusterHub


@dataclass
class PrivacyReport:
    boards: int = 0
    messages: int = 0
    """Messages checked (sent to clients of either hub, and views given to robots)."""
    follower_messages: int = 0
    claims: int = 0
    exposed: int = 0
    leaks: list[Leak] = field(default_factory=list)
    out_of_order: list[str] = field(default_factory=list)


async def run(boards: int, seed: int, db: str, redis_url: str, per_table: int = 5) -> PrivacyReport:
    """``boards`` robot boards, ``per_table`` at a table (every fourth table under the Laws policy, where
    defenders expose cards that become penalty cards), on the database at ``db`` (already migrated)."""
    from redis.asyncio import Redis

    from tenace.store import Store

    rng = random.Random(seed)
    report = PrivacyReport()
    store = Store.open(db)
    live = LiveStore(store.engine)
    try:
        for first in range(0, boards, per_table):
            count = min(per_table, boards - first)
            laws = (first // per_table) % 4 == 3
            policy = Policy.LAWS if laws else Policy.ONLINE
            seeds = random.Random(rng.random())
            owner_seen, follower_seen = Recorder(), Recorder()
            robot = ExposingRobot if laws else ClaimingRobot
            # a long lease: the robots here think in the event loop, and the harness checks privacy, not
            # take-overs (tests/server/test_scaleout.py does)
            owner = ClusterHub(live, redis=Redis.from_url(redis_url, decode_responses=True),
                               lease_seconds=120, observer=owner_seen, policy=policy,
                               robots=lambda seat: robot(seat, random.Random(seeds.random())))  # noqa: B023
            follower = ClusterHub(live, redis=Redis.from_url(redis_url, decode_responses=True),
                                  lease_seconds=120, observer=follower_seen, policy=policy)
            await owner.start()
            await follower.start()
            try:
                created = await owner.create_table((), boards=count)
                actor = owner.tables[created.id]
                copy = await follower.get(created.id)
                assert isinstance(copy, ClusterActor) and not copy.owner
                watchers = []
                for viewer in (None, DIRECTOR, *SEATS):
                    actor.join(Connection(viewer))
                    watcher = Connection(viewer, backlog=100_000)
                    copy.join(watcher)
                    watchers.append(watcher)
                await play_out(owner, actor, count)
                async with asyncio.timeout(30):  # the follower catches up with the owner
                    while ((copy.position, len(copy.table.record))
                           != (actor.position, len(actor.table.record))):
                        await asyncio.sleep(0.005)
            finally:
                await owner.close()
                await follower.close()
            for watcher in watchers:
                seen = []
                while not watcher.outbox.empty():
                    message = watcher.outbox.get_nowait()
                    if message is not None and message["type"] == "view":
                        seen.append((message["position"], message["seq"]))
                for earlier, later in zip(seen, seen[1:], strict=False):
                    if later not in ((earlier[0], earlier[1] + 1), (earlier[0] + 1, 0)):
                        report.out_of_order.append(
                            f"table {created.id}, {watcher.viewer}: {earlier} -> {later}")
            report.leaks += leaks(owner_seen, live) + leaks(follower_seen, live)
            report.messages += len(owner_seen.messages) + len(follower_seen.messages)
            report.follower_messages += len(follower_seen.messages)
            stored = [e["type"] for b in live.history(created.id) for e in b.events]
            report.claims += stored.count("ClaimMade")
            report.exposed += stored.count("CardExposed")
            report.boards += count
            if report.leaks or report.out_of_order:
                break
    finally:
        store.close()
    return report
