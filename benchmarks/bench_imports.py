"""Results per second when importing other programs' files (``tenace.tournament.imports``) and entries per
second parsed by ``tenace.tournament.entry.parse_entry``.

Run: ``.venv/bin/python benchmarks/bench_imports.py [--repeat 3]``

Reads the oracle files in ``../shared/oracles`` (they are not part of the project).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from tenace.tournament.entry import parse_entry
from tenace.tournament.imports import Imported, import_lin, import_pbn, import_usebio

ORACLES = Path(__file__).resolve().parents[1].parent / "shared" / "oracles"


def timed(label: str, run: Callable[[], Imported], repeat: int) -> None:
    best = float("inf")
    got = run()
    for _ in range(repeat):
        start = time.perf_counter()
        got = run()
        best = min(best, time.perf_counter() - start)
    n = len(got.lines)
    print(f"{label:<46} {n:>5} results  {best * 1000:8.1f} ms  {n / best:9.0f} results/s")  # noqa: T201


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    tools = ORACLES / "pbntools-real-tournaments"
    timed("PBN ScoreTable (Ruter pairs.pbn)", lambda: import_pbn(ORACLES / "pbn-ruter-norway" / "pairs.pbn"),
          args.repeat)
    timed("PBN ScoreTable (Ruter teams-sub.pbn)",
          lambda: import_pbn(ORACLES / "pbn-ruter-norway" / "teams-sub.pbn"), args.repeat)
    timed("PBN per table (KOPS PCH1003.pbn)",
          lambda: import_pbn(tools / "test_2_kops" / "PCH1003" / "PCH1003.pbn"), args.repeat)
    timed("PBN per table with play (BBO acbl_1607)",
          lambda: import_pbn(next((tools / "test_7_bbo_www_acbl_20130810").glob("*.pbn"))), args.repeat)
    timed("USEBIO (mp_pairs_mitchell_02.xml)",
          lambda: import_usebio(ORACLES / "usebio-abf-compscore" / "mp_pairs_mitchell_02.xml"), args.repeat)
    lins = sorted((tools / "test_6_bbo_skyclub_20130810").rglob("*.lin"))
    timed(f"LIN ({len(lins)} files, skyclub)", lambda: import_lin(lins), args.repeat)
    texts = ["4HX S 10", "4H S =", "3NT W 9 lead SQ", "4SX-2 E", "PASS", "6NT by S +1"] * 2000
    start = time.perf_counter()
    for t in texts:
        parse_entry(t, board=1, round=1, table=1, ns="1", ew="2")
    elapsed = time.perf_counter() - start
    print(f"{'parse_entry':<46} {len(texts):>5} entries  {elapsed * 1000:8.1f} ms  "  # noqa: T201
          f"{len(texts) / elapsed:9.0f} entries/s")


if __name__ == "__main__":
    main()
