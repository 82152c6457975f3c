"""Crash safety: every result whose entry was acknowledged is still there after the writing process is killed
with SIGKILL in the middle of its work (SQLite with WAL and synchronous=FULL; PostgreSQL)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from sqlalchemy import text

from tenace.store import Store

from .crash_writer import expected_result, key

WRITER = Path(__file__).with_name("crash_writer.py")
PLANNED = 1000
KILL_AFTER = 40


def run_and_kill(url: str) -> tuple[int, list[str]]:
    """Start the writer, read acknowledgements until KILL_AFTER have come, kill it; the event and the keys."""
    process = subprocess.Popen(
        [sys.executable, str(WRITER), url, str(PLANNED)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    acknowledged: list[str] = []
    event_id = None
    deadline = time.monotonic() + 60
    try:
        for line in process.stdout:
            word, value = line.split()
            if word == "event":
                event_id = int(value)
            else:
                acknowledged.append(value)
            if len(acknowledged) >= KILL_AFTER or time.monotonic() > deadline:
                break
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL, process.stderr.read() if process.stderr else ""
    assert event_id is not None and len(acknowledged) == KILL_AFTER
    return event_id, acknowledged


def test_every_acknowledged_result_survives_a_kill_9_of_the_writer(store_url: str) -> None:
    event_id, acknowledged = run_and_kill(store_url)
    with Store.open(store_url) as store:
        stored = {s.key: s for s in store.stored(event_id)}
        assert set(acknowledged) <= set(stored)
        assert len(stored) < PLANNED  # the writer was killed part way through
        for i in range(1, len(stored) + 1):  # entries are in order: whatever was committed is a prefix
            assert stored[key(i)].result == expected_result(i)
        if store.engine.dialect.name == "sqlite":
            with store.engine.connect() as connection:
                assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"
        after = store.enter(event_id, 1, expected_result(PLANNED), by="after the crash")
        assert after.result == expected_result(PLANNED)
