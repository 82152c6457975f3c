"""The browser pages of ``tenace serve``: the lobby and the table page, server-rendered with Jinja2.

The table page carries no cards: a small JavaScript client (``static/table.js``) opens the table's WebSocket
(docs/protocol.md) and draws only what the server's view for that viewer holds. Labels are English messages
looked up in the ``tenace_web`` gettext catalogue (``tools/i18n.py``) in English, Polish, Latvian, Swedish or
Greek; the language comes from ``?lang=``, then the ``tenace_lang`` cookie, then the browser's
``Accept-Language`` (:mod:`tenace.server.words`).
"""

from __future__ import annotations

import functools
import json
import mimetypes
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, PackageLoader, select_autoescape

from tenace.seats import Seat
from tenace.server.auth import Auth, csrf_protect, csrf_token_for, optional_user
from tenace.server.friends import FRIEND_SEATS, invitations_for, open_tables
from tenace.server.room import clean_name
from tenace.server.security import Role, User
from tenace.server.words import (
    CHAT_REFUSALS,
    COOKIE,
    DIRECTOR_REFUSALS,
    DOMAIN,
    LANGUAGE_NAMES,
    LOBBY_ERRORS,
    LOCALES,
    N_,
    chat_refusal,
    choose_locale,
    director_refusal,
    gettext_for,
    limit_refusal,
    request_locale,
    translations_for,
)

if TYPE_CHECKING:
    pass

__all__ = [  # the words of the pages (tenace.server.words) are offered here as well
    "CHAT_REFUSALS", "COOKIE", "DIRECTOR_REFUSALS", "DOMAIN", "LANGUAGE_NAMES",
    "LOBBY_ERRORS", "LOCALES", "N_", "SoloTable", "chat_refusal", "choose_locale",
    "client_strings", "director_refusal", "gettext_for", "limit_refusal", "lobby_page", "request_locale",
    "router",
]

STATIC_DIR: Final = Path(__file__).resolve().parent / "static"

CLIENT_STRINGS: Final = (
    N_("North"), N_("East"), N_("South"), N_("West"), N_("None"), N_("All"), N_("NT"), N_("Pass"),
    N_("{contract} by {seat}"), N_("Passed out"), N_("Dealer"), N_("Declarer"), N_("Dummy"), N_("Hidden"),
    N_("Cards of {seat}"), N_("Turned"), N_("Last trick"), N_("Last trick ({number})"),
    N_("Back to the current trick"), N_("alerted"), N_("no explanation given"), N_("Level"),
    N_("the Director"),
    N_("You decide ({law})."), N_("Waiting for a decision by {seat} ({law})."),
    N_("{seat} claims {tricks} of the remaining tricks."), N_("Play has stopped for a claim."), N_("Score"),
    N_("{tricks} tricks"), N_("Score N-S {ns}, E-W {ew}"), N_("The board is over."), N_("Your decision."),
    N_("Adjusted score: {score} (Law {law})"),
    N_("Waiting for a decision."),
    N_("Your call."), N_("Your card."), N_("Play a card from dummy."), N_("Waiting for {seat}."),
    N_("Waiting for the Director."), N_("Connecting…"), N_("Connection lost; reconnecting…"),
    N_("Not connected; please wait."), N_("Refused"),
    # the compass letters of the seats (docs/playing-online.md), in each language's bridge usage
    N_("N"), N_("E"), N_("S"), N_("W"),
    N_("{contract} by {seat}, made {tricks} tricks"), N_("{contract} by {seat}, made 1 trick"),
    N_("Not connected."),
    N_("Nothing for the Director to rule on now: no irregularity has happened (Law 9B1); play goes on."),
    # the table's layout (issue 12): robots named at their seats, the trick's winner, the tricks played
    N_("Robot"), N_("You"), N_("Won by {seat}"), N_("Trick {number}"), N_("{seat} led"),
    N_("No explanation given."), N_("Alerted"), N_("Hide the auction"), N_("Show the whole auction"),
    # calling the Director for anything (Law 9), his answers, claims ruled, penalty cards (issue 12)
    N_("{seat} called the Director: {reason} (Law 9)."), N_("misinformation"), N_("unauthorised information"),
    N_("a claim"), N_("something else"), N_("Your words: “{text}”"), N_("The Director's answer: {note}"),
    N_("Waiting for the Director's answer."),
    N_("No Director is present at a practice table with robots: the call is recorded with the board."),
    N_("{seat} reserved the right to call the Director about {about} (Law 16B2)."),
    N_("North-South"), N_("East-West"),
    N_("The claim was disputed: the Director awards {side} {tricks} of the remaining tricks (Law 70)."),
    N_("The claim was disputed: with no Director present, the server awards {side} {tricks} of the remaining "
       "tricks (Law 70)."),
    N_("You: {text}"), N_("Penalty card (Law 50)"), N_("Your call was sent to the Director."),
    N_("The claim is disputed: the Director is asked to rule (Law 70)."),
    *DIRECTOR_REFUSALS.values(),
    # names at the seats and the table's chat (tenace.server.room)
    N_("Waiting for a player"), N_("Spectator"), N_("Director"), N_("Chat"), N_("Send"),
    N_("Write to the table"), N_("The chat is closed while the board is played (Law 73B)."),
    N_("Invite friends"),
    *CHAT_REFUSALS.values(),
)
"""The labels the table's JavaScript shows, sent translated inside the page (the client has no gettext)."""


def client_strings(locale: str) -> dict[str, str]:
    """The table client's labels in ``locale``, keyed by their English text.

    >>> client_strings("sv")["North"]
    'Nord'
    """
    _ = gettext_for(locale)
    return {message: _(message) for message in CLIENT_STRINGS}


@functools.cache
def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("tenace.server", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    return env


def render(template: str, locale: str, **context: Any) -> str:
    """``template`` rendered in ``locale``."""
    env = _environment()
    translations = translations_for(locale)
    template_object = env.get_template(template)
    gettext = translations.gettext
    ngettext = translations.ngettext
    return template_object.render(
        _=gettext, gettext=gettext, ngettext=ngettext, locale=locale, languages=LANGUAGE_NAMES, **context
    )


@dataclass(frozen=True, slots=True)
class SoloTable:
    """A table the lobby started for one player: where his browser goes, with his seat's token."""

    table_id: str
    token: str


SoloStarter = Callable[[Request], Awaitable[SoloTable]]
"""How the lobby starts a table with one human (South) and three robots. By default the lobby asks the
server's table hub (``app.state.hub.create_table``); an application may set ``app.state.start_solo_table``
instead."""


class _Created(Protocol):
    id: str
    tokens: Mapping[Seat, str]


class _Hub(Protocol):
    async def create_table(self, humans: Iterable[Seat]) -> _Created: ...


class _Seated(Protocol):
    kind: str
    name: str


class _Session(Protocol):
    id: str
    name: str
    status: str
    players: Mapping[Any, tuple[_Seated, _Seated]]
    published: Mapping[str, str]


class _Club(Protocol):
    """The club sessions (tenace.server.club.ClubManager): for a club table's page, the links a player
    follows when his board there is over (his next table, the session's rankings and results); for the
    lobby, every session (to list a logged-in player's own)."""

    async def table_links(self, table_id: str, token: str = "") -> Mapping[str, str] | None: ...

    async def all(self) -> list[Any]: ...


@dataclass(frozen=True, slots=True)
class PlayerSession:
    """A club session the logged-in player is seated in (as ``user:NAME``), with the lobby's links to it."""

    name: str
    status: str
    play: str
    """``/club/sessions/<id>/play``: to his table of the round in play (or a page that waits for it)."""
    rankings: str
    results: str | None
    """The published results, once the Director has published them."""


def player_sessions(sessions: Iterable[_Session], username: str) -> list[PlayerSession]:
    """The sessions in which ``username`` holds a seat, as the lobby lists them (newest last).

    >>> from types import SimpleNamespace as S
    >>> ann, bob = S(kind="user", name="ann"), S(kind="guest", name="ann")
    >>> one = S(id="s1", name="Monday", status="playing", players={1: (ann, bob)}, published={})
    >>> two = S(id="s 2", name="Tuesday", status="new", players={1: (bob, bob)}, published={})
    >>> [(s.name, s.play, s.results) for s in player_sessions([one, two], "ann")]
    [('Monday', '/club/sessions/s1/play', None)]
    """
    from urllib.parse import quote

    mine = []
    for session in sessions:
        seated = (p for pair in session.players.values() for p in pair)
        if not any(p.kind == "user" and p.name == username for p in seated):
            continue
        base = f"/club/sessions/{quote(session.id, safe='')}"
        results = f"{base}/results/" if "index.html" in session.published else None
        mine.append(PlayerSession(session.name, session.status, f"{base}/play", base, results))
    return mine


async def _start_with_hub(request: Request) -> SoloTable:
    hub: _Hub = request.app.state.hub
    created = await hub.create_table({Seat.SOUTH})
    return SoloTable(created.id, created.tokens[Seat.SOUTH])


def _starter(request: Request) -> SoloStarter | None:
    starter: SoloStarter | None = getattr(request.app.state, "start_solo_table", None)
    if starter is None and getattr(request.app.state, "hub", None) is not None:
        return _start_with_hub
    return starter

router = APIRouter()


def _language_links(request: Request) -> dict[str, str]:
    """The page's address in each language: the same query (a table's seat token included) with ``lang``."""
    from urllib.parse import urlencode

    kept = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    return {code: f"{request.url.path}?{urlencode([*kept, ('lang', code)])}" for code in LOCALES}


def _page(request: Request, template: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    locale = request_locale(request)
    html = render(template, locale, path=request.url.path, language_links=_language_links(request), **context)
    response = HTMLResponse(html, status_code=status_code)
    if request.query_params.get("lang") == locale:
        response.set_cookie(COOKIE, locale, max_age=365 * 24 * 3600, samesite="lax")
    return response


def form_page(request: Request, template: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    """A page whose forms carry the CSRF token (:func:`tenace.server.auth.csrf_token_for`, set as a cookie
    with the page): the club's and the Director's pages."""
    cookies = HTMLResponse("")
    csrf = csrf_token_for(request, cookies)
    html = render(template, request_locale(request), path=request.url.path,
                  language_links=_language_links(request), csrf=csrf, **context)
    return HTMLResponse(html, status_code,
                        headers={k: v for k, v in cookies.headers.items() if k == "set-cookie"})


async def request_fields(request: Request) -> tuple[dict[str, Any], bool]:
    """A request's fields, from a JSON object or a form, and whether they came from a form (nothing for any
    other body). :raises HTTPException: 422 for a JSON body that is not an object."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == "application/json":
        try:
            data = await request.json()
        except ValueError:
            raise HTTPException(422, "the body is not JSON") from None
        if not isinstance(data, dict):
            raise HTTPException(422, "the body must be a JSON object")
        return data, False
    if kind in ("application/x-www-form-urlencoded", "multipart/form-data"):
        form = await request.form()
        return {k: v for k, v in form.items() if isinstance(v, str)}, True
    return {}, False


LOGIN_ERRORS: Final = {
    "invalid-credentials": N_("Wrong user name or password."),
    "rate-limited": N_("Too many attempts: wait a little and try again."),
    "account-locked": N_("Too many attempts: wait a little and try again."),
}
"""What the lobby says when ``/auth/login`` sends its form back (``?login_error=CODE``)."""


async def _lobby(request: Request, status_code: int = 200, error: str | None = None) -> HTMLResponse:
    """The lobby page. On a server with accounts (tenace.server.auth) its forms carry the CSRF token, and it
    offers a login (a player seated as ``user:NAME`` in a club session finds his tables here), or, for a
    logged-in user, his club sessions' tables, rankings and results, the Director console for a Director,
    and a logout."""
    auth = getattr(request.app.state, "auth", None)
    csrf, sessions = "", []
    user: User | None = None
    cookies = Response()
    if isinstance(auth, Auth):
        csrf = csrf_token_for(request, cookies)
        user = await optional_user(request)
        club: _Club | None = getattr(request.app.state, "club", None)
        if user is not None and club is not None:
            sessions = player_sessions(await club.all(), user.username)
    code = request.query_params.get("login_error", "")
    login_error = _t(request, LOGIN_ERRORS[code]) if code in LOGIN_ERRORS else None
    systems = getattr(request.app.state, "robot_systems", None)
    offered = systems.available() if systems is not None else {}
    can_start = _starter(request) is not None
    response = _page(request, "lobby.html.j2", status_code=status_code,
                     can_start=can_start, error=error,
                     friends=can_start and getattr(request.app.state, "hub", None) is not None,
                     friend_seats=[seat.value for seat in FRIEND_SEATS], open_tables=open_tables(request.app),
                     robot_systems=offered if len(offered) > 1 else {},
                     default_system=getattr(systems, "default", ""),
                     accounts=isinstance(auth, Auth), csrf=csrf, user=user,
                     director=user is not None and user.has(Role.DIRECTOR), sessions=sessions,
                     login_error=login_error)
    for key, value in cookies.headers.items():
        if key == "set-cookie":  # the anonymous cookie the CSRF token is bound to
            response.headers.append(key, value)
    return response


async def lobby_page(request: Request, status_code: int, error: str, translate: bool = True) -> HTMLResponse:
    """The lobby with an error (a message of :mod:`tenace.server.lobby`, translated unless ``translate`` is
    false)."""
    return await _lobby(request, status_code, _t(request, error) if translate else error)


def _t(request: Request, message: str) -> str:
    return gettext_for(request_locale(request))(message)


@router.get("/", response_class=HTMLResponse, name="lobby")
async def lobby(request: Request) -> HTMLResponse:
    """The lobby: start a table with three robots, join a table with its id and seat token, or log in to
    find one's club tables."""
    return await _lobby(request)


@router.post("/lobby/solo", name="start_solo", dependencies=[Depends(csrf_protect)])
async def start_solo(request: Request) -> Response:
    """Start a table with the visitor in the South seat and robots in the others, then go to it. The form
    carries the CSRF token (tenace.server.auth); the application also refuses pages of other sites by their
    Origin (tenace.server.app), a second layer."""
    starter = _starter(request)
    if starter is None:
        raise HTTPException(status_code=404, detail="this server does not start tables from the lobby")
    try:
        table = await starter(request)
    except HTTPException as exc:
        if exc.status_code != 429:
            raise
        return await _lobby(request, 429, str(exc.detail))  # a limit of the server (docs/server.md, Limits)
    return RedirectResponse(_table_url(table.table_id, table.token), status_code=303)


@router.get("/join", name="join")
async def join(request: Request, table: str = "", token: str = "") -> Response:
    """The lobby's join form: go to the table page with the seat token."""
    if not table.strip():
        return await _lobby(request, 400, _t(request, N_("Enter the table number you were given.")))
    return RedirectResponse(_table_url(table.strip(), token.strip()), status_code=303)


def _table_url(table_id: str, token: str) -> str:
    from urllib.parse import quote, urlencode

    url = f"/tables/{quote(table_id, safe='')}"
    return f"{url}?{urlencode({'token': token})}" if token else url


@router.get("/tables/{table_id}", response_class=HTMLResponse, name="table_page")
async def table_page(request: Request, table_id: str, token: str = "") -> HTMLResponse:
    """The table: the client connects to ``/ws/tables/{table_id}`` with the seat token (or the session
    cookie, for spectators and directors) and draws each view it receives. At a club session's table the
    page also holds, shown when the board is over, the player's way to his next table and the session's
    rankings, results and hand records (those two once published)."""
    locale = request_locale(request)
    strings = json.dumps(client_strings(locale), ensure_ascii=False).replace("</", "<\\/")
    club: _Club | None = getattr(request.app.state, "club", None)
    links = None if club is None else await club.table_links(table_id, token)
    invitations = invitations_for(request, table_id, token)
    csrf, cookies = "", Response()
    if invitations and isinstance(getattr(request.app.state, "auth", None), Auth):
        csrf = csrf_token_for(request, cookies)  # the host's forms giving a seat to a robot
    response = _page(request, "table.html.j2", table_id=table_id, token=token, strings=strings, club=links,
                     robot_systems=robot_systems_shown(request, table_id),
                     robots=robot_seats(request, table_id), invitations=invitations, csrf=csrf,
                     name=clean_name(request.query_params.get("name")) or "")
    for key, value in cookies.headers.items():
        if key == "set-cookie":  # the anonymous cookie the CSRF token is bound to
            response.headers.append(key, value)
    return response


def robot_seats(request: Request, table_id: str) -> str:
    """The seats robots play at a table this process has loaded, as letters in N, E, S, W order ("NEW"):
    the page names them at their places. Empty for a table not loaded here or without robots."""
    hub = getattr(request.app.state, "hub", None)
    tables = getattr(hub, "tables", None)
    actor = tables.get(table_id) if isinstance(tables, dict) else None
    robots = getattr(actor, "robots", None)
    if not isinstance(robots, dict):
        return ""
    return "".join(seat.value for seat in Seat if seat in robots)


def robot_systems_shown(request: Request, table_id: str) -> list[tuple[str, str, str]]:
    """The bidding system each side's robots play at a table this process has loaded, as (side, the system's
    name, its key): what the table's page says about its robots. Empty for a table not loaded here or
    without robots."""
    hub = getattr(request.app.state, "hub", None)
    tables = getattr(hub, "tables", None)
    actor = tables.get(table_id) if isinstance(tables, dict) else None
    if hub is None or actor is None:
        return []
    by_side: dict[str, str] = {}
    for seat, name in sorted(actor.robot_systems.items(), key=lambda item: "NESW".index(item[0].value)):
        by_side.setdefault(seat.side.value, name)
    shown = []
    for side, name in by_side.items():
        try:
            title = hub.system_named(name).name
        except Exception:  # a system that cannot be read any more: its key says enough
            title = name
        shown.append((side, title, name))
    return shown


_MEDIA: Final = {".js": "text/javascript", ".css": "text/css"}


@router.get("/static/{name:path}", name="static")
async def static(name: str) -> Response:
    """The client's files (``static/``): JavaScript modules and CSS, nothing outside that folder."""
    path = (STATIC_DIR / name).resolve()
    if not path.is_relative_to(STATIC_DIR) or not path.is_file():
        raise HTTPException(status_code=404, detail=f"no file {name!r}")
    media = _MEDIA.get(path.suffix) or mimetypes.guess_type(path.name)[0]
    return Response(path.read_bytes(), media_type=media or "application/octet-stream",
                    headers={"Cache-Control": "no-cache"})
