"""Load on the online server (issue 5): simulated WebSocket clients drive concurrent tables; how many tables
are held with a p99 action latency under 100 ms.

    .venv/bin/python benchmarks/bench_server_load.py --tables 100,200,400,1000 [--seconds 20] [--think 1.0]
    .venv/bin/python benchmarks/bench_server_load.py --cluster --tables 200,400   # two processes, PG + Redis
    .venv/bin/python benchmarks/bench_server_load.py --crash 100   # kill -9 the owner of 100 tables

``--crash N``: two processes on PostgreSQL and Redis; N tables are created on A and played by clients
connected to B; A is killed with SIGKILL in the middle of play (and started again); B takes the tables over
when A's leases expire. Every action acknowledged to a client must be in the store at its place, and every
table must be played to the end of its board. (The single-process crash run, with a restart on the same
database, is ``benchmarks/bench_server.py --crash 100``.)

Each table has one simulated human (South) and three robots of :mod:`tenace.robots` (playing without
double-dummy solving: ``TENACE_ROBOT_SAMPLES=0``, so that the server, not the robots' search, is measured).
The human acts ``--think`` seconds on average (exponentially distributed) after his turn comes, plays a random
legal call or card, and asks for the next board when one ends. The latency of an action is the time from
sending it to receiving its ``ack`` (so: parsed, applied by the engine, committed to the database, then
acknowledged). The clients run in this process, on the same 2-core machine as the server(s).

``--compare DIR``: each level is run with the server on another source tree (``DIR``, a ``src`` directory,
say ``git archive HEAD src | tar -x -C /tmp/old``) and on this one, alternately, ``--rounds`` times; the
server's CPU time per human action of the two is printed side by side with their ratio (the same machine,
the same minutes: the ratio holds under load where the absolute numbers do not).

Single process (default): ``tenace serve`` on an SQLite file (``--db`` for another URL). ``--cluster``: two
processes on TENACE_TEST_POSTGRES_URL (a fresh schema) and TENACE_TEST_REDIS_URL (docs/scale-out.md); tables
are created on both, and half the clients connect to the process that does not own their table (their
actions are forwarded through Redis).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from server.liveservers import Player, ServerProcess, new_tables, stored_actions_missing  # noqa: E402


@contextmanager
def _postgres_schema() -> Iterator[str]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from tenace.store import Store

    base = os.environ.get("TENACE_TEST_POSTGRES_URL")
    if not base:
        raise SystemExit("--cluster needs TENACE_TEST_POSTGRES_URL (source scripts/_system.sh)")
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    db = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
        hide_password=False)
    Store.open(db).close()
    try:
        yield db
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


async def _drive(players: list[Player], seconds: float, warm_up: float = 0.0,
                 at_start: Any = None, at_end: Any = None) -> None:
    """Let the players play ``warm_up`` seconds (their connections opened, their first boards dealt), then
    forget what they measured, call ``at_start()`` and go on for ``seconds``: the same connections throughout,
    so that the measured window holds no storm of (re)connections."""
    stop = asyncio.Event()
    tasks = [asyncio.create_task(p.play(stop, keep_messages=False)) for p in players]
    if warm_up:
        await asyncio.sleep(warm_up)
        for p in players:
            p.latencies.clear()
            p.errors.clear()
            p.boards = 0
    if at_start is not None:
        at_start()
    await asyncio.sleep(seconds)
    if at_end is not None:
        at_end()
    stop.set()
    await asyncio.wait(tasks, timeout=15)
    for task in tasks:
        task.cancel()


@dataclass
class Level:
    """What one level measured: the acknowledged actions' latencies, the server's CPU per action."""

    p50: float
    p99: float
    cpu_ms: float
    actions: float


def _level(count: int, seconds: float, think: float, cluster: bool, db: str | None, tmp: str) -> Level | None:
    servers: list[ServerProcess]
    if cluster:
        redis = os.environ.get("TENACE_TEST_REDIS_URL")
        if not redis:
            raise SystemExit("--cluster needs TENACE_TEST_REDIS_URL (source scripts/_system.sh)")
        assert db is not None
        servers = [ServerProcess(db, redis, log=f"{tmp}/a{count}.log"),
                   ServerProcess(db, redis, log=f"{tmp}/b{count}.log")]
    else:
        url = db or f"sqlite:///{Path(tmp) / f'load{count}-{uuid.uuid4().hex[:8]}.db'}"
        servers = [ServerProcess(url, log=f"{tmp}/a{count}.log")]
    for server in servers:
        try:
            server.start()
        except RuntimeError:
            print(Path(server.log or "").read_text()[-3000:])  # noqa: T201
            raise
    try:
        tables = []
        for i, server in enumerate(servers):
            tables += [(i, t) for t in new_tables(server, count // len(servers) + (i < count % len(servers)))]
        rng = random.Random(count)
        players = []
        for n, (owner, table) in enumerate(tables):
            at = servers[(owner + n // len(servers)) % len(servers)]  # half the clients at the other process
            players.append(Player(at.ws(table["id"], table["tokens"]["S"]), random.Random(rng.random()),
                                  think=think, next_board=True, patience=10.0))
        marks: dict[str, Any] = {}

        def mark(when: str) -> None:
            cpu_now = [_cpu_seconds(server) for server in servers]
            marks[when] = (cpu_now, time.process_time(), time.perf_counter())
            marks[f"{when} counts"] = [len(p.latencies) for p in players]

        _run(_drive(players, seconds, warm_up=max(3.0, min(10.0, count / 100)),
                    at_start=lambda: mark("start"), at_end=lambda: mark("end")))
        (cpu_start, clients_start, started), (cpu_end, clients_end, ended) = marks["start"], marks["end"]
        elapsed = ended - started
        cpu = sum(b - a for a, b in zip(cpu_start, cpu_end, strict=True))
        clients_cpu = clients_end - clients_start
        for p, counted in zip(players, marks["end counts"], strict=True):
            del p.latencies[counted:]  # acknowledged after the end mark: not counted
        writes = [httpx.get(f"{server.http}/api/health", timeout=10).json()["writes"] for server in servers]
    finally:
        for server in servers:
            server.stop()
    latencies = sorted(x for p in players for x in p.latencies)
    errors = sum(len(p.errors) for p in players)
    codes = Counter(e.get("code") for p in players for e in p.errors)
    boards = sum(p.boards for p in players)
    if not latencies:
        print(f"{count:5d} tables: no action acknowledged")  # noqa: T201
        return None
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    print(f"{count:5d} tables: {len(latencies) / elapsed:7.1f} human actions/s acknowledged "  # noqa: T201
          f"(+ ~3 robot events each), ack latency p50 {p50:6.1f} ms, p99 {p99:7.1f} ms, "
          f"max {latencies[-1] * 1000:7.1f} ms; {boards} boards ended, {errors} errors {dict(codes) or ''}; "
          f"server CPU {cpu / elapsed:4.2f} s/s, {cpu / len(latencies) * 1000:5.2f} ms per human action "
          f"(the simulated clients: {clients_cpu / elapsed:4.2f} s/s); commits p50/p99 "
          + ", ".join(f"{w['commit_ms_p50']:.1f}/{w['commit_ms_p99']:.1f} ms, "
                      f"{w['events'] / max(1, w['commits']):.1f} events a commit" for w in writes),
          flush=True)
    return Level(p50, p99, cpu / len(latencies) * 1000, len(latencies) / elapsed)


def _run(coroutine: Any) -> None:
    """Run the simulated clients on uvloop (as uvicorn runs the server), so that they take less of the
    machine's two cores from the server they measure."""
    import uvloop

    uvloop.run(coroutine)


def _cpu_seconds(server: ServerProcess) -> float:
    """The CPU time (user and system) the server process has used so far, from /proc (Linux)."""
    assert server.process is not None
    fields = Path(f"/proc/{server.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _stopped(tasks: list[asyncio.Task[None]]) -> bool:
    """Every player is done, or one has failed (its exception is raised where its task is awaited)."""
    return all(t.done() for t in tasks) or any(t.done() and not t.cancelled() and t.exception() is not None
                                               for t in tasks)


def _crash(count: int, db: str) -> int:
    """Two processes; ``count`` tables created on A, their clients on B; A is killed with SIGKILL in the
    middle of play and started again; B takes the tables over when A's leases expire."""
    redis = os.environ.get("TENACE_TEST_REDIS_URL")
    if not redis:
        raise SystemExit("--crash needs TENACE_TEST_REDIS_URL (source scripts/_system.sh)")
    a, b = ServerProcess(db, redis, lease_seconds=2.0), ServerProcess(db, redis, lease_seconds=2.0)
    a.start()
    b.start()
    try:
        tables = new_tables(a, count)
        rng = random.Random(count)
        players = [Player(b.ws(t["id"], t["tokens"]["S"]), random.Random(rng.random()), think=0.05,
                          patience=5.0, reconnects=5) for t in tables]
        at_kill: dict[str, int] = {}

        async def play() -> None:
            tasks = [asyncio.create_task(p.play(keep_messages=False)) for p in players]
            async with asyncio.timeout(600):
                while sum(len(p.acked) for p in players) < 3 * count and not _stopped(tasks):
                    await asyncio.sleep(0.01)
            a.kill()
            at_kill.update(acked=sum(len(p.acked) for p in players), ended=sum(p.ended for p in players))
            started = time.perf_counter()
            await asyncio.to_thread(a.start)
            at_kill["restart"] = int((time.perf_counter() - started) * 1000)
            await asyncio.wait(tasks, timeout=600)

        started = time.perf_counter()
        asyncio.run(play())
        elapsed = time.perf_counter() - started
    finally:
        a.stop()
        b.stop()
    acked = {t["id"]: p.acked for t, p in zip(tables, players, strict=True)}
    missing = stored_actions_missing(db, acked)
    finished = sum(p.ended for p in players)
    reconnected = sum(p.reconnected for p in players)
    total = sum(len(x) for x in acked.values())
    print(f"crash (two processes): {count} tables, {at_kill['acked']} actions acknowledged before SIGKILL of "  # noqa: T201
          f"the owner ({at_kill['ended']} tables had ended), {total} in all; {len(missing)} acknowledged "
          f"actions missing from the store; {finished} of {count} tables played to the end of their board "
          f"(owner restarted in {at_kill['restart']} ms; {elapsed:.1f} s in all; clients reconnected "
          f"{reconnected} times)")
    for problem in missing[:5]:
        print(f"  MISSING {problem}")  # noqa: T201
    return 0 if not missing and finished == count else 1


def _compare(args: argparse.Namespace, other: Path) -> int:
    """Each level on ``other`` (a source tree) and on this tree, alternately: the server's CPU per human
    action side by side, and the ratio this / other."""
    if not (other / "tenace" / "__init__.py").is_file():
        raise SystemExit(f"--compare {other}: not a source tree (no tenace/__init__.py there)")
    trees = {"other": str(other), "this": str(ROOT / "src")}
    before = os.environ.get("PYTHONPATH")
    with tempfile.TemporaryDirectory() as tmp:
        for count in (int(n) for n in args.tables.split(",")):
            got: dict[str, list[Level]] = {"other": [], "this": []}
            for _ in range(args.rounds):
                for name, tree in trees.items():
                    os.environ["PYTHONPATH"] = tree if before is None else f"{tree}{os.pathsep}{before}"
                    print(f"  {name} ({tree}):", end=" ", flush=True)  # noqa: T201
                    level = _level(count, args.seconds, args.think, False, args.db, tmp)
                    if level is not None:
                        got[name].append(level)
            if not got["other"] or not got["this"]:
                continue
            cpu = {name: statistics.median(x.cpu_ms for x in levels) for name, levels in got.items()}
            print(f"{count:5d} tables: server CPU per human action {cpu['other']:.2f} ms (other) and "  # noqa: T201
                  f"{cpu['this']:.2f} ms (this), ratio this/other {cpu['this'] / cpu['other']:.2f}; p99 "
                  + " / ".join(", ".join(f"{x.p99:.0f}" for x in got[n]) + f" ms ({n})" for n in got),
                  flush=True)
    if before is None:
        os.environ.pop("PYTHONPATH", None)
    else:
        os.environ["PYTHONPATH"] = before
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", default="50,100,200,400", help="numbers of tables, comma-separated")
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring time per level")
    parser.add_argument("--think", type=float, default=1.0, help="a human's mean time to act, in seconds")
    parser.add_argument("--cluster", action="store_true", help="two processes on PostgreSQL and Redis")
    parser.add_argument("--db", default=None, help="database URL for the single process (default SQLite)")
    parser.add_argument("--compare", default=None, metavar="DIR",
                        help="another source tree (its src directory) to run each level with, alternately")
    parser.add_argument("--rounds", type=int, default=2, help="with --compare: runs of each tree per level")
    parser.add_argument("--crash", type=int, default=0,
                        help="tables whose owner process is killed (acceptance: 100)")
    args = parser.parse_args()
    os.environ.setdefault("TENACE_ROBOT_SAMPLES", "0")
    if args.crash:
        with _postgres_schema() as db:
            return _crash(args.crash, db)
    if args.compare:
        return _compare(args, Path(args.compare).resolve())
    held = 0
    with tempfile.TemporaryDirectory() as tmp:
        for count in (int(n) for n in args.tables.split(",")):
            if args.cluster:
                with _postgres_schema() as db:
                    level = _level(count, args.seconds, args.think, True, db, tmp)
            else:
                level = _level(count, args.seconds, args.think, False, args.db, tmp)
            if level is not None and level.p99 < 100:
                held = max(held, count)
    where = "two processes (PostgreSQL + Redis)" if args.cluster else "one process"
    print(f"{where}: tables held with p99 action latency under 100 ms: {held} (of the levels tried)")  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())

