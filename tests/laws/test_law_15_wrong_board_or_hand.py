"""Law 15: calls made holding the cards of another board (15A), and a board played by contestants it was not
meant for in this round (15B), with the artificial adjusted scores of Law 12C2 as data for the tournament."""

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
from tenace.laws.decisions import ArtificialScores, AssignedScore, CorrectBoardLater, Differs, RestoreHands
from tenace.laws.events import (
    CancelledCallElsewhere,
    HandRestored,
    WrongBoardDiscovered,
    WrongCardCount,
    WrongHandCall,
)
from tenace.laws.log import dumps, loads
from tenace.laws.pbn_export import to_pbn, to_record
from tenace.laws.wrong_board import ruling
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award, Fault
from tenace.tournament.model import Result

from ._helpers import E, N, S, W, calls, standing, table
from ._wrong_board_helpers import award, finished, in_3nt

runner = CliRunner()
THREE_NT_PLUS_FOUR = 40 + 30 + 30 + 4 * 30 + 300  # Law 77, not vulnerable


# --- 15A: cards from a wrong board --------------------------------------------------------------------------


def test_15a1_the_call_and_every_later_call_are_cancelled_and_the_offender_calls_again() -> None:
    t = calls(table(), "N:1C E:1H S:P").apply(WrongHandCall(E))
    assert standing(t) == "N:1C" and t.turn is E and t.pending is None
    cancelled = [(w.seat, str(w.call), str(w.law)) for w in t.withdrawn]
    assert cancelled == [(E, "1H", "Law 15A2(c)"), (S, "P", "Law 15A2(c)")]
    t = calls(t, "E:1S S:2C")  # Law 15A2(b): the auction goes on normally with the right hand
    assert standing(t) == "N:1C E:1S S:2C" and t.turn is W


def test_15a2c_law_16c_the_cancelled_calls_are_unauthorised_to_the_offending_side_only() -> None:
    t = calls(table(), "N:1C E:1H S:P").apply(WrongHandCall(E))
    assert {str(w.call) for w in t.unauthorised(W)} == {"1H", "P"}
    assert t.unauthorised(N) == () and t.unauthorised(S) == ()


def test_15a2a_the_partner_called_after_it_the_director_awards_an_adjusted_score() -> None:
    t = calls(table(), "N:1C E:1H S:P W:2H").apply(WrongHandCall(E))
    assert t.phase is Phase.ENDED and t.score_ns() is None and str(ruling(t).cancelled) == "Law 15A2(a)"
    assert t.pending is not None and t.pending.actor is DIRECTOR and str(t.pending.law) == "Law 15A2(a)"
    assert ArtificialScores(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS, LawRef(12, "C2(a)")) in t.pending.options
    assert any(isinstance(o, AssignedScore) for o in t.pending.options)
    t = award(t, Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    assert ruling(t).adjustment == ArtificialAdjustedScore.from_fault(Fault.NONE, Fault.DIRECTLY)


def test_15a_a_player_who_made_no_call_cannot_have_called_with_a_wrong_hand() -> None:
    with pytest.raises(ImpossibleActionError, match="no call"):
        calls(table(), "N:1C").apply(WrongHandCall(E))


def test_15a3_the_offenders_first_call_on_the_other_board_is_compared_with_the_cancelled_one() -> None:
    t = calls(table().apply(CancelledCallElsewhere(E, parse_call("1H"))), "N:1C E:1H")
    assert t.pending is not None and str(t.pending.law) == "Law 15A3"
    assert t.pending.options == (Differs(False, t.pending.law), Differs(True, t.pending.law))
    with pytest.raises(ImpossibleActionError, match="pending"):
        t.apply(CallMade(S, parse_call("P")))


def test_15a3_the_same_call_the_board_may_be_played_normally() -> None:
    t = calls(table().apply(CancelledCallElsewhere(E, parse_call("1H"))), "N:1C E:1H")
    t = t.apply(Elected(DIRECTOR, Differs(False, LawRef(15, "A3"))))
    assert t.pending is None and t.turn is S and standing(t) == "N:1C E:1H"


def test_15a3_a_call_that_differs_means_an_adjusted_score() -> None:
    t = calls(table().apply(CancelledCallElsewhere(E, parse_call("1H"))), "N:1C E:2H")
    t = t.apply(Elected(DIRECTOR, Differs(True, LawRef(15, "A3"))))
    assert t.phase is Phase.ENDED and str(ruling(t).cancelled) == "Law 15A3" and t.pending is not None


def test_15a3_the_cancelled_call_elsewhere_is_recorded_before_the_offender_calls() -> None:
    with pytest.raises(ImpossibleActionError, match="already called"):
        calls(table(), "N:1C E:1H").apply(CancelledCallElsewhere(E, parse_call("1H")))


def test_15a_tables_round_trip_through_the_log() -> None:
    t = calls(calls(table(), "N:1C E:1H S:P").apply(WrongHandCall(E)), "E:1S")
    assert loads(dumps(t)) == t


# --- 15B: wrong board discovered during the auction or play -----------------------------------------------


def test_15b1_a_board_played_before_is_cancelled_for_both_sides() -> None:
    t = calls(table(), "N:1C E:P").apply(WrongBoardDiscovered(played_before=True))
    assert t.phase is Phase.ENDED and t.score_ns() is None and str(ruling(t).cancelled) == "Law 15B1"
    assert str(t.pending.law) == "Law 15B3"  # type: ignore[union-attr]
    with pytest.raises(ImpossibleActionError):
        t.apply(CallMade(S, parse_call("P")))


def test_15b3_the_artificial_scores_go_to_the_tournament_result() -> None:
    """East-West sat at the wrong table (directly at fault), North-South in no way at fault: 60% and 40% by
    Law 12C2(a), entered as the result's adjusted score."""
    t = calls(table(), "N:1C").apply(WrongBoardDiscovered(played_before=True))
    t = award(t, Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    adjusted = ruling(t).adjustment
    assert adjusted is not None and adjusted.percentages() == (Fraction(60), Fraction(40))
    result = Result(board=1, round=2, table=3, ns="1", ew="7", adjusted=adjusted)
    assert result.ns_score() == adjusted and t.pending is None and t.turn is None
    assert t.result_ns() == adjusted and t.score_ns() is None


def test_15b1_a_cancelled_board_leaves_nothing_else_to_decide() -> None:
    """An insufficient bid was pending when the wrong board was found: the board is cancelled all the same,
    and once the Director has awarded the scores nobody is left to act."""
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S))
    assert t.pending is not None and t.pending.actor is S
    t = award(t.apply(WrongBoardDiscovered(played_before=True)), Award.AVERAGE, Award.AVERAGE)
    assert t.pending is None and t.turn is None and t.phase is Phase.ENDED


def test_15b2_a_board_new_to_all_four_is_completed_and_the_score_stands() -> None:
    t = in_3nt().apply(WrongBoardDiscovered(played_before=False))
    assert str(t.pending.law) == "Law 15B2"  # type: ignore[union-attr]
    assert t.pending is not None
    assert [o.yes for o in t.pending.options if isinstance(o, CorrectBoardLater)] == [True, False]
    t = finished(t.apply(Elected(DIRECTOR, CorrectBoardLater(True, LawRef(15, "B2")))))
    assert t.score_ns() == THREE_NT_PLUS_FOUR and ruling(t).correct_board_later is True
    assert ruling(t).cancelled is None and ruling(t).adjustment is None


def test_15b1_the_pbn_projection_shows_no_result_and_says_why() -> None:
    t = calls(table(), "N:1C").apply(WrongBoardDiscovered(played_before=True))
    t = award(t, Award.AVERAGE, Award.AVERAGE)
    record = to_record(t)
    assert record.passed_out is False and record.contract is None and record.tricks is None
    text = to_pbn(t)
    assert "{Result cancelled (Law 15B1): an adjusted score}" in text
    assert "the Director finds: a board these contestants were not to play" in text


# --- tenace rule: the Director's assistant shows the findings and the rulings ------------------------------


def _save(tmp_path: Path, t: Table) -> str:
    path = tmp_path / "table.json"
    path.write_text(dumps(t), encoding="utf-8")
    return str(path)


def test_rule_shows_the_wrong_board_decision_and_then_the_cancelled_result(tmp_path: Path) -> None:
    t = calls(table(), "N:1C").apply(WrongBoardDiscovered(played_before=True))
    result = runner.invoke(app, ["rule", _save(tmp_path, t)])
    assert result.exit_code == 0, result.output
    assert "the Director decides (Law 15B3)" in result.output
    assert "Artificial adjusted scores: North-South average plus, East-West average minus (Law 12C2(a))." in (
        result.output
    )
    data = json.loads(runner.invoke(app, ["rule", _save(tmp_path, t), "--json"]).stdout)
    assert data["wrong_board"]["cancelled"] == "Law 15B1" and data["score_ns"] is None
    assert len(data["pending"]["options"]) == 10
    done = award(t, Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    data = json.loads(runner.invoke(app, ["rule", _save(tmp_path, done), "--json"]).stdout)
    assert data["wrong_board"]["adjustment"] == {"code": "A6040", "ns": "A+", "ew": "A-"}
    text = runner.invoke(app, ["rule", _save(tmp_path, done)]).output
    assert "result cancelled (Law 15B1): artificial adjusted score A6040" in text


def test_rule_shows_the_restored_deal_and_the_unauthorised_knowledge(tmp_path: Path) -> None:
    t = calls(table(), "N:1C").apply(WrongCardCount(S, 12))
    t = t.apply(Elected(DIRECTOR, RestoreHands(LawRef(14, "A1")))).apply(HandRestored(t.deal))
    data = json.loads(runner.invoke(app, ["rule", _save(tmp_path, t), "--json"]).stdout)
    info = data["wrong_board"]
    assert info["restored_deal"] == t.deal.to_pbn() and info["restoring"] is None
    assert info["unauthorised"] == [{"seat": "N", "law": "Law 14C"}]
    assert [f["law"] for f in info["findings"]] == ["Law 14A", "Law 14A1"]
