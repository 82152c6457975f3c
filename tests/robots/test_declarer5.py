"""Declarer's knobs of issue 11: how many layouts a later decision may solve (``LATE_MOST``) and the read of
the opening lead's choice of suit (``LEAD_SLIP``, off by default): a layout in which the card led gives up
tricks double dummy weighs less (:func:`tenace.robots.play._lead_weights`)."""

from __future__ import annotations

import random

import pytest

from tenace import Deal, Seat
from tenace.play import Play
from tenace.robots import Memory
from tenace.robots import play as robot_play
from tenace.robots.play import (
    _lead_weights,
    _reading_lead,
    choose_card,
    effort,
    position_from_view,
    sample_layouts,
)
from tenace.solver.dds import solve_position

from .test_play import table_after

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# South plays 3NT (North deals, board 1). West holds a solid spade suit and leads a small heart instead: in
# the actual deal that lead gives up the five spade tricks the defence could cash at once.
DEAL = Deal.from_pbn("N:9876.KQ5.AKQ.K54 32.J876.J765.J76 54.AT9.T98.AQT98 AKQJT.432.432.32")
AUCTION = "P P 3NT P P P"


def _given(play: Play) -> int:
    """The tricks the opening lead of ``play`` gives up double dummy, solved from the start of the play."""
    start = Play(play.deal, play.trump, play.leader, (), tuple(x for x in play.leads if x[0] == 0))
    values = dict(solve_position(start).cards)
    return max(values.values()) - values[play.cards[0]]


def test_a_layout_weighs_less_for_each_trick_the_opening_lead_gives_up_in_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(robot_play, "LEAD_SLIP", 0.5)
    memory = Memory()
    table = table_after(DEAL, AUCTION, "H2", (Seat.SOUTH, memory))
    assert table.turn is Seat.NORTH   # dummy's card, chosen by declarer
    position = position_from_view(table.view(Seat.SOUTH), memory)
    assert table.play is not None and _given(table.play) >= 1   # the actual lead gives up tricks: can fail
    layouts = sample_layouts(position, 6, random.Random(2))
    weighed = _lead_weights(position, layouts)
    for (play, before), (same, after) in zip(layouts, weighed, strict=True):
        assert same is play
        assert after == pytest.approx(before * 0.5 ** _given(play))
    (_, actual), = _lead_weights(position, [(table.play, 1.0)])
    assert actual == pytest.approx(0.5 ** _given(table.play)) and actual < 1


def test_only_declarer_reads_the_lead_and_only_when_it_is_on(monkeypatch: pytest.MonkeyPatch) -> None:
    memory = Memory()
    table = table_after(DEAL, AUCTION, "H2", (Seat.SOUTH, memory))
    position = position_from_view(table.view(Seat.SOUTH), memory)
    assert robot_play.LEAD_SLIP is None   # the default: no read
    assert not _reading_lead(position, Seat.NORTH)
    monkeypatch.setattr(robot_play, "LEAD_SLIP", 0.5)
    assert _reading_lead(position, Seat.NORTH) and _reading_lead(position, Seat.SOUTH)
    assert not _reading_lead(position, Seat.EAST)
    start = table_after(DEAL, AUCTION)
    assert not _reading_lead(position_from_view(start.view(Seat.SOUTH)), Seat.SOUTH)   # nothing led yet
    card, solved = choose_card(table.view(Seat.SOUTH), Seat.NORTH, memory, 8, random.Random(1))
    assert card in table.legal_cards() and solved


def test_late_most_bounds_the_layouts_of_a_decision_after_trick_3(monkeypatch: pytest.MonkeyPatch) -> None:
    memory = Memory()
    table = table_after(DEAL, AUCTION, "H2 H5 H6 HA C8 C2 CK C6 DA D5 D8 D2", (Seat.SOUTH, memory))
    position = position_from_view(table.view(Seat.SOUTH), memory)
    assert position.tricks_left == 10
    assert effort(position, 20) == (10, 2 * 20)
    monkeypatch.setattr(robot_play, "LATE_MOST", 3)
    assert effort(position, 20) == (10, 3 * 20)
