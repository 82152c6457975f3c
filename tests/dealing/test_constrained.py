"""Constrained dealing for practice and simulation (tenace.dealing.constrained)."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import deals
from tenace import SEATS, CardSet, Deal, NotationError, PartialDeal, Seat, Suit
from tenace.dealing import random_deal
from tenace.dealing.constrained import (
    ConstraintError,
    DealConstraints,
    HandConditions,
    TooManyAttemptsError,
    constrained_deal,
)

from ._stats import chi_squared

SUIT_FIELDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}


def _widened(hand: CardSet, slack: list[int]) -> HandConditions:
    """Conditions that ``hand`` meets, widened by the given slack."""
    ranges = {
        name: (max(0, hand.count(suit) - slack[i]), min(13, hand.count(suit) + slack[i]))
        for i, (suit, name) in enumerate(SUIT_FIELDS.items())
    }
    hcp = (max(0, hand.hcp - slack[4]), min(37, hand.hcp + slack[4]))
    return HandConditions(hcp=hcp, **ranges)  # type: ignore[arg-type]


@st.composite
def feasible_constraints(draw: st.DrawFn) -> tuple[DealConstraints, Deal]:
    """Constraints built around a real deal, so that at least that deal meets them."""
    deal = draw(deals())
    predeal = {}
    for seat in draw(st.lists(st.sampled_from(SEATS), max_size=2, unique=True)):
        cards = draw(st.lists(st.sampled_from(list(deal[seat])), max_size=13, unique=True))
        predeal[seat] = CardSet(cards)
    conditions = {
        seat: _widened(deal[seat], draw(st.lists(st.integers(2, 4), min_size=5, max_size=5)))
        for seat in draw(st.lists(st.sampled_from(SEATS), max_size=2, unique=True))
    }
    return DealConstraints(predeal=predeal, conditions=conditions), deal


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(feasible_constraints(), st.integers(0, 2**32))
def test_every_deal_meets_every_constraint(case: tuple[DealConstraints, Deal], seed: int) -> None:
    spec, _ = case
    rng = random.Random(seed)
    for deal in spec.deals(3, rng, max_attempts=200_000):
        for seat, cards in spec.predeal.items():  # type: ignore[union-attr]
            assert cards.issubset(deal[seat])
        for seat, cond in spec.conditions.items():
            hand = deal[seat]
            assert cond.hcp_range[0] <= hand.hcp <= cond.hcp_range[1]
            for suit in Suit:
                lo, hi = cond.length_range(suit)
                assert lo <= hand.count(suit) <= hi


def test_a_one_notrump_opener_opposite_a_predealt_hand() -> None:
    south = CardSet.from_pbn("KQ5.AJ74.K83.Q62")
    balanced = HandConditions(hcp=(15, 17), spades=(2, 4), hearts=(2, 4), diamonds=(2, 5), clubs=(2, 5))
    spec = DealConstraints(predeal={Seat.SOUTH: south}, conditions={Seat.NORTH: balanced})
    for deal in spec.deals(30, random.Random(3)):
        assert deal[Seat.SOUTH] == south
        assert 15 <= deal[Seat.NORTH].hcp <= 17
        spades, hearts, diamonds, clubs = deal[Seat.NORTH].shape
        assert 2 <= spades <= 4 and 2 <= hearts <= 4 and 2 <= diamonds <= 5 and 2 <= clubs <= 5


def test_predicates_on_a_hand_and_on_the_deal_are_respected() -> None:
    def has_spade_ace(hand: CardSet) -> bool:
        return CardSet.from_pbn("A...").issubset(hand)

    def ns_have_25(deal: Deal) -> bool:
        return deal[Seat.NORTH].hcp + deal[Seat.SOUTH].hcp >= 25

    spec = DealConstraints(conditions={Seat.EAST: HandConditions(accept=has_spade_ace)}, accept=ns_have_25)
    for deal in spec.deals(20, random.Random(8)):
        assert has_spade_ace(deal[Seat.EAST]) and ns_have_25(deal)


def test_the_same_seed_reproduces_the_same_deals() -> None:
    spec = DealConstraints(conditions={Seat.WEST: HandConditions(hearts=(6, 13))})
    assert spec.deals(5, random.Random(42)) == spec.deals(5, random.Random(42))
    assert spec.deals(5, random.Random(42)) != spec.deals(5, random.Random(43))


def test_without_constraints_the_seeded_path_is_the_plain_random_deal() -> None:
    assert DealConstraints().deal(random.Random(5)) == random_deal(random.Random(5))
    assert DealConstraints().completions == math.factorial(52) // math.factorial(13) ** 4


def test_partial_deal_and_pbn_strings_are_accepted_as_predeal() -> None:
    partial = PartialDeal.from_pbn("N:AKQJT98765432... - - -")
    deal = DealConstraints(predeal=partial).deal(random.Random(1))
    assert deal[Seat.NORTH] == CardSet.from_pbn("AKQJT98765432...")
    deal = constrained_deal(random.Random(2), predeal={Seat.EAST: "AK.QJ.T9.8"})
    assert CardSet.from_pbn("AK.QJ.T9.8").issubset(deal[Seat.EAST])


def test_the_rest_of_the_pack_is_dealt_uniformly_around_a_predealt_hand() -> None:
    # With North's 13 cards fixed, East's spade count is hypergeometric over the other 39 cards.
    north = CardSet.from_pbn("AKQJ.T98.765.432")
    spades_left = 13 - north.count(Suit.SPADES)
    exact = {k: Fraction(math.comb(spades_left, k) * math.comb(39 - spades_left, 13 - k), math.comb(39, 13))
             for k in range(0, spades_left + 1)}
    probabilities = {k: p for k, p in exact.items() if p * 3000 >= 5}
    probabilities["other"] = 1 - sum(probabilities.values())
    spec = DealConstraints(predeal={Seat.NORTH: north})
    observed = [d[Seat.EAST].count(Suit.SPADES) for d in spec.deals(3000, random.Random(17))]
    _, _, p_value = chi_squared(observed, probabilities)
    assert p_value > 0.001


def test_conditions_select_uniformly_among_the_deals_that_meet_them() -> None:
    # Given that West has exactly 5 hearts, the heart ace is West's with probability 5/13.
    spec = DealConstraints(conditions={Seat.WEST: HandConditions(hearts=5)})
    sample = spec.deals(1500, random.Random(23))
    ace = CardSet.from_pbn(".A..")
    observed = ["west" if ace.issubset(d[Seat.WEST]) else "other" for d in sample]
    _, _, p_value = chi_squared(observed, {"west": Fraction(5, 13), "other": Fraction(8, 13)})
    assert p_value > 0.001


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"predeal": {Seat.NORTH: "AKQJT98765432.A.."}}, "North is predealt 14 cards, but a hand has 13"),
        ({"predeal": {Seat.NORTH: "A...", Seat.SOUTH: "AK..."}}, "SA predealt to both North and South"),
        ({"predeal": {Seat.EAST: "AKQJT..."}, "conditions": {Seat.EAST: HandConditions(spades=(0, 4))}},
         "East is predealt 5 spades but may hold at most 4"),
        ({"predeal": {Seat.EAST: "AKQJT..."}, "conditions": {Seat.WEST: HandConditions(spades=(9, 13))}},
         "West needs at least 9 spades but can hold at most 8"),
        ({"predeal": {Seat.SOUTH: "AKQ.AKQ.AKQ.A"}, "conditions": {Seat.SOUTH: HandConditions(hcp=(0, 30))}},
         "South will hold at least 31 HCP, more than the maximum 30"),
        ({"predeal": {Seat.SOUTH: "5432.5432.5432.5"},
          "conditions": {Seat.SOUTH: HandConditions(accept=lambda hand: hand.hcp > 0)}},
         "South's predealt hand 5432.5432.5432.5 does not meet its conditions"),
        ({"predeal": {Seat.SOUTH: "5432.5432.5432.5"},
          "conditions": {Seat.SOUTH: HandConditions(hcp=(12, 37))}},
         "South can hold at most 0 HCP, less than the minimum 12"),
        ({"predeal": {Seat.NORTH: "AKQJ.AKQJ.AKQJ.", Seat.EAST: "T98765432.T987..",
                      Seat.SOUTH: ".65432.T987654.", Seat.WEST: "..32."},
          "conditions": {Seat.NORTH: HandConditions(clubs=0)}},
         "North must receive more than 0 clubs"),
        ({"conditions": {Seat.NORTH: HandConditions(hcp=(21, 37)), Seat.SOUTH: HandConditions(hcp=(20, 37))}},
         "the minimum HCP add up to 41, but a deal has 40"),
        ({"conditions": {s: HandConditions(hcp=(0, 9)) for s in SEATS}}, "the maximum HCP add up to 36"),
        ({"conditions": {Seat.NORTH: HandConditions(spades=7), Seat.SOUTH: HandConditions(spades=(7, 13))}},
         "the seats need at least 14 spades between them"),
        ({"conditions": {s: HandConditions(diamonds=(0, 3)) for s in SEATS}},
         "the seats may hold at most 12 diamonds between them"),
    ],
)
def test_impossible_constraints_are_rejected_before_dealing(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConstraintError, match=message):
        DealConstraints(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hcp": (12, 40)}, "hcp must be"),
        ({"hcp": (18, 12)}, "hcp must be"),
        ({"spades": (-1, 3)}, "spades must be"),
        ({"clubs": 14}, "clubs must be"),
        ({"hearts": (1, 2, 3)}, "hearts must be a number or a range"),
        ({"diamonds": [2, 3]}, "diamonds must be a number or a range"),
        ({"spades": 5, "hearts": 5, "diamonds": 4}, "minimum suit lengths add up to 14"),
        ({"spades": (0, 3), "hearts": (0, 3), "diamonds": (0, 3), "clubs": (0, 3)}, "add up to 12"),
        ({"accept": 42}, "accept must be a function"),
    ],
)
def test_malformed_hand_conditions_are_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConstraintError, match=message):
        HandConditions(**kwargs)  # type: ignore[arg-type]


def test_exact_numbers_are_ranges_of_one() -> None:
    cond = HandConditions(hcp=10, spades=5)
    assert cond.hcp_range == (10, 10) and cond.length_range(Suit.SPADES) == (5, 5)
    assert cond.length_range(Suit.HEARTS) == (0, 13)


def test_max_attempts_guards_against_constraints_that_never_hold() -> None:
    never = HandConditions(accept=lambda hand: False)
    spec = DealConstraints(conditions={Seat.NORTH: never})
    with pytest.raises(TooManyAttemptsError, match="no deal met the constraints in 50 attempts"):
        spec.deal(random.Random(0), max_attempts=50)
    with pytest.raises(ValueError, match="max_attempts"):
        spec.deal(random.Random(0), max_attempts=0)
    assert isinstance(TooManyAttemptsError("x"), ValueError)


def test_bad_predeal_text_and_keys_name_the_seat() -> None:
    with pytest.raises(NotationError, match="predeal for West"):
        DealConstraints(predeal={Seat.WEST: "AKX..."})
    with pytest.raises(ConstraintError, match="predeal keys are seats"):
        DealConstraints(predeal={"N": CardSet()})  # type: ignore[dict-item]
    with pytest.raises(ConstraintError, match="conditions for North must be HandConditions"):
        DealConstraints(conditions={Seat.NORTH: (12, 14)})  # type: ignore[dict-item]


def test_a_fully_predealt_deal_is_returned_as_is() -> None:
    deal = random_deal(random.Random(77))
    assert DealConstraints(predeal=dict(deal)).deal(random.Random(1)) == deal
