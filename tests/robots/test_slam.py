"""Slam bidding of the robots' system (tenace/robots/system.py): notrump raises by point count over 1NT, Texas
transfers, Blackwood and Gerber. Hands are built from the rules by hand (the HCP and aces worked out in the
comments), and every artificial call's explanation is checked against the robots' own system card
(tenace.system; Laws 20F, 40A, 40B2)."""

from __future__ import annotations

import random

import pytest

from tenace import DECK, Board, CardSet, Deal, Seat, parse_call
from tenace.auction import Auction
from tenace.calls import Bid, Call, Pass
from tenace.cards import Rank, Suit
from tenace.laws import CallMade, Table
from tenace.laws.table import Phase
from tenace.record import AnnotatedCall, DealRecord
from tenace.robots import SYSTEM, Robot, Rule, System, choose_call, explain_call
from tenace.robots.bidding import SystemError_, check_system
from tenace.robots.system import PASS_MEANING
from tenace.seats import SEATS
from tenace.system import (
    ONLINE,
    AlertRegulations,
    DutyKind,
    Length,
    SystemCard,
    check_call,
    check_explanation,
    requires_alert,
    review,
)
from tenace.system.robots import card_from_rules


@pytest.fixture(scope="module")
def card() -> SystemCard:
    return card_from_rules(SYSTEM)


def complete(north: str, south: str) -> Deal:
    """A deal with these North and South hands; East gets the 13 lowest of the other cards (a hand too weak
    to act), West the rest."""
    n, s = CardSet.from_pbn(north), CardSet.from_pbn(south)
    rest = sorted((c for c in DECK if c not in n and c not in s), key=lambda c: (int(c.rank), c.suit.index))
    return Deal.from_hands({Seat.NORTH: n, Seat.SOUTH: s,
                            Seat.EAST: CardSet(rest[:13]), Seat.WEST: CardSet(rest[13:])})


def bid_out(deal: Deal, dealer: Seat = Seat.NORTH) -> Auction:
    auction = Auction(dealer)
    while not auction.is_complete:
        seat = auction.turn
        auction = auction.push(choose_call(deal[seat], dealer, seat, auction.calls).call)
        assert len(auction) < 40
    return auction


def text(auction: Auction) -> str:
    return " ".join(str(c) for c in auction.calls)


def aces(hand: CardSet) -> int:
    return sum(1 for c in hand if c.rank is Rank.ACE)


def rule_text(auction: str, call: str) -> str:
    """The system description's own text for ``call`` after ``auction`` (the first rule for it)."""
    return next(r.meaning for r in SYSTEM.rules if r.auction == auction and r.call == call)


def assert_agrees_with_card(card: SystemCard, deal: Deal, auction: Auction) -> None:
    """Every call made by a rule is on the card, fits the caller's hand, and its explanation (the agreement,
    as an opponent is told on request) raises no mismatch (Laws 20F1, 75)."""
    calls = auction.calls
    for i, call in enumerate(calls):
        seat = auction.dealer.rotate(i)
        choice = choose_call(deal[seat], auction.dealer, seat, calls[:i])
        assert choice.call == call
        if choice.rule is None:
            continue
        assert card.lookup(calls[:i], call) is not None, f"{call} after {calls[:i]}"
        assert check_call(card, calls[:i], call, deal[seat]) is None, f"{call} after {calls[:i]}"
        assert check_explanation(card, calls[:i], call, explain_call(calls, i)) is None


# --- over 1NT: notrump by point count --------------------------------------------------------------------

def test_18_count_without_a_major_opposite_1nt_bids_6nt_directly(card: SystemCard) -> None:
    # North 17 HCP 3-3-4-3 opens 1NT; South 18 HCP 3-3-3-4, no five-card major: 35 together, 6NT to play.
    deal = complete("AK5.KQ4.J876.A54", "QJ2.AJ3.AKT.QJ32")
    auction = bid_out(deal)
    assert text(auction) == "1NT P 6NT P P P"
    assert_agrees_with_card(card, deal, auction)


def test_quantitative_4nt_is_accepted_by_a_maximum_1nt(card: SystemCard) -> None:
    # South 16 HCP balanced invites with 4NT; North holds 17, the top of 15-17, and bids 6NT (33 together).
    deal = complete("AK5.KQ4.J876.A54", "QJ2.AJ3.KQT.KT32")
    auction = bid_out(deal)
    assert text(auction) == "1NT P 4NT P 6NT P P P"
    assert_agrees_with_card(card, deal, auction)
    quantitative = card.meaning("1NT P", parse_call("4NT"))
    assert quantitative is not None and not quantitative.artificial and (quantitative.hcp_min,
                                                                        quantitative.hcp_max) == (16, 17)


def test_quantitative_4nt_is_passed_by_a_minimum_and_the_partnership_stops_below_slam() -> None:
    # North 15 HCP (the minimum) opposite South's 16: 31 together, not enough for 6NT.
    auction = bid_out(complete("AK5.K54.J876.A54", "QJ2.AJ3.KQT.KT32"))
    assert text(auction) == "1NT P 4NT P P P"


def test_game_values_opposite_1nt_stop_in_3nt() -> None:
    # North 15, South 10 with no four-card major: 25 together, game and no more.
    auction = bid_out(complete("AK5.K54.J876.A54", "QJ2.AJ3.QT9.T932"))
    assert text(auction) == "1NT P 3NT P P P"


def test_5nt_invites_7nt_and_a_maximum_accepts() -> None:
    # South 21 HCP 3-3-3-4 bids 5NT (20-21); North's 17 makes 38 together: 7NT.
    auction = bid_out(complete("AK5.KQ4.J876.A54", "QJ2.AJ3.AKQ.KJ32"))
    assert text(auction) == "1NT P 5NT P 7NT P P P"


def test_five_card_major_and_16_hcp_transfer_then_invite_with_4nt(card: SystemCard) -> None:
    # South 17 HCP 2-5-3-3 (balanced, five hearts): 2D transfer, then the quantitative 4NT. North 15 with
    # three hearts declines in 5H.
    deal = complete("AK5.K54.J876.A54", "Q2.AQJ32.KQT.K32")
    auction = bid_out(deal)
    assert text(auction) == "1NT P 2D P 2H P 4NT P 5H P P P"
    assert_agrees_with_card(card, deal, auction)


def test_13_count_opposite_a_2nt_opening_bids_6nt() -> None:
    # North 20 HCP 4-3-3-3 opens 2NT; South 13 HCP: 33 together, 6NT to play.
    auction = bid_out(complete("AK95.KQ4.AJ7.K54", "QJ2.AJ3.QT9.QJ32"))
    assert text(auction) == "2NT P 6NT P P P"


def test_every_hand_of_16_or_more_opposite_1nt_has_a_call_the_card_describes(card: SystemCard) -> None:
    """The gap of issue 5: a strong hand opposite 1NT used to fall through to the game placement, outside
    the card. Now each one is bid by a rule whose meaning on the card the hand fits (Law 40A)."""
    rng = random.Random(5)
    cards = list(DECK)
    strong = 0
    for _ in range(3000):
        rng.shuffle(cards)
        hand = CardSet(cards[:13])
        if hand.hcp < 16:
            continue
        strong += 1
        choice = choose_call(hand, Seat.NORTH, Seat.SOUTH, (parse_call("1NT"), Pass()))
        assert choice.rule is not None, hand
        assert check_call(card, "1NT P", choice.call, hand) is None, (hand, choice.call)
        assert isinstance(choice.call, Bid) and choice.call.level >= 2
    assert strong >= 150


# --- Texas and Blackwood ------------------------------------------------------------------------------

def test_texas_then_blackwood_reaches_six_with_one_ace_missing(card: SystemCard) -> None:
    # North 15 HCP 3-2-5-3, one ace; South 16 HCP, six hearts, two aces: Texas 4D, 4H, 4NT, 5D (one ace),
    # and with three aces between them South bids 6H.
    deal = complete("AK5.K4.QJ876.Q54", "Q2.AQJ932.A3.K72")
    assert aces(deal[Seat.NORTH]) + aces(deal[Seat.SOUTH]) == 3
    auction = bid_out(deal)
    assert text(auction) == "1NT P 4D P 4H P 4NT P 5D P 6H P P P"
    assert_agrees_with_card(card, deal, auction)


def test_blackwood_signs_off_in_five_when_two_aces_are_missing(card: SystemCard) -> None:
    # North 15 HCP with one ace, South 16 HCP with six hearts and one ace: 5D shows one, two are missing,
    # South signs off in 5H and North passes.
    deal = complete("AQ5.54.KQJ87.K54", "K2.KQJT32.A3.QJ2")
    assert aces(deal[Seat.NORTH]) + aces(deal[Seat.SOUTH]) == 2
    auction = bid_out(deal)
    assert text(auction) == "1NT P 4D P 4H P 4NT P 5D P 5H P P P"
    assert str(auction.last_bid) == "5H" and auction.is_complete
    assert_agrees_with_card(card, deal, auction)


def test_a_strong_raise_of_1s_asks_for_aces_and_bids_the_slam(card: SystemCard) -> None:
    # North 17 HCP, five spades; South 18 HCP with four spades and three aces asks at once with 4NT; North's
    # 5D shows one ace: all four, 6S.
    deal = complete("AKQ54.K4.QJ87.Q5", "J832.AQ3.A32.AK2")
    auction = bid_out(deal)
    assert text(auction) == "1S P 4NT P 5D P 6S P P P"
    assert_agrees_with_card(card, deal, auction)


def test_opener_asks_after_a_game_raise_and_stops_in_five_with_two_aces_missing(card: SystemCard) -> None:
    # South 13 HCP (one ace) raises 1S to 4S; North's 17 asks; 5D shows one ace, North has one: 5S.
    deal = complete("AKQ54.K4.QJ87.Q5", "J832.Q53.K32.AK2")
    assert aces(deal[Seat.NORTH]) + aces(deal[Seat.SOUTH]) == 2
    auction = bid_out(deal)
    assert text(auction) == "1S P 4S P 4NT P 5D P 5S P P P"
    assert_agrees_with_card(card, deal, auction)


def test_gerber_over_1nt_finds_three_aces_and_bids_6nt(card: SystemCard) -> None:
    # South 20 HCP 2-4-2-5 (unbalanced, no five-card major), one ace, asks with 4C; North's two aces (4S)
    # make three: 6NT.
    deal = complete("AQ5.54.KQJ87.A54", "KJ.KQJ2.A3.KQJT7")
    auction = bid_out(deal)
    assert text(auction) == "1NT P 4C P 4S P 6NT P P P"
    assert_agrees_with_card(card, deal, auction)


# --- the card and the alert regulations ------------------------------------------------------------------

ARTIFICIAL = [
    # (auction before, call, convention the card names)
    ("1NT P 4D P 4H P", "4NT", "Blackwood"),
    ("1NT P 4D P 4H P 4NT P", "5C", "Blackwood"),
    ("1NT P 4D P 4H P 4NT P", "5D", "Blackwood"),
    ("1NT P 4D P 4H P 4NT P", "5H", "Blackwood"),
    ("1NT P 4D P 4H P 4NT P", "5S", "Blackwood"),
    ("1S P", "4NT", "Blackwood"),
    ("1H P 4H P", "4NT", "Blackwood"),
    ("1D P 1S P 4S P", "4NT", "Blackwood"),
    ("1NT P", "4C", "Gerber"),
    ("1NT P 4C P", "4D", "Gerber"),
    ("1NT P 4C P", "4NT", "Gerber"),
]


@pytest.mark.parametrize(("before", "call", "convention"), ARTIFICIAL)
def test_ace_asking_calls_and_their_answers_are_artificial_on_the_card_and_alerted(
        card: SystemCard, before: str, call: str, convention: str) -> None:
    meaning = card.meaning(before, parse_call(call))
    assert meaning is not None and meaning.artificial is True and meaning.convention == convention
    calls = [parse_call(c) for c in before.split()]
    full = [*calls, parse_call(call)]
    # the robots' explanation is the card's text, and the checker finds nothing to object to
    assert explain_call(full, len(calls)) == meaning.text
    assert check_explanation(card, calls, parse_call(call), explain_call(full, len(calls))) is None
    # Law 40B2(a)(iii): an artificial call above 3NT is alerted after the final pass under the default
    # regulations; online, every artificial call is alerted at once
    default = requires_alert(meaning, full, AlertRegulations())
    assert default.kind is DutyKind.ALERT and default.delayed
    online = requires_alert(meaning, full, ONLINE)
    assert online.kind is DutyKind.ALERT and not online.delayed


def test_texas_is_a_transfer_on_the_card_alerted_late_offline_and_announced_online(card: SystemCard) -> None:
    texas = card.meaning("1NT P", parse_call("4D"))
    assert texas is not None and texas.convention == "Texas" and texas.transfer is Suit.HEARTS
    assert texas.artificial and (texas.hcp_min, texas.length(Suit.HEARTS)) == (16, Length(Suit.HEARTS, 6))
    full = [parse_call("1NT"), Pass(), parse_call("4D")]
    default = requires_alert(texas, full, AlertRegulations())
    assert default.kind is DutyKind.ALERT and default.delayed   # above 3NT: no announcement, a late alert
    online = requires_alert(texas, full, ONLINE)
    assert online.kind is DutyKind.ANNOUNCE and online.text == "hearts"
    assert check_explanation(card, full[:2], full[2], explain_call(full, 2)) is None
    assert check_explanation(card, full[:2], full[2], "transfer to spades") is not None


def test_a_misexplained_blackwood_answer_is_flagged_by_the_checker(card: SystemCard) -> None:
    """The checker reads a wrong explanation of an answer as a mismatch: "natural, five or more clubs" for
    a 5C answer contradicts the card's artificial ace-showing call (Laws 20F1, 21B1)."""
    found = check_explanation(card, "1S P 4NT P", parse_call("5C"), "natural, five or more clubs")
    assert found is not None and "artificial" in [f.field for f in found.fields]


def test_an_aces_condition_is_read_and_a_misspelt_one_is_named() -> None:
    check_system()
    broken = System("broken", "", (Rule("1S P", "4NT", ("hcp 17+", "aces one"), "Blackwood", True),))
    with pytest.raises(SystemError_, match="aces one"):
        check_system(broken)
    hand = CardSet.from_pbn("AK2.A32.A32.A432")   # four aces
    four = System("aces", "", (Rule("", "1C", ("aces 4",), "four aces"), Rule("", "1D", ("aces -3",), "x")))
    assert str(choose_call(hand, Seat.NORTH, Seat.NORTH, (), four).call) == "1C"
    no_ace = CardSet.from_pbn("KQ2.K32.K32.K432")
    assert str(choose_call(no_ace, Seat.NORTH, Seat.NORTH, (), four).call) == "1D"


def test_natural_slam_bids_are_natural_and_not_alerted(card: SystemCard) -> None:
    for before, call in (("1NT P", "4NT"), ("1NT P", "6NT"), ("1NT P 4D P 4H P 4NT P 5D P", "6H"),
                         ("1NT P 4D P 4H P 4NT P 5D P", "5H")):
        meaning = card.meaning(before, parse_call(call))
        assert meaning is not None and not meaning.artificial, (before, call)
        full = [*(parse_call(c) for c in before.split()), parse_call(call)]
        assert requires_alert(meaning, full, ONLINE).kind is DutyKind.NONE


def test_the_card_lists_the_slam_conventions(card: SystemCard) -> None:
    assert {"Blackwood", "Gerber", "Texas"} <= {c.name for c in card.conventions}
    assert card.convention("blackwood") is not None
    assert {str(a.pattern) for a in card.calls_of_convention("Blackwood")} >= {
        "1S (P) 4NT", "1NT (P) 4D (P) 4H (P) 4NT"}


def test_robots_at_a_table_alert_blackwood_and_explain_it_as_the_card_does(card: SystemCard) -> None:
    """Four :class:`Robot` objects bid the Texas-Blackwood deal through the Laws engine, each from its own
    view: every call the online regulations require to be alerted is alerted, and no explanation differs
    from the card."""
    deal = complete("AK5.K4.QJ876.Q54", "Q2.AQJ932.A3.K72")
    table = Table.new(Board(1, deal))
    robots = {seat: Robot(seat, samples=0) for seat in SEATS}
    made: list[AnnotatedCall] = []
    while table.phase is Phase.AUCTION:
        seat = table.turn
        assert isinstance(seat, Seat)
        event = robots[seat].act(table.view(seat))
        assert isinstance(event, CallMade)
        made.append(AnnotatedCall(event.call, event.alert, event.explanation))
        table = table.apply(event)
    assert [str(a.call) for a in made] == "1NT P 4D P 4H P 4NT P 5D P 6H P P P".split()
    assert [str(a.call) for a in made if a.alert] == ["4D", "4H", "4NT", "5D"]
    record = DealRecord(number=1, dealer=Seat.NORTH, deal=deal, calls=tuple(made))
    for regulations in (AlertRegulations(), ONLINE):
        found = review(card, record, regulations)
        assert not [m for m in found.mismatches if m.card is not None]
        assert found.deviations == () and found.failed_alerts == ()


# --- statistics over many deals -------------------------------------------------------------------------

def _slam_try(north: CardSet, south: CardSet) -> bool:
    """North-South in slam territory where the new methods apply: a 1NT opener (15-17, balanced) with 30 or
    more HCP together, or a five-card major with four-card support and 29 or more together."""
    together = north.hcp + south.hcp
    shape = sorted(north.shape, reverse=True)
    if 15 <= north.hcp <= 17 and shape in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2]):
        return together >= 30
    return together >= 29 and any(north.count(m) >= 5 and south.count(m) >= 4 for m in (Suit.SPADES,
                                                                                          Suit.HEARTS))


def strong_deals(count: int, seed: int) -> list[Deal]:
    """Random deals, kept by rejection when :func:`_slam_try` holds for North and South."""
    rng = random.Random(seed)
    cards = list(DECK)
    found: list[Deal] = []
    while len(found) < count:
        rng.shuffle(cards)
        north, south = CardSet(cards[:13]), CardSet(cards[26:39])
        if _slam_try(north, south):
            found.append(Deal((north, CardSet(cards[13:26]), south, CardSet(cards[39:]))))
    return found


def random_deals(count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    cards = list(DECK)
    out = []
    for _ in range(count):
        rng.shuffle(cards)
        out.append(Deal(tuple(CardSet(cards[13 * i:13 * i + 13]) for i in range(4))))  # type: ignore[arg-type]
    return out


BOARDS = [(d, Seat.NORTH) for d in strong_deals(150, 11)] + [
    (d, SEATS[i % 4]) for i, d in enumerate(random_deals(150, 12))]
SIGN_OFF = "sign-off: two or more aces missing"
SLAM_BY_ACES = "to play: at most one ace missing"


def test_robots_auctions_never_contain_a_rule_call_their_card_does_not_describe(card: SystemCard) -> None:
    """Three hundred boards (half of them with 29+ HCP for North-South): every call a rule makes is on the
    card, fits the hand and is explained without a mismatch; a call no rule makes is only a pass or the game
    placement; no alert the regulations require is missing (default and online). The ace-asking sign-offs
    and slams agree with the aces actually held, counted from the deal. In auctions where North opens 1NT
    and nobody else bids before North-South stop, every North-South bid comes from a rule."""
    placement = explain_call([parse_call("1C"), Pass(), parse_call("7NT")], 2)
    slams = asks = sign_offs = one_nt = 0
    for number, (deal, dealer) in enumerate(BOARDS, start=1):
        auction = bid_out(deal, dealer)
        calls = auction.calls
        made: list[AnnotatedCall] = []
        ruleless: list[Call] = []
        for i, call in enumerate(calls):
            seat = dealer.rotate(i)
            choice = choose_call(deal[seat], dealer, seat, calls[:i])
            explanation = explain_call(calls, i)
            made.append(AnnotatedCall(call, choice.alert, explanation))
            if choice.rule is None:
                # a pass, or the game placement (Law 40C1: a deviation the card cannot list)
                assert choice.explanation in (PASS_MEANING, placement), (str(call), text(auction))
                assert isinstance(call, Pass) or choice.explanation == placement
                ruleless.append(call)
                continue
            assert card.lookup(calls[:i], call) is not None, (str(call), [str(c) for c in calls[:i]])
            assert check_call(card, calls[:i], call, deal[seat]) is None, (str(call), calls[:i])
            if choice.rule.meaning == SIGN_OFF:
                sign_offs += 1
                assert aces(deal[seat]) + aces(deal[seat.partner]) <= 2, text(auction)
            if choice.rule.meaning == SLAM_BY_ACES:
                assert aces(deal[seat]) + aces(deal[seat.partner]) >= 3, text(auction)
            asks += choice.rule.meaning.startswith(("Blackwood", "Gerber"))
        record = DealRecord(number=number, dealer=dealer, deal=deal, calls=tuple(made))
        for regulations in (AlertRegulations(), ONLINE):
            found = review(card, record, regulations)
            assert not [m for m in found.mismatches if m.card is not None], [str(m) for m in found.mismatches]
            assert found.failed_alerts == (), [str(f) for f in found.failed_alerts]
        last = auction.last_bid
        slams += last is not None and last.level >= 6
        if dealer is Seat.NORTH and calls and str(calls[0]) == "1NT" and all(
                isinstance(c, Pass) for i, c in enumerate(calls) if i % 2 == 1):
            one_nt += 1
            assert not [c for c in ruleless if isinstance(c, Bid)], text(auction)
    # enough slam bidding to make the checks above mean something
    assert slams >= 20 and asks >= 10 and sign_offs >= 1 and one_nt >= 20, (slams, asks, sign_offs, one_nt)
