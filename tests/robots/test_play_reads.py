"""The cheap forms of the reads of the play so far (``READ_LINE``: declarer's line; ``LEAD_SLIP``: the opening
lead) must weigh the layouts exactly as valuing every card of every earlier position did: DDS asked only for
the best cards or the best result, each distinct position once, and the read skipped while the layouts agree
on the best card."""

from __future__ import annotations

import random

import pytest

from tenace import Deal, Seat
from tenace.play import Play
from tenace.robots import Memory
from tenace.robots import play as robot_play
from tenace.robots.play import (
    LINE_SLIP,
    _choose,
    _lead_weights,
    _line_weights,
    _one_choice,
    _settled,
    _solve_until_settled,
    position_from_view,
    sample_layouts,
)
from tenace.solver.dds import optimal_cards, side_values, solve_positions

from .test_play import table_after

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# South plays 4S; West leads a club, dummy plays low, declarer ducks his ace and East's ten wins (the deal of
# test_play_line.py): declarer's side has made choices that give up a trick in some layouts.
DEAL = Deal.from_pbn("N:QJ4.64.AKQ.KQJ63 765.Q72.JT95.T87 AKT98.JT9.64.A95 32.AK853.8732.42")
AUCTION = "1S P 2C P 2NT P 4S P P P"
PLAYED = "C4 C3 CT C5 H2 HJ HA H4"   # East switches to a heart, West wins: West to lead to trick 3


def _positions() -> list[Play]:
    """Positions of the actual play at every card of the first two tricks and a few later ones."""
    table = table_after(DEAL, AUCTION, PLAYED, board=3)
    assert table.play is not None
    play = table.play
    out = []
    state = Play(play.deal, play.trump, play.leader, (), play.leads)
    for card in play.cards:
        out.append(state)
        state = state.push_unchecked(card)
    out.append(state)
    return out


def test_optimal_cards_and_side_values_agree_with_every_card_valued() -> None:
    positions = _positions()
    full = solve_positions(positions)
    assert optimal_cards(positions) == [result.best() for result in full]
    assert side_values(positions) == [result.max_tricks for result in full]
    # the test can fail: some position has cards that are not best
    assert any(result.best() != positions[k].legal_cards() for k, result in enumerate(full))


def _old_line_weights(declarer: Seat, layouts: list[tuple[Play, float]]) -> list[float]:
    """The read of declarer's line as first written: every earlier choice of declarer's side valued in full,
    layout by layout."""
    weights = []
    for play, weight in layouts:
        state = Play(play.deal, play.trump, play.leader, (), play.leads)
        slips = 0
        for card in play.cards:
            if state.turn.side is declarer.side and not _one_choice(state):
                (result,) = solve_positions([state])
                slips += dict(result.cards)[card] < result.max_tricks
            state = state.push_unchecked(card)
        weights.append(weight * LINE_SLIP ** slips)
    return weights


def _old_lead_weights(slip: float, layouts: list[tuple[Play, float]]) -> list[float]:
    """The read of the opening lead as first written: every lead of the leader valued in full."""
    weights = []
    for play, weight in layouts:
        start = Play(play.deal, play.trump, play.leader, (), tuple(x for x in play.leads if x[0] == 0))
        (result,) = solve_positions([start])
        weights.append(weight * slip ** (result.max_tricks - dict(result.cards)[play.cards[0]]))
    return weights


def test_the_line_read_weighs_as_valuing_every_card_did_layouts_repeated_or_not() -> None:
    memory = Memory()
    table = table_after(DEAL, AUCTION, PLAYED, (Seat.WEST, memory), board=3)
    position = position_from_view(table.view(Seat.WEST), memory)
    layouts = sample_layouts(position, 4, random.Random(11))
    layouts = [*layouts, layouts[0], (layouts[1][0], 0.5)]   # a layout drawn twice is solved once
    weighed = _line_weights(position, layouts)
    assert [play for play, _ in weighed] == [play for play, _ in layouts]
    old = _old_line_weights(Seat.SOUTH, layouts)
    assert [w for _, w in weighed] == pytest.approx(old)
    assert any(w < b for w, (_, b) in zip(old, layouts, strict=True))   # a slip read: the test can fail


def test_the_lead_read_weighs_as_valuing_every_lead_did(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(robot_play, "LEAD_SLIP", 0.5)
    memory = Memory()
    table = table_after(DEAL, AUCTION, "C4 C3 CT C5", (Seat.SOUTH, memory), board=3)
    position = position_from_view(table.view(Seat.SOUTH), memory)
    layouts = sample_layouts(position, 6, random.Random(4))
    layouts = [*layouts, layouts[2]]
    weighed = _lead_weights(position, layouts)
    assert [w for _, w in weighed] == pytest.approx(_old_lead_weights(0.5, layouts))


# East opens 1NT and plays 3NT; South leads the club eight, and declarer chooses dummy's card: the layouts
# disagree on the best one, so the read of the lead is made.
OPEN = Deal.from_pbn("N:53.92.K42.KT5432 QT2.KT876.AQ986. A9876.A43.T53.J8 KJ4.QJ5.J7.AQ976")


@pytest.mark.parametrize(("case", "seed"), [("line", 1), ("line", 2), ("lead", 1), ("lead", 2)])
def test_skipping_the_read_while_the_layouts_agree_changes_no_choice(
        monkeypatch: pytest.MonkeyPatch, case: str, seed: int) -> None:
    monkeypatch.setattr(robot_play, "LEAD_SLIP", 0.5)
    memory = Memory()
    if case == "line":   # West to lead to trick 3: one card is best on every layout
        seat, table = Seat.WEST, table_after(DEAL, AUCTION, PLAYED, (Seat.WEST, memory), board=3)
    else:
        seat, table = Seat.EAST, table_after(OPEN, "P 1NT P 3NT P P P", "C8", (Seat.EAST, memory), board=1)
    position = position_from_view(table.view(seat), memory)
    legal = table.legal_cards()
    calls: list[int] = []

    def reweigh(layouts: list[tuple[Play, float]]) -> list[tuple[Play, float]]:
        calls.append(len(layouts))
        return (_line_weights if case == "line" else _lead_weights)(position, layouts)

    lazy = _solve_until_settled(position, 8, random.Random(seed), None, None, reweigh, lazy=True)
    read = sum(calls)
    full = _solve_until_settled(position, 8, random.Random(seed), None, None, reweigh, lazy=False)
    assert [r for r, _ in lazy] == [r for r, _ in full]   # the same layouts drawn and solved
    assert _choose(legal, lazy, None) == _choose(legal, full, None)
    assert sum(calls) - read == len(full)   # not lazy: every layout weighed
    if case == "line":
        assert _settled(lazy) and read == 0
    else:
        assert not _settled(lazy) and read == len(lazy)
        assert [w for _, w in lazy] == pytest.approx([w for _, w in full])


def test_declarer_reads_the_lead_up_to_trick_lead_tricks_and_not_when_leading_to_the_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(robot_play, "LEAD_SLIP", 0.5)
    monkeypatch.setattr(robot_play, "LEAD_TRICKS", 2)
    # 3NT by South (test_declarer5.py's deal): West leads a heart, declarer wins and plays on clubs
    deal = Deal.from_pbn("N:9876.KQ5.AKQ.K54 32.J876.J765.J76 54.AT9.T98.AQT98 AKQJT.432.432.32")
    trick1, trick2 = "H2 H5 H6 HA", "C8 C2 CK C6"   # North's king wins trick 2
    for played, reads in (("H2", True), (f"{trick1} C8 C2", True), (f"{trick1} {trick2}", False)):
        memory = Memory()
        table = table_after(deal, "P P 3NT P P P", played, (Seat.SOUTH, memory))
        position = position_from_view(table.view(Seat.SOUTH), memory)
        assert table.turn in (Seat.NORTH, Seat.SOUTH)
        assert robot_play._reading_lead(position, Seat.SOUTH) is reads, played
