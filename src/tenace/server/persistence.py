"""Live tables in the store: one row per table, one per board played at it, one per event (docs/server.md).

A live table is nothing but its boards and, for each board, the engine's record of events (the JSON of
:mod:`tenace.laws.log`); so an event is written, and committed, before it is acknowledged or shown to anyone,
and after a restart each table is rebuilt by replaying its rows. The tables live in the tournament store's
database (same URL, same migrations: revision 0002), on its :class:`~tenace.store.models.Base` metadata.

>>> from tenace import Board, Deal
>>> from tenace.store import Store
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> with Store.open("sqlite://") as store:
...     live = LiveStore(store.engine)
...     live.create_table(NewTable("t1", {"N": SeatRow("human", "ab12")}, "online"), Board(1, deal))
...     live.append("t1", 1, 0, {"type": "CallMade", "seat": "N", "call": "1NT"})
...     [(t.id, len(t.boards), t.boards[-1].events) for t in live.load_open()]
[('t1', 1, ({'type': 'CallMade', 'seat': 'N', 'call': '1NT'},))]
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import datetime as dt
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Boolean,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column, sessionmaker
from sqlalchemy.pool import QueuePool

from tenace.board import Board
from tenace.formats.json import board_from_json, board_to_json
from tenace.laws.refs import Policy, Regulations
from tenace.store.database import read_only
from tenace.store.models import Base, UTCDateTime, to_utc

__all__ = [
    "BoardRow", "EventConflictError", "EventWriter", "HeldBoard", "LiveBoard", "LiveEventRow", "LiveStore",
    "LiveTable", "LiveTableRow", "NewTable", "SeatHolderRow", "SeatRow",
]


class LiveTableRow(Base):
    """A table playing online: who sits where (humans with a hashed seat token, or robots), the regulations,
    and, when it plays for a club session, where its results go."""

    __tablename__ = "live_tables"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    policy: Mapped[str] = mapped_column(String(20))
    seats: Mapped[str] = mapped_column(Text)
    """JSON: ``{"N": {"kind": "human" | "robot", "token": <sha256 of the seat token> | null}, ...}``; a robot
    seat may also hold ``"system"``, the name of the bidding system it plays."""
    director_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The sha256 of the table's Director token."""
    boards_max: Mapped[int | None] = mapped_column(Integer, nullable=True)
    club: Mapped[str | None] = mapped_column(Text, nullable=True)
    """JSON of :class:`~tenace.server.actors.ClubSlot` when the table plays for a tournament session."""
    closed: Mapped[bool] = mapped_column(Boolean, default=False)


class BoardRow(Base):
    """A board played at a live table (``position`` 1, 2, ... in the order played), with its score once it
    has ended (Law 77)."""

    __tablename__ = "live_boards"
    __table_args__ = (UniqueConstraint("table_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("live_tables.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    board: Mapped[str] = mapped_column(Text)
    """JSON of the board with its deal (:func:`tenace.formats.json.board_to_json`)."""
    started_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    ended_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime, nullable=True)
    score_ns: Mapped[int | None] = mapped_column(Integer, nullable=True)
    contract: Mapped[str | None] = mapped_column(String(10), nullable=True)
    tricks: Mapped[int | None] = mapped_column(Integer, nullable=True)


class LiveEventRow(Base):
    """One event of a board's record, in the notation of :mod:`tenace.laws.log`; ``seq`` counts from 0."""

    __tablename__ = "live_events"
    __table_args__ = (UniqueConstraint("table_id", "position", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("live_tables.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    event: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


class SeatHolderRow(Base):
    """A logged-in user who holds a seat of a live table (revision 0005): he created the table while logged in
    (he was given its seat tokens), or opened the seat while logged in or with a seat token signed for him.
    Kept so that his boards (``/me/boards``) and his access to their replays outlive a restart."""

    __tablename__ = "live_seat_holders"
    __table_args__ = (UniqueConstraint("table_id", "seat", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("live_tables.id"), index=True)
    seat: Mapped[str] = mapped_column(String(1))
    user_id: Mapped[int] = mapped_column(Integer, index=True)
    since: Mapped[dt.datetime] = mapped_column(UTCDateTime)


class EventWriter:
    """Group commit: the events that tables hand over while a transaction is being written go to the database
    together in the next one. Each :meth:`append` returns only once its event is committed, so a table still
    acknowledges nothing that is not stored; but many tables share one commit (one disk flush) instead of
    paying one each.
    """

    def __init__(self, live: LiveStore, max_batch: int = 500, spacing: float = 0.004, full: int = 16) -> None:
        self.live = live
        self.max_batch = max_batch
        self.spacing = spacing
        """Seconds between the starts of two commits in a row: when a commit ends with events already waiting
        (the writer is busy), the next one waits for the rest of this time, so that the events the tables
        make meanwhile (the robots answering the events just committed, other tables' actions) share it. A
        commit costs about half a millisecond of CPU whatever its size (the hand-over to a worker thread,
        SQLite's transaction, the flush), and on a fast disk, without this, commits of one or two events
        followed each other as fast as the disk allowed. A writer that was idle commits at once."""
        self.full = full
        """A batch of this many events goes at once, without waiting."""
        self._pending: list[tuple[tuple[str, int, int, dict[str, Any]], asyncio.Future[None]]] = []
        self._flushing = False
        self.commits = 0
        self.events = 0
        self.durations: collections.deque[float] = collections.deque(maxlen=2000)
        """How long the latest commits took, in seconds (from handing the batch to a worker thread until it
        was committed): what an action's acknowledgement waits for."""

    async def append(self, table_id: str, position: int, seq: int, event: dict[str, Any]) -> None:
        """Store one event; returns once it is committed.

        :raises EventConflictError: if that event is already stored.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, position, seq, event), future))
        if not self._flushing:
            self._flushing = True
            asyncio.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        try:
            started: float | None = None
            while self._pending:
                if started is not None and len(self._pending) < self.full:  # busy: commits in a row
                    rest = self.spacing - (time.perf_counter() - started)
                    if rest > 0:
                        await asyncio.sleep(rest)
                batch, self._pending = self._pending[: self.max_batch], self._pending[self.max_batch:]
                try:
                    started = time.perf_counter()
                    await asyncio.to_thread(self.live.append_many, [row for row, _ in batch])
                    self.durations.append(time.perf_counter() - started)
                    self.commits += 1
                    self.events += len(batch)
                    for _, future in batch:
                        _settle(future, None)
                except EventConflictError:  # find whose it is: each on its own
                    for row, future in batch:
                        await self._one(row, future)
                except Exception as exc:
                    for _, future in batch:
                        _settle(future, exc)
        finally:
            self._flushing = False

    def stats(self) -> dict[str, float | int]:
        """Commits and events written so far, and the median and 99th percentile of the latest commits'
        durations in milliseconds (for ``/api/health`` and the load benchmark).

        >>> EventWriter(None).stats()  # type: ignore[arg-type]
        {'commits': 0, 'events': 0, 'commit_ms_p50': 0.0, 'commit_ms_p99': 0.0}
        """
        durations = sorted(self.durations)

        def at(q: float) -> float:
            if not durations:
                return 0.0
            return round(durations[min(len(durations) - 1, int(len(durations) * q))] * 1000, 2)

        return {"commits": self.commits, "events": self.events, "commit_ms_p50": at(0.5),
                "commit_ms_p99": at(0.99)}

    async def _one(self, row: tuple[str, int, int, dict[str, Any]], future: asyncio.Future[None]) -> None:
        try:
            await asyncio.to_thread(self.live.append, *row)
            self.commits += 1
            self.events += 1
            _settle(future, None)
        except Exception as exc:
            _settle(future, exc)


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    """Resolve ``future`` unless its table stopped waiting (cancelled: the event may be stored all the same,
    and is replayed on restart; it was never acknowledged)."""
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)


class EventConflictError(ValueError):
    """Another writer already stored an event at this position of the record (the action is not stored)."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    kind: str
    """``"human"`` or ``"robot"``."""
    token: str | None = None
    """The sha256 (hex) of the seat token, for a human seat."""
    system: str | None = None
    """For a robot seat, the name of the bidding system it plays (:mod:`tenace.server.robot_systems`);
    ``None``: the server's default."""


def _seat_json(row: SeatRow) -> dict[str, Any]:
    return {"kind": row.kind, "token": row.token, **({"system": row.system} if row.system else {})}


def stored_rules(regulations: Regulations) -> str:
    """How a table's regulations are kept in its ``policy`` column: the policy (Law 80), followed by the
    edition of the Laws when it is not 2017 (``"laws@2007"``), so that rows written before editions existed
    read as 2017.

    >>> stored_rules(Regulations(policy=Policy.ONLINE)), stored_rules(Regulations(2007, Policy.ONLINE))
    ('online', 'online@2007')
    >>> regulations_of("online@2007") == Regulations(2007, Policy.ONLINE)
    True
    """
    if regulations.edition == Regulations().edition:
        return regulations.policy.value
    return f"{regulations.policy.value}@{regulations.edition}"


def regulations_of(stored: str) -> Regulations:
    """The regulations a table was created with, from its ``policy`` column (:func:`stored_rules`)."""
    policy, _, edition = stored.partition("@")
    return Regulations(int(edition) if edition else Regulations().edition, Policy(policy))


@dataclass(frozen=True, slots=True)
class NewTable:
    id: str
    seats: dict[str, SeatRow]
    policy: str
    """The table's regulations, as :func:`stored_rules` writes them."""
    director_token: str | None = None
    boards_max: int | None = None
    club: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class LiveBoard:
    position: int
    board: Board
    events: tuple[dict[str, Any], ...]
    score_ns: int | None = None
    ended: bool = False


@dataclass(frozen=True, slots=True)
class LiveTable:
    """A stored table as it is read back."""

    id: str
    seats: dict[str, SeatRow]
    policy: str
    director_token: str | None
    boards_max: int | None
    club: dict[str, Any] | None
    closed: bool
    boards: tuple[LiveBoard, ...] = field(default=())
    """Every board played, the current one last; only the current one carries its events."""


@dataclass(frozen=True, slots=True)
class HeldBoard:
    """A board that has ended at a practice table where a user holds a seat (:meth:`LiveStore.held_boards`),
    or at a club table (:meth:`LiveStore.ended_boards`)."""

    table_id: str
    position: int
    seat: str
    board: Board
    ended_at: dt.datetime
    score_ns: int | None
    contract: str | None
    tricks: int | None


_EVENT_JSON = json.JSONEncoder(ensure_ascii=False).encode
"""An event's JSON as stored (what ``json.dumps(event, ensure_ascii=False)`` gives, without building an
encoder per event)."""


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class LiveStore:
    """Reading and writing live tables; each method is one committed transaction."""

    def __init__(self, engine: Engine, *, flush_commits: bool = True) -> None:
        """``flush_commits=False``: on SQLite, the events' writer commits with ``synchronous=NORMAL``, not the
        store's ``FULL`` (the server setting of that name, docs/server.md)."""
        self._engine = engine
        self._flush_commits = flush_commits
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._reads = sessionmaker(read_only(engine), expire_on_commit=False)  # no write lock (storage.md)
        self._insert_sql: str | None = None
        self._writer: Any = None
        # a file: a connection of the writer's own opens the same database (in memory, it would be another)
        self._own_writer = isinstance(engine.pool, QueuePool) and engine.url.database not in (None, "",
                                                                                              ":memory:")
        self._writer_lock = threading.Lock()
        self._bind_at: Callable[[dt.datetime], Any] = lambda at: at
        dialect = engine.dialect
        if dialect.name == "sqlite":
            # The group commit's INSERT of events, compiled once and run on a connection of its own: each
            # commit then skips SQLAlchemy's checkout, statement compilation, cache lookup and per-row type
            # processing (most of a commit's CPU but SQLite's own; docs/server.md).
            # The time is bound as SQLAlchemy binds it (the column type's own processor), so the rows are
            # the same as those the ORM writes (tests/server/test_event_writer_fast.py).
            columns = ("table_id", "position", "seq", "event", "at")
            compiled = insert(LiveEventRow).compile(dialect=dialect, column_keys=list(columns))
            if compiled.positiontup == list(columns):
                impl = LiveEventRow.__table__.c.at.type.dialect_impl(dialect)
                processor = impl.bind_processor(dialect)
                if processor is not None:
                    self._bind_at = processor
                self._insert_sql = str(compiled)

    def create_table(self, table: NewTable, board: Board) -> None:
        """Store a new table and its first board."""
        seats = {seat: _seat_json(row) for seat, row in table.seats.items()}
        with self._sessions.begin() as orm:
            orm.add(LiveTableRow(
                id=table.id, created_at=_now(), policy=table.policy, seats=json.dumps(seats),
                director_token=table.director_token, boards_max=table.boards_max,
                club=None if table.club is None else json.dumps(table.club), closed=False,
            ))
            orm.flush()
            orm.add(BoardRow(table_id=table.id, position=1, board=json.dumps(board_to_json(board)),
                             started_at=_now()))

    def append(self, table_id: str, position: int, seq: int, event: dict[str, Any]) -> None:
        """Store event ``seq`` of board ``position``.

        :raises EventConflictError: if that event is already stored (nothing is written).
        """
        try:
            with self._sessions.begin() as orm:
                orm.add(LiveEventRow(table_id=table_id, position=position, seq=seq,
                                     event=json.dumps(event, ensure_ascii=False), at=_now()))
        except IntegrityError as exc:
            raise EventConflictError(
                f"table {table_id}, board {position}: event {seq} is already stored"
            ) from exc

    def append_many(self, rows: list[tuple[str, int, int, dict[str, Any]]]) -> None:
        """Store several events, (table id, board position, seq, event), in one transaction: all or none.

        :raises EventConflictError: if one of them is already stored (none is written).
        """
        at = _now()
        try:
            if self._insert_sql is not None:  # SQLite: the statement compiled once, the rows as tuples
                stamp = self._bind_at(at)
                self._append_sqlite([(t, p, s, _EVENT_JSON(e), stamp) for t, p, s, e in rows])
            else:  # one executemany (PostgreSQL batches it into multi-row INSERTs), without the ORM
                values = [{"table_id": t, "position": p, "seq": s, "event": _EVENT_JSON(e), "at": at}
                          for t, p, s, e in rows]
                with self._engine.begin() as connection:
                    connection.execute(insert(LiveEventRow), values)
        except (IntegrityError, sqlite3.IntegrityError) as exc:
            raise EventConflictError(f"one of {len(rows)} events is already stored") from exc

    def _append_sqlite(self, values: list[tuple[Any, ...]]) -> None:
        """Insert ``values`` in one transaction through the writer's own SQLite connection: one of the pool's,
        with the store's settings (WAL, ``synchronous=FULL``, foreign keys), taken out of the pool and kept,
        so that a commit costs no checkout, no SQLAlchemy transaction and no events (a database in memory,
        which another connection would not see, is written through the pool's one). The commit is the same
        ``BEGIN IMMEDIATE`` ... ``COMMIT`` the store's transactions make: as durable (unless ``flush_commits``
        is off: then ``synchronous=NORMAL`` on this connection only). A connection that fails
        otherwise than by a duplicate is closed (the next commit takes a fresh one)."""
        sql = self._insert_sql
        assert sql is not None
        if not self._own_writer:  # an in-memory database: the pool's one connection is the database
            with self._engine.begin() as pooled_connection:
                pooled_connection.exec_driver_sql(sql, values)
            return
        with self._writer_lock:
            connection = self._writer
            if connection is None:
                pooled = self._engine.raw_connection()
                pooled.detach()  # ours from now on: the pool neither resets nor closes it
                connection = pooled.dbapi_connection
                assert connection is not None
                # the pool may hand over a connection last used for reading, still query_only
                # (store/database.py leaves the pragma as last set): this one only ever writes
                connection.cursor().execute("PRAGMA query_only=OFF")
                if not self._flush_commits:  # WAL: a commit survives a crash of the process, not a power cut
                    connection.cursor().execute("PRAGMA synchronous=NORMAL")
                self._writer = connection
            try:
                cursor = connection.cursor()
                try:
                    cursor.execute("BEGIN IMMEDIATE")
                    cursor.executemany(sql, values)
                    cursor.execute("COMMIT")
                except BaseException:
                    if connection.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            cursor.execute("ROLLBACK")
                    raise
                finally:
                    cursor.close()
            except sqlite3.IntegrityError:
                raise
            except BaseException:
                self._writer = None
                with contextlib.suppress(Exception):
                    connection.close()
                raise

    def end_board(self, table_id: str, position: int, score_ns: int | None, contract: str | None,
                  tricks: int | None) -> None:
        """Record that a board has ended, with its score (Law 77); ``score_ns`` is ``None`` when the Director
        cancelled the result (its adjusted score is in the board's events, Laws 12C2, 13-15)."""
        with self._sessions.begin() as orm:
            orm.execute(
                update(BoardRow)
                .where(BoardRow.table_id == table_id, BoardRow.position == position)
                .values(ended_at=_now(), score_ns=score_ns, contract=contract, tricks=tricks)
            )

    def next_board(self, table_id: str, position: int, board: Board) -> None:
        """Start board ``position`` at the table.

        :raises EventConflictError: if it is already started.
        """
        try:
            with self._sessions.begin() as orm:
                orm.add(BoardRow(table_id=table_id, position=position, board=json.dumps(board_to_json(board)),
                                 started_at=_now()))
        except IntegrityError as exc:
            raise EventConflictError(f"table {table_id}: board {position} is already started") from exc

    def close(self, table_id: str) -> None:
        with self._sessions.begin() as orm:
            orm.execute(update(LiveTableRow).where(LiveTableRow.id == table_id).values(closed=True))

    def load(self, table_id: str) -> LiveTable | None:
        """The table with its boards, and the events of its current board; ``None`` if there is none."""
        with self._reads() as orm:
            row = orm.get(LiveTableRow, table_id)
            return None if row is None else self._read(orm, row)

    def close_all(self, table_ids: Iterable[str]) -> None:
        """Close these tables at once (one transaction)."""
        ids = list(table_ids)
        if ids:
            with self._sessions.begin() as orm:
                orm.execute(update(LiveTableRow).where(LiveTableRow.id.in_(ids)).values(closed=True))

    def open_activity(self) -> list[tuple[str, bool, dt.datetime]]:
        """Every table not closed, without reading it: its id, whether it plays for a club session, and when
        it was last touched (its last event's time, else when it was created). One query, however many
        tables there are (a start reads this rather than every table)."""
        last = (select(LiveEventRow.table_id, func.max(LiveEventRow.at).label("at"))
                .group_by(LiveEventRow.table_id).subquery())
        with self._reads() as orm:
            rows = orm.execute(
                select(LiveTableRow.id, LiveTableRow.club, LiveTableRow.created_at, last.c.at)
                .outerjoin(last, last.c.table_id == LiveTableRow.id)
                .where(LiveTableRow.closed == False)  # noqa: E712
                .order_by(LiveTableRow.created_at)).all()
        return [(id_, club is not None, created if at is None else to_utc(at))
                for id_, club, created, at in rows]

    def load_open(self) -> list[LiveTable]:
        """Every table not closed, as :meth:`load` reads it."""
        with self._reads() as orm:
            rows = orm.scalars(select(LiveTableRow).where(LiveTableRow.closed == False)  # noqa: E712
                               .order_by(LiveTableRow.created_at)).all()
            return [self._read(orm, row) for row in rows]

    def history(self, table_id: str) -> tuple[LiveBoard, ...]:
        """Every board played at the table, each with all its events (for audits and the privacy harness)."""
        with self._reads() as orm:
            boards = orm.scalars(
                select(BoardRow).where(BoardRow.table_id == table_id).order_by(BoardRow.position)
            ).all()
            return tuple(
                LiveBoard(b.position, board_from_json(json.loads(b.board), "board"),
                          self._events(orm, table_id, b.position), b.score_ns, b.ended_at is not None)
                for b in boards
            )

    def events(self, table_id: str, position: int) -> tuple[dict[str, Any], ...]:
        """The stored events of one board, in order."""
        with self._reads() as orm:
            return self._events(orm, table_id, position)

    @staticmethod
    def _events(orm: Any, table_id: str, position: int) -> tuple[dict[str, Any], ...]:
        rows = orm.scalars(
            select(LiveEventRow.event)
            .where(LiveEventRow.table_id == table_id, LiveEventRow.position == position)
            .order_by(LiveEventRow.seq)
        ).all()
        return tuple(json.loads(text) for text in rows)

    def _read(self, orm: Any, row: LiveTableRow) -> LiveTable:
        boards = orm.scalars(
            select(BoardRow).where(BoardRow.table_id == row.id).order_by(BoardRow.position)
        ).all()
        read: list[LiveBoard] = []
        for i, b in enumerate(boards):
            events = self._events(orm, row.id, b.position) if i == len(boards) - 1 else ()
            read.append(LiveBoard(b.position, board_from_json(json.loads(b.board), "board"), events,
                                  b.score_ns, b.ended_at is not None))
        seats = {seat: SeatRow(v["kind"], v.get("token"), v.get("system"))
                 for seat, v in json.loads(row.seats).items()}
        return LiveTable(
            row.id, seats, row.policy, row.director_token, row.boards_max,
            None if row.club is None else json.loads(row.club), bool(row.closed), tuple(read),
        )

    # --- seat holders (revision 0005) ----------------------------------------------------------------------

    def set_seat(self, table_id: str, seat: str, row: SeatRow) -> None:
        """Store who plays ``seat`` at the table from now on (a kept seat given to a robot)."""
        with self._sessions.begin() as orm:
            stored = orm.get(LiveTableRow, table_id)
            if stored is None:
                raise KeyError(f"no table {table_id!r}")
            seats = json.loads(stored.seats)
            seats[seat] = _seat_json(row)
            stored.seats = json.dumps(seats)

    def hold_seat(self, table_id: str, seat: str, user_id: int) -> bool:
        """Record that the user ``user_id`` holds ``seat`` at the table; ``False`` if that was recorded
        already (nothing is written)."""
        try:
            with self._sessions.begin() as orm:
                found = orm.scalar(select(SeatHolderRow.id).where(
                    SeatHolderRow.table_id == table_id, SeatHolderRow.seat == seat,
                    SeatHolderRow.user_id == user_id))
                if found is not None:
                    return False
                orm.add(SeatHolderRow(table_id=table_id, seat=seat, user_id=user_id, since=_now()))
        except IntegrityError:  # another process recorded it meanwhile
            return False
        return True

    def holders(self, table_ids: list[str] | None = None) -> dict[str, set[int]]:
        """The users recorded as holding a seat at each table (of ``table_ids``, or of every open table)."""
        query = select(SeatHolderRow.table_id, SeatHolderRow.user_id)
        if table_ids is None:
            query = query.join(LiveTableRow, LiveTableRow.id == SeatHolderRow.table_id).where(
                LiveTableRow.closed == False)  # noqa: E712
        else:
            query = query.where(SeatHolderRow.table_id.in_(table_ids))
        found: dict[str, set[int]] = {}
        with self._reads() as orm:
            for table_id, user_id in orm.execute(query):
                found.setdefault(table_id, set()).add(user_id)
        return found

    def holds(self, table_id: str, user_id: int) -> bool:
        """Whether the user is recorded as holding a seat at the table."""
        with self._reads() as orm:
            return orm.scalar(select(SeatHolderRow.id).where(
                SeatHolderRow.table_id == table_id, SeatHolderRow.user_id == user_id).limit(1)) is not None

    def held_boards(self, user_id: int, limit: int, offset: int = 0) -> tuple[int, list[HeldBoard]]:
        """The boards that have ended at the practice tables (no club session) where the user holds a seat,
        newest first: how many in all, and ``limit`` of them from ``offset``. A board is listed once, at the
        first of his seats there (in N, E, S, W order)."""
        from sqlalchemy import func

        held = select(SeatHolderRow.table_id).where(SeatHolderRow.user_id == user_id)
        where = (LiveTableRow.club.is_(None), BoardRow.ended_at.is_not(None), BoardRow.table_id.in_(held))
        with self._reads() as orm:
            total = orm.scalar(select(func.count(BoardRow.id))
                               .join(LiveTableRow, LiveTableRow.id == BoardRow.table_id).where(*where)) or 0
            rows = orm.scalars(
                select(BoardRow).join(LiveTableRow, LiveTableRow.id == BoardRow.table_id).where(*where)
                .order_by(BoardRow.ended_at.desc(), BoardRow.table_id, BoardRow.position.desc())
                .limit(limit).offset(offset)
            ).all()
            seats: dict[str, list[str]] = {}
            for table_id, seat in orm.execute(
                    select(SeatHolderRow.table_id, SeatHolderRow.seat).where(
                        SeatHolderRow.user_id == user_id,
                        SeatHolderRow.table_id.in_(sorted({b.table_id for b in rows})))):
                seats.setdefault(table_id, []).append(seat)
            return total, [self._held(b, min(seats[b.table_id], key="NESW".index)) for b in rows]

    def ended_boards(self, seats: dict[str, str]) -> list[HeldBoard]:
        """The boards that have ended at the tables of ``seats`` (table id -> the seat), in no order."""
        if not seats:
            return []
        with self._reads() as orm:
            rows = orm.scalars(select(BoardRow).where(BoardRow.table_id.in_(sorted(seats)),
                                                      BoardRow.ended_at.is_not(None))).all()
            return [self._held(b, seats[b.table_id]) for b in rows]

    @staticmethod
    def _held(row: BoardRow, seat: str) -> HeldBoard:
        assert row.ended_at is not None
        return HeldBoard(row.table_id, row.position, seat, board_from_json(json.loads(row.board), "board"),
                         row.ended_at, row.score_ns, row.contract, row.tricks)
