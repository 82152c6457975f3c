"""Security building blocks of the server that need no database and no web framework: users and roles,
password hashing (argon2id), session and CSRF tokens, the Origin check, rate limiting, seat tokens and the
spectator policy. :mod:`tenace.server.auth` puts them behind FastAPI routes and dependencies; docs/accounts.md
describes the whole design.

>>> tokens = SeatTokens(b"a secret of at least sixteen bytes")
>>> token = tokens.issue("t7", Seat.NORTH, "user:12")
>>> tokens.authenticate_seat("t7", token)
<Seat.NORTH: 'N'>
>>> limiter = InMemoryRateLimiter()
>>> [limiter.hit("ip:10.0.0.1", limit=2, window=60).allowed for _ in range(3)]
[True, True, False]
"""

from __future__ import annotations

import base64
import binascii
import collections
import dataclasses
import enum
import hashlib
import hmac
import json
import math
import secrets
import threading
import time
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any, Final, Protocol
from urllib.parse import urlsplit

from tenace.seats import Seat

if TYPE_CHECKING:
    from argon2 import PasswordHasher

# --------------------------------------------------------------------------------------------------- errors


class SecurityError(ValueError):
    """A credential or request that the server refuses. ``code`` is a short machine-readable reason."""

    code = "forbidden"


class InvalidCredentialsError(SecurityError):
    """An unknown user name or a wrong password (the two are not told apart)."""

    code = "invalid-credentials"


class RateLimitedError(SecurityError):
    """Too many attempts: ``retry_after`` is the number of seconds until the next one may succeed."""

    code = "rate-limited"

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class AccountLockedError(RateLimitedError):
    """Too many failed logins to one account within the window: the account refuses logins for a while."""

    code = "account-locked"


class CSRFError(SecurityError):
    """A state-changing request without a valid CSRF token, or from a foreign Origin."""

    code = "csrf"


class SeatTokenError(SecurityError):
    """A seat token that is malformed, forged, expired, or for another table."""

    code = "bad-seat-token"


class RegistrationError(SecurityError):
    """A user name or password that cannot be registered; ``field`` names which."""

    code = "registration"

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


# ------------------------------------------------------------------------------------------ users and roles


class Role(enum.Enum):
    """What a user may do. A user may hold several roles."""

    PLAYER = "player"
    """Sits at tables and plays."""
    DIRECTOR = "director"
    """Runs sessions and rules at the tables (Law 81); sees every table (the engine's DIRECTOR view)."""
    ORGANISER = "organiser"
    """The Tournament Organiser (Law 80): creates events, appoints directors, grants roles."""
    SPECTATOR = "spectator"
    """Watches tables as the event allows (:func:`spectator_may_see`)."""

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Role:
        """A role from its name, any case.

        >>> Role.parse("Director")
        <Role.DIRECTOR: 'director'>
        """
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(r.value for r in cls)
            raise ValueError(f"unknown role {text!r} (expected one of {names})") from None


@dataclasses.dataclass(frozen=True, slots=True)
class User:
    """A registered user as the server sees him (never holds the password hash)."""

    id: int
    username: str
    roles: frozenset[Role] = frozenset()

    def has(self, *roles: Role) -> bool:
        """Whether the user holds at least one of ``roles``.

        >>> User(1, "ann", frozenset({Role.PLAYER})).has(Role.DIRECTOR, Role.PLAYER)
        True
        """
        return not self.roles.isdisjoint(roles)

    @property
    def holder(self) -> str:
        """How seat tokens name this user (``"user:<id>"``)."""
        return f"user:{self.id}"


# ----------------------------------------------------------------------------------------------- passwords

MIN_PASSWORD_LENGTH: Final = 8
MAX_PASSWORD_LENGTH: Final = 1024  # argon2 accepts more, but nobody needs it and it costs time


class Passwords:
    """argon2id hashing (argon2-cffi's ``PasswordHasher``, by default with its recommended parameters) with
    rehash on login when the parameters change. argon2-cffi is imported only when this class is used, so
    that the store's migrations, which import the account tables, do not need it.

    >>> passwords = Passwords.fast_for_tests()
    >>> stored = passwords.hash("correct horse")
    >>> passwords.verify(stored, "correct horse")
    (True, None)
    >>> passwords.verify(stored, "wrong horse")
    (False, None)
    """

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        if hasher is None:
            from argon2 import PasswordHasher

            hasher = PasswordHasher()
        self.hasher = hasher
        self._dummy: str | None = None  # made on first use: a hash costs time (and memory) at start-up

    @classmethod
    def fast_for_tests(cls) -> Passwords:
        """argon2id with the cheapest parameters (1 pass, 8 KiB): for tests and examples, never for real
        passwords."""
        from argon2 import PasswordHasher

        return cls(PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify(self, stored: str, password: str) -> tuple[bool, str | None]:
        """Whether ``password`` matches ``stored``, and a new hash to store when the match succeeded but
        ``stored`` was made with other parameters (otherwise ``None``)."""
        from argon2.exceptions import InvalidHashError, VerificationError

        if len(password) > MAX_PASSWORD_LENGTH:
            return False, None
        try:
            self.hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False, None
        if self.hasher.check_needs_rehash(stored):
            return True, self.hasher.hash(password)
        return True, None

    def waste_time(self, password: str) -> None:
        """Verify against a hash of nothing, so that an unknown user name costs as much time as a known one
        (no user enumeration by timing)."""
        if self._dummy is None:
            self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        self.verify(self._dummy, password)


def check_new_password(password: str, username: str) -> None:
    """Refuse a password that is too short, too long, or the user name itself (RegistrationError)."""
    if len(password) < MIN_PASSWORD_LENGTH:
        raise RegistrationError(f"the password needs at least {MIN_PASSWORD_LENGTH} characters", "password")
    if len(password) > MAX_PASSWORD_LENGTH:
        raise RegistrationError(f"the password may have at most {MAX_PASSWORD_LENGTH} characters", "password")
    if password.strip().lower() == username.strip().lower():
        raise RegistrationError("the password may not be the user name", "password")


# -------------------------------------------------------------------------------------- tokens and CSRF


def new_token() -> str:
    """A random, unguessable token (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    """What the database stores instead of a session token: its SHA-256, in hex. A stolen copy of the
    database therefore holds no usable session.

    >>> len(token_digest("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def csrf_token(secret: bytes, binding: str) -> str:
    """The CSRF token for a session (``binding`` is the session token's digest) or an anonymous browser
    (``binding`` is its anonymous cookie): an HMAC, so the server stores nothing and an attacker who cannot
    read the victim's cookies cannot compute it."""
    mac = hmac.new(secret, b"csrf\x00" + binding.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


def csrf_token_matches(secret: bytes, binding: str, candidate: str | None) -> bool:
    """Whether ``candidate`` is the CSRF token of ``binding`` (constant-time comparison)."""
    if not candidate:
        return False
    return hmac.compare_digest(csrf_token(secret, binding).encode(), candidate.encode("utf-8", "replace"))


def origin_allowed(origin: str | None, host: str | None, allowed: Collection[str] = ()) -> bool:
    """Whether a request's ``Origin`` (or ``Referer``) header names this server: its host (the ``Host``
    header) or one of the ``allowed`` origins (``"https://club.example"``). The string ``"null"``, sent by
    sandboxed pages and some redirects, is never allowed.

    >>> origin_allowed("http://localhost:8000", "localhost:8000")
    True
    >>> origin_allowed("https://evil.example", "localhost:8000")
    False
    """
    if not origin or origin == "null":
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    normal = f"{parts.scheme}://{parts.netloc}".lower()
    if normal in {a.rstrip("/").lower() for a in allowed}:
        return True
    return host is not None and parts.netloc.lower() == host.strip().lower()


# ------------------------------------------------------------------------------------------- rate limiting


@dataclasses.dataclass(frozen=True, slots=True)
class RateDecision:
    """The answer of a rate limiter: whether the action may go ahead, and if not, in how many seconds."""

    allowed: bool
    retry_after: float = 0.0
    count: int = 0
    """How many hits the key holds within the window (after this one, for :meth:`RateLimiter.hit`)."""


class RateLimiter(Protocol):
    """A sliding-window counter per key. :class:`InMemoryRateLimiter` serves one process; a Redis
    implementation (a sorted set of timestamps per key: ``ZADD``, ``ZREMRANGEBYSCORE``, ``ZCARD``,
    ``EXPIRE`` in one ``MULTI``) serves several processes behind one address."""

    def hit(self, key: str, *, limit: int, window: float) -> RateDecision:
        """Record one action for ``key`` unless it already holds ``limit`` within the last ``window``
        seconds; a refused action is not recorded."""
        ...

    def peek(self, key: str, *, limit: int, window: float) -> RateDecision:
        """The decision :meth:`hit` would take, without recording anything."""
        ...

    def reset(self, key: str) -> None:
        """Forget every hit of ``key`` (after a successful login, for example)."""
        ...


class InMemoryRateLimiter:
    """:class:`RateLimiter` in one process's memory (thread-safe). ``clock`` returns seconds (monotonic by
    default; tests pass their own). Keys with no hit in the window are dropped as they are met, and the
    whole map is swept now and then, so memory stays bounded by the active keys."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, max_keys: int = 100_000) -> None:
        self._clock = clock
        self._hits: dict[str, collections.deque[float]] = {}
        self._lock = threading.Lock()
        self._max_keys = max_keys

    def _live(self, key: str, window: float, now: float) -> collections.deque[float]:
        hits = self._hits.get(key)
        if hits is None:
            return collections.deque()
        while hits and hits[0] <= now - window:
            hits.popleft()
        return hits

    def _decide(self, hits: collections.deque[float], limit: int, window: float, now: float) -> RateDecision:
        if len(hits) < limit:
            return RateDecision(True, 0.0, len(hits))
        return RateDecision(False, max(0.0, hits[len(hits) - limit] + window - now), len(hits))

    def hit(self, key: str, *, limit: int, window: float) -> RateDecision:
        now = self._clock()
        with self._lock:
            hits = self._live(key, window, now)
            decision = self._decide(hits, limit, window, now)
            if not decision.allowed:
                return decision
            hits.append(now)
            self._hits[key] = hits
            if len(self._hits) > self._max_keys:
                self._sweep(window, now)
            return RateDecision(True, 0.0, len(hits))

    def peek(self, key: str, *, limit: int, window: float) -> RateDecision:
        now = self._clock()
        with self._lock:
            return self._decide(self._live(key, window, now), limit, window, now)

    def reset(self, key: str) -> None:
        with self._lock:
            self._hits.pop(key, None)

    def _sweep(self, window: float, now: float) -> None:
        for key in [k for k, hits in self._hits.items() if not hits or hits[-1] <= now - window]:
            del self._hits[key]


_REDIS_HIT: Final = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
local count = redis.call('ZCARD', KEYS[1])
local limit = tonumber(ARGV[3])
if count < limit then
  if ARGV[5] == '1' then
    redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
    redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2]) * 1000))
    count = count + 1
  end
  return {1, count, '0'}
end
local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
return {0, count, oldest[2]}
"""


class RedisRateLimiter:
    """:class:`RateLimiter` in Redis, shared by every process of one server: a sorted set of hit times per
    key, trimmed, counted and added to in one Lua script (atomic), with an expiry of one window. ``url`` is
    a Redis URL (``redis://127.0.0.1:6379/0``); ``prefix`` keeps the keys apart from other data. The
    processes' clocks should agree to well within a window (NTP).

    Blocking (redis-py's synchronous client): one round trip per call, which login and registration can
    afford; the messages of a WebSocket are limited in the process's memory instead (a connection lives in
    one process).
    """

    def __init__(
        self, url: str, prefix: str = "tenace:rate:", clock: Callable[[], float] = time.time
    ) -> None:
        import redis

        self._redis = redis.Redis.from_url(url)
        self._script = self._redis.register_script(_REDIS_HIT)
        self._prefix = prefix
        self._clock = clock

    def _call(self, key: str, limit: int, window: float, record: bool) -> RateDecision:
        now = self._clock()
        member = f"{now!r}:{secrets.token_hex(4)}"
        allowed, count, oldest = self._script(
            keys=[self._prefix + key], args=[repr(now), repr(window), limit, member, "1" if record else "0"]
        )
        if int(allowed):
            return RateDecision(True, 0.0, int(count))
        return RateDecision(False, max(0.0, float(oldest) + window - now), int(count))

    def hit(self, key: str, *, limit: int, window: float) -> RateDecision:
        return self._call(key, limit, window, True)

    def peek(self, key: str, *, limit: int, window: float) -> RateDecision:
        return self._call(key, limit, window, False)

    def reset(self, key: str) -> None:
        self._redis.delete(self._prefix + key)

    def close(self) -> None:
        self._redis.close()


@dataclasses.dataclass(frozen=True, slots=True)
class Limit:
    """At most ``count`` actions per ``window`` seconds."""

    count: int
    window: float

    def __post_init__(self) -> None:
        if self.count < 1 or not self.window > 0:
            raise ValueError(
                f"a rate limit needs a positive count and window, not {self.count}/{self.window}"
            )


@dataclasses.dataclass(frozen=True, slots=True)
class LoginPolicy:
    """How many failed logins lock an account from one address (``account``; counted per user name and IP
    address, whether or not the name exists, so that a locked answer does not reveal which names are taken,
    and so that nobody can lock an account against its holder, who logs in from another address), and how
    many attempts one IP address may make (``ip``)."""

    account: Limit = Limit(5, 15 * 60)
    ip: Limit = Limit(30, 60)


class LoginGuard:
    """The login rate limits (:class:`LoginPolicy`) on a :class:`RateLimiter`.

    >>> guard = LoginGuard(InMemoryRateLimiter(), LoginPolicy(account=Limit(2, 60)))
    >>> guard.before("ann", "10.0.0.1"); guard.failed("ann", "10.0.0.1"); guard.failed("ann", "10.0.0.1")
    >>> try:
    ...     guard.before("ann", "10.0.0.1")
    ... except AccountLockedError as locked:
    ...     print(locked)
    too many failed logins for 'ann': try again in 60 seconds
    >>> guard.before("ann", "10.0.0.2")  # the holder, elsewhere, is not locked out
    """

    def __init__(self, limiter: RateLimiter, policy: LoginPolicy = LoginPolicy()) -> None:
        self.limiter = limiter
        self.policy = policy

    @staticmethod
    def _account_key(username: str, ip: str | None) -> str:
        return f"login-fail:{username.strip().lower()}:{ip or '-'}"

    def before(self, username: str, ip: str | None) -> None:
        """Raise RateLimitedError (for the IP) or AccountLockedError before a login attempt is checked."""
        if ip is not None:
            limit = self.policy.ip
            decision = self.limiter.hit(f"login-ip:{ip}", limit=limit.count, window=limit.window)
            if not decision.allowed:
                wait = _seconds(decision.retry_after)
                raise RateLimitedError(
                    f"too many login attempts from {ip}: try again in {wait} seconds", decision.retry_after
                )
        limit = self.policy.account
        decision = self.limiter.peek(self._account_key(username, ip), limit=limit.count, window=limit.window)
        if not decision.allowed:
            raise AccountLockedError(
                f"too many failed logins for {username!r}: try again in {_seconds(decision.retry_after)} "
                "seconds",
                decision.retry_after,
            )

    def failed(self, username: str, ip: str | None) -> None:
        limit = self.policy.account
        self.limiter.hit(self._account_key(username, ip), limit=limit.count, window=limit.window)

    def succeeded(self, username: str, ip: str | None) -> None:
        self.limiter.reset(self._account_key(username, ip))


def _seconds(value: float) -> int:
    return max(1, math.ceil(value))


class ConnectionLimiter:
    """Actions per WebSocket connection (or per any other key): ``allow(connection_id)`` is False when the
    connection exceeded ``limit``; the server then answers with an error instead of applying the action.

    >>> actions = ConnectionLimiter(InMemoryRateLimiter(), Limit(1, 1.0))
    >>> actions.allow("c1"), actions.allow("c1"), actions.allow("c2")
    (True, False, True)
    """

    def __init__(self, limiter: RateLimiter, limit: Limit = Limit(100, 10.0)) -> None:
        self.limiter = limiter
        self.limit = limit

    def allow(self, connection_id: str) -> bool:
        limit = self.limit
        return self.limiter.hit(f"conn:{connection_id}", limit=limit.count, window=limit.window).allowed

    def close(self, connection_id: str) -> None:
        self.limiter.reset(f"conn:{connection_id}")


# ------------------------------------------------------------------------------------------------ seat tokens


@dataclasses.dataclass(frozen=True, slots=True)
class SeatGrant:
    """What a seat token says: ``holder`` (``"user:<id>"`` or ``"guest:<anything>"``) sits at ``seat`` of
    ``table_id`` until ``expires`` (seconds since the epoch)."""

    table_id: str
    seat: Seat
    holder: str
    expires: float


class SeatTokens:
    """Signed seat tokens: ``v1.<payload>.<HMAC-SHA256>``, both parts base64url. Only the server's
    ``secret`` can make one; changing the secret revokes them all. A token carries its table, so a token
    for one table (or one seat) is never accepted at another.

    ``clock`` returns seconds since the epoch (``time.time`` by default).
    """

    VERSION: Final = "v1"

    def __init__(
        self, secret: bytes, clock: Callable[[], float] = time.time, lifetime: float = 12 * 3600
    ) -> None:
        if len(secret) < 16:
            raise ValueError("the seat-token secret needs at least 16 bytes")
        self._key = hmac.new(secret, b"seat-token-key", hashlib.sha256).digest()
        self._clock = clock
        self.lifetime = lifetime

    def _mac(self, payload: bytes) -> bytes:
        return hmac.new(self._key, self.VERSION.encode() + b"." + payload, hashlib.sha256).digest()

    def issue(self, table_id: str, seat: Seat, holder: str, lifetime: float | None = None) -> str:
        """A token for ``holder`` at ``seat`` of ``table_id``, valid for ``lifetime`` seconds."""
        if not holder.startswith(("user:", "guest:")):
            raise ValueError(f"a seat holder is 'user:<id>' or 'guest:<name>', not {holder!r}")
        expires = self._clock() + (self.lifetime if lifetime is None else lifetime)
        body = {"t": str(table_id), "s": seat.value, "h": holder, "e": round(expires, 3), "n": _nonce()}
        payload = json.dumps(body, separators=(",", ":"), sort_keys=True).encode()
        return f"{self.VERSION}.{_b64(payload)}.{_b64(self._mac(payload))}"

    def verify(self, table_id: str, token: str) -> SeatGrant:
        """The grant of a valid token for ``table_id``; SeatTokenError otherwise."""
        parts = token.split(".") if isinstance(token, str) else []
        if len(parts) != 3 or parts[0] != self.VERSION:
            raise SeatTokenError("malformed seat token")
        try:
            payload, mac = _unb64(parts[1]), _unb64(parts[2])
        except (binascii.Error, ValueError):
            raise SeatTokenError("malformed seat token") from None
        if not hmac.compare_digest(mac, self._mac(payload)):
            raise SeatTokenError("seat token with a bad signature")
        try:
            body = json.loads(payload)
            grant = SeatGrant(str(body["t"]), Seat(body["s"]), str(body["h"]), float(body["e"]))
        except (ValueError, KeyError, TypeError):
            raise SeatTokenError("malformed seat token") from None
        if grant.table_id != str(table_id):
            raise SeatTokenError(f"this seat token is for table {grant.table_id}, not table {table_id}")
        if grant.expires <= self._clock():
            raise SeatTokenError("expired seat token")
        return grant

    def authenticate_seat(self, table_id: str, token: str) -> Seat:
        """The seat a valid token gives at ``table_id``; SeatTokenError for a token that is forged, expired
        or for another table."""
        return self.verify(table_id, token).seat


def _nonce() -> str:
    return secrets.token_urlsafe(6)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    if not text or not all(c.isalnum() or c in "-_" for c in text):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# --------------------------------------------------------------------------------------- spectator policy


class SpectatorPolicy(enum.Enum):
    """When an event lets spectators watch a board (the Tournament Organiser chooses, Law 76A2)."""

    AFTER_ALL_TABLES = "after-all-tables"
    """A board is shown only once it is finished at every table that plays it (the default)."""
    LIVE = "live"
    """Boards are shown while they are played (for onlookers who play no board of the event)."""
    CLOSED = "closed"
    """No spectators (only the Directors watch)."""


@dataclasses.dataclass(frozen=True, slots=True)
class WatchedTable:
    """The table a spectator asks to watch: its id, the board in play there and the users seated at it."""

    table_id: str
    board: int
    players: frozenset[int] = frozenset()


@dataclasses.dataclass(frozen=True, slots=True)
class EventState:
    """What the spectator policy needs to know of an event at one moment.

    ``tables_of_board`` maps each board to the tables that play it in the session; ``finished`` holds the
    ``(table_id, board)`` pairs whose play has ended; ``boards_of_player`` maps each user who plays in the
    event to the boards he plays there (already or later). ``guests_may_watch`` lets visitors without an
    account watch under the same policy."""

    policy: SpectatorPolicy = SpectatorPolicy.AFTER_ALL_TABLES
    tables_of_board: Mapping[int, frozenset[str]] = dataclasses.field(default_factory=dict)
    finished: frozenset[tuple[str, int]] = frozenset()
    boards_of_player: Mapping[int, frozenset[int]] = dataclasses.field(default_factory=dict)
    guests_may_watch: bool = False

    def finished_everywhere(self, board: int) -> bool:
        """Whether ``board`` has been finished at every table that plays it (False for an unknown board)."""
        tables = self.tables_of_board.get(board)
        if not tables:
            return False
        return all((table, board) in self.finished for table in tables)


def spectator_may_see(user: User | None, table: WatchedTable, event_state: EventState) -> bool:
    """Whether ``user`` (``None`` for a guest) may watch ``table`` as a spectator now.

    - A Director or Organiser always may (they rule at the tables; the server gives them the DIRECTOR view).
    - Nobody watches his own table: he sees it from his seat, with his own view only.
    - A user who plays the board in this event may not watch it before he has finished it himself (he would
      otherwise learn the deal before playing it), and not before it is finished at every table either.
    - Otherwise the event's :class:`SpectatorPolicy` decides; guests only if ``guests_may_watch``.

    :func:`spectator_refusal` gives the reason of a refusal.

    >>> state = EventState(tables_of_board={1: frozenset({"1", "2"})}, finished=frozenset({("1", 1)}))
    >>> ann = User(5, "ann", frozenset({Role.SPECTATOR}))
    >>> spectator_may_see(ann, WatchedTable("1", 1), state)
    False
    >>> done = dataclasses.replace(state, finished=frozenset({("1", 1), ("2", 1)}))
    >>> spectator_may_see(ann, WatchedTable("1", 1), done)
    True
    """
    return spectator_refusal(user, table, event_state) is None


def spectator_refusal(user: User | None, table: WatchedTable, event_state: EventState) -> str | None:
    """Why ``user`` (``None`` for a guest) may not watch ``table`` now, naming the rule; ``None`` when he
    may (the rules of :func:`spectator_may_see`). The Tournament Organiser sets the terms on which play
    shown as it occurs is watched (Law 76A2, the event's :class:`SpectatorPolicy`); spectators are under
    the Director's control (Law 76A1), and the Director may watch every table.

    >>> state = EventState(tables_of_board={3: frozenset({"a", "b"})}, boards_of_player={5: frozenset({3})})
    >>> print(spectator_refusal(User(5, "ann", frozenset({Role.PLAYER})), WatchedTable("a", 3), state))
    you play board 3 in this event: you may watch it only once every table finished it
    >>> spectator_refusal(User(1, "td", frozenset({Role.DIRECTOR})), WatchedTable("a", 3), state) is None
    True
    """
    board = table.board
    if user is not None and user.has(Role.DIRECTOR, Role.ORGANISER):
        return None
    if user is None:
        if not event_state.guests_may_watch:
            return "this event admits no spectators without an account: log in to watch"
    else:
        if user.id in table.players:
            return "you play at this table: you see it from your seat, never as a spectator"
        if not user.has(Role.SPECTATOR, Role.PLAYER):
            return "watching a table needs the role spectator or player"
        if board in event_state.boards_of_player.get(user.id, frozenset()):
            if event_state.policy is SpectatorPolicy.CLOSED or not event_state.finished_everywhere(board):
                return (f"you play board {board} in this event: you may watch it only once every table "
                        "finished it")
            return None
    if event_state.policy is SpectatorPolicy.CLOSED:
        return "this event admits no spectators: only the Directors watch its tables (its spectator policy)"
    if event_state.policy is SpectatorPolicy.LIVE or event_state.finished_everywhere(board):
        return None
    return (f"board {board} is shown only once it is finished at every table that plays it (the event's "
            "spectator policy)")


# --------------------------------------------------------------------------------------------- headers

SECURITY_HEADERS: Final = (
    # the pages load scripts, styles, images and sockets from the server itself only, and no one frames them
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     b"connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
)
"""The headers every HTTP response of the server carries (issue 16; docs/accounts.md)."""

_UNGUARDED: Final = ("/docs", "/redoc")
"""FastAPI's API pages load their scripts from a CDN: no content security policy there."""


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP response (a plain ASGI wrapper: it costs
    a tuple concatenation per response, nothing per WebSocket message)."""

    def __init__(self, app: Callable[..., Any]) -> None:
        self.app = app

    async def __call__(
        self, scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        headers = SECURITY_HEADERS if not path.startswith(_UNGUARDED) else SECURITY_HEADERS[1:]

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", ())}
                message["headers"] = [*message.get("headers", ()),
                                      *((n, v) for n, v in headers if n not in present)]
            await send(message)

        await self.app(scope, receive, with_headers)
