"""Tables for friends and open practice tables, from the lobby (docs/playing-online.md, "Play with friends").

Whoever starts a *table for friends* sits South and chooses, for each other seat, a robot, a friend (he is
given an invitation link for that seat: the table page shows it to him until the friend arrives) or anyone
from the lobby (the seat is listed under *Open tables*, and the first visitor who takes it gets its seat
code). A seat kept for a human waits for him: the board is dealt at once, and when it is that seat's turn the
table waits, as a table of four humans does (the robots never take over a seat kept for a person).

The invitations and the open seats live in this process's memory (:func:`gatherings`): only the hashes of the
seat codes are stored with the table (tenace.server.persistence), so after a restart the table plays on with
the links already given, but is no longer listed and its unused invitations are no longer shown.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from tenace.seats import Seat
from tenace.server.auth import csrf_protect
from tenace.server.room import clean_name

__all__ = ["FRIEND_SEATS", "SEAT_CHOICES", "Gathering", "OpenTable", "arrived", "gatherings",
           "invitations_for", "open_tables", "router"]

FRIEND_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.WEST)
"""The seats the creator of a table for friends (South) chooses a player for."""
SEAT_CHOICES: Final = ("robot", "friend", "open")


@dataclass
class Gathering:
    """A table for friends: who started it and the seats still waiting for their player."""

    table_id: str
    host: Seat
    host_token: str
    """The sha256 of the host's seat code: the table page shows the invitations to him only."""
    invited: dict[Seat, str] = field(default_factory=dict)
    """The seat codes of the friends' seats, until each friend arrives."""
    open: dict[Seat, str] = field(default_factory=dict)
    """The seat codes of the seats anyone in the lobby may take, until taken."""
    created: float = field(default_factory=time.time)


def gatherings(app: FastAPI) -> dict[str, Gathering]:
    """The tables for friends this process started, by table id."""
    found: dict[str, Gathering] | None = getattr(app.state, "gatherings", None)
    if found is None:
        found = app.state.gatherings = {}
    return found


def arrived(app: FastAPI, table_id: str, seat: Seat) -> None:
    """A player opened ``seat``: its invitation is used."""
    gathering = gatherings(app).get(table_id)
    if gathering is not None:
        gathering.invited.pop(seat, None)


def table_url(table_id: str, token: str, name: str | None = None) -> str:
    query = {"token": token} | ({"name": name} if name else {})
    return f"/tables/{quote(table_id, safe='')}?{urlencode(query)}"


def invitations_for(request: Request, table_id: str, token: str) -> list[tuple[str, str]]:
    """The invitation links (seat letter, absolute address) the table page shows to the host of a table for
    friends, for the seats whose friend has not arrived yet; nothing for anyone else."""
    from tenace.server.actors import hash_token

    gathering = gatherings(request.app).get(table_id)
    if gathering is None or not token or hash_token(token) != gathering.host_token:
        return []
    base = str(request.base_url).rstrip("/")
    return [(seat.value, base + table_url(table_id, code)) for seat, code in sorted(
        gathering.invited.items(), key=lambda item: "NESW".index(item[0].value))]


@dataclass(frozen=True, slots=True)
class OpenTable:
    """A table listed in the lobby: each seat's player (``robot``, a name, or ``None`` for a seat kept for a
    player who has not arrived) and the seats anyone may take."""

    table_id: str
    seats: dict[str, dict[str, Any]]
    free: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.table_id, "seats": self.seats, "free": list(self.free),
                "sit": f"/lobby/tables/{quote(self.table_id, safe='')}/sit"}


def open_tables(app: FastAPI) -> list[OpenTable]:
    """The practice tables with a seat anyone may take, oldest first (tables closed or done are dropped)."""
    from tenace.server.app import _done

    hub = getattr(app.state, "hub", None)
    tables = getattr(hub, "tables", {})
    expired: set[str] = getattr(getattr(app.state, "activity", None), "expired", set())
    found = []
    every = gatherings(app)
    for table_id, gathering in sorted(every.items(), key=lambda item: item[1].created):
        actor = tables.get(table_id)
        if actor is None or table_id in expired or _done(actor):
            if actor is None or table_id in expired:
                every.pop(table_id, None)
            continue
        if not gathering.open:
            continue
        players = actor.room.players_json()["players"]
        found.append(OpenTable(table_id, players, tuple(s.value for s in Seat if s in gathering.open)))
    return found


router = APIRouter()


async def _field_values(request: Request) -> dict[str, str]:
    form = await request.form()
    return {k: v for k, v in form.items() if isinstance(v, str)}


@router.post("/lobby/friends", name="start_friends", dependencies=[Depends(csrf_protect)])
async def start_friends(request: Request) -> Response:
    """Start a table for friends (see the module's docstring) and go to it, in the South seat."""
    from tenace.server.actors import Hub, hash_token
    from tenace.server.app import _table_quota, _user_of, hold_seats, robot_sides
    from tenace.server.pages import LOBBY_ERRORS, lobby_page
    from tenace.server.robot_systems import RobotSystemError, RobotSystems

    fields = await _field_values(request)
    choices: dict[Seat, str] = {}
    for seat in FRIEND_SEATS:
        choice = fields.get(f"seat_{seat.value.lower()}", "robot").strip().lower()
        if choice not in SEAT_CHOICES:
            return await lobby_page(request, 422, LOBBY_ERRORS["bad-choice"])
        choices[seat] = choice
    humans = {Seat.SOUTH} | {seat for seat, choice in choices.items() if choice != "robot"}
    requested = {side: fields[f"robots_{side.lower()}"].strip() for side in ("NS", "EW")
                 if fields.get(f"robots_{side.lower()}", "").strip()}
    systems: RobotSystems = request.app.state.robot_systems
    try:
        chosen = systems.choose(requested, robot_sides(humans))
    except RobotSystemError as exc:
        raise HTTPException(422, str(exc)) from None
    user = await _user_of(request)
    try:
        client = _table_quota(request, user)
    except HTTPException as exc:
        if exc.status_code != 429:
            raise
        return await lobby_page(request, 429, str(exc.detail), translate=False)
    hub: Hub = request.app.state.hub
    created = await hub.create_table(humans, systems=chosen)
    request.app.state.limits.table_created(client, created.id)
    if user is not None:
        await hold_seats(request.app, created.id, [Seat.SOUTH], user.id)
    host = created.tokens[Seat.SOUTH]
    gatherings(request.app)[created.id] = Gathering(
        created.id, Seat.SOUTH, hash_token(host),
        invited={s: created.tokens[s] for s, c in choices.items() if c == "friend"},
        open={s: created.tokens[s] for s, c in choices.items() if c == "open"},
    )
    name = clean_name(fields.get("name")) if user is None else None
    return RedirectResponse(table_url(created.id, host, name), status_code=303)


@router.post("/lobby/tables/{table_id}/sit", name="take_seat", dependencies=[Depends(csrf_protect)])
async def take_seat(request: Request, table_id: str) -> Response:
    """Take a free seat of an open table (the form's ``seat``), then go to it with its seat code; refused
    (409, the lobby with the reason) when the seat is no longer free."""
    from tenace.server.app import _user_of, hold_seats
    from tenace.server.pages import LOBBY_ERRORS, lobby_page

    fields = await _field_values(request)
    letter = fields.get("seat", "").strip().upper()
    gathering = gatherings(request.app).get(table_id)
    free = {t.table_id: t.free for t in open_tables(request.app)}.get(table_id, ())
    if gathering is None or letter not in free:
        return await lobby_page(request, 409, LOBBY_ERRORS["seat-taken"])
    seat = Seat(letter)
    token = gathering.open.pop(seat)
    user = await _user_of(request)
    if user is not None:
        await hold_seats(request.app, table_id, [seat], user.id)
    name = clean_name(fields.get("name")) if user is None else None
    return RedirectResponse(table_url(table_id, token, name), status_code=303)


@router.get("/api/lobby/tables", name="open_tables")
async def open_tables_json(request: Request) -> JSONResponse:
    """The open tables, as the lobby lists them: ``{"tables": [{"id", "seats", "free", "sit"}]}``."""
    return JSONResponse({"tables": [t.to_json() for t in open_tables(request.app)]})
