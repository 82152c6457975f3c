"""The robots' card play: sampled layouts agree with everything the robot has seen, the card chosen is the
double-dummy best one where the position leaves no doubt, and claims are made and answered only when every
layout agrees (Laws 68-70)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import contracts, deals
from tenace import Board, Card, CardSet, Contract, Deal, Seat, Suit, parse_call
from tenace.laws import CallMade, CardPlayed, ClaimAnswered, ClaimMade, Table
from tenace.laws.table import Phase
from tenace.robots import Memory, Robot
from tenace.robots.play import _choose, _draw_trumps, choose_card, effort, position_from_view, sample_plays
from tenace.seats import SEATS
from tenace.solver.dds import SolvedPosition, best_cards, solve_position

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# South declares 1NT; West's hearts are led. South has 8 tricks if he cashes his spades and hearts first, but
# any diamond or club gives the defenders their long suits (the double-dummy best cards are the five tops).
CASH_OUT = Deal.from_pbn("S:AKQ2.AKQ2.76.432 JT9.JT9.AKQJ.AKQ 543.543.5432.765 876.876.T98.JT98")


def table_after(deal: Deal, auction: str, cards: str = "", memory: tuple[Seat, Memory] | None = None,
                board: int = 1) -> Table:
    """The table after ``auction`` (board 1: North deals) and ``cards``; ``memory`` observes every view its
    seat is shown on the way, as a robot at the table would."""
    table = Table.new(Board(board, deal))
    seat = table.board.dealer
    for text in auction.split():
        table = table.apply(CallMade(seat, parse_call(text)))
        seat = seat.lho
    for text in cards.split():
        turn = table.turn
        assert isinstance(turn, Seat)
        table = table.apply(CardPlayed(turn, Card.from_str(text)))
        if memory is not None:
            memory[1].observe(table.view(memory[0]))
    return table


def test_declarer_cashes_a_top_winner_the_double_dummy_best_card() -> None:
    table = table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ")   # board 1: North deals
    assert table.turn is Seat.SOUTH
    best = best_cards(table.play)  # type: ignore[arg-type]
    legal = table.legal_cards()
    assert len(best) < len(legal)   # a wrong card exists: the test can fail
    robot = Robot(Seat.SOUTH, samples=12, seed=3)
    event = robot.act(table.view(Seat.SOUTH))
    assert isinstance(event, CardPlayed) and event.seat is Seat.SOUTH
    assert event.card in best


def test_declarer_robot_plays_dummy_s_cards_from_dummy_s_seat() -> None:
    table = table_after(CASH_OUT, "P P 1NT P P P", "HJ")
    assert table.turn is Seat.NORTH   # dummy's turn: declarer names the card (Law 45)
    assert Robot(Seat.NORTH, samples=4).act(table.view(Seat.NORTH)) is None   # dummy does not play
    event = Robot(Seat.SOUTH, samples=4).act(table.view(Seat.SOUTH))
    assert isinstance(event, CardPlayed) and event.seat is Seat.NORTH
    assert event.card in table.legal_cards()


def test_samples_keep_every_card_seen_and_follow_shown_out_suits() -> None:
    memory = Memory()
    table = table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ SA S9 S3 S8 SK ST S4 S7", (Seat.EAST, memory))
    view = table.view(Seat.EAST)
    assert all(card is None for card in view.tricks[0].cards)   # the quitted trick is turned (Law 66C)
    position = position_from_view(view, memory)
    plays = sample_plays(position, 15, random.Random(1))
    played = table.play.cards  # type: ignore[union-attr]
    for play in plays:
        assert play.cards == played   # every card seen stays where it was played
        assert play.hand(Seat.EAST) == table.play.hand(Seat.EAST)  # type: ignore[union-attr]
        assert play.hand(Seat.NORTH) == table.play.hand(Seat.NORTH)  # type: ignore[union-attr]
        counts = [len(play.hand(seat)) for seat in SEATS]
        assert counts == [len(table.play.hand(seat)) for seat in SEATS]  # type: ignore[union-attr]
    # the hidden hands vary over the samples
    assert len({play.hand(Seat.WEST) for play in plays}) > 1


def test_without_memory_the_turned_tricks_are_sampled_too() -> None:
    table = table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ SA S9 S3 S8 SK ST S4 S7")
    position = position_from_view(table.view(Seat.EAST))   # no memory: the first two tricks are unknown
    for play in sample_plays(position, 5, random.Random(1)):
        assert play.hand(Seat.EAST) == table.play.hand(Seat.EAST)  # type: ignore[union-attr]
        assert play.cards[-4:] == table.play.cards[-4:]  # type: ignore[union-attr]  # the last trick is in view
        assert all(card not in play.hand(Seat.WEST) for card in play.cards[-4:])


def test_the_auction_is_read_once_a_board_and_again_for_another_auction() -> None:
    memory = Memory()
    first = table_after(CASH_OUT, "P P 1NT P P P", "HJ", (Seat.SOUTH, memory))
    later = table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ", (Seat.SOUTH, memory))
    fresh = position_from_view(first.view(Seat.SOUTH))   # no memory: read from the view
    one = position_from_view(first.view(Seat.SOUTH), memory)
    two = position_from_view(later.view(Seat.SOUTH), memory)
    assert one.shown == fresh.shown and one.auction == fresh.auction
    assert two.shown is one.shown and two.auction is one.auction   # the same auction: not read again
    other = table_after(CASH_OUT, "P P 1NT P 2NT P P P", "HJ", (Seat.SOUTH, memory))   # another auction
    three = position_from_view(other.view(Seat.SOUTH), memory)
    assert three.auction is not one.auction and three.shown != one.shown
    assert three.shown == position_from_view(other.view(Seat.SOUTH)).shown


def test_a_shown_out_suit_is_never_dealt_back() -> None:
    # East shows out of hearts on the first trick: no sample gives him a heart.
    deal = Deal.from_pbn("S:AKQ2.AKQ2.76.432 JT9.JT98765.A.AK 543.43.5432.8765 876..KQJT98.QJT9")
    table = table_after(deal, "P P 1NT P P P", "HJ H3 D8")
    view = table.view(Seat.SOUTH)
    position = position_from_view(view)
    assert position.voids[Seat.EAST] == frozenset({Card.from_str("HJ").suit})
    for play in sample_plays(position, 10, random.Random(2)):
        assert not play.hand(Seat.EAST).suit(Card.from_str("H2").suit)


def test_the_same_seed_and_views_give_the_same_card() -> None:
    table = table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ")
    first = Robot(Seat.SOUTH, samples=6, seed=9).act(table.view(Seat.SOUTH))
    again = Robot(Seat.SOUTH, samples=6, seed=9).act(table.view(Seat.SOUTH))
    assert first == again


GRAND = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def test_declarer_claims_when_every_layout_gives_him_the_rest_and_robots_agree() -> None:
    table = table_after(GRAND, "7NT P P P", "ST")   # East leads; dummy (South) is to play
    declarer = Robot(Seat.NORTH, samples=5)
    claim = declarer.act(table.view(Seat.NORTH))
    assert claim == ClaimMade(Seat.NORTH, 13, claim.statement)  # type: ignore[union-attr]
    table = table.apply(claim)
    assert table.phase is Phase.CLAIM
    for seat in (Seat.EAST, Seat.WEST):
        answer = Robot(seat, samples=5).act(table.view(seat))
        assert answer == ClaimAnswered(seat, True)
        table = table.apply(answer)
    assert table.phase is Phase.ENDED and table.declarer_tricks == 13


def test_a_defender_robot_objects_to_a_claim_that_could_lose_a_trick() -> None:
    table = table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ")
    table = table.apply(ClaimMade(Seat.SOUTH, 12, "all of them"))   # South has only 7 sure tricks
    answer = Robot(Seat.EAST, samples=5).act(table.view(Seat.EAST))
    assert answer == ClaimAnswered(Seat.EAST, False)
    # the true double-dummy figure agrees that the claim is wrong
    assert solve_position(table.play).max_tricks < 12  # type: ignore[arg-type]


def test_defender_robot_leads_a_card_it_holds() -> None:
    table = table_after(CASH_OUT, "P P 1NT P P P", "")
    event = Robot(Seat.WEST, samples=4, seed=1).act(table.view(Seat.WEST))
    assert isinstance(event, CardPlayed) and event.seat is Seat.WEST
    assert event.card in CASH_OUT[Seat.WEST]
    assert isinstance(CardSet([event.card]), CardSet)


def test_a_defender_robot_accepts_a_claim_of_what_every_layout_gives_and_rejects_one_trick_more() -> None:
    # The view carries the claim (Laws 68-71): the robot compares the number claimed with the fewest tricks
    # the claimer's side takes over its samples. South has exactly 7 of the 12 left double dummy.
    base = table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ")
    assert solve_position(base.play).max_tricks == 7  # type: ignore[arg-type]
    answers = {}
    for tricks in (5, 7, 8, 12):
        table = base.apply(ClaimMade(Seat.SOUTH, tricks, "my tops"))
        view = table.view(Seat.EAST)
        assert view.claim is not None and view.claim.tricks == tricks
        answers[tricks] = Robot(Seat.EAST, samples=6).act(view)
    assert answers == {
        5: ClaimAnswered(Seat.EAST, True),   # conceding two tricks it could take costs the defence nothing
        7: ClaimAnswered(Seat.EAST, True),
        8: ClaimAnswered(Seat.EAST, False),
        12: ClaimAnswered(Seat.EAST, False),
    }


def test_the_second_defender_answers_the_same_claim_after_his_partner_agreed() -> None:
    base = table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ")
    table = base.apply(ClaimMade(Seat.SOUTH, 7, "my tops")).apply(ClaimAnswered(Seat.WEST, True))
    assert table.turn is Seat.EAST
    assert Robot(Seat.EAST, samples=6).act(table.view(Seat.EAST)) == ClaimAnswered(Seat.EAST, True)


def test_a_claim_in_the_middle_of_a_trick_counts_the_trick_in_progress() -> None:
    # South leads a spade top and claims the rest with one card of the trick played; the claim counts the
    # trick in progress (Law 68), so the fewest tricks over the samples is compared with it.
    base = table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ SA")
    assert base.play is not None and base.play.current_trick.cards
    best = solve_position(base.play)
    figure = best.max_tricks if best.turn.side is Seat.SOUTH.side else best.tricks_left - best.max_tricks
    for tricks, agree in ((figure, True), (figure + 1, False)):
        table = base.apply(ClaimMade(Seat.SOUTH, tricks, "the rest of my tops"))
        turn = table.turn
        assert isinstance(turn, Seat) and turn.side is not Seat.SOUTH.side
        assert Robot(turn, samples=6).act(table.view(turn)) == ClaimAnswered(turn, agree)


def test_a_time_budget_stops_solving_after_the_first_batch_when_spent() -> None:
    table = table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ")
    view = table.view(Seat.SOUTH)
    first, most = effort(position_from_view(view), 12)
    assert (first, most) == (12, 24)   # the second trick: 12 layouts, up to 24 while they disagree
    card, solved = choose_card(view, Seat.SOUTH, None, 12, random.Random(1), budget=0.0)
    assert 1 <= len(solved) < first
    assert card in table.legal_cards()
    _, everything = choose_card(view, Seat.SOUTH, None, 12, random.Random(1))
    assert first <= len(everything) <= most


def test_the_effort_goes_where_a_card_decides_most() -> None:
    lead = position_from_view(table_after(CASH_OUT, "P P 1NT P P P", "").view(Seat.WEST))
    assert effort(lead, 20) == (30, 30)   # the opening lead: one and a half times the setting
    early = position_from_view(table_after(CASH_OUT, "P P 1NT P P P", "HJ").view(Seat.SOUTH))
    assert effort(early, 20) == (20, 40)
    late = position_from_view(table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ SA S9 S3 S8 SK ST S4 S7")
                              .view(Seat.SOUTH))
    assert late.tricks_left == 10 and effort(late, 20) == (10, 40)   # cheap positions: from 10
    assert effort(late, 0) == (0, 0)


def test_a_settled_decision_stops_at_the_first_layouts() -> None:
    # South to lead at trick 2 of CASH_OUT: a spade or heart top is best on every layout, so the first
    # layouts settle it. West's opening lead is clear too (a diamond or club top takes the first seven
    # tricks, anything else lets South run eight): the lead's fixed one and a half times the setting.
    table = table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ")
    _, solved = choose_card(table.view(Seat.SOUTH), Seat.SOUTH, None, 8, random.Random(2))
    assert len(solved) == 8
    lead = table_after(CASH_OUT, "P P 1NT P P P", "")
    card, solved = choose_card(lead.view(Seat.WEST), Seat.WEST, None, 4, random.Random(2))
    assert len(solved) == 6 and card.suit in (Suit.DIAMONDS, Suit.CLUBS)


def test_declarer_draws_trumps_from_the_top_among_cards_equal_on_every_layout() -> None:
    # South declares 1S on CASH_OUT and leads to trick 2: where a top spade, a low spade, a heart and a club
    # take the same tricks on every layout, he plays the ace of spades (without the rule, the lowest card)
    table = table_after(CASH_OUT, "P P 1S P P P", "HJ H3 H6 HQ")
    position = position_from_view(table.view(Seat.SOUTH))
    rank = _draw_trumps(position)
    assert rank is not None
    ace, two, heart, club = (Card.from_str(c) for c in ("SA", "S2", "HA", "C2"))
    assert rank(ace) > rank(two) > rank(heart) == rank(club) == 0.0
    def solved(*tricks: int) -> list[tuple[SolvedPosition, float]]:
        cards = tuple(zip((ace, two, heart, club), tricks, strict=True))
        return [(SolvedPosition(Seat.SOUTH, Seat.SOUTH, 1, 12, cards), 1.0)]

    tie = solved(7, 7, 7, 7)
    legal = CardSet([ace, two, heart, club])
    assert _choose(legal, tie, rank) is ace
    assert _choose(legal, tie, None) is not ace
    # a better card on average still comes first
    assert _choose(legal, solved(7, 7, 8, 7), rank) is heart
    # no trumps left with the defenders, at notrump, or following suit: no preference
    gone = replace(position, voids={**position.voids, Seat.WEST: frozenset({Suit.SPADES}),
                                    Seat.EAST: frozenset({Suit.SPADES})})
    assert _draw_trumps(gone) is None
    assert _draw_trumps(position_from_view(table_after(CASH_OUT, "P P 1NT P P P", "HJ H3 H6 HQ")
                                           .view(Seat.SOUTH))) is None
    following = table_after(CASH_OUT, "P P 1S P P P", "HJ H3 H6")
    assert _draw_trumps(position_from_view(following.view(Seat.SOUTH))) is None


@settings(max_examples=25, deadline=None)
@given(deal=deals(), contract=contracts(), played=st.integers(16, 50), seed=st.integers(0, 2**16))
def test_the_robot_on_turn_always_plays_a_card_the_engine_accepts(
    deal: Deal, contract: Contract, played: int, seed: int
) -> None:
    declarer = contract.declarer
    dummy = declarer.partner
    table = Table.new(Board(1, deal))
    seat = table.board.dealer
    calls = ["P"] * ((declarer.index - seat.index) % 4) + [str(contract.bid), "P", "P", "P"]
    robots = {s: Robot(s, samples=2, seed=seed) for s in SEATS}
    rng = random.Random(seed)
    for text in calls:
        table = table.apply(CallMade(seat, parse_call(text)))
        seat = seat.lho
    for _ in range(played):
        turn = table.turn
        assert isinstance(turn, Seat)
        table = table.apply(CardPlayed(turn, rng.choice(sorted(table.legal_cards()))))
        for s in SEATS:
            robots[s].observe(table.view(s))
    turn = table.turn
    assert isinstance(turn, Seat)
    actor = declarer if turn is dummy else turn
    event = robots[actor].act(table.view(actor))
    if isinstance(event, ClaimMade):
        assert actor is declarer and event.tricks == 13 - len(table.play.winners)  # type: ignore[union-attr]
        return
    assert isinstance(event, CardPlayed) and event.seat is turn
    assert event.card in table.legal_cards()
    table.apply(event)
