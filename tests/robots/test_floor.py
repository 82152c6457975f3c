"""The open-hands partnership oracle of ``benchmarks/bench_floor.py`` (issue 11): the contract it chooses
where the right answer is certain, and the layouts it deals of the opponents' cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tenace import Board, Deal
from tenace.analysis import DDTable
from tenace.calls import Denomination, parse_call
from tenace.cards import Suit
from tenace.seats import Seat, Side
from tenace.solver import dds

from ._benchmarks import load

needs_dds = pytest.mark.skipif(not dds.available(), reason="needs the DDS solver (endplay)")


@pytest.fixture
def floor() -> Any:
    return load("bench_floor")


def table(ns: dict[Denomination, tuple[int, int]]) -> DDTable:
    """A table where North and South take the given tricks (the opponents the rest)."""
    order = (Denomination.CLUBS, Denomination.DIAMONDS, Denomination.HEARTS, Denomination.SPADES,
             Denomination.NOTRUMP)
    north = [ns.get(d, (0, 0))[0] for d in order]
    south = [ns.get(d, (0, 0))[1] for d in order]
    return DDTable.from_rows([north, [13 - t for t in north], south, [13 - t for t in south]])


def test_ten_tricks_in_spades_on_every_layout_is_four_spades_by_the_better_declarer(floor: Any) -> None:
    # South takes one trick more than North in spades; ten tricks on every layout make 4S the only contract
    # that scores the best possible on all of them (3S and 5S each lose IMPs somewhere).
    tables = [table({Denomination.SPADES: (9, 10), Denomination.NOTRUMP: (8, 8)})] * 8
    choice = floor.choose(Board(1), Side.NS, tables)
    assert str(choice.contract) == "4SS"
    assert choice.expected == 0


def test_a_game_that_makes_on_half_the_layouts_is_bid_at_imps_when_vulnerable(floor: Any) -> None:
    # Board 4: both vulnerable. 4S makes on half the layouts (+620 against +170) and fails by one on the
    # other half (-100 against +140): +10 IMPs half the time against -6, so the game is the choice.
    tables = [table({Denomination.SPADES: (10, 10)})] * 4 + [table({Denomination.SPADES: (9, 9)})] * 4
    choice = floor.choose(Board(4), Side.NS, tables)
    assert str(choice.contract) == "4SN"


def test_a_side_that_takes_no_more_than_six_tricks_passes(floor: Any) -> None:
    tables = [table(dict.fromkeys(Denomination, (6, 5)))] * 8
    assert floor.choose(Board(1), Side.NS, tables).contract is None


def test_the_par_chooser_goes_down_undoubled_against_the_opponents_par(floor: Any) -> None:
    # The opponents make 1NT-2NT (par -120 for North-South at best): 2C down two undoubled costs -100,
    # nearer par than a pass. The oracle's opponents pass, so the par chooser profits; the main chooser not.
    tables = [table(dict.fromkeys(Denomination, (6, 5)))] * 8
    choice = floor.choose_by_par(Board(1), Side.NS, tables)
    assert choice.contract is not None
    assert floor.choose(Board(1), Side.NS, tables).contract is None


@needs_dds
def test_thirty_seven_hcp_in_one_hand_bid_the_grand_in_notrump(floor: Any) -> None:
    # North holds every ace, king and queen and the jack of spades: thirteen top tricks in notrump whoever
    # declares, on every layout; in spades a defender void in a suit could ruff, so 7NT it must be.
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    tables = dds.dd_tables(floor.layouts(deal, Side.NS, 8, random.Random(3)))
    choice = floor.choose(Board(1, deal), Side.NS, tables)
    assert choice.contract is not None
    assert (choice.contract.level, choice.contract.denomination) == (7, Denomination.NOTRUMP)


@needs_dds
def test_two_hcp_between_both_hands_pass(floor: Any) -> None:
    deal = Deal.from_pbn("N:5432.5432.432.32 AKQJ.AK.AKQ.AKQ8 876.876.8765.J54 T9.QJT9.JT9.T976")
    tables = dds.dd_tables(floor.layouts(deal, Side.NS, 8, random.Random(5)))
    assert floor.choose(Board(1, deal), Side.NS, tables).contract is None


def test_layouts_keep_the_sides_hands_and_deal_the_rest(floor: Any) -> None:
    deal = Deal.from_pbn("N:AK32.Q54.K76.J98 QJ9.AK2.QJ43.T65 T654.J98.A52.KQ7 87.T763.T98.A432")
    for known in (False, True):
        for layout in floor.layouts(deal, Side.NS, 20, random.Random(7), known_shape=known):
            assert layout[Seat.NORTH] == deal[Seat.NORTH]
            assert layout[Seat.SOUTH] == deal[Seat.SOUTH]
            assert layout[Seat.EAST] | layout[Seat.WEST] == deal[Seat.EAST] | deal[Seat.WEST]
            if known:
                assert layout[Seat.EAST].hcp == deal[Seat.EAST].hcp
                assert all(layout[Seat.EAST].count(s) == deal[Seat.EAST].count(s) for s in Suit)
    shuffled = floor.layouts(deal, Side.NS, 20, random.Random(7))
    assert len({layout[Seat.EAST] for layout in shuffled}) > 1
    assert any(layout[Seat.EAST].hcp != deal[Seat.EAST].hcp for layout in shuffled)


def test_uncontested_means_one_side_alone_made_every_non_pass_call(floor: Any) -> None:
    calls = [parse_call(c) for c in "1S P 2S P P P".split()]
    assert floor.uncontested(Seat.NORTH, calls)
    assert not floor.uncontested(Seat.NORTH, [parse_call(c) for c in "1S 2H 2S P P P".split()])
    assert floor.uncontested(Seat.NORTH, [parse_call(c) for c in "P P P P".split()])


def test_the_oracle_side_has_more_hcp(floor: Any) -> None:
    deal = Deal.from_pbn("N:5432.5432.432.32 AKQJ.AK.AKQ.AKQ8 876.876.8765.J54 T9.QJT9.JT9.T976")
    assert floor.oracle_side(deal) is Side.EW
