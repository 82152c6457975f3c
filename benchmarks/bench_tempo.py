"""Tempo (Law 73D1) and the Law 16B evidence on real boards: every oracle board with a recorded auction and
play is replayed with synthetic times (each call 2-6 s, each card 1-4 s, each player a little faster or slower
than the others), one call in ``--every`` made 25 s slower than usual. All the tables form one session, its
players known by seat.

Prints how fast think times, the session profile, the breaks and the Director's evidence are computed, and
how many of the planted hesitations are flagged (and how many ordinary calls and cards are flagged too).

Run on demand, not as a test:  .venv/bin/python benchmarks/bench_tempo.py [--repeat N] [--every K]
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import time
from collections.abc import Callable
from pathlib import Path

from tenace.deal import Deal
from tenace.formats.lin import read_lin
from tenace.formats.pbn import read_games
from tenace.laws import Table
from tenace.laws.events import CallMade
from tenace.laws.information import ui_evidence
from tenace.laws.pbn_export import RecordReplayError, table_from_record
from tenace.laws.tempo import breaks, tempo_profile, think_times
from tenace.record import DealRecord
from tenace.seats import Seat

ORACLES = Path(__file__).resolve().parents[2] / "shared" / "oracles"
T0 = dt.datetime(2026, 11, 22, 8, 0, tzinfo=dt.UTC)


def _records() -> list[DealRecord]:
    records = [r for p in sorted(ORACLES.rglob("*.lin")) for r in read_lin(p.read_text(encoding="utf-8"))]
    for path in sorted(ORACLES.rglob("*.pbn")):
        records += [g.record for g in read_games(path.read_bytes()) if not g.errors]
    return [r for r in records if isinstance(r.deal, Deal) and r.calls is not None and r.play]


def _timed(table: Table, number: int, rng: random.Random, every: int) -> tuple[Table, set[int]]:
    pace = {seat: rng.uniform(0.8, 1.25) for seat in Seat}
    at = T0 + dt.timedelta(hours=number)
    times: list[dt.datetime | None] = []
    planted: set[int] = set()
    for index, event in enumerate(table.record):
        seat = getattr(event, "seat", None)
        factor = pace.get(seat, 1.0) if isinstance(seat, Seat) else 1.0
        gap = (rng.uniform(2, 6) if isinstance(event, CallMade) else rng.uniform(1, 4)) * factor
        if isinstance(event, CallMade) and index > 0 and rng.randrange(every) == 0:
            gap += 25
            planted.add(index)
        at += dt.timedelta(seconds=gap)
        times.append(at)
    return Table.replay(table.board, table.record, table.regulations, times=times), planted


def _rate(label: str, count: int, run: Callable[[], object], repeat: int) -> None:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<44} {count / best:>10,.0f} tables/s   ({count:,} tables in {best * 1000:.1f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per measurement (best is shown)")
    parser.add_argument("--every", type=int, default=40, help="plant a hesitation on one call in this many")
    args = parser.parse_args()
    rng = random.Random(73)
    tables: list[Table] = []
    planted: list[set[int]] = []
    for number, record in enumerate(_records(), 1):
        try:
            table, slow = _timed(table_from_record(record), number, rng, args.every)
        except RecordReplayError:
            continue
        tables.append(table)
        planted.append(slow)
    events = sum(len(t.record) for t in tables)
    print(f"{len(tables)} real boards with auction and play, {events} timed events")
    _rate("think_times(table)", len(tables), lambda: [think_times(t) for t in tables], args.repeat)
    _rate("tempo_profile(session)", len(tables), lambda: tempo_profile(tables), args.repeat)
    profile = tempo_profile(tables)
    _rate("breaks(table, profile)", len(tables), lambda: [breaks(t, profile) for t in tables], args.repeat)
    _rate("ui_evidence(table, profile=...)", len(tables),
          lambda: [ui_evidence(t, profile=profile) for t in tables], args.repeat)
    found = [{b.index for b in breaks(t, profile)} for t in tables]
    hits = sum(len(f & p) for f, p in zip(found, planted, strict=True))
    total = sum(len(p) for p in planted)
    false = sum(len(f - p) for f, p in zip(found, planted, strict=True))
    measured = sum(len(think_times(t)) for t in tables)
    print(f"planted hesitations flagged: {hits}/{total}; other decisions flagged: {false}/{measured - total}")


if __name__ == "__main__":
    main()
