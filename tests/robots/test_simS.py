"""Simulation's choice split in two (issue 11, round simS): :func:`simulate` gives each call's score deal by
deal, :func:`select` picks from such a table by the robot's rule; ``benchmarks/bench_choices.py`` records
the tables once and replays policies on them, so the rule must pick what it says on a constructed table."""

from __future__ import annotations

import random

from tenace import CardSet, Seat, parse_call
from tenace.robots.bidding import table_context
from tenace.robots.simulation import Settings, choose, options, select, simulate
from tenace.system.bidding.engine import HandInfo

from .test_simulation import TOY, needs_dds

PASS_OR_SLAM = TOY   # a pass the system judges against an optional 6NT (tests/robots/test_simulation.py)

CALLS = [0, 10, 12]   # the system's call first; the codes only label the rows here


def table(*rows: list[int]) -> list[list[int]]:
    return [list(r) for r in rows]


def test_the_system_call_stands_when_no_other_gains_more_than_the_margin() -> None:
    # 16 deals: the second call scores 10 points better on each (0 IMPs), the third the same as the system's
    base = [100] * 16
    scores = table(base, [110] * 16, base)
    assert select(CALLS, scores, Settings()) == 0


def test_a_call_clearly_better_by_the_margin_and_the_standard_errors_is_chosen() -> None:
    base = [0] * 16
    better = [420] * 8 + [0] * 8     # 10 IMPs on half the deals: mean 5, s.e. about 1.3
    assert select(CALLS[:2], table(base, better), Settings()) == 1


def test_among_several_clearly_better_calls_the_best_mean_gain_wins() -> None:
    base = [0] * 16
    good = [420] * 8 + [0] * 8
    best = [420] * 12 + [0] * 4
    assert select(CALLS, table(base, good, best), Settings()) == 2
    assert select(CALLS, table(base, best, good), Settings()) == 1


def test_a_gain_within_its_standard_errors_does_not_replace_the_system_call() -> None:
    # one deal of 16 wins 13 IMPs: mean 0.81 is above the 0.5 margin, but the s.e. (0.81) times 1.5 is not
    base = [0] * 16
    lucky = [1000] + [0] * 15
    assert select(CALLS[:2], table(base, lucky), Settings(confidence=1.5)) == 0
    assert select(CALLS[:2], table(base, lucky), Settings(confidence=0.5)) == 1


def test_fewer_deals_than_the_minimum_keep_the_system_call() -> None:
    base = [0] * 8
    better = [420] * 8
    assert select(CALLS[:2], table(base, better), Settings(minimum=16)) == 0
    assert select(CALLS[:2], table(base, better), Settings(minimum=8)) == 1


@needs_dds
def test_without_the_sequential_stop_every_deal_is_dealt_and_choose_agrees_with_select() -> None:
    ctx = table_context(PASS_OR_SLAM, Seat.NORTH, [parse_call("1NT"), parse_call("P")])
    mine = CardSet.from_pbn("AKQ2.KQ3.AQ4.K32")   # 23 HCP opposite 15-17: 6NT
    hand = HandInfo.of(mine)
    codes = [o.call for o in options(ctx, hand)]
    settings = Settings(samples=16, minimum=8)
    full = simulate(ctx, hand, codes, random.Random(5), settings, settle=False)
    assert [len(row) for row in full] == [16, 16]
    stopped = simulate(ctx, hand, codes, random.Random(5), settings)
    assert len(stopped[0]) in (8, 16) and stopped[0] == full[0][:len(stopped[0])]
    chosen = choose(ctx, mine, random.Random(5), settings)
    assert chosen.call == codes[select(codes, stopped, settings)] == codes[1]


def test_the_confidence_is_counted_in_standard_errors_of_the_mean_gain() -> None:
    # a game swing (420 against 0: 9 IMPs) on 2 deals of 16: mean 1.125 IMPs, s.e. about 0.77 (1.5 s.e.);
    # the same swing on 4 deals of 16: mean 2.25, s.e. about 1.0 (2.2 s.e.)
    base = [0] * 16
    two = [420] * 2 + [0] * 14
    four = [420] * 4 + [0] * 12
    assert select(CALLS[:2], table(base, two), Settings(confidence=2.0)) == 0
    assert select(CALLS[:2], table(base, two), Settings(confidence=1.0)) == 1
    assert select(CALLS[:2], table(base, four), Settings(confidence=2.0)) == 1
