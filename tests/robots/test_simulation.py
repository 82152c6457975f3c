"""Bidding by simulation (tenace.robots.simulation): the deals it samples agree with the auction, it only
ever chooses a call the system allows with the hand (so the explanation stays true), and it chooses the
call that scores better double dummy where that is clear."""

from __future__ import annotations

import random

import pytest

from tenace import CardSet, Seat, parse_call
from tenace.robots.bidding import table_context
from tenace.robots.simulation import Settings, choose, options, sample_hands
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
            # the system's call with that hand, or at a choice point one its simulation weighs
            allowed = options(context(system, Seat.NORTH.index, (False, False), ctx.calls[:index]), hand)
            assert call in [call_of(c.call) for c in allowed], (
                f"{hand.cards} would not have made {call} at call {index}")


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


SAME = parse_system("""
system Same
conventions Strong notrump
[-]
1NT  hcp 15-17, balanced   : notrump-opening
P                          : pass-weak
[1NT P]
3NT  hcp 10+               : notrump-game   judge
2C   hcp 10+               : stayman        option
P                          : pass-weak
[1NT P 2C P]
2NT                        : natural
[1NT P 2C P 2NT P]
3NT                        : notrump-game
""", "same.rules")


def test_the_options_are_the_system_call_then_the_alternatives_the_hand_meets() -> None:
    ctx = table_context(TOY, Seat.NORTH, calls("1NT P"))
    strong = options(ctx, HandInfo.of(CardSet.from_pbn("AKQ2.KQ3.AQ4.K32")))
    assert [str(call_of(c.call)) for c in strong] == ["P", "6NT"]
    weak = options(ctx, HandInfo.of(CardSet.from_pbn("8752.983.J74.932")))   # 1 HCP: 6NT needs 10+
    assert [str(call_of(c.call)) for c in weak] == ["P"]
    opening = table_context(TOY, Seat.NORTH, [])   # 1NT is no choice point: nothing else is weighed
    assert len(options(opening, HandInfo.of(CardSet.from_pbn("AK5.KQ4.J876.A54")))) == 1


def test_deals_on_which_every_call_reaches_the_same_contract_are_not_solved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 3NT at once, or 2C 2NT 3NT: South declares 3NT either way, so there is nothing to solve or to gain
    from tenace.robots import simulation

    def solve(*_: object) -> list[int]:
        raise AssertionError("a deal was solved although both calls reach the same contract")

    monkeypatch.setattr(simulation, "_solve", solve)
    ctx = table_context(SAME, Seat.NORTH, calls("1NT P"))
    mine = CardSet.from_pbn("K52.QJ4.K876.Q54")   # 11 HCP: both calls allowed
    assert [str(call_of(c.call)) for c in options(ctx, HandInfo.of(mine))] == ["3NT", "2C"]
    choice = choose(ctx, mine, random.Random(2), Settings(samples=16, budget=None))
    assert str(call_of(choice.call)) == "3NT"   # a tie: the system's call stands


@pytest.mark.parametrize(("gains", "better"), [
    ([1] * 16, True),                      # one IMP on every deal: above the margin, no doubt
    ([0] * 14 + [12, -2], False),          # 0.6 on average, all of it from one deal: not clear
    ([10, -8] * 8, False),                 # 1 on average but as likely a loss as a gain
    ([0] * 12 + [2] * 4, False),           # clear, but half an IMP is not more than the margin
])
def test_another_call_replaces_the_system_call_only_when_clearly_better(gains: list[int],
                                                                        better: bool) -> None:
    from tenace.robots.simulation import _better, _estimate
    settings = Settings(margin=0.5, confidence=1.0)
    mean, error = _estimate(gains)
    # independently: the mean and its standard error from the definitions
    n = len(gains)
    assert mean == pytest.approx(sum(gains) / n)
    assert error == pytest.approx((sum((g - mean) ** 2 for g in gains) / (n - 1) / n) ** 0.5)
    assert _better(gains, settings) is better


def test_the_legal_calls_of_an_auction_are_those_legal_allows() -> None:
    # the engine works legality out once per auction (simulation's dealer asks it for every sampled hand);
    # it must agree call by call with the Laws check, here along auctions the rules bid on random deals
    from tenace.dealing.secure import random_deal
    from tenace.system.bidding.calls import finished, legal
    system = builtin()
    rng = random.Random(5)
    checked = 0
    for _ in range(12):
        deal = random_deal(rng)
        hands = [HandInfo.of(deal[seat]) for seat in Seat]
        auction: tuple[int, ...] = ()
        while not finished(auction):
            ctx = context(system, 0, (False, True), auction)
            assert ctx.legal_calls == {c for c in range(38) if legal(auction, c)}, auction
            checked += 1
            auction = (*auction, decide(ctx, hands[ctx.turn]).call)
    finished_ctx = context(system, 0, (False, False), (0, 0, 0, 0))
    assert finished_ctx.legal_calls == frozenset()
    assert checked > 12 * 4


@needs_dds
def test_once_the_decision_is_clear_no_more_deals_are_dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    # both calls reach 3NT by South on every deal: after the minimum the decision is settled (no call can
    # gain), so the other deals of the budget are neither dealt nor bid out
    from tenace.robots import simulation
    rollouts = []
    original = simulation._rollout

    def counted(*args: object) -> object:
        rollouts.append(args)
        return original(*args)   # type: ignore[arg-type]

    monkeypatch.setattr(simulation, "_rollout", counted)
    ctx = table_context(SAME, Seat.NORTH, calls("1NT P"))
    mine = CardSet.from_pbn("K52.QJ4.K876.Q54")
    choice = choose(ctx, mine, random.Random(2), Settings(samples=32, minimum=8, budget=None))
    assert str(call_of(choice.call)) == "3NT"
    assert len(rollouts) == 8 * 2   # one batch of eight deals, two calls bid out on each


def test_the_endless_dealer_deals_what_deal_layouts_deals() -> None:
    # iter_layouts is deal_layouts one layout at a time: the same seed gives the same layouts, in order
    from tenace.robots.layouts import Hidden, auction_of, deal_layouts, iter_layouts
    ctx = table_context(builtin(), Seat.NORTH, calls("1NT P"))
    mine = CardSet.from_pbn("KJ52.Q83.T64.K72")   # South
    hidden = [Hidden(seat, 0, 13, 0, frozenset()) for seat in Seat if seat is not Seat.SOUTH]
    auction = {seat: a for seat, a in auction_of(ctx).items() if seat is not Seat.SOUTH}
    pool = CardSet.full().bits & ~mine.bits
    dealt = deal_layouts(hidden, pool, auction, 12, random.Random(5))
    endless = iter_layouts(hidden, pool, auction, random.Random(5))
    assert [next(endless) for _ in range(12)] == dealt
    with pytest.raises(ValueError, match="do not fill"):
        next(iter_layouts(hidden, pool & (pool - 1), auction, random.Random(5)))   # a card short


OVERCALLS = parse_system("""
system Overcalls
conventions Strong notrump
[-]
1D  hcp 12+, D>=4          : opening
P                          : pass-weak
[1D]
1S  S>=5, hcp 8-16         : overcall          judge
X   hcp 12+                : takeout-double    forcing option
P                          : pass-weak         judge
""", "overcalls.rules")


def test_a_double_is_not_weighed_against_a_bid() -> None:
    # an overcall and a takeout double are both allowed with 5 spades and 13 HCP: the system overcalls and
    # simulation does not weigh the double (its double-dummy estimates did not predict the result there)
    ctx = table_context(OVERCALLS, Seat.NORTH, calls("1D"))
    hand = HandInfo.of(CardSet.from_pbn("AQJ52.K84.73.Q92"))
    from tenace.system.bidding.engine import candidates
    allowed = [str(call_of(c.call)) for c in candidates(ctx, hand, options=True)]
    assert allowed[:2] == ["1S", "X"]   # the double is a call the system allows with the hand
    assert [str(call_of(c.call)) for c in options(ctx, hand)] == ["1S", "P"]
    from tenace.robots.simulation import weighed
    from tenace.system.bidding.calls import DOUBLE, PASS, REDOUBLE
    assert not weighed(8, DOUBLE) and not weighed(DOUBLE, 8)
    assert weighed(PASS, DOUBLE) and weighed(DOUBLE, PASS) and weighed(8, REDOUBLE) and weighed(8, 12)


SLAMMY = parse_system("""
system Slammy
conventions Strong notrump
[-]
1NT  hcp 15-17, balanced   : notrump-opening
P                          : pass-weak
[1NT P]
6NT  hcp 16+               : slam      judge
3NT  hcp 10+               : game      judge
P                          : to-play   judge
[1NT P 3NT P]
P                          : to-play
[1NT P 6NT P]
P                          : to-play
[1NT P P]
P                          : pass-weak
""", "slammy.rules")


def test_a_lower_call_is_not_weighed_against_the_systems_move_towards_slam() -> None:
    # the system bids 6NT with 16+ opposite 15-17: simulation does not weigh 3NT or a pass against it;
    # with 10-15 it bids 3NT and weighs the pass (a lower call against game is still a choice)
    ctx = table_context(SLAMMY, Seat.NORTH, calls("1NT P"))
    strong = HandInfo.of(CardSet.from_pbn("AQ52.KQ3.K74.Q32"))   # 16 HCP
    from tenace.system.bidding.engine import candidates
    assert [str(call_of(c.call)) for c in candidates(ctx, strong)] == ["6NT", "3NT", "P"]
    assert [str(call_of(c.call)) for c in options(ctx, strong)] == ["6NT"]
    game = HandInfo.of(CardSet.from_pbn("AQ52.K83.K74.932"))   # 12 HCP
    assert [str(call_of(c.call)) for c in options(ctx, game)] == ["3NT", "P"]
    # the other way, a slam move against the system's game or pass is weighed (TOY: pass, then 6NT)
    toy = table_context(TOY, Seat.NORTH, calls("1NT P"))
    assert [str(call_of(c.call)) for c in options(toy, strong)] == ["P", "6NT"]
    from tenace.robots.simulation import weighed
    from tenace.system.bidding.calls import PASS, bid_code
    four_nt, four_s, six_c, seven_nt = bid_code(4, 4), bid_code(4, 3), bid_code(6, 0), bid_code(7, 4)
    assert not weighed(four_nt, PASS) and not weighed(four_nt, four_s) and not weighed(six_c, four_nt)
    assert not weighed(seven_nt, six_c)
    assert weighed(PASS, four_nt) and weighed(four_s, four_nt) and weighed(four_nt, six_c)
    assert weighed(four_s, PASS) and weighed(bid_code(5, 0), PASS)   # below slam: still weighed
