"""What accounts cost the server: an argon2id hash and a verification with the default parameters (one login
costs one verification), session look-ups in SQLite, CSRF and seat-token checks, and rate-limiter hits.

Run: ``.venv/bin/python benchmarks/bench_auth.py [--logins 20] [--lookups 2000]``
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tenace.seats import Seat
from tenace.server.accounts import Accounts
from tenace.server.security import (
    InMemoryRateLimiter,
    Passwords,
    SeatTokens,
    csrf_token,
    csrf_token_matches,
)
from tenace.store import Store


def per_second(label: str, count: int, work: Callable[[], object]) -> None:
    start = time.perf_counter()
    for _ in range(count):
        work()
    elapsed = time.perf_counter() - start
    print(f"{label:<44} {count / elapsed:>12,.0f} per second ({elapsed / count * 1e6:,.1f} µs each)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--logins", type=int, default=20)
    parser.add_argument("--lookups", type=int, default=2000)
    args = parser.parse_args()

    passwords = Passwords()
    hasher = passwords.hasher
    print(f"argon2id parameters: t={hasher.time_cost} m={hasher.memory_cost} KiB p={hasher.parallelism}")
    times = []
    stored = ""
    for _ in range(args.logins):
        start = time.perf_counter()
        stored = passwords.hash("correct horse battery")
        times.append(time.perf_counter() - start)
    print(f"{'hash (registration)':<44} median {statistics.median(times) * 1000:,.1f} ms")
    times = []
    for _ in range(args.logins):
        start = time.perf_counter()
        passwords.verify(stored, "correct horse battery")
        times.append(time.perf_counter() - start)
    print(f"{'verify (one login)':<44} median {statistics.median(times) * 1000:,.1f} ms")

    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'b.db'}"
        with Store.open(url) as store:
            accounts = Accounts(store.engine, Passwords.fast_for_tests())
            user = accounts.register("ann", "correct horse battery")
            token = accounts.open_session(user)
            lookup = lambda: accounts.user_for_token(token)  # noqa: E731
            per_second("session look-up (SQLite, per request)", args.lookups, lookup)
            per_second("open a session (SQLite, synchronous=FULL)", 50, lambda: accounts.open_session(user))

    secret = b"a benchmark secret of some length"
    csrf = csrf_token(secret, "session:abc")
    per_second("CSRF token check", 100_000, lambda: csrf_token_matches(secret, "session:abc", csrf))
    seats = SeatTokens(secret)
    seat_token = seats.issue("t1", Seat.NORTH, "user:1")
    per_second("seat token check", 100_000, lambda: seats.authenticate_seat("t1", seat_token))
    limiter = InMemoryRateLimiter()
    keys = [f"conn:{i}" for i in range(1000)]
    counter = iter(range(10**9))
    per_second(
        "rate-limiter hit (1,000 connections)",
        200_000,
        lambda: limiter.hit(keys[next(counter) % 1000], limit=20, window=1.0),
    )


if __name__ == "__main__":
    main()
