"""The robots' bidding: textbook hands get the calls the system description (tenace/robots/system.py) gives,
every call is legal, and alerts and explanations come from the description's own texts (Laws 20F, 40)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from strategies import deals, partial_auctions
from tenace import CardSet, Seat, Suit, parse_call
from tenace.auction import Auction
from tenace.calls import Call, Pass
from tenace.robots import SYSTEM, Rule, System, choose_call, explain_call, shown
from tenace.robots.bidding import SystemError_, check_system


def calls(text: str) -> tuple[Call, ...]:
    return tuple(parse_call(c) for c in text.split())


def bid(hand: str, auction: str = "", dealer: Seat = Seat.NORTH) -> tuple[str, bool, str]:
    """The call, alert and explanation for the player on turn after ``auction`` (from ``dealer``)."""
    history = calls(auction)
    seat = dealer.rotate(len(history))
    choice = choose_call(CardSet.from_pbn(hand), dealer, seat, history)
    return str(choice.call), choice.alert, choice.explanation


def meaning(auction: str, call: str) -> tuple[bool, str]:
    """The alert and text the description itself gives for ``call`` after ``auction`` (first such rule)."""
    rule = next(r for r in SYSTEM.rules if r.auction == auction and r.call == call)
    return rule.alert, rule.meaning


# --- openings -----------------------------------------------------------------------------------------------

def test_balanced_16_count_opens_1nt_as_the_description_says() -> None:
    assert bid("AK5.KQ4.J876.A54") == ("1NT", *meaning("", "1NT"))


def test_14_count_balanced_is_not_a_1nt_opening_but_one_of_a_minor() -> None:
    call, _, _ = bid("AK5.K54.J876.Q54")   # 13 HCP, 3-3-4-3: four diamonds
    assert call == "1D"


def test_five_card_spade_suit_with_13_hcp_opens_1s() -> None:
    assert bid("AKJ54.K54.Q76.54")[0] == "1S"


def test_five_five_majors_open_the_higher_ranking_spades() -> None:
    assert bid("AK654.KQ654.5.54")[0] == "1S"


def test_four_card_major_without_five_opens_a_minor() -> None:
    assert bid("AK54.K54.Q7.J654")[0] == "1C"   # 13 HCP, 4-3-2-4: no five-card major, clubs


def test_22_hcp_opens_the_artificial_alerted_2c() -> None:
    call, alert, text = bid("AKQ5.AKQ4.AK7.J5")
    assert (call, alert, text) == ("2C", True, meaning("", "2C")[1])


def test_six_spades_and_8_hcp_open_a_weak_two() -> None:
    assert bid("KQJ954.54.Q76.54")[0] == "2S"


def test_flat_9_count_passes_in_first_seat() -> None:
    assert bid("K954.Q54.J76.Q54")[0] == "P"


# --- after 1NT --------------------------------------------------------------------------------------------

def test_four_hearts_and_10_hcp_use_alerted_stayman_over_1nt() -> None:
    assert bid("Q762.AJ53.43.K76", "1NT P") == ("2C", *meaning("1NT P", "2C"))


def test_five_hearts_transfer_with_2d_over_1nt_even_when_weak() -> None:
    assert bid("762.QJ953.43.876", "1NT P") == ("2D", *meaning("1NT P", "2D"))


def test_five_spades_transfer_with_2h_over_1nt() -> None:
    assert bid("KJ762.953.43.K76", "1NT P") == ("2H", *meaning("1NT P", "2H"))


def test_flat_11_count_without_a_major_raises_1nt_to_3nt() -> None:
    assert bid("K62.Q53.K432.Q76", "1NT P")[0] == "3NT"


def test_weak_flat_hand_passes_1nt() -> None:
    assert bid("862.953.J432.Q76", "1NT P")[0] == "P"


def test_opener_answers_stayman_with_four_spades() -> None:
    assert bid("AKJ5.K54.Q76.A54", "1NT P 2C P")[0] == "2S"


def test_opener_without_a_major_answers_stayman_2d_alerted() -> None:
    assert bid("AK5.K54.Q762.A54", "1NT P 2C P") == ("2D", *meaning("1NT P 2C P", "2D"))


def test_opener_completes_a_heart_transfer_alerted() -> None:
    assert bid("AK5.54.Q762.AK54", "1NT P 2D P") == ("2H", *meaning("1NT P 2D P", "2H"))


def test_responder_with_a_fit_after_stayman_bids_game_in_the_major() -> None:
    assert bid("Q762.AJ53.43.K76", "1NT P 2C P 2H P")[0] == "4H"


# --- responses, rebids, competition -------------------------------------------------------------------

def test_three_card_support_and_8_hcp_raise_partner_s_major() -> None:
    assert bid("K62.Q53.J432.Q76", "1H P")[0] == "2H"


def test_raise_of_partner_s_major_survives_an_overcall() -> None:
    assert bid("K62.Q53.J432.Q76", "1H 1S") == ("2H", *meaning("1M *", "2M"))


def test_without_a_fit_the_robot_passes_over_an_overcall() -> None:
    call, alert, _ = bid("K62.53.J432.Q765", "1H 1S")
    assert (call, alert) == ("P", False)


def test_four_spades_over_partner_s_1d_are_shown_at_the_one_level() -> None:
    assert bid("KJ62.Q5.J432.Q76", "1D P")[0] == "1S"


def test_takeout_double_of_1h_with_shortness_and_support_for_the_rest() -> None:
    assert bid("KJ62.5.AJ43.KQ76", "1H") == ("X", *meaning("1x", "X"))


def test_simple_overcall_with_a_good_five_card_suit() -> None:
    assert bid("AQJ62.54.K43.976", "1C") == ("1S", *meaning("1x", "1y"))


def test_weak_hand_passes_over_an_opponent_s_opening() -> None:
    assert bid("Q962.54.J43.9765", "1S")[0] == "P"


def test_partner_of_the_doubler_names_his_longest_unbid_suit() -> None:
    assert bid("Q962.54.J943.765", "1H X P")[0] == "1S"


# --- legality and explanations ------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(deal=deals(), auction=partial_auctions())
def test_every_call_chosen_is_legal_and_explained(deal, auction: Auction) -> None:  # type: ignore[no-untyped-def]
    assume(not auction.is_complete)
    seat = auction.turn
    choice = choose_call(deal[seat], auction.dealer, seat, auction.calls)
    assert auction.is_legal(choice.call)
    assert choice.explanation
    if choice.alert:
        assert choice.rule is not None and choice.explanation == choice.rule.meaning


@settings(max_examples=60, deadline=None)
@given(deal=deals(), dealer=st.sampled_from(list(Seat)))
def test_four_systematic_players_always_finish_the_auction_lawfully(deal, dealer: Seat) -> None:  # type: ignore[no-untyped-def]
    auction = Auction(dealer)
    while not auction.is_complete:
        seat = auction.turn
        choice = choose_call(deal[seat], dealer, seat, auction.calls)
        auction = auction.push(choice.call)   # raises on an illegal call
        assert len(auction) < 40
        if choice.rule is not None:  # what an opponent is told on request includes what was said
            assert choice.explanation in explain_call(auction.calls, len(auction) - 1)


def test_explanation_on_request_is_the_description_text_for_an_artificial_call() -> None:
    assert explain_call(calls("1NT P 2C"), 2) == meaning("1NT P", "2C")[1]


def test_a_pass_no_rule_covers_is_explained_as_such() -> None:
    text = explain_call(calls("1S 2H 3H"), 2)   # no rule for a cue-bid: the robots have no agreement
    assert text
    assert text not in {r.meaning for r in SYSTEM.rules}


def test_every_alerted_rule_has_a_meaning() -> None:
    assert all(r.meaning.strip() for r in SYSTEM.rules if r.alert)


def test_the_description_reads_and_a_misspelt_rule_is_named() -> None:
    check_system()
    broken = System("broken", "", (Rule("1NT P", "2C", ("hcp 8+", "hearts>=4"), "Stayman"),))
    with pytest.raises(SystemError_, match="hearts>=4"):
        check_system(broken)


def test_what_the_auction_showed_is_read_from_the_description() -> None:
    seen = shown(Seat.NORTH, calls("1NT P 2D P"))
    assert (seen[Seat.NORTH].hcp_min, seen[Seat.NORTH].hcp_max) == (15, 17)
    assert seen[Seat.SOUTH].lengths.get(Suit.HEARTS) == 5
    assert seen[Seat.EAST].hcp_max == 37   # a pass over 1NT: no rule, nothing inferred


def test_first_seat_pass_shows_less_than_an_opening() -> None:
    seen = shown(Seat.NORTH, calls("P"))
    assert seen[Seat.NORTH].hcp_max == 11
    assert isinstance(calls("P")[0], Pass)
