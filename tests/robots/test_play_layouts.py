"""The layouts the robots' card play samples (tenace.robots.layouts): every hidden hand agrees with what its
player's calls showed and denied (the system would have made exactly his calls with it), with the cards seen
and the suits shown out of; a player whose calls cannot be squared with the system is read loosely rather
than not dealt at all."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenace import Card, CardSet, Deal, Seat, Suit, parse_call
from tenace.laws import Table
from tenace.robots.bidding import table_context
from tenace.robots.layouts import Auction, Hidden, _Directed, _hcp, auction_of, could_call, deal_layouts
from tenace.robots.play import Memory, position_from_view, sample_layouts
from tenace.seats import SEATS
from tenace.system.bidding.calls import PASS, code
from tenace.system.bidding.conditions import Facts
from tenace.system.bidding.engine import HandInfo, context, decide
from tenace.system.bidding.systems import builtin

from .test_play import table_after

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

DEAL = Deal.from_pbn("N:AK5.KQ4.J876.A54 QJ4.J976.Q3.J983 T962.A832.K4.762 873.T5.AT952.KQT")


def replayed(table: Table, seat: Seat, hand: CardSet) -> list[tuple[str, str]]:
    """(the call made, the system's call with ``hand``) for each of ``seat``'s calls a robot of the system
    could not have made with ``hand`` (neither its call nor, at a choice point, an alternative it weighs)."""
    calls = [s.call.call for s in table.view(seat).calls]
    dealer = table.board.dealer
    system = builtin()
    out = []
    for i, call in enumerate(calls):
        if (dealer.index + i) % 4 != seat.index:
            continue
        ctx = table_context(system, dealer, calls[:i])
        if not could_call(ctx, HandInfo.of(hand), code(call)):
            out.append((str(call), str(decide(ctx, HandInfo.of(hand)).call)))
    return out


def test_the_opening_leader_s_layouts_give_every_bidder_a_hand_that_makes_his_calls() -> None:
    # North opens 1NT, South asks with Stayman, North denies a major and passes the invitation: every
    # layout gives North a minimum 1NT opening without a four-card major, and South a Stayman hand.
    table = table_after(DEAL, "1NT P 2C P 2D P 2NT P P P")
    view = table.view(Seat.EAST)
    position = position_from_view(view)
    layouts = sample_layouts(position, 30, random.Random(4))
    assert len(layouts) == 30
    for play, weight in layouts:
        assert weight > 0
        north, south = play.hand(Seat.NORTH), play.hand(Seat.SOUTH)
        assert play.hand(Seat.EAST) == DEAL[Seat.EAST]
        assert 15 <= north.hcp <= 17 and north.count(Suit.SPADES) <= 3 and north.count(Suit.HEARTS) <= 3
        assert replayed(table, Seat.NORTH, north) == []
        assert replayed(table, Seat.SOUTH, south) == []
        assert replayed(table, Seat.WEST, play.hand(Seat.WEST)) == []
    assert len({play.hand(Seat.NORTH) for play, _ in layouts}) > 20


def test_what_a_player_did_not_bid_counts_a_dealer_who_passed_has_no_opening() -> None:
    # North passes as dealer and East passes too; South opens 1H and North raises to game. West leads: no
    # layout gives North or East a hand the system opens with.
    table = table_after(DEAL, "P P 1H P 4H P P P")
    view = table.view(Seat.WEST)
    layouts = sample_layouts(position_from_view(view), 25, random.Random(7))
    opening = context(builtin(), Seat.NORTH.index, (False, False), ())
    second = context(builtin(), Seat.NORTH.index, (False, False), (PASS,))
    for play, _ in layouts:
        assert decide(opening, HandInfo.of(play.hand(Seat.NORTH))).call == PASS
        assert decide(second, HandInfo.of(play.hand(Seat.EAST))).call == PASS
        assert replayed(table, Seat.SOUTH, play.hand(Seat.SOUTH)) == []


def test_the_cards_seen_stay_and_the_auction_still_holds_in_the_middle_of_the_play() -> None:
    memory = Memory()
    table = table_after(DEAL, "1NT P 2C P 2D P 2NT P P P", "H6 H2 HT HK SA S4 S2 S3", (Seat.EAST, memory))
    actual = table.play
    assert actual is not None
    position = position_from_view(table.view(Seat.EAST), memory)
    for play, _ in sample_layouts(position, 20, random.Random(2)):
        assert play.cards == actual.cards
        assert play.hand(Seat.EAST) == actual.hand(Seat.EAST)
        assert play.hand(Seat.SOUTH) == actual.hand(Seat.SOUTH)   # dummy
        assert replayed(table, Seat.NORTH, play.deal[Seat.NORTH]) == []
        assert replayed(table, Seat.WEST, play.deal[Seat.WEST]) == []


def test_a_player_whose_calls_cannot_be_squared_with_the_cards_seen_is_read_loosely() -> None:
    # North "opened 1NT" (15-17) but the cards he has played already hold 20 HCP: no strict layout exists,
    # so North is read more loosely; the layouts keep the cards seen and the other hand's constraints.
    facts = Facts(hcp_min=15, hcp_max=17)
    fixed = CardSet.from_pbn("AKQ.AKQ.AK.").bits   # 25 HCP played by North
    rest = CardSet.full().bits & ~fixed
    mine = CardSet([Card.from_index(i) for i in range(52) if rest >> i & 1][:13]).bits
    pool = rest & ~mine
    hidden = [Hidden(Seat.NORTH, fixed, 13 - 8, 0, frozenset()), Hidden(Seat.WEST, 0, 13, 0, frozenset()),
              Hidden(Seat.SOUTH, 0, 13, 0, frozenset())]
    assert pool.bit_count() == 31
    auction = {Seat.NORTH: Auction(facts, ()), Seat.WEST: Auction(Facts(hcp_max=4), ())}
    layouts = deal_layouts(hidden, pool, auction, 10, random.Random(3))
    assert len(layouts) == 10
    for layout in layouts:
        west = CardSet(layout.hands[Seat.WEST])
        assert len(west) == 13 and west.hcp <= 4
        assert len(layout.hands[Seat.NORTH]) == 5


def test_a_soft_constraint_weighs_the_layouts_and_weight_zero_is_never_dealt() -> None:
    pool = CardSet.full() - DEAL[Seat.NORTH]
    hidden = [Hidden(seat, 0, 13, 0, frozenset()) for seat in (Seat.EAST, Seat.SOUTH, Seat.WEST)]
    ace = Card.from_str("SQ")

    def likelihood(seat: Seat, bits: int) -> float:
        if seat is Seat.EAST:
            return 0.0 if bits >> ace.index & 1 else 1.0
        return 1.0

    layouts = deal_layouts(hidden, pool.bits, {}, 40, random.Random(5), likelihood)
    assert all(ace not in layout.hands[Seat.EAST] for layout in layouts)
    assert any(ace in layout.hands[Seat.WEST] for layout in layouts)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), low=st.integers(0, 20), width=st.integers(0, 6),
       spades=st.integers(0, 6))
def test_a_directed_draw_has_the_strength_and_lengths_asked_for(seed: int, low: int, width: int,
                                                                spades: int) -> None:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    pool = sum(1 << i for i in deck[:39])
    suits = tuple(tuple(1 << i for i in range(52) if pool >> i & 1 and i // 13 == s) for s in range(4))
    vectors = [v for v in combinations_with_total(tuple(len(s) for s in suits), 13) if v[3] == spades]
    if not vectors:
        return
    directed = _Directed(suits, vectors, low, low + width)
    if not directed.ways:
        return
    for _ in range(20):
        bits = directed.draw(rng)
        assert bits & ~pool == 0 and bits.bit_count() == 13
        assert low <= _hcp(bits) <= low + width
        assert (bits >> 39 & 0x1FFF).bit_count() == spades


def combinations_with_total(available: tuple[int, ...], total: int) -> list[tuple[int, ...]]:
    return [(c, d, h, total - c - d - h) for c in range(available[0] + 1) for d in range(available[1] + 1)
            for h in range(available[2] + 1) if 0 <= total - c - d - h <= available[3]]


def test_a_directed_draw_deals_every_hand_of_its_kind_equally_often() -> None:
    # 8 cards, 4 drawn, 3 to 5 HCP: count each possible hand over many draws.
    cards = [Card.from_str(c) for c in ("SA", "SK", "SQ", "SJ", "S2", "S3", "H4", "H5")]
    suits = tuple(tuple(1 << c.index for c in cards if c.suit.index == s) for s in range(4))
    vectors = combinations_with_total(tuple(len(s) for s in suits), 4)
    directed = _Directed(suits, vectors, 3, 5)
    hands = [sum(1 << c.index for c in combo) for combo in combinations(cards, 4)
             if 3 <= _hcp(sum(1 << c.index for c in combo)) <= 5]
    assert directed.ways == len(hands)
    rng = random.Random(1)
    counts = dict.fromkeys(hands, 0)
    draws = 300 * len(hands)
    for _ in range(draws):
        counts[directed.draw(rng)] += 1
    assert all(200 <= n <= 400 for n in counts.values()), counts


def test_auction_of_lists_each_player_s_calls_to_replay() -> None:
    calls = [parse_call(c) for c in "1NT P 2C P 2D P 2NT P P P".split()]
    auction = auction_of(table_context(builtin(), Seat.NORTH, calls))
    assert [call for _, call in auction[Seat.NORTH].replays] == [code(calls[0]), code(calls[4]),
                                                                 code(calls[8])]
    assert auction[Seat.NORTH].facts.hcp_min >= 15
    assert set(auction) == set(SEATS)
