"""Throughput of the record formats on the oracle files: PBN read and write, LIN read and write, JSON; and
PBN reading side by side with endplay's reader on the same real file.

The side-by-side file is the PbnTools real tournaments (auctions and play) that endplay reads, joined into
one; both readers run in turns in one process, and the medians are compared. Both give every game with its
deal, auction and play; Tenace also checks every call and card against the Laws and keeps every tag.

Run on demand, not as a test:  nice .venv/bin/python benchmarks/bench_formats.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from tenace.formats import json as tjson
from tenace.formats.lin import read_lin, write_lin
from tenace.formats.pbn import read_games, write_games

ORACLES = Path(__file__).resolve().parents[2] / "shared" / "oracles"


def _rate(label: str, boards: int, run: Callable[[], object], repeat: int) -> None:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<34} {boards / best:>10,.0f} boards/s   ({boards:,} boards in {best * 1000:.1f} ms)")


def versus_endplay(repeat: int) -> None:
    """Tenace's PBN reader and endplay's on the same text, in turns; the medians of the CPU times (steadier
    than wall time on a shared machine) and their ratio."""
    try:
        from endplay.parsers import pbn as endplay_pbn
    except ImportError:
        print("endplay is not installed: no side-by-side PBN timing")
        return
    texts = []
    for path in sorted((ORACLES / "pbntools-real-tournaments").rglob("*.pbn")):
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            endplay_pbn.loads(text)
        except Exception:  # noqa: BLE001 - endplay fails on some real files; the comparison needs both
            continue
        texts.append(text)
    text = "\n".join(texts)
    data = text.encode("utf-8")
    times: dict[str, list[float]] = {"endplay": [], "tenace": []}
    counts: dict[str, int] = {}
    for _ in range(max(repeat, 3)):
        start = time.process_time()
        counts["endplay"] = len(endplay_pbn.loads(text))
        times["endplay"].append(time.process_time() - start)
        start = time.process_time()
        counts["tenace"] = sum(1 for game in read_games(data) if game.record is not None)
        times["tenace"].append(time.process_time() - start)
    ep, te = statistics.median(times["endplay"]), statistics.median(times["tenace"])
    print(f"PBN read side by side ({len(data) / 1e6:.2f} MB, {counts['tenace']:,} games; endplay "
          f"{counts['endplay']:,} boards): endplay {ep * 1000:.0f} ms, Tenace {te * 1000:.0f} ms, "
          f"Tenace/endplay = {te / ep:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per measurement (best is shown)")
    repeat: int = parser.parse_args().repeat
    versus_endplay(repeat)

    pbn_texts = [p.read_bytes() for p in sorted(ORACLES.rglob("*.pbn"))]
    games = [g for data in pbn_texts for g in read_games(data)]
    _rate("PBN read (all oracle files)", len(games), lambda: [list(read_games(d)) for d in pbn_texts], repeat)
    _rate("PBN write", len(games), lambda: write_games(games), repeat)

    lin_texts = [p.read_text(encoding="utf-8") for p in sorted(ORACLES.rglob("*.lin"))]
    records = [r for text in lin_texts for r in read_lin(text)]
    _rate("LIN read (all oracle files)", len(records), lambda: [read_lin(t) for t in lin_texts], repeat)
    _rate("LIN write", len(records), lambda: [write_lin(r) for r in records], repeat)

    all_records = [g.record for g in games] + records
    dumped = [tjson.dumps(r) for r in all_records]
    _rate("JSON dumps", len(all_records), lambda: [tjson.dumps(r) for r in all_records], repeat)
    _rate("JSON loads", len(all_records), lambda: [tjson.loads(d) for d in dumped], repeat)


if __name__ == "__main__":
    main()
