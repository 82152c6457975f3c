"""Laws 58-60: simultaneous leads or plays (58A by two players, 58B from one hand), playing any lawful card
when a rectification cannot be met (59), and play after an illegal play (60A, 60C; 60B: see the Law 55
tests)."""

from __future__ import annotations

import pytest

from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import (
    DIRECTOR,
    Accept,
    CardPlayed,
    DirectorCalled,
    Elected,
    Kind,
    LawRef,
    Policy,
    Reject,
    Table,
)
from tenace.laws.decisions import DesignateCard, PenaltyCard
from tenace.laws.events import SimultaneousCards, SimultaneousPlays
from tenace.laws.log import dumps, loads
from tenace.laws.messages import explain_table

from ._helpers import E, N, S, W
from ._ooturn import C, north_wins_trick_one, play


def _law(text: str) -> LawRef:
    return LawRef.from_str(text)


def test_58a_a_card_played_together_with_the_lawful_one_is_deemed_played_after_it() -> None:
    """Law 58A: dummy and West play at the same moment, dummy being in turn: dummy's card comes first and
    West's follows, whatever order the report gives."""
    t = play(north_wins_trick_one(), "N:DQ E:D5")
    t = t.apply(SimultaneousPlays(CardPlayed(W, C("D3")), CardPlayed(S, C("D2"))))
    assert t.play is not None and t.play.tricks[-1].cards == (C("DQ"), C("D5"), C("D2"), C("D3"))
    assert not t.irregularities


def test_58b1_of_two_cards_played_together_the_only_visible_one_is_played() -> None:
    """Law 58B1: East plays D5 and D6 together but only D5's face shows: D5 is played, D6 goes back, and
    there is no further rectification."""
    t = play(north_wins_trick_one(), "N:DQ")
    t = t.apply(SimultaneousCards(E, (C("D5"), C("D6")), (C("D5"),)))
    assert t.play is not None and t.play.cards[-1] == C("D5") and C("D6") in t.play.hand(E)
    assert t.irregularities[-1].kind is Kind.SIMULTANEOUS_CARDS and t.constraints == ()


def test_58b2_the_defender_names_his_card_and_the_other_visible_one_is_a_penalty_card() -> None:
    """Law 58B2: both faces show: East names the card he plays; the other card he exposed becomes a penalty
    card (Law 50): a single card below honour rank exposed by accident is a minor one (50B)."""
    t = play(north_wins_trick_one(), "N:DQ")
    t = t.apply(SimultaneousCards(E, (C("D5"), C("D6")), (C("D5"), C("D6"))))
    assert t.pending is not None and t.pending.actor is E
    assert t.pending.options == (DesignateCard(C("D5"), _law("58B2")), DesignateCard(C("D6"), _law("58B2")))
    with pytest.raises(ValueError, match="decision is pending .Law 58B2"):
        play(t, "E:D7")
    t = t.apply(Elected(E, DesignateCard(C("D6"), _law("58B2"))))
    assert t.play is not None and t.play.cards[-1] == C("D6")
    assert PenaltyCard(E, C("D5"), False, _law("58B2")) in t.constraints


def test_58b2_an_honour_exposed_with_the_played_card_is_a_major_penalty_card() -> None:
    """Law 58B2 with 50B: the other visible card is the king: a major penalty card."""
    t = play(north_wins_trick_one(), "N:C6")
    t = t.apply(SimultaneousCards(E, (C("C9"), C("CK")), (C("C9"), C("CK"))))
    t = t.apply(Elected(E, DesignateCard(C("C9"), _law("58B2"))))
    assert PenaltyCard(E, C("CK"), True, _law("58B2")) in t.constraints


def test_58b2_declarers_other_visible_card_goes_back_to_his_hand() -> None:
    """Law 58B2 (and 48A): declarer names his card; his other exposed card is not a penalty card."""
    t = north_wins_trick_one()
    t = t.apply(SimultaneousCards(N, (C("DQ"), C("DJ")), (C("DQ"), C("DJ"))))
    assert t.pending is not None and t.pending.actor is N
    t = t.apply(Elected(N, DesignateCard(C("DJ"), _law("58B2"))))
    assert t.play is not None and t.play.cards[-1] == C("DJ") and C("DQ") in t.play.hand(N)
    assert t.constraints == ()


def test_58b_cards_not_in_the_hand_or_no_visible_card_are_impossible() -> None:
    """Law 58B needs two or more cards of the player's hand, at least one face up."""
    t = play(north_wins_trick_one(), "N:DQ")
    with pytest.raises(ValueError, match="two or more"):
        t.apply(SimultaneousCards(E, (C("D5"), C("DA")), (C("D5"),)))
    with pytest.raises(ValueError, match="face up"):
        t.apply(SimultaneousCards(E, (C("D5"), C("D6")), ()))


def test_58b_online_tables_refuse_two_cards_at_once() -> None:
    t = play(north_wins_trick_one(Policy.ONLINE), "N:DQ")
    with pytest.raises(UnlawfulActionError):
        t.apply(SimultaneousCards(E, (C("D5"), C("D6")), (C("D5"), C("D6"))))


def test_60a1_60a2_a_card_by_the_non_offending_side_forfeits_rectification_and_the_lead_stands() -> None:
    """Laws 60A1 and 60A2: West leads out of turn (North was on lead) and declarer, on West's left, plays
    before any rectification; the Director finds it a play to West's lead (Law 53A, not North's own lead under
    53B): the right to rectification is lost (as Law 11A allows) and the lead is treated as in turn."""
    t = play(north_wins_trick_one(), "W:D3 N:D9").apply(Elected(DIRECTOR, Accept(_law("53A"))))
    assert t.play is not None and t.play.current_trick.leader is W and t.turn is E
    assert t.pending is None and not any(isinstance(c, PenaltyCard) for c in t.constraints)
    with pytest.raises(ValueError, match="no irregularity"):
        t.apply(DirectorCalled(E))


def test_60a3_a_penalty_card_obligation_survives_an_accepted_lead_out_of_turn() -> None:
    """Law 60A3: West already has a major penalty card (a club played at dummy's turn, 57D); his lead out of
    turn is accepted by declarer's card, and the obligation to play the penalty card remains."""
    t = play(north_wins_trick_one(), "N:DQ E:D5 W:C2 S:D2 W:D3")  # North wins trick 2
    assert PenaltyCard(W, C("C2"), True, _law("57D")) in t.constraints
    t = play(t, "W:S5 N:S2").apply(Elected(DIRECTOR, Accept(_law("53A"))))  # a play to the lead (Law 53A)
    assert PenaltyCard(W, C("C2"), True, _law("57D")) in t.constraints
    t = play(t, "E:SJ S:S8")
    assert t.play is not None and t.play.winners[-1] is E


def test_59_a_penalty_card_and_the_obligation_to_follow_suit() -> None:
    """Law 59 (with 50D1(b)): a player who cannot comply because he must follow suit plays any lawful card:
    West, with a club penalty card, follows to a diamond."""
    t = play(north_wins_trick_one(), "N:DQ E:D5 W:C2 S:D2")
    assert set(t.legal_cards()) == {C("DT"), C("D4"), C("D3")}


def test_58b3_an_opponent_who_played_after_the_cards_played_together_may_take_his_card_back() -> None:
    """Law 58B3: East plays D5 and D6 together to North's DQ, both faces showing; before East names one, South
    (dummy: declarer plays it, East's LHO) plays D2. East names D6 and so withdraws D5 (a minor penalty card,
    58B2): declarer may now take dummy's D2 back and play another card, without further rectification."""
    t = play(north_wins_trick_one(), "N:DQ")
    t = t.apply(SimultaneousCards(E, (C("D5"), C("D6")), (C("D5"), C("D6"))))
    t = t.apply(CardPlayed(S, C("D2")))  # over the two cards: it waits for East's choice
    assert t.pending is not None and t.pending.actor is E
    with pytest.raises(ValueError, match="pending"):
        t.apply(CardPlayed(W, C("D3")))  # the offender's partner plays after the offender's card, not before
    t = t.apply(Elected(E, DesignateCard(C("D6"), _law("58B2"))))
    assert t.play is not None and t.play.cards[-1] == C("D6") and C("D2") in t.play.hand(S)
    assert t.pending is not None and t.pending.actor is S and t.pending.law == _law("58B3")
    assert PenaltyCard(E, C("D5"), False, _law("58B2")) in t.constraints
    kept = t.apply(Elected(S, Accept(_law("58B3"))))
    assert kept.play is not None and kept.play.cards[-1] == C("D2") and kept.turn is W
    taken = t.apply(Elected(S, Reject(_law("58B3"))))
    assert taken.play is not None and taken.play.cards[-1] == C("D6") and taken.turn is S
    assert taken.playing is not None and taken.playing.out_of_turn.taken_back == ((S, C("D2")),)
    taken = play(taken, "S:DK")
    assert taken.play is not None and taken.play.cards[-2:] == (C("D6"), C("DK"))
    assert Table.replay(taken.board, taken.record, taken.regulations) == taken
    assert loads(dumps(taken)) == taken


def test_58b3_16c_the_card_taken_back_is_unauthorised_to_the_offenders_only() -> None:
    """Law 16C: dummy's D2, seen and taken back under 58B3 because East withdrew a card, is information the
    declaring side may use and East-West (the offenders) may not; every player at the table sees it listed,
    and the Director weighs it at the end of the play (16C3)."""
    t = play(north_wins_trick_one(), "N:DQ")
    t = t.apply(SimultaneousCards(E, (C("D5"), C("D6")), (C("D5"), C("D6"))))
    t = t.apply(CardPlayed(S, C("D2")))
    t = t.apply(Elected(E, DesignateCard(C("D6"), _law("58B2"))))
    assert t.withdrawn_cards == ()
    kept = t.apply(Elected(S, Accept(_law("58B3"))))
    assert kept.withdrawn_cards == ()  # the card stands: nothing was taken back
    taken = t.apply(Elected(S, Reject(_law("58B3"))))
    (card,) = taken.withdrawn_cards
    assert (card.seat, card.card, card.law) == (S, C("D2"), _law("58B3"))
    assert [seat for seat in (N, E, S, W) if card.unauthorised_to(seat)] == [E, W]
    for viewer in (N, E, S, W):
        assert taken.view(viewer).withdrawn_cards == (card,)
    text = explain_table(taken)
    assert "D2" in text or "♦2" in text
    assert "58B3" in text and "16C" in text
    assert any(owed.law.law == 16 for owed in taken.adjustments_owed)


def test_58b3_nothing_to_take_back_when_the_offender_completed_the_trick() -> None:
    """West, last to play to the trick, plays two cards together: his LHO's next card would be a lead to the
    next trick, which cannot come before West's card; it is refused while West names his."""
    t = play(north_wins_trick_one(), "N:DQ E:D5 S:D2")
    t = t.apply(SimultaneousCards(W, (C("D3"), C("D4")), (C("D3"), C("D4"))))
    with pytest.raises(ValueError, match="pending"):
        t.apply(CardPlayed(N, C("SK")))


def test_58b3_the_lho_who_played_to_the_trick_before_his_turn_has_no_second_card_to_play_over_them() -> None:
    """Law 58B3 concerns a card the offender's LHO plays *to the trick* while the offender has still to name
    his card. West has already played a card to this trick before his turn (D3, after his partner's D5 and
    before dummy): he cannot play another one to it over dummy's two cards. (Found by the random-action
    property test: the engine took the second card, then could not play it once declarer named dummy's.)"""
    t = play(north_wins_trick_one(), "N:DQ E:D5 W:D3")
    t = t.apply(SimultaneousCards(S, (C("D2"), C("DK")), (C("D2"), C("DK"))))
    with pytest.raises(ImpossibleActionError, match="already played a card to this trick"):
        t.apply(CardPlayed(W, C("DT")))
    named = t.apply(Elected(S, DesignateCard(C("D2"), _law("58B2"))))  # the trick goes on as before
    assert named.play is not None and C("D2") in named.play.cards
    assert Table.replay(named.board, named.record, named.regulations) == named
