"""Laws 55 and 56: declarer's lead out of turn (the defenders accept it or have it retracted, 55A, 55B) and a
defender's lead out of turn after the opening lead (declarer accepts it, 56A, or has it retracted as a major
penalty card, 56B); Law 60B for a defender who plays before declarer has led again."""

from __future__ import annotations

import pytest

from tenace.laws import Accept, DirectorCalled, Elected, Kind, LawRef, Reject, Table
from tenace.laws.decisions import PenaltyCard

from ._helpers import E, N, S, W
from ._ooturn import C, east_wins_trick_one, north_wins_trick_one, play


def _law(text: str) -> LawRef:
    return LawRef.from_str(text)


def test_55a_the_defender_next_in_turn_decides_on_declarers_lead_out_of_turn() -> None:
    """Law 55A: East won trick 1 and should lead; declarer leads SA from his hand instead. Either defender may
    accept or refuse it; when they disagree the one next in turn after the irregular lead (East, on North's
    left) prevails, so the engine gives him the choice."""
    t = play(east_wins_trick_one(), "N:SA")
    assert t.irregularities[-1].kind is Kind.LEAD_OUT_OF_TURN and t.irregularities[-1].law == LawRef(55)
    t = t.apply(DirectorCalled(W))
    assert t.pending is not None and t.pending.actor is E
    assert t.pending.options == (Accept(_law("55A")), Reject(_law("55B1")))


def test_55a_accepted_declarers_lead_stands_and_the_trick_goes_on_from_his_left() -> None:
    """Law 55A with 53A: accepted, declarer's lead is a correct lead; East plays next."""
    t = play(east_wins_trick_one(), "N:SA").apply(DirectorCalled(W)).apply(Elected(E, Accept(_law("55A"))))
    assert t.play is not None and t.play.current_trick.leader is N and t.turn is E
    t = play(t, "E:SQ S:S7 W:S4")
    assert t.play is not None and t.play.winners == (E, N)


def test_55b1_declarers_card_led_at_a_defenders_turn_goes_back_without_rectification() -> None:
    """Law 55B1: required to retract a lead made at a defender's turn, declarer puts the card back; there is
    no other rectification: no penalty card, and East leads."""
    t = play(east_wins_trick_one(), "N:SA").apply(DirectorCalled(E)).apply(Elected(E, Reject(_law("55B1"))))
    assert t.play is not None and C("SA") in t.play.hand(N) and len(t.play.cards) == 4 and t.turn is E
    assert t.constraints == () and t.pending is None
    t = play(t, "E:SQ")
    assert t.play is not None and t.play.current_trick.leader is E


def test_55b2_a_lead_from_the_wrong_hand_is_withdrawn_and_made_from_the_right_one() -> None:
    """Law 55B2: North won trick 1, so the lead is from declarer's hand; declarer leads HJ from dummy. West
    (next in turn after dummy) refuses: the card goes back and declarer must lead from his own hand."""
    t = play(north_wins_trick_one(), "S:HJ").apply(DirectorCalled(W))
    assert t.pending is not None and t.pending.actor is W
    assert t.pending.options == (Accept(_law("55A")), Reject(_law("55B2")))
    t = t.apply(Elected(W, Reject(_law("55B2"))))
    assert t.play is not None and C("HJ") in t.play.hand(S) and t.turn is N
    t = play(t, "N:HK")
    assert t.play is not None and t.play.current_trick.leader is N and t.turn is E


@pytest.mark.parametrize(("start", "lead", "chooser", "law"), [
    ("east", "N:SA", E, "55B1"), ("north", "S:HJ", W, "55B2")])
def test_55c_a_retracted_lead_of_declarers_leaves_the_director_a_law_16_judgement_at_the_end(
    start: str, lead: str, chooser: object, law: str
) -> None:
    """Law 55C: declarer's lead out of turn was taken back (55B1 or 55B2); if his line of play could have been
    based on what it showed him, Law 16 applies: at the end of the play the Director owes that judgement,
    protecting the defenders. Accepted (55A), nothing is owed."""
    from tenace.laws.adjustments import Owed
    from tenace.seats import Side

    from ._revoke_deal import claim_agreed

    table = east_wins_trick_one() if start == "east" else north_wins_trick_one()
    taken_back = play(table, lead).apply(DirectorCalled(W)).apply(Elected(chooser, Reject(_law(law))))
    ended = claim_agreed(taken_back, "N", 0) if taken_back.turn is not None else taken_back
    assert Owed(LawRef(55, "C"), Side.EW) in ended.adjustments_owed
    accepted = play(table, lead).apply(DirectorCalled(W)).apply(Elected(chooser, Accept(_law("55A"))))
    assert all(o.law.law != 55 for o in claim_agreed(accepted, "N", 0).adjustments_owed)


def test_55a_a_lead_from_dummy_accepted_makes_dummy_the_leader() -> None:
    """Law 55A: West accepts the lead from dummy: the trick is led from dummy and West plays next."""
    t = play(north_wins_trick_one(), "S:HJ").apply(DirectorCalled(W)).apply(Elected(W, Accept(_law("55A"))))
    assert t.play is not None and t.play.current_trick.leader is S and t.turn is W


def test_60b_a_defender_who_plays_before_declarer_leads_again_makes_a_major_penalty_card() -> None:
    """Law 60B: after declarer was required to retract his lead from the wrong hand, East plays a card before
    declarer has led from the right hand: East's card becomes a major penalty card (Law 50)."""
    t = play(north_wins_trick_one(), "S:HJ").apply(DirectorCalled(W)).apply(Elected(W, Reject(_law("55B2"))))
    t = play(t, "E:D8")
    assert PenaltyCard(E, C("D8"), True, _law("60B")) in t.constraints
    assert t.turn is N
    t = play(t, "N:DQ")  # declarer leads from his hand; the watch of Law 60B ends
    assert t.play is not None and t.play.current_trick.leader is N and t.turn is E


def test_56a_declarer_accepts_a_defenders_lead_out_of_turn() -> None:
    """Law 56A: North should lead trick 2; East leads D8. Declarer accepts: the lead stands and dummy, on
    East's left, plays next."""
    t = play(north_wins_trick_one(), "E:D8").apply(DirectorCalled(N))
    assert t.pending is not None and t.pending.actor is N
    assert t.pending.options == (Accept(_law("56A")), Reject(_law("56B")))
    t = t.apply(Elected(N, Accept(_law("56A"))))
    assert t.play is not None and t.play.current_trick.leader is E and t.turn is S


def test_56b_a_retracted_defenders_lead_becomes_a_major_penalty_card() -> None:
    """Law 56B: declarer has East's lead retracted: D8 becomes a major penalty card (Law 50D applies) and
    North leads; East must play D8 at his first lawful chance (50D1)."""
    t = play(north_wins_trick_one(), "E:D8").apply(DirectorCalled(N)).apply(Elected(N, Reject(_law("56B"))))
    assert PenaltyCard(E, C("D8"), True, _law("56B")) in t.constraints
    assert t.play is not None and len(t.play.cards) == 4 and t.turn is N
    t = play(t, "N:DQ")
    assert list(t.legal_cards()) == [C("D8")]


def test_60c_a_play_by_the_offenders_partner_before_rectification_is_a_penalty_card() -> None:
    """Law 60C: West plays a card over his partner's lead out of turn before the rectification is assessed.
    It takes none of declarer's rights away (his Law 56 options are still offered) and has its own
    rectification: a defender's card so exposed is a major penalty card (Laws 49, 50B)."""
    t = play(north_wins_trick_one(), "E:D8 W:D3")
    assert PenaltyCard(W, C("D3"), True, _law("60C")) in t.constraints
    assert t.irregularities[-1].offender is W and t.irregularities[-1].law == _law("60C")
    assert t.play is not None and len(t.play.cards) == 4  # nothing joined the play
    t = t.apply(DirectorCalled(N))
    assert t.pending is not None and t.pending.actor is N
    assert {str(o.law) for o in t.pending.options} == {"Law 56A", "Law 56B"}
    t = t.apply(Elected(N, Reject(_law("56B"))))  # declarer's rights are whole: he may refuse the lead
    assert PenaltyCard(E, C("D8"), True, _law("56B")) in t.constraints
    assert PenaltyCard(W, C("D3"), True, _law("60C")) in t.constraints
    assert Table.replay(t.board, t.record, t.regulations) == t


def test_60c_declarers_side_still_waits_for_the_director() -> None:
    """A card from declarer's side over a lead out of turn by declarer's side is refused until the Director
    has been called (declarer's exposed cards are no penalty cards, Law 48)."""
    t = play(north_wins_trick_one(), "S:D2")  # dummy leads out of turn (North won trick 1)
    with pytest.raises(ValueError, match="Director must be called"):
        play(t, "N:D9")


def test_53a_acceptance_by_a_statement_keeps_the_record_replayable() -> None:
    """Accepted by declarer's statement (53A, 56A), the table rebuilt from its record is the same table."""
    t = play(north_wins_trick_one(), "E:D8").apply(DirectorCalled(N)).apply(Elected(N, Accept(_law("56A"))))
    t = play(t, "S:D2 W:D3 N:DQ")
    assert Table.replay(t.board, t.record, t.regulations) == t
    assert t.play is not None and t.play.winners == (N, N)
