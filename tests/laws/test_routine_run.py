"""A run of routine events applied at once (``Table.routine_run``, with ``Play._push_run`` for the cards)
gives exactly the table the events give one at a time through the full route, and stops at the first event
that is not routine: a card out of turn, a revoke, the last card of the play, a call that is insufficient, out
of rotation or ends the auction, any other event. The one-at-a-time side is built with every short route
switched off (``_full_route`` of ``test_routine_card``), so the two sides share no code path for a routine
event. The records replayed through ``Table.replay`` and ``table_from_record`` (which use runs) are compared
in ``test_routine_card`` (every oracle board) and ``test_state_machine`` (random records, every kind of
event)."""

from __future__ import annotations

import datetime as dt
import typing

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import deals
from tenace import Board, Card, Deal, parse_call
from tenace.calls import Call
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import CallMade, CardPlayed, ClaimMade, Policy, Regulations, Table
from tenace.laws.events import Event
from tenace.seats import Seat

from ._helpers import calls, table
from .test_routine_card import _full_route, _same
from .test_state_machine import CALLS, NO_SHRINK


def _one_by_one(t: Table, events: list[Event]) -> tuple[Table, int]:
    """``t`` after each event in turn through the full route, up to the first refused; and how many went."""
    done = 0
    with _full_route():
        for event in events:
            try:
                t = t.apply(event)
            except (ImpossibleActionError, UnlawfulActionError):
                break
            done += 1
    return t, done


def _routine_so_far(t: Table, events: list[Event]) -> int:
    """How many of ``events`` are routine, worked out independently of the short routes: cards in turn that
    follow suit (Law 44C), not the 52nd, at a table with nothing else in progress; or calls in rotation,
    sufficient (Laws 18, 19), not ending the auction (Law 22)."""
    n = 0
    for event in events:
        if isinstance(event, CardPlayed):
            play = t.play
            if play is None or t.playing is None or not t.playing.quiet or play.revokes:
                break
            if event.seat is not play.turn or len(play.cards) == 51 or event.card not in play.legal_cards():
                break
        elif isinstance(event, CallMade):
            auction = t.auction
            if t.playing is not None or event.seat is not auction.turn or not auction.is_lawful(event.seat,
                                                                                                event.call):
                break
            after = t.apply(event)
            if after.auction.turn is None:  # the call ended the auction
                break
        else:
            break
        t = t.apply(event)
        n += 1
    return n


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=NO_SHRINK,
          derandomize=True)
@given(data=st.data(), deal=deals(), number=st.integers(1, 16),
       policy=st.sampled_from([Policy.LAWS, Policy.ONLINE]))
def test_a_run_of_cards_is_the_cards_one_by_one(data: st.DataObject, deal: object, number: int,
                                                policy: Policy) -> None:
    """Random plays: mostly lawful cards, now and then a card from the wrong seat, a revoke or a claim; the
    run from each point gives the table the same events give one by one, and stops where they stop being
    routine."""
    board = Board(number, typing.cast(Deal, deal))
    t = Table.new(board, Regulations(policy=policy))
    bid = data.draw(st.sampled_from(["3NT", "4S", "4H", "5D", "5C"]))  # trumps or none (Laws 44E, 44F)
    t = calls(t, f"{board.dealer.value}:{bid} {board.dealer.lho.value}:P {board.dealer.partner.value}:P "
                 f"{board.dealer.rho.value}:P")
    assert t.play is not None
    events: list[Event] = []
    sim = t.play
    while not sim.is_complete:
        kind = data.draw(st.integers(0, 30))
        if kind == 0:  # a card of the seat on turn that may fail to follow suit
            card = data.draw(st.sampled_from(sorted(sim.hand(sim.turn))))
            events.append(CardPlayed(sim.turn, card))
            sim = sim.push_unchecked(card)
        elif kind == 1:  # a card from another seat than the one on turn
            others = [s for s in Seat if s is not sim.turn and sim.hand(s)]
            seat = data.draw(st.sampled_from(others or [sim.turn]))
            events.append(CardPlayed(seat, min(sim.hand(seat))))
            break
        elif kind == 2:  # a claim interrupts the play
            events.append(ClaimMade(sim.turn, 0))
            break
        else:
            card = data.draw(st.sampled_from(sorted(sim.legal_cards())))
            events.append(CardPlayed(sim.turn, card))
            sim = sim.push(card)
    start = data.draw(st.integers(0, len(events)))
    before, start = _one_by_one(t, events[:start])  # up to a refused card (out of turn, under ONLINE)
    run, end = before.routine_run(events, start)
    expected = _routine_so_far(before, events[start:])
    assert end - start == expected
    if expected == 0:
        assert run is before
        return
    after, done = _one_by_one(before, events[start:end])
    assert done == expected
    _same(run, after)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=NO_SHRINK,
          derandomize=True)
@given(data=st.data(), deal=deals(), number=st.integers(1, 16), edition=st.sampled_from([2017, 2007]))
def test_a_run_of_calls_is_the_calls_one_by_one(data: st.DataObject, deal: object, number: int,
                                                edition: int) -> None:
    """Random auctions, calls in and out of rotation, sufficient or not: the same."""
    board = Board(number, typing.cast(Deal, deal))
    t = Table.new(board, Regulations(edition=edition))
    seat = board.dealer
    events: list[Event] = []
    for _ in range(data.draw(st.integers(1, 14))):
        if data.draw(st.integers(0, 9)) == 0:
            seat = data.draw(st.sampled_from(list(Seat)))  # out of rotation, now and then
        call: Call = data.draw(st.sampled_from(CALLS[:3] * 10 + CALLS[3:]))
        events.append(CallMade(seat, call))
        seat = seat.lho
    run, end = t.routine_run(events)
    expected = _routine_so_far(t, events)
    assert end == expected
    after, done = _one_by_one(t, events[:end])
    assert done == end
    _same(run, after)


def test_a_run_stops_before_the_last_card_and_keeps_the_times() -> None:
    """The 52nd card ends the play: it takes the full route (Laws 61-64 and the end-of-play reviews settle
    then). The times of the run's events are kept, in UTC."""
    t = calls(table(), "N:7NT E:P S:P W:P")
    events: list[Event] = []
    sim = t.play
    assert sim is not None
    while not sim.is_complete:
        card = min(sim.legal_cards())
        events.append(CardPlayed(sim.turn, card))
        sim = sim.push(card)
    zone = dt.timezone(dt.timedelta(hours=2))
    times = [dt.datetime(2026, 11, 28, 10, 0, i % 60, tzinfo=zone) for i in range(52)]
    run, end = t.routine_run(events, 0, times)
    assert end == 51
    last = run.apply(events[51], at=times[51])
    with _full_route():
        one = t
        for event, at in zip(events, times, strict=True):
            one = one.apply(event, at=at)
    _same(last, one)
    assert last.times[-52:] == tuple(at.astimezone(dt.UTC) for at in times)
    assert Table.replay(t.board, last.record, t.regulations, last.times) == last


def test_a_run_of_nothing_routine_is_the_table_itself() -> None:
    t = calls(table(), "N:1H")
    assert t.routine_run([]) == (t, 0)
    assert t.routine_run([CallMade(Seat.SOUTH, parse_call("2H"))]) == (t, 0)  # out of rotation (Law 29)
    assert t.routine_run([CallMade(Seat.EAST, parse_call("1D"))]) == (t, 0)  # insufficient (Law 27)
    assert t.routine_run([CardPlayed(Seat.EAST, Card.from_str("ST"))]) == (t, 0)  # no play yet
    two, end = t.routine_run([CallMade(Seat.EAST, parse_call("1S")), CallMade(Seat.SOUTH, parse_call("1S"))])
    assert end == 1 and two == t.apply(CallMade(Seat.EAST, parse_call("1S")))
