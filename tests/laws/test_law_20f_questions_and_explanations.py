"""Law 20F: questions (only at one's own turn, 20F1-F2 and 41B), explanations (by the caller's partner, or the
caller online), and the correction duties of the explainer (20F4) and of his partner (20F5)."""

from __future__ import annotations

import pytest

from tenace import parse_call
from tenace.cards import Card
from tenace.errors import ImpossibleActionError
from tenace.laws import (
    DIRECTOR,
    CallMade,
    CardPlayed,
    DirectorCalled,
    Elected,
    Kind,
    LawRef,
    Phase,
    Policy,
    Reject,
    Table,
    log,
)
from tenace.laws.decisions import Comparable, Irregularity, MustPass
from tenace.laws.events import ExplanationCorrected, ExplanationGiven, Mistake, MistakeFound, QuestionAsked
from tenace.laws.misinformation import Due, Period, Timing, duties, heard
from tenace.seats import Side
from tenace.system.meaning import Meaning

from ._helpers import E, N, S, W
from ._helpers import calls as old_calls
from ._helpers import table as old_table
from ._misinfo_helpers import TWO_D, call, play_out, table, to_two_d


def _question_irregularities(t: Table) -> list[Irregularity]:
    return [i for i in t.irregularities if i.kind is Kind.QUESTION_OUT_OF_TURN]


# --- 20F1, 20F2, 41B: who may ask, and when ---------------------------------------------------------------


def test_20f1_a_question_at_ones_own_turn_to_call_is_no_irregularity() -> None:
    """West asks at his turn about North-South's 2D alone (Law 20F3: a single call may be asked about): it is
    recorded as a question about that call, in turn, and holds nothing up."""
    t = to_two_d().apply(QuestionAsked(W, about=TWO_D))
    (question,) = t.information.questions
    assert (question.seat, question.about, question.in_turn) == (W, TWO_D, True)
    assert t.irregularities == () and t.turn is W
    assert t.record[-1] == QuestionAsked(W, about=TWO_D)


def test_20f1_a_question_out_of_turn_is_recorded_for_the_director() -> None:
    """East asks about 2D while it is West's turn: not refused (it happened), but an irregularity."""
    t = to_two_d().apply(QuestionAsked(E, about=TWO_D))
    (irregularity,) = _question_irregularities(t)
    assert (irregularity.offender, irregularity.law, irregularity.index) == (E, LawRef(20, "F1"), 3)
    assert t.information.questions[0].in_turn is False
    assert t.turn is W and t.pending is None  # the auction is not held up


def test_20f1_footnote_a_player_required_to_pass_may_not_ask() -> None:
    """After 1H - 1D (insufficient, not accepted) and a non-comparable replacement pass, West must pass for
    the rest of the auction (Law 27B2): at his turn, a question is still irregular (Law 20F1, footnote 7)."""
    t = old_calls(old_table(), "N:1H E:1D").apply(DirectorCalled(S))
    t = t.apply(Elected(S, Reject(LawRef(27, "B"))))
    t = old_calls(t, "E:P")
    t = t.apply(Elected(DIRECTOR, Comparable(False, LawRef(27, "B2"))))
    t = old_calls(t, "S:P")
    assert t.turn is W and any(isinstance(c, MustPass) and c.seat is W for c in t.constraints)
    t = t.apply(QuestionAsked(W))
    assert [i.offender for i in _question_irregularities(t)] == [W]


def test_20f1_only_the_opponents_calls_can_be_asked_about() -> None:
    with pytest.raises(ImpossibleActionError, match="opponents' calls"):
        to_two_d().apply(QuestionAsked(W, about=1))  # East's pass is West's own side's
    with pytest.raises(ImpossibleActionError, match="no call 7"):
        to_two_d().apply(QuestionAsked(W, about=7))


def test_41b_before_the_lead_is_faced_the_leaders_partner_and_declarer_may_ask_not_dummy() -> None:
    t = call(to_two_d(), "W:P N:2H E:P S:P W:P")
    assert t.phase is Phase.CLARIFICATION and t.contract is not None and t.contract.declarer is N
    for seat in (E, W, N):  # leader (20F2), leader's partner and presumed declarer (41B)
        assert t.apply(QuestionAsked(seat)).irregularities == ()
    (irregularity,) = _question_irregularities(t.apply(QuestionAsked(S)))
    assert (irregularity.offender, irregularity.law) == (S, LawRef(20, "F2"))


def test_20f2_in_the_play_declarer_asks_at_his_or_dummys_turn_a_defender_at_his_own() -> None:
    t = call(to_two_d(), "W:P N:2H E:P S:P W:P")
    t = t.apply(QuestionAsked(E))  # clarification period: the leader
    t = t.apply(CardPlayed(E, Card.from_str("DK")))
    assert t.turn is S  # dummy's turn: declarer may ask about the defenders' calls or carding
    assert t.apply(QuestionAsked(N)).irregularities == ()
    assert [i.offender for i in _question_irregularities(t.apply(QuestionAsked(W)))] == [W]
    assert [i.offender for i in _question_irregularities(t.apply(QuestionAsked(S)))] == [S]


# --- 20F1: who explains ---------------------------------------------------------------------------------


def test_20f1_the_callers_partner_explains_and_an_opponent_cannot() -> None:
    t = to_two_d().apply(QuestionAsked(W, about=TWO_D))
    t = t.apply(ExplanationGiven(N, TWO_D, "transfer to hearts"))
    (explanation,) = t.information.explanations
    assert (explanation.caller, explanation.by, str(explanation.call)) == (S, N, "2D")
    with pytest.raises(ImpossibleActionError, match="caller's side"):
        t.apply(ExplanationGiven(E, TWO_D, "natural"))


def test_20f_explanations_questions_corrections_and_findings_round_trip_through_the_log() -> None:
    meaning = Meaning("transfer", artificial=True, hcp_min=0)
    t = to_two_d().apply(QuestionAsked(W, about=TWO_D)).apply(ExplanationGiven(N, TWO_D, "natural", meaning))
    t = call(t, "W:P").apply(ExplanationCorrected(N, TWO_D, "transfer")).apply(MistakeFound(TWO_D,
                                                                                       Mistake.EXPLANATION))
    assert log.loads(log.dumps(t)) == t
    assert log.loads(log.dumps(t)).information.explanations[0].meaning == meaning


# --- 20F4: the explainer's own correction ---------------------------------------------------------------


def test_20f4a_the_explainer_may_correct_his_own_explanation_during_the_auction() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds"))
    t = t.apply(ExplanationCorrected(N, TWO_D, "transfer to hearts"))
    (correction,) = t.information.corrections
    assert (correction.timing, correction.law, correction.own, correction.period) == (
        Timing.TIMELY, LawRef(20, "F4(a)"), True, Period.AUCTION)
    assert t.irregularities == ()


def test_20f4a_the_explainer_may_wait_until_the_clarification_period() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds"))
    t = call(t, "W:P N:2H E:P S:P W:P").apply(ExplanationCorrected(N, TWO_D, "transfer to hearts"))
    assert t.information.corrections[0].timing is Timing.TIMELY and t.irregularities == ()


# --- 20F5: the partner of the explainer -----------------------------------------------------------------


def test_20f5a_the_partner_may_not_correct_during_the_auction() -> None:
    """South, whose 2D North explained as natural, says so at once: too early (20F5(a))."""
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds"))
    t = t.apply(ExplanationCorrected(S, TWO_D, "it was a transfer"))
    (irregularity,) = t.irregularities
    assert (irregularity.kind, irregularity.offender, irregularity.law) == (
        Kind.EARLY_CORRECTION, S, LawRef(20, "F5(a)"))
    assert t.information.corrections[0].timing is Timing.EARLY


def test_20f5a_a_failure_to_alert_counts_as_a_mistaken_explanation() -> None:
    """No explanation at all (2D not alerted): South, the caller, may not put it right in the auction."""
    t = to_two_d().apply(ExplanationCorrected(S, TWO_D, "2D should have been alerted: transfer"))
    assert [i.kind for i in t.irregularities] == [Kind.EARLY_CORRECTION]


def test_20f5b_ii_declarer_or_dummy_corrects_after_the_final_pass() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds"))
    t = call(t, "W:P N:2H E:P S:P W:P")
    assert t.contract is not None and t.contract.declarer.side is S.side
    timely = t.apply(ExplanationCorrected(S, TWO_D, "transfer to hearts"))
    assert timely.irregularities == ()
    assert timely.information.corrections[0].law == LawRef(20, "F5(b)(ii)")


def test_20f5b_ii_a_declaring_side_correction_after_the_opening_lead_is_late() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds"))
    t = call(t, "W:P N:2H E:P S:P W:P")
    t = t.apply(CardPlayed(E, Card.from_str("DK"))).apply(ExplanationCorrected(S, TWO_D, "transfer"))
    (irregularity,) = t.irregularities
    assert (irregularity.kind, irregularity.offender) == (Kind.LATE_CORRECTION, S)


def test_20f5b_i_a_defender_corrects_only_at_the_end_of_the_play() -> None:
    """West doubles 2D, East explains it as takeout when West meant it lead-directing; East-West defend 2H."""
    t = call(to_two_d(), "W:X").apply(ExplanationGiven(E, 3, "lead-directing"))
    t = call(t, "N:2H E:P S:P W:P")
    assert t.contract is not None and t.contract.declarer is N
    early = t.apply(ExplanationCorrected(W, 3, "takeout"))
    expected = [(Kind.EARLY_CORRECTION, LawRef(20, "F5(b)(i)"))]
    assert [(i.kind, i.law) for i in early.irregularities] == expected
    ended = play_out(t)
    assert ended.phase is Phase.ENDED
    assert ended.apply(ExplanationCorrected(W, 3, "takeout")).irregularities == ended.irregularities


# --- the duties (a pending obligation visible to that player and the Director) -------------------------


def test_20f4_20f5_after_a_mistaken_explanation_finding_the_duties_show_to_each_and_the_director() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds"))
    t = t.apply(MistakeFound(TWO_D, Mistake.EXPLANATION))
    everyone = duties(t)
    assert [(d.seat, d.law, d.due) for d in everyone] == [
        (N, LawRef(20, "F4(a)"), Due.BEFORE_OPENING_LEAD),
        (S, LawRef(20, "F5(b)"), Due.BY_SIDE),
    ]
    assert duties(t, N) == everyone[:1] and duties(t, S) == everyone[1:]
    assert duties(t, E) == () and duties(t, W) == ()
    assert not everyone[1].now  # South must keep quiet while the auction lasts (20F5(a))


def test_20f5b_ii_the_declaring_sides_duty_falls_due_after_the_final_pass_overdue_after_the_lead() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, diamonds"))
    t = call(t.apply(MistakeFound(TWO_D, Mistake.EXPLANATION)), "W:P N:2H E:P S:P W:P")
    (south,) = duties(t, S)
    assert (south.due, south.now, south.overdue) == (Due.AFTER_FINAL_PASS, True, False)
    led = t.apply(CardPlayed(E, Card.from_str("DK")))
    (south,) = duties(led, S)
    assert south.overdue
    assert duties(t.apply(ExplanationCorrected(S, TWO_D, "transfer"))) == ()


def test_75c_a_mistaken_call_leaves_nothing_to_correct() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "transfer to hearts"))
    t = t.apply(MistakeFound(TWO_D, Mistake.CALL))
    assert duties(t) == () and t.irregularities == ()


def test_online_the_caller_explains_his_own_call_and_his_partner_hears_none_of_it() -> None:
    t = to_two_d(Policy.ONLINE).apply(QuestionAsked(W, about=TWO_D))
    t = t.apply(ExplanationGiven(S, TWO_D, "natural, diamonds"))
    t = t.apply(MistakeFound(TWO_D, Mistake.EXPLANATION))
    assert [(d.seat, d.law) for d in duties(t)] == [(S, LawRef(20, "F4(a)"))]
    assert len(heard(t, W)) == 2 and len(heard(t, S)) == 2
    assert [type(x).__name__ for x in heard(t, E)] == ["Explanation"]  # not his partner's question
    assert heard(t, N) == () and heard(t, None) == ()
    assert len(heard(t, DIRECTOR)) == 2


def test_at_a_table_everyone_hears_the_questions_and_explanations() -> None:
    t = to_two_d().apply(QuestionAsked(W, about=TWO_D)).apply(ExplanationGiven(N, TWO_D, "transfer"))
    assert all(len(heard(t, seat)) == 2 for seat in (N, E, S, W))
    assert heard(t, None) == ()


def test_20f_a_call_made_with_its_own_explanation_is_an_explanation_too() -> None:
    """South alerts 2D and explains it himself ("natural, to play"): found mistaken, he owes the correction as
    its explainer (20F4) and North, who heard it, as its explainer's partner (20F5)."""
    t = call(table(), "N:1NT E:P")
    t = t.apply(CallMade(S, parse_call("2D"), alert=True, explanation="natural, to play"))
    t = t.apply(MistakeFound(TWO_D, Mistake.EXPLANATION))
    assert [d.seat for d in duties(t)] == [S, N]


def test_20f5a_with_the_alert_regulations_a_missing_alert_is_a_duty_too() -> None:
    """South's 2D (a transfer on the card, which the default regulations have announced) went without a word:
    a mistaken explanation under 20F5(a). North, who should have announced it, and South owe the correction;
    once North corrects it the duties are gone."""
    from tenace.system import AlertRegulations, natural_card

    t = call(table(), "N:1NT E:P S:2D W:P")
    owed = duties(t, cards={Side.NS: natural_card()}, alerts=AlertRegulations())
    two_d = [(d.seat, d.law) for d in owed if d.call_index == TWO_D]
    assert two_d == [(N, LawRef(20, "F4(a)")), (S, LawRef(20, "F5(b)"))]
    assert "no announce" in next(d.why for d in owed if d.call_index == TWO_D)
    assert duties(t, cards={Side.NS: natural_card()}) == ()  # without the regulations, nothing to go on
    fixed = t.apply(ExplanationCorrected(N, TWO_D, "transfer to hearts"))
    assert TWO_D not in [d.call_index for d in duties(fixed, cards={Side.NS: natural_card()},
                                                      alerts=AlertRegulations())]


def test_views_show_each_player_what_he_heard_and_the_duties_he_owes_only() -> None:
    """Online, South explains his own 2D to West; after the Director's finding South's view shows the duty
    (20F4) and what was said, North's view neither; the Director's view shows everything."""
    t = to_two_d(Policy.ONLINE).apply(QuestionAsked(W, about=TWO_D))
    t = t.apply(ExplanationGiven(S, TWO_D, "natural")).apply(MistakeFound(TWO_D, Mistake.EXPLANATION))
    south, north, west = t.view(S), t.view(N), t.view(W)
    assert [(d.seat, d.law) for d in south.duties] == [(S, LawRef(20, "F4(a)"))]
    assert north.duties == () and west.duties == () and north.said == ()
    assert [type(x).__name__ for x in west.said] == ["Question", "Explanation"]
    assert len(t.view(DIRECTOR).duties) == 1 and len(t.view(DIRECTOR).said) == 2
    assert t.view(None).said == () and t.view(None).duties == ()


@pytest.mark.parametrize("locale", ["en", "pl", "lv", "sv", "el"])
def test_20f5_a_duty_is_explained_in_each_language_with_the_seat_call_and_law(locale: str) -> None:
    from tenace.laws import explain

    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural"))
    north, south = duties(t.apply(MistakeFound(TWO_D, Mistake.EXPLANATION)))
    for duty, seat in ((north, N), (south, S)):
        text = explain(duty, locale=locale)
        assert explain(seat, locale=locale) in text and "2♦" in text and "20F" in text
    assert explain(north, locale=locale) != explain(south, locale=locale)
