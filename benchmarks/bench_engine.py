"""Throughput of the Laws engine on real boards: every oracle board with a recorded auction and play (LIN and
PBN) replayed through the full engine (policy LAWS), then the same tables through the JSON table log.

Side by side, in the same run: endplay (the best Python peer) merely *parsing* the same files
(``endplay.parsers.pbn.loads`` / ``lin.loads``, only the files it reads without an exception), as boards per
second, and the engine's replay rate (``table_from_record``: every call and card through the full Laws checks)
on the boards of those same files. Issue 14 asks for a ratio of at least 1.0. Times are CPU time
(``time.process_time``, the best of ``--repeat`` runs, the two sides run alternately): on a shared machine,
wall time mostly measures the other processes.

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
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    print(f"{label:<40} {boards / best:>9,.0f} boards/s {events / best:>11,.0f} events/s   "
          f"({boards:,} boards in {best * 1000:.1f} ms)")


def _playable(records: list[DealRecord]) -> list[DealRecord]:
    return [r for r in records if isinstance(r.deal, Deal) and r.calls is not None and r.play]


def _file_records(path: Path) -> list[DealRecord]:
    if path.suffix == ".lin":
        return _playable(list(read_lin(path.read_text(encoding="utf-8"))))
    return _playable([g.record for g in read_games(path.read_bytes()) if not g.errors])


def _oracle_files() -> list[Path]:
    return sorted([*ORACLES.rglob("*.lin"), *ORACLES.rglob("*.pbn")])


def _records() -> list[DealRecord]:
    return [r for path in _oracle_files() for r in _file_records(path)]


def _versus_endplay(repeat: int) -> None:
    """endplay's parse rate and the engine's replay rate on the boards of the same files, side by side."""
    try:
        from endplay.parsers import lin as endplay_lin
        from endplay.parsers import pbn as endplay_pbn
    except ImportError:
        print("endplay is not installed: no side-by-side comparison")
        return
    texts, records = [], []
    parsed = 0
    for path in _oracle_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        parse = endplay_lin.loads if path.suffix == ".lin" else endplay_pbn.loads
        try:  # counted as the engine counts: boards with an auction and a play
            parsed += sum(1 for board in parse(text) if board.auction and board.play)
        except Exception:  # endplay cannot read this file: it is left out of both sides
            continue
        mine = []
        for record in _file_records(path):
            try:
                table_from_record(record)
            except RecordReplayError:
                continue
            mine.append(record)
        if mine:
            texts.append((parse, text))
            records += mine

    def timed(run: Callable[[], object]) -> float:
        start = time.process_time()
        run()
        return time.process_time() - start

    # alternately, so that a change in the machine's load falls on both sides alike; the best of each
    theirs_times, ours_times = [], []
    for _ in range(repeat):
        theirs_times.append(timed(lambda: [parse(text) for parse, text in texts]))
        ours_times.append(timed(lambda: [table_from_record(r) for r in records]))
    theirs = parsed / min(theirs_times)
    ours = len(records) / min(ours_times)
    print(f"endplay parse (same files)               {theirs:>9,.0f} boards/s ({parsed:,} boards with play, "
          f"{len(texts)} files)")
    print(f"engine replay, full Laws checks          {ours:>9,.0f} boards/s ({len(records):,} boards)")
    print(f"ratio engine / endplay                   {ours / theirs:>9.2f}")


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
    _versus_endplay(repeat)


if __name__ == "__main__":
    main()
