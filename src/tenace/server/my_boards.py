"""*My boards*: a logged-in player's history of the boards he played online, newest first, each opening the
replay viewer (docs/playing-online.md, "My boards").

Two sources:

* practice tables: the seats the store records for him (``live_seat_holders``, revision 0005: he created
  the table while logged in, or opened one of its seats while logged in or with a seat token signed for
  him); every board that has ended there. There is no field: the score only;
* club sessions: the sessions that seat him as ``user:NAME`` (any case); every board his pair finished at a
  table of the session, once every table of the session has finished it (Law 16C, the replay's own rule), with
  his pair's percentage (matchpoints) or IMPs (Butler or cross-IMPs) on it, from the session's scoring
  (:meth:`~tenace.server.club.ClubManager.scored`, :func:`tenace.tournament.scoring.score_event`).

A board is listed only when the replay viewer lets him open it (:func:`tenace.server.replay.replay_refusal`):
it has ended at its table, and at a club session it is finished everywhere; a board the Director closed
with an artificial score at a table that did not finish it has no replay and is not listed.

Routes: ``GET /api/me/boards?page=N`` (JSON) and ``GET /me/boards?page=N`` (the page); ``PER_PAGE`` boards a
page. Not logged in: 401, with a translated message.

>>> result_text(Contract.from_str("4SN"), 11), result_text(Contract.from_str("3NTE"), 9)
('+1', '=')
>>> result_text(Contract.from_str("2HXS"), 6), side_score("E", 420), side_score("N", 420)
('−2', -420, 420)
"""

from __future__ import annotations

import asyncio
import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse
from markupsafe import Markup, escape

from tenace.contract import Contract
from tenace.server.auth import user_of
from tenace.server.pages import N_, gettext_for
from tenace.server.persistence import HeldBoard, LiveStore

if TYPE_CHECKING:
    from tenace.server.security import User

__all__ = ["PER_PAGE", "MY_BOARDS_STRINGS", "boards_of", "result_text", "router", "side_score"]

PER_PAGE: Final = 50

LOG_IN_FIRST: Final = N_("Log in to see the boards you played.")
MY_BOARDS_STRINGS: Final = (
    N_("My boards"), N_("Date"), N_("Table"), N_("Board"), N_("Seat"), N_("Contract"), N_("Result"),
    N_("Score"), N_("% or IMPs"), N_("Replay"), N_("Practice table {table}"),
    N_("{session}, round {round}, table {table}"), N_("Replay board {board}"), N_("Passed out"),
    N_("Page {page} of {pages}"), N_("Newer boards"), N_("Older boards"), N_("Back to the lobby"),
    N_("You have not finished a board yet."), N_("{imps} IMPs"), N_("adjusted"),
    N_("The boards you played, newest first. A club session's board is listed once every table has "
       "finished it."),
)

_SEATS: Final = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}
_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def result_text(contract: Contract, tricks: int) -> str:
    """The result as the travellers write it: ``=``, ``+1``, ``−2`` (tricks over or under the contract)."""
    difference = tricks - contract.tricks_needed
    return "=" if difference == 0 else f"+{difference}" if difference > 0 else f"−{-difference}"


def side_score(seat: str, score_ns: int) -> int:
    """A North-South score as the player in ``seat`` sees it."""
    return score_ns if seat in ("N", "S") else -score_ns


@dataclass(frozen=True, slots=True)
class _Club:
    """Where a club session's table fits: the session, the round and table of the movement, his pair."""

    session: Any
    round: int
    table: int
    board: int
    contestant: str


def _mine(session: Any, username: str) -> list[tuple[str, int]]:
    return [(c, i) for c, specs in session.players.items() for i, spec in enumerate(specs)
            if spec.kind == "user" and spec.name.lower() == username.lower()]


async def _club_tables(app: Any, user: User) -> dict[str, tuple[str, _Club]]:
    """The live tables of club sessions where the user played a board that is finished everywhere: table id
    -> (his seat, where it fits)."""
    manager = getattr(app.state, "club", None)
    if manager is None:
        return {}
    found: dict[str, tuple[str, _Club]] = {}
    for session in await manager.all():
        mine = _mine(session, user.username)
        if not mine:
            continue
        secret = session.boards_in_play()
        for slots in session.slots.values():
            for slot in slots:
                if not slot.done or slot.adjusted or slot.board in secret:
                    continue
                for contestant, index in mine:
                    if contestant in (slot.ns, slot.ew):
                        seat = ("NS" if contestant == slot.ns else "EW")[index]
                        found[slot.table_id] = (seat, _Club(session, slot.round, slot.table, slot.board,
                                                            contestant))
    return found


def _field(app: Any, club: _Club, cache: dict[str, Any]) -> tuple[Fraction | None, Fraction | None]:
    """His pair's percentage (matchpoints) or IMPs on the board, from the session's scoring (each session
    scored once per request); ``(None, None)`` when the board is not scored (yet)."""
    from tenace.tournament.model import Method

    session = club.session
    if session.id not in cache:
        try:
            cache[session.id] = app.state.club.scored(session)[1]
        except Exception:  # no percentage rather than no list
            cache[session.id] = None
    results = cache[session.id]
    if results is None:
        return None, None
    for traveller in results.traveller(club.board):
        for line in traveller.lines:
            r = line.result
            if (r.round, r.table, r.board) != (club.round, club.table, club.board):
                continue
            ns = club.contestant == r.ns
            if results.method is Method.MATCHPOINTS:
                return (line.ns_percentage if ns else line.ew_percentage), None
            if results.method in (Method.BUTLER, Method.CROSS_IMPS):
                return None, line.ns_points if ns else line.ew_points
            return None, None
    return None, None


def _row(held: HeldBoard, club: _Club | None,
         field: tuple[Fraction | None, Fraction | None]) -> dict[str, Any]:
    contract = None if held.contract is None else Contract.from_str(held.contract)
    percentage, imps = field
    return {
        "date": held.ended_at.astimezone(dt.UTC).isoformat(timespec="seconds"),
        "table": held.table_id,
        "position": held.position,
        "kind": "practice" if club is None else "club",
        "session": None if club is None else {
            "id": club.session.id, "name": club.session.name, "round": club.round, "table": club.table},
        "board": held.board.number,
        "vulnerability": held.board.vulnerability.value,
        "seat": held.seat,
        "contract": None if contract is None else f"{contract.bid}{contract.doubling}",
        "declarer": None if contract is None else contract.declarer.value,
        "tricks": held.tricks if contract is not None else None,
        "result": None if contract is None or held.tricks is None else result_text(contract, held.tricks),
        "score_ns": held.score_ns,
        "score": None if held.score_ns is None else side_score(held.seat, held.score_ns),
        "percentage": None if percentage is None else round(float(percentage), 2),
        "imps": None if imps is None else round(float(imps), 2),
        "replay": f"/replay/{quote(held.table_id, safe='')}/{held.position}",
    }


async def boards_of(app: Any, user: User, page: int = 1, per_page: int | None = None) -> dict[str, Any]:
    """The user's boards, page ``page`` (from 1) of ``per_page`` (:data:`PER_PAGE`): ``{"page", "pages",
    "per_page", "total", "boards"}``, the boards newest first as :func:`_row` writes them."""
    live: LiveStore = app.state.hub.live
    per_page = per_page or PER_PAGE
    page = max(1, page)
    start = (page - 1) * per_page
    clubs = await _club_tables(app, user)
    club_boards = await asyncio.to_thread(live.ended_boards, {t: seat for t, (seat, _) in clubs.items()})
    practice_total, practice = await asyncio.to_thread(live.held_boards, user.id, start + per_page)
    merged = sorted([*practice, *club_boards], key=lambda b: (b.ended_at, b.table_id, b.position),
                    reverse=True)
    total = practice_total + len(club_boards)
    scored: dict[str, Any] = {}
    rows = []
    for held in merged[start:start + per_page]:
        where = clubs[held.table_id][1] if held.table_id in clubs else None
        field = (None, None) if where is None else await asyncio.to_thread(_field, app, where, scored)
        rows.append(_row(held, where, field))
    return {"page": page, "pages": max(1, -(-total // per_page)), "per_page": per_page, "total": total,
            "boards": rows}


# ------------------------------------------------------------------------------------------------- the page


def _contract_text(row: dict[str, Any], _: Any) -> Markup:
    """The contract by declarer, its hearts and diamonds in red: ``4♥X by South``."""
    if row["contract"] is None:
        return escape(_("Passed out"))
    text: str = row["contract"]
    level, rest = text[0], text[1:]
    denomination = rest.rstrip("X")
    doubling = rest[len(denomination):]
    symbol = _SYMBOLS.get(denomination)
    shown = escape(_("NT")) if symbol is None else Markup('<span class="{}">{}</span>').format(
        "red" if denomination in "HD" else "black", symbol)
    contract = Markup("{}{}{}").format(level, shown, doubling)
    return escape(_("{contract} by {seat}")).format(contract=contract, seat=_(_SEATS[row["declarer"]]))


def _signed(value: float) -> str:
    text = f"{abs(value):g}"
    return f"+{text}" if value > 0 else f"−{text}" if value < 0 else text


def _shown(rows: list[dict[str, Any]], locale: str) -> list[dict[str, Any]]:
    """The rows as the page writes them, in ``locale``."""
    _ = gettext_for(locale)
    shown = []
    for row in rows:
        session = row["session"]
        where = (_("Practice table {table}").format(table=row["table"]) if session is None else
                 _("{session}, round {round}, table {table}").format(
                     session=session["name"], round=session["round"], table=session["table"]))
        if row["percentage"] is not None:
            field = f"{row['percentage']:.2f} %"
        elif row["imps"] is not None:
            field = _("{imps} IMPs").format(imps=_signed(row["imps"]))
        else:
            field = ""
        result = "" if row["result"] is None else f"{row['result']} ({row['tricks']})"
        shown.append({
            "date": row["date"][:16].replace("T", " "), "datetime": row["date"], "where": where,
            "board": str(row["board"]), "seat": _(_SEATS[row["seat"]]), "contract": _contract_text(row, _),
            "result": result, "score": _("adjusted") if row["score"] is None else _signed(row["score"]),
            "field": field, "replay": row["replay"],
            "replay_label": _("Replay board {board}").format(board=row["board"]),
        })
    return shown


def _page_number(request: Request) -> int:
    try:
        return max(1, int(request.query_params.get("page", "1")))
    except ValueError:
        return 1


def router() -> APIRouter:
    """``GET /api/me/boards`` and ``GET /me/boards``, both with ``page`` (1, 2, ...) and ``lang``."""
    routes = APIRouter()

    @routes.get("/api/me/boards", name="my_boards_json")
    async def my_boards_api(request: Request) -> JSONResponse:
        from tenace.server.pages import request_locale as _locale

        user = await user_of(request)
        if user is None:
            return JSONResponse({"detail": gettext_for(_locale(request))(LOG_IN_FIRST)}, status_code=401)
        return JSONResponse(await boards_of(request.app, user, _page_number(request)))

    @routes.get("/me/boards", response_class=HTMLResponse, name="my_boards_page")
    async def my_boards_page(request: Request) -> HTMLResponse:
        from tenace.server.pages import _page
        from tenace.server.pages import request_locale as _locale

        locale = _locale(request)
        user = await user_of(request)
        if user is None:
            return _page(request, "my_boards.html.j2", status_code=401,
                         refusal=gettext_for(locale)(LOG_IN_FIRST), data=None, rows=[], links={})
        data = await boards_of(request.app, user, _page_number(request))
        page, pages = data["page"], data["pages"]
        suffix = f"&lang={locale}" if request.query_params.get("lang") else ""
        links = {"newer": f"/me/boards?page={page - 1}{suffix}" if page > 1 else None,
                 "older": f"/me/boards?page={page + 1}{suffix}" if page < pages else None}
        return _page(request, "my_boards.html.j2", refusal=None, data=data,
                     rows=_shown(data["boards"], locale), links=links, user=user)

    return routes
