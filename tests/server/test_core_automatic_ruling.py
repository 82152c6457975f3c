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


def test_a_claim_with_a_long_ending_is_ruled_by_double_dummy_not_the_aids_exhaustive_search() -> None:
    """Eight tricks left, a claim in the middle of a trick: the server does not search the ending with the
    adjudication aid (half a minute for such an ending, while the table waits); the double-dummy result stands
    in for it, never above the claim (Law 70A)."""
    from tenace import Board, Deal, parse_call
    from tenace.laws.adjudication import double_dummy_tricks
    from tenace.laws.events import CallMade, CardPlayed, ClaimAnswered
    from tenace.server.actors import AUTOMATIC_RULING_TRICKS

    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    table = Table.new(Board(1, deal))
    for call in ("1NT", "P", "3NT", "P", "P", "P"):
        turn = table.turn
        assert isinstance(turn, Seat)
        table = table.apply(CallMade(turn, parse_call(call)))
    while table.play is not None and len(table.play.cards) < 21:  # five tricks and a lead
        turn = table.turn
        assert isinstance(turn, Seat)
        table = table.apply(CardPlayed(turn, min(table.legal_cards())))
    assert table.play is not None and 52 - len(table.play.cards) > 4 * AUTOMATIC_RULING_TRICKS
    declarer = Seat.NORTH
    table = table.apply(ClaimMade(declarer, 8)).apply(ClaimAnswered(declarer.lho, False))
    assert table.play is not None
    assert automatic_claim_ruling(table) == min(8, double_dummy_tricks(table.play, declarer))
