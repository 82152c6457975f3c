"""``tenace rule`` shows the Director the Law 16B evidence (timed auction, hands, breaks in tempo, the
actions examined), the poll, the findings and the pending or given ruling."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from typer.testing import CliRunner

from tenace import Board, Seat, parse_call
from tenace.cli import app
from tenace.laws import CallMade, CardPlayed, Phase, Table
from tenace.laws.events import LogicalAlternatives, PollAnswer, PollRecorded, Suggested, UIReserved, UIRuling
from tenace.laws.log import dumps
from tenace.scoring.adjusted import AssignedAdjustedScore

from ._helpers import DEAL, N, W

runner = CliRunner()
T0 = dt.datetime(2026, 11, 22, 8, 0, tzinfo=dt.UTC)
P = parse_call("P")
# North's pass (event 5) takes 30 s; every other call 3 s.
AUCTION = "N:1S E:2H S:2S W:3H N:P E:P S:3S W:P N:P E:P"


def _table() -> Table:
    t = Table.new(Board(1, DEAL))
    at = T0
    for i, item in enumerate(AUCTION.split()):
        if i == 7:
            t = t.apply(UIReserved(W, N), at=at)
        at += dt.timedelta(seconds=30 if i == 4 else 3 + (i % 3))
        seat, call = item.split(":")
        t = t.apply(CallMade(Seat.from_str(seat), parse_call(call)), at=at)
    while t.phase in (Phase.CLARIFICATION, Phase.PLAY):
        turn = t.turn
        assert isinstance(turn, Seat)
        t = t.apply(CardPlayed(turn, min(t.legal_cards())))
    return t


def _run(tmp_path: Path, t: Table, *args: str) -> str:
    path = tmp_path / "table.json"
    path.write_text(dumps(t), encoding="utf-8")
    result = runner.invoke(app, ["rule", str(path), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_rule_shows_the_reservation_the_timed_auction_and_the_pending_findings(tmp_path: Path) -> None:
    out = _run(tmp_path, _table())
    assert "W reserves his rights about N (a hesitation or break in tempo, at event 5)" in out
    assert "N:P(30s)" in out and "S:3S(" in out
    assert f"N:{DEAL[N].to_pbn()}" in out
    assert "break in tempo at event 5: N took 30s over P" in out
    assert "examined: S 3S (event 7)" in out
    assert "the Director must still record: poll or logical alternatives" in out


def test_rule_shows_the_poll_the_findings_and_the_adjusted_score(tmp_path: Path) -> None:
    poll = PollRecorded((PollAnswer(P, (parse_call("3S"),)), PollAnswer(P), PollAnswer(parse_call("3S"))))
    t = _table().apply(poll)
    t = t.apply(LogicalAlternatives((P,))).apply(Suggested(True, (P,)))
    t = t.apply(UIRuling.assigned(AssignedAdjustedScore.balancing(-140), "3H by West"))
    out = _run(tmp_path, t)
    assert "poll: P chosen 2, considered 2; 3S chosen 1, considered 2" in out
    assert "logical alternatives (Law 16B1(b)): P" in out
    assert "demonstrably suggested (Law 16B1(a)): yes" in out
    assert "ruling: assigned -140 (1) (Law 12C1) — 3H by West" in out
    assert "must still record" not in out


def test_rule_json_has_the_cases_and_the_evidence(tmp_path: Path) -> None:
    t = _table().apply(LogicalAlternatives())
    data = json.loads(_run(tmp_path, t, "--json"))
    info = data["unauthorised_information"]
    (case,) = info["cases"]
    assert (case["by"], case["about"], case["receiver"], case["source_event"]) == ("W", "N", "S", 5)
    assert case["alternatives"] == [] and case["stage"] == "ruling" and case["ruling"] is None
    assert info["auction"][4] == {"event": 5, "seat": "N", "call": "P", "alert": False, "explanation": None,
                                  "at": "2026-11-22T08:00:45Z", "seconds": 30.0}
    assert [(b["event"], b["fast"], b["law"]) for b in info["tempo_breaks"]] == [(5, False, "Law 73D1")]
    assert info["hands"]["W"] == DEAL[Seat.WEST].to_pbn() and info["pending"] == "ruling"


def test_rule_json_without_a_case_has_no_ui_section(tmp_path: Path) -> None:
    t = Table.new(Board(1, DEAL)).apply(CallMade(N, parse_call("1S")))
    assert json.loads(_run(tmp_path, t, "--json"))["unauthorised_information"] is None


def _slow_north(number: int) -> Table:
    """A board where North takes about 30 s over every call: his usual tempo."""
    t = Table.new(Board(number, DEAL))
    at = T0 + dt.timedelta(hours=number)
    for i, item in enumerate("N:1S E:P S:2S W:P N:P E:P".split()):
        at += dt.timedelta(seconds=28 + i % 4 if item.startswith("N") else 3 + i % 3)
        seat, call = item.split(":")
        t = t.apply(CallMade(Seat.from_str(seat), parse_call(call)), at=at)
    return t


def test_rule_measures_tempo_over_the_session_given_with_tempo_from(tmp_path: Path) -> None:
    """Against this board alone North's 30 s pass is a break; over a session where North always takes about
    30 s it is his usual tempo, and it is his quick final pass that stands out (unwonted speed, 16B1(a))."""
    session = []
    for number in range(2, 6):
        path = tmp_path / f"board{number}.json"
        path.write_text(dumps(_slow_north(number)), encoding="utf-8")
        session += ["--tempo-from", str(path)]
    alone = json.loads(_run(tmp_path, _table(), "--json"))["unauthorised_information"]
    with_session = json.loads(_run(tmp_path, _table(), "--json", *session))["unauthorised_information"]
    assert [b["event"] for b in alone["tempo_breaks"]] == [5]
    assert [(b["event"], b["fast"]) for b in with_session["tempo_breaks"]] == [(10, True)]
    pbn = str(tmp_path / "x.pbn")
    result = runner.invoke(app, ["rule", str(tmp_path / "table.json"), "--tempo-from", pbn])
    assert result.exit_code == 2 and "--tempo-from takes JSON table logs" in result.output
