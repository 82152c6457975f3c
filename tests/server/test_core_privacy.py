"""Hand privacy (issue 5 acceptance, scaled down): every message the server sends to every client over many
robot boards, claims and faced hands included, holds only cards its recipient may see. The acceptance run
(1,000 boards) is `benchmarks/bench_server.py --privacy 1000`."""

from __future__ import annotations

import asyncio
import random

import pytest

from tenace import Board, Deal
from tenace.laws.refs import DIRECTOR, Policy
from tenace.seats import SEATS, Seat
from tenace.server.actors import Connection, Hub
from tenace.server.persistence import LiveStore

from .privacy import Recorder, leaks, may_see
from .robots import ClaimingRobot, ExposingRobot, memory_engine, play_out


async def _robot_boards(tables: int, boards: int, seed: int) -> tuple[Recorder, LiveStore, Hub]:
    rng = random.Random(seed)
    recorder = Recorder()
    live = LiveStore(memory_engine())
    hub = Hub(live, robots=lambda seat: ClaimingRobot(seat, random.Random(rng.random())), observer=recorder)
    for _ in range(tables):  # one table at a time: the in-memory database has one connection
        created = await hub.create_table((), boards=boards)
        actor = hub.tables[created.id]
        for viewer in (None, DIRECTOR, *SEATS):  # watchers: a spectator, the Director, each seat
            actor.join(Connection(viewer))
        await play_out(hub, actor, boards)
    await hub.close()
    return recorder, live, hub


@pytest.fixture(scope="module")
def fifty_boards() -> tuple[Recorder, LiveStore, Hub]:
    return asyncio.run(_robot_boards(tables=10, boards=5, seed=2026))


def test_no_message_over_fifty_robot_boards_holds_a_card_its_recipient_may_not_see(
    fifty_boards: tuple[Recorder, LiveStore, Hub],
) -> None:
    recorder, live, _ = fifty_boards
    assert leaks(recorder, live) == []


def test_the_fifty_boards_cover_claims_faced_hands_and_every_kind_of_recipient(
    fifty_boards: tuple[Recorder, LiveStore, Hub],
) -> None:
    recorder, live, hub = fifty_boards
    histories = [live.history(table_id) for table_id in {t for t, _, _ in recorder.messages}]
    boards = [b for history in histories for b in history]
    assert len(boards) == 50
    assert all(b.ended and b.score_ns is not None for b in boards)
    events = [e for b in boards for e in b.events]
    assert sum(e["type"] == "ClaimMade" for e in events) >= 5
    assert any(e["type"] == "ClaimAnswered" and not e["agree"] for e in events)
    recipients = {viewer for _, viewer, _ in recorder.messages}
    assert recipients == {None, DIRECTOR, *SEATS}
    views = [m["view"] for _, _, m in recorder.messages if m["type"] == "view"]
    assert any(v["faced"] for v in views if v["viewer"] is None)  # a claimer's hand, shown to a spectator
    assert any(len(v["hands"]) == 2 for v in views)  # own hand and dummy's


def test_the_harness_finds_a_card_sent_to_someone_who_may_not_see_it() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    recorder = Recorder()
    live = LiveStore(memory_engine())

    async def one_call() -> str:
        hub = Hub(live, observer=recorder, robots=lambda seat: ClaimingRobot(seat, random.Random(1)))
        created = await hub.create_table(set(SEATS), Board(1, deal))
        await hub.close()
        return created.id

    table_id = asyncio.run(one_call())
    # a forged view for East holding North's spade ace: the harness must flag it
    recorder(table_id, Seat.EAST, {"type": "view", "seq": 0, "position": 1,
                                    "view": {"board": 1, "hands": {"N": ["SA"]}}})
    found = leaks(recorder, live)
    assert [(leak.viewer, set(leak.cards)) for leak in found] == [(Seat.EAST, {"SA"})]


def test_may_see_grows_with_the_opening_lead_and_a_claim() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    east = {str(c) for c in deal[Seat.EAST]}
    south = {str(c) for c in deal[Seat.SOUTH]}
    auction = [{"type": "CallMade", "seat": s, "call": c} for s, c in
               (("N", "7NT"), ("E", "P"), ("S", "P"), ("W", "P"))]
    assert may_see(deal, auction, Seat.EAST) == east
    lead = [*auction, {"type": "CardPlayed", "seat": "E", "card": "ST"}]
    assert may_see(deal, lead, Seat.WEST) == {str(c) for c in deal[Seat.WEST]} | south | {"ST"}
    claim = [*lead, {"type": "ClaimMade", "seat": "N", "tricks": 13}]
    north = {str(c) for c in deal[Seat.NORTH]}
    assert may_see(deal, claim, None) == north | south | {"ST"}  # the claimer's hand, dummy's, the lead
    agreed = [*claim, {"type": "ClaimAnswered", "seat": "E", "agree": True},
              {"type": "ClaimAnswered", "seat": "W", "agree": True}]
    assert len(may_see(deal, agreed, None)) == 52


def test_under_the_laws_policy_penalty_cards_and_claims_leak_nothing_either() -> None:
    async def run() -> tuple[Recorder, LiveStore, list[str]]:
        rng = random.Random(7)
        recorder = Recorder()
        live = LiveStore(memory_engine())
        hub = Hub(live, policy=Policy.LAWS, observer=recorder,
                  robots=lambda seat: ExposingRobot(seat, random.Random(rng.random())))
        ids = []
        for _ in range(4):
            created = await hub.create_table((), boards=3)
            actor = hub.tables[created.id]
            for viewer in (None, DIRECTOR, *SEATS):
                actor.join(Connection(viewer))
            await play_out(hub, actor, 3)
            ids.append(created.id)
        await hub.close()
        return recorder, live, ids

    recorder, live, ids = asyncio.run(run())
    assert leaks(recorder, live) == []
    events = [e for table_id in ids for b in live.history(table_id) for e in b.events]
    assert sum(e["type"] == "CardExposed" for e in events) >= 3
    views = [m["view"] for _, _, m in recorder.messages if m["type"] == "view"]
    assert any(v["penalty_cards"] for v in views if v["viewer"] is None)  # face up for everyone (Law 50)
