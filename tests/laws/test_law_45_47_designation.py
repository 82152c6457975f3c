"""Laws 45-47: cards played and deemed played, declarer's designation of dummy's card (complete, incomplete or
invalid), changes of designation, dummy's wrong card, fifth cards and retractions.

The deal (``_ooturn.OOT_DEAL``), 3NT by North, East on lead, South is dummy:
North AK32.K54.QJ9.A76, East QJT.AQ2.8765.K98, dummy 987.JT98.AK2.QJT, West 654.763.T43.5432.
"""

from __future__ import annotations

import pytest

from tenace import Card
from tenace.errors import ImpossibleActionError, NotationError
from tenace.laws import DIRECTOR, DirectorCalled, Elected, Kind, LawRef, Phase, Table
from tenace.laws.decisions import DesignateCard, PenaltyCard, Unintended
from tenace.laws.designation import Form, known_winners, parse_designation
from tenace.laws.events import (
    CardDeemedPlayed,
    CardRetracted,
    Deemed,
    DesignationChanged,
    DummyDesignation,
    Retraction,
)
from tenace.laws.log import dumps, loads

from ._helpers import E, N, S, W
from ._ooturn import C, in_3nt, north_wins_trick_one, play


def _law(text: str) -> LawRef:
    return LawRef.from_str(text)


def _call(t: Table, words: str, **kw: Card) -> Table:
    """Declarer (North) names dummy's card."""
    return t.apply(DummyDesignation(words, N, **kw))


def _east_leads_spade() -> Table:
    """East leads SQ: dummy (S987) plays second."""
    return play(in_3nt(), "E:SQ")


def _dummy_on_lead() -> Table:
    """Trick 1: East D8, dummy DK ("win"), West D3, North D9: dummy wins and leads to trick 2."""
    t = _call(play(in_3nt(), "E:D8"), "win")
    t = play(t, "W:D3 N:D9")
    assert t.play is not None and t.play.winners == (S,) and t.turn is S
    return t


def _last_card(t: Table) -> Card:
    assert t.play is not None
    return t.play.cards[-1]


def _same_on_replay(t: Table) -> None:
    assert Table.replay(t.board, t.record, t.regulations) == t
    assert loads(dumps(t)) == t


# --- Law 45B, 46A: a complete designation ----------------------------------------------------------------


def test_45b_declarer_names_a_card_and_dummy_plays_it() -> None:
    """Laws 45B and 46A: declarer names suit and rank ("S9") and dummy plays exactly that card."""
    t = _call(_east_leads_spade(), "S9")
    assert _last_card(t) == C("S9") and t.turn is W
    assert t.play is not None and C("S9") not in t.play.hand(S)
    _same_on_replay(t)


def test_45b_only_declarer_names_dummys_cards() -> None:
    with pytest.raises(ImpossibleActionError, match="only declarer"):
        _east_leads_spade().apply(DummyDesignation("S9", W))


def test_46_words_that_designate_nothing_are_a_notation_error() -> None:
    with pytest.raises(NotationError, match="not a designation"):
        _call(_east_leads_spade(), "the nice one")


def test_46_the_forms_of_a_designation() -> None:
    assert parse_designation("♥10").card == C("HT")
    assert parse_designation("QS").card == C("SQ")
    assert [parse_designation(w).form for w in ("high", "small", "win", "anything", "Q", "spade", "D")] == [
        Form.HIGH, Form.LOW, Form.WIN, Form.ANYTHING, Form.RANK, Form.SUIT, Form.SUIT,
    ]


# --- Law 46B1: high, low, win -----------------------------------------------------------------------------


def test_46b1a_high_is_the_highest_card_of_the_suit_led() -> None:
    t = _call(_east_leads_spade(), "high")
    assert _last_card(t) == C("S9") and t.pending is None


def test_46b1c_low_is_the_lowest_card_of_the_suit_led() -> None:
    assert _last_card(_call(_east_leads_spade(), "low")) == C("S7")


def test_46b5_high_with_nothing_led_names_no_suit_so_a_defender_designates_dummys_card() -> None:
    """Dummy is on lead: "high" names neither a suit nor a rank and Law 46B1 (the suit led) gives no card:
    Law 46B5, a defender (West, on dummy's left) designates the card, not declarer."""
    t = _call(_dummy_on_lead(), "high")
    assert t.pending is not None and t.pending.actor is W and t.pending.law == _law("46B5")
    assert t.play is not None and {o.card for o in t.pending.options} == set(t.play.hand(S))
    with pytest.raises(ImpossibleActionError, match="West's, not North's"):
        t.apply(Elected(N, DesignateCard(C("CQ"), _law("46B5"))))
    t = t.apply(Elected(W, DesignateCard(C("CT"), _law("46B5"))))
    assert _last_card(t) == C("CT") and t.turn is W
    _same_on_replay(t)


def test_46b5_low_when_dummy_has_no_card_of_the_suit_led_lets_a_defender_designate() -> None:
    """Dummy's three diamonds go on tricks 1-3; East leads his last diamond at trick 5 and declarer says
    "low": there is no card of the suit led in dummy, so 46B1(c) gives none and 46B5 applies."""
    t = _dummy_on_lead()  # trick 1: D8 DK D3 D9, dummy wins
    t = play(_call(t, "DA"), "W:D4 N:DJ E:D7")  # trick 2: dummy wins
    t = play(_call(t, "D2"), "W:DT N:DQ E:D6")  # trick 3: North wins
    t = play(_call(play(t, "N:H4 E:HA"), "H8"), "W:H3")  # trick 4: East wins
    t = play(t, "E:D5")
    assert t.play is not None and not any(c.suit is C("D5").suit for c in t.play.hand(S))
    t = _call(t, "low")
    assert t.pending is not None and t.pending.actor is W and t.pending.law == _law("46B5")
    assert {o.card for o in t.pending.options} == set(t.play.hand(S))
    t = t.apply(Elected(W, DesignateCard(C("S9"), _law("46B5"))))
    assert _last_card(t) == C("S9")
    _same_on_replay(t)


def test_46b5_win_when_no_card_is_known_to_win_lets_a_defender_designate() -> None:
    """East leads SQ and dummy holds S987: no card can win, so "win" names no card (46B1(b)); it names no suit
    or rank either: Law 46B5, West designates one of dummy's lawful cards."""
    t = _call(_east_leads_spade(), "win")
    assert t.pending is not None and t.pending.law == _law("46B5") and t.pending.actor is W
    assert {o.card for o in t.pending.options} == {C("S9"), C("S8"), C("S7")}
    t = t.apply(Elected(W, DesignateCard(C("S9"), _law("46B5"))))
    assert _last_card(t) == C("S9") and t.turn is W


def test_46b1b_win_is_the_lowest_card_known_to_win() -> None:
    """East leads D8: dummy's DA and DK both beat every diamond declarer cannot see; the lowest is DK."""
    t = _call(play(in_3nt(), "E:D8"), "win")
    assert _last_card(t) == C("DK")


def test_46b1b_a_card_a_defender_still_to_play_could_beat_is_not_known_to_win() -> None:
    """East leads H2: dummy's HJ beats it, but West, still to play, may hold the HA or HQ."""
    t = play(in_3nt(), "E:H2")
    assert t.play is not None
    assert known_winners(t.play, S, N) == ()


# --- Law 46B2, 46B3: suit only, rank only ------------------------------------------------------------------


def test_46b2_a_suit_only_is_the_lowest_card_of_that_suit() -> None:
    assert _last_card(_call(_east_leads_spade(), "spade")) == C("S7")


def test_46b3a_a_rank_when_leading_continues_the_suit_dummy_won_with() -> None:
    """Dummy won trick 1 with the DK: "ace" is the DA."""
    assert _last_card(_call(_dummy_on_lead(), "A")) == C("DA")


def test_46b3b_a_rank_held_in_one_lawful_card_only_is_that_card() -> None:
    """No diamond queen in dummy: the only queen, CQ, is played."""
    assert _last_card(_call(_dummy_on_lead(), "Q")) == C("CQ")


def test_46b3b_a_rank_held_in_two_suits_makes_declarer_say_which() -> None:
    t = _call(_dummy_on_lead(), "J")
    assert t.pending is not None and t.pending.actor is N and t.pending.law == _law("46B3(b)")
    assert [o.card for o in t.pending.options] == [C("CJ"), C("HJ")]
    with pytest.raises(ImpossibleActionError, match="not offered"):
        t.apply(Elected(N, DesignateCard(C("SA"), _law("46B3(b)"))))


# --- Law 46B4, 46B5, 46B opening words -------------------------------------------------------------------


def test_46b4_a_card_not_in_dummy_is_invalid_and_declarer_names_any_lawful_card() -> None:
    t = _call(_east_leads_spade(), "HA")
    assert t.pending is not None and t.pending.actor is N and t.pending.law == _law("46B4")
    assert {o.card for o in t.pending.options} == {C("S9"), C("S8"), C("S7")}  # he must follow suit
    t = t.apply(Elected(N, DesignateCard(C("S8"), _law("46B4"))))
    assert _last_card(t) == C("S8") and t.turn is W


def test_46b5_play_anything_lets_a_defender_designate_dummys_card() -> None:
    """The engine asks the defender on dummy's left (West), who plays next."""
    t = _call(_east_leads_spade(), "anything")
    assert t.pending is not None and t.pending.actor is W and t.pending.law == _law("46B5")
    with pytest.raises(ImpossibleActionError, match="West's"):
        t.apply(Elected(N, DesignateCard(C("S9"), _law("46B5"))))
    t = t.apply(Elected(W, DesignateCard(C("S7"), _law("46B5"))))
    assert _last_card(t) == C("S7") and t.turn is W
    _same_on_replay(t)


def test_46b_declarers_incontrovertible_intention_prevails() -> None:
    """The Director finds declarer plainly meant the S8 when he said "high"."""
    t = _east_leads_spade().apply(DummyDesignation("high", N, intended=C("S8")))
    assert _last_card(t) == C("S8")


# --- Law 45C: cards deemed played ---------------------------------------------------------------------------


def test_45c1_a_defenders_card_his_partner_could_see_is_played() -> None:
    t = _call(_east_leads_spade(), "S7")
    t = t.apply(CardDeemedPlayed(W, C("S4"), Deemed.SEEN_BY_PARTNER))
    assert _last_card(t) == C("S4") and t.turn is N


def test_45c1_e1_a_defenders_card_seen_after_he_played_is_a_fifth_card() -> None:
    """Law 45C1 refers to 45E: West has already played to the trick; his second card is a penalty card."""
    t = play(_call(_east_leads_spade(), "S7"), "W:S4")
    t = t.apply(CardDeemedPlayed(W, C("H7"), Deemed.SEEN_BY_PARTNER))
    assert PenaltyCard(W, C("H7"), True, _law("45E1")) in t.constraints


def test_45c2_declarers_card_held_face_up_is_played_and_only_declarers() -> None:
    t = play(_call(_east_leads_spade(), "S7"), "W:S4")
    t = t.apply(CardDeemedPlayed(N, C("SA"), Deemed.HELD_FACE_UP))
    assert _last_card(t) == C("SA") and t.play is not None and t.play.winners == (N,)
    with pytest.raises(ImpossibleActionError, match="45C2"):
        _east_leads_spade().apply(CardDeemedPlayed(W, C("S4"), Deemed.HELD_FACE_UP))


def test_45c3_a_card_declarer_touched_in_dummy_is_played() -> None:
    t = _east_leads_spade().apply(CardDeemedPlayed(S, C("S8"), Deemed.TOUCHED_IN_DUMMY))
    assert _last_card(t) == C("S8")
    with pytest.raises(ImpossibleActionError, match="45C3"):
        _east_leads_spade().apply(CardDeemedPlayed(N, C("S8"), Deemed.TOUCHED_IN_DUMMY))


def test_45c4a_dummys_card_named_is_a_designation() -> None:
    t = _east_leads_spade().apply(CardDeemedPlayed(S, C("S9"), Deemed.NAMED))
    assert _last_card(t) == C("S9") and t.playing is not None and t.playing.designation.last is not None


# --- Law 45C4(b), 47C, 47D: a change of designation --------------------------------------------------------


def _s9_then_west() -> Table:
    """Declarer calls for the S9; West follows with the S4."""
    return play(_call(_east_leads_spade(), "S9"), "W:S4")


def test_45c4b_a_slip_of_the_tongue_is_corrected_and_the_opponents_card_goes_back() -> None:
    """Laws 45C4(b), 47C, 47D: the Director allows the change: dummy's S9 and West's S4 go back, dummy plays
    the S7 and West plays again (he may play another card)."""
    t = _s9_then_west().apply(DesignationChanged(N, C("S7")))
    assert t.pending is not None and t.pending.actor is DIRECTOR and t.pending.law == _law("45C4(b)")
    t = t.apply(Elected(DIRECTOR, Unintended(True, _law("45C4(b)"))))
    assert t.play is not None and t.play.cards[-2:] == (C("SQ"), C("S7"))
    assert C("S9") in t.play.hand(S) and C("S4") in t.play.hand(W) and t.turn is W
    t = play(t, "W:S6")
    assert _last_card(t) == C("S6")
    _same_on_replay(t)


def test_45c4b_a_change_of_mind_is_not_allowed_and_the_card_stands() -> None:
    t = _s9_then_west().apply(DesignationChanged(N, C("S7")))
    t = t.apply(Elected(DIRECTOR, Unintended(False, _law("45C4(b)"))))
    assert t.play is not None and t.play.cards[-2:] == (C("S9"), C("S4")) and t.turn is N
    assert t.pending is None


def test_45c4b_too_late_once_declarer_has_played_again() -> None:
    t = play(_s9_then_west(), "N:SA")
    with pytest.raises(ImpossibleActionError, match="no longer be changed"):
        t.apply(DesignationChanged(N, C("S7")))


# --- Law 45D: dummy places a card declarer did not name ---------------------------------------------------


def test_45d1_dummys_wrong_card_is_withdrawn_when_attention_is_drawn_in_time() -> None:
    """Declarer calls for the S9 but dummy places the S7; West plays; East draws attention: the S7 goes back,
    the S9 is played, and West may play again."""
    t = play(_east_leads_spade().apply(DummyDesignation("S9", N, placed=C("S7"))), "W:S4")
    irregularity = t.irregularities[-1]
    assert irregularity.kind is Kind.WRONG_CARD_FROM_DUMMY and irregularity.law == _law("45D")
    assert irregularity.offender is S
    t = t.apply(DirectorCalled(E))
    assert t.play is not None and t.play.cards[-1] == C("S9") and C("S7") in t.play.hand(S)
    assert C("S4") in t.play.hand(W) and t.turn is W
    _same_on_replay(t)


def _wrong_card_then_west_and_declarer() -> Table:
    """East leads SQ; declarer names the S9 but dummy places the S7; West (declarer's RHO) plays the S4 and
    declarer the SA; then East draws attention to dummy's card."""
    t = play(_east_leads_spade().apply(DummyDesignation("S9", N, placed=C("S7"))), "W:S4 N:SA")
    t = t.apply(DirectorCalled(E))
    assert t.play is not None and t.play.cards[-1] == C("S9") and t.turn is W
    assert C("S4") in t.play.hand(W) and C("SA") in t.play.hand(N)
    return t


def test_45d1_declarers_later_card_stays_when_his_rho_does_not_change_his() -> None:
    """West plays the S4 again: declarer's SA, played after it, stays played; declarer gets no second
    choice."""
    t = play(_wrong_card_then_west_and_declarer(), "W:S4")
    assert t.play is not None and t.play.tricks[0].cards == (C("SQ"), C("S9"), C("S4"), C("SA"))
    assert t.turn is N  # North won the trick and leads
    _same_on_replay(t)


def test_45d1_when_declarers_rho_changes_his_card_declarer_may_change_his() -> None:
    t = play(_wrong_card_then_west_and_declarer(), "W:S6")
    assert t.turn is N and t.play is not None and len(t.play.current_trick.cards) == 3
    t = play(t, "N:S2")
    assert t.play is not None and t.play.tricks[0].cards == (C("SQ"), C("S9"), C("S6"), C("S2"))
    _same_on_replay(t)


def test_45d2_once_each_side_has_played_to_the_next_trick_the_wrong_card_stands() -> None:
    t = play(_east_leads_spade().apply(DummyDesignation("S9", N, placed=C("S7"))), "W:S4 N:SA N:D9 E:D5")
    with pytest.raises(ImpossibleActionError, match="no irregularity"):
        t.apply(DirectorCalled(E))
    assert t.play is not None and t.play.tricks[0].cards[1] == C("S7")


# --- Law 47E: retraction after misinformation --------------------------------------------------------------


def test_47e1_a_lead_out_of_turn_when_told_it_was_his_turn_is_retracted_without_rectification() -> None:
    """North is on lead; West leads C2, told by North that it was his lead. The card goes back, it is not a
    penalty card, and no one may accept it; North leads."""
    t = play(north_wins_trick_one(), "W:C2").apply(DirectorCalled(E))
    assert t.pending is not None
    t = t.apply(CardRetracted(W, Retraction.TOLD_IT_WAS_HIS_TURN))
    assert t.pending is None and t.turn is N and t.play is not None and C("C2") in t.play.hand(W)
    assert not any(isinstance(c, PenaltyCard) for c in t.constraints)
    _same_on_replay(t)


def test_47e1_47f2_needs_a_lead_or_play_out_of_turn() -> None:
    """Law 47F2: outside what Law 47 lists, a card played stays played: East's card in turn stays."""
    with pytest.raises(ImpossibleActionError, match="out of turn"):
        play(north_wins_trick_one(), "N:D9").apply(CardRetracted(E, Retraction.TOLD_IT_WAS_HIS_TURN))


def test_47e2a_a_card_played_after_a_mistaken_explanation_is_retracted_if_nothing_was_played_since() -> None:
    t = play(_call(_east_leads_spade(), "S7"), "W:S4")
    t = t.apply(CardRetracted(W, Retraction.MISTAKEN_EXPLANATION))
    assert t.turn is W and t.play is not None and C("S4") in t.play.hand(W) and len(t.play.cards) == 2
    t = play(t, "W:S6")
    assert _last_card(t) == C("S6")
    _same_on_replay(t)


def test_47e2a_too_late_after_another_card_and_never_the_opening_lead_once_dummy_is_faced() -> None:
    t = play(_call(_east_leads_spade(), "S7"), "W:S4 N:SA")
    with pytest.raises(ImpossibleActionError, match="too late"):
        t.apply(CardRetracted(W, Retraction.MISTAKEN_EXPLANATION))
    with pytest.raises(ImpossibleActionError, match="opening lead"):
        _east_leads_spade().apply(CardRetracted(E, Retraction.MISTAKEN_EXPLANATION))


def test_47e2a_dummys_card_goes_back_to_declarers_designation() -> None:
    t = _call(_east_leads_spade(), "S9").apply(CardRetracted(S, Retraction.MISTAKEN_EXPLANATION))
    assert t.turn is S and t.play is not None and C("S9") in t.play.hand(S)
    assert t.phase is Phase.PLAY


def test_the_pbn_projection_shows_the_card_that_stood_after_a_45d_correction() -> None:
    """The PBN play section says what stood: dummy's S9 (named) and not the S7 dummy first placed; the 45D
    irregularity is a comment."""
    from tenace.laws.pbn_export import to_pbn

    t = play(_east_leads_spade().apply(DummyDesignation("S9", N, placed=C("S7"))), "W:S4")
    t = play(t.apply(DirectorCalled(E)), "W:S5 N:SA")
    text = to_pbn(t)
    play_section = text.split("[Play")[1]
    assert "S9" in play_section and "S7" not in play_section.split("{")[0]
    assert "Law 45D" in text


def test_47e1_a_premature_play_after_being_told_it_was_his_turn_goes_back_with_no_penalty_card() -> None:
    """Law 47E1 for a play: West plays D3 before his partner East (Law 57A would make it a major penalty card)
    because North told him it was his turn: it goes back to his hand without rectification."""
    t = play(north_wins_trick_one(), "N:D9 W:D3")
    assert PenaltyCard(W, C("D3"), True, _law("57A")) in t.constraints
    t = t.apply(CardRetracted(W, Retraction.TOLD_IT_WAS_HIS_TURN))
    assert not any(isinstance(c, PenaltyCard) for c in t.constraints)
    assert t.turn is E and t.play is not None and C("D3") in t.play.hand(W)
    _same_on_replay(t)
