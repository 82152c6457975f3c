"""Law 41: after the auction the defender on declarer's left leads (41A); the clarification period lasts until
the opening lead is faced, which starts the play period for good and spreads dummy (41C, 41D) -- also when the
faced lead came from the wrong defender (Law 54)."""

from __future__ import annotations

import pytest

from tenace import parse_call
from tenace.laws import CallMade, DirectorCalled, Kind, LawRef, Phase
from tenace.laws.events import LeadFaceDown

from ._helpers import E, N, S, W
from ._ooturn import C, in_3nt, play


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


def test_41a_41b_a_face_down_lead_keeps_the_clarification_period_until_faced() -> None:
    """Law 41A/41B: East leads face down; until the card is faced the clarification period goes on and dummy
    stays closed. Facing that card (41C) starts the play."""
    t = in_3nt().apply(LeadFaceDown(E, C("SQ")))
    assert t.phase is Phase.CLARIFICATION and S not in t.view(W).hands
    assert t.play is not None and t.play.cards == ()
    t = play(t, "E:SQ")
    assert t.phase is Phase.PLAY and t.play is not None and t.play.cards == (C("SQ"),)


def test_41a_a_face_down_lead_is_not_changed_without_the_director() -> None:
    """Law 41A: the face-down card may be withdrawn only on the Director's instruction after an irregularity:
    facing another card is impossible."""
    t = in_3nt().apply(LeadFaceDown(E, C("SQ")))
    with pytest.raises(ValueError, match="face-down lead is SQ"):
        play(t, "E:HA")


def test_41a_a_face_down_lead_from_the_wrong_defender_goes_back_without_rectification() -> None:
    """Law 41A: West leads face down though East is on lead; the card is not faced, so Law 54 does not apply:
    it goes back to West's hand and East leads."""
    t = in_3nt().apply(LeadFaceDown(W, C("S6")))
    assert t.irregularities[-1].kind is Kind.LEAD_OUT_OF_TURN and t.irregularities[-1].law == LawRef(41, "A")
    assert t.phase is Phase.CLARIFICATION and t.turn is E and t.constraints == ()
    t = t.apply(LeadFaceDown(E, C("SQ")))
    assert t.play is not None and C("S6") in t.play.hand(W)


def test_54_a_faced_lead_out_of_turn_over_partners_face_down_lead_makes_that_lead_go_back() -> None:
    """Law 54 (opening words): East has led face down, West faces a lead out of turn: East's face-down card is
    retracted and declarer's Law 54 options follow."""
    t = play(in_3nt().apply(LeadFaceDown(E, C("SQ"))), "W:S6").apply(DirectorCalled(N))
    assert t.pending is not None and t.pending.law == LawRef(54)
    assert t.playing is not None and t.playing.out_of_turn.face_down is None
