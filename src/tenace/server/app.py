"""The FastAPI application: a small JSON API to create tables and the WebSocket endpoint where they are
played (docs/server.md, docs/protocol.md).

Routes:

* ``GET /api/health``: ``{"status": "ok", "tables": <loaded tables>}``;
* ``POST /api/tables``: a new practice table (``{"humans": ["S"], "board": <board JSON or null>, "boards":
  <n or null>, "robot_systems": {"NS": <name>, "EW": <name>}}``, the last optional: the bidding system each
  side's robots play, among :class:`~tenace.server.robot_systems.RobotSystems`; 422 with the reason for one
  that cannot be used) for a logged-in user (session cookie, and the CSRF check of
  :func:`tenace.server.auth.csrf_protect`), or for anyone when ``Settings.anonymous_tables`` allows it; the
  answer holds the table's id and its seat tokens (shown once; only their hashes are stored). The
  Director's token is not given out here (whoever creates a table may play at it): a Director comes in
  through the accounts (a logged-in Director), or a program that holds the hub. Visitors start a practice
  table from the lobby's form (``/lobby/solo``, refused to pages of other sites);
* ``GET /api/tables/{id}``: who sits where, the board being played, its phase and the scores so far (no
  cards); at a club session's table only for whom the spectator rules let watch it (403 otherwise);
* ``WS /ws/tables/{id}?token=...&lang=en``: the table (see docs/protocol.md); with ``room=1`` also the names
  at the seats and the table's chat (:mod:`tenace.server.room`; ``name``: a guest's name);
* ``POST /lobby/friends``, ``POST /lobby/tables/{id}/sit``, ``GET /api/lobby/tables``: tables for friends and
  the open tables of the lobby (:mod:`tenace.server.lobby`);
* ``GET /api/replay/{id}/{position}`` and ``GET /replay/{id}/{position}``: the replay of a board that has
  ended, with the double-dummy value of every legal card at each point of the play
  (:mod:`tenace.server.replay`; refused, 409, while the board is still to be played anywhere).

Who a WebSocket is (a seat, the Director, or a spectator) is decided by one function, :func:`authenticate`,
which the accounts module can replace (``create_app(authenticate=...)``). A spectator is then held to the
spectator rules (:func:`spectator_refusal`): at a club session's table those of the event
(:func:`tenace.server.security.spectator_refusal`, Law 76A), at a practice table only that nobody watches a
table where he holds a seat. Refused, the WebSocket gets an ``error`` ``forbidden`` with the reason and is
closed with code 4403. The rules are checked again whenever the watched table's board changes
(:class:`SpectatorConnection`).

Practice tables that nobody touched for ``Settings.table_expiry`` seconds are closed by a periodic task
(:func:`expire_idle_tables`); club tables never are.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import gc
import json
import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from typing import Any, Final

from fastapi import Depends, FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from tenace.formats.json import JSONFormatError, board_from_json
from tenace.laws.messages import LocaleError, normalise_locale
from tenace.seats import Seat
from tenace.server import auth as accounts
from tenace.server import club, events, lobby, my_boards, pages, replay, table_scoring
from tenace.server.actors import (
    Connection,
    Hub,
    Observer,
    RobotFactory,
    SharedMessage,
    TableActor,
    default_robots,
)
from tenace.server.auth import AuthenticationError, user_of
from tenace.server.limits import LIMITED_CLOSE_CODE, Limits, Socket
from tenace.server.persistence import LiveStore
from tenace.server.protocol import ProtocolError, Viewer, error_message, parse_action
from tenace.server.robot_systems import RobotSystemError, RobotSystems, paths_of
from tenace.server.security import (
    EventState,
    SeatTokenError,
    SecurityHeaders,
    SpectatorPolicy,
    User,
    WatchedTable,
    origin_allowed,
)
from tenace.server.security import spectator_refusal as event_refusal
from tenace.server.settings import Settings
from tenace.server.tables import client_address, hold_seats, robot_sides, seat_holders, table_quota
from tenace.store import Store

__all__ = [
    "AuthenticationError", "Authenticator", "SpectatorConnection", "TableActivity", "authenticate",
    "create_app", "expire_idle_tables", "hold_seats", "spectator_refusal",
]

log = logging.getLogger("tenace.server")

FORBIDDEN_CLOSE_CODE = 4403
"""The WebSocket close code for a spectator the rules refuse (at once, or later on a board change)."""


Authenticator = Callable[[WebSocket, TableActor], Awaitable[Viewer]]


async def authenticate(websocket: WebSocket, table: TableActor) -> Viewer:
    """Who the WebSocket is at ``table``: the seat (or the Director) its ``token`` query parameter opens, or a
    spectator when it gives none (if the settings allow spectators).

    This is the minimal, isolated seat-token scheme of the server core (a random token per seat, stored
    hashed with the table); the accounts module replaces it with sessions and roles.

    :raises AuthenticationError: for a token that opens nothing at this table, or a spectator where none are
        allowed.
    """
    token = websocket.query_params.get("token")
    settings: Settings = websocket.app.state.settings
    if not token:
        if not settings.allow_spectators:
            raise AuthenticationError("this table needs a seat token")
        return None
    try:
        return table.viewer_for_token(token)
    except LookupError as exc:
        raise AuthenticationError(str(exc)) from None


class NewTableRequest(BaseModel):
    humans: list[str] = Field(default_factory=lambda: ["S"], max_length=4)
    board: dict[str, Any] | None = None
    boards: int | None = Field(default=None, ge=1, le=1000)
    robot_systems: dict[str, str] | None = Field(default=None, max_length=2)
    """The bidding system of each side's robots, ``{"NS": name, "EW": name}`` (a side left out: the
    default)."""


# ------------------------------------------------------------------------------------------------ spectators


async def spectator_refusal(app: FastAPI, user: User | None, actor: TableActor) -> str | None:
    """Why ``user`` (``None`` for a visitor without an account) may not watch ``actor``'s table as a
    spectator now; ``None`` when he may.

    At a table of a club session the event's rules decide (:func:`tenace.server.security.spectator_refusal`
    over the session's :meth:`~tenace.server.club.ClubManager.spectator_state`, with
    ``Settings.spectator_policy``: Law 76A2 lets the organiser set the terms on which play shown as it
    occurs is watched); a club table whose session this process does not know (with several processes:
    even after reading the sessions again) is refused to everyone but a Director or Organiser. A session
    read a moment ago is never more lenient than the session now: boards only get finished. At a practice
    table (``Settings.allow_spectators`` was checked before) a user who holds a seat sees the table from his
    seat only; where a person plays, a visitor without an account may watch only if
    ``Settings.guests_may_watch``: nothing tells him from one of the players with his cookie dropped, and the
    spectator's view shows both sides' explanations, which a player may not hear of his partner's calls
    (Laws 16, 20F; Law 76A2 lets the organiser set the terms). A table of four robots anyone may watch.
    """
    settings: Settings = app.state.settings
    holders = frozenset(seat_holders(app).get(actor.id, ()))
    if actor.club is None:
        if user is not None and user.id in holders:
            return "you hold a seat at this table: you see it from your seat, never as a spectator"
        if user is None and len(actor.robots) < len(Seat) and not settings.guests_may_watch:
            return ("someone plays at this table: log in to watch it (a visitor without an account could be "
                    "one of its players, and a spectator hears both sides' explanations, Law 16)")
        return None
    manager = getattr(app.state, "club", None)
    found = None if manager is None else await manager.spectator_state(
        actor.id, settings.spectator_policy, settings.guests_may_watch)
    if found is None and manager is not None and getattr(manager, "shared", False):
        await manager.all()  # several processes: a session this one has not read yet
        found = await manager.spectator_state(actor.id, settings.spectator_policy, settings.guests_may_watch)
    if found is None:
        watched = WatchedTable(actor.id, actor.table.board.number, holders)
        state = EventState(SpectatorPolicy.CLOSED, guests_may_watch=False)
        if event_refusal(user, watched, state) is None:
            return None
        return "this table plays in a club session that this server does not run now: nobody may watch it"
    watched, state = found
    return event_refusal(user, dataclasses.replace(watched, players=watched.players | holders), state)


def _board_of(message: dict[str, Any]) -> tuple[Any, Any] | None:
    """The (position, board number) a view message shows; ``None`` for another message."""
    if message.get("type") != "view":
        return None
    view = message.get("view")
    return message.get("position"), view.get("board") if isinstance(view, dict) else None


class SpectatorConnection(Connection):
    """A spectator's connection: it gets only what the table actor builds from ``Table.view(None)``, and when
    the table's board changes (the next board of a practice table) the spectator rules are checked again
    (``recheck``: a refusal's reason or ``None``) before the new board's first view goes out; meanwhile the
    messages wait. Refused, the spectator gets an ``error`` ``forbidden`` and the connection closes with code
    4403."""

    def __init__(self, locale: str, recheck: Callable[[], Awaitable[str | None]],
                 board: tuple[Any, Any] | None) -> None:
        super().__init__(None, locale)
        self.close_code = 1000
        self._recheck = recheck
        self._board = board
        self._held: list[dict[str, Any]] | None = None
        self._task: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self._held is not None:
            if len(self._held) >= self.backlog:  # as for any client this far behind: it reconnects
                self.close()
                return
            self._held.append(message)
            return
        board = _board_of(message)
        if board is not None and board != self._board:
            if self._board is not None:
                self._held = [message]
                self._task = asyncio.get_running_loop().create_task(self._check(board))
                return
            self._board = board
        super().send(message)

    async def _check(self, board: tuple[Any, Any]) -> None:
        try:
            refusal = await self._recheck()
        except Exception:  # refuse rather than show a board nobody checked
            log.exception("the spectator rules could not be checked again")
            refusal = "the server could not check whether you may watch this board"
        held, self._held = self._held or [], None
        if refusal is not None:
            self.refuse(refusal)
            return
        self._board = board
        for message in held:
            self.send(message)

    def refuse(self, reason: str) -> None:
        """Tell the spectator why he may not watch any more, and close (code 4403)."""
        if self.closed:
            return
        Connection.send(self, error_message("forbidden", reason))
        self.close_code = FORBIDDEN_CLOSE_CODE
        self.close()


# ---------------------------------------------------------------------------------------------- table expiry


@dataclasses.dataclass(slots=True)
class TableActivity:
    """When each practice table was last touched (an action, a new board, a connection), as far as the
    periodic look of :func:`expire_idle_tables` sees."""

    marks: dict[str, tuple[tuple[int, ...], float]] = dataclasses.field(default_factory=dict)
    expired: set[str] = dataclasses.field(default_factory=set)
    """Tables this process closed for idleness: they are not served any more."""


async def expire_idle_tables(hub: Hub, activity: TableActivity, timeout: float, now: float) -> list[str]:
    """Close the practice tables of ``hub`` that nobody touched for ``timeout`` seconds up to ``now`` (a
    ``time.monotonic`` reading): stored as closed (so not restored on the next start) and their actors
    stopped. A table with a connection, an action under way or queued, or robots still playing counts as
    touched; a table first seen now counts as touched now. Club tables are never closed here (the session
    and the Director decide). The ids closed."""
    closed: list[str] = []
    for table_id, actor in list(hub.tables.items()):
        if actor.club is not None:
            continue
        mark = (actor.position, len(actor.table.record), len(actor.clients), actor.busy, actor.queue.qsize())
        seen = activity.marks.get(table_id)
        if seen is None or seen[0] != mark or actor.clients or actor.busy or not actor.queue.empty():
            activity.marks[table_id] = (mark, now)
            continue
        if now - seen[1] < timeout:
            continue
        await asyncio.to_thread(hub.live.close, table_id)
        await actor.stop()
        hub.tables.pop(table_id, None)
        activity.marks.pop(table_id, None)
        activity.expired.add(table_id)
        closed.append(table_id)
        log.info("table %s: closed after %.0f s untouched", table_id, now - seen[1])
    for table_id in [t for t in activity.marks if t not in hub.tables]:
        del activity.marks[table_id]
    return closed


async def restore_tables(hub: Hub, settings: Settings, now: dt.datetime) -> int:
    """Take up the open tables at a start, lazily (``Settings.restore_recent``): the club tables and the
    practice tables touched lately are rebuilt now, those idle past ``Settings.table_expiry`` are closed,
    and the rest wait in the store until someone opens one (:meth:`Hub.get`). The number rebuilt now."""
    if settings.redis_url or settings.restore_recent < 0:
        return await hub.restore()
    activity = await asyncio.to_thread(hub.live.open_activity)
    idle = {t: (now - at).total_seconds() for t, club, at in activity if not club}
    if settings.table_expiry > 0:
        stale = [t for t, seconds in idle.items() if seconds > settings.table_expiry]
        await asyncio.to_thread(hub.live.close_all, stale)
        for table_id in stale:
            log.info("table %s: closed at start, untouched for %.0f s", table_id, idle[table_id])
    return await hub.restore([t for t, _, _ in activity if idle.get(t, 0.0) <= settings.restore_recent])


async def _expire_periodically(app: FastAPI, settings: Settings) -> None:
    while True:
        await asyncio.sleep(settings.expiry_interval)
        try:
            closed = await expire_idle_tables(app.state.hub, app.state.activity, settings.table_expiry,
                                              time.monotonic())
            for table_id in closed:
                seat_holders(app).pop(table_id, None)
        except Exception:  # one failed look must not end the task
            log.exception("the look for idle practice tables failed")


def _player_name(connection: HTTPConnection, table_id: str, user: User | None) -> str | None:
    """The name a connection's player is shown under (tenace.server.room): his user name when logged in,
    else the guest's name in a signed seat token, else the ``name`` he typed in the lobby (a query
    parameter); ``None`` when nothing says."""
    if user is not None:
        return user.username
    auth = getattr(connection.app.state, "auth", None)
    token = connection.query_params.get("token")
    if isinstance(auth, accounts.Auth) and token:
        try:
            holder = auth.seat_tokens.verify(table_id, token).holder
        except SeatTokenError:
            holder = ""
        kind, _, guest = holder.partition(":")
        if kind == "guest" and guest:
            return guest
    return connection.query_params.get("name") or None


def _signed_holder(connection: HTTPConnection, table_id: str) -> int | None:
    """The user id a signed seat token in the handshake was issued to (``None`` otherwise)."""
    auth = getattr(connection.app.state, "auth", None)
    token = connection.query_params.get("token")
    if not isinstance(auth, accounts.Auth) or not token:
        return None
    try:
        holder = auth.seat_tokens.verify(table_id, token).holder
    except SeatTokenError:
        return None
    kind, _, number = holder.partition(":")
    return int(number) if kind == "user" and number.isdigit() else None


async def _lobby_table(request: Request) -> pages.SoloTable:
    """The lobby's practice table (``/lobby/solo``): refused from a page of another site (its form carries no
    CSRF token, so the Origin, or the browser's ``Sec-Fetch-Site``, is checked); a logged-in visitor is
    noted as holding its seat. The form's ``robots_ns`` and ``robots_ew`` name the bidding system of each
    side's robots (422 with the reason for one that cannot be used)."""
    auth = getattr(request.app.state, "auth", None)
    origin = request.headers.get("origin") or request.headers.get("referer")
    allowed = auth.settings.allowed_origins if isinstance(auth, accounts.Auth) else frozenset()
    if origin is not None:
        foreign = not origin_allowed(origin, request.headers.get("host"), allowed)
    else:
        foreign = request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none")
    if foreign:
        raise HTTPException(403, "a page of another site may not start a table here")
    form = await request.form()
    requested = {side: str(form[f"robots_{side.lower()}"]).strip() for side in ("NS", "EW")
                 if str(form.get(f"robots_{side.lower()}") or "").strip()}
    systems: RobotSystems = request.app.state.robot_systems
    try:
        chosen = systems.choose(requested, robot_sides({Seat.SOUTH}))
    except RobotSystemError as exc:
        raise HTTPException(422, str(exc)) from None
    hub: Hub = request.app.state.hub
    user = await user_of(request)
    client = table_quota(request, user)
    created = await hub.create_table({Seat.SOUTH}, systems=chosen)
    request.app.state.limits.table_created(client, created.id)
    if user is not None:
        await hold_seats(request.app, created.id, [Seat.SOUTH], user.id)
    return pages.SoloTable(created.id, created.tokens[Seat.SOUTH])


GC_THRESHOLDS: Final = (50_000, 20, 100)
"""The cyclic collector's thresholds in a server process (``gc.set_threshold``): measured with
benchmarks/bench_server_load.py, 1,000 tables went from a p99 of 132 ms to 30-125 ms (docs/server.md). A full
collection walks every table created since the start (their states, robots, connections): with the oldest
generation's threshold at 10, bench_server_action.py's 300 tables had one every 15-20 s, each stopping the
loop for 0.25-0.37 s on a busy machine (a stall that lands in the 99th percentile of the actions' latencies);
at 100 it comes ten times less often. What it finds is little: cyclic garbage mostly dies young, in the
first two generations."""


def create_app(
    settings: Settings | None = None,
    *,
    robots: RobotFactory | None = None,
    observer: Observer | None = None,
    authenticator: Authenticator = authenticate,
) -> FastAPI:
    """The server as an ASGI application. The store is opened (and migrated) when the application starts;
    every open table is rebuilt from its stored events then (``settings.restore_on_start``).

    ``robots`` makes the robot for a seat (by default the robots of :mod:`tenace.robots`, with
    ``settings.robot_samples`` layouts per card); ``observer`` sees every message sent to every client (the
    hand-privacy harness). The robots' bidding systems are the shipped ones and the rule files of
    ``settings.robot_systems``, read and checked here.

    :raises RobotSystemError: naming the file, the line and the problem, for a robot system file that cannot
        be read or has a problem.
    """
    settings = settings or Settings()
    robot_systems = RobotSystems.load(paths_of(settings.robot_systems))
    authenticator = accounts.with_sessions(authenticator)  # Origin check, Director sessions, signed tokens

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store.open, settings.database_url)
        live = LiveStore(store.engine, flush_commits=settings.flush_commits)
        hub: Hub
        if settings.redis_url:  # several processes share the tables (docs/scale-out.md)
            from tenace.server.scaleout import ClusterHub

            hub = await ClusterHub.connect(
                live, settings.redis_url, lease_seconds=settings.lease_seconds,
                store=store, policy=settings.policy, edition=settings.edition,
                robots=robots or default_robots(settings.robot_samples),
                robot_delay=settings.robot_delay, observer=observer, systems=robot_systems)
        else:
            hub = Hub(live, store=store, policy=settings.policy, edition=settings.edition,
                      robots=robots or default_robots(settings.robot_samples),
                      robot_delay=settings.robot_delay, observer=observer, systems=robot_systems)
        app.state.store = store
        app.state.auth = await asyncio.to_thread(
            accounts.Auth.for_engine, store.engine, redis_url=settings.redis_url or None
        )  # with Redis, login limits hold across the processes
        app.state.hub = hub
        # the shipped systems are checked once, now, rather than when the first visitor opens the lobby
        await asyncio.to_thread(robot_systems.available)
        if settings.restore_on_start:
            await restore_tables(hub, settings, dt.datetime.now(dt.UTC))
            # who holds the seats of the tables restored (the spectator rules), as recorded in the store
            app.state.seat_holders = await asyncio.to_thread(hub.live.holders)
        # The modules, the app and the tables restored stay for the life of the process: move them out of
        # the collector's reach, or every full collection walks them all again and stalls every table for
        # a tenth of a second or more. And collect the young generation every 50,000 allocations, not 700:
        # a table's state lives a few seconds, which the default thresholds turned into a promotion to the
        # oldest generation and a full collection every few seconds (docs/server.md, "Speed").
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        app.state.activity = TableActivity()
        expiry = None
        if settings.table_expiry > 0 and not settings.redis_url:  # several processes: see docs/server.md
            expiry = asyncio.create_task(_expire_periodically(app, settings), name="table expiry")
        try:
            yield
        finally:
            if expiry is not None:
                expiry.cancel()
                with suppress(asyncio.CancelledError):
                    await expiry
            await hub.close()
            store.close()

    app = FastAPI(title="Tenace", lifespan=lifespan)
    app.add_middleware(SecurityHeaders)  # CSP, nosniff, no framing, referrer policy
    app.state.settings = settings
    app.state.robot_systems = robot_systems
    app.state.start_solo_table = _lobby_table  # the lobby's form (tenace.server.pages)
    app.state.activity = TableActivity()
    app.state.limits = Limits(settings)  # tables, sockets and spectators per client (docs/server.md)

    async def live_table(table_id: str) -> TableActor | None:
        if table_id in app.state.activity.expired:
            return None  # closed for idleness: not rebuilt from the store
        actor: TableActor | None = await app.state.hub.get(table_id)
        return actor
    app.include_router(pages.router)  # the lobby and the table page (tenace.server.pages)
    app.include_router(lobby.router)  # tables for friends and open tables (tenace.server.lobby)
    app.include_router(accounts.router())  # /auth: register, login, logout, ... (docs/accounts.md)
    app.include_router(club.router())  # club sessions and the director console (docs/directing-online.md)
    app.include_router(replay.router())  # the replay viewer of finished boards (docs/playing-online.md)
    app.include_router(my_boards.router())  # a logged-in player's boards (docs/playing-online.md)
    app.include_router(table_scoring.router())  # face-to-face scoring from the tables (docs/table-scoring.md)
    app.include_router(events.router())  # the Director's events in the browser (docs/director-events.md)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        hub: Hub = app.state.hub
        return {"status": "ok", "tables": len(hub.tables), "writes": hub.writer.stats()}

    @app.post("/api/tables", status_code=201, dependencies=[Depends(accounts.csrf_protect)])
    async def new_table(request: NewTableRequest, http: Request) -> dict[str, Any]:
        user = await user_of(http)
        if user is None and not settings.anonymous_tables:
            raise HTTPException(401, "log in to create a table through the API (visitors start a practice "
                                     "table from the lobby)")
        try:
            humans = {Seat(s.upper()) for s in request.humans}
        except ValueError:
            raise HTTPException(422, f"humans: expected seats N, E, S, W, got {request.humans}") from None
        board = None
        if request.board is not None:
            try:
                board = board_from_json(request.board, "board")
            except JSONFormatError as exc:
                raise HTTPException(422, str(exc)) from None
            if board.deal is None:
                raise HTTPException(422, "board.deal: a table needs the full deal")
        try:
            chosen = robot_systems.choose(request.robot_systems, robot_sides(humans))
        except RobotSystemError as exc:
            raise HTTPException(422, str(exc)) from None
        hub: Hub = app.state.hub
        client = table_quota(http, user)
        created = await hub.create_table(humans, board, boards=request.boards, systems=chosen)
        app.state.limits.table_created(client, created.id)
        if user is not None and humans:
            await hold_seats(app, created.id, humans, user.id)  # he was given the seat tokens
        return {
            "id": created.id,
            "tokens": {seat.value: token for seat, token in created.tokens.items()},
            "websocket": f"/ws/tables/{created.id}",
        }

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str, http: Request) -> JSONResponse:
        actor = await live_table(table_id)
        if actor is None:
            raise HTTPException(404, f"no table {table_id!r}")
        if actor.club is not None:  # a club table shows no more than its spectators may see
            refusal = await spectator_refusal(app, await user_of(http), actor)
            if refusal is not None:
                raise HTTPException(403, refusal)
        table = actor.table
        return JSONResponse({
            "id": actor.id,
            "seats": {seat.value: row.kind for seat, row in actor.seats.items()},
            "board": table.board.number,
            "position": actor.position,
            "phase": table.phase.value,
            "seq": len(table.record),
            "scores": {str(p): s for p, s in sorted(actor.scores.items())},
            "robot_systems": {seat.value: name for seat, name in actor.robot_systems.items()},
        })

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        actor = await live_table(table_id)
        await websocket.accept()
        if actor is None:
            await websocket.send_json(error_message("not-found", f"no table {table_id!r}"))
            await websocket.close(code=4404)
            return
        try:
            viewer = await authenticator(websocket, actor)
        except AuthenticationError as exc:
            await websocket.send_json(error_message(exc.code, str(exc)))
            await websocket.close(code=4401)
            return
        try:
            locale = normalise_locale(websocket.query_params.get("lang", "en"))
        except LocaleError:
            locale = "en"
        user = await user_of(websocket)
        connection: Connection
        if viewer is None:
            refusal = await spectator_refusal(app, user, actor)
            if refusal is not None:
                await websocket.send_json(error_message("forbidden", refusal))
                await websocket.close(code=FORBIDDEN_CLOSE_CODE)
                return
            watched = actor

            async def recheck() -> str | None:
                return await spectator_refusal(app, user, watched)

            connection = SpectatorConnection(locale, recheck, (actor.position, actor.table.board.number))
        else:
            if isinstance(viewer, Seat):  # he holds this seat: never a spectator here
                holder = user.id if user is not None else _signed_holder(websocket, actor.id)
                if holder is not None:
                    await hold_seats(app, actor.id, [viewer], holder)
            connection = Connection(viewer, locale)
        connection.name = _player_name(websocket, actor.id, user)
        # names and chat wanted (tenace.server.room, docs/protocol.md)
        connection.room = websocket.query_params.get("room") == "1"
        socket = Socket(client_address(websocket), actor.id, viewer is None)
        limits: Limits = app.state.limits
        refused = limits.socket_refusal(socket)
        if refused is not None:
            said = pages.limit_refusal(refused.code, refused.values, locale)
            await websocket.send_json(error_message("limited", said))
            await websocket.close(code=LIMITED_CLOSE_CODE)
            return
        limits.opened(socket)
        actor.join(connection)
        if isinstance(viewer, Seat):
            lobby.arrived(app, actor.id, viewer)  # an invitation used (tenace.server.lobby)
        writer = asyncio.create_task(_write(websocket, connection))
        limit_key = uuid.uuid4().hex  # the connection's key for the limit of messages (docs/accounts.md)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:  # a binary frame: the protocol is JSON text (docs/protocol.md)
                    connection.send(error_message("bad-message", "a message is JSON text, not binary data"))
                    continue
                if not accounts.message_allowed(websocket, limit_key):
                    connection.send(error_message("rate-limited", "too many messages: wait a moment"))
                    continue
                await _receive(actor, connection, text, settings)
        except (WebSocketDisconnect, RuntimeError):  # RuntimeError: the server closed it (a refusal)
            pass
        finally:
            limits.closed(socket)
            accounts.connection_closed(websocket, limit_key)
            actor.leave(connection)
            writer.cancel()
            with suppress(asyncio.CancelledError, Exception):
                await writer

    return app


_ENCODE = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
"""A message's JSON text: what ``json.dumps(message, ensure_ascii=False)`` gives (a message is a tree of
dicts, lists and plain values built for the occasion, never circular), without building an encoder each
time."""


def encoded(message: dict[str, Any]) -> str:
    """The JSON text of ``message``; a :class:`~tenace.server.actors.SharedMessage` (one message sent to
    several clients) is encoded once."""
    if type(message) is SharedMessage:
        text = message.text
        if text is None:
            text = message.text = _ENCODE(message)
        return text
    return _ENCODE(message)


async def _write(websocket: WebSocket, connection: Connection) -> None:
    while True:
        message = await connection.outbox.get()
        if message is None:
            await websocket.close(code=getattr(connection, "close_code", 1000))
            return
        await websocket.send_text(encoded(message))


async def _receive(actor: TableActor, connection: Connection, text: str, settings: Settings) -> None:
    limit = settings.max_message_bytes
    # in UTF-8 a character takes 1 to 4 bytes: only a long message is encoded to be measured
    if len(text) > limit or (4 * len(text) > limit and len(text.encode()) > limit):
        connection.send(error_message("bad-message", f"a message is at most {limit} bytes"))
        return
    try:
        data = json.loads(text)
    except RecursionError:
        connection.send(error_message("bad-message", "not JSON the server reads: nested too deeply"))
        return
    except ValueError as exc:
        connection.send(error_message("bad-message", f"not JSON: {exc}"))
        return
    try:
        action = parse_action(data)
    except ProtocolError as exc:
        connection.send(error_message(exc.code, str(exc), exc.ref))
        return
    if action.type == "resync":
        actor.resync(connection, action.ref)
        return
    if action.type == "chat":  # not an action at the table: the room checks and sends it (Law 73B)
        actor.chat(connection, action)
        return
    await actor.submit(connection.viewer, action, connection)
