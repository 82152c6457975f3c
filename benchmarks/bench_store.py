"""Storage speed: entering 1,000 results into a store, one call per result (one transaction each, as table
devices send them) and as one import (``Store.enter_many``), then reading them back.

Run: ``.venv/bin/python benchmarks/bench_store.py [--tables 10] [--boards-per-round 10] [--seconds 3]``

Reads: small read calls (one slot's versions, the event, its audit trail) one after another, and one slot's
versions read again and again while another process keeps publishing (each a commit that waits for the disk).
Reads run in read-only transactions (no write lock on SQLite); for comparison the same reads are timed
under ``BEGIN IMMEDIATE``, the write lock every transaction took before.

A ten-table Mitchell (with a relay, so ten rounds) and ten boards a round gives 10 x 10 x 10 = 1,000
results. Every run uses a new SQLite file in a temporary directory (WAL, synchronous=FULL: every commit waits
for the disk) and, when ``TENACE_TEST_POSTGRES_URL`` is set, a new PostgreSQL schema that is dropped
afterwards.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tenace.contract import Contract
from tenace.store import Store
from tenace.tournament.model import Conditions, Event, EventKind, Participant, Result, Session
from tenace.tournament.movements.mitchell import EvenTables, mitchell

CONTRACTS = ("3NTN", "4SE", "2HS", "4HW", "1NTN", "3NTS", "5DXE")


def event_and_results(tables: int, boards_per_round: int) -> tuple[Event, list[Result]]:
    movement = mitchell(tables, boards_per_round=boards_per_round, even=EvenTables.RELAY)
    participants = tuple(Participant(c, f"Pair {c}") for c in movement.contestants)
    event = Event("benchmark", EventKind.PAIRS, Conditions(), participants, (Session(1, (movement,)),))
    results = [
        Result(
            board=b,
            round=s.round,
            table=s.table,
            ns=s.ns,
            ew=s.ew,
            contract=Contract.from_str(CONTRACTS[(b + s.table) % len(CONTRACTS)]),
            tricks=7 + (b * s.round) % 6,
        )
        for s in movement.seatings
        for b in s.boards
    ]
    return event, results


@contextmanager
def sqlite_url() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as folder:
        yield f"sqlite:///{Path(folder) / 'bench.db'}"


@contextmanager
def postgres_url(base: str) -> Iterator[str]:
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    try:
        with admin.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
        url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    finally:
        admin.dispose()


def timed(what: str, count: int, work: Callable[[], object]) -> None:
    start = time.perf_counter()
    work()
    elapsed = time.perf_counter() - start
    print(f"  {what:<42} {count:>6} results in {elapsed:7.3f} s = {count / elapsed:9,.0f} results/s")


def calls(what: str, count: int, work: Callable[[], object]) -> None:
    start = time.perf_counter()
    for _ in range(count):
        work()
    elapsed = time.perf_counter() - start
    print(f"  {what:<42} {count:>6} calls   in {elapsed:7.3f} s = {elapsed / count * 1e6:9,.0f} µs each")


def write_locked(store: Store) -> Store:
    """The same database, but reads take the write lock (``BEGIN IMMEDIATE`` on SQLite), as before."""
    other = Store(store.engine)
    other._reads = other._sessions  # the writers' sessions
    return other


def _write_on(url: str, event_id: int, stop: Any, writes: Any) -> None:
    """The writer process: publish the results again and again (each a transaction that reads the last
    version and writes the next, and a commit that waits for the disk) until told to stop."""
    with Store.open(url) as store:
        while not stop.is_set():
            store.publish(event_id, "<html>results</html>", by="scorer")
            with writes.get_lock():
                writes.value += 1


def reads_while_writing(label: str, store: Store, url: str, event_id: int, slot: Result,
                        seconds: float) -> None:
    """One slot's versions read for ``seconds`` while another process keeps writing (as a second server
    process, or the scoring room's command line, would)."""
    context = multiprocessing.get_context("spawn")
    stop, writes = context.Event(), context.Value("i", 0)
    writer = context.Process(target=_write_on, args=(url, event_id, stop, writes))
    writer.start()
    while writes.value == 0 and writer.is_alive():  # the writer has opened the store and is under way
        time.sleep(0.01)
    first = slot
    times = []
    end = time.perf_counter() + seconds
    try:
        while time.perf_counter() < end:
            start = time.perf_counter()
            store.versions(event_id, 1, table=first.table, round=first.round, board=first.board)
            times.append(time.perf_counter() - start)
    finally:
        stop.set()
        writer.join()
    times.sort()
    print(f"  {label:<42} median {statistics.median(times) * 1e6:7,.0f} µs, 99th percentile "
          f"{times[int(len(times) * 0.99)] * 1e6:8,.0f} µs ({len(times) / seconds:,.0f} reads/s, "
          f"{writes.value / seconds:,.0f} writes/s)")


def bench(backend: str, url_context: Callable[[], object], sizes: tuple[int, int],
          seconds: float = 3.0) -> None:
    event, results = event_and_results(*sizes)
    print(f"{backend}:")
    with url_context() as url, Store.open(url) as store:  # type: ignore[attr-defined]
        one_by_one = store.create_event(event)

        def enter_each() -> None:
            for i, r in enumerate(results):
                store.enter(one_by_one, 1, r, by="device", key=f"k{i}")

        timed("enter, one transaction per result", len(results), enter_each)
        timed("enter again (idempotent resends)", len(results), enter_each)
        imported = store.create_event(event)
        timed(
            "enter_many, one transaction",
            len(results),
            lambda: store.enter_many(imported, 1, results, by="import"),
        )
        timed("results() read back", len(results), lambda: store.results(one_by_one))
        assert sorted(store.results(imported), key=repr) == sorted(results, key=repr)
        old = write_locked(store)
        slot = results[0]
        for name, reader in (("read-only", store), ("write lock", old), ("read-only", store),
                             ("write lock", old)):
            calls(f"versions() of one slot ({name})", 500,
                  lambda r=reader: r.versions(one_by_one, 1, table=slot.table, round=slot.round,  # type: ignore
                                              board=slot.board))
        for name, reader in (("read-only", store), ("write lock", old)):
            calls(f"event() ({name})", 200, lambda r=reader: r.event(one_by_one))  # type: ignore[misc]
            calls(f"history(), 2,000 lines ({name})", 5, lambda r=reader: r.history(one_by_one))  # type: ignore
        for name, reader in (("read-only", store), ("write lock", old), ("read-only", store),
                             ("write lock", old)):
            reads_while_writing(f"versions() while writing ({name})", reader, url, one_by_one, slot, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--boards-per-round", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    sizes = (args.tables, args.boards_per_round)
    bench("SQLite (file, WAL, synchronous=FULL)", sqlite_url, sizes, args.seconds)
    base = os.environ.get("TENACE_TEST_POSTGRES_URL")
    if base:
        bench("PostgreSQL", lambda: postgres_url(base), sizes, args.seconds)
    else:
        print("PostgreSQL: skipped (TENACE_TEST_POSTGRES_URL is not set)")


if __name__ == "__main__":
    main()
