"""Re-scoring speed (``tenace.tournament.rescore``): every oracle results file, and a large synthetic USEBIO
matchpoint event.

Run: ``.venv/bin/python benchmarks/bench_rescore.py [--tables 100] [--boards 27] [--seed 1] [--rounds 3]``

* The oracle files (Compscore USEBIO, Ruter PBN, JFR and BBO traveller pages) are read from
  ``../shared/oracles``; each time is the best of ``--rounds`` runs of :func:`rescore_file` (reading, scoring,
  comparing).
* The synthetic event is a Mitchell of ``--tables`` tables where every pair plays every board (so
  ``2 * tables`` pairs and ``tables`` lines per board), with score-only traveller lines whose MPs and totals
  are written from :func:`tenace.scoring.matchpoints.score_board`, so that everything agrees and the timing
  covers the whole comparison.
"""

from __future__ import annotations

import argparse
import random
import re
import time
from pathlib import Path

from tenace.scoring.matchpoints import score_board
from tenace.tournament.rescore import rescore_file, rescore_text

ORACLES = Path(__file__).resolve().parents[1].parent / "shared" / "oracles"
TYPICAL = [-1100, -620, -500, -420, -200, -140, -110, -100, -50, 50, 100, 110, 140, 170, 420, 450, 620, 650,
           1430]


def best_of(rounds: int, run: object) -> float:
    assert callable(run)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def synthetic_usebio(tables: int, boards: int, seed: int) -> str:
    rng = random.Random(seed)
    totals: dict[str, int] = {}
    parts = []
    for board in range(1, boards + 1):
        scores = [rng.choice(TYPICAL) for _ in range(tables)]
        lines = []
        for table, (result, s) in enumerate(zip(scores, score_board(scores), strict=True), 1):
            ns, ew = f"{table}NS", f"{(table + board) % tables + 1}EW"
            totals[ns] = totals.get(ns, 0) + int(s.ns)
            totals[ew] = totals.get(ew, 0) + int(s.ew)
            lines.append(f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}"
                         f"</EW_PAIR_NUMBER><SCORE>{result}</SCORE><NS_MATCH_POINTS>{s.ns}</NS_MATCH_POINTS>"
                         f"<EW_MATCH_POINTS>{s.ew}</EW_MATCH_POINTS></TRAVELLER_LINE>")
        parts.append(f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>{''.join(lines)}</BOARD>\n")
    pairs = "".join(f"<PAIR><PAIR_NUMBER>{p}</PAIR_NUMBER><TOTAL_SCORE>{t}.00</TOTAL_SCORE></PAIR>"
                    for p, t in totals.items())
    return (f'<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
            f"<PROGRAM_NAME>Synthetic</PROGRAM_NAME><PARTICIPANTS>{pairs}</PARTICIPANTS>\n"
            f"{''.join(parts)}</EVENT></USEBIO>\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--boards", type=int, default=27)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    files = sorted(ORACLES.glob("usebio-abf-compscore/mp_*.xml")) + sorted(
        ORACLES.glob("usebio-abf-compscore/butler_*.xml")) + sorted(ORACLES.glob("pbn-ruter-norway/*.pbn"))
    pages = sorted(ORACLES.glob("pbntools-real-tournaments/**/*traveller=*.html"))
    pages += sorted(p for p in ORACLES.glob("pbntools-real-tournaments/test_*_pary*/*/wb*.html")
                    if re.fullmatch(r"wb\d{9}", p.stem))
    print(f"{'file':<48} {'lines':>6} {'checks':>7} {'seconds':>8}")
    for path in files:
        report = rescore_file(path)
        seconds = best_of(args.rounds, lambda p=path: rescore_file(p))
        summary = report.summary()
        print(f"{path.name:<48} {summary['lines']:>6} {summary['checks']:>7} {seconds:>8.3f}")
    seconds = best_of(args.rounds, lambda: [rescore_file(p) for p in pages])
    print(f"{len(pages)} JFR and BBO traveller pages{'':<19} {'':>6} {'':>7} {seconds:>8.3f}")

    text = synthetic_usebio(args.tables, args.boards, args.seed)
    report = rescore_text(text, source="synthetic.xml")
    assert report.exit_code == 0, report.unexplained()[:3]
    seconds = best_of(args.rounds, lambda: rescore_text(text, source="synthetic.xml"))
    lines = args.tables * args.boards
    print(f"synthetic MP event: {args.tables} tables x {args.boards} boards = {lines} lines, "
          f"{2 * args.tables} pairs: {seconds:.3f} s ({1e6 * seconds / lines:.0f} us per line)")


if __name__ == "__main__":
    main()
