"""Laws 53 and 54: a lead out of turn accepted, by a statement or by a card from the next hand (53A), the
proper lead made over it (53B), and the faced opening lead out of turn with declarer's options (54A-54E)."""

from __future__ import annotations

import pytest

from tenace import Contract, parse_call
from tenace.errors import UnlawfulActionError
from tenace.laws import (
    DIRECTOR,
    Accept,
    CallMade,
    CardExposed,
    CardPlayed,
    DirectorCalled,
    Elected,
    Kind,
    LawRef,
    Phase,
    Policy,
    Reject,
    Table,
)
from tenace.laws.decisions import PenaltyCard, SpreadHand

from ._helpers import E, N, S, W
from ._ooturn import C, in_3nt, north_wins_trick_one, play


def _law(text: str) -> LawRef:
    return LawRef.from_str(text)


def _west_leads_out_of_turn() -> Table:
    """3NT by North: East should lead, but West faces S6."""
    return play(in_3nt(), "W:S6")


def test_54_faced_opening_lead_out_of_turn_is_recorded_not_refused() -> None:
    """Law 54: the faced lead from the wrong defender is an irregularity on record; the card is still in the
    hand, dummy is not spread yet, and the play period has begun (Law 41C), so no more calls."""
    t = _west_leads_out_of_turn()
    irregularity = t.irregularities[-1]
    assert irregularity.kind is Kind.LEAD_OUT_OF_TURN and irregularity.offender is W
    assert irregularity.law == LawRef(54) and irregularity.index == 4
    assert t.play is not None and t.play.cards == () and C("S6") in t.play.hand(W)
    assert t.phase is Phase.PLAY
    assert S not in t.view(E).hands  # dummy stays closed until the lead is settled (Law 41D)
    with pytest.raises(ValueError, match="auction period is over"):
        t.apply(CallMade(E, parse_call("4S")))


def test_54_director_offers_declarer_accept_spread_or_refuse() -> None:
    """Law 54: once attention is drawn, declarer may accept the lead (54B), spread his own hand and become
    dummy (54A), or require the lead to be retracted (54D)."""
    t = _west_leads_out_of_turn().apply(DirectorCalled(N))
    assert t.pending is not None and t.pending.actor is N and t.turn is N
    assert t.pending.options == (Accept(_law("54B")), SpreadHand(_law("54A")), Reject(_law("54D")))


def test_54b_declarer_accepts_and_plays_the_second_card_from_his_own_hand() -> None:
    """Law 54B (with 53A): accepted, the lead stands; dummy is spread (Law 41) and the next card comes from
    declarer's hand, on the leader's left (54B1)."""
    t = _west_leads_out_of_turn().apply(DirectorCalled(N)).apply(Elected(N, Accept(_law("54B"))))
    assert t.play is not None and t.play.cards == (C("S6"),)
    assert t.play.current_trick.leader is W and t.turn is N
    assert S in t.view(E).hands
    t = play(t, "N:SA E:ST S:S7")
    assert t.play is not None and t.play.winners == (N,) and t.turn is N


def test_53a_54b1_a_card_from_declarers_hand_accepts_the_lead_without_a_director() -> None:
    """Law 53A: a play from the hand next in rotation after the irregular lead accepts it; for an opening lead
    out of turn that is declarer's own hand (Law 54B1). Law 60A1: he has given up any rectification."""
    t = play(_west_leads_out_of_turn(), "N:S2")
    assert t.play is not None and t.play.cards == (C("S6"), C("S2")) and t.turn is E
    assert t.pending is None


def test_54b2_a_card_from_dummy_accepts_the_lead_and_stays_played() -> None:
    """Law 54B2: if declarer plays the second card from dummy, it cannot be taken back: the lead stands and
    dummy's card is played at dummy's turn (a premature play from dummy stands, Law 57C3)."""
    t = play(_west_leads_out_of_turn(), "S:S9")
    assert t.play is not None and t.play.cards == (C("S6"),) and t.turn is N
    t = play(t, "N:SK E:SJ")  # dummy's S9 follows automatically at its turn
    assert t.play is not None and t.play.cards == (C("S6"), C("SK"), C("SJ"), C("S9"))
    assert t.play.winners == (N,)


def test_54a_declarer_spreads_his_hand_and_his_partner_declares() -> None:
    """Law 54A (Law 48B1: declarer facing his cards after an opening lead out of turn): declarer spreads his
    hand and becomes dummy; his partner becomes declarer, on whose left West now leads in turn."""
    t = _west_leads_out_of_turn().apply(DirectorCalled(E)).apply(Elected(N, SpreadHand(_law("54A"))))
    assert t.contract == Contract.from_str("3NTS")
    assert t.play is not None and t.play.cards == (C("S6"),) and t.turn is N
    assert set(t.view(E).hands) == {E, N}  # North's hand is now dummy's, on the table
    t = play(t, "N:S2 E:ST S:S9")
    assert t.play is not None and t.play.winners == (E,) and t.turn is E


def test_54a_declarer_who_begins_to_spread_and_exposes_a_card_becomes_dummy() -> None:
    """Law 54A: if declarer begins to spread his hand and exposes a card, he must spread it all; dummy becomes
    declarer."""
    t = _west_leads_out_of_turn().apply(CardExposed(N, C("HK")))
    assert t.contract == Contract.from_str("3NTS") and t.pending is None
    assert t.play is not None and t.play.cards == (C("S6"),)


def test_54c_declarer_who_could_have_seen_dummys_cards_must_accept() -> None:
    """Law 54C: if declarer could have seen a card of dummy's, he must accept the lead and stays declarer."""
    t = _west_leads_out_of_turn().apply(DirectorCalled(N)).apply(CardExposed(S, C("HJ")))
    assert t.contract == Contract.from_str("3NTN") and t.pending is None
    assert t.play is not None and t.play.cards == (C("S6"),) and t.turn is N


def test_54d_refused_lead_becomes_a_major_penalty_card_and_50d_applies() -> None:
    """Law 54D: declarer requires the lead to be retracted; the card becomes a major penalty card of West's
    and Law 50D applies to East, who now leads: declarer states his lead option first (50D2)."""
    t = _west_leads_out_of_turn().apply(DirectorCalled(N)).apply(Elected(N, Reject(_law("54D"))))
    assert PenaltyCard(W, C("S6"), True, _law("54D")) in t.constraints
    assert t.play is not None and t.play.cards == () and t.play.turn is E
    assert t.pending is not None and t.pending.actor is N and t.pending.law.law == 50


def test_54e_an_opening_lead_by_dummy_goes_back_without_rectification() -> None:
    """Law 54E: a player of the declaring side who tries to make the opening lead is dealt with under Law 24:
    declarer's and dummy's cards simply go back (24D)."""
    t = play(in_3nt(), "S:HJ")
    assert t.irregularities[-1].law == _law("54E") and t.irregularities[-1].offender is S
    assert t.play is not None and C("HJ") in t.play.hand(S) and t.turn is E and t.pending is None
    assert t.constraints == ()


def test_54_partners_lead_after_the_faced_lead_out_of_turn_is_retracted() -> None:
    """Law 54 (opening words): when the offender's partner then leads face down, the Director has that lead
    retracted; the faced lead out of turn still waits for declarer."""
    t = play(_west_leads_out_of_turn(), "E:SQ")
    assert t.irregularities[-1].offender is E and t.irregularities[-1].law == LawRef(54)
    assert t.play is not None and C("SQ") in t.play.hand(E) and t.play.cards == ()
    t = t.apply(DirectorCalled(N))
    assert t.pending is not None and t.pending.law == LawRef(54)


def test_53a_a_later_lead_out_of_turn_is_accepted_by_a_card_from_the_next_hand() -> None:
    """Law 53A: North is on lead; East leads DT out of turn and dummy (on East's left) plays to it: the lead
    stands and the trick goes on from dummy's left, its winner leading next (Law 44G)."""
    t = play(north_wins_trick_one(), "E:D8 S:D2 W:D3")
    assert t.play is not None and t.play.current_trick.leader is E and t.turn is N
    t = play(t, "N:DQ")
    assert t.play is not None and t.play.winners == (N, N) and t.turn is N
    assert t.play.tricks[1].leader is E


def test_53b_the_proper_leader_leads_and_the_lead_out_of_turn_goes_back() -> None:
    """Law 53B: North, whose lead it was, leads over East's lead out of turn: North's lead stands and East's
    card goes back to his hand without becoming a penalty card (the withdrawal Law 47F1 allows)."""
    t = play(north_wins_trick_one(), "E:D8 N:DQ")
    assert t.play is not None and t.play.cards[-1] == C("DQ") and t.play.current_trick.leader is N
    assert C("D8") in t.play.hand(E) and t.turn is E
    assert not any(isinstance(c, PenaltyCard) for c in t.constraints)


def test_53a_footnote_a_lead_out_of_turn_at_trick_13_is_retracted() -> None:
    """Footnote to Law 53A: at trick 13 a lead out of turn cannot be accepted; it is retracted."""
    t = in_3nt()
    while t.play is not None and len(t.play.winners) < 12:
        t = t.apply(CardPlayed(t.play.turn, next(iter(t.legal_cards()))))
    assert t.play is not None
    leader = t.play.turn
    other = leader.partner
    last = next(iter(t.play.hand(other)))
    t = play(t, f"{other.value}:{last}")
    assert t.irregularities[-1].law == _law("53A") and t.irregularities[-1].kind is Kind.LEAD_OUT_OF_TURN
    assert t.play is not None and len(t.play.cards) == 48 and t.turn is leader and t.pending is None


def test_online_tables_refuse_a_lead_out_of_turn() -> None:
    """Under the online policy a screen prevents a lead from the wrong seat."""
    t = in_3nt(Policy.ONLINE)
    with pytest.raises(UnlawfulActionError, match="East's turn"):
        play(t, "W:S6")


def test_replay_of_a_record_with_an_accepted_lead_out_of_turn_gives_the_same_table() -> None:
    """The record alone rebuilds the table (the engine's round trip), leads out of turn included."""
    t = play(north_wins_trick_one(), "E:D8 S:D2 W:D3 N:DQ")
    t = _west_then(t)
    assert Table.replay(t.board, t.record, t.regulations) == t


def _west_then(t: Table) -> Table:
    """North won trick 2; West leads out of turn and declarer accepts."""
    t = play(t, "W:C2").apply(DirectorCalled(N)).apply(Elected(N, Accept(_law("56A"))))
    assert t.play is not None and t.play.current_trick.leader is W and t.turn is N
    return t


def test_director_decisions_belong_to_declarer_only() -> None:
    """The options of Law 54 are declarer's: another actor's election is impossible, table unchanged."""
    t = _west_leads_out_of_turn().apply(DirectorCalled(N))
    with pytest.raises(ValueError, match="North's"):
        t.apply(Elected(DIRECTOR, Accept(_law("54B"))))
    with pytest.raises(ValueError, match="not offered"):
        t.apply(Elected(N, Accept(_law("56A"))))
    assert t.turn is N and t.pending is not None


def test_53a_a_lead_out_of_turn_accepted_after_a_revoke_leaves_the_revoke_standing() -> None:
    """Law 53A with Law 61: West revoked on trick 1 (nobody has noticed); East's lead out of turn at trick 2
    is accepted by dummy's card. The revoke stays on record as it was played."""
    t = play(in_3nt(), "E:SQ S:S7 W:H3 N:SA")
    assert t.play is not None and t.play.revokes == (2,)
    t = play(t, "E:D8 S:D2")
    assert t.play is not None and t.play.revokes == (2,) and t.play.current_trick.leader is E
    assert t.turn is W and Table.replay(t.board, t.record, t.regulations) == t


def test_53a_53b_the_proper_leader_next_in_rotation_plays_and_the_director_finds_which_it_was() -> None:
    """Laws 53A ("but see B") and 53B: North is on lead for trick 2 and West, on North's right, leads C2 out
    of turn. North is both the proper leader and the hand next in rotation, so his card may be a play to
    West's lead (53A) or his own proper lead (53B): the engine does not guess, the Director finds the fact."""
    t = play(north_wins_trick_one(), "W:C2 N:HK")
    assert t.pending is not None and t.pending.actor is DIRECTOR and t.pending.law == LawRef(53)
    assert t.pending.options == (Accept(_law("53A")), Reject(_law("53B")))
    assert t.play is not None and C("HK") in t.play.hand(N) and C("C2") in t.play.hand(W)


def test_53b_the_proper_leader_next_in_rotation_makes_his_proper_lead() -> None:
    """Law 53B: the Director finds that North led: North's HK is the lead of trick 2, West's C2 goes back to
    his hand without becoming a penalty card, and East plays next."""
    t = play(north_wins_trick_one(), "W:C2 N:HK").apply(Elected(DIRECTOR, Reject(_law("53B"))))
    assert t.play is not None and t.play.current_trick.leader is N
    assert t.play.current_trick.cards == (C("HK"),)
    assert C("C2") in t.play.hand(W) and t.turn is E
    assert not any(isinstance(c, PenaltyCard) for c in t.constraints)
    assert Table.replay(t.board, t.record, t.regulations) == t


def test_53a_the_proper_leader_next_in_rotation_played_to_the_lead_out_of_turn() -> None:
    """Law 53A: the Director finds that North played to West's lead: the lead stands, North's card is the
    second card of the trick, and East plays next."""
    t = play(north_wins_trick_one(), "W:C2 N:C6").apply(Elected(DIRECTOR, Accept(_law("53A"))))
    assert t.play is not None and t.play.current_trick.leader is W
    assert t.play.current_trick.cards == (C("C2"), C("C6")) and t.turn is E


def test_53a_the_proper_leader_may_accept_by_a_statement() -> None:
    """Law 53A: acceptance by a statement (through the Director, Law 56A); the next card then comes from the
    left of the irregular lead."""
    t = play(north_wins_trick_one(), "W:C2").apply(DirectorCalled(E)).apply(Elected(N, Accept(_law("56A"))))
    t = play(t, "N:C6")
    assert t.play is not None and t.play.current_trick.leader is W
    assert t.play.current_trick.cards == (C("C2"), C("C6")) and t.turn is E


def test_54_the_proper_leaders_lead_over_a_faced_opening_lead_out_of_turn_is_retracted_once() -> None:
    """Law 54 (opening words): West faced the opening lead out of turn and East, the proper leader, leads too:
    the Director has East's lead retracted. Leading again before the Director is called changes nothing and
    is refused (found by the state-machine test: it used to be recorded again and again)."""
    t = play(_west_leads_out_of_turn(), "E:SQ")
    assert t.irregularities[-1].law == LawRef(54) and t.irregularities[-1].offender is E
    assert t.play is not None and C("SQ") in t.play.hand(E)
    with pytest.raises(ValueError, match="Director must be called"):
        play(t, "E:SQ")
    t = t.apply(DirectorCalled(N))
    assert t.pending is not None and t.pending.law == LawRef(54)


def test_53c_the_defender_right_of_declarers_lead_out_of_turn_plays_the_lead_stands_and_57_applies() -> None:
    """Law 53C: East is on lead for trick 2 (he won trick 1) but declarer leads S2 from his hand; West (on
    declarer's right) plays a spade: the lead stands and West's card, played before his partner East, is a
    premature play (Law 57A): a major penalty card, and declarer chooses how East plays."""
    from ._ooturn import east_wins_trick_one

    t = play(east_wins_trick_one(), "N:S2 W:S5")
    assert t.play is not None and t.play.current_trick.leader is N
    assert t.play.current_trick.cards == (C("S2"),)
    assert PenaltyCard(W, C("S5"), True, _law("57A")) in t.constraints
    t = t.apply(DirectorCalled(E))
    assert t.pending is not None and t.pending.actor is N and t.pending.law == _law("57A")
