"""``tenace pbn check`` and ``tenace pbn convert`` against the oracle files: problems with file and line, exit
codes, and conversions that keep deals, auctions, play and results."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace import Deal
from tenace.cli import app
from tenace.formats.dup import read_dup
from tenace.formats.json import loads_records
from tenace.formats.lin import read_lin
from tenace.formats.pbn import read_file, read_games
from tenace.record import DealRecord

runner = CliRunner()

SPEC_TESTS = "pbn-spec/timheilman-tests/reference_impl_tests"
BBO_HELPER = "pbn-bbohelper-ben/BBO Forums Sunday Daylong Daylong.pbn"
LINS = "pbntools-real-tournaments/test_bbo_history_with_lins"
TOP = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def line_of(path: Path, text: str) -> int:
    """The 1-based number of the first line of ``path`` that contains ``text``."""
    for number, line in enumerate(path.read_text(encoding="latin-1").splitlines(), 1):
        if text in line:
            return number
    raise AssertionError(f"{text!r} not in {path}")


def same_play(a: DealRecord, b: DealRecord) -> bool:
    return (a.number, a.deal, a.contract, a.tricks, a.play, a.passed_out) == \
        (b.number, b.deal, b.contract, b.tricks, b.play, b.passed_out) and \
        [c.call for c in a.calls or ()] == [c.call for c in b.calls or ()]


# --- check ------------------------------------------------------------------------------------------------

def test_check_reports_the_standards_error_file_with_lines_and_exit_1(oracles: Path) -> None:
    path = oracles / SPEC_TESTS / "errors_10.pbn"
    result = runner.invoke(app, ["pbn", "check", str(path), "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    (report,) = data["files"]
    assert not data["ok"] and data["errors"] == len(report["errors"]) >= 50
    lines = {e["line"]: e for e in report["errors"]}
    black = line_of(path, '[Dealer "Black"]')
    assert lines[black]["code"] == "dealer" and "Black" in lines[black]["message"]
    assert lines[line_of(path, '[Vulnerable "E"]')]["code"] == "vulnerable"
    n_lines = len(path.read_bytes().splitlines())
    assert all(1 <= e["line"] <= n_lines for e in report["errors"] + report["warnings"] if e["line"])
    text = runner.invoke(app, ["pbn", "check", str(path)])
    assert text.exit_code == 1
    assert f"{path}:{black}: error: Dealer: 'Black' is not a seat" in text.stdout
    assert re.search(r"75 boards, \d+ errors, \d+ warnings", text.stdout)


def test_check_passes_the_standards_correct_files_and_real_exports(oracles: Path) -> None:
    files = [str(p) for p in sorted((oracles / SPEC_TESTS).glob("correct_*.pbn"))]
    files.append(str(oracles / BBO_HELPER))
    result = runner.invoke(app, ["pbn", "check", "--strict", *files])
    assert result.exit_code == 0, result.output
    assert "4 files" in result.stdout and "0 errors, 0 warnings" in result.stdout


def test_warnings_fail_only_with_strict(tmp_path: Path) -> None:
    path = tmp_path / "dated.pbn"
    path.write_text(f'[Board "1"]\n[Date "2013-11-23"]\n[Deal "{TOP}"]\n', encoding="utf-8")
    lenient = runner.invoke(app, ["pbn", "check", str(path)])
    assert lenient.exit_code == 0 and f"{path}:2: warning:" in lenient.stdout and "[date]" in lenient.stdout
    strict = runner.invoke(app, ["pbn", "check", "--strict", str(path), "--json"])
    assert strict.exit_code == 1 and json.loads(strict.stdout)["files"][0]["warnings"][0]["line"] == 2


def test_check_lin_reports_an_unlawful_call_and_a_truncated_file_with_their_lines(tmp_path: Path) -> None:
    unlawful = tmp_path / "bad.lin"
    unlawful.write_text("pn|a,b,c,d|\nmd|3S2H5432D5432C5432,ST987HJT9DJT9CJT9,SAKQJHAKQDAKQCAKQ,|"
                        "ah|Board 1|\nmb|7N|mb|p|\nmb|1S|mb|p|mb|p|mb|p|\n", encoding="utf-8")
    result = runner.invoke(app, ["pbn", "check", str(unlawful)])
    assert result.exit_code == 1
    assert f"{unlawful}:4: error:" in result.stdout
    assert "1S" in result.stdout and "not lawful" in result.stdout
    truncated = tmp_path / "cut.lin"
    truncated.write_text("pn|a,b,c,d|\nah|Board 1|\nmd|3SAK", encoding="utf-8")
    result = runner.invoke(app, ["pbn", "check", str(truncated), "--json"])
    assert result.exit_code == 1
    (error,) = json.loads(result.stdout)["files"][0]["errors"]
    assert error["line"] == 3 and "truncated" in error["message"] and error["code"] == "lin"


def test_check_a_good_lin_file_from_bbo(oracles: Path) -> None:
    result = runner.invoke(app, ["pbn", "check", str(oracles / LINS / "3381671193.lin"), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["files"][0] == {
        "file": str(oracles / LINS / "3381671193.lin"), "format": "lin", "boards": 1, "ok": True,
        "errors": [], "warnings": []}


def test_check_missing_file_or_unknown_extension_is_a_usage_error(tmp_path: Path) -> None:
    assert runner.invoke(app, ["pbn", "check", str(tmp_path / "none.pbn")]).exit_code == 2
    odd = tmp_path / "boards.txt"
    odd.write_text(f'[Board "1"]\n[Deal "{TOP}"]\n', encoding="utf-8")
    result = runner.invoke(app, ["pbn", "check", str(odd)])
    assert result.exit_code == 2 and "--from" in result.stderr
    assert runner.invoke(app, ["pbn", "check", "--from", "pbn", str(odd)]).exit_code == 0


# --- convert ----------------------------------------------------------------------------------------------

def test_pbn_to_lin_to_pbn_keeps_deals_auctions_play_and_results(oracles: Path, tmp_path: Path) -> None:
    source = oracles / BBO_HELPER
    lin, back = tmp_path / "boards.lin", tmp_path / "back.pbn"
    first = runner.invoke(app, ["pbn", "convert", str(source), "--to", "lin", "-o", str(lin)])
    assert first.exit_code == 0, first.output
    assert "PBN \u2192 LIN, 10 boards" in first.stderr
    second = runner.invoke(app, ["pbn", "convert", str(lin), "-o", str(back)])
    assert second.exit_code == 0, second.output
    original = [g.record for g in read_file(source)]
    via_lin = read_lin(lin.read_text(encoding="utf-8"))
    again = [g.record for g in read_file(back)]
    assert len(original) == len(via_lin) == len(again) == 10
    for a, b, c in zip(original, via_lin, again, strict=True):
        assert same_play(a, b) and same_play(a, c)
        assert a.players == c.players and a.score_ns() == c.score_ns()
        assert [x.explanation for x in a.calls or ()] == [x.explanation for x in c.calls or ()]
    assert "[Event" not in lin.read_text(encoding="utf-8") and "Event|" not in lin.read_text(encoding="utf-8")


def test_lin_to_pbn_matches_the_conversion_pbntools_made(oracles: Path) -> None:
    expected = read_file(oracles / LINS / "history_expected.pbn")
    for name, want in zip(("3381671193.lin", "3381683999.lin"), expected, strict=True):
        result = runner.invoke(app, ["pbn", "convert", str(oracles / LINS / name), "--to", "pbn"])
        assert result.exit_code == 0, result.output
        (got,) = read_games(result.stdout)
        assert same_play(got.record, want.record) and got.record.players == want.record.players
        assert not got.errors


def test_pbn_json_round_trip_and_dup_keep_the_deals(oracles: Path, tmp_path: Path) -> None:
    source = oracles / "pbn-samples-richardschneider" / "Hand_Trophy_Pairs.pbn"
    records = [g.record for g in read_file(source)]
    out_json, out_dup = tmp_path / "b.json", tmp_path / "b.dup"
    assert runner.invoke(app, ["pbn", "convert", str(source), "-o", str(out_json)]).exit_code == 0
    assert loads_records(out_json.read_text(encoding="utf-8")) == records
    result = runner.invoke(app, ["pbn", "convert", str(out_json), "--to", "dup", "-o", str(out_dup),
                                 "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["from"], summary["to"], summary["boards"], summary["errors"]) == ("json", "dup", 26, [])
    assert [r.deal for r in read_dup(out_dup.read_bytes())] == [r.deal for r in records]


def test_big_deal_dup_converts_to_the_deals_of_its_pbn(oracles: Path) -> None:
    folder = oracles / "pbn-samples-richardschneider"
    result = runner.invoke(app, ["pbn", "convert", str(folder / "big-deal.dup"), "--to", "pbn"])
    assert result.exit_code == 0, result.output
    wanted = re.findall(r'^\[Deal "([^"]*)"\]', (folder / "big-deal.pbn").read_text(), flags=re.MULTILINE)
    assert [g.record.deal for g in read_games(result.stdout)] == [Deal.from_pbn(d) for d in wanted]


def test_bad_boards_are_reported_with_file_and_line_and_the_rest_converted(tmp_path: Path) -> None:
    path = tmp_path / "mixed.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{TOP}"]\n\n[Board "2"]\n[Dealer "Q"]\n\n'
                    f'[Board "3"]\n[Deal "{TOP}"]\n', encoding="utf-8")
    result = runner.invoke(app, ["pbn", "convert", str(path), "--to", "json"])
    assert result.exit_code == 1
    assert f"{path}:5: error: Dealer: 'Q' is not a seat" in result.stderr
    data = json.loads(result.stdout)
    assert [b["number"] for b in data["boards"]] == [1, 2, 3]
    dup = runner.invoke(app, ["pbn", "convert", str(path), "--to", "dup", "-o", str(tmp_path / "m.dup")])
    assert dup.exit_code == 1
    assert f"{path}:4: error: Board 2 has no full deal" in dup.stderr
    assert [r.deal for r in read_dup((tmp_path / "m.dup").read_bytes())] == [Deal.from_pbn(TOP)] * 2


def test_unreadable_json_names_the_path_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "tenace.deal-records", "version": 1, "boards": [{"calls": ["1NT", "9Z"]}]}')
    out = tmp_path / "out.pbn"
    result = runner.invoke(app, ["pbn", "convert", str(path), "-o", str(out)])
    assert result.exit_code == 1
    assert str(path) in result.stderr and "boards[0].calls[1]" in result.stderr and not out.exists()


@pytest.mark.parametrize("args", [
    ["--json"],                      # a summary needs -o
    ["-o", "{src}"],                 # onto the input
    ["-o", "{tmp}/x.txt"],           # no --to and an unknown extension
])
def test_convert_usage_errors(args: list[str], tmp_path: Path) -> None:
    src = tmp_path / "a.pbn"
    src.write_text(f'[Board "1"]\n[Deal "{TOP}"]\n', encoding="utf-8")
    argv = [a.format(src=src, tmp=tmp_path) for a in args]
    result = runner.invoke(app, ["pbn", "convert", str(src), *argv])
    assert result.exit_code == 2, result.output
    assert src.read_text(encoding="utf-8").startswith('[Board "1"]')


def test_check_keeps_the_lin_boards_before_trailing_names_and_names_the_line(tmp_path: Path) -> None:
    """Issue 15: a LIN file ending in a line of player names read 0 boards; now the board is kept and the
    names are one error at their line."""
    path = tmp_path / "names.lin"
    path.write_text("pn|a,b,c,d|md|3SAKQJT98765432HDC,S,S,|rh||ah|Board 1|mb|p|mb|p|mb|p|mb|p|pg||\n"
                    "Smith,Jones,Brown,Green\n", encoding="utf-8")
    result = runner.invoke(app, ["pbn", "check", str(path)])
    assert result.exit_code == 1
    assert "1 board, 1 error" in result.output and f"{path}:2: error: " in result.output


def test_check_reads_games_not_separated_by_an_empty_line(tmp_path: Path) -> None:
    path = tmp_path / "packed.pbn"
    path.write_text(f'[Board "1"]\n[Dealer "N"]\n[Deal "{TOP}"]\n[Board "2"]\n[Dealer "E"]\n[Deal "{TOP}"]\n',
                    encoding="utf-8")
    result = runner.invoke(app, ["pbn", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert "2 boards, 0 errors, 1 warning" in result.output
    assert f"{path}:4: warning: no empty line before this Board tag" in result.output
