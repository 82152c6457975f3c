"""A contested claim at a table no Director looks after is ruled by the server itself (Law 70A), so the table
never waits for ever."""

from __future__ import annotations

import asyncio
import random

from tenace import Seat
from tenace.laws.events import ClaimMade, ClaimRuled
from tenace.laws.table import Phase, Table
from tenace.server.actors import Hub, automatic_claim_ruling
from tenace.server.persistence import LiveStore
from tenace.solver import dds

from .robots import ClaimingRobot, memory_engine

BOARDS = 8


def _play(seed: int) -> Table:
    async def run() -> Table:
        def robot(seat: Seat) -> ClaimingRobot:
            return ClaimingRobot(seat, random.Random(seed * 4 + seat.index), claim_rate=0.4)

        hub = Hub(LiveStore(memory_engine()), robots=robot)
        created = await hub.create_table((), None, boards=1)
        actor = await hub.wait_idle(created.id, timeout=60)
        table = actor.table
        await hub.close()
        return table

    return asyncio.run(run())


def test_robot_tables_with_contested_claims_end_by_themselves_and_never_above_the_claim() -> None:
    ruled = 0
    for seed in range(BOARDS):
        table = _play(seed)
        assert table.phase is Phase.ENDED, f"seed {seed}: the table waits ({table.phase}, turn {table.turn})"
        record = table.record
        for i, event in enumerate(record):
            if not isinstance(event, ClaimRuled):
                continue
            ruled += 1
            claim = next(e for e in reversed(record[:i]) if isinstance(e, ClaimMade))
            assert event.tricks <= claim.tricks  # never more than claimed (Law 70A)
            # nor more than the claimer's side could take with best play all round
            before = Table.replay(table.board, record[:i], table.regulations)
            assert before.play is not None
            solved = dds.solve_position(before.play)
            best = solved.max_tricks
            ours = best if solved.turn.side is claim.seat.side else solved.tricks_left - best
            assert event.tricks <= ours
            assert event.tricks == automatic_claim_ruling(before)
    assert ruled > 0, "no claim was contested: raise the claim rate or the number of boards"
