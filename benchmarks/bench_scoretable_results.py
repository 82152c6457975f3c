"""A big PBN results file with score tables (issue 15): time and peak memory of ``rescore_file`` on a
generated Ruter-style file (a ``ScoreTable`` on every board), this revision side by side with another one
(``--old``, default ``HEAD``: run this before committing a change to compare with it, from ``git archive``).

The file repeats the 63 boards of the Ruter oracle file ``pairs.pbn`` (each with its ScoreTable of four
results), renumbered, until it reaches the size asked; the first board keeps the TotalScoreTable (whose
totals then no longer agree: the report still checks every line). Each command runs in its own process, so
its peak resident memory (``ru_maxrss``) is its own; CPU time is shown beside the wall time.

Run on demand, not as a test:  nice .venv/bin/python benchmarks/bench_scoretable_results.py [--mb 20]

Measured (readers3, issue 15; load about 26 on 2 cores, so only CPU times and peaks mean something):
5 MB, 4,261 boards: the revision before (tables and rows held, a LineReport per row, both factorings'
reports held) CPU 22.9 s, peak 113 MB; the streamed score tables (cells shared, boards scored one at a time,
the first 1,000 differing lines listed and the rest counted past 20,000 rows) CPU 19.2 s, peak 41 MB.
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from bench_usebio_results import run  # one process, its CPU time and peak memory

ROOT = Path(__file__).resolve().parents[1]
ORACLE = ROOT.parent / "shared" / "oracles" / "pbn-ruter-norway" / "pairs.pbn"
PYTHON = sys.executable
RESCORE = [PYTHON, "-c", "import sys\nfrom tenace.tournament.rescore import rescore_file\n"
           "r = rescore_file(sys.argv[1])\nprint(r.summary()['lines'], r.exit_code)", "{file}"]


def make_big(path: Path, megabytes: float) -> int:
    """The oracle file's boards repeated, renumbered, to about ``megabytes``; the number of boards."""
    text = ORACLE.read_bytes().decode("latin-1").replace("\r\n", "\n")
    head, _, body = text.partition('[Event "')
    games = re.split(r"\n\s*\n", '[Event "' + body)
    games = [g.strip("\n") for g in games if '[Board "' in g]
    target = int(megabytes * 1e6)
    number = 0
    with path.open("w", encoding="latin-1") as out:
        out.write(head)
        written = len(head)
        while written < target:
            game = games[number % len(games)]
            number += 1
            if number > 1:
                game = re.sub(r'\[TotalScoreTable "[^"]*"\]\n(?:[^\[\n][^\n]*\n)*', "", game)
            piece = re.sub(r'\[Board "\d+"\]', f'[Board "{number}"]', game) + "\n\n"
            out.write(piece)
            written += len(piece)
    return number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=float, default=20.0, help="size of the generated file")
    parser.add_argument("--old", default="HEAD", help="the revision to compare with")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.old, "src"], check=True,
                                 capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp / "old", filter="data")
        big = tmp / "big.pbn"
        boards = make_big(big, args.mb)
        print(f"{big.stat().st_size / 1e6:.1f} MB of PBN score tables, {boards:,} boards "
              f"(old: {args.old}):", flush=True)
        argv = [a.format(file=big) for a in RESCORE]
        run(f"rescore, {args.old}", argv, tmp / "old" / "src")
        run("rescore, this tree", argv, ROOT / "src")


if __name__ == "__main__":
    main()
