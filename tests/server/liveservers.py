"""Real server processes (``tenace serve`` under uvicorn, on free ports) and simulated WebSocket players, for
the scale-out and crash tests and the load benchmark. Each player records every view it is sent (board
position and seq) and every acknowledgement, so that a test can check the order of the views and that every
acknowledged action is stored."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

__all__ = ["Player", "ServerProcess", "free_port", "new_tables", "stored_actions_missing"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def in_thread(app: Any) -> Iterator[str]:
    """Serve the ASGI ``app`` with uvicorn in a thread of this process (its lifespan run); yields its URL."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                          lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:  # the server's own start-up flag, not a guess at a delay
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)


@dataclass
class ServerProcess:
    """One ``tenace serve`` process on ``db`` (robots play without double-dummy solving and without delay);
    ``redis`` makes it one process of a cluster (docs/scale-out.md)."""

    db: str
    redis: str | None = None
    lease_seconds: float = 5.0
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    log: str | None = None
    """A file for the server's output (it is discarded when ``None``)."""

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, table_id: str, token: str | None = None) -> str:
        query = f"?token={token}" if token else ""
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}{query}"

    def start(self, timeout: float = 60.0) -> None:
        command = [sys.executable, "-c", "from tenace.cli import main; main()", "serve", "--port",
                   str(self.port), "--db", self.db, "--robot-delay", "0", "--log-level", "warning"]
        env = {**os.environ, "TENACE_ROBOT_SAMPLES": os.environ.get("TENACE_ROBOT_SAMPLES", "0"),
               "TENACE_LEASE_SECONDS": str(self.lease_seconds),
               "TENACE_ANONYMOUS_TABLES": "true",  # new_tables creates its tables without an account
               # one test client opens many tables and sockets from one address: no limits (docs/server.md)
               "TENACE_TABLES_PER_CLIENT": "0", "TENACE_MAX_TABLES": "0", "TENACE_SOCKETS_PER_ADDRESS": "0"}
        env.pop("TENACE_REDIS_URL", None)
        if self.redis:
            env["TENACE_REDIS_URL"] = self.redis
        out: Any = subprocess.DEVNULL if self.log is None else open(self.log, "ab")  # noqa: SIM115
        self.process = subprocess.Popen(command, env=env, stdout=out, stderr=out)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode} (log: {self.log})")
            try:
                if httpx.get(f"{self.http}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"the server on port {self.port} did not start in {timeout} s")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no lease released, nothing flushed."""
        if self.process is not None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(30)
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(30)
            self.process = None


def new_tables(server: ServerProcess, count: int, humans: tuple[str, ...] = ("S",),
               boards: int | None = None) -> list[dict[str, Any]]:
    """``count`` new tables (``{"id", "tokens", ...}`` as ``POST /api/tables`` answers)."""
    with httpx.Client(base_url=server.http, timeout=60) as client:
        tables = []
        for _ in range(count):
            response = client.post("/api/tables", json={"humans": list(humans), "boards": boards})
            response.raise_for_status()
            tables.append(response.json())
        return tables


@dataclass
class Player:
    """A simulated client at one table: it makes a random legal call or card whenever its view offers some
    (``act``), after ``think`` seconds on average, and records what it is sent. When nothing comes for
    ``patience`` seconds while an action waits for its ``ack`` (its server died, or the table is changing
    servers) it asks for a resync and acts again on the view it gets."""

    url: str
    rng: random.Random = field(default_factory=random.Random)
    act: bool = True
    think: float = 0.0
    patience: float = 2.0
    views: list[tuple[int, int]] = field(default_factory=list)
    """(board position, seq) of every view received, in order."""
    messages: list[dict[str, Any]] = field(default_factory=list)
    """Every view message received, in order."""
    acked: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    """(board position, seq, action) of every acknowledged action."""
    latencies: list[float] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    ended: bool = False
    next_board: bool = False
    """Ask for the next board when one ends (and go on until ``stop`` is set) instead of returning."""
    boards: int = 0
    """Boards seen to their end."""

    reconnects: int = 0
    """How many times the player connects again (and is sent the table's view) when its connection drops;
    those that happened are counted in ``reconnected``."""
    reconnected: int = 0

    async def play(self, stop: asyncio.Event | None = None, keep_messages: bool = True) -> None:
        """Until the board the player is at ends (or ``stop`` is set)."""
        while True:
            try:
                await self._session(stop, keep_messages)
                return
            except (websockets.ConnectionClosed, OSError):
                if self.reconnected >= self.reconnects:
                    raise
                self.reconnected += 1
                await asyncio.sleep(0.5)

    async def _session(self, stop: asyncio.Event | None, keep_messages: bool) -> None:
        sent: dict[str, tuple[float, dict[str, Any], int]] = {}
        acted_at = (-1, -1)
        count = 0
        async with websockets.connect(self.url, max_queue=None, open_timeout=30, ping_timeout=120) as ws:
            while not self.ended and not (stop is not None and stop.is_set()):
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=self.patience if sent else 0.5)
                except TimeoutError:
                    if sent:  # no answer: ask for the table again and act afresh on what it shows
                        sent.clear()
                        acted_at = (-1, -1)
                        await ws.send(json.dumps({"v": 1, "type": "resync", "seq": self.views[-1][1]
                                                  if self.views else 0}))
                    continue
                message = json.loads(raw)
                kind = message["type"]
                if kind == "ack":
                    entry = sent.pop(message.get("ref") or "", None)
                    if entry is not None:
                        at, action, position = entry
                        self.latencies.append(time.perf_counter() - at)
                        self.acked.append((position, message["seq"], action))
                    continue
                if kind == "error":
                    self.errors.append(message)
                    sent.pop(message.get("ref") or "", None)
                    acted_at = (-1, -1)
                    continue
                view, seq, position = message["view"], message["seq"], message["position"]
                self.views.append((position, seq))
                if keep_messages:
                    self.messages.append(message)
                if view["phase"] == "ended":
                    if (position, seq) > acted_at:
                        self.boards += 1
                    if not self.next_board:
                        self.ended = True
                        return
                    if sent or (position, seq) <= acted_at:
                        continue
                    action: dict[str, Any] = {"type": "next-board"}
                elif self.act and view.get("legal") and not sent and (position, seq) > acted_at:
                    kind = "call" if view["phase"] == "auction period" else "card"
                    legal = view["legal"]
                    choice = "P" if kind == "call" and "P" in legal and self.rng.random() < 0.7 else \
                        self.rng.choice(legal)
                    action = {"type": kind, kind: choice}
                else:
                    continue
                acted_at = (position, seq)
                if self.think:
                    await asyncio.sleep(self.rng.expovariate(1 / self.think))
                count += 1
                ref = f"{self.reconnected}.{count}"
                sent[ref] = (time.perf_counter(), action, position)
                await ws.send(json.dumps({"v": 1, "id": ref, **action}))


def stored_actions_missing(db: str, acked: dict[str, list[tuple[int, int, dict[str, Any]]]]) -> list[str]:
    """Every acknowledged call or card (per table: position, seq, action) that is not in the store at its
    place, described; the empty list when all are there."""
    from tenace.laws.events import CallMade, CardPlayed
    from tenace.laws.log import event_from_json
    from tenace.server.persistence import LiveStore
    from tenace.store import Store

    missing: list[str] = []
    with Store.open(db) as store:
        live = LiveStore(store.engine)
        for table_id, actions in acked.items():
            boards = {b.position: b for b in live.history(table_id)}
            for position, seq, action in actions:
                if action["type"] == "next-board":
                    continue
                board = boards.get(position)
                if board is None or len(board.events) < seq:
                    missing.append(f"{table_id} board {position} event {seq}: not stored")
                    continue
                event = event_from_json(board.events[seq - 1])
                if action["type"] == "call":
                    same = isinstance(event, CallMade) and str(event.call) == action["call"]
                else:
                    same = isinstance(event, CardPlayed) and str(event.card) == action["card"]
                if not same:
                    missing.append(f"{table_id} board {position} event {seq}: {event} stored, {action} acked")
    return missing
