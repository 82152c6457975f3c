"""The FastAPI side of accounts, roles and sessions (:mod:`tenace.server.accounts`) and of
:mod:`tenace.server.security`.

- Users with several roles each: player, director, organiser, spectator.
- Passwords hashed with argon2id, rehashed at login when the hasher's parameters changed.
- Server-side sessions: a random token in an HttpOnly, SameSite=Lax cookie; the database keeps only its
  SHA-256, with an expiry.
- Dependencies: :func:`current_user`, :func:`optional_user`, :func:`require_role`, :func:`csrf_protect`;
  for WebSockets :func:`websocket_user`, :func:`websocket_seat` and :func:`websocket_origin_ok`.
- Routes under ``/auth`` (:func:`router`): register, login, logout, me, csrf, roles, seat-tokens.

Wiring (the server's app factory does this)::

    auth = Auth(Accounts(store.engine), AuthSettings(secret=...))
    install_auth(app, auth)

docs/accounts.md describes the design and the routes.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Request, Response, WebSocket, status
from fastapi.responses import JSONResponse, RedirectResponse
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from tenace.laws.refs import DIRECTOR
from tenace.seats import Seat
from tenace.server.accounts import Accounts, AuthSessionRow, UserRoleRow, UserRow
from tenace.server.security import (
    AccountLockedError,
    ConnectionLimiter,
    CSRFError,
    InMemoryRateLimiter,
    InvalidCredentialsError,
    Limit,
    LoginGuard,
    LoginPolicy,
    RateLimitedError,
    RateLimiter,
    RedisRateLimiter,
    RegistrationError,
    Role,
    SeatTokenError,
    SeatTokens,
    SecurityError,
    User,
    csrf_token,
    csrf_token_matches,
    new_token,
    origin_allowed,
    token_digest,
)

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from tenace.server.protocol import Viewer

__all__ = [
    "Accounts",
    "AuthenticationError",
    "Auth",
    "AuthSettings",
    "AuthSessionRow",
    "Role",
    "User",
    "UserRoleRow",
    "UserRow",
    "csrf_protect",
    "csrf_token_for",
    "connection_closed",
    "current_user",
    "install_auth",
    "user_of",
    "message_allowed",
    "optional_user",
    "require_role",
    "router",
    "websocket_origin_ok",
    "websocket_seat",
    "websocket_user",
    "with_sessions",
]

# ------------------------------------------------------------------------------------------ settings, Auth


@dataclasses.dataclass(frozen=True, slots=True)
class AuthSettings:
    """How the server authenticates. ``secret`` signs CSRF and seat tokens (keep it the same across
    restarts and across all processes of one server; at least 16 bytes)."""

    secret: bytes
    cookie_name: str = "tenace_session"
    anonymous_cookie_name: str = "tenace_anon"
    secure_cookies: bool = False
    """Set the cookies' Secure flag: turn it on whenever the server is reached over HTTPS."""
    allowed_origins: frozenset[str] = frozenset()
    """Origins besides the server's own host that may post forms and open WebSockets."""
    login: LoginPolicy = LoginPolicy()
    self_registration: bool = True
    registration_roles: frozenset[Role] = frozenset({Role.PLAYER, Role.SPECTATOR})
    """The roles a user gets by registering himself (an organiser grants the others)."""
    trust_forwarded_for: bool = False
    """Take the client's address from ``X-Forwarded-For`` (only behind a reverse proxy that sets it)."""

    def __post_init__(self) -> None:
        if len(self.secret) < 16:
            raise ValueError("AuthSettings.secret needs at least 16 bytes")


class Auth:
    """Everything the routes and dependencies need, kept on ``app.state.auth``. ``limiter`` counts logins
    and registrations: a :class:`~tenace.server.security.RedisRateLimiter` when several processes serve one
    address (in memory by default). The messages of each WebSocket are counted in memory (``actions``)."""

    def __init__(
        self, accounts: Accounts, settings: AuthSettings, limiter: RateLimiter | None = None
    ) -> None:
        self.accounts = accounts
        self.settings = settings
        self.limiter: RateLimiter = limiter if limiter is not None else InMemoryRateLimiter()
        self.login_guard = LoginGuard(self.limiter, settings.login)
        self.seat_tokens = SeatTokens(settings.secret)
        self.actions = ConnectionLimiter(InMemoryRateLimiter())  # a connection lives in one process


    @classmethod
    def for_engine(
        cls,
        engine: Engine,
        environ: Mapping[str, str] | None = None,
        limiter: RateLimiter | None = None,
        redis_url: str | None = None,
    ) -> Auth:
        """The server's Auth on the store behind ``engine``: the secret from ``TENACE_SECRET_KEY`` when it is
        set (16 characters or more), else the one kept in the database (:meth:`Accounts.secret`);
        ``TENACE_SECURE_COOKIES=true`` behind HTTPS; ``TENACE_ALLOWED_ORIGINS`` (space-separated) for
        pages served from another origin; ``TENACE_MESSAGE_LIMIT`` (``"100/10"``: messages per seconds on
        one WebSocket). With ``redis_url`` (or ``TENACE_REDIS_URL``), and no ``limiter`` given, the login
        and registration limits are kept in Redis, so that they hold across all the server's processes.

        :raises ValueError: for a secret shorter than 16 bytes or a malformed message limit, naming the
            variable.
        """
        env = os.environ if environ is None else environ
        accounts = Accounts(engine)
        key = env.get("TENACE_SECRET_KEY")
        if key is not None and len(key.encode("utf-8")) < 16:
            raise ValueError("TENACE_SECRET_KEY: the secret needs at least 16 bytes")
        secret = key.encode("utf-8") if key else accounts.secret()
        settings = AuthSettings(
            secret=secret,
            secure_cookies=env.get("TENACE_SECURE_COOKIES", "").strip().lower() in ("1", "true", "yes"),
            allowed_origins=frozenset(env.get("TENACE_ALLOWED_ORIGINS", "").split()),
        )
        redis_url = redis_url or env.get("TENACE_REDIS_URL")
        if limiter is None and redis_url:
            limiter = RedisRateLimiter(redis_url)
        auth = cls(accounts, settings, limiter)
        text = env.get("TENACE_MESSAGE_LIMIT")
        if text:
            count, _, seconds = text.partition("/")
            try:
                auth.actions.limit = Limit(int(count), float(seconds))
            except ValueError:
                raise ValueError(
                    f"TENACE_MESSAGE_LIMIT: expected messages/seconds such as 100/10, got {text!r}"
                ) from None
        return auth


def install_auth(app: FastAPI, auth: Auth) -> None:
    """Keep ``auth`` on the app and add the ``/auth`` routes."""
    app.state.auth = auth
    app.include_router(router())


def get_auth(connection: HTTPConnection) -> Auth:
    auth = getattr(connection.app.state, "auth", None)
    if not isinstance(auth, Auth):
        raise RuntimeError("the app has no Auth: call tenace.server.auth.install_auth(app, auth)")
    return auth


# ------------------------------------------------------------------------------------------- dependencies

_USER_KEY: Final = "tenace_user"


async def optional_user(request: Request) -> User | None:
    """The user of the request's session cookie, or ``None``."""
    if hasattr(request.state, _USER_KEY):
        cached: User | None = getattr(request.state, _USER_KEY)
        return cached
    auth = get_auth(request)
    token = request.cookies.get(auth.settings.cookie_name)
    user = None if token is None else await run_in_threadpool(auth.accounts.user_for_token, token)
    setattr(request.state, _USER_KEY, user)
    return user


async def current_user(user: User | None = Depends(optional_user)) -> User:  # noqa: B008
    """The logged-in user; 401 when there is none."""
    if user is None:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, "log in first")
    return user


def require_role(*roles: Role) -> Callable[[User], Awaitable[User]]:
    """A dependency giving the logged-in user if he holds at least one of ``roles``; 401 without a
    session, 403 without the role. ``Depends(require_role(Role.DIRECTOR))``."""
    if not roles:
        raise ValueError("require_role needs at least one role")
    names = " or ".join(r.value for r in roles)

    async def dependency(user: User = Depends(current_user)) -> User:  # noqa: B008
        if not user.has(*roles):
            raise HTTPException(status.HTTP_403_FORBIDDEN, f"this needs the role {names}")
        return user

    return dependency


def _binding(request: HTTPConnection, auth: Auth) -> str | None:
    session = request.cookies.get(auth.settings.cookie_name)
    if session:
        return "session:" + token_digest(session)
    anonymous = request.cookies.get(auth.settings.anonymous_cookie_name)
    if anonymous:
        return "anonymous:" + anonymous
    return None


def csrf_token_for(request: Request, response: Response | None = None) -> str:
    """The CSRF token a page puts in its forms (hidden field ``csrf_token``) or a script sends (header
    ``X-CSRF-Token``). Bound to the session; for a visitor without one, to an anonymous cookie, which is
    set on ``response`` when the request has none yet (pass the response the page returns)."""
    auth = get_auth(request)
    binding = _binding(request, auth)
    if binding is None:
        anonymous = new_token()
        binding = "anonymous:" + anonymous
        if response is None:
            raise RuntimeError("csrf_token_for needs the response to set the anonymous cookie on")
        response.set_cookie(
            auth.settings.anonymous_cookie_name,
            anonymous,
            httponly=True,
            samesite="lax",
            secure=auth.settings.secure_cookies,
            path="/",
        )
        request.cookies[auth.settings.anonymous_cookie_name] = anonymous
    return csrf_token(auth.settings.secret, binding)


UNPROCESSABLE: Final = 422  # starlette renamed the constant (…_ENTITY → …_CONTENT); the number stays
_SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
_FORM_TYPES: Final = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


def _origin_of(request: HTTPConnection) -> str | None:
    origin = request.headers.get("origin")
    if origin is not None:
        return origin
    return request.headers.get("referer")


async def check_csrf(request: Request) -> None:
    """CSRFError unless the state-changing ``request`` is safe:

    - the Origin (or, without it, the Referer), when present, names this server or an allowed origin;
    - a JSON body (``application/json``, which no cross-site form can send and which a cross-site script
      can send only after a CORS preflight that this server never grants) needs nothing more;
    - any other body (forms above all) must carry the session's CSRF token in the field ``csrf_token`` or
      the header ``X-CSRF-Token``.
    """
    if request.method in _SAFE_METHODS:
        return
    auth = get_auth(request)
    origin = _origin_of(request)
    if origin is not None and not origin_allowed(
        origin, request.headers.get("host"), auth.settings.allowed_origins
    ):
        raise CSRFError(f"a request from {origin} may not change anything here")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == "application/json":
        return
    candidate = request.headers.get("x-csrf-token")
    if candidate is None and kind in _FORM_TYPES:
        field = (await request.form()).get("csrf_token")
        candidate = field if isinstance(field, str) else None
    binding = _binding(request, auth)
    if binding is None or not csrf_token_matches(auth.settings.secret, binding, candidate):
        raise CSRFError("missing or wrong CSRF token: reload the page and try again")


async def csrf_protect(request: Request) -> None:
    """Dependency form of :func:`check_csrf`: 403 for a forged request. Put it on every state-changing
    route: ``dependencies=[Depends(csrf_protect)]``."""
    try:
        await check_csrf(request)
    except CSRFError as error:
        raise HTTPException(status.HTTP_403_FORBIDDEN, str(error)) from None


def websocket_origin_ok(websocket: WebSocket) -> bool:
    """Whether a WebSocket handshake comes from a page of this server (browsers always send Origin on
    WebSockets, and cookies go with cross-site handshakes too, so this is the WebSocket's CSRF check). A
    handshake without Origin comes from a program, not a browser, and is allowed."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    auth = get_auth(websocket)
    return origin_allowed(origin, websocket.headers.get("host"), auth.settings.allowed_origins)


async def websocket_user(websocket: WebSocket) -> User | None:
    """The user of the handshake's session cookie (``None`` without a live session)."""
    auth = get_auth(websocket)
    token = websocket.cookies.get(auth.settings.cookie_name)
    if token is None:
        return None
    return await run_in_threadpool(auth.accounts.user_for_token, token)


def websocket_seat(websocket: WebSocket, table_id: str) -> Seat | None:
    """The seat the handshake's ``token`` query parameter gives at ``table_id``; ``None`` without a token;
    SeatTokenError for a token that is forged, expired or for another table."""
    token = websocket.query_params.get("token")
    if token is None:
        return None
    return get_auth(websocket).seat_tokens.authenticate_seat(table_id, token)


_Table = TypeVar("_Table")


class AuthenticationError(ValueError):
    """The connection may not open this table: ``code`` is ``"not-found"``, ``"unauthorized"`` or
    ``"forbidden"``."""

    def __init__(self, message: str, code: str = "unauthorized") -> None:
        super().__init__(message)
        self.code = code


async def user_of(connection: HTTPConnection) -> User | None:
    """The logged-in user of a request or WebSocket handshake (``None`` without a session or accounts)."""
    auth = getattr(connection.app.state, "auth", None)
    if not isinstance(auth, Auth):
        return None
    if isinstance(connection, WebSocket):
        return await websocket_user(connection)
    if isinstance(connection, Request):
        return await optional_user(connection)
    return None


def with_sessions(
    fallback: Callable[[WebSocket, _Table], Awaitable[Viewer]],
) -> Callable[[WebSocket, _Table], Awaitable[Viewer]]:
    """Wrap the server core's WebSocket authenticator (``create_app(authenticator=...)``) with accounts:

    - a handshake from a foreign Origin is refused (the WebSocket's CSRF check);
    - a ``token`` that the table's own seat tokens do not know may be a signed seat token
      (``POST /auth/seat-tokens``) for a human seat of this table;
    - without a token, a logged-in Director gets the Director's view;
    - everything else goes to ``fallback`` (spectators as the server's settings allow).

    Without an :class:`Auth` on the app (``app.state.auth``), ``fallback`` decides alone.
    """

    async def authenticate(websocket: WebSocket, table: _Table) -> Viewer:
        auth = getattr(websocket.app.state, "auth", None)
        if not isinstance(auth, Auth):
            return await fallback(websocket, table)
        if not websocket_origin_ok(websocket):
            raise AuthenticationError("a page of another site may not open this table", "forbidden")
        token = websocket.query_params.get("token")
        if token:
            try:
                return await fallback(websocket, table)
            except AuthenticationError:
                seat = _signed_seat(auth, table, token)
                if seat is None:
                    raise
                return seat
        user = await websocket_user(websocket)
        if user is not None and user.has(Role.DIRECTOR):
            return DIRECTOR
        return await fallback(websocket, table)

    return authenticate


def _signed_seat(auth: Auth, table: object, token: str) -> Seat | None:
    """The human seat a signed seat token opens at ``table`` (a TableActor), or None."""
    table_id = getattr(table, "id", None)
    if table_id is None:
        return None
    try:
        seat = auth.seat_tokens.authenticate_seat(str(table_id), token)
    except SeatTokenError:
        return None
    row = getattr(table, "seats", {}).get(seat)
    if row is None or getattr(row, "kind", None) != "human":
        return None  # a robot's seat is not taken over by a token
    return seat


def message_allowed(websocket: WebSocket, connection_id: str) -> bool:
    """Whether one more message of the connection ``connection_id`` (a random id the caller keeps for the
    connection's life) stays within the limit of actions per connection (:attr:`Auth.actions`; always True
    without an Auth on the app)."""
    auth = getattr(websocket.app.state, "auth", None)
    return not isinstance(auth, Auth) or auth.actions.allow(connection_id)


def connection_closed(websocket: WebSocket, connection_id: str) -> None:
    """Forget the connection's count of messages."""
    auth = getattr(websocket.app.state, "auth", None)
    if isinstance(auth, Auth):
        auth.actions.close(connection_id)


def client_ip(request: HTTPConnection, auth: Auth) -> str | None:
    if auth.settings.trust_forwarded_for:
        forwarded = request.headers.get("x-forwarded-for")
        if forwarded:
            return forwarded.split(",")[0].strip()
    return request.client.host if request.client is not None else None


# ------------------------------------------------------------------------------------------------- routes


async def _fields(request: Request) -> tuple[Mapping[str, Any], bool]:
    """The request's fields and whether they came from a form (else JSON)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == "application/json":
        try:
            body = await request.json()
        except ValueError:
            raise HTTPException(status.HTTP_400_BAD_REQUEST, "the body is not valid JSON") from None
        if not isinstance(body, dict):
            raise HTTPException(status.HTTP_400_BAD_REQUEST, "the body must be a JSON object")
        return body, False
    if kind in _FORM_TYPES:
        form = await request.form()
        return {k: v for k, v in form.items() if isinstance(v, str)}, True
    raise HTTPException(status.HTTP_415_UNSUPPORTED_MEDIA_TYPE, "send a form or a JSON object")


def _text(fields: Mapping[str, Any], name: str) -> str:
    value = fields.get(name)
    if not isinstance(value, str) or not value:
        raise HTTPException(UNPROCESSABLE, f"the field {name!r} is missing")
    return value


def _next_page(fields: Mapping[str, Any]) -> str:
    """Where a form goes after success: a local path only (no open redirect). Browsers drop tabs and line
    breaks from URLs and read a backslash as a slash, so a slash, a tab and ``/evil.example`` would leave the
    site: such characters are refused too."""
    target = fields.get("next")
    if (
        isinstance(target, str)
        and target.startswith("/")
        and not target.startswith("//")
        and "\\" not in target
        and target.isprintable()
        and len(target) <= 2000
    ):
        return target
    return "/"


def _back(fields: Mapping[str, Any], problem: Mapping[str, str]) -> Response:
    """A refused form goes back to its page (``next``) with what went wrong in the query (for example
    ``?login_error=invalid-credentials``), so that the page can show the form again with a message."""
    target = _next_page(fields)
    separator = "&" if "?" in target else "?"
    return RedirectResponse(target + separator + urlencode(problem), status.HTTP_303_SEE_OTHER)


def _user_json(user: User) -> dict[str, Any]:
    return {"id": user.id, "username": user.username, "roles": sorted(r.value for r in user.roles)}


def _signed_in(
    auth: Auth, user: User, token: str, as_form: bool, fields: Mapping[str, Any], code: int
) -> Response:
    response: Response
    if as_form:
        response = RedirectResponse(_next_page(fields), status.HTTP_303_SEE_OTHER)
    else:
        response = JSONResponse(
            {
                "user": _user_json(user),
                "csrf": csrf_token(auth.settings.secret, "session:" + token_digest(token)),
            },
            code,
        )
    response.set_cookie(
        auth.settings.cookie_name,
        token,
        max_age=int(auth.accounts.session_lifetime.total_seconds()),
        httponly=True,
        samesite="lax",
        secure=auth.settings.secure_cookies,
        path="/",
    )
    return response


def _too_many(error: RateLimitedError) -> HTTPException:
    return HTTPException(
        status.HTTP_429_TOO_MANY_REQUESTS,
        str(error),
        headers={"Retry-After": str(max(1, round(error.retry_after)))},
    )


def router() -> APIRouter:
    """The ``/auth`` routes (docs/accounts.md lists them)."""
    routes = APIRouter(prefix="/auth", tags=["accounts"])

    @routes.get("/csrf")
    async def get_csrf(request: Request, response: Response) -> dict[str, str]:
        """The CSRF token for this browser (sets the anonymous cookie when there is no session)."""
        return {"csrf": csrf_token_for(request, response)}

    @routes.get("/me")
    async def me(user: User = Depends(current_user)) -> dict[str, Any]:  # noqa: B008
        return _user_json(user)

    @routes.post("/register", dependencies=[Depends(csrf_protect)])
    async def register(request: Request) -> Response:
        auth = get_auth(request)
        if not auth.settings.self_registration:
            raise HTTPException(status.HTTP_403_FORBIDDEN, "registration is closed: ask an organiser")
        fields, as_form = await _fields(request)
        username, password = _text(fields, "username"), _text(fields, "password")
        ip = client_ip(request, auth)
        if ip is not None:
            limit = auth.settings.login.ip
            decision = auth.limiter.hit(f"register-ip:{ip}", limit=limit.count, window=limit.window)
            if not decision.allowed:
                raise _too_many(
                    RateLimitedError("too many registrations from this address", decision.retry_after)
                )
        try:
            user = await run_in_threadpool(
                auth.accounts.register, username, password, auth.settings.registration_roles
            )
        except RegistrationError as error:
            if as_form:
                return _back(fields, {"register_error": error.code, "field": error.field})
            raise HTTPException(UNPROCESSABLE, f"{error.field}: {error}") from None
        token = await run_in_threadpool(auth.accounts.open_session, user)
        return _signed_in(auth, user, token, as_form, fields, status.HTTP_201_CREATED)

    @routes.post("/login", dependencies=[Depends(csrf_protect)])
    async def login(request: Request) -> Response:
        auth = get_auth(request)
        fields, as_form = await _fields(request)
        username, password = _text(fields, "username"), _text(fields, "password")
        ip = client_ip(request, auth)
        try:
            auth.login_guard.before(username, ip)
        except (AccountLockedError, RateLimitedError) as error:
            if as_form:
                return _back(fields, {"login_error": error.code})
            raise _too_many(error) from None
        try:
            user = await run_in_threadpool(auth.accounts.authenticate, username, password)
        except InvalidCredentialsError as error:
            auth.login_guard.failed(username, ip)
            if as_form:
                return _back(fields, {"login_error": error.code})
            raise HTTPException(status.HTTP_401_UNAUTHORIZED, str(error)) from None
        auth.login_guard.succeeded(username, ip)
        old = request.cookies.get(auth.settings.cookie_name)
        if old:  # a new session at every login (no session fixation)
            await run_in_threadpool(auth.accounts.close_session, old)
        token = await run_in_threadpool(auth.accounts.open_session, user)
        return _signed_in(auth, user, token, as_form, fields, status.HTTP_200_OK)

    @routes.post("/password", dependencies=[Depends(csrf_protect)])
    async def change_password(
        request: Request,
        user: User = Depends(current_user),  # noqa: B008
    ) -> Response:
        """Change one's own password (``password``: the current one, ``new_password``). Every session of
        the user ends, and this browser gets a new one."""
        auth = get_auth(request)
        fields, as_form = await _fields(request)
        current, new = _text(fields, "password"), _text(fields, "new_password")
        ip = client_ip(request, auth)
        try:
            auth.login_guard.before(user.username, ip)
        except (AccountLockedError, RateLimitedError) as error:
            if as_form:
                return _back(fields, {"password_error": error.code})
            raise _too_many(error) from None
        try:
            await run_in_threadpool(auth.accounts.authenticate, user.username, current)
        except InvalidCredentialsError as error:
            auth.login_guard.failed(user.username, ip)
            if as_form:
                return _back(fields, {"password_error": error.code})
            raise HTTPException(status.HTTP_401_UNAUTHORIZED, str(error)) from None
        try:
            await run_in_threadpool(auth.accounts.set_password, user.username, new)
        except RegistrationError as error:
            if as_form:
                return _back(fields, {"password_error": error.code, "field": "new_password"})
            raise HTTPException(UNPROCESSABLE, f"new_password: {error}") from None
        token = await run_in_threadpool(auth.accounts.open_session, user)
        return _signed_in(auth, user, token, as_form, fields, status.HTTP_200_OK)

    @routes.post("/logout", dependencies=[Depends(csrf_protect)])
    async def logout(request: Request) -> Response:
        auth = get_auth(request)
        token = request.cookies.get(auth.settings.cookie_name)
        if token:
            await run_in_threadpool(auth.accounts.close_session, token)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        response: Response
        if kind in _FORM_TYPES:
            response = RedirectResponse(_next_page(await request.form()), status.HTTP_303_SEE_OTHER)
        else:
            response = Response(status_code=status.HTTP_204_NO_CONTENT)
        response.delete_cookie(
            auth.settings.cookie_name,
            path="/",
            httponly=True,
            samesite="lax",
            secure=auth.settings.secure_cookies,
        )
        return response

    @routes.post("/roles", dependencies=[Depends(csrf_protect)])
    async def roles(
        request: Request,
        organiser: User = Depends(require_role(Role.ORGANISER)),  # noqa: B008
    ) -> dict[str, Any]:
        """Grant (``"grant": true``, the default) or revoke a role of a user (organisers only)."""
        auth = get_auth(request)
        fields, _ = await _fields(request)
        username = _text(fields, "username")
        try:
            role = Role.parse(_text(fields, "role"))
        except ValueError as error:
            raise HTTPException(UNPROCESSABLE, str(error)) from None
        grant = fields.get("grant", True) not in (False, "false", "0", "no")
        change = auth.accounts.grant if grant else auth.accounts.revoke
        try:
            user = await run_in_threadpool(change, username, role)
        except LookupError as error:
            raise HTTPException(status.HTTP_404_NOT_FOUND, str(error.args[0])) from None
        return _user_json(user)

    @routes.post("/seat-tokens", dependencies=[Depends(csrf_protect)])
    async def seat_tokens(
        request: Request,
        director: User = Depends(require_role(Role.DIRECTOR)),  # noqa: B008
    ) -> dict[str, Any]:
        """A seat token for ``seat`` of ``table_id``, for the user ``username`` or (without it) a guest
        named ``guest`` (Directors only)."""
        auth = get_auth(request)
        fields, _ = await _fields(request)
        table_id = str(fields.get("table_id", "")).strip()
        if not table_id:
            raise HTTPException(UNPROCESSABLE, "the field 'table_id' is missing")
        try:
            seat = Seat(str(fields.get("seat", "")).strip().upper()[:1])
        except ValueError:
            raise HTTPException(UNPROCESSABLE, "the seat is N, E, S or W") from None
        username = fields.get("username")
        if isinstance(username, str) and username:
            user = await run_in_threadpool(auth.accounts.user, username)
            if user is None:
                raise HTTPException(status.HTTP_404_NOT_FOUND, f"no user named {username!r}")
            holder = user.holder
        else:
            guest = fields.get("guest")
            holder = f"guest:{guest if isinstance(guest, str) and guest else new_token()[:12]}"
        token = auth.seat_tokens.issue(table_id, seat, holder)
        return {"table_id": table_id, "seat": seat.value, "holder": holder, "token": token}

    return routes


def security_error_status(error: SecurityError) -> int:
    """The HTTP status for a :class:`~tenace.server.security.SecurityError` raised outside the routes."""
    if isinstance(error, RateLimitedError):
        return status.HTTP_429_TOO_MANY_REQUESTS
    if isinstance(error, InvalidCredentialsError | SeatTokenError):
        return status.HTTP_401_UNAUTHORIZED
    return status.HTTP_403_FORBIDDEN
