"""``tenace rescore FILE``: the Rich report, --json, --rounding and the exit codes 0 / 1 / 2."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tenace.cli import app

runner = CliRunner()
COMPSCORE = Path("usebio-abf-compscore")
RUTER = Path("pbn-ruter-norway")


def test_rescore_agreeing_file_exits_0_and_says_so(oracles: Path) -> None:
    result = runner.invoke(app, ["rescore", str(oracles / RUTER / "teams-sub.pbn")])
    assert result.exit_code == 0, result.output
    assert "Tenace agrees with every number" in result.stdout
    assert "method: butler" in result.stdout and "rounding: half-up" in result.stdout


def test_rescore_documented_deviations_exit_0_and_are_listed_with_their_reason(oracles: Path) -> None:
    result = runner.invoke(app, ["rescore", str(oracles / COMPSCORE / "mp_pairs_mitchell_adjusted_02.xml"),
                                 "--limit", "500"])
    assert result.exit_code == 0, result.output
    assert "1NS v 21EW" in result.stdout and "by hand" in result.stdout
    assert "documented deviation" in result.stdout
    assert "rounding: half-even" in result.stdout and "traveller_factoring: neuberg" in result.stdout


def test_rescore_json_has_every_line_and_participant(oracles: Path) -> None:
    path = oracles / COMPSCORE / "mp_pairs_mitchell_04.xml"
    result = runner.invoke(app, ["rescore", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["version"] == 1 and data["method"] == "matchpoints" and data["rounding"] == "half-even"
    assert len(data["lines"]) == path.read_text(encoding="utf-8").count("<TRAVELLER_LINE>")
    assert len(data["participants"]) == 16
    first = data["lines"][0]["values"]["ns_mp"]
    assert first["agrees"] is True and first["program"] == first["tenace"]


def test_rescore_altered_file_exits_1_and_names_board_and_line(oracles: Path, tmp_path: Path) -> None:
    text = (oracles / RUTER / "pairs.pbn").read_text(encoding="utf-8")
    row = '1  1 8 1 4H   N 11 CK   "650"      -  3.0 -3.0 100   0'
    assert text.count(row) == 1
    altered = tmp_path / "pairs.pbn"
    altered.write_text(text.replace(row, row.replace(" 3.0 -3.0", " 2.0 -3.0")), encoding="utf-8")
    result = runner.invoke(app, ["rescore", str(altered), "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    bad = [(line["board"], line["ns"], line["ew"], name, value["program"], value["tenace"])
           for line in data["lines"] for name, value in line["values"].items() if not value["agrees"]
           and value["reason"] is None]
    assert bad == [(2, "8", "1", "ns_mp", "2.0", "3.0")]
    text_result = runner.invoke(app, ["rescore", str(altered)])
    assert text_result.exit_code == 1 and "unexplained" in text_result.stdout


def test_rescore_rounding_option_changes_the_verdict(oracles: Path) -> None:
    path = str(oracles / COMPSCORE / "mp_pairs_mitchell_02.xml")
    assert runner.invoke(app, ["rescore", path, "--rounding", "half-even"]).exit_code == 0
    result = runner.invoke(app, ["rescore", path, "--rounding", "half-up", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["rounding"] == "half-up"


def test_rescore_notsupported_usebio_exits_2_with_file_and_line(oracles: Path) -> None:
    path = oracles / COMPSCORE / "notsupported.xml"
    result = runner.invoke(app, ["rescore", str(path)])
    assert result.exit_code == 2
    assert "NOTSUP" in result.stderr and f"{path}:" in result.stderr


def test_rescore_unreadable_and_missing_files_exit_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.xml"
    broken.write_text('<?xml version="1.0"?>\n<USEBIO>\n<EVENT EVENT_TYPE="MP_PAIRS">\n', encoding="utf-8")
    result = runner.invoke(app, ["rescore", str(broken)])
    assert result.exit_code == 2 and f"{broken}:" in result.stderr
    assert runner.invoke(app, ["rescore", str(tmp_path / "missing.pbn")]).exit_code == 2
