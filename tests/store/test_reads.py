"""Reads without the write lock (docs/storage.md, "Readers and writers"): the Store's read calls run in
read-only transactions (a deferred BEGIN on SQLite, READ ONLY on PostgreSQL), so they
never wait for a writer and still see everything committed; calls that read and then write keep
BEGIN IMMEDIATE, so concurrent writers from threads lose nothing and never fail."""

from __future__ import annotations

import dataclasses
import datetime as dt
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import Engine, event, insert, text
from sqlalchemy.exc import DBAPIError

from tenace.contract import Contract
from tenace.store import Store
from tenace.store.database import read_only
from tenace.store.models import ChangeRow
from tenace.tournament.model import (
    Conditions,
    Event,
    EventKind,
    Movement,
    Participant,
    Penalty,
    Result,
    Seating,
    Session,
)

MOVEMENT = Movement("2 tables", (Seating(1, 1, "1", "2", (1, 2)), Seating(1, 2, "3", "4", (3, 4))))
EVENT = Event("Club pairs", EventKind.PAIRS, Conditions(),
              tuple(Participant(str(n), f"Pair {n}") for n in range(1, 5)), (Session(1, (MOVEMENT,)),))
PLAYED = Result(board=1, round=1, table=1, ns="1", ew="2", contract=Contract.from_str("3NTN"), tricks=9)


@pytest.fixture
def sqlite_store(tmp_path: Any) -> Iterator[Store]:
    """A store on an SQLite file: only SQLite's BEGIN statements are the store's own to count (on PostgreSQL
    the driver begins transactions itself)."""
    with Store.open(f"sqlite:///{tmp_path / 'reads.db'}") as store:
        yield store


@pytest.fixture
def begins(sqlite_store: Store) -> Iterator[list[str]]:
    """Every BEGIN statement sent on the SQLite store's connections (see database.py)."""
    seen: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.upper().startswith("BEGIN"):
            seen.append(statement.upper())

    event.listen(sqlite_store.engine, "before_cursor_execute", record)
    yield seen
    event.remove(sqlite_store.engine, "before_cursor_execute", record)


def test_each_read_call_begins_deferred_and_each_write_call_begins_immediate(
    sqlite_store: Store, begins: list[str]
) -> None:
    store = sqlite_store
    writes: list[Callable[[], object]] = []
    event_id = store.create_event(EVENT)
    writes += [
        lambda: store.enter(event_id, 1, PLAYED, by="table 1"),
        lambda: store.confirm(event_id, 1, table=1, round=1, board=1, by="pair 2"),
        lambda: store.correct(event_id, 1, dataclasses.replace(PLAYED, tricks=10), by="TD", reason="r"),
        lambda: store.penalise(event_id, Penalty("1", 1, "90", "late"), by="TD"),
        lambda: store.publish(event_id, "<html/>", by="TD"),
    ]
    for write in writes:
        begins.clear()
        write()
        assert begins == ["BEGIN IMMEDIATE"]
    reads: list[Callable[[], object]] = [
        lambda: store.event(event_id),
        store.events,
        lambda: store.results(event_id),
        lambda: store.stored(event_id, 1),
        lambda: store.versions(event_id, 1, table=1, round=1, board=1),
        lambda: store.history(event_id),
        lambda: store.penalties(event_id),
        lambda: store.appeals(event_id),
        lambda: store.publications(event_id),
        lambda: store.correction_period_ends(event_id),
    ]
    for read in reads:
        begins.clear()
        read()
        assert begins == ["BEGIN"]


def test_a_read_only_transaction_refuses_to_write_and_the_connection_writes_again_after(store: Store) -> None:
    event_id = store.create_event(EVENT)
    reader = read_only(store.engine)
    for _ in range(2):  # the pooled connection goes from reading to writing and back
        with pytest.raises(DBAPIError):
            with reader.begin() as connection:
                connection.execute(insert(ChangeRow).values(
                    event_id=event_id, action="publish", actor="x", at=dt.datetime.now(dt.UTC)))
        assert store.publish(event_id, "<p/>", by="TD") >= 1  # the store's writes still write
    assert [p.version for p in store.publications(event_id)] == [1, 2]
    assert [c.action for c in store.history(event_id)] == ["create", "publish", "publish"]


def test_reading_and_writing_alternately_on_one_in_memory_connection() -> None:
    # sqlite:// has a single connection: each transaction switches query_only on or off as it needs
    with Store.open("sqlite://") as store:
        event_id = store.create_event(EVENT)
        for n in range(1, 4):
            store.publish(event_id, f"v{n}", by="TD")
            assert [p.document for p in store.publications(event_id)] == [f"v{i}" for i in range(1, n + 1)]
        with pytest.raises(DBAPIError):
            with read_only(store.engine).begin() as connection:
                connection.execute(text("DELETE FROM publications"))
        assert len(store.publications(event_id)) == 3


def in_thread(work: Callable[[], object]) -> tuple[threading.Thread, list[object]]:
    answer: list[object] = []
    thread = threading.Thread(target=lambda: answer.append(work()), daemon=True)
    thread.start()
    return thread, answer


def hold_write_lock(engine: Engine, event_id: int) -> Iterator[None]:
    """A writer in the middle of its transaction: it has written (not committed) an audit line."""
    with engine.connect() as connection, connection.begin():
        connection.execute(insert(ChangeRow).values(
            event_id=event_id, action="publish", actor="writer", at=dt.datetime.now(dt.UTC), reason="held"))
        yield


def test_reads_do_not_wait_for_a_writer_and_see_what_it_commits(store: Store) -> None:
    event_id = store.create_event(EVENT)
    holding = hold_write_lock(store.engine, event_id)
    next(holding)  # the writer now holds the write lock (SQLite: BEGIN IMMEDIATE)
    try:
        reads = [
            in_thread(lambda: [c.by for c in store.history(event_id)]),
            in_thread(lambda: store.events()),
            in_thread(lambda: store.results(event_id)),
        ]
        for thread, _ in reads:
            thread.join(timeout=10)  # before: they waited for the lock (up to 30 s)
            assert not thread.is_alive(), "a read waited for the writer"
        assert [answer for _, answer in reads] == [[["organiser"]], [[(event_id, "Club pairs")]], [()]]
    finally:
        next(holding, None)  # the writer commits
    assert [c.by for c in store.history(event_id)] == ["organiser", "writer"]  # committed: now seen


def test_writers_in_threads_lose_no_update_and_readers_see_a_growing_consistent_state(store: Store) -> None:
    # publish reads the last version and writes the next: with BEGIN IMMEDIATE no two threads take the same
    # number, and on SQLite none gets SQLITE_BUSY from a lock upgrade
    event_id = store.create_event(EVENT)
    writers, each = 4, 6
    errors: list[BaseException] = []
    done = threading.Event()
    seen: list[list[int]] = []

    def write(n: int) -> None:
        try:
            for i in range(each):
                store.publish(event_id, f"w{n}-{i}", by=f"writer {n}")
        except BaseException as exc:
            errors.append(exc)

    def read() -> None:
        counts: list[int] = []
        try:
            while not done.is_set():
                publications = store.publications(event_id)
                versions = [p.version for p in publications]
                assert versions == list(range(1, len(versions) + 1))  # a snapshot has no hole
                counts.append(len(versions))
        except BaseException as exc:
            errors.append(exc)
        seen.append(counts)

    write_threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    read_threads = [threading.Thread(target=read) for _ in range(2)]
    for thread in write_threads + read_threads:
        thread.start()
    for thread in write_threads:
        thread.join(timeout=60)
    done.set()
    for thread in read_threads:
        thread.join(timeout=60)
    assert errors == []
    publications = store.publications(event_id)
    assert [p.version for p in publications] == list(range(1, writers * each + 1))
    assert sorted(p.document for p in publications) == sorted(
        f"w{n}-{i}" for n in range(writers) for i in range(each))
    assert [c.action for c in store.history(event_id)].count("publish") == writers * each
    for counts in seen:
        assert counts == sorted(counts)  # what a reader saw never went back
