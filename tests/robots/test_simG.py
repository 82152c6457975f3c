"""Game against a pass in competition, left to simulation (issue 11, round simG).

In a contested auction below our game, with a major fit known and a hand that falls just short of game by
the losing trick count (one loser too many with eight trumps, two with nine), the system's call stays the
pass, but game in the major is an ``option`` the robot's simulation weighs against it (``generators.py``,
``_near_games``); where our side made the last bid, that pass becomes a ``judge`` rule for such hands. The
rules alone bid as before; whether the game makes depends on how the hands fit, which a simulation of the
deal can see and the count cannot.

Hands come from the development boards of ``bench_strength.py`` (seed and board named) or were built for the
situation.
"""

from __future__ import annotations

import random

import pytest

from tenace import CardSet, Seat, parse_call
from tenace.robots.bidding import table_context
from tenace.robots.simulation import Settings, choose, options
from tenace.system.bidding.calls import call_of
from tenace.system.bidding.check import contradictions
from tenace.system.bidding.engine import HandInfo
from tenace.system.bidding.systems import builtin

from .test_simulation import needs_dds

# Larry Cohen, To Bid or Not to Bid (the law of total tricks), and Ron Klinger, The Modern Losing Trick Count:
# over partner's pre-emptive raise of an overcall (1D-1S-P-3S, four trumps and little else), the overcaller
# with a sixth trump holds ten trumps between the hands, and a shapely hand makes game where the count of
# losers alone says it is a trick short.
OVERCALL = ("AQ9532.AK3.3.J32", "P 1D 1S P 3S P", Seat.NORTH, "NS")   # seed 25 board 149: 4S made


def _options(hand: str, auction: str, dealer: Seat,
             vul: str | None = None) -> list[tuple[str, str, bool, bool]]:
    ctx = table_context(builtin(), dealer, [parse_call(c) for c in auction.split()], vul)
    return [(str(call_of(o.call)), o.rule.label, o.rule.judge, o.rule.option)
            for o in options(ctx, HandInfo.of(CardSet.from_pbn(hand)))]


@pytest.mark.parametrize(("hand", "auction", "dealer", "vul"), [
    OVERCALL,
    # the overcaller with five-five after partner's jump raise over their negative double (seed 27 board
    # 72, 4S made): six losers, two more than the count allows opposite the raise, and nine trumps known
    ("KJ654.A2.AJ873.J", "1C 1S X 3S P", Seat.WEST, None),
])
def test_after_our_raise_in_competition_the_pass_is_weighed_against_game(
        hand: str, auction: str, dealer: Seat, vul: str | None) -> None:
    found = _options(hand, auction, dealer, vul)
    assert found[0] == ("P", "to-play", True, False)        # the system still passes, a choice point now
    assert ("4S", "game", False, True) in found[1:]          # game is the option simulation weighs


def test_over_their_bid_game_with_one_loser_too_many_and_eight_trumps_is_an_option() -> None:
    # opener's five spades after partner's raise, their 4H (seed 24 board 125): six losers where five bid game
    found = _options("AJ965.82.KQJ83.2", "1C P 1H 2NT 3H 3S 4H", Seat.NORTH, "All")
    assert found == [("P", "pass-competitive", True, False), ("4S", "game", False, True)]


@pytest.mark.parametrize(("hand", "auction", "dealer"), [
    # a club honour less: seven losers, three too many with nine trumps: the pass is the rules' and no choice
    ("KJ654.A2.J8732.J", "1C 1S X 3S P", Seat.WEST),
    # the overcaller's hand with a small heart for the king: seven losers, no game to weigh
    ("AQ9532.A32.3.J32", "P 1D 1S P 3S P", Seat.NORTH),
    # responder's four spades opposite opener's competitive raise to 3S over their unusual 2NT (seed 22
    # board 286, with less): eight losers with eight trumps, two more than the count allows: pass
    ("KT86.T432.9.Q432", "1C P 1S 2NT 3S P", Seat.EAST),
])
def test_further_from_game_the_pass_is_not_a_choice_point(hand: str, auction: str, dealer: Seat) -> None:
    assert _options(hand, auction, dealer) == [("P", "to-play", False, False)]


def test_the_rules_alone_still_pass() -> None:
    hand, auction, dealer, vul = OVERCALL
    ctx = table_context(builtin(), dealer, [parse_call(c) for c in auction.split()], vul)
    choice = choose(ctx, CardSet.from_pbn(hand), random.Random(1), Settings(samples=0))
    assert str(call_of(choice.call)) == "P"


@needs_dds
def test_simulation_bids_the_game_with_ten_trumps() -> None:
    hand, auction, dealer, vul = OVERCALL
    ctx = table_context(builtin(), dealer, [parse_call(c) for c in auction.split()], vul)
    mine = CardSet.from_pbn(hand)
    choice = choose(ctx, mine, random.Random(2), Settings(samples=16))
    assert str(call_of(choice.call)) == "4S"
    # the explanation of the game (Law 20F) is true of the hand that bid it
    assert contradictions(ctx.meaning(choice.call).facts, HandInfo.of(mine)) == []
