"""``tenace score``: one result on the command line or many on standard input (Law 77 scores)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tenace.cli import app

runner = CliRunner()


def test_score_doubled_contract_down_two_vulnerable() -> None:
    result = runner.invoke(app, ["score", "4SX", "-2", "--by", "N", "--vul", "NS"])
    assert result.exit_code == 0, result.output
    assert "NS -500" in result.output


def test_score_json_takes_vulnerability_from_board_number_law_2() -> None:
    # Board 7 is vulnerable for both sides under Law 2.
    result = runner.invoke(app, ["score", "3NTS", "10", "--board", "7", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["score_ns"] == 630 and data["vulnerability"] == "All" and data["result"] == 1


def test_score_reads_many_lines_and_reports_bad_ones_with_line_numbers() -> None:
    lines = "4SXN -2 NS\n3NT W = EW\n# a comment\nfoo 3\npass\n"
    result = runner.invoke(app, ["score", "--json"], input=lines)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [d["score_ns"] for d in data] == [-500, -600, 0]
    assert "<stdin>:4" in result.stderr and "foo" in result.stderr


def test_score_without_declarer_is_a_usage_error() -> None:
    result = runner.invoke(app, ["score", "4SX", "-2"])
    assert result.exit_code == 2
    assert "needs a declarer" in result.stderr


def test_score_rejects_impossible_trick_count() -> None:
    result = runner.invoke(app, ["score", "7NT", "+1", "--by", "S"])
    assert result.exit_code == 2
    assert "0 to 13" in result.stderr


def test_imps_of_a_difference_and_of_two_room_scores_law_78b() -> None:
    one = runner.invoke(app, ["imps", "-470", "--json"])
    assert one.exit_code == 0, one.output
    assert json.loads(one.stdout) == {"difference": -470, "imps": -10}
    two = runner.invoke(app, ["imps", "620", "-100"])
    assert two.exit_code == 0 and "+720 points = +12 IMPs" in two.stdout


def test_vp_on_the_wbf_2013_scale_and_bad_boards() -> None:
    result = runner.invoke(app, ["vp", "-9", "--boards", "28", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["vps"] == ["8.02", "11.98"]
    table = runner.invoke(app, ["vp", "--table", "-b", "14", "--json"])
    rows = json.loads(table.stdout)["scale"]
    assert rows[0]["winner"] == "10.00" and rows[-1]["winner"] == "20.00"
    assert runner.invoke(app, ["vp", "3", "--boards", "0"]).exit_code == 2
