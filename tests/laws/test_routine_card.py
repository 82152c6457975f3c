"""The short routes for routine events give exactly the table the full route gives.

(A run of routine events at once, ``Table.routine_run``, is switched off with them; its own tests are in
``test_routine_run``.)

A routine card (``Table._routine_card`` and ``play_period._routine``: a card in turn that follows suit while
nothing of Laws 45-64 is in progress) and a routine call (``Table._routine_call`` and
``auction_period.routine_call``: a sufficient call in rotation while nothing of Laws 25-39 is in progress,
not the one that ends the auction) skip the checks that cannot apply to them. Every table below is built both
ways, the short routes switched off for the second, and compared: the whole table, the play period's state,
the derived facts the short routes fill in at once (phase, decision, turn), and which events are refused.
"""

from __future__ import annotations

import contextlib
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import deals
from tenace import Board, Card, Deal, parse_call
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.formats.lin import read_lin
from tenace.formats.pbn import read_games
from tenace.laws import CallMade, CardPlayed, DirectorCalled, Elected, Policy, Regulations, Table, play_period
from tenace.laws import auction_period as auction_period_module
from tenace.laws.decisions import Accept
from tenace.laws.events import Event
from tenace.laws.pbn_export import RecordReplayError, table_from_record
from tenace.record import DealRecord
from tenace.seats import Seat

from ._helpers import calls, table
from .test_state_machine import NO_SHRINK, _lawful_calls, _random_event


@contextlib.contextmanager
def _full_route() -> Iterator[None]:
    """Every event through the full route: the short routes refuse everything."""
    with (
        mock.patch.object(Table, "_routine_card", lambda self, event, at: None),
        mock.patch.object(Table, "_routine_call", lambda self, event, at: None),
        mock.patch.object(play_period, "_routine", lambda state, event: None),
        mock.patch.object(auction_period_module, "routine_call", lambda state, event: None),
        mock.patch.object(Table, "routine_run", lambda self, events, start=0, times=None: (self, start)),
    ):
        yield


def _both_ways(build: Callable[[], Table]) -> tuple[Table, Table]:
    short = build()
    with _full_route():
        full = build()
    return short, full


def _same(short: Table, full: Table) -> None:
    assert short == full
    assert short.auction == full.auction and short.playing == full.playing
    assert short.phase is full.phase and short.pending == full.pending and short.turn == full.turn
    assert short.cut_short == full.cut_short and short.constraints == full.constraints
    assert short.legal_cards() == full.legal_cards()
    if short.playing is not None and full.playing is not None:
        play, other = short.playing.play, full.playing.play
        assert play.cards == other.cards and play.tricks == other.tricks and play.winners == other.winners
        assert play.current_trick == other.current_trick and play.turn is other.turn
        assert play.legal_cards() == other.legal_cards() and play.revokes == other.revokes
        assert short.playing.out_of_turn == full.playing.out_of_turn
        assert short.playing.quiet == full.playing.quiet
    assert short.score_ns() == full.score_ns() and short.declarer_tricks == full.declarer_tricks


def _cards(t: Table, *texts: str) -> Table:
    for text in texts:
        assert t.play is not None
        card = Card.from_str(text)
        seat = next(s for s in Seat if card in t.play.hand(s))
        t = t.apply(CardPlayed(seat, card))
    return t


def test_a_routine_play_and_one_after_a_lead_out_of_turn_agree() -> None:
    def routine() -> Table:
        return _cards(calls(table(), "N:3NT E:P S:P W:P"), "ST", "S3", "S2", "SA", "HA", "HT", "H6")

    def out_of_turn() -> Table:  # West leads instead of East (Law 54), declarer accepts; then routine cards
        t = calls(table(), "N:3NT E:P S:P W:P").apply(CardPlayed(Seat.WEST, Card.from_str("S2")))
        t = t.apply(DirectorCalled(Seat.NORTH))
        assert t.pending is not None
        accept = next(o for o in t.pending.options if isinstance(o, Accept))
        return _cards(t.apply(Elected(t.pending.actor, accept)), "SA", "ST", "S3", "HA")

    def whole() -> Table:  # all 52 cards: the last one, which ends the play, takes the full route
        t = calls(table(), "N:7NT E:P S:P W:P")
        while t.play is not None and not t.play.is_complete:
            t = t.apply(CardPlayed(t.play.turn, min(t.play.legal_cards())))
        return t

    for build in (routine, out_of_turn, whole):
        _same(*_both_ways(build))


@pytest.mark.parametrize("script", [
    "N:1H E:P S:2H W:P N:4H E:X S:XX W:P N:P E:P",  # a redoubled contract: every call routine but the last
    "N:P E:P S:P W:P",  # passed out (Law 22B): the fourth pass takes the full route
    "N:1H E:1D",  # an insufficient bid (Law 27) waits for the Director
    "N:1H E:P S:X",  # a double of partner's bid is not permitted (Law 19A1): inadmissible (Law 36)
    "N:1H S:P",  # a pass out of rotation (Law 29, 30)
    "N:1H E:P S:P W:P E:P",  # a call after the final pass (Law 39)
    "N:P E:P S:1S W:P N:P E:P",  # three passes after a bid end the auction (Law 22A)
])
def test_calls_routine_and_not_agree(script: str) -> None:
    _same(*_both_ways(lambda: calls(table(), script)))


def test_a_call_the_director_is_called_over_and_calls_after_it_agree() -> None:
    def insufficient() -> Table:  # Law 27A1: South accepts; the auction then goes on routinely
        t = calls(table(), "N:1H E:1D").apply(DirectorCalled(Seat.SOUTH))
        assert t.pending is not None
        accept = next(o for o in t.pending.options if isinstance(o, Accept))
        return calls(t.apply(Elected(t.pending.actor, accept)), "S:2C W:P N:2H E:P S:4H W:P N:P E:P")

    _same(*_both_ways(insufficient))


def _records(oracles: Path) -> Iterator[DealRecord]:
    for path in sorted(oracles.rglob("*.lin")):
        yield from read_lin(path.read_text(encoding="utf-8"))
    for path in sorted(oracles.rglob("*.pbn")):
        yield from (game.record for game in read_games(path.read_bytes()) if not game.errors)


def test_every_oracle_board_replays_to_the_same_table_both_ways(oracles: Path) -> None:
    compared = refused = 0
    for record in _records(oracles):
        if not isinstance(record.deal, Deal) or record.calls is None or not record.play:
            continue
        try:
            short = table_from_record(record)
        except RecordReplayError as exc:
            with _full_route(), pytest.raises(RecordReplayError) as full:
                table_from_record(record)
            assert str(full.value) == str(exc)
            refused += 1
            continue
        with _full_route():
            full_table = table_from_record(record)
        _same(short, full_table)
        compared += 1
    assert compared >= 900  # 933 boards with a deal, an auction and a play today (LIN and PBN)


def _apply(t: Table, event: Event) -> Table | str:
    try:
        return t.apply(event)
    except (ImpossibleActionError, UnlawfulActionError) as exc:
        return f"{type(exc).__name__}: {exc}"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=NO_SHRINK,
          derandomize=True)
@given(data=st.data(), deal=deals(), number=st.integers(1, 16),
       policy=st.sampled_from([Policy.LAWS, Policy.ONLINE]), edition=st.sampled_from([2017, 2007]))
def test_random_events_take_either_route_to_the_same_table(data: st.DataObject, deal: object, number: int,
                                                           policy: Policy, edition: int) -> None:
    """Routine calls and cards mixed with every other event (those of the random-action test), applied to
    the same table by both routes at each step: the same table or the same refusal, every time."""
    board = Board(number, typing.cast(Deal, deal))
    short = full = Table.new(board, Regulations(edition=edition, policy=policy))
    for _ in range(data.draw(st.integers(0, 120))):
        if short.phase.name == "ENDED" and short.pending is None:
            break
        routine = data.draw(st.integers(0, 2))
        if routine and short.play is not None and short.play.legal_cards():  # a card in turn, following suit
            legal = sorted(short.play.legal_cards())
            event: Event = CardPlayed(short.play.turn, data.draw(st.sampled_from(legal)))
        elif routine and _lawful_calls(short):
            assert short.auction.turn is not None
            event = CallMade(short.auction.turn, data.draw(st.sampled_from(_lawful_calls(short))))
        else:
            event = _random_event(data, short)
        after = _apply(short, event)
        with _full_route():
            full_after = _apply(full, event)
        if isinstance(after, str):
            assert after == full_after
            continue
        assert isinstance(full_after, Table), (event, full_after)
        _same(after, full_after)
        short, full = after, full_after


def test_a_routine_call_is_what_the_full_route_makes_of_it() -> None:
    """The auction's own short route against ``on_call``, from a few states (no table around them)."""
    t = calls(table(), "N:1H E:P")
    state = t.auction
    for text in ("2H", "X", "P", "1S", "7NT"):
        event = CallMade(Seat.SOUTH, parse_call(text))
        short = auction_period_module.routine_call(state, event)
        if short is not None:
            assert short == auction_period_module.on_call(state, event, len(t.record), Policy.LAWS)
    assert auction_period_module.routine_call(state, CallMade(Seat.WEST, parse_call("2H"))) is None
