"""tenace.server.security without a database or a web server: argon2 hashing, CSRF tokens, the Origin
check, rate limiting and login lockout, seat tokens, and the spectator policy."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import json

import pytest
from argon2 import PasswordHasher
from argon2.low_level import Type
from hypothesis import given
from hypothesis import strategies as st

from tenace.seats import SEATS, Seat
from tenace.server.security import (
    AccountLockedError,
    ConnectionLimiter,
    EventState,
    InMemoryRateLimiter,
    Limit,
    LoginGuard,
    LoginPolicy,
    Passwords,
    RateLimitedError,
    RegistrationError,
    Role,
    SeatTokenError,
    SeatTokens,
    SpectatorPolicy,
    User,
    WatchedTable,
    check_new_password,
    csrf_token,
    csrf_token_matches,
    new_token,
    origin_allowed,
    spectator_may_see,
    token_digest,
)

FAST = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
SECRET = b"test secret, not for production"


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


# ---------------------------------------------------------------------------------------------- passwords


def test_a_password_hash_is_argon2id_salted_and_never_the_password() -> None:
    passwords = Passwords(FAST)
    first, second = passwords.hash("correct horse"), passwords.hash("correct horse")
    assert first.startswith("$argon2id$")
    assert "correct horse" not in first
    assert first != second  # a fresh salt each time
    assert passwords.verify(first, "correct horse") == (True, None)
    assert passwords.verify(second, "correct horse") == (True, None)


def test_a_wrong_password_or_a_garbled_hash_does_not_verify() -> None:
    passwords = Passwords(FAST)
    stored = passwords.hash("correct horse")
    assert passwords.verify(stored, "Correct horse") == (False, None)
    assert passwords.verify(stored, "") == (False, None)
    assert passwords.verify("not a hash", "correct horse") == (False, None)
    assert passwords.verify(stored, "x" * 5000) == (False, None)


def test_a_hash_made_with_other_parameters_verifies_and_comes_back_rehashed_with_the_new_ones() -> None:
    old = Passwords(FAST).hash("correct horse")
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1, type=Type.ID)
    ok, new = Passwords(stronger).verify(old, "correct horse")
    assert ok and new is not None
    assert "m=16,t=2,p=1" in new and "m=8,t=1,p=1" in old
    assert Passwords(stronger).verify(new, "correct horse") == (True, None)


@pytest.mark.parametrize(
    ("password", "reason"),
    [("short", "at least"), ("annie123", "user name"), ("x" * 2000, "at most")],
)
def test_a_weak_new_password_is_refused_naming_the_field(password: str, reason: str) -> None:
    with pytest.raises(RegistrationError, match=reason) as caught:
        check_new_password(password, "Annie123")
    assert caught.value.field == "password"


# ------------------------------------------------------------------------------------------ tokens, CSRF


def test_session_tokens_are_random_and_stored_as_their_sha256() -> None:
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100
    token = tokens.pop()
    assert len(token) >= 43  # 32 random bytes in base64url
    assert token_digest(token) == hashlib.sha256(token.encode()).hexdigest()


def test_a_csrf_token_belongs_to_one_binding_and_one_secret() -> None:
    token = csrf_token(SECRET, "session:abc")
    assert csrf_token_matches(SECRET, "session:abc", token)
    assert not csrf_token_matches(SECRET, "session:abd", token)
    assert not csrf_token_matches(b"another secret of some length", "session:abc", token)
    assert not csrf_token_matches(SECRET, "session:abc", None)
    assert not csrf_token_matches(SECRET, "session:abc", "")
    assert not csrf_token_matches(SECRET, "session:abc", token[:-1] + ("A" if token[-1] != "A" else "B"))


def test_the_csrf_token_is_an_hmac_of_the_binding() -> None:
    expected = hmac.new(SECRET, b"csrf\x00session:abc", hashlib.sha256).digest()
    assert base64.urlsafe_b64decode(csrf_token(SECRET, "session:abc") + "=") == expected


@pytest.mark.parametrize(
    ("origin", "host", "allowed", "ok"),
    [
        ("http://localhost:8000", "localhost:8000", (), True),
        ("http://LOCALHOST:8000", "localhost:8000", (), True),
        ("http://localhost:8001", "localhost:8000", (), False),
        ("https://evil.example", "localhost:8000", (), False),
        ("https://club.example", "10.0.0.5:8000", ("https://club.example/",), True),
        ("http://club.example", "10.0.0.5:8000", ("https://club.example",), False),
        ("null", "localhost:8000", (), False),
        ("", "localhost:8000", (), False),
        (None, "localhost:8000", (), False),
        ("javascript://localhost:8000", "localhost:8000", (), False),
        ("http://localhost:8000/page?x=1", "localhost:8000", (), True),  # a Referer
    ],
)
def test_origin_allowed(origin: str | None, host: str, allowed: tuple[str, ...], ok: bool) -> None:
    assert origin_allowed(origin, host, allowed) is ok


# ------------------------------------------------------------------------------------------ rate limiting


def test_the_limiter_refuses_the_hit_over_the_limit_and_allows_again_once_the_window_slides() -> None:
    clock = Clock()
    limiter = InMemoryRateLimiter(clock)
    answers = []
    for _ in range(3):  # hits at 0, 1 and 2 seconds
        answers.append(limiter.hit("k", limit=3, window=10).allowed)
        clock.now += 1
    assert answers == [True, True, True]
    clock.now += 3  # 6 seconds after the first hit
    refused = limiter.hit("k", limit=3, window=10)
    assert not refused.allowed
    assert refused.retry_after == pytest.approx(4)  # when the first hit leaves the window
    clock.now += 4
    assert limiter.hit("k", limit=3, window=10).allowed
    assert not limiter.hit("k", limit=3, window=10).allowed  # the hits at 1 and 2 are still in the window


def test_refused_hits_are_not_counted_and_keys_are_independent() -> None:
    clock = Clock()
    limiter = InMemoryRateLimiter(clock)
    limiter.hit("a", limit=1, window=10)
    for _ in range(50):
        assert not limiter.hit("a", limit=1, window=10).allowed
    assert limiter.hit("b", limit=1, window=10).allowed
    clock.now += 10.001
    assert limiter.hit("a", limit=1, window=10).allowed


def test_peek_does_not_record_and_reset_forgets() -> None:
    limiter = InMemoryRateLimiter(Clock())
    for _ in range(5):
        assert limiter.peek("k", limit=1, window=10).allowed
    limiter.hit("k", limit=1, window=10)
    assert not limiter.peek("k", limit=1, window=10).allowed
    limiter.reset("k")
    assert limiter.hit("k", limit=1, window=10).allowed


def test_the_limiter_sweeps_idle_keys_so_memory_stays_bounded() -> None:
    clock = Clock()
    limiter = InMemoryRateLimiter(clock, max_keys=10)
    for i in range(10):
        limiter.hit(f"old{i}", limit=5, window=1)
    clock.now += 2
    for i in range(5):
        limiter.hit(f"new{i}", limit=5, window=1)
    assert len(limiter._hits) <= 10


@given(st.lists(st.floats(min_value=0, max_value=5, allow_nan=False), max_size=60), st.integers(1, 6))
def test_property_no_window_ever_holds_more_allowed_hits_than_the_limit(
    gaps: list[float], limit: int
) -> None:
    clock = Clock(0.0)
    limiter = InMemoryRateLimiter(clock)
    allowed: list[float] = []
    for gap in gaps:
        clock.now += gap
        if limiter.hit("k", limit=limit, window=10).allowed:
            allowed.append(clock.now)
    for i, start in enumerate(allowed):
        assert sum(1 for t in allowed[i:] if t < start + 10) <= limit


def test_an_account_locks_for_the_address_that_failed_n_times_and_unlocks_after_the_window() -> None:
    clock = Clock()
    guard = LoginGuard(InMemoryRateLimiter(clock), LoginPolicy(account=Limit(3, 600), ip=Limit(100, 60)))
    for _ in range(3):
        guard.before("Ann", "10.0.0.1")
        guard.failed("Ann", "10.0.0.1")
    with pytest.raises(AccountLockedError) as caught:
        guard.before("ann", "10.0.0.1")  # user names are not case-sensitive
    assert caught.value.retry_after == pytest.approx(600)
    guard.before("bob", "10.0.0.1")  # other accounts are not affected
    clock.now += 601
    guard.before("ann", "10.0.0.1")


def test_nobody_can_lock_an_account_against_its_holder_from_another_address() -> None:
    """An attacker's failures lock the account for his address only: the Director, logging in from his
    own, is not locked out (issue 16)."""
    guard = LoginGuard(InMemoryRateLimiter(Clock()), LoginPolicy(account=Limit(3, 600), ip=Limit(100, 60)))
    for _ in range(10):
        guard.failed("dan", "203.0.113.9")
    with pytest.raises(AccountLockedError):
        guard.before("dan", "203.0.113.9")
    guard.before("dan", "192.0.2.1")


def test_a_successful_login_clears_the_failures() -> None:
    guard = LoginGuard(InMemoryRateLimiter(Clock()), LoginPolicy(account=Limit(2, 600)))
    guard.failed("ann", None)
    guard.succeeded("ann", None)
    guard.failed("ann", None)
    guard.before("ann", None)


def test_one_ip_is_limited_across_accounts() -> None:
    guard = LoginGuard(InMemoryRateLimiter(Clock()), LoginPolicy(account=Limit(100, 600), ip=Limit(3, 60)))
    for name in ("a", "b", "c"):
        guard.before(name, "10.0.0.1")
    with pytest.raises(RateLimitedError) as caught:
        guard.before("d", "10.0.0.1")
    assert not isinstance(caught.value, AccountLockedError)
    guard.before("d", "10.0.0.2")


def test_actions_per_connection_are_limited_per_connection() -> None:
    clock = Clock()
    actions = ConnectionLimiter(InMemoryRateLimiter(clock), Limit(5, 1.0))
    assert [actions.allow("c1") for _ in range(7)] == [True] * 5 + [False] * 2
    assert actions.allow("c2")
    clock.now += 1.01
    assert actions.allow("c1")


@pytest.mark.parametrize(("count", "window"), [(0, 1.0), (1, 0.0), (3, -1.0)])
def test_a_limit_needs_a_positive_count_and_window(count: int, window: float) -> None:
    with pytest.raises(ValueError, match="positive"):
        Limit(count, window)


# -------------------------------------------------------------------------------------------- seat tokens


def test_a_seat_token_authenticates_its_seat_at_its_table_only() -> None:
    tokens = SeatTokens(SECRET, Clock())
    for seat in SEATS:
        token = tokens.issue("t1", seat, "user:7")
        assert tokens.authenticate_seat("t1", token) is seat
        assert tokens.verify("t1", token).holder == "user:7"
        with pytest.raises(SeatTokenError, match="for table t1, not table t2"):
            tokens.authenticate_seat("t2", token)


def test_two_tokens_for_the_same_seat_differ() -> None:
    tokens = SeatTokens(SECRET, Clock())
    assert tokens.issue("t1", Seat.NORTH, "guest:x") != tokens.issue("t1", Seat.NORTH, "guest:x")


def _forge(token: str, **changes: object) -> str:
    version, payload, mac = token.split(".")
    body = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    body.update(changes)
    new = base64.urlsafe_b64encode(json.dumps(body).encode()).rstrip(b"=").decode()
    return f"{version}.{new}.{mac}"


def test_a_token_for_another_seat_made_by_editing_a_real_one_is_rejected() -> None:
    tokens = SeatTokens(SECRET, Clock())
    east = tokens.issue("t1", Seat.EAST, "user:7")
    with pytest.raises(SeatTokenError, match="signature"):
        tokens.authenticate_seat("t1", _forge(east, s="S"))
    with pytest.raises(SeatTokenError, match="signature"):
        tokens.authenticate_seat("t9", _forge(east, t="t9"))


def test_a_token_signed_with_another_secret_is_rejected() -> None:
    other = SeatTokens(b"another secret, sixteen+ bytes", Clock()).issue("t1", Seat.NORTH, "user:1")
    with pytest.raises(SeatTokenError, match="signature"):
        SeatTokens(SECRET, Clock()).authenticate_seat("t1", other)


def test_a_seat_token_expires() -> None:
    clock = Clock()
    tokens = SeatTokens(SECRET, clock, lifetime=3600)
    token = tokens.issue("t1", Seat.WEST, "guest:bob")
    clock.now += 3599
    assert tokens.authenticate_seat("t1", token) is Seat.WEST
    clock.now += 2
    with pytest.raises(SeatTokenError, match="expired"):
        tokens.authenticate_seat("t1", token)


@pytest.mark.parametrize(
    "token", ["", "v1", "v1..", "v2.abc.def", "v1.%%%.abc", "v1.e30.AAAA", "a.b.c.d", "v1.bm90IGpzb24.xx"]
)
def test_malformed_seat_tokens_are_rejected(token: str) -> None:
    with pytest.raises(SeatTokenError):
        SeatTokens(SECRET, Clock()).authenticate_seat("t1", token)


def test_a_signed_payload_that_is_not_a_grant_is_rejected_as_malformed() -> None:
    tokens = SeatTokens(SECRET, Clock())
    payload = b'{"t":"t1","s":"X","h":"user:1","e":9e18}'
    mac = tokens._mac(payload)
    token = "v1." + base64.urlsafe_b64encode(payload).rstrip(b"=").decode()
    token += "." + base64.urlsafe_b64encode(mac).rstrip(b"=").decode()
    with pytest.raises(SeatTokenError, match="malformed"):
        tokens.authenticate_seat("t1", token)


def test_seat_tokens_need_a_long_secret_and_a_known_kind_of_holder() -> None:
    with pytest.raises(ValueError, match="16 bytes"):
        SeatTokens(b"short")
    with pytest.raises(ValueError, match="holder"):
        SeatTokens(SECRET).issue("t1", Seat.NORTH, "7")


# ------------------------------------------------------------------------------------------ spectator rules

SPECTATOR = User(1, "sam", frozenset({Role.SPECTATOR}))
PLAYER = User(2, "pat", frozenset({Role.PLAYER}))
DIRECTOR = User(3, "dan", frozenset({Role.DIRECTOR}))
NOBODY = User(4, "nil", frozenset())

# Board 1 is played at tables 1 and 2; pat plays board 1 (at table 2) and sits at table 2.
STATE = EventState(
    tables_of_board={1: frozenset({"1", "2"}), 2: frozenset({"1", "2"})},
    boards_of_player={2: frozenset({1, 2})},
)
AT_TABLE_1 = WatchedTable("1", 1, frozenset({10, 11, 12, 13}))
AT_TABLE_2 = WatchedTable("2", 1, frozenset({2, 20, 21, 22}))


def _finished(state: EventState, *pairs: tuple[str, int]) -> EventState:
    return dataclasses.replace(state, finished=frozenset(pairs))


def test_a_spectator_sees_a_board_only_once_it_is_finished_at_every_table() -> None:
    assert not spectator_may_see(SPECTATOR, AT_TABLE_1, STATE)
    assert not spectator_may_see(SPECTATOR, AT_TABLE_1, _finished(STATE, ("1", 1)))
    assert spectator_may_see(SPECTATOR, AT_TABLE_1, _finished(STATE, ("1", 1), ("2", 1)))


def test_a_board_no_table_plays_is_never_shown() -> None:
    assert not spectator_may_see(SPECTATOR, WatchedTable("1", 9), _finished(STATE, ("1", 9)))


def test_a_player_never_watches_his_own_table_even_when_everyone_has_finished() -> None:
    done = _finished(STATE, ("1", 1), ("2", 1))
    assert not spectator_may_see(PLAYER, AT_TABLE_2, done)
    assert spectator_may_see(PLAYER, AT_TABLE_1, done)
    for policy in SpectatorPolicy:
        assert not spectator_may_see(PLAYER, AT_TABLE_2, dataclasses.replace(done, policy=policy))


def test_in_a_live_event_onlookers_watch_at_once_but_a_player_not_a_board_he_has_still_to_play() -> None:
    live = dataclasses.replace(STATE, policy=SpectatorPolicy.LIVE)
    assert spectator_may_see(SPECTATOR, AT_TABLE_1, live)
    assert not spectator_may_see(PLAYER, AT_TABLE_1, live)
    assert not spectator_may_see(PLAYER, AT_TABLE_1, _finished(live, ("2", 1)))  # table 1 still plays it
    assert spectator_may_see(PLAYER, AT_TABLE_1, _finished(live, ("2", 1), ("1", 1)))
    assert spectator_may_see(PLAYER, WatchedTable("1", 3, frozenset({10})), live)  # a board he never plays


def test_a_closed_event_shows_nothing_to_spectators_and_everything_to_directors() -> None:
    closed = _finished(dataclasses.replace(STATE, policy=SpectatorPolicy.CLOSED), ("1", 1), ("2", 1))
    assert not spectator_may_see(SPECTATOR, AT_TABLE_1, closed)
    assert not spectator_may_see(PLAYER, AT_TABLE_1, closed)
    assert spectator_may_see(DIRECTOR, AT_TABLE_1, closed)
    assert spectator_may_see(DIRECTOR, AT_TABLE_1, STATE)


def test_guests_watch_only_when_the_event_lets_them_and_users_without_a_role_never() -> None:
    done = _finished(STATE, ("1", 1), ("2", 1))
    assert not spectator_may_see(None, AT_TABLE_1, done)
    assert spectator_may_see(None, AT_TABLE_1, dataclasses.replace(done, guests_may_watch=True))
    assert not spectator_may_see(None, AT_TABLE_1, dataclasses.replace(STATE, guests_may_watch=True))
    assert not spectator_may_see(NOBODY, AT_TABLE_1, done)


@given(
    st.sets(st.tuples(st.sampled_from(["1", "2", "3"]), st.integers(1, 3))),
    st.sampled_from(list(SpectatorPolicy)),
    st.integers(1, 3),
    st.sampled_from(["1", "2", "3"]),
)
def test_property_a_user_who_plays_a_board_never_sees_it_before_every_table_has_finished_it(
    finished: set[tuple[str, int]], policy: SpectatorPolicy, board: int, table: str
) -> None:
    state = EventState(
        policy=policy,
        tables_of_board={b: frozenset({"1", "2", "3"}) for b in (1, 2, 3)},
        finished=frozenset(finished),
        boards_of_player={2: frozenset({1, 2, 3})},
    )
    seen = spectator_may_see(PLAYER, WatchedTable(table, board), state)
    if seen:
        assert all((t, board) in finished for t in ("1", "2", "3"))
        assert policy is not SpectatorPolicy.CLOSED


def test_role_names_parse_and_unknown_ones_are_refused() -> None:
    assert {Role.parse(r.value.upper()) for r in Role} == set(Role)
    with pytest.raises(ValueError, match="unknown role 'king'"):
        Role.parse("king")
