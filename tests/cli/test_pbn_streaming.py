"""``tenace pbn check`` and ``tenace pbn convert`` stream PBN files (issue 15): the converted file is the same
as reading the file whole and rendering it, and a file with many problems lists the first ones and counts
the rest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace.cli import app
from tenace.cli._files import Format, OutputFormat, load, render

runner = CliRunner()

FILES = ["pbn-ruter-norway/pairs.pbn",
         "pbntools-real-tournaments/test_7_bbo_www_acbl_20130810/acbl_1607_pairs_acbl_sat_1pm_speedball.pbn",
         "pbn-spec/timheilman-tests/reference_impl_tests/errors_10.pbn"]


def _key(problem: dict[str, object]) -> str:
    return json.dumps(problem, sort_keys=True)


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("fmt", list(OutputFormat))
def test_a_streamed_conversion_is_the_whole_file_rendered(name: str, fmt: OutputFormat, oracles: Path,
                                                          tmp_path: Path) -> None:
    path = oracles / name
    loaded = load(path, Format.PBN)
    expected, render_problems = render(loaded.items, fmt, loaded.source)
    out = tmp_path / f"out.{fmt.value}"
    result = runner.invoke(app, ["pbn", "convert", str(path), "--to", fmt.value, "-o", str(out), "--json",
                                 "--max-problems", "0"])
    summary = json.loads(result.stdout)
    assert out.read_bytes() == (expected.encode("utf-8") if isinstance(expected, str) else expected)
    problems = [*loaded.problems, *render_problems]
    assert summary["boards"] == len(loaded.items)
    # the same problems; streamed, those of writing come with their game rather than after all others
    for severity, is_error in (("errors", True), ("warnings", False)):
        assert sorted(summary[severity], key=_key) == sorted(
            (p.as_json() for p in problems if p.is_error is is_error), key=_key)
    assert result.exit_code == (1 if any(p.is_error for p in problems) else 0)


def test_a_streamed_conversion_to_standard_output(oracles: Path) -> None:
    path = oracles / FILES[0]
    expected, _ = render(load(path, Format.PBN).items, OutputFormat.LIN)
    result = runner.invoke(app, ["pbn", "convert", str(path), "--to", "lin"])
    assert result.exit_code == 0 and result.stdout == expected


def _bad_games(n: int) -> str:
    return "\n".join(f'[Board "{k}"]\n[Dealer "Q"]\n' for k in range(1, n + 1))


def test_check_lists_the_first_problems_and_counts_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "many.pbn"
    path.write_text(_bad_games(30), encoding="utf-8")
    result = runner.invoke(app, ["pbn", "check", str(path), "--json", "--max-problems", "5"])
    assert result.exit_code == 1
    (report,) = json.loads(result.stdout)["files"]
    assert report["boards"] == 30 and report["error_count"] == 30 and len(report["errors"]) == 5
    assert [e["line"] for e in report["errors"]] == [2, 5, 8, 11, 14]
    text = runner.invoke(app, ["pbn", "check", str(path), "--max-problems", "5"])
    assert "30 errors" in text.stdout and "… and 25 more errors, 0 more warnings" in text.stdout
    everything = runner.invoke(app, ["pbn", "check", str(path), "--json", "--max-problems", "0"])
    (report,) = json.loads(everything.stdout)["files"]
    assert len(report["errors"]) == 30 and "error_count" not in report
