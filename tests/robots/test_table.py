"""Robots at a table through the Laws engine: four robots finish boards lawfully, every call they make carries
the description's explanation, and a robot acts only from its own view (it decides the same whatever the
cards it cannot see)."""

from __future__ import annotations

import random

import pytest

from tenace import Board, Card, CardSet, Deal, Seat, parse_call
from tenace.laws import CallMade, CardPlayed, ClaimMade, ClaimRuled, DirectorCalled, Elected, Table
from tenace.laws.decisions import Comparable, MustPass, Reject
from tenace.laws.events import Event
from tenace.laws.refs import DIRECTOR, Policy, Regulations
from tenace.laws.table import Phase
from tenace.robots import Robot, play_board
from tenace.robots.bidding import choose_call, explain_call, meaning_of
from tenace.seats import SEATS

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def random_deal(seed: int) -> Deal:
    cards = list(CardSet.full())
    random.Random(seed).shuffle(cards)
    return Deal.from_hands({seat: CardSet(cards[13 * i:13 * i + 13]) for i, seat in enumerate(SEATS)})


def check_calls(table: Table) -> None:
    calls = [e for e in table.record if isinstance(e, CallMade)]
    history = [e.call for e in calls]
    board = table.board
    for index, event in enumerate(calls):
        assert event.explanation, f"{event} has no explanation"
        # an opponent asking later hears the same agreement (Law 20F), and the alert is the agreement's
        assert event.explanation == explain_call(history, index, dealer=board.dealer,
                                                 vulnerability=board.vulnerability)
        assert event.alert == meaning_of(history, index, dealer=board.dealer,
                                         vulnerability=board.vulnerability).alert


def test_fifty_boards_at_a_robot_only_table_end_with_a_score_and_lawful_calls() -> None:
    # samples=0: lowest legal card without solving, to keep the test fast; the solver path is tested below
    contracts = 0
    for number in range(1, 51):
        board = Board(number, random_deal(number))
        table = play_board(board, samples=0, seed=number, regulations=Regulations(policy=Policy.ONLINE))
        assert table.phase is Phase.ENDED
        assert table.score_ns() is not None
        check_calls(table)
        contracts += table.contract is not None
        assert not table.irregularities
    assert contracts >= 35   # a natural system bids most deals


def test_robots_solving_samples_double_dummy_finish_boards_with_claims_ruled_when_doubted() -> None:
    for number in (3, 7):
        board = Board(number, random_deal(100 + number))
        table = play_board(board, samples=2, seed=number)
        assert table.phase is Phase.ENDED
        check_calls(table)
        assert not table.irregularities
        claims = [e for e in table.record if isinstance(e, ClaimMade)]
        rulings = [e for e in table.record if isinstance(e, ClaimRuled)]
        assert len(rulings) <= len(claims)


# --- the robot sees only its own view ---------------------------------------------------------------------


def test_a_robot_refuses_anything_but_its_own_view() -> None:
    table = Table.new(Board(1, random_deal(1)))
    robot = Robot(Seat.NORTH)
    with pytest.raises(TypeError, match="TableView"):
        robot.act(table)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="South"):
        robot.act(table.view(Seat.SOUTH))


def _swap_hidden(deal: Deal, keep: dict[Seat, CardSet], hidden: tuple[Seat, Seat], seed: int) -> Deal:
    """Another deal with the same hands for the seats in ``keep`` and the hidden seats' cards reshuffled
    between them (``keep`` also pins cards the viewer has seen in a hidden hand)."""
    pool = [c for s in hidden for c in deal[s] if all(c not in k for k in keep.values())]
    random.Random(seed).shuffle(pool)
    hands = {s: deal[s] for s in SEATS if s not in hidden}
    start = 0
    for s in hidden:
        pinned = keep.get(s, CardSet())
        n = 13 - len(pinned)
        hands[s] = pinned | CardSet(pool[start:start + n])
        start += n
    return Deal.from_hands(hands)


def _replay(deal: Deal, record: list[Event]) -> Table:
    return Table.replay(Board(1, deal), record)


def test_a_bidding_robot_decides_the_same_whatever_the_other_three_hands() -> None:
    deal = random_deal(5)
    record: list[Event] = [CallMade(Seat.NORTH, parse_call("1H")), CallMade(Seat.EAST, parse_call("P"))]
    for seed in range(5):
        other = _swap_hidden(deal, {}, (Seat.NORTH, Seat.WEST), seed)
        a, b = _replay(deal, record).view(Seat.SOUTH), _replay(other, record).view(Seat.SOUTH)
        assert other != deal and a == b
        assert Robot(Seat.SOUTH).act(a) == Robot(Seat.SOUTH).act(b)


def test_a_declarer_robot_plays_the_same_card_whatever_the_defenders_hold() -> None:
    deal = Deal.from_pbn("S:AKQ2.AKQ2.76.432 JT9.JT9.AKQJ.AKQ 543.543.5432.765 876.876.T98.JT98")
    calls = ("P", "P", "1NT", "P", "P", "P")
    record: list[Event] = [CallMade(Seat.NORTH.rotate(i), parse_call(c)) for i, c in enumerate(calls)]
    record += [CardPlayed(Seat.WEST, Card.from_str("HJ")), CardPlayed(Seat.NORTH, Card.from_str("H3"))]
    lead = {Seat.WEST: CardSet([Card.from_str("HJ")])}
    choices = set()
    for seed in range(4):
        other = _swap_hidden(deal, lead, (Seat.EAST, Seat.WEST), seed)
        assert other != deal
        table, twin = _replay(deal, record), _replay(other, record)
        assert table.view(Seat.EAST) != twin.view(Seat.EAST)   # East's own cards differ...
        view, twin_view = table.view(Seat.SOUTH), twin.view(Seat.SOUTH)
        assert view == twin_view   # ...but South sees the same
        first = Robot(Seat.SOUTH, samples=3, seed=11).act(view)
        second = Robot(Seat.SOUTH, samples=3, seed=11).act(twin_view)
        assert first == second
        choices.add(first)
    assert len(choices) == 1


# --- rectification: decisions and obligations -------------------------------------------------------------


def _deal_with_west(west: str, seed: int) -> Deal:
    held = CardSet.from_pbn(west)
    rest = [c for c in CardSet.full() if c not in held]
    random.Random(seed).shuffle(rest)
    hands = {Seat.WEST: held}
    for i, seat in enumerate((Seat.NORTH, Seat.EAST, Seat.SOUTH)):
        hands[seat] = CardSet(rest[13 * i:13 * i + 13])
    return Deal.from_hands(hands)


INSUFFICIENT: list[Event] = [
    CallMade(Seat.NORTH, parse_call("1H")), CallMade(Seat.EAST, parse_call("1D")), DirectorCalled(Seat.SOUTH)
]


def test_robot_elects_an_option_the_engine_offers_it_after_an_insufficient_bid() -> None:
    deal = _deal_with_west("K32.432.Q432.K32", 1)
    table = Table.replay(Board(1, deal), INSUFFICIENT)
    assert table.pending is not None and table.pending.actor is Seat.SOUTH
    event = Robot(Seat.SOUTH).act(table.view(Seat.SOUTH))
    assert isinstance(event, Elected) and event.option in table.pending.options
    assert table.apply(event).pending is None   # accepted (Law 27A1): the auction goes on
    assert Robot(Seat.NORTH).act(table.view(Seat.NORTH)) is None   # not North's decision


def test_robot_passes_when_a_rectification_silences_it_though_its_hand_would_bid() -> None:
    deal = _deal_with_west("K32.432.Q432.K32", 1)   # 8 HCP, three clubs: would raise partner's 2C
    calls = [parse_call(c) for c in ("1H", "2C", "P")]
    assert str(choose_call(deal[Seat.WEST], Seat.NORTH, Seat.WEST, calls).call) == "3C"
    table = Table.replay(Board(1, deal), INSUFFICIENT)
    assert table.pending is not None
    reject = next(o for o in table.pending.options if isinstance(o, Reject))
    table = table.apply(Elected(Seat.SOUTH, reject)).apply(CallMade(Seat.EAST, parse_call("2C")))
    assert table.pending is not None   # the Director: is 2C comparable to 1D? (Law 23)
    not_comparable = next(o for o in table.pending.options if isinstance(o, Comparable) and not o.yes)
    table = table.apply(Elected(DIRECTOR, not_comparable)).apply(CallMade(Seat.SOUTH, parse_call("P")))
    assert any(isinstance(c, MustPass) and c.seat is Seat.WEST for c in table.constraints)   # Law 27B2
    assert Robot(Seat.WEST).act(table.view(Seat.WEST)) == CallMade(Seat.WEST, parse_call("P"))
