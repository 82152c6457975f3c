"""Laws 20B, 20C2 and 41B: who may have the auction restated, and when. In the auction a player at his own
turn, unless he must pass; before the opening lead is faced presumed declarer and either defender, never
presumed dummy; in the play declarer or a defender at his first turn to play, until he plays a card (then Law
41C: only what the contract is). A request at any other time is refused, naming the Law."""

from __future__ import annotations

import pytest

from tenace import Seat
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, DirectorCalled, Elected, LawRef, ReviewAsked, Table
from tenace.laws.decisions import Comparable, Reject
from tenace.laws.log import dumps, loads

from ._helpers import E, N, S, W, calls, table
from ._ooturn import in_3nt, play


def _refused(t: Table, seat: Seat, match: str) -> None:
    with pytest.raises(ImpossibleActionError, match=match):
        t.apply(ReviewAsked(seat))


def test_20b_in_the_auction_only_at_ones_own_turn() -> None:
    t = calls(table(), "N:1C E:P")
    asked = t.apply(ReviewAsked(S))
    assert asked.record[-1] == ReviewAsked(S) and asked.turn is S  # nothing else changes
    _refused(t, W, "only at his own turn to call .Law 20B.")
    assert loads(dumps(asked)) == asked


def test_20b_not_while_required_to_pass() -> None:
    """East's insufficient 1D is replaced by a pass (27B2): West must pass throughout, so he has no review."""
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(27, "B"))))
    t = calls(t, "E:P").apply(Elected(DIRECTOR, Comparable(False, LawRef(27, "B2"))))
    t = calls(t, "S:P")
    assert t.turn is W
    _refused(t, W, "must pass")


def test_41b_before_the_opening_lead_declarer_and_the_defenders_not_dummy() -> None:
    t = in_3nt()  # 3NT by North: East leads, South is dummy
    for seat in (N, E, W):
        assert t.apply(ReviewAsked(seat)).record[-1] == ReviewAsked(seat)
    _refused(t, S, "dummy")


def test_41b_in_the_play_at_ones_first_turn_until_one_plays_a_card() -> None:
    """Law 20C2: declarer (at his first turn, from dummy) or a defender at his first turn to play may have
    the auction restated; not before his turn nor after he has played."""
    t = play(in_3nt(), "E:SQ")  # the opening lead: dummy (South) plays next, so it is declarer's turn
    assert t.apply(ReviewAsked(N)).record[-1] == ReviewAsked(N)  # declarer's first turn is from dummy
    _refused(t, W, "at his first turn to play")  # West's turn has not come
    _refused(t, E, "has played a card")  # East's lead used his right
    t = play(t, "S:S7")
    assert t.apply(ReviewAsked(W)).record[-1] == ReviewAsked(W)  # West's first turn
    t = play(t, "W:S4 N:SA")
    _refused(t, N, "too late")
    _refused(t, N, "Law 41C")


def test_no_review_once_the_board_has_ended() -> None:
    t = calls(table(), "N:P E:P S:P W:P")  # passed out
    _refused(t, N, "the board has ended")
