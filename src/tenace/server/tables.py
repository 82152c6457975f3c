"""Who holds the seats of the live tables and who may start one: the pieces the table routes of the app
(:mod:`tenace.server.app`) and of the lobby (:mod:`tenace.server.lobby`) share.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

from fastapi import FastAPI, HTTPException, Request
from starlette.requests import HTTPConnection

from tenace.seats import Seat, Side
from tenace.server import auth as accounts
from tenace.server.actors import Hub, played_out
from tenace.server.security import User
from tenace.server.words import limit_refusal, request_locale

__all__ = ["client_address", "hold_seats", "robot_sides", "seat_holders", "table_quota"]

log = logging.getLogger("tenace.server")


def robot_sides(humans: set[Seat] | frozenset[Seat]) -> set[Side]:
    """The sides at least one robot sits in."""
    return {seat.side for seat in Seat if seat not in humans}


def seat_holders(app: FastAPI) -> dict[str, set[int]]:
    """The users known to hold a seat at each table this process serves: whoever created a practice table
    while logged in (he was given its seat tokens), and whoever opened one of its seats while logged in or
    with a seat token signed for him. Held in memory, and recorded in the store by :func:`hold_seats` (a
    restarted server reads them back for the tables it restores); a club table's players are known from its
    session as well."""
    holders: dict[str, set[int]] | None = getattr(app.state, "seat_holders", None)
    if holders is None:
        holders = app.state.seat_holders = {}
    return holders


async def hold_seats(app: FastAPI, table_id: str, seats: Iterable[Seat], user_id: int) -> None:
    """Note that the user ``user_id`` holds ``seats`` at the table: in :func:`seat_holders`, and in the store
    (``live_seat_holders``, once per seat: his boards, ``/me/boards``, and his replays outlive a restart)."""
    seat_holders(app).setdefault(table_id, set()).add(user_id)
    recorded: set[tuple[str, str, int]] | None = getattr(app.state, "seats_recorded", None)
    if recorded is None:
        recorded = app.state.seats_recorded = set()
    for seat in seats:
        key = (table_id, seat.value, user_id)
        if key in recorded:
            continue
        try:
            await asyncio.to_thread(app.state.hub.live.hold_seat, table_id, seat.value, user_id)
        except Exception:  # the seat is his all the same; only his list of boards misses the table
            log.exception("table %s: the holder of seat %s could not be recorded", table_id, seat.value)
            continue
        recorded.add(key)


def client_address(connection: HTTPConnection) -> str:
    """The client's address as the limits count it (a forwarded one only when the proxy is trusted)."""
    auth = getattr(connection.app.state, "auth", None)
    if isinstance(auth, accounts.Auth):
        address = accounts.client_ip(connection, auth)
    else:
        address = connection.client.host if connection.client is not None else None
    return address or "unknown"


def table_quota(request: Request, user: User | None) -> str:
    """The client creating a table (``user NAME`` or ``address IP``), once its limits allow it.

    :raises HTTPException: 429 naming the client, what it holds and the setting that limits it.
    """
    app = request.app
    client = f"user {user.username}" if user is not None else f"address {client_address(request)}"
    hub: Hub = app.state.hub
    expired = app.state.activity.expired
    live = {t for t, actor in hub.tables.items() if t not in expired and not played_out(actor)}
    refusal = app.state.limits.table_refusal(client, logged_in=user is not None, live=live,
                                             total=len(hub.tables))
    if refusal is not None:
        locale = request_locale(request)
        raise HTTPException(429, limit_refusal(refusal.code, refusal.values, locale))
    return client
