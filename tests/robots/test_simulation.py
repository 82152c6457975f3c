"""Bidding by simulation (tenace.robots.simulation): the deals it samples agree with the auction, it only
ever chooses a call the system allows with the hand (so the explanation stays true), and it chooses the
call that scores better double dummy where that is clear."""

from __future__ import annotations

import random

import pytest

from tenace import CardSet, Seat, parse_call
from tenace.robots.bidding import table_context
from tenace.robots.simulation import Settings, choose, sample_hands
from tenace.solver import dds
from tenace.system.bidding.calls import call_of
from tenace.system.bidding.check import contradictions
from tenace.system.bidding.engine import HandInfo, context, decide
from tenace.system.bidding.rules import parse_system
from tenace.system.bidding.systems import builtin

needs_dds = pytest.mark.skipif(not dds.available(), reason="needs the DDS solver (endplay)")

TOY = parse_system("""
system Toy
conventions Strong notrump
[-]
1NT  hcp 15-17, balanced   : notrump-opening
P                          : pass-weak
[1NT P]
P                          : to-play   judge
6NT  hcp 10+               : slam      option
[1NT P 6NT P]
P                          : to-play
[1NT P P]
P                          : pass-weak
""", "toy.rules")


def calls(text: str) -> list:  # type: ignore[type-arg]
    return [parse_call(c) for c in text.split()]


def test_sampled_deals_give_every_player_a_hand_that_makes_his_calls() -> None:
    system = builtin()
    auction = calls("1H P 1S P 2S P")
    mine = CardSet.from_pbn("KQ73.A4.Q862.J95")    # the 1S bidder (South), now to call again
    ctx = table_context(system, Seat.NORTH, auction)
    assert ctx.turn == Seat.SOUTH.index
    deals = sample_hands(ctx, mine, 12, random.Random(4))
    assert len(deals) == 12
    for deal in deals:
        assert deal[Seat.SOUTH.index] == mine.bits
        assert sum(bin(b).count("1") for b in deal) == 52
        assert deal[0] | deal[1] | deal[2] | deal[3] == (1 << 52) - 1
        for index, call in enumerate(auction):
            seat = (Seat.NORTH.index + index) % 4
            if seat == Seat.SOUTH.index:
                continue
            hand = HandInfo.of(CardSet.from_bits(deal[seat]))
            made = decide(context(system, Seat.NORTH.index, (False, False), ctx.calls[:index]), hand).call
            assert call_of(made) == call, f"{hand.cards} would not have made {call} at call {index}"


@needs_dds
@pytest.mark.parametrize(("hand", "expected"), [
    ("AKQ2.KQ3.AQ4.K32", "6NT"),   # 23 HCP opposite 15-17: twelve tricks on every layout
    ("AK52.K93.Q74.J32", "P"),     # 13 HCP: 28-30 together, 6NT fails far more often than it makes
])
def test_simulation_chooses_the_call_that_scores_better(hand: str, expected: str) -> None:
    ctx = table_context(TOY, Seat.NORTH, calls("1NT P"))
    mine = CardSet.from_pbn(hand)
    choice = choose(ctx, mine, random.Random(7), Settings(samples=16, budget=None))
    assert str(call_of(choice.call)) == expected
    # whatever it chooses, the system allows it with this hand: the explanation is true of the hand
    assert contradictions(ctx.meaning(choice.call).facts, HandInfo.of(mine)) == []


@needs_dds
def test_without_a_choice_point_the_system_call_stands_and_nothing_is_simulated() -> None:
    ctx = table_context(builtin(), Seat.NORTH, [])
    hand = CardSet.from_pbn("AK5.KQ4.J876.A54")
    choice = choose(ctx, hand, random.Random(1), Settings(samples=16, budget=None))
    assert choice == decide(ctx, HandInfo.of(hand))


@needs_dds
def test_a_decision_is_reproducible_from_the_seed() -> None:
    ctx = table_context(TOY, Seat.NORTH, calls("1NT P"))
    mine = CardSet.from_pbn("AQJ2.KJ3.Q54.K32")   # 17 HCP: close
    settings = Settings(samples=12, budget=None)
    first = choose(ctx, mine, random.Random(3), settings)
    assert all(choose(ctx, mine, random.Random(3), settings).call == first.call for _ in range(2))


def test_no_samples_means_the_rules_alone() -> None:
    ctx = table_context(TOY, Seat.NORTH, calls("1NT P"))
    mine = CardSet.from_pbn("AKQ2.KQ3.AQ4.K32")
    assert str(call_of(choose(ctx, mine, random.Random(1), Settings(samples=0)).call)) == "P"
