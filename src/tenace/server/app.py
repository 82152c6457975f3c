"""The FastAPI application: a small JSON API to create tables and the WebSocket endpoint where they are
played (docs/server.md, docs/protocol.md).

Routes:

* ``GET /api/health``: ``{"status": "ok", "tables": <loaded tables>}``;
* ``POST /api/tables``: a new table (``{"humans": ["S"], "board": <board JSON or null>, "boards": <n or
  null>}``); the answer holds the table's id and its seat tokens (shown once; only their hashes are stored).
  The Director's token is not given out here (whoever creates a table may play at it): a Director comes in
  through the accounts (a logged-in Director), or a program that holds the hub;
* ``GET /api/tables/{id}``: who sits where, the board being played, its phase and the scores so far (no
  cards);
* ``WS /ws/tables/{id}?token=...&lang=en``: the table (see docs/protocol.md).

Who a WebSocket is (a seat, the Director, or a spectator) is decided by one function, :func:`authenticate`,
which the accounts module can replace (``create_app(authenticate=...)``).
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from tenace.formats.json import JSONFormatError, board_from_json
from tenace.laws.messages import LocaleError, normalise_locale
from tenace.seats import Seat
from tenace.server import auth as accounts
from tenace.server import club, pages
from tenace.server.actors import Connection, Hub, Observer, RobotFactory, TableActor, default_robots
from tenace.server.persistence import LiveStore
from tenace.server.protocol import ProtocolError, Viewer, error_message, parse_action
from tenace.server.settings import Settings
from tenace.store import Store

__all__ = ["AuthenticationError", "Authenticator", "authenticate", "create_app"]


class AuthenticationError(ValueError):
    """The connection may not open this table: ``code`` is ``"not-found"`` or ``"unauthorized"``."""

    def __init__(self, message: str, code: str = "unauthorized") -> None:
        super().__init__(message)
        self.code = code


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
    hand-privacy harness).
    """
    settings = settings or Settings()
    authenticator = accounts.with_sessions(authenticator)  # Origin check, Director sessions, signed tokens

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store.open, settings.database_url)
        hub: Hub
        if settings.redis_url:  # several processes share the tables (docs/scale-out.md)
            from tenace.server.scaleout import ClusterHub

            hub = await ClusterHub.connect(
                LiveStore(store.engine), settings.redis_url, lease_seconds=settings.lease_seconds,
                store=store, policy=settings.policy, robots=robots or default_robots(settings.robot_samples),
                robot_delay=settings.robot_delay, observer=observer)
        else:
            hub = Hub(LiveStore(store.engine), store=store, policy=settings.policy,
                      robots=robots or default_robots(settings.robot_samples),
                      robot_delay=settings.robot_delay, observer=observer)
        app.state.store = store
        app.state.auth = await asyncio.to_thread(
            accounts.Auth.for_engine, store.engine, redis_url=settings.redis_url or None
        )  # with Redis, login limits hold across the processes
        app.state.hub = hub
        if settings.restore_on_start:
            await hub.restore()
        try:
            yield
        finally:
            await hub.close()
            store.close()

    app = FastAPI(title="Tenace", lifespan=lifespan)
    app.state.settings = settings
    app.include_router(pages.router)  # the lobby and the table page (tenace.server.pages)
    app.include_router(accounts.router())  # /auth: register, login, logout, ... (docs/accounts.md)
    app.include_router(club.router())  # club sessions and the director console (docs/directing-online.md)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "tables": len(app.state.hub.tables)}

    @app.post("/api/tables", status_code=201)
    async def new_table(request: NewTableRequest) -> dict[str, Any]:
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
        hub: Hub = app.state.hub
        created = await hub.create_table(humans, board, boards=request.boards)
        return {
            "id": created.id,
            "tokens": {seat.value: token for seat, token in created.tokens.items()},
            "websocket": f"/ws/tables/{created.id}",
        }

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str) -> JSONResponse:
        actor = await app.state.hub.get(table_id)
        if actor is None:
            raise HTTPException(404, f"no table {table_id!r}")
        table = actor.table
        return JSONResponse({
            "id": actor.id,
            "seats": {seat.value: row.kind for seat, row in actor.seats.items()},
            "board": table.board.number,
            "position": actor.position,
            "phase": table.phase.value,
            "seq": len(table.record),
            "scores": {str(p): s for p, s in sorted(actor.scores.items())},
        })

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        hub: Hub = app.state.hub
        actor = await hub.get(table_id)
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
        connection = Connection(viewer, locale)
        actor.join(connection)
        writer = asyncio.create_task(_write(websocket, connection))
        limit_key = uuid.uuid4().hex  # the connection's key for the limit of messages (docs/accounts.md)
        try:
            while True:
                text = await websocket.receive_text()
                if not accounts.message_allowed(websocket, limit_key):
                    connection.send(error_message("rate-limited", "too many messages: wait a moment"))
                    continue
                await _receive(actor, connection, text, settings)
        except WebSocketDisconnect:
            pass
        finally:
            accounts.connection_closed(websocket, limit_key)
            actor.leave(connection)
            writer.cancel()
            with suppress(asyncio.CancelledError, Exception):
                await writer

    return app


async def _write(websocket: WebSocket, connection: Connection) -> None:
    while True:
        message = await connection.outbox.get()
        if message is None:
            await websocket.close()
            return
        await websocket.send_text(json.dumps(message, ensure_ascii=False))


async def _receive(actor: TableActor, connection: Connection, text: str, settings: Settings) -> None:
    if len(text) > settings.max_message_bytes:
        limit = settings.max_message_bytes
        connection.send(error_message("bad-message", f"a message is at most {limit} bytes"))
        return
    try:
        data = json.loads(text)
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
    await actor.submit(connection.viewer, action, connection)
