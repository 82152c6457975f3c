"""The robots' bidding engine (tenace.system.bidding): every call legal, every explanation true of the hand
that made it and equal to what an opponent is told on request (Laws 20F, 40), what each call showed, and a
system file's errors named with file and line. The textbook calls themselves are in tests/robots/textbook."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import deals, partial_auctions
from tenace import CardSet, Seat, Suit, parse_call
from tenace.auction import Auction
from tenace.board import Board
from tenace.calls import Call
from tenace.laws import CallMade, Table
from tenace.laws.table import Phase
from tenace.robots import Robot, choose_call, explain_call, shown
from tenace.robots.bidding import meaning_of, table_context
from tenace.system.bidding.check import check_system, contradictions
from tenace.system.bidding.engine import HandInfo, candidates, decide
from tenace.system.bidding.rules import SystemFileError, parse_system
from tenace.system.bidding.systems import builtin, builtin_names


def calls(text: str) -> list[Call]:
    return [parse_call(c) for c in text.split()]


@pytest.mark.parametrize("name", builtin_names())
def test_every_shipped_system_reads_and_checks_clean(name: str) -> None:
    assert check_system(builtin(name)) == []


@settings(max_examples=150, deadline=None)
@given(deal=deals(), auction=partial_auctions())
def test_every_call_chosen_is_legal_and_its_explanation_true_of_the_hand(deal, auction: Auction) -> None:  # type: ignore[no-untyped-def]
    if auction.is_complete:
        return
    seat = auction.turn
    choice = choose_call(deal[seat], auction.dealer, seat, auction.calls)
    assert auction.is_legal(choice.call)
    meaning = meaning_of([*auction.calls, choice.call], len(auction.calls), dealer=auction.dealer)
    assert contradictions(meaning.facts, HandInfo.of(deal[seat])) == []
    assert choice.alert == meaning.alert


@settings(max_examples=40, deadline=None)
@given(deal=deals(), dealer=st.sampled_from(list(Seat)))
def test_four_robots_finish_every_auction_and_explain_each_call_as_asked(deal, dealer: Seat) -> None:  # type: ignore[no-untyped-def]
    table = Table.new(Board(dealer.index + 1, deal))
    robots = {seat: Robot(seat, samples=0) for seat in Seat}
    made: list[CallMade] = []
    while table.phase is Phase.AUCTION:
        seat = table.turn
        assert isinstance(seat, Seat)
        event = robots[seat].act(table.view(seat))
        assert isinstance(event, CallMade)
        made.append(event)
        table = table.apply(event)
    assert len(made) < 60
    view = table.view(Seat.NORTH)
    for index, event in enumerate(made):
        # Law 20F: the explanation given later on request is the one attached to the call
        asked = robots[Seat.NORTH].explain(view, index)
        assert asked == event.explanation


def test_the_explanation_is_the_agreement_not_the_one_rule_the_hand_met() -> None:
    # two Stayman rules (four hearts, four spades): the explanation covers both, so it names no major
    text = explain_call(calls("1NT P 2C"), 2)
    assert text.startswith("Stayman") and "♥" not in text and "♠" not in text


def test_a_transfer_is_alerted_and_shows_the_next_suit() -> None:
    choice = choose_call(CardSet.from_pbn("Q7.KJ852.943.T76"), Seat.NORTH, Seat.SOUTH, calls("1NT P"))
    assert (str(choice.call), choice.alert) == ("2D", True)
    assert "5+♥" in choice.explanation


def test_a_call_no_rule_makes_is_explained_as_no_agreement() -> None:
    # an overcall of our own suit at the seven level is nobody's agreement
    assert explain_call(calls("1S P 7C"), 2) == "no agreement: natural"


def test_a_pass_is_explained_with_what_it_may_be_a_pass_for() -> None:
    text = explain_call(calls("1NT P P"), 2)
    assert "pass" in text.lower() or "to play" in text.lower()


def test_what_the_calls_showed_is_read_from_the_rules() -> None:
    seen = shown(Seat.NORTH, calls("1NT P 2H"))
    assert (seen[Seat.NORTH].hcp_min, seen[Seat.NORTH].hcp_max) == (15, 17)
    assert seen[Seat.SOUTH].lengths == {Suit.SPADES: 5}
    # a balanced opener has at most five cards in any suit
    assert seen[Seat.NORTH].maxima[Suit.SPADES] == 5


def test_the_agreed_suit_follows_the_fit_shown() -> None:
    system = builtin()
    assert table_context(system, Seat.NORTH, calls("1S P 2S P")).agreed == Suit.SPADES.index
    assert table_context(system, Seat.NORTH, calls("1S P 1NT P")).agreed is None


def test_the_same_hand_and_auction_always_give_the_same_call() -> None:
    hand = HandInfo.of(CardSet.from_pbn("KQ3.AJ52.K4.QT76"))
    ctx = table_context(builtin(), Seat.NORTH, calls("1C P 1H P"))
    assert {decide(ctx, hand).call for _ in range(5)} == {decide(ctx, hand).call}
    assert decide(ctx, hand).call == next(candidates(ctx, hand)).call


def test_vulnerability_and_seat_change_what_a_rule_allows() -> None:
    # a flat 11-count opens in third seat, not in first
    hand = CardSet.from_pbn("KQ52.K84.Q73.J93")
    assert (hand.hcp, hand.shape) == (11, (4, 3, 3, 3))
    first = choose_call(hand, Seat.NORTH, Seat.NORTH, [])
    third = choose_call(hand, Seat.NORTH, Seat.SOUTH, calls("P P"))
    assert (str(first.call), str(third.call)) == ("P", "1C")


# --- reading and checking system files ---------------------------------------------------------------------

def test_a_line_that_cannot_be_read_is_named_with_its_file_and_line() -> None:
    with pytest.raises(SystemFileError) as caught:
        parse_system("system X\n[1NT P]\n2C hcp 8+, Q==4 : stayman\n", "ours.rules")
    assert caught.value.where == "ours.rules:3"
    assert "Q" in caught.value.message


@pytest.mark.parametrize(("text", "found"), [
    ("system X\n[1NT P]\n2C hcp 8+ : frobnicate\n", "unknown meaning 'frobnicate'"),
    ("system X\nconventions Frobnitz\n", "unknown convention 'Frobnitz'"),
    ("system X\n[1NT P]\n2C hcp 8+ : stayman\n", "part of Stayman, which the system does not list"),
    ("system X\n[1NT P]\n2D S>=5, S<=4 : natural\n", "no hand can meet S>=5, S<=4"),
    ("system X\n[1NT P]\n2C hcp 8+ : natural\n2C hcp 0-7 : to-play\n", "2C has two meanings"),
])
def test_check_names_each_problem(text: str, found: str) -> None:
    problems = check_system(parse_system(text, "ours.rules"))
    assert any(found in p.message for p in problems), problems
    assert all(p.where.startswith("ours.rules") for p in problems)


def test_two_meanings_separated_by_the_table_are_not_a_conflict() -> None:
    text = ("system X\nconventions Drury, Two over one\n[1M P]\n2C passed, M>=3 : drury\n"
            "2C not passed, C>=3, hcp 12+ : two-over-one\n")
    assert check_system(parse_system(text, "ours.rules")) == []


def test_a_variant_may_restate_an_included_heading(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "base.rules").write_text("[1NT P]\n2NT hcp 8-9 : notrump-invite\n")
    (tmp_path / "ours.rules").write_text(
        "system Ours\ninclude base.rules\n[1NT P]\n2NT hcp 8 : notrump-invite\n")
    from tenace.system.bidding.rules import load_system
    system = load_system(tmp_path / "ours.rules")
    assert [r.where for r in system.rules] == ["ours.rules:4"]


def test_two_included_files_may_not_both_claim_a_heading(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a.rules").write_text("[1NT P]\n2NT hcp 8-9 : notrump-invite\n")
    (tmp_path / "b.rules").write_text("[1NT P]\n3NT hcp 10+ : notrump-game\n")
    (tmp_path / "ours.rules").write_text("system Ours\ninclude a.rules\ninclude b.rules\n")
    from tenace.system.bidding.rules import load_system
    with pytest.raises(SystemFileError, match=r"b.rules:1: the auction \[1NT P\] already has a heading"):
        load_system(tmp_path / "ours.rules")
