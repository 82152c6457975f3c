"""Law 12C: the Director's adjusted score at the end of the play, recorded as a
:class:`~tenace.laws.events.ScoreAdjusted` event, for every Law that leaves that judgement to the end of the
play (16C3, 21B3, 23C, 27D, 47E2(b), 50E4) and as a weighted answer to the reviews of Laws 45F, 64C and 67B3.

The scores are computed here independently (Law 77 by hand for the table results, the weights by hand)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace import parse_call
from tenace.cli import app
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, CallMade, DirectorCalled, Elected, LawRef, Phase, Table
from tenace.laws.adjustments import Owed
from tenace.laws.decisions import AdjustedTricks, Comparable, NoAdjustment, Reject
from tenace.laws.events import (
    CardExposed,
    CardPlayed,
    DummyIndicated,
    ExplanationCorrected,
    ExplanationGiven,
    ExtraneousInformation,
    ScoreAdjusted,
    ScoreShare,
)
from tenace.laws.log import dumps, loads
from tenace.laws.messages import explain
from tenace.laws.pbn_export import rectification_comments
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.seats import Side

from ._helpers import E, N, S, W, calls, table
from ._misinfo_helpers import TWO_D, call, to_two_d
from ._ooturn import C, north_wins_trick_one

D27, C23, C16, B21, E47, E50 = (LawRef(27, "D"), LawRef(23, "C"), LawRef(16, "C3"), LawRef(21, "B3"),
                                LawRef(47, "E2(b)"), LawRef(50, "E4"))
WEIGHTED = AssignedAdjustedScore.of(WeightedScore.of((-420, "2/3"), (50, "1/3")), -420)
"""A non-balancing weighted score (Law 12C1(b), (c)): North-South get 2/3 of -420 and 1/3 of +50, East-West
are scored as if North-South had -420."""


def _play_out(t: Table) -> Table:
    """Each player in turn plays his lowest lawful card until play is over or a decision waits."""
    while t.phase in (Phase.CLARIFICATION, Phase.PLAY) and t.pending is None:
        assert t.play is not None
        t = t.apply(CardPlayed(t.play.turn, min(t.legal_cards())))
    return t


def _same_on_replay(t: Table) -> None:
    assert Table.replay(t.board, t.record, t.regulations) == t
    assert loads(dumps(t)) == t


def _insufficient_corrected() -> Table:
    """N 1H, E 1D insufficient, not accepted; East corrects to 2D, the lowest sufficient diamond bid
    (27B1(a)); then 2D is passed out: East declares 2D."""
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(27, "B"))))
    return calls(t, "E:2D S:P W:P N:P")


def test_27d_an_insufficient_bid_corrected_without_rectification_is_judged_at_the_end() -> None:
    t = _insufficient_corrected()
    assert Owed(D27, Side.NS) in t.adjustments_owed  # North-South, the non-offending side, are protected
    with pytest.raises(ImpossibleActionError, match="once the play is over"):
        t.apply(ScoreAdjusted.assigned(D27, WEIGHTED))
    t = _play_out(t)
    assert t.phase is Phase.ENDED
    table_score = t.score_ns()
    assert table_score is not None and t.result_ns() == table_score  # nothing recorded: the result stands
    adjusted = t.apply(ScoreAdjusted.assigned(D27, WEIGHTED, note="East's 1D showed diamonds"))
    assert adjusted.result_ns() == WEIGHTED and adjusted.score_ns() == table_score
    assert adjusted.result_ns() != table_score
    expected = Fraction(-420 * 2 + 50, 3)  # the expected score for North-South, by hand
    result = adjusted.result_ns()
    assert isinstance(result, AssignedAdjustedScore) and result.ns.expected_score == expected
    assert result.ew.expected_score == -420 and not result.is_balancing
    _same_on_replay(adjusted)


def test_23c_a_comparable_call_is_judged_at_the_end() -> None:
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(27, "B"))))
    t = calls(t, "E:2C").apply(Elected(DIRECTOR, Comparable(True, LawRef(23, "A"))))
    laws = {o.law for o in t.adjustments_owed}
    assert {C23, D27} <= laws  # Law 27B1(b): both 23C and 27D point to the end-of-play judgement
    t = _play_out(calls(t, "S:P W:P N:P"))
    adjusted = t.apply(ScoreAdjusted(C23, artificial="A6040"))
    assert adjusted.result_ns() == ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)


def test_no_adjustment_is_owed_on_a_clean_board_and_only_the_general_powers_remain() -> None:
    """Law 12B2: on a board where no Law empowers an adjustment the Director cannot record one under 27D;
    only his general powers (12A1, 12A3) remain."""
    t = _play_out(calls(table(), "N:3NT E:P S:P W:P"))
    assert t.adjustments_owed == ()
    with pytest.raises(ImpossibleActionError, match=r"Law 27D.*Law 12A1, Law 12A3") as raised:
        t.apply(ScoreAdjusted.assigned(D27, WEIGHTED))
    assert "event 57" in str(raised.value)  # its position in the record: after 4 calls and 52 cards
    # Law 12A1: a violation with no rectification of its own
    general = t.apply(ScoreAdjusted(LawRef(12, "A1"), artificial="A5050"))
    assert general.result_ns() == ArtificialAdjustedScore(Award.AVERAGE, Award.AVERAGE)


def test_40b4_an_understanding_the_regulations_forbid_is_judged_on_any_board_once_it_has_ended() -> None:
    """Law 40B4: whether an understanding complies with the regulations is not in the record, so the Director
    may adjust under it on any board that has ended, and not before."""
    during = calls(table(), "N:3NT E:P S:P W:P")
    with pytest.raises(ImpossibleActionError, match="once the play is over"):
        during.apply(ScoreAdjusted(LawRef(40, "B4"), artificial="A6040"))
    ended = _play_out(during)
    adjusted = ended.apply(ScoreAdjusted(LawRef(40, "B4"), artificial="A6040"))
    assert adjusted.result_ns() == ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)


def test_16c3_a_withdrawn_call_of_the_offending_side() -> None:
    """East replaces his insufficient 1D with a pass (27B2): his 1D is withdrawn, unauthorised for West."""
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(27, "B"))))
    t = calls(t, "E:P").apply(Elected(DIRECTOR, Comparable(False, LawRef(27, "B2"))))
    assert Owed(C16, Side.NS) in t.adjustments_owed and all(o.law != D27 for o in t.adjustments_owed)
    t = _play_out(calls(t, "S:P W:P N:P"))
    assert t.apply(ScoreAdjusted(C16, artificial="A6040")).result_ns() is not None


def test_21b3_and_47e2b_an_explanation_corrected_too_late() -> None:
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural")), "W:P N:2H E:P S:P W:P")
    t = _play_out(t).apply(ExplanationCorrected(N, TWO_D, "transfer"))
    assert B21 in {o.law for o in t.adjustments_owed}
    score = AssignedAdjustedScore.balancing(WeightedScore.of((-140, "1/2"), (100, "1/2")))
    adjusted = t.apply(ScoreAdjusted.assigned(B21, score))
    assert adjusted.result_ns() == score and score.is_balancing
    _same_on_replay(adjusted)


def test_50e4_a_penalty_card_on_the_table() -> None:
    t = north_wins_trick_one().apply(CardExposed(W, C("H7")))  # a defender exposes a card: a penalty card
    assert Owed(E50, Side.NS) in t.adjustments_owed
    t = _play_out(t)
    if t.pending is not None:  # the penalty card's lead options on the way, if any, are declarer's: none here
        pytest.fail(f"unexpected decision {t.pending}")
    assert t.apply(ScoreAdjusted(E50, artificial="A6040")).phase is Phase.ENDED


def test_45f_review_answered_with_a_weighted_score() -> None:
    """Law 45F at the end of the play: the Director prefers a weighted score to a number of tricks
    (12C1(c)); the assigned score replaces the score obtained in play (Law 12C1(a)), the tricks stay as
    played. His judgement of the damage to redress (Law 12B1) is what he records."""
    t = _play_out(north_wins_trick_one().apply(DummyIndicated(E, C("DK"))))
    assert t.pending is not None and t.pending.law == LawRef(45, "F")
    with pytest.raises(ImpossibleActionError, match="pending review is under Law 45F"):
        t.apply(ScoreAdjusted.assigned(D27, WEIGHTED))
    adjusted = t.apply(ScoreAdjusted.assigned(LawRef(45, "F"), WEIGHTED))
    assert adjusted.pending is None and adjusted.phase is Phase.ENDED and adjusted.result_ns() == WEIGHTED
    # the tricks stay as played: only the score is replaced
    kept = t.apply(Elected(DIRECTOR, NoAdjustment(LawRef(45, "F"))))
    assert adjusted.declarer_tricks == kept.declarer_tricks
    _same_on_replay(adjusted)
    # and he may still change his mind later: the last adjusted score stands
    again = adjusted.apply(ScoreAdjusted(LawRef(45, "F"), artificial="A4060"))
    assert again.result_ns() == ArtificialAdjustedScore(Award.AVERAGE_MINUS, Award.AVERAGE_PLUS)
    tricks = adjusted.apply(ScoreAdjusted(LawRef(12, "A3"), artificial="A5050"))
    assert isinstance(tricks.result_ns(), ArtificialAdjustedScore)
    assert isinstance(t.apply(Elected(DIRECTOR, AdjustedTricks(5, LawRef(45, "F")))).result_ns(), int)


def test_bad_adjusted_scores_are_refused_before_they_reach_the_table() -> None:
    with pytest.raises(ValueError, match="add up to 1"):
        ScoreAdjusted(D27, (ScoreShare(620, 1, 2),), (ScoreShare(620, 1, 3),))
    with pytest.raises(ValueError, match="not an artificial score code"):
        ScoreAdjusted(D27, artificial="A12040")
    with pytest.raises(ValueError, match="both sides"):
        ScoreAdjusted(D27, (ScoreShare(620),))
    with pytest.raises(ValueError, match="not both or neither"):
        ScoreAdjusted(D27)


def test_the_adjusted_score_is_explained_and_exported() -> None:
    t = _play_out(_insufficient_corrected())
    adjusted = t.apply(ScoreAdjusted.assigned(D27, WEIGHTED))
    for locale in ("en", "pl", "sv", "lv", "el"):
        text = explain(adjusted.record[-1], locale=locale)
        assert "27D" in text and "-420" in text
    assert "27D" in explain(Owed(D27, Side.NS))
    assert any("27D" in line and "-420" in line for line in rectification_comments(adjusted))


def test_tenace_rule_shows_what_is_owed_and_the_adjusted_score(tmp_path: Path) -> None:
    """``tenace rule`` on the JSON log: the owed 27D judgement before, the adjusted score after (Law 12C)."""
    t = _play_out(_insufficient_corrected())
    path = tmp_path / "table.json"
    path.write_text(dumps(t), encoding="utf-8")
    before = json.loads(CliRunner().invoke(app, ["rule", str(path), "--json"]).output)
    assert [o["law"] for o in before["owed"]] == ["Law 27D"] and before["owed"][0]["protects"] == "NS"
    assert before["adjusted"] is None and before["result_ns"] == t.score_ns()
    path.write_text(dumps(t.apply(ScoreAdjusted.assigned(D27, WEIGHTED, note="1D showed diamonds"))), "utf-8")
    after = json.loads(CliRunner().invoke(app, ["rule", str(path), "--json"]).output)
    assert after["adjusted"]["law"] == "Law 27D" and after["adjusted"]["note"] == "1D showed diamonds"
    assert after["result_ns"] == str(WEIGHTED)
    text = CliRunner().invoke(app, ["rule", str(path)]).output
    assert "owed: At the end of the play the Director judges whether North-South were damaged" in text
    assert "adjusted: The Director assigns an adjusted score: North-South" in text


# --- Law 16D: extraneous information ---------------------------------------------------------------------


def test_16d2c_extraneous_information_before_the_auction_play_on_and_adjust_at_the_end() -> None:
    """Law 16D2(c): the board is played and the Director then chooses an artificial score (as Law 12C1(d)
    allows when the possible outcomes are too many): it replaces the table result."""
    t = table().apply(ExtraneousInformation(S, "overheard 3NT making at the next table"))
    assert Owed(LawRef(16, "D2(c)")) in t.adjustments_owed and t.turn is N  # the board goes on
    t = _play_out(calls(t, "N:3NT E:P S:P W:P"))
    assert t.score_ns() is not None
    adjusted = t.apply(ScoreAdjusted(LawRef(16, "D2(c)"), artificial="A4060"))
    assert adjusted.result_ns() == ArtificialAdjustedScore(Award.AVERAGE_MINUS, Award.AVERAGE_PLUS)
    with pytest.raises(ImpossibleActionError, match="has been played"):
        t.apply(ScoreAdjusted(LawRef(16, "D2(d)"), artificial="A5050"))
    _same_on_replay(adjusted)


def test_16d2d_an_adjusted_score_at_once_ends_the_board_unplayed() -> None:
    """Law 16D2(d) after the first call (16D3): the board cannot be played normally, so it ends with an
    artificial adjusted score (Law 12A2) and no table result."""
    t = calls(table(), "N:1NT E:P").apply(ExtraneousInformation(W, "saw North's hand"))
    assert Owed(LawRef(16, "D3")) in t.adjustments_owed  # after the first call: Law 16D3
    ended = t.apply(ScoreAdjusted(LawRef(16, "D2(d)"), artificial="A6040"))
    assert ended.phase is Phase.ENDED and ended.turn is None and ended.pending is None
    assert ended.score_ns() is None  # no result at the table
    assert ended.result_ns() == ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    with pytest.raises(ImpossibleActionError, match="the board has ended"):
        ended.apply(CallMade(S, parse_call("P")))
    _same_on_replay(ended)


REDEAL = "N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 2.5432.5432.5432 6543.876.876.876"


def test_16d2b_the_director_has_the_board_redealt_before_any_call() -> None:
    """Law 16D2(b): South saw East's cards before the auction; the Director has the board redealt for this
    table. The new deal is the one the hands, the views and the play use from then on; the dealer and the
    vulnerability stay the board's; no adjustment is owed for what South learnt about the old deal."""
    from tenace import Deal
    from tenace.laws.events import BoardRedealt

    t = table().apply(ExtraneousInformation(S, "saw East's hand being sorted"))
    assert Owed(LawRef(16, "D2(c)")) in t.adjustments_owed
    new = Deal.from_pbn(REDEAL)
    redealt = t.apply(BoardRedealt(new))
    assert redealt.deal == new and redealt.deal != t.deal and redealt.board.dealer is t.board.dealer
    assert redealt.board.vulnerability == t.board.vulnerability and redealt.turn is N
    assert redealt.view(E).hands == {E: new[E]} and redealt.adjustments_owed == ()
    played = _play_out(calls(redealt, "N:1S E:P S:P W:P"))
    assert played.play is not None and len(played.play.tricks) == 13
    assert {card for trick in played.play.tricks for seat, card in trick if seat is N} == set(new[N])
    assert played.score_ns() is not None
    _same_on_replay(played)


def test_16d2b_a_redeal_only_before_any_call_and_after_extraneous_information() -> None:
    """Law 16D2 allows the redeal "before any call has been made", after information received (16D1)."""
    from tenace import Deal
    from tenace.laws.events import BoardRedealt

    new = Deal.from_pbn(REDEAL)
    with pytest.raises(ImpossibleActionError, match="Law 16D1"):
        table().apply(BoardRedealt(new))
    late = calls(table(), "N:P").apply(ExtraneousInformation(S))
    with pytest.raises(ImpossibleActionError, match=r"event 3 .*any call.*Law 16D2"):
        late.apply(BoardRedealt(new))
    again = table().apply(ExtraneousInformation(S)).apply(BoardRedealt(new))
    with pytest.raises(ImpossibleActionError, match="Law 16D1"):  # the information was about the old deal
        again.apply(BoardRedealt(new))


def test_16d2b_then_13a1_the_hands_of_the_redealt_board_are_restored() -> None:
    """After a redeal (Law 16D2(b)) North counts fourteen cards before any call; the Director restores the
    hands (Law 13A1) to the new deal and the auction goes on from North (a random-action run found the table
    stuck there: the rebuild replayed the redeal with the restored deal already in force)."""
    from tenace import Deal
    from tenace.laws.events import BoardRedealt, CardsCounted, HandRestored

    new = Deal.from_pbn(REDEAL)
    t = table().apply(ExtraneousInformation(S)).apply(BoardRedealt(new)).apply(CardsCounted(N, 14))
    decision = t.pending
    assert decision is not None and decision.actor is DIRECTOR
    option = next(o for o in decision.options if getattr(o, "law", None) == LawRef(13, "A1"))
    restored = t.apply(Elected(DIRECTOR, option)).apply(HandRestored(new))
    assert restored.deal == new and restored.turn is N and restored.pending is None
    played = _play_out(calls(restored, "N:1S E:P S:P W:P"))
    assert played.play is not None and len(played.play.tricks) == 13
    _same_on_replay(played)


def test_16d_needs_the_information_on_record_and_a_board_in_progress() -> None:
    """Law 16D1: the Director is told of the extraneous information (an ExtraneousInformation event); without
    it on record no 16D adjustment can be made, and it must come while the board is being played."""
    with pytest.raises(ImpossibleActionError, match="extraneous information on record"):
        calls(table(), "N:1NT").apply(ScoreAdjusted(LawRef(16, "D2(d)"), artificial="A5050"))
    done = _play_out(calls(table(), "N:3NT E:P S:P W:P"))
    with pytest.raises(ImpossibleActionError, match="Law 16D"):
        done.apply(ExtraneousInformation(E))
    assert "received extraneous information" in " ".join(
        rectification_comments(table().apply(ExtraneousInformation(E, "a card seen"))))
