"""The tables for friends this process started and the open practice tables the lobby lists: who hosts each,
the invitations not yet used and the seats anyone may take (the data behind :mod:`tenace.server.lobby`'s
routes and the pages that show them, :mod:`tenace.server.pages`).

The invitations and the open seats live in this process's memory (:func:`gatherings`): only the hashes of the
seat codes are stored with the table (tenace.server.persistence), so after a restart the table plays on with
the links already given, but is no longer listed and its unused invitations are no longer shown.
"""


from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import quote, urlencode

from fastapi import FastAPI, Request

from tenace.seats import Seat
from tenace.server.actors import hash_token, played_out

__all__ = ["FRIEND_SEATS", "SEAT_CHOICES", "Gathering", "OpenTable", "arrived", "gatherings",
           "invitations_for", "open_tables", "table_url"]

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
    hub = getattr(app.state, "hub", None)
    tables = getattr(hub, "tables", {})
    expired: set[str] = getattr(getattr(app.state, "activity", None), "expired", set())
    found = []
    every = gatherings(app)
    for table_id, gathering in sorted(every.items(), key=lambda item: item[1].created):
        actor = tables.get(table_id)
        if actor is None or table_id in expired or played_out(actor):
            if actor is None or table_id in expired:
                every.pop(table_id, None)
            continue
        if not gathering.open:
            continue
        players = actor.room.players_json()["players"]
        found.append(OpenTable(table_id, players, tuple(s.value for s in Seat if s in gathering.open)))
    return found


