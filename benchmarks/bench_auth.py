"""What accounts cost the server: an argon2id hash and a verification with the default parameters (one login
costs one verification), session look-ups in SQLite, CSRF and seat-token checks, and rate-limiter hits.

The session look-up runs on every request. It only reads, so it runs in a read-only transaction (a deferred
``BEGIN`` on SQLite: no write lock). To show what that saves, it is also timed under ``BEGIN IMMEDIATE`` (the
write lock, as every transaction took before), alone and while another thread keeps writing (opening
sessions, each commit waiting for the disk).

Run: ``.venv/bin/python benchmarks/bench_auth.py [--logins 20] [--lookups 2000] [--seconds 3]``
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tenace.seats import Seat
from tenace.server.accounts import Accounts
from tenace.server.security import (
    InMemoryRateLimiter,
    Passwords,
    SeatTokens,
    User,
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


def locked(accounts: Accounts, engine: object) -> Accounts:
    """The same accounts, but the look-up takes the write lock (``BEGIN IMMEDIATE``), as before."""
    other = Accounts(engine, accounts.passwords)  # type: ignore[arg-type]
    other._reader = engine  # type: ignore[assignment]  # the plain engine: BEGIN IMMEDIATE
    return other


def while_writing(label: str, accounts: Accounts, writer: Accounts, user: User, token: str,
                  seconds: float) -> None:
    """Look-ups for ``seconds`` while another thread opens sessions as fast as it can."""
    stop = threading.Event()
    writes = 0

    def write() -> None:
        nonlocal writes
        while not stop.is_set():
            writer.open_session(user)
            writes += 1

    thread = threading.Thread(target=write)
    thread.start()
    times = []
    end = time.perf_counter() + seconds
    try:
        while time.perf_counter() < end:
            start = time.perf_counter()
            assert accounts.user_for_token(token) == user
            times.append(time.perf_counter() - start)
    finally:
        stop.set()
        thread.join()
    times.sort()
    print(f"{label:<44} median {statistics.median(times) * 1e6:>7,.0f} µs, 99th percentile "
          f"{times[int(len(times) * 0.99)] * 1e6:>7,.0f} µs ({len(times) / seconds:,.0f} look-ups/s, "
          f"{writes / seconds:,.0f} writes/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--logins", type=int, default=20)
    parser.add_argument("--lookups", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=3.0)
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
            old = locked(accounts, store.engine)
            for _ in range(2):  # alternate, so that a busy machine slows both alike
                per_second("session look-up (SQLite, read-only)", args.lookups,
                           lambda: accounts.user_for_token(token))
                per_second("session look-up (SQLite, write lock)", args.lookups,
                           lambda: old.user_for_token(token))
            per_second("open a session (SQLite, synchronous=FULL)", 50, lambda: accounts.open_session(user))
            writer = Accounts(store.engine, Passwords.fast_for_tests())
            while_writing("look-up while writing (read-only)", accounts, writer, user, token, args.seconds)
            while_writing("look-up while writing (write lock)", old, writer, user, token, args.seconds)

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
