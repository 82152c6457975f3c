"""Suits, ranks, cards and card sets: Law 1 (the pack: 52 cards, four suits of thirteen, their ranking)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import card_sets, cards
from tenace import DECK, Card, CardSet, NotationError, Rank, Suit
from tenace.cards import RANKS, SUITS, SUITS_DISPLAY

RANK_LETTERS_LOW_TO_HIGH = "23456789TJQKA"
SUIT_LETTERS_LOW_TO_HIGH = "CDHS"
HCP_BY_LETTER = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _key(card: Card) -> tuple[int, int]:
    """An independent ordering key: (suit rank, card rank), both from the letters of Law 1A."""
    return SUIT_LETTERS_LOW_TO_HIGH.index(str(card)[0]), RANK_LETTERS_LOW_TO_HIGH.index(str(card)[1])


# --- Law 1A: the pack, its suits and ranks --------------------------------------------------------------


def test_1a_pack_has_52_distinct_cards_13_in_each_of_four_suits() -> None:
    """Law 1A: the pack has 52 cards, thirteen in each of four suits."""
    assert len(DECK) == 52 and len(set(DECK)) == 52
    for suit in Suit:
        assert sum(1 for c in DECK if c.suit is suit) == 13
    assert {str(c) for c in DECK} == {s + r for s in "SHDC" for r in RANK_LETTERS_LOW_TO_HIGH}


def test_1a_suits_rank_spades_hearts_diamonds_clubs() -> None:
    """Law 1A: suits rank downward spades, hearts, diamonds, clubs."""
    assert Suit.SPADES > Suit.HEARTS > Suit.DIAMONDS > Suit.CLUBS
    assert Suit.CLUBS < Suit.SPADES and Suit.HEARTS <= Suit.HEARTS and Suit.HEARTS >= Suit.DIAMONDS
    assert sorted(Suit, reverse=True) == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
    assert SUITS == tuple(sorted(Suit)) and SUITS_DISPLAY == tuple(reversed(SUITS))


def test_1a_ranks_run_ace_king_queen_jack_ten_down_to_two() -> None:
    """Law 1A: within a suit, cards rank downward ace, king, queen, jack, ten, nine, ..., two."""
    assert [r.letter for r in sorted(Rank, reverse=True)] == list(reversed(RANK_LETTERS_LOW_TO_HIGH))
    assert RANKS == tuple(sorted(Rank))
    assert all(bool(r) for r in Rank)  # no member is 0 (GUIDE 8.13 item 2)


@given(cards, cards)
def test_1a_card_order_is_suit_then_rank(a: Card, b: Card) -> None:
    """Cards order by suit (Law 1A ranking of suits), then by rank within the suit."""
    assert (a < b) == (_key(a) < _key(b))
    assert (a <= b) == (_key(a) <= _key(b))
    assert (a > b) == (_key(a) > _key(b))
    assert (a >= b) == (_key(a) >= _key(b))
    assert (a == b) == (_key(a) == _key(b))


# --- notation: suits and ranks --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("S", Suit.SPADES),
        ("s", Suit.SPADES),
        (" s ", Suit.SPADES),
        ("♠", Suit.SPADES),
        ("♤", Suit.SPADES),
        ("H", Suit.HEARTS),
        ("♥", Suit.HEARTS),
        ("♡", Suit.HEARTS),
        ("d", Suit.DIAMONDS),
        ("♦", Suit.DIAMONDS),
        ("♢", Suit.DIAMONDS),
        ("C", Suit.CLUBS),
        ("♣", Suit.CLUBS),
        ("♧", Suit.CLUBS),
    ],
)
def test_suit_from_str_accepts_letters_and_symbols(text: str, suit: Suit) -> None:
    """A suit is read from its letter (any case) or its filled or hollow symbol."""
    assert Suit.from_str(text) is suit


@pytest.mark.parametrize("text", ["", "N", "NT", "X", "spades", "SS", "♠♠"])
def test_suit_from_str_rejects_bad_input_naming_it(text: str) -> None:
    """Anything else raises NotationError (a ValueError) whose message quotes the input."""
    with pytest.raises(NotationError) as info:
        Suit.from_str(text)
    assert isinstance(info.value, ValueError) and repr(text) in str(info.value)


@pytest.mark.parametrize("suit", list(Suit))
def test_suit_str_and_symbol_round_trip(suit: Suit) -> None:
    """str() gives the letter and .symbol the Unicode symbol; both parse back."""
    assert Suit.from_str(str(suit)) is suit and Suit.from_str(suit.symbol) is suit
    assert suit.symbol in "♠♥♦♣"


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("A", Rank.ACE),
        ("a", Rank.ACE),
        ("K", Rank.KING),
        ("q", Rank.QUEEN),
        ("J", Rank.JACK),
        ("T", Rank.TEN),
        ("t", Rank.TEN),
        ("10", Rank.TEN),
        (" 9 ", Rank.NINE),
        ("2", Rank.TWO),
    ],
)
def test_rank_from_str_accepts_letters_digits_and_10(text: str, rank: Rank) -> None:
    """A rank is one letter or digit, in any case; the ten may also be written 10."""
    assert Rank.from_str(text) is rank


@pytest.mark.parametrize("text", ["", "1", "0", "11", "X", "AK", "01", "14"])
def test_rank_from_str_rejects_bad_input_naming_it(text: str) -> None:
    """Anything else raises NotationError whose message quotes the input."""
    with pytest.raises(NotationError) as info:
        Rank.from_str(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("rank", list(Rank))
def test_rank_str_round_trips(rank: Rank) -> None:
    """str() of a rank is its letter, which parses back."""
    assert str(rank) == rank.letter and Rank.from_str(str(rank)) is rank


# --- notation: cards ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["SA", "sa", "As", "AS", "aS", "♠A", "A♠", "♤A", " SA ", "♠a"],
)
def test_card_from_str_accepts_suit_rank_in_either_order_letters_or_symbols(text: str) -> None:
    """A card is a suit and a rank, in either order, written with letters or symbols, in any case."""
    assert Card.from_str(text) is Card(Suit.SPADES, Rank.ACE)


@pytest.mark.parametrize("text", ["HT", "ht", "TH", "H10", "h10", "10H", "10h", "♥10", "10♥", "♡T"])
def test_card_from_str_accepts_every_spelling_of_the_ten(text: str) -> None:
    """The ten is written T or 10, before or after the suit."""
    assert Card.from_str(text) is Card(Suit.HEARTS, Rank.TEN)


@pytest.mark.parametrize(
    "text", ["", "S", "A", "SAA", "S1", "1S", "S11", "XA", "AX", "SH", "NT", "S 10x", "10", "S-A", "ZZ"]
)
def test_card_from_str_rejects_bad_input_naming_it(text: str) -> None:
    """Text that is not a card raises NotationError (a ValueError) whose message quotes the input."""
    with pytest.raises(NotationError) as info:
        Card.from_str(text)
    assert isinstance(info.value, ValueError) and repr(text) in str(info.value)


@given(cards)
def test_card_str_and_repr_round_trip_to_the_same_interned_card(card: Card) -> None:
    """parse(str(card)) and eval(repr(card)) give back the very same (interned) card."""
    assert str(card) == card.suit.value + card.rank.letter
    assert Card.from_str(str(card)) is card
    assert eval(repr(card), {"Card": Card}) is card
    assert Card(card.suit, card.rank) is card
    assert Card.from_index(card.index) is card


@given(cards)
def test_card_unicode_rendering_never_changes_str(card: Card) -> None:
    """format(card, "u") renders a suit symbol; it is an option of that one call, str() stays the same."""
    before = str(card)
    rendered = format(card, "u")
    assert rendered == card.suit.symbol + card.rank.letter == card.unicode()
    assert str(card) == before and format(card, "") == before and f"{card}" == before
    assert Card.from_str(rendered) is card


def test_card_format_rejects_unknown_spec() -> None:
    """An unknown format spec is an error, not silently ignored."""
    with pytest.raises(ValueError, match="'z'"):
        format(Card.from_str("SA"), "z")


def test_card_index_runs_from_club_two_to_spade_ace() -> None:
    """Card.index is 0 for the club two and 51 for the spade ace; DECK is in index order."""
    assert [c.index for c in DECK] == list(range(52))
    assert str(DECK[0]) == "C2" and str(DECK[51]) == "SA"
    assert DECK == tuple(sorted(DECK))


@pytest.mark.parametrize("index", [-1, 52, 100])
def test_card_from_index_rejects_out_of_range(index: int) -> None:
    """Indexes outside 0..51 are an error naming the index."""
    with pytest.raises(ValueError, match=str(index)):
        Card.from_index(index)


@pytest.mark.parametrize(
    ("suit", "rank"),
    [
        (Suit.CLUBS, 15),
        (Suit.CLUBS, 1),
        (Suit.SPADES, 0),
        ("S", Rank.ACE),
        (Suit.HEARTS, True),
        (Suit.HEARTS, "A"),
    ],
)
def test_card_constructor_rejects_ranks_and_suits_outside_the_pack(suit: object, rank: object) -> None:
    """Law 1A: ranks run two to ace; a rank of 15 must not quietly alias the next suit's two."""
    with pytest.raises(ValueError):
        Card(suit, rank)  # type: ignore[arg-type]


def test_card_is_immutable_and_survives_pickle_and_copy_as_the_same_object() -> None:
    """Cards are immutable values; pickling or copying keeps the interned identity."""
    card = Card.from_str("D7")
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert hash(card) == hash(Card.from_str("7d"))


# --- CardSet --------------------------------------------------------------------------------------------


def _display_order(cs: frozenset[Card]) -> list[Card]:
    """The order hands are written in: spades first, high to low (independently from the letters)."""
    return sorted(cs, key=_key, reverse=True)


@given(card_sets, card_sets)
def test_cardset_algebra_agrees_with_python_sets(a: CardSet, b: CardSet) -> None:
    """Union, intersection, difference and symmetric difference behave exactly like frozenset's."""
    fa, fb = frozenset(a), frozenset(b)
    assert frozenset(a | b) == fa | fb
    assert frozenset(a & b) == fa & fb
    assert frozenset(a - b) == fa - fb
    assert frozenset(a ^ b) == fa ^ fb
    assert a.isdisjoint(b) == fa.isdisjoint(fb)
    assert a.issubset(b) == (fa <= fb)
    assert (a == b) == (fa == fb)
    if a == b:
        assert hash(a) == hash(b)
    assert len(a) == len(fa) and bool(a) == bool(fa)


@given(card_sets, cards)
def test_cardset_membership_add_and_remove_agree_with_python_sets(a: CardSet, card: Card) -> None:
    """add() and remove() return new sets, leaving the original unchanged; remove of a missing card is a
    KeyError, like set.remove."""
    fa = frozenset(a)
    assert (card in a) == (card in fa)
    assert frozenset(a.add(card)) == fa | {card}
    if card in fa:
        assert frozenset(a.remove(card)) == fa - {card}
    else:
        with pytest.raises(KeyError):
            a.remove(card)
    assert frozenset(a) == fa  # unchanged
    assert "SA" not in a  # only Card objects are members


@given(card_sets)
def test_cardset_iterates_spades_to_clubs_high_to_low(a: CardSet) -> None:
    """Iteration follows the written order of a hand: spades, hearts, diamonds, clubs, each high to low."""
    assert list(a) == _display_order(frozenset(a))


@given(st.lists(cards))
def test_cardset_from_iterable_equals_set_of_its_cards(cs: list[Card]) -> None:
    """CardSet(iterable) holds each distinct card once."""
    assert frozenset(CardSet(cs)) == frozenset(cs) and len(CardSet(cs)) == len(set(cs))


@given(card_sets)
def test_cardset_shape_hcp_count_and_suit_agree_with_independent_counts(a: CardSet) -> None:
    """Shape (spades first), 4-3-2-1 high-card points and per-suit selections computed independently from
    the cards' text."""
    texts = [str(c) for c in a]
    assert a.shape == tuple(sum(1 for t in texts if t[0] == s) for s in "SHDC")
    assert a.hcp == sum(HCP_BY_LETTER.get(t[1], 0) for t in texts)
    for suit in Suit:
        assert a.count(suit) == sum(1 for t in texts if t[0] == suit.value)
        assert frozenset(a.suit(suit)) == frozenset(c for c in a if c.suit is suit)


@given(card_sets)
def test_cardset_pbn_str_and_repr_round_trip(a: CardSet) -> None:
    """parse(str(x)) == x and eval(repr(x)) == x; str() is the PBN hand, spades first."""
    assert CardSet.from_pbn(str(a)) == a
    assert CardSet.from_pbn(a.to_pbn()) == a
    assert eval(repr(a), {"CardSet": CardSet}) == a
    parts = str(a).split(".")
    assert len(parts) == 4
    for part, suit in zip(parts, "SHDC", strict=True):
        assert part == "".join(str(c)[1] for c in a if str(c)[0] == suit)


@given(card_sets)
def test_cardset_unicode_rendering_never_changes_str(a: CardSet) -> None:
    """format(hand, "u") uses suit symbols and a dash for a void; str() is unchanged."""
    before = str(a)
    rendered = format(a, "u")
    assert rendered == a.unicode()
    assert str(a) == before and format(a, "") == before
    for holding, symbol in zip(before.split("."), "♠♥♦♣", strict=True):
        assert symbol + (holding or "—") in rendered.split(" ")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AKQ2.JT9.8765.43", "AKQ2.JT9.8765.43"),
        ("akq2.jt9.8765.43", "AKQ2.JT9.8765.43"),
        ("AK10.J10.T.", "AKT.JT.T."),
        ("2QAK...", "AKQ2..."),  # any order within a suit
        ("...", "..."),
        (" AKQJT98765432... ", "AKQJT98765432..."),
    ],
)
def test_cardset_from_pbn_accepts_variants(text: str, expected: str) -> None:
    """PBN hands: four dot-separated suits spades first, ranks in any order and case, T or 10 for the ten."""
    assert CardSet.from_pbn(text).to_pbn() == expected


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("AKQ.JT9.8765", "four suits"),
        ("AKQ.JT9.8765.43.2", "four suits"),
        ("AKX.JT9.8765.43", "'X'"),
        ("AKA.JT9.8765.43", "SA"),
        ("A1.JT9.8765.43", "'1'"),
        ("AK Q.JT9.8765.43", "' '"),
        ("AT10...", "ST"),
    ],
)
def test_cardset_from_pbn_rejects_bad_hands_naming_input(text: str, fragment: str) -> None:
    """A hand with the wrong number of suits, a bad rank or a repeated card is a NotationError naming the hand
    and what is wrong."""
    with pytest.raises(NotationError) as info:
        CardSet.from_pbn(text)
    assert repr(text) in str(info.value) and fragment in str(info.value)


def test_cardset_full_and_empty() -> None:
    """The full set is the pack; the empty set is falsy and has no shape."""
    assert frozenset(CardSet.full()) == frozenset(DECK) and len(CardSet.full()) == 52
    assert not CardSet() and CardSet().shape == (0, 0, 0, 0) and CardSet().hcp == 0
    assert CardSet.full().hcp == 40 and CardSet.full().shape == (13, 13, 13, 13)


@pytest.mark.parametrize("bits", [-1, 1 << 52])
def test_cardset_from_bits_rejects_out_of_range(bits: int) -> None:
    """Only the 52 low bits stand for cards."""
    with pytest.raises(ValueError):
        CardSet.from_bits(bits)


def test_cardset_is_immutable_hashable_and_picklable() -> None:
    """A hand is an immutable, hashable value (GUIDE 8.13 item 5: no views that mutate their parent)."""
    hand = CardSet.from_pbn("AKQ2.JT9.8765.43")
    with pytest.raises(AttributeError):
        hand.bits = 0
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert {hand: 1}[CardSet.from_pbn("2QKA.9TJ.5678.34")] == 1
    spades = hand.suit(Suit.SPADES)
    assert spades.remove(Card.from_str("SA")) != spades and Card.from_str("SA") in hand


def test_cardset_format_rejects_unknown_spec() -> None:
    """An unknown format spec is an error."""
    with pytest.raises(ValueError, match="'x'"):
        format(CardSet(), "x")


@pytest.mark.parametrize("other", [3, "SA", None, CardSet()])
def test_card_order_with_a_non_card_is_a_type_error(other: object) -> None:
    """Comparing a card with anything but a card is a TypeError, as for built-in types."""
    card = Card.from_str("SA")
    for compare in (card.__lt__, card.__le__, card.__gt__, card.__ge__):
        assert compare(other) is NotImplemented
    with pytest.raises(TypeError):
        _ = card < other


@pytest.mark.parametrize("other", [3, "SA", frozenset(), Card.from_str("SA")])
def test_cardset_operators_with_a_non_cardset_are_type_errors(other: object) -> None:
    """Set operators need two card sets; anything else is a TypeError (not an AttributeError)."""
    hand = CardSet.from_pbn("AKQ2.JT9.8765.43")
    for operator in (hand.__or__, hand.__and__, hand.__sub__, hand.__xor__):
        assert operator(other) is NotImplemented  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        _ = hand | other  # type: ignore[operator]


@pytest.mark.parametrize("items", [["SA"], [3], [Card.from_str("SA"), None]])
def test_cardset_from_non_cards_is_a_type_error_naming_the_item(items: list[object]) -> None:
    """A CardSet is built from Card objects; anything else is a TypeError naming the bad item."""
    with pytest.raises(TypeError, match="holds Card objects"):
        CardSet(items)  # type: ignore[arg-type]
