"""Law 13: a hand with more than 13 cards (another holding fewer, or a card foreign to the deal): found before
any call with the wrong hand (13A), during the auction or play after one (13B), a surplus card (13C), or after
play (13D)."""

from __future__ import annotations

import pytest

from tenace import Card, parse_call
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, CallMade, Phase
from tenace.laws.decisions import AssignedScore, AwardAdjusted, NoAdjustment, RestoreHands
from tenace.laws.events import HandRestored, SurplusCardFound, WrongCardCount
from tenace.laws.wrong_board import ruling
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award, Fault

from ._claim_helpers import played
from ._helpers import DEAL, E, N, S, W, calls, table
from ._wrong_board_helpers import award, elect, finished, in_3nt

# Law 77: 3NT by North, not vulnerable (board 1), 13 tricks: 100 + 30 + 30 + 120 + 300
THREE_NT_PLUS_FOUR = 40 + 30 + 30 + 4 * 30 + 300


def test_the_finished_board_scores_normally() -> None:
    t = finished(in_3nt())
    assert t.phase is Phase.ENDED and t.score_ns() == THREE_NT_PLUS_FOUR


# --- 13A: no call made with the wrong hand ---------------------------------------------------------------


def test_13a_no_player_with_a_wrong_count_has_called_the_director_corrects_it() -> None:
    """North has called, but the long and the short hands (East 14, West 12) have not: Law 13A."""
    t = calls(table(), "N:1C").apply(WrongCardCount(E, 14, other=W))
    assert t.pending is not None and t.pending.actor is DIRECTOR and str(t.pending.law) == "Law 13A"
    assert [(type(o), str(o.law)) for o in t.pending.options] == [
        (RestoreHands, "Law 13A1"), (RestoreHands, "Law 13A2"),
    ]


def test_13a1_corrected_and_played_normally_with_no_review() -> None:
    t = elect(table().apply(WrongCardCount(N, 14, other=S)), "13A1")
    assert t.turn is DIRECTOR and t.pending is None  # the Director now restores the hands
    with pytest.raises(ImpossibleActionError, match="restoring the hands"):
        t.apply(CallMade(N, parse_call("1C")))
    t = t.apply(HandRestored(DEAL))
    assert t.turn is N
    t = finished(in_3nt(t))
    assert t.pending is None and t.score_ns() == THREE_NT_PLUS_FOUR


def test_13a2_a_card_was_seen_the_board_is_scored_and_the_director_may_adjust_at_the_end() -> None:
    t = elect(table().apply(WrongCardCount(N, 14, other=S)), "13A2").apply(HandRestored(DEAL))
    assert t.pending is None  # no review until the end of the board
    t = finished(in_3nt(t))
    assert t.pending is not None and str(t.pending.law) == "Law 13A2"
    assert [type(o) for o in t.pending.options] == [NoAdjustment, AwardAdjusted]
    kept = elect(t, "13A2", NoAdjustment)
    assert kept.pending is None and kept.score_ns() == THREE_NT_PLUS_FOUR and ruling(kept).cancelled is None


def test_13a2_the_director_judges_the_information_affected_the_outcome() -> None:
    t = elect(table().apply(WrongCardCount(N, 14, other=S)), "13A2").apply(HandRestored(DEAL))
    t = finished(in_3nt(t))
    t = elect(t, "13A2", AwardAdjusted)
    assert t.score_ns() is None and str(ruling(t).cancelled) == "Law 13A2"
    t = elect(t, "12C1", AssignedScore)  # Law 12C1(b): the Director assigns the probable outcome
    assert t.pending is None and ruling(t).assigned and ruling(t).adjustment is None


# --- 13B: discovered during the auction or play, after a call with the wrong hand ---------------------------


def test_13b_after_a_call_with_the_wrong_hand_the_director_corrects_or_adjusts() -> None:
    t = calls(table(), "N:1C E:P").apply(WrongCardCount(N, 14, other=S))
    assert str(t.pending.law) == "Law 13B"  # type: ignore[union-attr]
    assert [(type(o), str(o.law)) for o in t.pending.options] == [  # type: ignore[union-attr]
        (RestoreHands, "Law 13B1"), (AwardAdjusted, "Law 13B2"),
    ]


def test_13b1_the_deal_is_corrected_and_played_with_no_change_of_call() -> None:
    t = calls(table(), "N:3NT E:P").apply(WrongCardCount(S, 12, other=N))
    t = elect(t, "13B1").apply(HandRestored(DEAL))
    assert [str(c.call) for c in t.calls] == ["3NT", "P"] and t.turn is S  # no call changes
    t = finished(calls(t, "S:P W:P"))
    assert t.pending is not None and str(t.pending.law) == "Law 13B1"  # the Director may still adjust
    t = award(elect(t, "13B1", AwardAdjusted), Award.AVERAGE, Award.AVERAGE)  # both partly at fault
    assert ruling(t).adjustment == ArtificialAdjustedScore(Award.AVERAGE, Award.AVERAGE)
    assert t.score_ns() is None


def test_13b1_during_the_play_too() -> None:
    t = played(in_3nt(), "ST S3").apply(WrongCardCount(E, 14, other=W))
    assert str(t.pending.law) == "Law 13B"  # type: ignore[union-attr]
    t = elect(t, "13B1").apply(HandRestored(DEAL))
    assert t.turn is W and t.phase is Phase.PLAY


def test_13b2_otherwise_the_result_is_replaced_by_an_adjusted_score() -> None:
    t = elect(calls(table(), "N:1C E:P").apply(WrongCardCount(N, 14, other=S)), "13B2")
    assert t.phase is Phase.ENDED and t.score_ns() is None and str(ruling(t).cancelled) == "Law 13B2"
    with pytest.raises(ImpossibleActionError):
        t.apply(CallMade(S, parse_call("1H")))
    assert t.pending is not None and len(t.pending.options) == 10  # 3 x 3 responsibilities + assigned
    t = award(t, Award.AVERAGE_MINUS, Award.AVERAGE_PLUS)
    # North-South held the wrong cards: directly at fault; East-West in no way (Law 12C2(a))
    assert ruling(t).adjustment == ArtificialAdjustedScore.from_fault(Fault.DIRECTLY, Fault.NONE)
    assert t.pending is None and t.turn is None


# --- 13C: surplus card -------------------------------------------------------------------------------------


def test_13c_a_surplus_card_is_removed_and_play_continues_without_rectification() -> None:
    t = calls(table(), "N:1C").apply(SurplusCardFound(E, Card.from_str("SA")))
    assert t.pending is None and t.turn is E
    assert [str(f.law) for f in ruling(t).findings] == ["Law 13C"]


def test_13c_a_surplus_card_played_to_a_quitted_trick_may_lead_to_an_adjusted_score() -> None:
    t = finished(in_3nt()).apply(SurplusCardFound(W, Card.from_str("D2"), played=True))
    assert [(type(o), str(o.law)) for o in t.pending.options] == [  # type: ignore[union-attr]
        (NoAdjustment, "Law 13C"), (AwardAdjusted, "Law 13C"),
    ]
    assert elect(t, "13C", NoAdjustment).score_ns() == THREE_NT_PLUS_FOUR


# --- 13D: play completed ---------------------------------------------------------------------------------


def test_13d_after_play_the_result_is_cancelled_and_an_adjusted_score_awarded() -> None:
    t = finished(in_3nt()).apply(WrongCardCount(E, 14, other=W))
    assert t.score_ns() is None and str(ruling(t).cancelled) == "Law 13D"
    assert t.pending is not None and str(t.pending.law) == "Law 13D"
    t = elect(t, "12C1", AssignedScore)
    assert ruling(t).assigned and t.pending is None
    with pytest.raises(ImpossibleActionError, match="already cancelled"):
        t.apply(WrongCardCount(N, 14, other=S))


def test_a_count_of_thirteen_or_the_same_seat_twice_is_not_a_wrong_count() -> None:
    with pytest.raises(ImpossibleActionError):
        table().apply(WrongCardCount(N, 13))
    with pytest.raises(ImpossibleActionError):
        table().apply(WrongCardCount(N, 14, other=N))
