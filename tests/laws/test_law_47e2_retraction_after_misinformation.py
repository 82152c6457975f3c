"""Law 47E2: a card played because of a mistaken explanation, before the correction, may be retracted if no
card has been played since (47E2(a)); otherwise the Director may adjust the score (47E2(b)). The opening lead
may not be retracted once dummy has faced a card (the Director finds whether he had; online he has), and a
lead out of turn made on the mistaken explanation goes back like a card played in turn."""

from __future__ import annotations

import pytest

from tenace.cards import Card
from tenace.errors import ImpossibleActionError
from tenace.laws import CardPlayed, LawRef, Phase, Policy, Table
from tenace.laws.decisions import PenaltyCard
from tenace.laws.events import CardRetracted, ExplanationCorrected, ExplanationGiven, LeadFaceDown, Retraction
from tenace.laws.misinformation import remedies

from ._helpers import E, N, S, W
from ._misinfo_helpers import TWO_D, call, to_two_d


def _first_trick_so_far() -> Table:
    """North explained 2D as natural; 2H by North; East leads DK, dummy (South) D7, West D8."""
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds")), "W:P N:2H E:P S:P W:P")
    for seat, card in ((E, "DK"), (S, "D7"), (W, "D8")):
        t = t.apply(CardPlayed(seat, Card.from_str(card)))
    return t


def test_47e2a_the_last_card_played_on_the_mistaken_explanation_may_be_retracted() -> None:
    t = _first_trick_so_far().apply(ExplanationCorrected(N, TWO_D, "transfer to hearts"))
    assert t.irregularities == ()  # 75B2: the explainer corrects when he finds out, during the play
    retract = [r for r in remedies(t) if r.law == LawRef(47, "E2(a)")]
    assert [r.seat for r in retract] == [W]
    after = t.apply(CardRetracted(W, Retraction.MISTAKEN_EXPLANATION))
    assert after.play is not None and after.play.cards == (Card.from_str("DK"), Card.from_str("D7"))
    assert Card.from_str("D8") in after.play.hand(W) and after.turn is W
    assert after.information == t.information  # the correction stays on record
    assert Table.replay(after.board, after.record) == after


def test_47e2b_once_a_card_has_been_played_since_it_is_too_late() -> None:
    t = _first_trick_so_far().apply(CardPlayed(N, Card.from_str("DA")))
    t = t.apply(ExplanationCorrected(N, TWO_D, "transfer to hearts"))
    laws = [r.law for r in remedies(t)]
    assert LawRef(47, "E2(b)") in laws and LawRef(47, "E2(a)") not in laws
    with pytest.raises(ImpossibleActionError, match="too late"):
        t.apply(CardRetracted(W, Retraction.MISTAKEN_EXPLANATION))


def test_47e2a_a_card_played_after_the_correction_is_not_retractable() -> None:
    """The correction came before West played: he played knowing the right explanation."""
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds")), "W:P N:2H E:P S:P W:P")
    t = t.apply(CardPlayed(E, Card.from_str("DK"))).apply(CardPlayed(S, Card.from_str("D7")))
    t = t.apply(ExplanationCorrected(N, TWO_D, "transfer")).apply(CardPlayed(W, Card.from_str("D8")))
    assert all(r.law != LawRef(47, "E2(a)") for r in remedies(t))


def test_47e2a_the_opening_lead_is_not_retracted_once_dummy_has_faced_a_card() -> None:
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds")), "W:P N:2H E:P S:P W:P")
    t = t.apply(CardPlayed(E, Card.from_str("DK"))).apply(ExplanationCorrected(N, TWO_D, "transfer"))
    (retract,) = [r for r in remedies(t) if r.law == LawRef(47, "E2(a)")]
    assert retract.seat is E and "if dummy has not yet faced any card" in retract.what
    with pytest.raises(ImpossibleActionError, match="opening lead"):  # the Director did not find otherwise
        t.apply(CardRetracted(E, Retraction.MISTAKEN_EXPLANATION))


# --- Law 47E2(a) and the opening lead -----------------------------------------------------------------------


def _opening_lead_then_correction(policy: Policy = Policy.LAWS, *, face_down: bool = False) -> Table:
    """2H by North after 2D was explained as natural; East leads DK (face down first if asked), then North
    corrects the explanation (a transfer) before anything else happens."""
    t = call(to_two_d(policy).apply(ExplanationGiven(N, TWO_D, "natural, diamonds")), "W:P N:2H E:P S:P W:P")
    if face_down:
        t = t.apply(LeadFaceDown(E, Card.from_str("DK")))
    return t.apply(CardPlayed(E, Card.from_str("DK"))).apply(ExplanationCorrected(N, TWO_D, "transfer"))


def test_47e2a_the_opening_lead_is_retracted_while_dummy_has_faced_no_card() -> None:
    """Law 47E2(a), last sentence: the opening lead may be retracted until dummy has faced a card, which the
    Director finds. East's DK goes back, the clarification period resumes and East leads again."""
    t = _opening_lead_then_correction()
    assert LawRef(47, "E2(a)") in [r.law for r in remedies(t)]
    after = t.apply(CardRetracted(E, Retraction.MISTAKEN_EXPLANATION, before_dummy=True))
    assert after.phase is Phase.CLARIFICATION and after.turn is E
    assert after.play is not None and after.play.cards == () and Card.from_str("DK") in after.play.hand(E)
    assert after.view(W).hands.keys() == {W}  # dummy's hand is no longer on view
    assert not any(isinstance(c, PenaltyCard) for c in after.constraints)
    after = after.apply(CardPlayed(E, Card.from_str("SQ")))
    assert after.play is not None and after.play.cards == (Card.from_str("SQ"),)
    assert Table.replay(after.board, after.record) == after


def test_47e2a_a_face_down_opening_lead_goes_back_to_the_hand_with_it() -> None:
    """The lead was made face down (Law 41A) and then faced: retracting it leaves no face-down lead behind,
    so East may lead another card."""
    t = _opening_lead_then_correction(face_down=True)
    after = t.apply(CardRetracted(E, Retraction.MISTAKEN_EXPLANATION, before_dummy=True))
    assert after.phase is Phase.CLARIFICATION and after.turn is E
    after = after.apply(CardPlayed(E, Card.from_str("SQ")))
    assert after.play is not None and after.play.cards == (Card.from_str("SQ"),)


def test_47e2a_online_dummy_is_faced_with_the_opening_lead_so_it_stays() -> None:
    t = _opening_lead_then_correction(Policy.ONLINE)
    assert LawRef(47, "E2(a)") not in [r.law for r in remedies(t)]
    with pytest.raises(ImpossibleActionError, match="dummy has faced a card"):
        t.apply(CardRetracted(E, Retraction.MISTAKEN_EXPLANATION, before_dummy=True))


def test_47e2a_an_opening_lead_out_of_turn_made_on_a_mistaken_explanation_goes_back_without_penalty() -> None:
    """West, not East, faced the opening lead (Law 54 would give declarer options and make it a major penalty
    card if refused). Made because of the mistaken explanation, it goes back with no rectification; East
    leads."""
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds")), "W:P N:2H E:P S:P W:P")
    t = t.apply(CardPlayed(W, Card.from_str("S8"))).apply(ExplanationCorrected(N, TWO_D, "transfer"))
    assert t.irregularities[-1].law == LawRef(54)
    assert LawRef(47, "E2(a)") in [r.law for r in remedies(t)]
    after = t.apply(CardRetracted(W, Retraction.MISTAKEN_EXPLANATION))
    assert after.turn is E and after.phase is Phase.CLARIFICATION and after.irregularities == ()
    assert after.play is not None and Card.from_str("S8") in after.play.hand(W)
    assert not any(isinstance(c, PenaltyCard) for c in after.constraints)
    assert Table.replay(after.board, after.record) == after


def test_41a_47e2a_a_face_down_lead_goes_back_after_the_declaring_side_corrects_an_explanation() -> None:
    """East leads the DK face down; before it is faced North corrects his explanation of 2D (Law 20F5(b)).
    The Director may have the face-down lead returned (Laws 41A, 47E2(a)): East leads again, freely."""
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds")), "W:P N:2H E:P S:P W:P")
    t = t.apply(LeadFaceDown(E, Card.from_str("DK"))).apply(ExplanationCorrected(N, TWO_D, "transfer"))
    retract = [r for r in remedies(t) if r.law == LawRef(47, "E2(a)")]
    assert [r.seat for r in retract] == [E] and "Law 41A" in retract[0].what
    after = t.apply(CardRetracted(E, Retraction.MISTAKEN_EXPLANATION))
    assert after.phase is Phase.CLARIFICATION and after.turn is E and after.play is not None
    assert after.playing is not None and after.playing.out_of_turn.face_down is None
    assert Card.from_str("DK") in after.play.hand(E)
    after = after.apply(CardPlayed(E, Card.from_str("SQ")))
    assert after.play is not None and after.play.cards == (Card.from_str("SQ"),)
    assert Table.replay(after.board, after.record) == after


def test_41a_a_face_down_lead_is_not_withdrawn_without_a_correction_first() -> None:
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds")), "W:P N:2H E:P S:P W:P")
    t = t.apply(LeadFaceDown(E, Card.from_str("DK")))
    assert not [r for r in remedies(t) if r.law == LawRef(47, "E2(a)")]
    with pytest.raises(ImpossibleActionError, match="Law 41A"):
        t.apply(CardPlayed(E, Card.from_str("SQ")))
