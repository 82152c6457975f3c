"""The group commit's fast SQLite path (issue 16, item 5) stores exactly what the ORM stores, and the table
runtime's shared messages reach every client as the same JSON as messages built one by one."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from tenace.board import Board
from tenace.dealing.secure import random_deal
from tenace.server.persistence import EventConflictError, LiveStore, NewTable, SeatRow
from tenace.store import Store

EVENTS: list[dict[str, Any]] = [
    {"type": "CallMade", "seat": "N", "call": "1S", "alert": True, "explanation": "5+ piques ♠"},
    {"type": "CardPlayed", "seat": "E", "card": "HQ"},
    {"type": "ClaimMade", "seat": "S", "tricks": 3, "statement": "drawing trumps: «ça passe» \"quoted\"\n"},
]


def _rows(store: Store) -> list[tuple[Any, ...]]:
    """Every stored event as SQLite holds it (the raw text of each column, the time's included)."""
    with store.engine.connect() as connection:
        return [tuple(row) for row in connection.execute(text(
            "SELECT table_id, position, seq, event, typeof(at), length(at) FROM live_events "
            "ORDER BY table_id, seq"))]


def _at(store: Store) -> list[str]:
    with store.engine.connect() as connection:
        return [row[0] for row in connection.execute(
            text("SELECT at FROM live_events ORDER BY table_id, seq"))]


def _new(live: LiveStore, table_id: str) -> None:
    live.create_table(NewTable(table_id, {s: SeatRow("robot") for s in "NESW"}, "online", None, None, None),
                      Board(1, random_deal()))


def test_fast_insert_stores_what_the_orm_stores(tmp_path: Path) -> None:
    with Store.open(f"sqlite:///{tmp_path / 'fast.db'}") as store:
        live = LiveStore(store.engine)
        assert live._insert_sql is not None  # SQLite takes the fast path
        _new(live, "a")
        _new(live, "b")
        live.append_many([("a", 1, seq, event) for seq, event in enumerate(EVENTS)])  # the fast path
        for seq, event in enumerate(EVENTS):
            live.append("b", 1, seq, event)  # one ORM transaction each
        rows = _rows(store)
        fast, orm = rows[: len(EVENTS)], rows[len(EVENTS):]
        assert [r[1:] for r in fast] == [r[1:] for r in orm]
        assert [json.loads(r[3]) for r in fast] == EVENTS
        stamps = _at(store)  # the time's text as the column's type writes it (digits aside, the same form)
        assert {re.sub(r"[0-9]", "0", stamp) for stamp in stamps} == {re.sub(r"[0-9]", "0", stamps[-1])}
        boards = {b.position: b for b in live.history("a")}
        assert list(boards[1].events) == EVENTS


def test_fast_insert_times_read_back_as_utc(tmp_path: Path) -> None:
    with Store.open(f"sqlite:///{tmp_path / 'times.db'}") as store:
        live = LiveStore(store.engine)
        _new(live, "a")
        before = dt.datetime.now(dt.UTC)
        live.append_many([("a", 1, 0, EVENTS[0])])
        after = dt.datetime.now(dt.UTC)
        ((table_id, _, at),) = live.open_activity()
        assert table_id == "a" and at.tzinfo is not None and before <= at <= after


def test_fast_insert_refuses_a_duplicate_and_writes_none(tmp_path: Path) -> None:
    with Store.open(f"sqlite:///{tmp_path / 'dup.db'}") as store:
        live = LiveStore(store.engine)
        _new(live, "a")
        live.append_many([("a", 1, 0, EVENTS[0])])
        with pytest.raises(EventConflictError):
            live.append_many([("a", 1, 1, EVENTS[1]), ("a", 1, 0, EVENTS[2])])
        assert [r[2] for r in _rows(store)] == [0]  # all or none


def test_spectators_share_one_encoded_message(tmp_path: Path) -> None:
    """Two spectators and a player in the same language: the spectators' messages are one object, encoded
    once, and each decodes to what ``message_for`` builds on its own."""
    from tenace.seats import Seat
    from tenace.server.actors import Connection, Hub
    from tenace.server.app import encoded

    async def run() -> None:
        with Store.open(f"sqlite:///{tmp_path / 'share.db'}") as store:
            hub = Hub(LiveStore(store.engine))
            created = await hub.create_table({Seat.SOUTH})
            actor = hub.tables[created.id]
            watchers = [Connection(None), Connection(None), Connection(None, "pl")]
            player = Connection(Seat.SOUTH)
            for c in (*watchers, player):
                actor.join(c)
                c.outbox.get_nowait()
            actor._broadcast()
            got = [c.outbox.get_nowait() for c in (*watchers, player)]
            assert got[0] is got[1]  # built once for the two spectators in English
            assert got[2] is not got[0] and got[3] is not got[0]
            for message, c in zip(got, (*watchers, player), strict=True):
                assert message is not None
                alone = actor.message_for(c.viewer, c.locale)
                assert json.loads(encoded(message)) == json.loads(json.dumps(alone, ensure_ascii=False))
                assert encoded(message) == json.dumps(alone, ensure_ascii=False)
            await actor.stop()

    asyncio.run(run())


def test_a_failed_writer_connection_is_replaced(tmp_path: Path) -> None:
    """A commit that fails otherwise than by a duplicate (here: its connection was closed under it) raises,
    stores nothing, and the next commit takes a fresh connection and is stored."""
    with Store.open(f"sqlite:///{tmp_path / 'broken.db'}") as store:
        live = LiveStore(store.engine)
        _new(live, "a")
        live.append_many([("a", 1, 0, EVENTS[0])])
        assert live._writer is not None
        live._writer.close()
        with pytest.raises(Exception) as failed:
            live.append_many([("a", 1, 1, EVENTS[1])])
        assert not isinstance(failed.value, EventConflictError)
        assert live._writer is None
        live.append_many([("a", 1, 1, EVENTS[1]), ("a", 1, 2, EVENTS[2])])
        assert [r[2] for r in _rows(store)] == [0, 1, 2]


def test_the_writer_writes_after_the_pool_lent_its_connection_for_reading(tmp_path: Path) -> None:
    """The store's read-only transactions leave ``query_only`` on the pool's connection; the writer that takes
    that connection must still write (a live table's first event failed with "readonly database")."""
    with Store.open(f"sqlite:///{tmp_path / 'read-first.db'}") as store:
        store.engine.pool.dispose()
        live = LiveStore(store.engine)
        _new(live, "a")
        assert live.history("a")  # a read: the pooled connection is now query_only
        live.append_many([("a", 1, 0, EVENTS[0])])
        assert [r[2] for r in _rows(store)] == [0]


@pytest.mark.parametrize(("flush", "level"), [(True, 2), (False, 1)])  # SQLite: 2 is FULL, 1 is NORMAL
def test_flush_commits_sets_only_the_writers_synchronous(tmp_path: Path, flush: bool, level: int) -> None:
    """The setting ``flush_commits`` (docs/server.md) changes the events' writer connection, and only it: the
    store's other connections keep ``synchronous=FULL``; what is written reads back the same either way."""
    with Store.open(f"sqlite:///{tmp_path / 'sync.db'}") as store:
        live = LiveStore(store.engine, flush_commits=flush)
        _new(live, "a")
        live.append_many([("a", 1, seq, event) for seq, event in enumerate(EVENTS)])
        assert live._writer is not None
        assert live._writer.execute("PRAGMA synchronous").fetchone() == (level,)
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2
        assert list({b.position: b for b in live.history("a")}[1].events) == EVENTS
