"""Hand privacy through a cluster (docs/scale-out.md): robot boards (claims, penalty cards, the Director's
rulings) played at one hub, with every viewer connected to it and to a second hub that follows the table
from the published events; no message from either holds a card its recipient may not see, and the follower's
clients get one view per event, in order. (benchmarks/privacy_harness.py runs 1,000 boards.)"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from server.clusterprivacy import run
from tenace.store import Store

REDIS_URL = os.environ.get("TENACE_TEST_REDIS_URL")


def test_no_message_from_owner_or_follower_shows_a_card_its_recipient_may_not_see(tmp_path: Path) -> None:
    if not REDIS_URL:
        if os.environ.get("CI"):
            pytest.fail("TENACE_TEST_REDIS_URL is not set in CI (scripts/_system.sh sets it up)")
        pytest.skip("TENACE_TEST_REDIS_URL is not set")
    db = f"sqlite:///{tmp_path / 'privacy.db'}"
    Store.open(db).close()
    report = asyncio.run(run(10, seed=7, db=db, redis_url=REDIS_URL, per_table=5))
    assert report.boards == 10
    assert report.leaks == []
    assert report.out_of_order == []
    assert report.follower_messages > 10 * 7 * 10  # seven viewers at the follower, many events a board
    assert report.claims + report.exposed > 0  # claims and exposed cards went through the follower too
