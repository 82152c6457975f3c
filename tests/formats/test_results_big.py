"""Big results files (issue 15): a PBN file of score tables is re-scored with its tables held compactly and,
past a number of rows, its report lists the first differing lines and counts the others, with the same
summary and exit code as a report that lists every line.

``benchmarks/bench_scoretable_results.py`` measures the 50 MB figures; the subprocess test here runs a few
MB under a memory bound (not timed).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pytest import MonkeyPatch

from tenace.tournament.rescore import pbn, rescore_file
from tenace.tournament.rescore.report import RescoreReport

ROOT = Path(__file__).resolve().parents[2]
ORACLE = ROOT.parent / "shared" / "oracles" / "pbn-ruter-norway" / "pairs.pbn"

pytestmark = pytest.mark.skipif(not ORACLE.exists(), reason="the oracles are not beside the project")


def _repeated(path: Path, boards: int, *, alter_every: int = 0) -> Path:
    """The oracle's 63 boards repeated and renumbered up to ``boards`` boards (the first keeps the
    TotalScoreTable). With ``alter_every``, every so many boards the first row's MP_NS gains 1, a difference
    Tenace must find."""
    text = ORACLE.read_bytes().decode("latin-1").replace("\r\n", "\n")
    head, _, body = text.partition('[Event "')
    games = [g.strip("\n") for g in re.split(r"\n\s*\n", '[Event "' + body) if '[Board "' in g]
    pieces = [head]
    for number in range(1, boards + 1):
        game = games[(number - 1) % len(games)]
        if number > 1:
            game = re.sub(r'\[TotalScoreTable "[^"]*"\]\n(?:[^\[\n][^\n]*\n)*', "", game)
        game = re.sub(r'\[Board "\d+"\]', f'[Board "{number}"]', game)
        if alter_every and number % alter_every == 0:
            # the first row after the ScoreTable tag: its MP_NS (the 11th cell) one more than printed
            head_row, _, rest = game.partition("[ScoreTable ")
            tag, _, rows = rest.partition("\n")
            first, _, others = rows.partition("\n")
            cells = re.findall(r'"[^"]*"|\S+', first)
            cells[10] = f"{float(cells[10]) + 1:.1f}"
            game = f"{head_row}[ScoreTable {tag}\n{' '.join(cells)}\n{others}"
        pieces.append(game + "\n\n")
    path.write_text("".join(pieces), encoding="latin-1")
    return path


def _listed_keys(report: RescoreReport) -> dict[str, int]:
    return {k: v for k, v in report.summary().items() if k not in ("lines_listed", "differences_not_listed")}


def test_a_big_report_lists_the_first_differences_and_counts_the_rest(tmp_path: Path,
                                                                      monkeypatch: MonkeyPatch) -> None:
    path = _repeated(tmp_path / "big.pbn", 150, alter_every=7)
    full = rescore_file(path)
    differing = [line for line in full.lines if not line.agrees]
    # the altered rows (boards 7, 14, ...) and the copies of board 37 (no longer the documented event board)
    assert {line.board for line in differing} >= set(range(7, 151, 7))
    assert full.omitted.lines == 0 and "lines_listed" not in full.summary()

    monkeypatch.setattr(pbn, "_KEEP_ALL", 100)
    monkeypatch.setattr(pbn, "_DETAIL", 5)
    big = rescore_file(path)
    assert list(big.lines) == differing[:5]
    assert _listed_keys(big) == full.summary()
    assert big.exit_code == full.exit_code == 1
    assert big.summary()["lines_listed"] == 5
    assert big.omitted.lines == len(full.lines) - 5
    not_listed = sum(1 for line in differing[5:] for c in line.checks if not c.agrees)
    assert big.summary()["differences_not_listed"] == not_listed
    assert big.participants == full.participants
    assert any("counted but not listed" in note for note in big.notes)
    assert big.to_json()["summary"]["unexplained"] == full.to_json()["summary"]["unexplained"]


def test_a_big_report_without_unexplained_differences_exits_0(tmp_path: Path,
                                                              monkeypatch: MonkeyPatch) -> None:
    # the oracle file alone: only its documented board 37 differs
    monkeypatch.setattr(pbn, "_KEEP_ALL", 10)
    monkeypatch.setattr(pbn, "_DETAIL", 1)
    full_lines = 252
    report = rescore_file(ORACLE)
    assert report.exit_code == 0
    assert len(report.lines) == 1 and not report.lines[0].agrees and report.lines[0].board == 37
    assert report.summary()["lines"] == full_lines and report.summary()["lines_documented"] == 2


def _peak_mb(code: str, *args: str) -> float:
    """Peak resident memory (MB) of a Python process of its own running ``code``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen([sys.executable, "-c", code, *args], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    assert proc.stderr is not None
    assert os.waitstatus_to_exitcode(status) == 0, proc.stderr.read().decode()
    return usage.ru_maxrss / 1024


@pytest.mark.slow
def test_rescoring_a_few_mb_of_score_tables_stays_in_a_small_memory(tmp_path: Path) -> None:
    """A 3 MB file of score tables (about 2,600 boards, 10,000 rows) takes under 8 MB per MB of file more
    than the interpreter with the rescore package imported (about 4.5 measured); the revision before took
    about 19 MB per MB (benchmarks/bench_scoretable_results.py, 5 MB: 113 MB against 41 MB)."""
    path = _repeated(tmp_path / "big.pbn", 2600, alter_every=50)
    size_mb = path.stat().st_size / 1e6
    base = _peak_mb("import tenace.tournament.rescore")
    code = ("import sys\nfrom tenace.tournament.rescore import pbn, rescore_file\npbn._KEEP_ALL = 1000\n"
            "r = rescore_file(sys.argv[1])\nassert r.summary()['lines'] == 10400, r.summary()\n")
    peak = _peak_mb(code, str(path))
    assert peak - base < 8 * size_mb, (base, peak, size_mb)
