"""How long ``tenace serve`` takes to start with many open practice tables in its store (issue 16: 2,178
tables made a restart take 22 s, every one replayed at each start).

Run: ``.venv/bin/python benchmarks/bench_restore.py [--tables 2000] [--recent 20] [--runs 3]``

It fills a fresh SQLite store with ``--tables`` practice tables (robots call until a human's turn), moves
all but ``--recent`` of them two hours back (idle, as most tables of a busy server are), then starts the app
again and again, interleaved: with every open table rebuilt at once (``restore_recent=-1``, the behaviour
before the lazy restore) and with the default (the recent ones rebuilt, the idle ones on their first visit).
It prints the median start time of each, their ratio, and the time of the first visit to an idle table.
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update

from tenace.server.actors import FallbackRobot
from tenace.server.app import create_app
from tenace.server.persistence import LiveEventRow, LiveTableRow
from tenace.server.settings import Settings


def _client(db: str, **overrides: object) -> TestClient:
    settings = Settings(database_url=db, robot_samples=0, anonymous_tables=True, max_tables=0,
                        tables_per_client=0, **overrides)  # type: ignore[arg-type]
    return TestClient(create_app(settings, robots=FallbackRobot))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--recent", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'restore.db'}"
        made = time.perf_counter()
        with _client(db) as client:
            ids = [client.post("/api/tables", json={"humans": ["S"]}).json()["id"]
                   for _ in range(args.tables)]
        print(f"{args.tables} tables made in {time.perf_counter() - made:.1f} s", file=sys.stderr)  # noqa: T201
        engine = create_engine(db)
        back = dt.datetime.now(dt.UTC) - dt.timedelta(hours=2)
        idle = ids[args.recent:]
        with engine.begin() as connection:
            connection.execute(update(LiveTableRow).where(LiveTableRow.id.in_(idle)).values(created_at=back))
            connection.execute(update(LiveEventRow).where(LiveEventRow.table_id.in_(idle)).values(at=back))
        engine.dispose()
        times: dict[str, list[float]] = {"every table at once": [], "lazy (default)": []}
        visits: list[float] = []
        for _ in range(args.runs):
            for label, recent in (("every table at once", -1.0), ("lazy (default)", 3600.0)):
                start = time.perf_counter()
                with _client(db, restore_recent=recent) as client:
                    times[label].append(time.perf_counter() - start)
                    if recent >= 0:
                        start = time.perf_counter()
                        assert client.get(f"/api/tables/{idle[0]}").status_code == 200
                        visits.append(time.perf_counter() - start)
    before, after = (statistics.median(v) for v in times.values())
    print(f"start with {args.tables} open tables, {args.recent} touched in the last hour "  # noqa: T201
          f"(median of {args.runs}):")
    print(f"  every table rebuilt at once  {before:7.2f} s")  # noqa: T201
    print(f"  lazy restore (default)       {after:7.2f} s   {before / after:6.1f}x faster")  # noqa: T201
    print(f"  first visit to an idle table {statistics.median(visits) * 1000:7.1f} ms")  # noqa: T201


if __name__ == "__main__":
    main()
