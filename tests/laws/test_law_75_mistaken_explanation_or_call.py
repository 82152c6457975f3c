"""Law 75: mistaken explanation or mistaken call.

With the partnership's system card the engine gives the Director the evidence (the card's meaning, the
explanation given, the caller's hand, and how they differ); the Director determines which it was
(MistakeFound): a mistaken explanation is an infraction (75B, misinformation), a mistaken call is none (75C),
an explanation of an agreement that does not exist is one too (75D2). Law 21B1(b): the Director presumes a
mistaken explanation without evidence to the contrary.

The acceptance test of issue 6 is here: boards played through ``Table.apply`` with explanations checked
against the card automatically, the contradicting ones shown to the Director and the matching ones not."""

from __future__ import annotations

import pytest

from tenace import Board, Deal, parse_call
from tenace.errors import ImpossibleActionError
from tenace.laws import CallMade, Kind, LawRef, Phase, Table
from tenace.laws.events import ExplanationGiven, Mistake, MistakeFound, QuestionAsked
from tenace.laws.misinformation import duties, evidence, mismatches
from tenace.seats import Side
from tenace.system import natural_card
from tenace.system.meaning import Meaning

from ._helpers import E, N, S, W
from ._misinfo_helpers import DEAL, TWO_D, call, play_out, to_two_d

CARD = natural_card()

#: South holds diamonds, not hearts: his 2D (a transfer on the card) was a mistaken call.
DIAMONDS_DEAL = Deal.from_pbn("N:AK2.KQ3.A432.J32 QJT9.AJT9.KT.KQ7 43.76.QJ9865.854 8765.8542.7.AT96")


def _board(deal: Deal, script: list[object]) -> Table:
    """A board played through Table.apply: the events of ``script`` (strings are calls ``"N:1NT"``), then the
    play to the end, lowest lawful card first."""
    t = Table.new(Board(1, deal))
    for item in script:
        t = call(t, item) if isinstance(item, str) else t.apply(item)  # type: ignore[arg-type]
    return play_out(t)


def test_75_acceptance_explanations_are_checked_against_the_card_on_played_boards() -> None:
    """Two boards played to the end. On the first North explains South's 2D as natural, which the card
    contradicts (a Jacoby transfer: artificial and forcing); on the second he explains it as a transfer, as
    the card says. The Director's evidence shows the first mismatch and nothing for the second."""
    asked = QuestionAsked(W, TWO_D)
    wrong = _board(DEAL, ["N:1NT E:P S:2D", asked, ExplanationGiven(N, TWO_D, "natural, to play"),
                          "W:P N:2H E:P S:P W:P"])
    right = _board(DEAL, ["N:1NT E:P S:2D", asked, ExplanationGiven(N, TWO_D, "transfer to hearts"),
                          "W:P N:2H E:P S:P W:P"])
    for t in (wrong, right):
        assert t.phase is Phase.ENDED and t.score_ns() is not None
    (found,) = mismatches(wrong, CARD)
    assert (found.call_index, found.caller, found.explainer, str(found.call)) == (TWO_D, S, N, "2D")
    assert found.card == CARD.meaning("1NT P", parse_call("2D"))  # the card's own meaning, shown as evidence
    assert found.mismatch is not None
    assert {f.field for f in found.mismatch.fields} == {"artificial", "forcing"}
    assert found.explanation == "natural, to play" and found.hand == DEAL[S]
    assert found.deviation is None  # South's six hearts fit the card: a mistaken explanation is indicated
    assert mismatches(right, CARD) == ()
    (fine,) = evidence(right, CARD)
    assert fine.mismatch is None and fine.explanation == "transfer to hearts"


def test_75_acceptance_a_structured_explanation_is_checked_field_by_field() -> None:
    """A robot's explanation as a structured meaning: 1NT shown as 12-14 where the card says 15-17."""
    t = _board(DEAL, ["N:1NT", QuestionAsked(E, 0),
                      ExplanationGiven(S, 0, "weak notrump", Meaning("weak notrump", hcp_min=12, hcp_max=14)),
                      "E:P S:3NT W:P N:P E:P"])
    (found,) = mismatches(t, CARD)
    assert found.mismatch is not None and [str(f) for f in found.mismatch.fields] == [
        "hcp: card says 15-17, explanation says 12-14"]
    assert found.deviation is None  # North's 17 count fits the card


def test_75_each_side_is_checked_against_its_own_card_only() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural"))
    assert len(mismatches(t, {Side.NS: CARD})) == 1
    assert mismatches(t, {Side.EW: CARD}) == ()


def test_75c_21b1b_the_evidence_offers_the_director_both_and_the_presumption() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural"))
    (found,) = mismatches(t, CARD)
    assert [(kind, law) for kind, law in found.options] == [
        (Mistake.EXPLANATION, LawRef(75, "B")), (Mistake.CALL, LawRef(75, "C")),
        (Mistake.NO_AGREEMENT, LawRef(75, "D2"))]
    assert found.presumption == LawRef(21, "B1(b)") and found.finding is None
    assert t.irregularities == ()  # nothing is decided for him


def test_75b1_the_director_finds_a_mistaken_explanation_an_infraction_by_the_explainer() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural"))
    t = t.apply(MistakeFound(TWO_D, Mistake.EXPLANATION))
    (irregularity,) = t.irregularities
    assert (irregularity.kind, irregularity.offender, irregularity.law, str(irregularity.call)) == (
        Kind.MISTAKEN_EXPLANATION, N, LawRef(75, "B1"), "2D")
    assert evidence(t, CARD)[0].finding is Mistake.EXPLANATION
    assert {d.seat for d in duties(t)} == {N, S}  # 20F4 and 20F5: the correction is owed


def test_75c_a_mistaken_call_explained_as_the_card_says_is_no_infraction() -> None:
    """South bids 2D with diamonds; North explains it as the card says (a transfer). The evidence shows no
    mismatch but a hand that does not fit; the Director finds a mistaken call: no infraction, no correction
    is owed, and the result stands."""
    t = call(Table.new(Board(1, DIAMONDS_DEAL)), "N:1NT E:P S:2D")
    t = t.apply(ExplanationGiven(N, TWO_D, "transfer to hearts"))
    (found,) = evidence(t, CARD)
    assert found.mismatch is None and found.deviation is not None
    assert [c[0] for c in found.deviation.contradictions] == ["length.H"]
    t = t.apply(MistakeFound(TWO_D, Mistake.CALL))
    assert t.irregularities == () and duties(t, cards=CARD) == ()
    ended = play_out(call(t, "W:P N:2H E:P S:P W:P"))
    assert ended.score_ns() is not None and ended.contract is not None and str(ended.contract) == "2HN"


def test_75d2_an_explanation_of_an_agreement_the_pair_does_not_have_is_misinformation() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural"))
    t = t.apply(MistakeFound(TWO_D, Mistake.NO_AGREEMENT))
    (irregularity,) = t.irregularities
    assert (irregularity.kind, irregularity.law) == (Kind.MISTAKEN_EXPLANATION, LawRef(75, "D2"))


def test_75_the_directors_later_finding_replaces_the_earlier_one() -> None:
    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural"))
    t = t.apply(MistakeFound(TWO_D, Mistake.EXPLANATION)).apply(MistakeFound(TWO_D, Mistake.CALL))
    assert evidence(t, CARD)[0].finding is Mistake.CALL and duties(t) == ()
    assert t.irregularities == ()  # the infraction found first goes with the first determination


def test_75_the_card_alone_makes_the_duty_visible_before_any_finding() -> None:
    """With the card at hand, the explainer and his partner see the correction they owe (20F4, 20F5) as soon
    as the explanation contradicts it; without the card the engine cannot know and shows none."""
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, to play")), "W:P")
    assert duties(t) == ()
    expected = [(N, LawRef(20, "F4(a)")), (S, LawRef(20, "F5(b)"))]
    assert [(d.seat, d.law) for d in duties(t, cards=CARD)] == expected
    assert [d.seat for d in duties(t, E, cards=CARD)] == []


def test_75_an_explanation_given_with_the_call_is_checked_too() -> None:
    t = call(Table.new(Board(1, DEAL)), "N:1NT E:P")
    t = t.apply(CallMade(S, parse_call("2D"), alert=True, explanation="natural"))
    (found,) = mismatches(t, CARD)
    assert found.explainer is S and found.call_index == TWO_D


def test_75_the_pbn_projection_carries_the_explanation_and_the_system_review_flags_it() -> None:
    """The explanation given after the call goes with it in the record (a PBN note), the correction and the
    finding become comments, and tenace.system's own review of the record finds the same mismatch."""
    from tenace.laws.events import ExplanationCorrected
    from tenace.laws.pbn_export import to_pbn, to_record
    from tenace.system import AlertRegulations, review

    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, to play"))
    t = call(t, "W:P N:2H E:P S:P W:P").apply(ExplanationCorrected(S, TWO_D, "Jacoby transfer"))
    t = play_out(t.apply(MistakeFound(TWO_D, Mistake.EXPLANATION)))
    text = to_pbn(t)
    assert '[Note "1:natural, to play"]' in text and "2D =1=" in text
    assert "South corrects the explanation of call 3: Jacoby transfer (in time, Law 20F5(b)(ii))" in text
    assert "the Director finds a mistaken explanation at call 3 (Law 75)" in text
    found = review(CARD, to_record(t), AlertRegulations(), side=Side.NS)
    assert [(m.index, m.seat, str(m.call)) for m in found.mismatches] == [(TWO_D, S, "2D")]


@pytest.mark.parametrize("kind", [Mistake.EXPLANATION, Mistake.NO_AGREEMENT])
def test_40b3a_40b5b_a_mistaken_explanation_the_director_judges_the_damage_at_the_end(kind: Mistake) -> None:
    """North explained South's 2D as natural; the Director finds the explanation mistaken (75B) or the
    agreement absent (75D2). At the end of the play the opponents' damage from what was not disclosed is his
    to judge (Law 40B3(a)); he may record it as an incomplete explanation instead (Law 40B5(b)). A mistaken
    call (75C) owes nothing."""
    from tenace.laws.adjustments import Owed
    from tenace.laws.events import ScoreAdjusted

    t = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural"))
    t = play_out(call(t.apply(MistakeFound(TWO_D, kind)), "W:P N:2H E:P S:P W:P"))
    assert Owed(LawRef(40, "B3(a)"), Side.EW) in t.adjustments_owed
    for law in (LawRef(40, "B3(a)"), LawRef(40, "B5(b)")):
        assert t.apply(ScoreAdjusted(law, artificial="A4060")).result_ns() is not None
    honest = to_two_d().apply(ExplanationGiven(N, TWO_D, "natural"))
    honest = play_out(call(honest.apply(MistakeFound(TWO_D, Mistake.CALL)), "W:P N:2H E:P S:P W:P"))
    assert all(o.law.law != 40 for o in honest.adjustments_owed)
    with pytest.raises(ImpossibleActionError, match="40B5"):
        honest.apply(ScoreAdjusted(LawRef(40, "B5(b)"), artificial="A4060"))
