"""The hand-privacy acceptance run of issue 5, through a cluster: 1,000 robot boards (claims, doubted claims
and the Director's rulings, penalty cards under the Laws policy, dummy) played at the hub that owns each
table, with a spectator, the Director and each seat connected both to it and to a second hub that follows the
table from the events published through Redis (docs/scale-out.md). Every message sent to any of them, and
every view given to a robot, is checked against what its recipient may see, computed from the deal and the
stored events alone (tests/server/privacy.py); the follower's views must also come one per event, in order.

    .venv/bin/python benchmarks/privacy_harness.py [--boards 1000] [--db URL]

Needs TENACE_TEST_REDIS_URL (source scripts/_system.sh). Exits 1 on any violation. (The single-process run is
``benchmarks/bench_server.py --privacy 1000``.)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from server.clusterprivacy import run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--db", default=None, help="a database URL (default: a new SQLite file)")
    args = parser.parse_args()
    redis = os.environ.get("TENACE_TEST_REDIS_URL")
    if not redis:
        raise SystemExit("TENACE_TEST_REDIS_URL is not set (source scripts/_system.sh)")
    from tenace.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'privacy.db'}"
        Store.open(db).close()
        started = time.perf_counter()
        report = asyncio.run(run(args.boards, args.seed, db, redis))
        elapsed = time.perf_counter() - started
    violations = len(report.leaks) + len(report.out_of_order)
    print(f"privacy (two hubs): {report.boards} robot boards, {report.messages} messages checked "  # noqa: T201
          f"({report.follower_messages} of them from the follower), {report.claims} claims, "
          f"{report.exposed} cards exposed; violations: {len(report.leaks)} leaks, "
          f"{len(report.out_of_order)} views out of order ({elapsed:.1f} s)")
    for leak in report.leaks[:5]:
        print(f"  LEAK {leak}")  # noqa: T201
    for problem in report.out_of_order[:5]:
        print(f"  OUT OF ORDER {problem}")  # noqa: T201
    return 1 if violations or report.boards < args.boards else 0


if __name__ == "__main__":
    sys.exit(main())
