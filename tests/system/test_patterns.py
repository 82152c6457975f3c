"""Auction patterns and card lookups (Law 40A: the meaning of a call in its auction)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tenace.auction import Auction
from tenace.calls import parse_call
from tenace.errors import NotationError
from tenace.system import Agreement, AuctionPattern, Meaning, Section, SystemCard, natural_card, suit_lengths
from tenace.system.meaning import format_range, parse_range


def c(text: str):  # noqa: ANN201
    return parse_call(text)


def calls(text: str) -> list:
    return [parse_call(t) for t in text.split()]


@given(st.integers(0, 40) | st.none(), st.integers(0, 40) | st.none())
def test_range_text_round_trips(low: int | None, high: int | None) -> None:
    if low is not None and high is not None and low > high:
        low, high = high, low
    assert parse_range(format_range(low, high)) == (low, high)


@pytest.mark.parametrize("bad", ["15-", "abc", "17-15", "+", "1 5"])
def test_bad_ranges_are_notation_errors(bad: str) -> None:
    if bad == "15-":  # "15-" is an open range ending nowhere: read as at least 15 with no maximum stated
        assert parse_range(bad) == (15, None)
        return
    with pytest.raises(NotationError):
        parse_range(bad)


def test_implied_opponent_pass_between_our_calls() -> None:
    p = AuctionPattern.parse("1NT-2C")
    assert [str(t) for t in p.tokens] == ["1NT", "(P)", "2C"]
    assert p.matches(calls("1NT P"), c("2C"))
    assert not p.matches(calls("1NT 2H"), c("2C")), "an intervention is not the implied pass"
    assert not p.matches(calls("1NT P 2C P"), c("2D")), "a different last call"


def test_leading_passes_are_not_part_of_a_pattern() -> None:
    p = AuctionPattern.parse("1S")
    assert p.matches([], c("1S"))
    assert p.matches(calls("P P"), c("1S"))
    assert p.matches(calls("P"), c("1S"))
    assert not p.matches(calls("1H"), c("1S")), "1S over partner's... no: over RHO's 1H is an overcall"


def test_opponents_wildcards() -> None:
    double = AuctionPattern.parse("(1*) X")
    assert double.matches(calls("1D"), c("X"))
    assert double.matches(calls("P P P 1NT"), c("X"))
    assert not double.matches(calls("2D"), c("X"))
    any_intervention = AuctionPattern.parse("1NT (*) 2C")
    assert any_intervention.matches(calls("1NT X"), c("2C"))
    assert any_intervention.matches(calls("1NT P"), c("2C"))
    major = AuctionPattern.parse("(1M) 2NT")
    assert major.matches(calls("1H"), c("2NT")) and major.matches(calls("1S"), c("2NT"))
    assert not major.matches(calls("1D"), c("2NT"))
    minor = AuctionPattern.parse("(1m) 2NT")
    assert minor.matches(calls("1C"), c("2NT")) and not minor.matches(calls("1H"), c("2NT"))
    assert AuctionPattern.parse("1NT (bid) X").matches(calls("1NT 2H"), c("X"))
    assert not AuctionPattern.parse("1NT (bid) X").matches(calls("1NT X"), c("X"))


@pytest.mark.parametrize("bad, words", [
    ("", "non-empty"),
    ("1NT-2Q", "'2Q'"),
    ("(1H) (2H) X", "two opponents' calls"),
    ("1NT (2H)", "last call must be ours"),
    ("1NT-*", "wildcard"),
    ("1NT [2C]", "'[2C]' is not a call"),
    ("1NT (2H X", "unexpected '('"),
    ("P (1H) X", "start at the first bid"),
    ("(P) 1S", "start at the first bid"),
])
def test_bad_patterns_name_the_problem(bad: str, words: str) -> None:
    with pytest.raises(NotationError, match=None) as info:
        AuctionPattern.parse(bad)
    assert words in str(info.value)


def test_most_specific_pattern_wins_whatever_the_order() -> None:
    general = Agreement.of("(1*) X", Meaning("takeout"))
    specific = Agreement.of("(1NT) X", Meaning("penalty"))
    for order in ((general, specific), (specific, general)):
        card = SystemCard("t", agreements=order)
        assert card.meaning("1NT", c("X")) == Meaning("penalty")
        assert card.meaning("1H", c("X")) == Meaning("takeout")


def test_a_card_refuses_the_same_auction_twice() -> None:
    with pytest.raises(NotationError, match="described twice"):
        SystemCard("t", agreements=(Agreement.of("1NT-2C", Meaning("a")),
                                    Agreement.of("1NT (P) 2C", Meaning("b"))))


def test_lookup_accepts_auction_values_lists_and_text() -> None:
    card = natural_card()
    by_text = card.meaning("P 1NT P", c("2D"))
    by_list = card.meaning(calls("P 1NT P"), c("2D"))
    by_auction = card.meaning(Auction.from_str("N", "P 1NT P"), c("2D"))
    assert by_text == by_list == by_auction
    assert by_text is not None and by_text.transfer is not None and by_text.transfer.value == "H"


def test_natural_card_lookups_follow_the_auction() -> None:
    card = natural_card()
    opening = card.meaning("", c("1NT"))
    assert opening is not None and (opening.hcp_min, opening.hcp_max, opening.balanced) == (15, 17, True)
    stayman = card.meaning("1NT P", c("2C"))
    assert stayman is not None and stayman.convention == "Stayman" and stayman.artificial
    assert card.meaning("1NT 2H", c("2C")) is None, "2C after an overcall is not Stayman on this card"
    reply = card.meaning("1NT P 2C P", c("2D"))
    assert reply is not None and reply.length(suit_lengths(H="-3")[0].suit) is not None
    assert card.meaning("1NT P 2D P", c("2H")).text == "Completes the transfer"  # type: ignore[union-attr]
    takeout = card.meaning("1D", c("X"))
    assert takeout is not None and takeout.convention == "Takeout double"
    penalty = card.meaning("1NT", c("X"))
    assert penalty is not None and penalty.text == "Penalty double"
    michaels = card.meaning("1H", c("2H"))
    assert michaels is not None and michaels.convention == "Michaels"
    negative = card.meaning("1C 1S", c("X"))
    assert negative is not None and negative.convention == "Negative double"
    assert card.meaning("", c("7NT")) is None


def test_every_agreement_is_found_by_its_own_auction() -> None:
    """Each line of the sample card, replayed as a concrete auction, is looked up as itself (wildcards
    replaced by a call they match)."""
    card = natural_card()
    for agreement in card.agreements:
        before = []
        for token in agreement.pattern.tokens[:-1]:
            if token.call is not None:
                before.append(token.call)
            else:
                level = token.level or 1
                suit = "H" if str(token).endswith("M)") or str(token).endswith("M") else "C"
                before.append(parse_call(f"{level}{suit}"))
        assert card.lookup(before, agreement.call) == agreement, agreement.pattern.text


def test_sections_follow_the_patterns() -> None:
    card = natural_card()
    assert {a.pattern.text for a in card.section(Section.OPENING)} >= {"1C", "1NT", "2C", "2H"}
    assert all(not a.pattern.opens for a in card.section(Section.COMPETITIVE))
    assert [str(a.call) for a in card.openings(1)] == ["1C", "1D", "1H", "1S", "1NT"]


def test_with_agreement_is_a_new_revision() -> None:
    card = natural_card()
    changed = card.with_agreement(Agreement.of("1NT", Meaning("weak", hcp_min=12, hcp_max=14)))
    assert changed.revision == card.revision + 1
    assert changed.meaning("", c("1NT")) == Meaning("weak", hcp_min=12, hcp_max=14)
    assert card.meaning("", c("1NT")).hcp == "15-17"  # type: ignore[union-attr]
    assert len(changed.agreements) == len(card.agreements)
