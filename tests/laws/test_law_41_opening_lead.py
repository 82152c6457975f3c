"""Law 41: after the auction the defender on declarer's left leads (41A); the clarification period lasts until
the opening lead is faced, which starts the play period for good and spreads dummy (41C, 41D) -- also when the
faced lead came from the wrong defender (Law 54)."""

from __future__ import annotations

import pytest

from tenace import parse_call
from tenace.laws import CallMade, Phase

from ._helpers import E, N, S, W
from ._ooturn import in_3nt, play


def test_41a_the_defender_on_declarers_left_makes_the_opening_lead() -> None:
    """Law 41A: North declares 3NT, so East leads; until then the board is in the clarification period."""
    t = in_3nt()
    assert t.phase is Phase.CLARIFICATION and t.turn is E
    assert set(t.view(E).hands) == {E}


def test_41c_41d_the_faced_opening_lead_starts_the_play_period_and_dummy_is_spread() -> None:
    """Law 41C/41D: the lead faced, the play period has begun and dummy's hand is on the table."""
    t = play(in_3nt(), "E:SQ")
    assert t.phase is Phase.PLAY and S in t.view(W).hands and S in t.view(None).hands
    with pytest.raises(ValueError, match="auction period is over"):
        t.apply(CallMade(W, parse_call("4S")))


def test_41c_a_faced_opening_lead_out_of_turn_also_ends_the_auction_period() -> None:
    """Law 41C (with 54): West faces a lead out of turn. The play period has begun, so no call can follow,
    but dummy is not spread until declarer has chosen (he may yet become dummy himself, 54A)."""
    t = play(in_3nt(), "W:S6")
    assert t.phase is Phase.PLAY and t.turn is E
    assert S not in t.view(W).hands and N not in t.view(W).hands
    with pytest.raises(ValueError, match="auction period is over"):
        t.apply(CallMade(N, parse_call("4NT")))
