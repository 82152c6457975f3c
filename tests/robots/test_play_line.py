"""A defender leading early in the play may read declarer's line (``READ_LINE``, off by default): the layouts
in which a card declarer's side chose gives up a trick double dummy weigh less
(:func:`tenace.robots.play._line_weights`)."""

from __future__ import annotations

import random

import pytest

from tenace import Card, Deal, Seat
from tenace.play import Play
from tenace.robots import Memory
from tenace.robots import play as robot_play
from tenace.robots.play import (
    LINE_SLIP,
    _line_weights,
    _reading_line,
    _settled,
    choose_card,
    position_from_view,
    sample_layouts,
)
from tenace.solver.dds import solve_position

from .test_play import table_after

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# South plays 4S (South deals, board 3). West leads a club; dummy (North) plays low and declarer ducks his
# ace, so East's ten wins: both of declarer's side's cards may give up a trick.
DEAL = Deal.from_pbn("N:QJ4.64.AKQ.KQJ63 765.Q72.JT95.T87 AKT98.JT9.64.A95 32.AK853.8732.42")
AUCTION = "1S P 2C P 2NT P 4S P P P"
DUCKED = "C4 C3 CT C5"


def _slips(play: Play, declarer: Seat) -> int:
    """The cards declarer's side chose among two or more that give up a trick double dummy, each solved
    alone from the play replayed card by card (independently of the batch in ``_line_weights``)."""
    state = Play(play.deal, play.trump, play.leader, (), play.leads)
    slips = 0
    for card in play.cards:
        if state.turn.side is declarer.side and len(state.legal_cards()) > 1:
            values = dict(solve_position(state).cards)
            slips += values[card] < max(values.values())
        state = state.push_unchecked(card)
    return slips


def test_a_layout_weighs_less_for_each_card_of_declarer_s_that_gives_up_a_trick_in_it() -> None:
    memory = Memory()
    table = table_after(DEAL, AUCTION, DUCKED, (Seat.EAST, memory), board=3)
    assert table.turn is Seat.EAST
    position = position_from_view(table.view(Seat.EAST), memory)
    layouts = sample_layouts(position, 5, random.Random(5))
    weighed = _line_weights(position, layouts)
    counts = [_slips(play, Seat.SOUTH) for play, _ in layouts]
    assert any(counts)   # ducking the ace gives up a trick in some layout: the test can fail
    for (play, before), (same, after), slips in zip(layouts, weighed, counts, strict=True):
        assert same is play
        assert after == pytest.approx(before * LINE_SLIP ** slips)
    # the actual deal: ducking cost a trick, and so did dummy's low club
    assert _slips(table.play, Seat.SOUTH) >= 1  # type: ignore[arg-type]


def test_only_a_defender_leading_to_the_early_tricks_reads_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    memory = Memory()
    table = table_after(DEAL, AUCTION, DUCKED, (Seat.EAST, memory), board=3)
    position = position_from_view(table.view(Seat.EAST), memory)
    monkeypatch.setattr(robot_play, "READ_LINE", False)   # the default
    assert not _reading_line(position, Seat.EAST)
    monkeypatch.setattr(robot_play, "READ_LINE", True)
    assert _reading_line(position, Seat.EAST)
    assert not _reading_line(position, Seat.SOUTH)
    # the opening lead and a card following suit read no line
    start = table_after(DEAL, AUCTION, "", board=3)
    assert not _reading_line(position_from_view(start.view(Seat.WEST)), Seat.WEST)
    middle = table_after(DEAL, AUCTION, "C4 C3", board=3)
    assert not _reading_line(position_from_view(middle.view(Seat.EAST)), Seat.EAST)
    # East's lead to trick 2 is chosen with the read (declarer's line weighs the layouts), a card he holds
    seen = []
    monkeypatch.setattr(robot_play, "_line_weights", lambda p, layouts: seen.append(len(layouts)) or
                        _line_weights(p, layouts))
    card, solved = choose_card(table.view(Seat.EAST), Seat.EAST, memory, 8, random.Random(2))
    assert card in table.view(Seat.EAST).hands[Seat.EAST] and solved
    assert isinstance(card, Card)
    # every layout solved is weighed, unless one card is the best on all of them (the read cannot matter)
    settled = _settled([(result, 1.0) for result in solved])
    assert sum(seen) == (0 if settled else len(solved))
    # a choice that weighs a margin (the opening leader going on with his suit) weighs every layout
    seen.clear()
    monkeypatch.setattr(robot_play, "OWN_SUIT", 0.1)
    card, solved = choose_card(table.view(Seat.EAST), Seat.EAST, memory, 8, random.Random(2))
    assert sum(seen) == len(solved) > 0


def test_cards_touching_once_the_played_ones_are_gone_are_one_choice() -> None:
    from tenace.robots.play import _one_choice
    # West leads the club four; North (dummy) holds K-Q-J-6-3 of clubs: K-Q-J touch, the six and three do not
    # (East's ten and others lie between)
    play = Play.for_contract(DEAL, table_after(DEAL, AUCTION, "", board=3).contract)  # type: ignore[arg-type]
    play = play.push(Card.from_str("C4"))
    assert not _one_choice(play)
    # after C4 CK CT: South holds A-9-5 of clubs, with East's eight and seven and the trick's ten between
    after = play.push(Card.from_str("CK")).push(Card.from_str("CT"))
    assert not _one_choice(after)
    # brute force: one choice exactly when every legal card takes the same tricks, on a late position
    late = table_after(DEAL, AUCTION, "C4 C3 CT C5 HQ H9 HA H4", board=3).play
    assert late is not None
    state = late
    for _ in range(6):
        values = dict(solve_position(state).cards)
        if _one_choice(state):
            assert len(set(values.values())) == 1
        state = state.push(min(state.legal_cards(), key=lambda c: c.index))
