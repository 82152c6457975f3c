"""The play period's short route for a routine card (``play_period._routine``: a card in turn that follows
suit while nothing of Laws 45-64 is in progress) gives exactly the state the full route gives: every table
below is replayed both ways and compared, the play period's whole state included."""

from __future__ import annotations

from pathlib import Path

import pytest

from tenace import Card
from tenace.deal import Deal
from tenace.formats.lin import read_lin
from tenace.laws import CardPlayed, DirectorCalled, Elected, Table, play_period
from tenace.laws.decisions import Accept
from tenace.laws.pbn_export import RecordReplayError, table_from_record
from tenace.seats import Seat

from ._helpers import calls, table


def _both_ways(build: object, monkeypatch: pytest.MonkeyPatch) -> tuple[Table, Table]:
    assert callable(build)
    short = build()
    with monkeypatch.context() as m:
        m.setattr(play_period, "_routine", lambda state, event: None)
        full = build()
    return short, full


def _same(short: Table, full: Table) -> None:
    assert short == full
    assert short.playing is not None and full.playing is not None
    assert short.playing.play.cards == full.playing.play.cards
    assert short.playing.play.current_trick == full.playing.play.current_trick
    assert short.playing.play.turn is full.playing.play.turn
    assert short.playing.out_of_turn == full.playing.out_of_turn
    assert short.phase is full.phase and short.pending == full.pending and short.turn == full.turn


def _cards(t: Table, *texts: str) -> Table:
    for text in texts:
        assert t.play is not None
        card = Card.from_str(text)
        seat = next(s for s in Seat if card in t.play.hand(s))
        t = t.apply(CardPlayed(seat, card))
    return t


def test_a_routine_play_and_one_after_a_lead_out_of_turn_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    def routine() -> Table:
        return _cards(calls(table(), "N:3NT E:P S:P W:P"), "ST", "S3", "S2", "SA", "HA", "HT", "H6")

    def out_of_turn() -> Table:  # West leads instead of East (Law 54), declarer accepts; then routine cards
        t = calls(table(), "N:3NT E:P S:P W:P").apply(CardPlayed(Seat.WEST, Card.from_str("S2")))
        t = t.apply(DirectorCalled(Seat.NORTH))
        assert t.pending is not None
        accept = next(o for o in t.pending.options if isinstance(o, Accept))
        return _cards(t.apply(Elected(t.pending.actor, accept)), "SA", "ST", "S3", "HA")

    for build in (routine, out_of_turn):
        _same(*_both_ways(build, monkeypatch))


def test_every_oracle_lin_board_replays_to_the_same_table_both_ways(
    oracles: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared = 0
    for path in sorted(oracles.rglob("*.lin")):
        for record in read_lin(path.read_text(encoding="utf-8")):
            if not isinstance(record.deal, Deal) or record.calls is None or not record.play:
                continue
            try:
                short, full = _both_ways(lambda r=record: table_from_record(r), monkeypatch)
            except RecordReplayError:
                continue
            _same(short, full)
            compared += 1
    assert compared >= 40  # 49 boards with a deal, an auction and a play today

