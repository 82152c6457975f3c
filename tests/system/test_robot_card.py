"""The robots' system as a card (tenace.robots.system): robots bid boards, and their explanations and hands
are checked against the card automatically (issue 6 acceptance; Laws 20F, 40A, 75)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tenace.auction import Auction
from tenace.calls import parse_call
from tenace.cards import DECK, CardSet
from tenace.deal import Deal
from tenace.record import AnnotatedCall, DealRecord
from tenace.robots.system import PASS_MEANING
from tenace.seats import SEATS, Seat
from tenace.system import (
    AlertRegulations,
    Mismatch,
    SystemCard,
    check_call,
    check_explanation,
    dumps,
    loads,
    review,
)
from tenace.system.robots import card_from_rules

robots = pytest.importorskip("tenace.robots")


@pytest.fixture(scope="module")
def card() -> SystemCard:
    return card_from_rules(robots.SYSTEM)


def robot_board(number: int, seed: int) -> DealRecord:
    """Four robots bid one random deal; every call carries the robot's alert and the explanation its partner
    robot gives when asked (``explain_call``, as ``Robot.explain`` answers a question under Law 20F)."""
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    deal = Deal(tuple(CardSet(cards[13 * i: 13 * (i + 1)]) for i in range(4)))  # type: ignore[arg-type]
    dealer = SEATS[(number - 1) % 4]
    auction = Auction(dealer)
    annotated: list[AnnotatedCall] = []
    while not auction.is_complete:
        seat = auction.turn
        choice = robots.choose_call(deal[seat], dealer, seat, auction.calls)
        auction = auction.push(choice.call)
        answer = robots.explain_call(list(auction.calls), len(auction.calls) - 1)
        annotated.append(AnnotatedCall(choice.call, choice.alert, answer))
    return DealRecord(number=number, dealer=dealer, deal=deal, calls=tuple(annotated))


BOARDS = [robot_board(n, seed) for n, seed in enumerate(range(1000, 1060), start=1)]


def test_the_card_describes_the_robots_main_agreements(card: SystemCard) -> None:
    one_nt = card.meaning("", parse_call("1NT"))
    assert one_nt is not None and (one_nt.hcp_min, one_nt.hcp_max, one_nt.balanced) == (15, 17, True)
    stayman = card.meaning("1NT P", parse_call("2C"))
    assert stayman is not None and stayman.convention == "Stayman" and stayman.artificial
    assert stayman.hcp_min == 8
    transfer = card.meaning("1NT P", parse_call("2H"))
    assert transfer is not None and transfer.transfer is not None and transfer.transfer.value == "S"
    raise_ = card.meaning("1S P", parse_call("2S"))  # "1M P 2M" expanded for spades
    assert raise_ is not None and raise_.length(raise_.lengths[0].suit) is not None
    assert [(x.suit.value, x.min) for x in raise_.lengths] == [("S", 3)]
    overcall = card.meaning("1D", parse_call("1S"))
    assert overcall is not None and [(x.suit.value, x.min) for x in overcall.lengths] == [("S", 5)]
    assert card.meaning("1S", parse_call("1H")) is None, "an insufficient bid is not expanded"


def test_the_converted_card_survives_json(card: SystemCard) -> None:
    assert loads(dumps(card)) == card


def test_robots_explanations_and_hands_agree_with_their_card(card: SystemCard) -> None:
    """Sixty boards bid by robots: no explanation contradicts the card and no hand falls outside the card's
    meaning of its call; the robots alert and announce what the regulations require (every call is
    explained, which counts as its announcement)."""
    checked = 0
    for board in BOARDS:
        found = review(card, board, AlertRegulations())
        described = [m for m in found.mismatches if m.card is not None]
        assert described == [], [str(m) for m in described]
        assert found.deviations == (), [str(d) for d in found.deviations]
        assert found.failed_alerts == (), [str(f) for f in found.failed_alerts]
        checked += sum(1 for i, a in enumerate(board.calls or ()) if card.lookup(
            [c.call for c in (board.calls or ())[:i]], a.call) is not None)
    assert checked >= 150, checked


def test_a_doctored_explanation_and_a_doctored_hand_are_flagged(card: SystemCard) -> None:
    """The same boards with a robot's 1NT opening explained as 12-14: the Director sees the mismatch."""
    flagged = 0
    for board in BOARDS:
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


def test_a_self_alert_that_describes_only_the_hand_is_flagged(card: SystemCard) -> None:
    """A robot attaches the text of the rule it chose to its call (``Choice.explanation``). For a double of a
    one-level opening that text may be "17 or more HCP, any shape", while the agreement is also a 12+
    takeout double: as an explanation of the agreement (Law 20F1) it misdescribes it, and the checker says
    so. Answering a question with ``explain_call`` (all the rules) does not."""
    rule_text = next(r.meaning for r in robots.SYSTEM.rules
                     if r.auction == "1x" and "17 or more" in r.meaning)
    found = review_one(card, "1H", "X", rule_text)
    assert found is not None and [(f.field, f.card, f.explained) for f in found.fields] == [
        ("hcp", "12+", "17+")]
    full = robots.explain_call([parse_call("1H"), parse_call("X")], 1)
    assert review_one(card, "1H", "X", full) is None


def review_one(card: SystemCard, before: str, call: str, text: str) -> Mismatch | None:
    return check_explanation(card, before, parse_call(call), text)


def robot_table_auction(number: int, seed: int) -> DealRecord:
    """Four :class:`~tenace.robots.Robot` objects bid one random deal at a :class:`~tenace.laws.Table`, each
    from its own view; the record keeps every ``CallMade`` as the robot made it (alert and explanation)."""
    from tenace.board import Board
    from tenace.laws import CallMade, Table
    from tenace.laws.table import Phase

    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    deal = Deal(tuple(CardSet(cards[13 * i: 13 * (i + 1)]) for i in range(4)))  # type: ignore[arg-type]
    table = Table.new(Board(number, deal))
    players = {seat: robots.Robot(seat, samples=0) for seat in SEATS}
    made: list[AnnotatedCall] = []
    while table.phase is Phase.AUCTION:
        seat = table.turn
        assert seat in players
        event = players[seat].act(table.view(seat))
        assert isinstance(event, CallMade), event
        made.append(AnnotatedCall(event.call, event.alert, event.explanation))
        table = table.apply(event)
    return DealRecord(number=number, dealer=table.board.dealer, deal=deal, calls=tuple(made))


PLACEMENT = robots.explain_call([parse_call("1C"), parse_call("P"), parse_call("7NT")], 2)
TABLE_BOARDS = [robot_table_auction(n, seed) for n, seed in enumerate(range(2000, 2060), start=1)]


def test_robots_at_a_table_explain_every_call_by_the_agreement_their_card_records(card: SystemCard) -> None:
    """Laws 20F1, 40A: the explanation a robot attaches to its ``CallMade`` is the agreement, so sixty boards
    bid by robots at tables give no mismatch with an agreement of the card and no missing alert; a hand
    outside the card's meaning only comes from the placement logic, where no rule fits (a deviation, Law 40C1,
    not misinformation). A call no rule makes (a pass, a placement) is explained as such; the card has no
    agreement to compare it with, which the review lists with ``card=None``."""
    explained = 0
    for board in TABLE_BOARDS:
        found = review(card, board, AlertRegulations())
        described = [m for m in found.mismatches if m.card is not None]
        assert described == [], [str(m) for m in described]
        unlisted = {m.explanation.text for m in found.mismatches if m.card is None}
        assert unlisted <= {PASS_MEANING, PLACEMENT}, unlisted
        assert found.failed_alerts == (), [str(f) for f in found.failed_alerts]
        calls = [a.call for a in board.calls or ()]
        for deviation in found.deviations:  # only a placement no rule made (the system has no rule for it)
            assert deviation.index is not None and deviation.seat is not None and board.deal is not None
            choice = robots.choose_call(board.deal[deviation.seat], board.dealer, deviation.seat,
                                        calls[:deviation.index])
            assert choice.call == calls[deviation.index] and choice.rule is None, str(deviation)
        explained += sum(1 for a in board.calls or () if a.explanation)
    assert explained >= 240, explained


def test_a_robots_strong_double_is_explained_as_the_whole_agreement_not_as_its_hand(card: SystemCard) -> None:
    """A 17+ HCP hand that is no takeout double doubles a one-level opening by the "17 or more" rule; the
    robot's explanation is every agreement for the double (the 12+ takeout double too), which the card
    accepts, rather than the text of the rule its hand met."""
    from tenace.board import Board
    from tenace.laws import CallMade, Table

    # West deals (board 4) and opens 1H; North holds 19 HCP with four hearts: not a takeout double.
    deal = Deal.from_pbn("W:J92.AQT98.QJ3.A2 AKQ3.KJ42.AK4.76 T87654.7653.T98. ..7652.KQJT98543")
    table = Table.new(Board(4, deal)).apply(CallMade(Seat.WEST, parse_call("1H")))
    event = robots.Robot(Seat.NORTH, samples=0).act(table.view(Seat.NORTH))
    assert isinstance(event, CallMade) and str(event.call) == "X"
    rule_text = next(r.meaning for r in robots.SYSTEM.rules
                     if r.auction == "1x" and "17 or more" in r.meaning)
    assert event.explanation != rule_text
    assert event.explanation == robots.explain_call([parse_call("1H"), parse_call("X")], 1)
    assert check_explanation(card, "1H", parse_call("X"), event.explanation) is None
    assert check_explanation(card, "1H", parse_call("X"), rule_text) is not None
