"""The server's CPU time per human action, old code against new, side by side in one run (issue 16, item 5).

    .venv/bin/python benchmarks/bench_server_action.py --compare /tmp/old/src [--tables 300] [--think 1.5]
    .venv/bin/python benchmarks/bench_server_action.py             # this tree only

Each run is a fresh process with the server's table runtime (:class:`tenace.server.actors.Hub`, its
:class:`~tenace.server.persistence.LiveStore` on an SQLite file with WAL and ``synchronous=FULL``, the
robots of :mod:`tenace.robots` without double-dummy solving, the collector set as ``tenace serve`` sets it)
and ``--tables`` tables, each with one simulated human (South) who makes a random legal call or card, or
asks for the next board when one ends, ``--think`` seconds (on average) after his turn comes: 300 tables
at 1.5 s make about 200 human actions a second, the pace of 1,000 tables at one action per 5 s, so that the
group commits hold as many events as they do there. Each human's messages go through the server's own writer
(``tenace.server.app._write``: the JSON a WebSocket would carry) and his actions through its own reader
(``_receive``), so everything but uvicorn's framing and the sockets is measured: the engine, the robots, the
views, the JSON and the group commits in their worker threads. The process's CPU time (every thread) over
``--actions`` acknowledged human actions, after a warm-up, less the simulated humans' own share (their JSON
decoding and choices, timed on their thread), divided by the actions: milliseconds of server CPU per human
action (each brings about three robot events).

``--compare DIR`` runs the same with ``DIR`` (another tree's ``src``, e.g. made with
``git archive <commit> src | tar -x -C /tmp/old``) first on the path, alternating the two trees ``--rounds``
times, and prints the medians and the ratio this / other: measured in the same minutes on the same machine,
the ratio holds when the machine is busy, where the absolute numbers do not. The live load (latencies at
hundreds of tables through real WebSockets) is ``bench_server_load.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


class _Socket:
    """What ``_write`` needs of a WebSocket: the text goes to the simulated human's queue."""

    def __init__(self, inbox: asyncio.Queue[str]) -> None:
        self.inbox = inbox

    async def send_text(self, text: str) -> None:
        self.inbox.put_nowait(text)

    async def close(self, code: int = 1000) -> None:
        return None


async def _measure(tables: int, actions: int, warm_up: int, db: str, seed: int,
                   think: float = 0.0) -> dict[str, float]:
    from tenace.seats import Seat
    from tenace.server import app as server_app
    from tenace.server.actors import Connection, Hub, default_robots
    from tenace.server.persistence import LiveStore
    from tenace.server.settings import Settings
    from tenace.store import Store

    store = Store.open(db)
    hub = Hub(LiveStore(store.engine), store=store, robots=default_robots(0))
    settings = Settings(database_url=db)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*getattr(server_app, "GC_THRESHOLDS", (700, 10, 10)))
    rng = random.Random(seed)
    acked = 0
    client_cpu = 0.0
    marks: dict[str, tuple[float, float, float]] = {}
    done = asyncio.Event()

    async def human(table_id: str, rng: random.Random) -> None:
        nonlocal acked, client_cpu
        actor = hub.tables[table_id]
        inbox: asyncio.Queue[str] = asyncio.Queue()
        connection = Connection(Seat.SOUTH)
        writer = asyncio.create_task(server_app._write(_Socket(inbox), connection))  # type: ignore[arg-type]
        actor.join(connection)
        waiting: str | None = None
        count = 0
        acted_at = (-1, -1)
        try:
            while not done.is_set():
                text = await inbox.get()
                started = time.thread_time()
                message = json.loads(text)
                kind = message["type"]
                action: dict[str, Any] | None = None
                if kind == "ack":
                    if message.get("ref") == waiting:
                        waiting = None
                        acked += 1
                        if acked == warm_up:
                            marks["start"] = (time.process_time(), client_cpu, time.perf_counter())
                        elif acked == warm_up + actions:
                            marks["end"] = (time.process_time(), client_cpu, time.perf_counter())
                            done.set()
                elif kind == "error":
                    waiting = None
                elif kind == "view" and waiting is None:
                    view, at = message["view"], (message["position"], message["seq"])
                    if at > acted_at:
                        if view["phase"] == "ended":
                            action = {"type": "next-board"}
                        elif view.get("legal"):
                            call = view["phase"] == "auction period"
                            legal = view["legal"]
                            choice = ("P" if call and "P" in legal and rng.random() < 0.7
                                      else rng.choice(legal))
                            action = {"type": "call" if call else "card", "call" if call else "card": choice}
                if action is not None:
                    acted_at = (message["position"], message["seq"])
                    count += 1
                    waiting = str(count)
                    text = json.dumps({"v": 1, "id": waiting, **action})
                client_cpu += time.thread_time() - started
                if action is not None:
                    if think:
                        await asyncio.sleep(rng.expovariate(1 / think))
                    await server_app._receive(actor, connection, text, settings)
        finally:
            writer.cancel()

    from tenace.seats import Seat as _Seat

    created = [await hub.create_table({_Seat.SOUTH}) for _ in range(tables)]
    players = [asyncio.create_task(human(c.id, random.Random(rng.random()))) for c in created]
    await done.wait()
    for task in players:
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    for actor in list(hub.tables.values()):
        await actor.stop()
    store.close()
    (cpu0, client0, wall0), (cpu1, client1, wall1) = marks["start"], marks["end"]
    server_cpu = (cpu1 - cpu0) - (client1 - client0)
    return {"cpu_ms": server_cpu / actions * 1000, "client_ms": (client1 - client0) / actions * 1000,
            "actions_per_s": actions / (wall1 - wall0),
            "events_per_commit": hub.writer.events / max(1, hub.writer.commits)}


def _child(args: argparse.Namespace) -> int:
    import uvloop

    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'actions.db'}"
        result = uvloop.run(_measure(args.tables, args.actions, args.warm_up, db, args.seed, args.think))
    print(json.dumps(result))  # noqa: T201
    return 0


def _run(tree: str, args: argparse.Namespace) -> dict[str, float]:
    env = dict(os.environ)
    env["PYTHONPATH"] = tree + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    command = [sys.executable, __file__, "--child", "--tables", str(args.tables), "--actions",
               str(args.actions), "--warm-up", str(args.warm_up), "--seed", str(args.seed), "--think",
               str(args.think)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"the run on {tree} failed:\n{out.stderr[-3000:]}")
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=300, help="tables, one simulated human each")
    parser.add_argument("--think", type=float, default=1.5,
                        help="a human's mean time to act, in seconds (exponential; 0: at once)")
    parser.add_argument("--actions", type=int, default=4000, help="human actions measured per run")
    parser.add_argument("--warm-up", type=int, default=1000, help="human actions before measuring")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compare", default=None, metavar="DIR", help="another tree's src to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each tree")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return _child(args)
    trees = {"this": str(ROOT / "src")}
    if args.compare:
        other = Path(args.compare).resolve()
        if not (other / "tenace" / "__init__.py").is_file():
            raise SystemExit(f"--compare {other}: not a source tree (no tenace/__init__.py there)")
        trees = {"other": str(other), **trees}
    got: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for name, tree in trees.items():
            result = _run(tree, args)
            got[name].append(result)
            print(f"  {name}: {result['cpu_ms']:.3f} ms of server CPU per human action "  # noqa: T201
                  f"({result['actions_per_s']:.0f} actions/s, {result['events_per_commit']:.1f} events a "
                  f"commit; the simulated human {result['client_ms']:.3f} ms)", flush=True)
    cpu = {name: statistics.median(r["cpu_ms"] for r in results) for name, results in got.items()}
    line = (f"{args.tables} tables, {args.actions} human actions a run: server CPU per human action "
            + ", ".join(f"{name} {ms:.3f} ms" for name, ms in cpu.items()))
    if "other" in cpu:
        line += f"; ratio this/other {cpu['this'] / cpu['other']:.2f}"
    print(line)  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
