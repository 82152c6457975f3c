"""Deal numbers (tenace.dealing.index): a bijection between deals and 0 .. 52!/(13!)^4 - 1."""

from __future__ import annotations

import math
import random
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import deals
from tenace import DECK, Card, CardSet, Deal, Seat
from tenace.dealing.index import (
    DEAL_COUNT,
    deal_from_index,
    deal_to_index,
    multinomial,
    rank_assignment,
    unrank_assignment,
)

indices = st.integers(min_value=0, max_value=DEAL_COUNT - 1)
# Dealing order of the numbering: spades ace first, clubs two last.
DEALING_ORDER = [Card.from_str(s + r) for s in "SHDC" for r in "AKQJT98765432"]


def test_deal_count_is_52_factorial_over_13_factorial_to_the_fourth() -> None:
    assert DEAL_COUNT == math.factorial(52) // math.factorial(13) ** 4
    assert DEAL_COUNT == 53_644_737_765_488_792_839_237_440_000  # the figure every bridge text quotes
    assert DEAL_COUNT == math.comb(52, 13) * math.comb(39, 13) * math.comb(26, 13)


def test_index_zero_gives_north_the_spades_east_hearts_south_diamonds_west_clubs() -> None:
    deal = deal_from_index(0)
    assert deal == Deal.from_pbn(
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    )
    assert deal_to_index(deal) == 0


def test_last_index_gives_west_the_spades_and_north_the_clubs() -> None:
    deal = deal_from_index(DEAL_COUNT - 1)
    assert deal == Deal.from_pbn(
        "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."
    )
    assert deal_to_index(deal) == DEAL_COUNT - 1


def test_index_one_is_the_next_word_in_dictionary_order() -> None:
    # Worked by hand: the first word is N^13 E^13 S^13 W^13. The next word changes the latest position that
    # can grow: the two of diamonds moves from South to West, so the club ace moves from West to South.
    expected = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT9876543.A ..2.KQJT98765432")
    assert deal_from_index(1) == expected
    assert deal_to_index(expected) == 1


@given(indices)
def test_index_to_deal_to_index_round_trips(index: int) -> None:
    assert deal_to_index(deal_from_index(index)) == index


@given(deals())
def test_deal_to_index_to_deal_round_trips(deal: Deal) -> None:
    index = deal_to_index(deal)
    assert 0 <= index < DEAL_COUNT
    assert deal_from_index(index) == deal


@given(deals(), deals())
def test_distinct_deals_have_distinct_indices(a: Deal, b: Deal) -> None:
    assert (deal_to_index(a) == deal_to_index(b)) == (a == b)


@given(deals(), st.sampled_from(DECK), st.sampled_from(DECK))
def test_swapping_two_cards_between_hands_changes_the_index(deal: Deal, x: Card, y: Card) -> None:
    sx, sy = deal.holder(x), deal.holder(y)
    if sx is sy:
        return
    hands = dict(deal)
    hands[sx] = hands[sx].remove(x).add(y)
    hands[sy] = hands[sy].remove(y).add(x)
    assert deal_to_index(Deal.from_hands(hands)) != deal_to_index(deal)


@given(indices)
def test_fast_unranking_agrees_with_the_general_form(index: int) -> None:
    owners = unrank_assignment(index, (13, 13, 13, 13))
    deal = deal_from_index(index)
    assert [deal.holder(card).index for card in DEALING_ORDER] == owners
    assert rank_assignment(owners, (13, 13, 13, 13)) == index


@pytest.mark.parametrize("sizes", [(2, 2, 2, 2), (3, 1, 2, 2), (0, 3, 1, 4), (1, 1, 1), (5,), (2, 0, 3)])
def test_ranking_is_the_position_in_sorted_order_of_all_words(sizes: tuple[int, ...]) -> None:
    # Brute force, independent of the counting: list every word of hand numbers with the right number of
    # each letter, sort it, and check that rank and unrank agree with the position in that list.
    n = sum(sizes)
    words = sorted(w for w in product(range(len(sizes)), repeat=n)
                   if all(w.count(k) == size for k, size in enumerate(sizes)))
    assert len(words) == multinomial(sizes)
    for position, word in enumerate(words):
        assert rank_assignment(word, sizes) == position
        assert unrank_assignment(position, sizes) == list(word)


def test_indices_follow_dictionary_order_of_the_seat_words() -> None:
    rng = random.Random(11)
    sample = sorted(rng.randrange(DEAL_COUNT) for _ in range(200))
    words = [[deal_from_index(i).holder(card).index for card in DEALING_ORDER] for i in sample]
    assert words == sorted(words)


@pytest.mark.parametrize("bad", [-1, DEAL_COUNT, DEAL_COUNT + 5, 1.0, "3", True])
def test_out_of_range_or_non_integer_index_is_rejected(bad: object) -> None:
    with pytest.raises(ValueError, match="deal number"):
        deal_from_index(bad)  # type: ignore[arg-type]


def test_rank_assignment_rejects_a_word_with_the_wrong_counts() -> None:
    with pytest.raises(ValueError, match="hand 0 receives more than 2"):
        rank_assignment([0, 0, 0, 1], (2, 2))
    with pytest.raises(ValueError, match="expected 4 cards"):
        rank_assignment([0, 1], (2, 2))
    with pytest.raises(ValueError, match="index must be"):
        unrank_assignment(6, (2, 2))


def test_each_seat_gets_its_own_cards_in_a_mixed_deal() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    index = deal_to_index(deal)
    back = deal_from_index(index)
    assert back[Seat.NORTH] == CardSet.from_pbn("AKQJ.AKQ.AKQ.AKQ")
    assert back[Seat.WEST] == CardSet.from_pbn("2.5432.5432.5432")
