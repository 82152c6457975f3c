"""``tenace rule``: the Director's assistant replays a record and shows the pending decision, the open
irregularity, constraints and withdrawn calls, or the result of a finished board."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from tenace import Board, Card, Deal, Seat, parse_call
from tenace.cli import app
from tenace.laws import (
    DIRECTOR,
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    Comparable,
    DirectorCalled,
    Elected,
    LawRef,
    Reject,
    Table,
)
from tenace.laws.log import dumps

runner = CliRunner()
DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _calls(t: Table, script: str) -> Table:
    for item in script.split():
        seat, call = item.split(":")
        t = t.apply(CallMade(Seat.from_str(seat), parse_call(call)))
    return t


def _insufficient() -> Table:
    return _calls(Table.new(Board(1, DEAL)), "N:1H E:1D")


def _save(tmp_path: Path, t: Table, name: str = "table.json") -> str:
    path = tmp_path / name
    path.write_text(dumps(t), encoding="utf-8")
    return str(path)


def test_open_insufficient_bid_is_shown_until_attention_is_drawn(tmp_path: Path) -> None:
    """Law 9: an irregularity nobody has drawn attention to yet is open; no decision is pending."""
    result = runner.invoke(app, ["rule", _save(tmp_path, _insufficient()), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["pending"] is None
    assert "East" in data["open_irregularity"] and "27" in data["open_irregularity"]
    assert [c["call"] for c in data["calls"]] == ["1H"]


def test_27a_lho_decides_whether_to_accept_the_insufficient_bid(tmp_path: Path) -> None:
    """Law 27A1: after the Director is called, the offender's LHO (South) may accept the insufficient bid."""
    t = _insufficient().apply(DirectorCalled(S))
    result = runner.invoke(app, ["rule", _save(tmp_path, t), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["turn"] == "S" and data["pending"]["actor"] == "S"
    assert [o["law"] for o in data["pending"]["options"]] == ["Law 27A1", "Law 27B"]
    assert [o["option"]["type"] for o in data["pending"]["options"]] == ["Accept", "Reject"]
    text = runner.invoke(app, ["rule", _save(tmp_path, t)])
    assert text.exit_code == 0 and "South decides" in text.stdout and "Law 27B" in text.stdout


def test_27b_director_judges_comparability_and_the_withdrawn_call_is_listed(tmp_path: Path) -> None:
    """Law 27B1(b) and 23A: the Director decides whether the replacement is comparable; the withdrawn
    insufficient bid is information for the opponents only (Law 16C)."""
    t = _insufficient().apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(27, "B"))))
    t = _calls(t, "E:P")
    data = json.loads(runner.invoke(app, ["rule", _save(tmp_path, t), "--json"]).stdout)
    assert data["pending"]["actor"] == "Director"
    assert {o["option"]["yes"] for o in data["pending"]["options"]} == {True, False}
    assert [(w["seat"], w["call"], w["law"]) for w in data["withdrawn"]] == [("E", "1D", "Law 27B")]
    text = runner.invoke(app, ["rule", _save(tmp_path, t)]).stdout
    assert "the Director decides" in text and "withdrawn: E 1D" in text


def test_27b2_constraint_in_force_after_a_non_comparable_replacement(tmp_path: Path) -> None:
    """Law 27B2: a replacement judged not comparable silences the offender's partner for the auction."""
    t = _insufficient().apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(27, "B"))))
    t = _calls(t, "E:P")
    assert t.pending is not None
    judged = next(o for o in t.pending.options if isinstance(o, Comparable) and not o.yes)
    t = t.apply(Elected(DIRECTOR, judged))
    data = json.loads(runner.invoke(app, ["rule", _save(tmp_path, t), "--json"]).stdout)
    musts = [c for c in data["constraints"] if c["constraint"]["type"] == "MustPass"]
    assert musts and musts[0]["constraint"]["seat"] == "W" and musts[0]["law"] == "Law 27B2"
    assert "in force" in runner.invoke(app, ["rule", _save(tmp_path, t)]).stdout


def test_finished_board_prints_contract_tricks_and_score(tmp_path: Path) -> None:
    """Laws 69A, 77: a claim of the remaining tricks agreed by both defenders; 3NT making 13 tricks not
    vulnerable scores 100 trick points, 300 for the game and 4 overtricks of 30."""
    t = _calls(Table.new(Board(1, DEAL)), "N:3NT E:P S:P W:P")
    for seat, card in ((E, "ST"), (S, "S3"), (W, "S2"), (N, "SA")):
        t = t.apply(CardPlayed(seat, Card.from_str(card)))
    t = t.apply(ClaimMade(N, 12)).apply(ClaimAnswered(E, True)).apply(ClaimAnswered(W, True))
    data = json.loads(runner.invoke(app, ["rule", _save(tmp_path, t), "--json"]).stdout)
    assert (data["contract"], data["declarer"], data["tricks"], data["phase"]) == ("3NTN", "N", 13, "ended")
    assert data["score_ns"] == 100 + 300 + 4 * 30
    assert "3NTN by North: 13 tricks, NS +520" in runner.invoke(app, ["rule", _save(tmp_path, t)]).stdout


def _tag(game: str, name: str) -> str:
    match = re.search(rf'^\[{name} "([^"]*)"\]', game, flags=re.MULTILINE)
    assert match is not None
    return match.group(1)


def test_pbn_file_is_replayed_to_the_recorded_result(oracles: Path) -> None:
    """A board of a real PBN file replays to the file's own Contract, Declarer, Result and Score tags."""
    path = oracles / "pbn-bbohelper-ben" / "Ben & Friends Daily - 2024-06-02 Daylong.pbn"
    game = next(g for g in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")) if '[Board "3"]' in g)
    result = runner.invoke(app, ["rule", str(path), "--board", "3", "--json"])
    assert result.exit_code == 0, result.output
    (data,) = json.loads(result.stdout)
    assert data["board"] == 3
    assert data["contract"].startswith(_tag(game, "Contract")) and data["declarer"] == _tag(game, "Declarer")
    assert data["tricks"] == int(_tag(game, "Result"))
    score = _tag(game, "Score").split()
    assert data["score_ns"] == (int(score[1]) if score[0] == "NS" else -int(score[1]))


def test_lin_file_is_replayed_board_by_board(oracles: Path) -> None:
    lin = sorted((oracles / "pbntools-real-tournaments").rglob("*.lin"))[0]
    result = runner.invoke(app, ["rule", str(lin), "--json"])
    assert result.exit_code == 0, result.output
    boards = json.loads(result.stdout)
    claim = re.search(r"mc\|(\d+)\|", lin.read_text(encoding="utf-8"))
    assert boards and boards[0]["phase"] == "ended"
    if claim is not None:
        assert boards[0]["tricks"] == int(claim.group(1))


def test_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["rule", str(tmp_path / "nothing.json")])
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_unknown_extension_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "table.txt"
    path.write_text("{}", encoding="utf-8")
    result = runner.invoke(app, ["rule", str(path)])
    assert result.exit_code == 2 and ".json" in result.stderr


def test_bad_log_is_reported_with_its_json_path(tmp_path: Path) -> None:
    doc = json.loads(dumps(_insufficient()))
    doc["events"][1]["call"] = "1Z"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(app, ["rule", str(path)])
    assert result.exit_code == 1 and "events[1].call" in result.stderr


def test_refused_event_in_a_log_is_reported_with_the_engines_reason(tmp_path: Path) -> None:
    doc = json.loads(dumps(_insufficient()))
    doc["events"].append({"type": "CardPlayed", "seat": "S", "card": "S3"})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(app, ["rule", str(path)])
    assert result.exit_code == 1 and "events[2]" in result.stderr


_TWO_GAMES = (
    '[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
    '[Declarer "N"]\n[Contract "7NT"]\n[Result "13"]\n[Auction "N"]\n7NT AP\n\n'
    '[Event "x"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "N:bad"]\n'
)


def test_an_error_in_another_game_does_not_stop_the_ruling_on_the_board_asked_for(tmp_path: Path) -> None:
    path = tmp_path / "two.pbn"
    path.write_text(_TWO_GAMES, encoding="utf-8")
    result = runner.invoke(app, ["rule", str(path), "--board", "1"])
    assert result.exit_code == 0, result.output
    assert "7NTN by North: 13 tricks" in result.output


def test_without_a_board_a_broken_game_is_left_out_with_its_error_and_others_ruled(tmp_path: Path) -> None:
    path = tmp_path / "two.pbn"
    path.write_text(_TWO_GAMES, encoding="utf-8")
    result = runner.invoke(app, ["rule", str(path)])
    assert result.exit_code == 0, result.output
    assert f"{path}:16:" in result.output and "(game 2 left out)" in result.output
    assert "7NTN by North" in result.output
    asked = runner.invoke(app, ["rule", str(path), "--board", "2"])
    assert asked.exit_code == 1 and f"{path}:16:" in asked.output
