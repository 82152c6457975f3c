"""RedisRateLimiter against a real Redis (TENACE_TEST_REDIS_URL; scripts/_system.sh starts one): it takes
the same decisions as the in-memory limiter, and two limiters on one Redis (two server processes) share
their counts, so that a login lockout holds across processes."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenace.server.security import (
    AccountLockedError,
    InMemoryRateLimiter,
    Limit,
    LoginGuard,
    LoginPolicy,
    RedisRateLimiter,
)

REDIS_URL = os.environ.get("TENACE_TEST_REDIS_URL")

pytestmark = pytest.mark.skipif(
    REDIS_URL is None and not os.environ.get("CI"), reason="TENACE_TEST_REDIS_URL is not set"
)


class Clock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def prefix() -> Iterator[str]:
    if REDIS_URL is None:
        pytest.fail("TENACE_TEST_REDIS_URL is not set in CI (scripts/_system.sh sets it up)")
    prefix = f"tenace-test:{uuid.uuid4().hex}:"
    yield prefix
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    for key in client.scan_iter(match=prefix + "*"):
        client.delete(key)
    client.close()


def limiter(prefix: str, clock: Clock) -> RedisRateLimiter:
    assert REDIS_URL is not None
    return RedisRateLimiter(REDIS_URL, prefix=prefix, clock=clock)


def test_redis_refuses_the_hit_over_the_limit_with_the_time_to_wait(prefix: str) -> None:
    clock = Clock()
    shared = limiter(prefix, clock)
    for _ in range(3):
        assert shared.hit("k", limit=3, window=10).allowed
        clock.now += 1
    clock.now += 3
    refused = shared.hit("k", limit=3, window=10)
    assert not refused.allowed and refused.count == 3
    assert refused.retry_after == pytest.approx(4)
    assert not shared.peek("k", limit=3, window=10).allowed
    shared.reset("k")
    assert shared.hit("k", limit=3, window=10).allowed


def test_two_processes_share_one_lockout(prefix: str) -> None:
    clock = Clock()
    policy = LoginPolicy(account=Limit(3, 600))
    first, second = LoginGuard(limiter(prefix, clock), policy), LoginGuard(limiter(prefix, clock), policy)
    first.failed("ann", "10.0.0.1")
    second.failed("ann", "10.0.0.1")
    first.failed("ann", "10.0.0.1")
    with pytest.raises(AccountLockedError):
        second.before("ann", "10.0.0.1")
    second.succeeded("ann", "10.0.0.1")
    first.before("ann", "10.0.0.1")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(
            st.floats(min_value=0, max_value=4, allow_nan=False), st.sampled_from(["hit", "peek", "reset"])
        ),
        max_size=40,
    ),
    st.integers(1, 5),
)
def test_property_redis_decides_as_the_in_memory_limiter(
    prefix: str, steps: list[tuple[float, str]], limit: int
) -> None:
    clock = Clock()
    key = uuid.uuid4().hex
    shared, local = limiter(prefix, clock), InMemoryRateLimiter(clock)
    for gap, operation in steps:
        clock.now += gap
        if operation == "reset":
            shared.reset(key)
            local.reset(key)
            continue
        a = getattr(shared, operation)(key, limit=limit, window=6)
        b = getattr(local, operation)(key, limit=limit, window=6)
        assert (a.allowed, a.count) == (b.allowed, b.count)
        assert a.retry_after == pytest.approx(b.retry_after, abs=1e-6)
