"""Deals: Law 1 (the 52-card pack) and Law 6 (thirteen cards to each player); PBN deal strings;
PartialDeal."""

from __future__ import annotations

import pytest
from hypothesis import given

from strategies import deals, seats
from tenace import DECK, Card, CardSet, Deal, DealProblem, InvalidDealError, NotationError, PartialDeal, Seat
from tenace.deal import deal_problems

SAMPLE = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
EVAL_NAMESPACE = {"Deal": Deal}


def _sample() -> Deal:
    return Deal.from_pbn(SAMPLE)


def _move(deal: Deal, card: str, to: Seat) -> tuple[CardSet, ...]:
    """The hands with ``card`` moved from its holder to ``to`` (no checks)."""
    c = Card.from_str(card)
    return tuple((hand - CardSet([c])) | (CardSet([c]) if seat is to else CardSet()) for seat, hand in deal)


@given(deals())
def test_law1_a_deal_partitions_the_pack_into_four_hands_of_thirteen(deal: Deal) -> None:
    """Law 1 and Law 6: the 52 cards are dealt thirteen to each player, each card to exactly one hand."""
    hands = [frozenset(h) for _, h in deal]
    assert [len(h) for h in hands] == [13, 13, 13, 13]
    assert frozenset().union(*hands) == frozenset(DECK)
    for i in range(4):
        for j in range(i + 1, 4):
            assert hands[i].isdisjoint(hands[j])
    for card in DECK:
        assert card in deal[deal.holder(card)]
    assert [seat for seat, _ in deal] == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]


def test_law1_a_hand_of_twelve_and_a_hand_of_fourteen_are_rejected_naming_both_seats() -> None:
    """A card moved from one hand to another leaves 12 and 14 cards: not a deal; the error names both
    seats."""
    hands = _move(_sample(), "SA", Seat.EAST)
    with pytest.raises(InvalidDealError) as info:
        Deal(hands)  # type: ignore[arg-type]
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert "North has 12 cards" in message and "East has 14 cards" in message
    kinds = [kind for kind, _ in deal_problems(hands)]
    assert kinds == [DealProblem.SHORT_HAND, DealProblem.LONG_HAND]


def test_law1_a_card_in_two_hands_is_rejected_naming_the_card_and_the_seat() -> None:
    """The same card in two hands (and so another card in none) is not a partition of the pack; the error
    names the duplicated card, the second hand that holds it and the missing card."""
    n, e, s, w = _sample().hands
    e2 = e.remove(Card.from_str("ST")).add(Card.from_str("SA"))  # East now holds North's ace, the ten is lost
    with pytest.raises(InvalidDealError) as info:
        Deal((n, e2, s, w))
    message = str(info.value)
    assert "SA also in East's hand" in message
    assert "ST in no hand" in message
    assert [kind for kind, _ in deal_problems((n, e2, s, w))] == [
        DealProblem.CARD_IN_TWO_HANDS,
        DealProblem.MISSING_CARDS,
    ]


def test_law1_missing_cards_are_named() -> None:
    """A hand short of cards is reported with its seat and count, and the lost cards are named."""
    n, e, s, w = _sample().hands
    short = w - CardSet.from_pbn("2.5432..")
    with pytest.raises(InvalidDealError, match="West has 8 cards"):
        Deal((n, e, s, short))
    assert deal_problems({Seat.NORTH: n, Seat.EAST: e, Seat.SOUTH: s, Seat.WEST: short}) == [
        (DealProblem.SHORT_HAND, "West has 8 cards, not 13"),
        (DealProblem.MISSING_CARDS, "S2 H5 H4 H3 H2 in no hand"),
    ]


def test_a_deal_has_exactly_four_hands() -> None:
    """Four players, four hands."""
    with pytest.raises(InvalidDealError, match="four hands"):
        Deal(_sample().hands[:3])  # type: ignore[arg-type]


def test_deal_problems_is_empty_for_a_valid_deal_and_accepts_a_mapping() -> None:
    """The lenient check reports nothing for a true deal, given as a tuple or a seat mapping."""
    deal = _sample()
    assert deal_problems(deal.hands) == []
    assert deal_problems(dict(deal)) == []


@given(deals(), seats)
def test_pbn_deal_round_trips_from_any_first_seat(deal: Deal, first: Seat) -> None:
    """PBN deal strings name the first seat and give the hands clockwise from it; any first seat reads back
    to the same deal."""
    text = deal.to_pbn(first)
    assert text[:2] == f"{first.value}:"
    hands = text[2:].split(" ")
    for i, hand in enumerate(hands):
        assert CardSet.from_pbn(hand) == deal[first.rotate(i)]
    assert Deal.from_pbn(text) == deal
    assert Deal.from_pbn(text.lower()) == deal


@given(deals())
def test_deal_str_and_repr_round_trip(deal: Deal) -> None:
    """parse(str(x)) == x and eval(repr(x)) == x; deals are hashable values."""
    assert Deal.from_pbn(str(deal)) == deal
    assert eval(repr(deal), dict(EVAL_NAMESPACE)) == deal
    assert hash(Deal.from_pbn(str(deal))) == hash(deal)
    assert Deal.from_hands(dict(deal)) == deal


@given(deals())
def test_deal_unicode_rendering_never_changes_str(deal: Deal) -> None:
    """format(deal, "u") renders suit symbols per seat; str() is the PBN string either way."""
    before = str(deal)
    rendered = format(deal, "u")
    assert str(deal) == before == deal.to_pbn() and format(deal, "") == before
    for seat, hand in deal:
        assert f"{seat.value}: {hand.unicode()}" in rendered


def test_pbn_deal_with_three_hands_completes_the_fourth() -> None:
    """PBN lets the last hand be left out ('-') when the other three are given: it is the rest of the pack."""
    deal = _sample()
    text = "E:" + " ".join(
        [deal[Seat.EAST].to_pbn(), "-", deal[Seat.WEST].to_pbn(), deal[Seat.NORTH].to_pbn()]
    )
    assert Deal.from_pbn(text) == deal


@pytest.mark.parametrize(
    ("text", "error", "fragment"),
    [
        ("AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", NotationError, "colon"),
        ("X:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", NotationError, "'X'"),
        ("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876", NotationError, "four hands, got 3"),
        ("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432 -", NotationError, "got 5"),
        ("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543Z", NotationError, "'Z'"),
        ("N:AKQJ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", NotationError, "four suits"),
        ("", NotationError, "colon"),
        ("N:- - T987.JT9.JT9.JT9 -", InvalidDealError, "unknown hands"),
        ("N:AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 2.5432.5432.5432", InvalidDealError, "SA"),
    ],
)
def test_deal_from_pbn_rejects_bad_strings(text: str, error: type[Exception], fragment: str) -> None:
    """Bad syntax is a NotationError, hands that do not partition the pack an InvalidDealError; both are
    ValueErrors whose message says what is wrong."""
    with pytest.raises(error) as info:
        Deal.from_pbn(text)
    assert isinstance(info.value, ValueError) and fragment in str(info.value)


def test_partial_deal_keeps_unknown_hands_as_none_and_reports_problems() -> None:
    """A PBN deal may leave hands unknown ('-'); PartialDeal holds them as None and lists what keeps it from
    being a full deal, without raising."""
    deal = _sample()
    text = f"S:{deal[Seat.SOUTH].to_pbn()} - {deal[Seat.NORTH].to_pbn()} -"
    partial = PartialDeal.from_pbn(text)
    assert partial[Seat.SOUTH] == deal[Seat.SOUTH] and partial[Seat.NORTH] == deal[Seat.NORTH]
    assert partial[Seat.EAST] is None and partial[Seat.WEST] is None
    assert partial.to_pbn(Seat.SOUTH) == text
    assert PartialDeal.from_pbn(partial.to_pbn()) == partial
    problems = partial.problems()
    assert [kind for kind, _ in problems] == [DealProblem.UNKNOWN_HAND, DealProblem.UNKNOWN_HAND]
    assert "East's hand is not known" in problems[0][1] and "West's hand is not known" in problems[1][1]
    with pytest.raises(InvalidDealError):
        partial.complete()


def test_partial_deal_with_one_unknown_hand_completes_to_the_deal() -> None:
    """With three hands known, the fourth is the rest of the pack."""
    deal = _sample()
    partial = PartialDeal((deal[Seat.NORTH], deal[Seat.EAST], None, deal[Seat.WEST]))
    assert partial.complete() == deal


def test_partial_deal_accepts_hands_of_the_wrong_size() -> None:
    """A lenient reader can hold a 12-card hand and report it (GUIDE 8.3: Deal.problems for lenient paths)."""
    n, e, s, w = _move(_sample(), "C2", Seat.NORTH)
    partial = PartialDeal((n, e, s, w))
    assert [kind for kind, _ in partial.problems()] == [DealProblem.LONG_HAND, DealProblem.SHORT_HAND]
    assert "North has 14 cards" in partial.problems()[0][1]


def test_partial_deal_from_pbn_rejects_bad_syntax() -> None:
    """Syntax errors are still NotationErrors."""
    with pytest.raises(NotationError):
        PartialDeal.from_pbn("N:- - -")


def test_deal_holder_raises_key_error_for_a_non_card() -> None:
    """Every card has a holder; anything else is a KeyError."""
    with pytest.raises(KeyError):
        _sample().holder("SA")


def test_deal_format_rejects_unknown_spec() -> None:
    """An unknown format spec is an error."""
    with pytest.raises(ValueError, match="'v'"):
        format(_sample(), "v")


def test_deal_given_a_list_of_hands_is_still_a_hashable_value() -> None:
    """GUIDE 8.13 item 4: value types stay hashable; a list of hands is stored as a tuple."""
    deal = _sample()
    again = Deal(list(deal.hands))  # type: ignore[arg-type]
    assert again == deal and hash(again) == hash(deal) and isinstance(again.hands, tuple)
