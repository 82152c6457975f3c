"""Law 67: defective tricks — a player who played no card to a trick, or more than one.

The engine's play is always four cards a trick in rotation, so Law 67 is offered as functions a Director's
console applies to the tricks as they were actually turned."""

from __future__ import annotations

import pytest

from tenace import Card, CardSet, Seat, Side, Suit
from tenace.laws.revokes import (
    defective_tricks,
    law_67b_transfer,
    omission_card_choices,
    restore_extra_cards,
)

C = Card.from_str
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def test_67_a_trick_with_one_card_from_each_player_is_not_defective() -> None:
    assert defective_tricks([[(W, C("S2")), (N, C("S3")), (E, C("S4")), (S, C("S5"))]]) == ()


def test_67_detects_a_player_who_omitted_to_play() -> None:
    """Law 67A: South turned no card to trick 2."""
    tricks = [
        [(W, C("S2")), (N, C("S3")), (E, C("S4")), (S, C("S5"))],
        [(E, C("H2")), (W, C("H4")), (N, C("H5"))],
    ]
    (defect,) = defective_tricks(tricks)
    assert (defect.trick, defect.seat, defect.omitted) == (2, S, True)


def test_67_detects_a_player_who_played_two_cards_to_a_trick() -> None:
    """Law 67A: East contributed two cards to trick 1."""
    (defect,) = defective_tricks([[(W, C("S2")), (N, C("S3")), (E, C("S4")), (E, C("S9")), (S, C("S5"))]])
    assert (defect.trick, defect.seat, defect.cards, defect.omitted) == (1, E, (C("S4"), C("S9")), False)


def test_67a1_67b1a_the_offender_supplies_a_card_of_the_suit_led_if_he_has_one() -> None:
    """Laws 67A1 and 67B1(a): the card supplied must follow suit when he can."""
    hand = CardSet.from_pbn("K2.A3.Q.J")
    assert set(omission_card_choices(hand, Suit.SPADES)) == {C("SK"), C("S2")}


def test_67b1b_with_no_card_of_the_suit_led_he_chooses_any_card() -> None:
    """Law 67B1(b): no card of the suit led: any card."""
    hand = CardSet.from_pbn("K2.A3.Q.")
    assert omission_card_choices(hand, Suit.CLUBS) == hand


def test_67b1_deemed_revoke_costs_one_trick_if_his_side_won_that_or_a_later_trick() -> None:
    """Law 67B1: the offender is deemed to have revoked on the defective trick; one trick is transferred as
    in Law 64A2 (his card does not change who won the defective trick)."""
    assert law_67b_transfer(S, 1, (E, S, E, W)) == 1  # South won the defective trick himself: still one
    assert law_67b_transfer(S, 1, (E, W, E, N)) == 1  # partner won a later trick
    assert law_67b_transfer(S, 1, (E, W, E, W)) == 0  # nothing won from the defective trick on
    assert law_67b_transfer(S, 1, (E, W, Side.NS)) == 1  # a trick conceded by a claim counts


def test_67b2a_the_faced_card_stays_and_the_others_go_back_to_the_hand() -> None:
    """Law 67B2(a): the Director leaves the card faced in playing to the trick among the played cards."""
    assert restore_extra_cards([C("H2"), C("HK")], C("H2"), CardSet()) == (C("H2"), (C("HK"),))


def test_67b2a_when_nobody_knows_which_was_faced_the_highest_lawful_card_stays() -> None:
    """Law 67B2(a): if the Director cannot tell which card was faced, the highest of those the offender could
    lawfully have played stays."""
    legal = CardSet([C("H2"), C("H9")])
    assert restore_extra_cards([C("SA"), C("H9"), C("H2")], None, legal) == (C("H9"), (C("SA"), C("H2")))


def test_67b2a_the_faced_card_must_be_one_of_those_played() -> None:
    with pytest.raises(ValueError, match="not among"):
        restore_extra_cards([C("H2"), C("HK")], C("SA"), CardSet())
