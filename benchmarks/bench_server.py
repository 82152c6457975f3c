"""The online server under load, after a crash, and the hand-privacy harness at acceptance size (issue 5).

Run one or more of:

    .venv/bin/python benchmarks/bench_server.py --privacy 1000
    .venv/bin/python benchmarks/bench_server.py --load 50,100,200,400 [--seconds 20] [--think 1.0]
    .venv/bin/python benchmarks/bench_server.py --crash 100

``--privacy N``: N robot boards (claims, doubted claims and the Director's rulings included; every fourth
table under the Laws policy, where defenders expose cards that become penalty cards) with a spectator,
the Director and each seat watching, each asking for the names and chat too (as the browser does); every
message sent to every client, and every view given to a robot, is checked against what its recipient may
see, computed from the deal and the stored events alone (tests/server/privacy.py). Exits 1 on the first
leak.

``--load N,...``: a ``tenace serve`` process (SQLite file, WAL, synchronous=FULL) and, in this process,
simulated WebSocket clients: one human per table (South; three robots of :mod:`tenace.robots`, playing
without double-dummy solving unless ``TENACE_ROBOT_SAMPLES`` says otherwise) who acts ``--think`` seconds
(on average) after his turn comes. For each number of tables it reports the actions acknowledged per second
and the latency from sending an action to its ``ack`` (stored, then acknowledged): p50, p99, max; and the
largest number of tables held with a p99 under 100 ms.

``--crash N``: N tables with one simulated human each play quickly; the server is killed with SIGKILL in the
middle, started again on the same database, and every action that was acknowledged before the kill must be
in the store at its seq; then every table must go on to the end of its board.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


# --- privacy ---------------------------------------------------------------------------------------------


async def _privacy(boards: int, seed: int) -> int:
    from server.privacy import Recorder, leaks  # tests/server/privacy.py
    from server.robots import ClaimingRobot, ExposingRobot, memory_engine, play_out
    from tenace.laws.refs import DIRECTOR, Policy
    from tenace.seats import SEATS
    from tenace.server.actors import Connection, Hub
    from tenace.server.persistence import LiveStore

    rng = random.Random(seed)
    per_table = 5
    checked = messages = claims = exposed = 0
    started = time.perf_counter()
    for first in range(0, boards, per_table):
        count = min(per_table, boards - first)
        recorder = Recorder()
        live = LiveStore(memory_engine())
        laws = (first // per_table) % 4 == 3  # every fourth table under the Laws policy: penalty cards
        hub = Hub(live, observer=recorder, policy=Policy.LAWS if laws else Policy.ONLINE,
                  robots=lambda seat: (ExposingRobot if laws else ClaimingRobot)(  # noqa: B023
                      seat, random.Random(rng.random())))
        created = await hub.create_table((), boards=count)
        actor = hub.tables[created.id]
        for viewer in (None, DIRECTOR, *SEATS):
            # names and chat as well, as the browser's client asks for them (?room=1)
            actor.join(Connection(viewer, name=f"watcher {viewer}", room=True))
        await play_out(hub, actor, count)
        await hub.close()
        found = leaks(recorder, live)
        messages += len(recorder.messages)
        stored = [e["type"] for b in live.history(created.id) for e in b.events]
        claims += stored.count("ClaimMade")
        exposed += stored.count("CardExposed")
        checked += count
        if found:
            print(f"LEAK after {checked} boards: {found[:3]}")  # noqa: T201
            return 1
    elapsed = time.perf_counter() - started
    print(f"privacy: {checked} robot boards, {messages} messages to 7 recipients each, {claims} claims, "  # noqa: T201
          f"{exposed} cards exposed (penalty cards); no card sent to anyone who may not see it "
          f"({elapsed:.1f} s)")
    return 0


# --- a server process ------------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    db: str
    port: int = field(default_factory=_free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-c", "from tenace.cli import main; main()", "serve",
                   "--port", str(self.port), "--db", self.db, "--robot-delay", "0", "--log-level", "warning"]
        env = {**os.environ, "TENACE_ROBOT_SAMPLES": os.environ.get("TENACE_ROBOT_SAMPLES", "0"),
               "TENACE_ANONYMOUS_TABLES": "true",  # the benchmark creates its tables without an account
               # from one address, more tables and sockets than a visitor may have (docs/server.md, Limits)
               "TENACE_TABLES_PER_CLIENT": "0", "TENACE_MAX_TABLES": "0", "TENACE_SOCKETS_PER_ADDRESS": "0"}
        quiet = subprocess.DEVNULL
        self.process = subprocess.Popen(command, env=env, stdout=quiet, stderr=quiet)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if httpx.get(f"{self.http}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start")

    def stop(self, kill: bool = False) -> None:
        if self.process is None:
            return
        if kill:
            os.kill(self.process.pid, signal.SIGKILL)
        else:
            self.process.terminate()
        self.process.wait(30)
        self.process = None


def _new_tables(server: Server, count: int) -> list[dict[str, Any]]:
    with httpx.Client(base_url=server.http, timeout=30) as client:
        tables = []
        for _ in range(count):
            response = client.post("/api/tables", json={"humans": ["S"]})
            response.raise_for_status()
            tables.append(response.json())
        return tables


# --- simulated humans ------------------------------------------------------------------------------------


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    boards: int = 0
    acked: dict[str, list[tuple[int, int, dict[str, Any]]]] = field(default_factory=dict)
    """Per table: (board position, seq, action) of every acknowledged action."""


async def _human(server: Server, table: dict[str, Any], think: float, stats: Stats, stop: asyncio.Event,
                 rng: random.Random, until_end: bool = False) -> None:
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table['id']}?token={table['tokens']['S']}"
    sent: dict[str, tuple[float, dict[str, Any]]] = {}
    acted_at = -1
    position = 1
    n = 0
    acked = stats.acked.setdefault(table["id"], [])
    async with websockets.connect(url, max_queue=None) as ws:
        async for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "ack":
                at, action = sent.pop(message["ref"])
                stats.latencies.append(time.perf_counter() - at)
                if action["type"] == "next-board":
                    position += 1
                acked.append((position, message["seq"], action))
                continue
            if kind == "error":
                stats.errors += 1
                sent.pop(message.get("ref") or "", None)
                continue
            view, seq = message["view"], message["seq"]
            if message["position"] != position:
                position, acted_at = message["position"], -1
            if view["phase"] == "ended":
                stats.boards += 1
                if until_end or stop.is_set():
                    return
                action = {"type": "next-board"}
            elif view["legal"] and not sent and seq > acted_at:
                kind = "call" if view["phase"] == "auction period" else "card"
                legal = view["legal"]
                choice = "P" if kind == "call" and "P" in legal and rng.random() < 0.8 else rng.choice(legal)
                action = {"type": kind, kind: choice}
                acted_at = seq
            else:
                continue
            if stop.is_set():
                return
            if think:
                await asyncio.sleep(rng.expovariate(1 / think))
            n += 1
            ref = f"{n}"
            sent[ref] = (time.perf_counter(), action)
            await ws.send(json.dumps({"v": 1, "id": ref, **action}))


async def _drive(server: Server, tables: list[dict[str, Any]], think: float, seconds: float,
                 stats: Stats) -> None:
    stop = asyncio.Event()
    rng = random.Random(1)
    tasks = [asyncio.create_task(_human(server, t, think, stats, stop, random.Random(rng.random())))
             for t in tables]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    for task in tasks:
        task.cancel()


def _load(levels: list[int], seconds: float, think: float) -> None:
    best = 0
    for count in levels:
        with tempfile.TemporaryDirectory() as tmp:
            server = Server(f"sqlite:///{Path(tmp) / 'load.db'}")
            server.start()
            try:
                tables = _new_tables(server, count)
                stats = Stats()
                warm = Stats()
                asyncio.run(_drive(server, tables, think, min(3.0, seconds / 4), warm))  # connect, warm up
                asyncio.run(_drive(server, tables, think, seconds, stats))
            finally:
                server.stop()
        lat = sorted(stats.latencies)
        if not lat:
            print(f"{count:5d} tables: no action acknowledged")  # noqa: T201
            continue
        p50 = statistics.median(lat) * 1000
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
        rate = len(lat) / seconds
        print(f"{count:5d} tables: {rate:7.1f} human actions/s acknowledged (with ~3 robot events each), "  # noqa: T201
              f"ack latency p50 {p50:6.1f} ms, p99 {p99:6.1f} ms, max {lat[-1] * 1000:6.1f} ms; "
              f"{stats.boards} boards ended, {stats.errors} errors")
        if p99 < 100:
            best = max(best, count)
    print(f"tables held with p99 action latency under 100 ms: {best} (of the levels tried)")  # noqa: T201


# --- crash -----------------------------------------------------------------------------------------------


def _crash(count: int, seconds: float) -> int:
    from tenace.laws.log import event_from_json
    from tenace.server.persistence import LiveStore
    from tenace.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'crash.db'}"
        server = Server(db)
        server.start()
        tables = _new_tables(server, count)
        stats = Stats()

        async def until_kill() -> None:
            stop = asyncio.Event()
            rng = random.Random(2)
            tasks = [asyncio.create_task(_human(server, t, 0.005, stats, stop, random.Random(rng.random())))
                     for t in tables]
            await asyncio.sleep(seconds)
            server.stop(kill=True)  # SIGKILL while the tables play
            await asyncio.wait(tasks, timeout=10)
            for task in tasks:
                task.cancel()

        asyncio.run(until_kill())
        acknowledged = sum(len(a) for a in stats.acked.values())
        missing = 0
        with Store.open(db) as store:
            live = LiveStore(store.engine)
            for table in tables:
                boards = {b.position: b for b in live.history(table["id"])}
                for position, seq, action in stats.acked.get(table["id"], []):
                    board = boards.get(position)
                    if board is None:
                        missing += 1
                    elif action["type"] != "next-board" and not (
                        len(board.events) >= seq and _same(action, event_from_json(board.events[seq - 1]))
                    ):
                        missing += 1
        print(f"crash: {count} tables, {acknowledged} actions acknowledged before SIGKILL, "  # noqa: T201
              f"{missing} of them missing after the restart")
        server.start()
        try:
            finished = Stats()

            async def finish() -> None:
                stop = asyncio.Event()
                rng = random.Random(3)
                await asyncio.wait_for(asyncio.gather(*(
                    _human(server, t, 0.0, finished, stop, random.Random(rng.random()), until_end=True)
                    for t in tables)), timeout=300)

            asyncio.run(finish())
        finally:
            server.stop()
        print(f"crash: after the restart {finished.boards} of {count} tables played on to the end of their "  # noqa: T201
              f"board ({finished.errors} errors)")
        return 0 if missing == 0 and finished.boards == count else 1


def _same(action: dict[str, Any], event: Any) -> bool:
    from tenace.laws.events import CallMade, CardPlayed

    if action["type"] == "call":
        return isinstance(event, CallMade) and str(event.call) == action["call"] and event.seat.value == "S"
    if action["type"] == "card":
        return isinstance(event, CardPlayed) and str(event.card) == action["card"]
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--privacy", type=int, default=0, help="robot boards to check (acceptance: 1000)")
    parser.add_argument("--load", default="", help="numbers of tables, comma-separated (e.g. 50,100,200)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring time per level")
    parser.add_argument("--think", type=float, default=1.0, help="a human's mean time to act, in seconds")
    parser.add_argument("--crash", type=int, default=0, help="tables killed mid-play (acceptance: 100)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    status = 0
    if args.privacy:
        status |= asyncio.run(_privacy(args.privacy, args.seed))
    if args.load:
        _load([int(n) for n in args.load.split(",")], args.seconds, args.think)
    if args.crash:
        status |= _crash(args.crash, seconds=4.0)
    if not (args.privacy or args.load or args.crash):
        parser.print_help()
    return status


if __name__ == "__main__":
    sys.exit(main())
