"""Two processes entering the same results at the same moment (two devices resending, or a device and an
import): every slot ends with exactly one version and neither process fails."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tenace.store import Store

from .crash_writer import crash_event, expected_result, key

WRITER = Path(__file__).with_name("crash_writer.py")
COUNT = 30


def test_two_writers_entering_the_same_results_at_once_store_each_once(store_url: str) -> None:
    with Store.open(store_url) as store:
        event_id = store.create_event(crash_event(COUNT))
    command = [sys.executable, str(WRITER), store_url, str(COUNT), str(event_id)]
    writers = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)
    ]
    outcomes = [writer.communicate(timeout=120) for writer in writers]
    for writer, (out, err) in zip(writers, outcomes, strict=True):
        assert writer.returncode == 0, err
        assert out.splitlines()[-1] == f"ack {key(COUNT)}"
    with Store.open(store_url) as store:
        stored = store.stored(event_id)
        assert [s.result for s in stored] == [expected_result(i) for i in range(1, COUNT + 1)]
        assert {s.version for s in stored} == {1}
        assert [c.action for c in store.history(event_id)].count("enter") == COUNT
