"""Law 47E2: a card played because of a mistaken explanation, before the correction, may be retracted if no
card has been played since (47E2(a)); otherwise the Director may adjust the score (47E2(b)). The opening lead
may not be retracted once dummy is faced."""

from __future__ import annotations

import pytest

from tenace.cards import Card
from tenace.errors import ImpossibleActionError
from tenace.laws import CardPlayed, LawRef, Table
from tenace.laws.events import CardRetracted, ExplanationCorrected, ExplanationGiven, Retraction
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


def test_47e2a_the_opening_lead_is_not_retracted_once_dummy_is_faced() -> None:
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds")), "W:P N:2H E:P S:P W:P")
    t = t.apply(CardPlayed(E, Card.from_str("DK"))).apply(ExplanationCorrected(N, TWO_D, "transfer"))
    assert [r.law for r in remedies(t)] == [LawRef(21, "B3"), LawRef(47, "E2(b)")]
    with pytest.raises(ImpossibleActionError, match="opening lead"):
        t.apply(CardRetracted(E, Retraction.MISTAKEN_EXPLANATION))
