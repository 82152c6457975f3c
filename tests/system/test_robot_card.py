"""The robots' bidding system as a system card (tenace.system.bidding.card.card_of): robots bid boards at
tables, and the explanations they attach to their calls are checked against the card (issue 6 acceptance;
Laws 20F, 40A, 75); and the expansion of a system's headings (suit variables, alternatives, wildcards, the
agreed suit, ``...``) on a small system written here."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tenace.board import Board
from tenace.calls import parse_call
from tenace.cards import DECK, CardSet
from tenace.deal import Deal
from tenace.laws import CallMade, Table
from tenace.laws.table import Phase
from tenace.record import AnnotatedCall, DealRecord
from tenace.robots import Robot
from tenace.seats import SEATS
from tenace.system import (
    AlertRegulations,
    Forcing,
    SystemCard,
    check_call,
    check_explanation,
    dumps,
    loads,
    review,
)
from tenace.system.bidding.card import card_of, instances, merge_meanings, readable
from tenace.system.bidding.rules import parse_system
from tenace.system.bidding.systems import builtin
from tenace.system.meaning import Meaning


def robot_table_auction(number: int, seed: int) -> DealRecord:
    """Four :class:`~tenace.robots.Robot` objects bid one random deal at a :class:`~tenace.laws.Table`, each
    from its own view; the record keeps every ``CallMade`` as the robot made it (alert and explanation)."""
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    deal = Deal(tuple(CardSet(cards[13 * i: 13 * (i + 1)]) for i in range(4)))  # type: ignore[arg-type]
    table = Table.new(Board(number, deal))
    players = {seat: Robot(seat, samples=0) for seat in SEATS}
    made: list[AnnotatedCall] = []
    while table.phase is Phase.AUCTION:
        seat = table.turn
        assert seat in players
        event = players[seat].act(table.view(seat))
        assert isinstance(event, CallMade), event
        made.append(AnnotatedCall(event.call, event.alert, event.explanation))
        table = table.apply(event)
    return DealRecord(number=number, dealer=table.board.dealer, deal=deal, calls=tuple(made))


@pytest.fixture(scope="module")
def boards() -> list[DealRecord]:
    return [robot_table_auction(n, seed) for n, seed in enumerate(range(2000, 2040), start=1)]


ASKED = ("1NT P 2C", "1NT P 2H", "1S P 2S", "1H P 2H", "P P 1S P 2C")
"""Auctions (from the dealer) the tests below ask the card about, besides those of the boards."""


@pytest.fixture(scope="module")
def card(boards: list[DealRecord]) -> SystemCard:
    """The robots' card for the headings the boards and :data:`ASKED` reach (the whole card's lines for
    them: a whole card takes the engine a minute or two)."""
    auctions = [[a.call for a in board.calls or ()] for board in boards]
    auctions += [[parse_call(c) for c in text.split()] for text in ASKED]
    return card_of(builtin(), auctions=auctions)


def test_the_card_describes_the_robots_main_agreements(card: SystemCard) -> None:
    one_nt = card.meaning("", parse_call("1NT"))
    assert one_nt is not None and (one_nt.hcp_min, one_nt.hcp_max) == (15, 17)
    assert one_nt.convention == "Strong notrump" and one_nt.forcing is Forcing.NON_FORCING
    stayman = card.meaning("1NT P", parse_call("2C"))
    assert stayman is not None and stayman.convention == "Stayman" and stayman.artificial
    assert stayman.forcing is Forcing.FORCING
    transfer = card.meaning("1NT P", parse_call("2H"))
    assert transfer is not None and transfer.transfer is not None and transfer.transfer.value == "S"
    raise_ = card.meaning("1S P", parse_call("2S"))  # "[1M P] 2M" expanded for spades
    assert raise_ is not None and [(x.suit.value, x.min) for x in raise_.lengths] == [("S", 3)]
    assert card.meaning("1H P", parse_call("2H")) is not None  # ... and for hearts
    assert card.meaning("1S P", parse_call("1H")) is None, "an insufficient bid is not expanded"
    assert str(card.lookup("P P 1S P", parse_call("2C")).pattern) == "1S (P) 2C"  # type: ignore[union-attr]


def test_a_call_whose_meaning_depends_on_the_table_lists_every_meaning(card: SystemCard) -> None:
    """2C over 1S is two over one for an unpassed hand and Drury for a passed one (Law 40A: the card says
    both); the facts they do not share are left out, so neither explanation contradicts the line."""
    two_clubs = card.meaning("P P 1S P", parse_call("2C"))
    assert two_clubs is not None
    assert "two over one" in two_clubs.text and "Drury" in two_clubs.text
    assert two_clubs.hcp_min is None and two_clubs.forcing is None


def test_the_generators_and_the_conventions_are_on_the_card(card: SystemCard) -> None:
    names = [c.name for c in card.conventions]
    assert "Stayman" in names and "Roman Key Card Blackwood (generated)" in names
    assert "Bidding principles (generated)" in names
    stayman = card.convention("Stayman")
    assert stayman is not None and "four-card major" in stayman.description
    assert card.approach == builtin().summary and card.system == builtin().name


def test_the_converted_card_survives_json(card: SystemCard) -> None:
    assert loads(dumps(card)) == card


def test_robots_at_a_table_explain_every_listed_call_as_their_card_says(card: SystemCard,
                                                                        boards: list[DealRecord]) -> None:
    """Laws 20F1, 40A: forty boards bid by robots at tables; no explanation a robot attached to a call the
    card lists differs from the card, no hand falls outside the card's meaning of its call, and every alert
    and announcement the regulations require was made."""
    listed = 0
    for board in boards:
        found = review(card, board, AlertRegulations())
        described = [m for m in found.mismatches if m.card is not None]
        assert described == [], [str(m) for m in described]
        assert found.deviations == (), [str(d) for d in found.deviations]
        assert found.failed_alerts == (), [str(f) for f in found.failed_alerts]
        calls = [a.call for a in board.calls or ()]
        listed += sum(1 for i, call in enumerate(calls) if card.lookup(calls[:i], call) is not None)
    assert listed >= 100, listed


def test_a_doctored_explanation_and_a_doctored_hand_are_flagged(card: SystemCard,
                                                                boards: list[DealRecord]) -> None:
    """The same boards with a robot's 1NT opening explained as 12-14: the Director sees the mismatch."""
    flagged = 0
    for board in boards:
        calls = list(board.calls or ())
        for i, item in enumerate(calls):
            if str(item.call) == "1NT" and all(str(c.call) == "P" for c in calls[:i]):
                calls[i] = replace(item, explanation="natural: 12-14 HCP, balanced")
                found = review(card, replace(board, calls=tuple(calls)), AlertRegulations())
                assert [(m.index, [f.field for f in m.fields]) for m in found.mismatches if m.card] == [
                    (i, ["hcp"])]
                flagged += 1
                break
    assert flagged >= 2
    weak = CardSet.from_pbn("K832.KQ2.K32.J32")  # 12 HCP, balanced: not a 15-17 1NT
    deviation = check_call(card, "", parse_call("1NT"), weak)
    assert deviation is not None and deviation.contradictions == (("hcp", "15-17", "12"),)
    assert check_explanation(card, "", parse_call("1NT"), "15-17 balanced") is None


# --- the expansion, on a small system ---------------------------------------------------------------------

SMALL = """system Small
summary Test headings.
meaning t-opening = an opening
meaning t-new-suit = a new suit
meaning t-raise = a raise
meaning t-jump = a jump over anything
meaning t-game-raise = game in the agreed suit
meaning t-answer = an answer
meaning t-anything = anything at all
[-]
1S   hcp 12-21, S>=5     : t-opening    nf
1H   hcp 12-21, H>=5     : t-opening    nf
1C   hcp 12-21           : t-opening    nf
[1C P]
1y   hcp 6+, y>=4        : t-new-suit   forcing
[1M P]
2M   hcp 6-10, M>=3      : t-raise      nf
[1M P/X]
3M   hcp 10-12, M>=4     : t-jump       inv
[1H P 2H P]
4t   hcp 15+             : t-game-raise signoff
[1S *]
4S   hcp 0-9, S>=5       : t-jump       signoff
[... 4NT P]
5C   hcp 0-12            : t-answer     alert
[1S * * *]
4NT                      : t-anything
"""


@pytest.fixture(scope="module")
def small() -> SystemCard:
    return card_of(parse_system(SMALL, "small.rules"))


def test_suit_variables_are_expanded_over_the_suits_they_may_take(small: SystemCard) -> None:
    texts = {str(a.pattern) for a in small.agreements}
    assert {"1S (P) 2S", "1H (P) 2H"} <= texts  # M: both majors
    assert {"1C (P) 1D", "1C (P) 1H", "1C (P) 1S"} <= texts and "1C (P) 1C" not in texts  # a new suit, rising
    new_suit = small.meaning("1C P", parse_call("1S"))
    assert new_suit is not None and new_suit.text.startswith("a new suit") and new_suit.hcp_min == 6
    assert [str(x) for x in new_suit.lengths] == ["4+♠"]
    raise_ = small.meaning("1H P", parse_call("2H"))
    assert raise_ is not None and (raise_.hcp_min, raise_.hcp_max) == (6, 10)


def test_alternatives_give_a_line_each_and_the_agreed_suit_is_bound_by_the_auction(small: SystemCard) -> None:
    texts = {str(a.pattern) for a in small.agreements}
    assert {"1S (P) 3S", "1S (X) 3S", "1H (P) 3H", "1H (X) 3H"} <= texts
    game = small.meaning("1H P 2H P", parse_call("4H"))
    assert game is not None and game.text.startswith("game in the agreed suit")
    assert game.forcing is Forcing.SIGN_OFF


def test_a_wildcard_stays_on_the_card_and_covers_every_call_it_stands_for(small: SystemCard) -> None:
    jump = next(a for a in small.agreements if str(a.pattern) == "1S (*) 4S")
    assert jump.meaning.text == "a jump over anything; 0-9 HCP; 5+♠; sign-off"
    assert small.lookup("1S 2D", parse_call("4S")) == jump
    assert small.lookup("1S P", parse_call("3S")) != jump  # the exact line wins where there is one


def test_what_cannot_be_listed_by_auction_is_in_the_notes(small: SystemCard) -> None:
    assert "[... 4NT P] (small.rules:" in small.notes and "at the end of any auction" in small.notes
    assert "[1S * * *]" in small.notes and "more than 100 auctions" in small.notes
    assert small.meaning("1S P 4NT P", parse_call("5C")) is None
    assert instances((10, "*", "*", "*")) is None
    assert len(instances((6, "*")) or ()) == 2 + 31  # P, X and the bids above 1S


def test_a_card_for_some_auctions_has_the_whole_cards_lines_for_them(small: SystemCard) -> None:
    auction = [parse_call(c) for c in "P 1H P 2H P 4H".split()]
    some = card_of(parse_system(SMALL, "small.rules"), auctions=[auction])
    texts = {str(a.pattern) for a in some.agreements}
    assert {"1H", "1H (P) 2H", "1H (P) 3H", "1H (P) 2H (P) 4H"} <= texts
    assert "1C (P) 1D" not in texts and "1S (*) 4S" not in texts
    whole = {str(a.pattern): a for a in small.agreements}
    assert all(whole[str(a.pattern)] == a for a in some.agreements)


def test_a_line_keeps_only_the_facts_all_its_explanations_share() -> None:
    weak = Meaning("weak", hcp_min=5, hcp_max=10, forcing=Forcing.NON_FORCING)
    strong = Meaning("strong", hcp_min=5, hcp_max=17, forcing=Forcing.NON_FORCING)
    merged = merge_meanings([weak, strong])
    assert (merged.text, merged.hcp_min, merged.hcp_max, merged.forcing) == (
        "weak; or strong", 5, None, Forcing.NON_FORCING)
    # a text that states its own range beside the rules' one: the card keeps the text, not the range
    assert readable(Meaning("strong: 22 or more HCP; 19+ HCP", hcp_min=19)).hcp == ""
    assert readable(Meaning("natural: balanced (5-4-2-2 possible); 15-17 HCP", hcp_min=15, hcp_max=17)
                    ).hcp == "15-17"
