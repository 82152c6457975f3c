"""Tables for friends and open practice tables, from the lobby (docs/playing-online.md, "Play with friends").

Whoever starts a *table for friends* sits South and chooses, for each other seat, a robot, a friend (he is
given an invitation link for that seat: the table page shows it to him until the friend arrives) or anyone
from the lobby (the seat is listed under *Open tables*, and the first visitor who takes it gets its seat
code). A seat kept for a human waits for him: the board is dealt at once, and when it is that seat's turn the
table waits, as a table of four humans does (the robots never take over a seat kept for a person).

Who hosts each table, its invitations and its open seats are kept by :mod:`tenace.server.friends`.
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from tenace.seats import Seat
from tenace.server.actors import Hub, hash_token
from tenace.server.auth import csrf_protect, user_of
from tenace.server.friends import (
    FRIEND_SEATS,
    SEAT_CHOICES,
    Gathering,
    OpenTable,
    arrived,
    gatherings,
    invitations_for,
    open_tables,
    table_url,
)
from tenace.server.pages import LOBBY_ERRORS, lobby_page
from tenace.server.robot_systems import RobotSystemError, RobotSystems
from tenace.server.room import clean_name
from tenace.server.tables import hold_seats, robot_sides, table_quota

__all__ = ["FRIEND_SEATS", "SEAT_CHOICES", "Gathering", "OpenTable", "arrived", "gatherings",
           "invitations_for", "open_tables", "router"]


router = APIRouter()


async def _field_values(request: Request) -> dict[str, str]:
    form = await request.form()
    return {k: v for k, v in form.items() if isinstance(v, str)}


@router.post("/lobby/friends", name="start_friends", dependencies=[Depends(csrf_protect)])
async def start_friends(request: Request) -> Response:
    """Start a table for friends (see the module's docstring) and go to it, in the South seat."""

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
    user = await user_of(request)
    try:
        client = table_quota(request, user)
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

    fields = await _field_values(request)
    letter = fields.get("seat", "").strip().upper()
    gathering = gatherings(request.app).get(table_id)
    free = {t.table_id: t.free for t in open_tables(request.app)}.get(table_id, ())
    if gathering is None or letter not in free:
        return await lobby_page(request, 409, LOBBY_ERRORS["seat-taken"])
    seat = Seat(letter)
    token = gathering.open.pop(seat)
    user = await user_of(request)
    if user is not None:
        await hold_seats(request.app, table_id, [seat], user.id)
    name = clean_name(fields.get("name")) if user is None else None
    return RedirectResponse(table_url(table_id, token, name), status_code=303)


@router.post("/lobby/tables/{table_id}/robot", name="seat_robot", dependencies=[Depends(csrf_protect)])
async def seat_robot(request: Request, table_id: str) -> Response:
    """The host of a table for friends gives a seat kept for a person who has not come (its invitation
    unused, or an open seat nobody took) to a robot: the form's ``seat``, with the host's seat code as
    ``token``. Back to the table; refused (the lobby with the reason) for anyone but the host, a seat already
    taken, or once a trick of the board has been quitted (:meth:`TableActor.seat_robot`)."""
    fields = await _field_values(request)
    token, letter = fields.get("token", ""), fields.get("seat", "").strip().upper()
    gathering = gatherings(request.app).get(table_id)
    if gathering is None or not token or hash_token(token) != gathering.host_token:
        return await lobby_page(request, 403, LOBBY_ERRORS["not-host"])
    if letter not in {s.value for s in (*gathering.invited, *gathering.open)}:
        return await lobby_page(request, 409, LOBBY_ERRORS["seat-taken"])
    seat = Seat(letter)
    hub: Hub = request.app.state.hub
    actor = await hub.get(table_id)
    if actor is None or seat in actor.robots:
        return await lobby_page(request, 409, LOBBY_ERRORS["seat-taken"])
    if await actor.seat_robot(seat) is not None:
        return await lobby_page(request, 409, LOBBY_ERRORS["robot-later"])
    gathering.invited.pop(seat, None)
    gathering.open.pop(seat, None)
    return RedirectResponse(table_url(table_id, token), status_code=303)


@router.get("/api/lobby/tables", name="open_tables")
async def open_tables_json(request: Request) -> JSONResponse:
    """The open tables, as the lobby lists them: ``{"tables": [{"id", "seats", "free", "sit"}]}``."""
    return JSONResponse({"tables": [t.to_json() for t in open_tables(request.app)]})
