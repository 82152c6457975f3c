"""Laws 65 and 66: quitted tricks, their ownership, and who may look at them during and after the play.

3NT by North on ``_ooturn.OOT_DEAL`` (East leads, South is dummy). Trick 1: East SQ, dummy S7, West S4,
North SA (North wins).
"""

from __future__ import annotations

import pytest

from tenace import Side
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, ClaimMade, Phase, Table
from tenace.laws.events import InspectionAllowed
from tenace.laws.tricks import ownership

from ._helpers import E, N, S, W
from ._ooturn import C, north_wins_trick_one, play

TRICK_ONE = (C("SQ"), C("S7"), C("S4"), C("SA"))


def _trick(t: Table, viewer: object, number: int) -> tuple[object, ...]:
    view = t.view(viewer)  # type: ignore[arg-type]
    return next(tr.cards for tr in view.tricks if tr.number == number)


def test_66a_66b_the_trick_just_completed_stays_visible_until_ones_side_plays_to_the_next() -> None:
    """Law 66A/66B: North leads to trick 2: North-South may no longer look at trick 1, East-West still may;
    once East has played to trick 2, East-West may not either."""
    t = play(north_wins_trick_one(), "N:D9")
    assert _trick(t, N, 1) == (None,) * 4 and _trick(t, S, 1) == (None,) * 4
    assert _trick(t, E, 1) == TRICK_ONE and _trick(t, W, 1) == TRICK_ONE
    t = play(t, "E:D5")
    assert _trick(t, E, 1) == (None,) * 4 and _trick(t, W, 1) == (None,) * 4
    assert _trick(t, E, 2) == (C("D9"), C("D5"))  # the trick in progress: everyone


def test_66c_quitted_tricks_are_hidden_from_every_player_but_not_from_the_director() -> None:
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3 N:DQ")
    for seat in (N, E, S, W):
        assert _trick(t, seat, 1) == (None,) * 4
        view = t.view(seat)
        assert all(card not in view.played for card in TRICK_ONE)
    assert _trick(t, DIRECTOR, 1) == TRICK_ONE
    assert _trick(t, None, 1) == (None,) * 4


def test_66c_the_director_may_let_a_player_inspect_a_quitted_trick_until_the_next_card() -> None:
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3 N:DQ")
    t = t.apply(InspectionAllowed(E, 1))
    assert _trick(t, E, 1) == TRICK_ONE and _trick(t, W, 1) == (None,) * 4
    t = play(t, "E:D6")
    assert _trick(t, E, 1) == (None,) * 4
    assert Table.replay(t.board, t.record, t.regulations) == t


def test_66c_only_a_quitted_trick_may_be_inspected() -> None:
    t = play(north_wins_trick_one(), "N:D9")
    with pytest.raises(ImpossibleActionError, match="not a quitted trick"):
        t.apply(InspectionAllowed(E, 2))


def test_66d_after_play_ceases_every_played_card_may_be_inspected() -> None:
    """Law 66D: a claim stops play (Law 68D): the quitted tricks may be looked at again."""
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3 N:DQ")
    t = t.apply(ClaimMade(N, 11, "all but two"))
    assert t.phase is Phase.CLAIM
    assert _trick(t, E, 1) == TRICK_ONE and _trick(t, S, 1) == TRICK_ONE


def test_65b_everyone_knows_who_won_each_quitted_trick() -> None:
    """Law 65B: the turned cards point to the side that won each trick, for everyone to see."""
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3 N:C6 E:CK S:CT W:C2")
    assert t.play is not None
    assert ownership(t.play) == (Side.NS, Side.NS, Side.EW)
    assert [tr.winner for tr in t.view(W).tricks] == [N, N, E]
