"""Several server processes sharing the live tables: PostgreSQL holds the truth (the stored events), Redis
carries leases and messages (docs/scale-out.md).

* **One owner per table.** A process runs a table's actor (applies actions, stores events, runs its robots)
  only while it holds the table's lease, the Redis key ``tenace:lease:<table>`` set to its process id with a
  time to live (``lease_seconds``). The owner renews its leases every third of that time; a process that
  finds one of its leases gone or taken stops acting for that table.
* **Every stored event is published.** After an event is committed (and acknowledged), the owner publishes
  ``{"position", "seq", "event"}`` on ``tenace:table:<table>``. Every other process that has clients at the
  table keeps a *follower*: a copy of the table that applies the published events in order (through the same
  pure engine) and sends its own clients the view each of them may see. A gap in the seqs (a lost message, a
  new board, a new owner) is filled by reading the table back from the database.
* **Actions are forwarded.** A client connected to a process that does not own its table has its action
  sent to the owner's channel ``tenace:process:<id>``; the owner handles it like a local one and sends the
  ``ack`` or ``error`` back the same way; the view follows through the table's channel.
* **Take-over.** When a lease expires (its owner crashed or stalled), any process takes it (``SET NX``),
  rebuilds the table from the stored events and goes on, robots included. Each process also adopts, now and
  then, every open table that nobody holds, so a table of four robots is not left behind when its process
  dies. Two owners can never both store an event: the database refuses a second event at the same (table,
  board, seq).

The single-process server (``Hub``) is unchanged; :class:`ClusterHub` is used when ``TENACE_REDIS_URL`` is
set.

>>> viewer_to_json(Seat("N")), viewer_from_json("director") is DIRECTOR, viewer_from_json(None) is None
('N', True, True)
>>> action_to_json(parse_action({"v": 1, "id": "7", "type": "call", "call": "1NT", "alert": True}))["call"]
'1NT'
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import itertools
import json
import logging
import secrets
import weakref
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from tenace.board import Board
from tenace.formats.json import board_from_json, board_to_json
from tenace.laws.events import Event
from tenace.laws.log import event_from_json, event_to_json
from tenace.laws.refs import DIRECTOR, Director
from tenace.laws.table import Phase, Table
from tenace.seats import Seat, Side
from tenace.server.actors import Connection, CreatedTable, Hub, TableActor, event_time, timed_event_json
from tenace.server.persistence import LiveStore, LiveTable, LiveTableRow, regulations_of
from tenace.server.protocol import Action, ProtocolError, Viewer, error_message, parse_action

__all__ = [
    "ClusterActor", "ClusterHub", "action_to_json", "lease_key", "process_channel", "table_channel",
    "viewer_from_json", "viewer_to_json",
]

log = logging.getLogger("tenace.server.scaleout")

_RENEW = """
local renewed = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    renewed[i] = 1
  else
    renewed[i] = 0
  end
end
return renewed
"""
_RELEASE = """
local released = 0
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('DEL', key)
    released = released + 1
  end
end
return released
"""


def lease_key(table_id: str) -> str:
    """The Redis key whose value is the id of the process that owns the table."""
    return f"tenace:lease:{table_id}"


def table_channel(table_id: str) -> str:
    """Where the owner publishes every stored event of the table."""
    return f"tenace:table:{table_id}"


def process_channel(process_id: str) -> str:
    """Where a process receives forwarded actions and the replies to the actions it forwarded."""
    return f"tenace:process:{process_id}"


def viewer_to_json(viewer: Viewer) -> str | None:
    """A seat as its letter, the Director as ``"director"``, a spectator as ``None``."""
    if isinstance(viewer, Director):
        return "director"
    return None if viewer is None else viewer.value


def viewer_from_json(data: object) -> Viewer:
    """Inverse of :func:`viewer_to_json`. :raises ValueError: for anything else."""
    if data is None:
        return None
    if data == "director":
        return DIRECTOR
    if isinstance(data, str):
        return Seat(data)
    raise ValueError(f"viewer: expected a seat, 'director' or null, got {data!r}")


def action_to_json(action: Action) -> dict[str, Any]:
    """The client message (protocol version 1) that :func:`~tenace.server.protocol.parse_action` reads back
    as ``action``: how an action travels to the table's owner."""
    data: dict[str, Any] = {"v": 1, "type": action.type}
    if action.ref is not None:
        data["id"] = action.ref
    match action.type:
        case "call":
            data.update(call=str(action.call), alert=action.alert, explanation=action.explanation)
        case "card":
            data["card"] = str(action.card)
        case "claim":
            data.update(tricks=action.tricks, statement=action.statement)
        case "claim-answer":
            data["accept"] = action.accept
        case "elect":
            data["option"] = action.option
        case "resync":
            data["seq"] = action.seq
    return data


class _RemoteOrigin(Connection):
    """The sender of a forwarded action, at the owner: its ``ack`` or ``error`` goes back to the process the
    client is connected to."""

    def __init__(self, hub: ClusterHub, viewer: Viewer, process: str, connection: str) -> None:
        super().__init__(viewer)
        self.hub = hub
        self.process = process
        self.connection = connection

    def send(self, message: dict[str, Any]) -> None:
        self.hub.publish(process_channel(self.process),
                         {"kind": "reply", "connection": self.connection, "message": message})


class ClusterActor(TableActor):
    """A table in a process of a cluster: the owner (a :class:`TableActor` that also publishes every change)
    or a follower (a copy that applies the owner's published events and forwards its clients' actions)."""

    hub: ClusterHub

    def __init__(self, hub: ClusterHub, stored: LiveTable, table: Table, position: int, owner: bool) -> None:
        super().__init__(hub, stored, table, position)
        self.owner = owner
        self._promoting = False
        if not owner:
            self.robots = {}  # a follower runs no robots; the owner does

    def start(self) -> None:
        if self.owner:
            super().start()

    async def submit(self, viewer: Viewer, action: Action | Event, origin: Connection | None = None) -> None:
        if self.owner:
            await super().submit(viewer, action, origin)
        elif isinstance(action, Action):
            await self.hub.forward(self, viewer, action, origin)

    def _broadcast(self) -> None:
        super()._broadcast()
        if self.owner:
            record, times = self.table.record, self.table.times
            message: dict[str, Any] = {
                "from": self.hub.process_id, "position": self.position, "seq": len(record),
                "event": _published(record[-1], times[-1] if len(times) == len(record) else None)
                if record else None,
            }
            if not record:  # a new board: followers start it without reading the database
                message["board"] = board_to_json(self.table.board)
            self.hub.publish(table_channel(self.id), message)

    # --- a follower ---------------------------------------------------------------------------------------

    async def follow(self, position: int, seq: int, event: dict[str, Any] | None,
                     board: dict[str, Any] | None = None) -> None:
        """Apply an event the owner published (or start the new board it published, or read the table back
        from the database after a gap) and send each local client its view."""
        here = (self.position, len(self.table.record))
        if (position, seq) <= here:
            return  # seen already
        ended = self.table.phase is Phase.ENDED
        if position == self.position + 1 and seq == 0 and board is not None and ended:
            self.table = Table.new(board_from_json(board, "board"), self.table.regulations)
            self.position = position
            super()._broadcast()
            return
        if position == self.position and seq == here[1] + 1 and event is not None:
            where = f"table {self.id}, event {seq - 1}"
            try:  # with the owner's time (Law 73D: tempo is evidence), so the records are the same
                self.table = self.table.apply(event_from_json(event, where), at=event_time(event, where))
            except ValueError:
                log.exception("table %s: a published event does not apply; reading the table back", self.id)
                await self.reload()
                return
            score = self.table.score_ns()
            if score is not None:
                self.scores[self.position] = score
            super()._broadcast()
            return
        await self.reload()

    async def reload(self) -> None:
        """Read the table back from the database (the truth) and send each local client its view."""
        stored = await asyncio.to_thread(self.hub.live.load, self.id)
        if stored is None or self.owner:
            return
        before = (self.position, len(self.table.record))
        self.table, self.position = _replayed(stored)
        self.scores = {b.position: b.score_ns for b in stored.boards if b.score_ns is not None}
        if (self.position, len(self.table.record)) != before:
            super()._broadcast()

    async def promote(self) -> None:
        """Become the owner (the lease is ours): rebuild from the stored events, let the robots go on."""
        if self.owner or self._promoting:
            return
        self._promoting = True
        try:
            stored = await asyncio.to_thread(self.hub.live.load, self.id)
        finally:
            self._promoting = False
        if stored is None:
            return
        self.table, self.position = _replayed(stored)
        self.scores = {b.position: b.score_ns for b in stored.boards if b.score_ns is not None}
        self.robots = self.make_robots()
        self.queue = asyncio.Queue()
        self.owner = True
        log.info("table %s: taken over by process %s", self.id, self.hub.process_id)
        super().start()
        self._broadcast()

    async def demote(self) -> None:
        """Stop acting for the table (the lease is lost): what is queued is dropped; clients stay, as
        followers'."""
        self.owner = False
        for task in list(self._robot_tasks):
            task.cancel()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self.robots = {}
        await self.reload()


def _published(event: Event, at: dt.datetime | None) -> dict[str, Any]:
    """The event as the owner publishes it: as stored, with its time when the table knows it."""
    return event_to_json(event) if at is None else timed_event_json(event, at)


def _replayed(stored: LiveTable) -> tuple[Table, int]:
    """The current board of a stored table, with the time of each event (Law 73D) as stored."""
    current = stored.boards[-1]
    where = f"table {stored.id}, board {current.position}, event"
    record = [event_from_json(e, f"{where} {i}") for i, e in enumerate(current.events)]
    times = [event_time(e, f"{where} {i}") for i, e in enumerate(current.events)]
    regulations = regulations_of(stored.policy)
    return Table.replay(current.board, record, regulations, times=times), current.position


@dataclass(frozen=True, slots=True)
class _Forward:
    table: str
    process: str
    connection: str
    viewer: Viewer
    action: Action


class ClusterHub(Hub):
    """A :class:`Hub` that shares its tables with the other processes on the same database and Redis (see
    the module's description). Make one with :meth:`connect`; :meth:`close` releases its leases."""

    def __init__(self, live: LiveStore, *, redis: Any, lease_seconds: float = 5.0,
                 process_id: str | None = None, **options: Any) -> None:
        super().__init__(live, **options)
        if lease_seconds <= 0:
            raise ValueError(f"lease_seconds: expected a positive number, got {lease_seconds}")
        self.redis = redis
        self.lease_seconds = lease_seconds
        self.process_id = process_id or secrets.token_hex(8)
        self._outgoing: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._waiting: weakref.WeakValueDictionary[str, Connection] = weakref.WeakValueDictionary()
        self._background: list[asyncio.Task[None]] = []
        self._serial = itertools.count(1)
        self._loading: dict[str, list[dict[str, Any]]] = {}
        """Messages for the tables being read from the database (applied once they are read)."""
        self._pubsub: Any = None
        self._renew: Any = redis.register_script(_RENEW)
        self._release: Any = redis.register_script(_RELEASE)

    @classmethod
    async def connect(cls, live: LiveStore, redis_url: str, **options: Any) -> ClusterHub:
        """A hub on the Redis at ``redis_url`` (``redis://host:port/db``), listening and keeping its leases.

        :raises ConnectionError: (from redis) if Redis does not answer.
        """
        from redis.asyncio import Redis

        redis = Redis.from_url(redis_url, decode_responses=True)
        await redis.ping()
        hub = cls(live, redis=redis, **options)
        await hub.start()
        return hub

    async def start(self) -> None:
        self._pubsub = self.redis.pubsub()
        await self._pubsub.subscribe(process_channel(self.process_id))
        await self._pubsub.psubscribe(table_channel("*"))
        self._background = [asyncio.create_task(self._listen(), name="cluster listen"),
                            asyncio.create_task(self._publish(), name="cluster publish"),
                            asyncio.create_task(self._keep(), name="cluster leases")]

    async def close(self) -> None:
        owned = [lease_key(t) for t, a in self.tables.items() if isinstance(a, ClusterActor) and a.owner]
        await super().close()  # stops the actors first: nothing is stored after the leases go
        for task in self._background:
            task.cancel()
        for task in self._background:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            if owned:
                await self._release(keys=owned, args=[self.process_id])
            await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # --- tables -------------------------------------------------------------------------------------------

    async def create_table(self, humans: Iterable[Seat], board: Board | None = None, *,
                           boards: int | None = None, club: Any = None,
                           systems: Mapping[Side, str] | None = None) -> CreatedTable:
        created = await super().create_table(humans, board, boards=boards, club=club, systems=systems)
        plain = self.tables.pop(created.id)
        await plain.stop()  # stored, never started: it is rebuilt below as this process's own
        async with self._lock:
            stored = await asyncio.to_thread(self.live.load, created.id)
            assert stored is not None
            owner = await self._acquire(created.id)
            self._make(stored, owner)
        return created

    async def get(self, table_id: str) -> TableActor | None:
        actor = self.tables.get(table_id)
        if actor is not None:
            return actor
        async with self._lock:
            if table_id in self.tables:
                return self.tables[table_id]
            self._loading[table_id] = []  # what is published while the table is read is kept, and applied
            try:
                stored = await asyncio.to_thread(self.live.load, table_id)
                if stored is None:
                    return None
                actor = self._make(stored, await self._acquire(table_id))
            finally:
                missed = self._loading.pop(table_id)
            if not actor.owner:
                for data in missed:
                    await self._on_table(table_id, data)
            return actor

    async def restore(self, table_ids: Collection[str] | None = None) -> int:
        """Take every open table nobody holds (after a restart, or a process's crash): with several processes
        each table has one owner, which must run its robots, so ``table_ids`` does not narrow it."""
        return await self._adopt()

    def _make(self, stored: LiveTable, owner: bool) -> ClusterActor:
        table, position = _replayed(stored)
        actor = ClusterActor(self, stored, table, position, owner)
        self.tables[stored.id] = actor
        actor.start()
        return actor

    async def _acquire(self, table_id: str) -> bool:
        key = lease_key(table_id)
        ms = int(self.lease_seconds * 1000)
        if await self.redis.set(key, self.process_id, nx=True, px=ms):
            return True
        return bool(await self.redis.get(key) == self.process_id)

    async def _adopt(self) -> int:
        ids = await asyncio.to_thread(_open_table_ids, self.live)
        count = 0
        holders = await self.redis.mget([lease_key(t) for t in ids]) if ids else []
        for table_id, holder in zip(ids, holders, strict=True):
            if holder is not None:
                continue
            actor = self.tables.get(table_id)
            if isinstance(actor, ClusterActor) and actor.owner:
                continue
            if not await self._acquire(table_id):
                continue
            async with self._lock:
                actor = self.tables.get(table_id)
                if isinstance(actor, ClusterActor):
                    await actor.promote()
                else:
                    stored = await asyncio.to_thread(self.live.load, table_id)
                    if stored is None:
                        continue
                    self._make(stored, True)
            count += 1
        return count

    async def _keep(self) -> None:
        """Renew this process's leases; give up the tables whose lease is lost; take over the tables whose
        owner is gone."""
        rounds = 0
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            rounds += 1
            try:
                owned = [a for a in self.tables.values() if isinstance(a, ClusterActor) and a.owner]
                if owned:
                    renewed = await self._renew(keys=[lease_key(a.id) for a in owned],
                                                args=[self.process_id, int(self.lease_seconds * 1000)])
                    for actor, ok in zip(owned, renewed, strict=True):
                        if not ok:
                            log.warning("table %s: lease lost; process %s stops acting for it", actor.id,
                                        self.process_id)
                            await actor.demote()
                followers = [a for a in self.tables.values() if isinstance(a, ClusterActor) and not a.owner]
                if followers:
                    holders = await self.redis.mget([lease_key(a.id) for a in followers])
                    for actor, holder in zip(followers, holders, strict=True):
                        if holder in (None, self.process_id) and await self._acquire(actor.id):
                            await actor.promote()
                if rounds % 3 == 0:  # about once per lease time: tables of robots nobody holds
                    await self._adopt()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("process %s: keeping the leases failed", self.process_id)

    # --- messages -----------------------------------------------------------------------------------------

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Queue a message for Redis; one task sends them, in order."""
        self._outgoing.put_nowait((channel, json.dumps(message, ensure_ascii=False)))

    async def _publish(self) -> None:
        while True:
            batch = [await self._outgoing.get()]
            while not self._outgoing.empty():
                batch.append(self._outgoing.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception:  # followers fill the gap from the database on the next event
                log.exception("process %s: %d messages not published", self.process_id, len(batch))

    async def forward(self, actor: ClusterActor, viewer: Viewer, action: Action,
                      origin: Connection | None) -> None:
        """Send a client's action to the table's owner (taking the table over if nobody holds it)."""
        owner = await self.redis.get(lease_key(actor.id))
        if owner in (None, self.process_id) and await self._acquire(actor.id):
            async with self._lock:
                await actor.promote()
            await actor.submit(viewer, action, origin)
            return
        if owner is None or owner == self.process_id:
            if origin is not None:
                origin.send(error_message("unavailable", "the table is changing servers; try again",
                                          action.ref))
            return
        connection = ""
        if origin is not None:  # a key for this action's answer
            connection = f"{next(self._serial)}"
            self._waiting[connection] = origin
        self.publish(process_channel(owner), {
            "kind": "forward", "table": actor.id, "from": self.process_id, "connection": connection,
            "viewer": viewer_to_json(viewer), "action": action_to_json(action),
        })

    async def _listen(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is None:
                    continue
                data = json.loads(message["data"])
                if message["type"] == "pmessage":
                    await self._on_table(message["channel"].removeprefix("tenace:table:"), data)
                else:
                    await self._on_process(data)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("process %s: a cluster message could not be handled", self.process_id)
                await asyncio.sleep(0.1)

    async def _on_table(self, table_id: str, data: dict[str, Any]) -> None:
        if data.get("from") == self.process_id:
            return
        loading = self._loading.get(table_id)
        if loading is not None:
            loading.append(data)
            return
        actor = self.tables.get(table_id)
        if isinstance(actor, ClusterActor) and not actor.owner:
            await actor.follow(int(data["position"]), int(data["seq"]), data.get("event"), data.get("board"))

    async def _on_process(self, data: dict[str, Any]) -> None:
        if data["kind"] == "reply":
            origin = self._waiting.pop(data["connection"], None)
            if origin is not None:
                origin.send(data["message"])
            return
        try:
            forward = _Forward(data["table"], data["from"], data["connection"],
                               viewer_from_json(data["viewer"]), parse_action(data["action"]))
        except (KeyError, ValueError, ProtocolError):
            log.exception("process %s: a bad forwarded action: %r", self.process_id, data)
            return
        origin = _RemoteOrigin(self, forward.viewer, forward.process, forward.connection)
        actor = self.tables.get(forward.table)
        if not (isinstance(actor, ClusterActor) and actor.owner):
            origin.send(error_message("unavailable", "the table is changing servers; try again",
                                      forward.action.ref))
            return
        await actor.submit(forward.viewer, forward.action, origin if forward.connection else None)


def _open_table_ids(live: LiveStore) -> list[str]:
    with live._reads() as orm:
        return list(orm.scalars(select(LiveTableRow.id).where(LiveTableRow.closed == False)))  # noqa: E712
