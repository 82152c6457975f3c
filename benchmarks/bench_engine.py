"""Throughput of the Laws engine on real boards: every oracle board with a recorded auction and play (LIN and
PBN) replayed through the full engine (policy LAWS), then the same tables through the JSON table log.

Run on demand, not as a test:  .venv/bin/python benchmarks/bench_engine.py [--repeat N]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from tenace.deal import Deal
from tenace.formats.lin import read_lin
from tenace.formats.pbn import read_games
from tenace.laws import Table
from tenace.laws.log import dumps, loads
from tenace.laws.pbn_export import RecordReplayError, table_from_record, to_pbn
from tenace.record import DealRecord

ORACLES = Path(__file__).resolve().parents[2] / "shared" / "oracles"


def _rate(label: str, boards: int, events: int, run: Callable[[], object], repeat: int) -> None:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<40} {boards / best:>9,.0f} boards/s {events / best:>11,.0f} events/s   "
          f"({boards:,} boards in {best * 1000:.1f} ms)")


def _records() -> list[DealRecord]:
    records = [r for p in sorted(ORACLES.rglob("*.lin")) for r in read_lin(p.read_text(encoding="utf-8"))]
    for path in sorted(ORACLES.rglob("*.pbn")):
        records += [g.record for g in read_games(path.read_bytes()) if not g.errors]
    return [r for r in records if isinstance(r.deal, Deal) and r.calls is not None and r.play]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per measurement (best is shown)")
    repeat: int = parser.parse_args().repeat

    records, tables = [], []
    for record in _records():
        try:
            tables.append(table_from_record(record))
            records.append(record)
        except RecordReplayError:
            continue
    events = sum(len(t.record) for t in tables)
    print(f"{len(records)} real boards with auction and play, {events} events")
    _rate("record -> engine (table_from_record)", len(records), events,
          lambda: [table_from_record(r) for r in records], repeat)
    _rate("Table.replay(board, record)", len(tables), events,
          lambda: [Table.replay(t.board, t.record, t.regulations) for t in tables], repeat)
    logs = [dumps(t) for t in tables]
    _rate("JSON log dumps", len(tables), events, lambda: [dumps(t) for t in tables], repeat)
    _rate("JSON log loads (parse + replay)", len(tables), events, lambda: [loads(s) for s in logs], repeat)
    _rate("PBN projection (to_pbn)", len(tables), events, lambda: [to_pbn(t) for t in tables], repeat)


if __name__ == "__main__":
    main()
