"""Early defence and the effort of a card decision: textbook third-hand play, the honour led read as the top
of touching honours, and a decision that stops solving as soon as one card is clearly the best (while a
close one goes on)."""

from __future__ import annotations

import random

import pytest

from tenace import Card, CardSet, Deal, Seat
from tenace.laws import CardPlayed
from tenace.robots import Robot
from tenace.robots.play import CLEAR, _clear, _reading, effort, position_from_view, sample_layouts
from tenace.robots.signals import LEAD_MISREAD, MISREAD, STANDARD, Signal, Situation, reader
from tenace.seats import SEATS
from tenace.solver.dds import SolvedPosition, solve_position

from .test_play import CASH_OUT, table_after

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _solved(values: dict[str, int]) -> tuple[SolvedPosition, float]:
    cards = tuple((Card.from_str(c), v) for c, v in values.items())
    return SolvedPosition(Seat.WEST, Seat.SOUTH, 0, 13, cards), 1.0


def test_one_trick_more_on_every_layout_is_clear_at_once() -> None:
    solved = [_solved({"SA": 5, "S2": 4, "H3": 4})] * 3
    assert _clear(solved)


def test_cards_equal_on_every_layout_do_not_keep_a_decision_open() -> None:
    # the king and queen of spades take the same tricks everywhere: the king is still clearly the best
    solved = [_solved({"SK": 5, "SQ": 5, "H3": 3}), _solved({"SK": 6, "SQ": 6, "H3": 4})]
    assert _clear(solved)


def test_a_card_better_on_one_layout_of_twenty_is_not_clear() -> None:
    # one layout in twenty favours the ace: its lead is 0.05 of a trick, with a standard error of about as
    # much, far from CLEAR standard errors
    solved = [_solved({"SA": 5, "S2": 5})] * 19 + [_solved({"SA": 6, "S2": 5})]
    assert not _clear(solved)
    # the same lead on every other layout (half of them) is clear: 0.5 of a trick, standard error ~0.11
    solved = [_solved({"SA": 5, "S2": 5}), _solved({"SA": 6, "S2": 5})] * 10
    assert _clear(solved)
    assert CLEAR > 2


def test_a_tie_on_average_is_never_clear() -> None:
    solved = [_solved({"SA": 6, "S2": 5}), _solved({"SA": 5, "S2": 6})] * 5
    assert not _clear(solved)
    assert not _clear([_solved({"SA": 6, "S2": 5})])   # one layout says nothing about the spread


def test_weights_count_as_fewer_layouts() -> None:
    # two layouts of weight one and eighteen of almost none: about two layouts' worth, not twenty
    heavy = [(_solved({"SA": 6, "S2": 5})[0], 1.0), (_solved({"SA": 5, "S2": 5})[0], 1.0)]
    light = [(_solved({"SA": 6, "S2": 5})[0], 1e-6)] * 18
    assert not _clear(heavy + light)
    assert _clear([(r, 1.0) for r, _ in light])


def test_the_opening_lead_solves_half_as_many_again_and_third_hand_up_to_twice_as_many() -> None:
    lead = position_from_view(table_after(CASH_OUT, "P P 1NT P P P", "").view(Seat.WEST))
    assert effort(lead, 20) == (30, 30)
    third = position_from_view(table_after(CASH_OUT, "P P 1NT P P P", "HJ H3").view(Seat.EAST))
    assert effort(third, 20) == (20, 40)


def test_a_clear_opening_lead_stops_at_the_first_layouts() -> None:
    # West's opening lead against South's 1NT on CASH_OUT: the diamond and club tops take five tricks at
    # once on every layout, anything else gives South time for his eight winners, so the first 12 layouts
    # settle it
    table = table_after(CASH_OUT, "P P 1NT P P P", "")
    robot = Robot(Seat.WEST, samples=12, seed=5)
    event = robot.act(table.view(Seat.WEST))
    assert isinstance(event, CardPlayed)
    play = table.play
    assert play is not None
    values = dict(solve_position(play).cards)
    assert values[event.card] == max(values.values())
    assert values[event.card] > min(values.values())   # a wrong lead exists


# East's third-hand play at trick 1: West leads the two of spades against South's 3NT, dummy plays low.
# East holds Q-J-3: the three lets South win cheaply with the nine; the jack (the lower of the touching
# honours, textbook third hand high) forces the ace.
THIRD_HAND = Deal.from_pbn("N:876.T2.AQT8.AJ63 QJ3.K93.763.8742 AT9.AJ76.J54.KQ9 K542.Q854.K92.T5")


def test_third_hand_plays_high_the_lower_of_touching_honours() -> None:
    table = table_after(THIRD_HAND, "1NT P 3NT P P P", "S2 S6", board=3)   # South deals board 3
    assert table.contract is not None and table.contract.declarer is Seat.SOUTH
    assert table.turn is Seat.EAST
    play = table.play
    assert play is not None
    values = dict(solve_position(play).cards)
    assert values[Card.from_str("S3")] < values[Card.from_str("SJ")]   # the low card costs a trick here
    for seed in (1, 2):
        event = Robot(Seat.EAST, samples=10, seed=seed).act(table.view(Seat.EAST))
        assert isinstance(event, CardPlayed) and event.card == Card.from_str("SJ")


def test_an_honour_led_that_is_not_the_top_of_touching_honours_weighs_little() -> None:
    lead = Signal(Situation("lead"), Card.from_str("SJ"), 0)
    likelihood = reader({Seat.NORTH: [lead]}, STANDARD)
    with_queen = CardSet.from_pbn("QJ.AT7.K7642.T65").bits
    without = CardSet.from_pbn("J.AT7.K7642.QT65").bits
    assert likelihood(Seat.NORTH, without) == 1.0
    assert likelihood(Seat.NORTH, with_queen) == LEAD_MISREAD
    assert LEAD_MISREAD < MISREAD


def test_the_layouts_of_third_hand_rarely_give_partner_the_honour_above_the_one_he_led() -> None:
    # North leads the jack of spades; South (third hand, K-T-6-4) samples North's hand: the queen is with
    # North on a small share of the weight only
    deal = Deal.from_pbn("N:J.AT7.K7642.QT65 875.Q932.JT5.932 KT64..AQ983.J874 AQ932.KJ8654..AK")
    table = table_after(deal, "P P P 1H P P X P 1S P 2S 3H P P P", "SJ S5", board=1)
    position = position_from_view(table.view(Seat.SOUTH))
    likelihood = _reading(position, Seat.SOUTH, STANDARD)
    assert likelihood is not None
    layouts = sample_layouts(position, 120, random.Random(4), likelihood)
    total = sum(w for _, w in layouts)
    queen = Card.from_str("SQ")
    share = sum(w for play, w in layouts if queen in play.deal[Seat.NORTH]) / total
    unweighted = sum(1 for play, _ in layouts if queen in play.deal[Seat.NORTH]) / len(layouts)
    assert share < unweighted / 3
    assert all(len(play.deal[s]) == 13 for play, _ in layouts for s in SEATS)
