"""The replay viewer: every finished board of a practice table or a club session, call by call and card by
card, with the double-dummy value of every legal card at each point of the play (docs/playing-online.md).

A board is read from the store (:class:`~tenace.server.persistence.LiveStore`: the board with its deal, and
its events) and replayed through the Laws engine (``Table.replay``), so a replay shows exactly the record the
table has: the auction with the alerts and explanations every player may hear once the board is over, the
cards in the order played with each trick's winner, the claim, and the result with its score (Law 77, or the
Director's adjusted score). :func:`replay_json` builds that part; it needs no solver.

:func:`dd_positions` lists the positions of the play (before each card, and where a claim stopped it) and
:func:`dd_json` solves them in one batch call of the double-dummy adapter (:func:`tenace.solver.dds.
solve_positions`). :class:`ReplayCache` runs that in a worker thread, once per board (a second request
waits for the first), and keeps the latest boards solved.

Who may see a replay (:func:`replay_refusal`): a board that has not ended at its table is refused (409) to
everyone; a Director or Organiser sees every ended board. At a practice table anyone may see an ended board
when the server admits spectators, otherwise whoever holds a seat token of the table or is recorded as
holding one of its seats (a logged-in user, ``live_seat_holders``). A club session's board
stays secret while it is still to be played at any table of the session (409, Law 16C: the deal is secret
until the board is finished everywhere, the rule of the hand records); after that its players (a seat token
of the table, or a logged-in player seated in the session) see it, and others as the event's spectator
policy admits them (Law 76A2); everyone once the results are published.

>>> from tenace import Board, Card, Deal, Seat, parse_call
>>> from tenace.laws import CallMade, CardPlayed, ClaimAnswered, ClaimMade, Table
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> t = Table.new(Board(1, deal))
>>> for seat, call in zip(Seat, ("7NT", "P", "P", "P")):
...     t = t.apply(CallMade(seat, parse_call(call)))
>>> t = t.apply(CardPlayed(Seat.EAST, Card.from_str("ST")))
>>> t = t.apply(ClaimMade(Seat.NORTH, 13, "all mine"))
>>> t = t.apply(ClaimAnswered(Seat.EAST, True)).apply(ClaimAnswered(Seat.WEST, True))
>>> data = replay_json(t, table_id="t1", position=1)
>>> data["contract"], data["declarer"], [c["card"] for c in data["cards"]], data["claim"]["after"]
('7NTN', 'N', ['ST'], 1)
>>> data["declarer_tricks"], data["score_ns"]
(13, 1520)
>>> [(p.turn.value, len(p.cards)) for p in dd_positions(t)]
[('E', 0), ('S', 1)]
"""

from __future__ import annotations

import asyncio
import collections
import functools
import hmac
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from tenace.board import Board
from tenace.laws.log import event_from_json
from tenace.laws.misinformation import Correction, Explanation
from tenace.laws.table import Phase, Table
from tenace.play import Play
from tenace.seats import Seat, Side
from tenace.server.actors import event_time, hash_token
from tenace.server.auth import user_of
from tenace.server.pages import N_, client_strings, gettext_for
from tenace.server.persistence import LiveStore, LiveTable, regulations_of
from tenace.server.protocol import _adjusted_json, _claim_json

if TYPE_CHECKING:
    from tenace.server.security import User

__all__ = [
    "REPLAY_STRINGS", "Refusal", "ReplayCache", "dd_json", "dd_positions", "deal_json", "replay_json",
    "replay_refusal", "replay_table", "router",
]

log = logging.getLogger("tenace.server")

REPLAY_STRINGS: Final = (
    N_("Replay of board {board}"), N_("Auction"), N_("Play"), N_("Start"), N_("Previous"), N_("Next"),
    N_("End"), N_("Previous trick"), N_("Next trick"), N_("Double dummy"),
    N_("Tricks for declarer's side"), N_("Tricks for the side to play"),
    N_("Trick {number}, won by {seat}"), N_("Trick {number}"), N_("Before the opening lead"),
    N_("Call {number} of {total}"), N_("Card {number} of {total}"), N_("{seat} plays {card}"),
    N_("{seat} calls {call}"), N_("{card}: {tricks} tricks"),
    N_("Double-dummy analysis is not available on this server."),
    N_("The double-dummy analysis failed."), N_("Solving double dummy…"),
    N_("{seat} claimed {tricks} of the remaining tricks: {statement}"), N_("Result"),
    N_("Vulnerable"), N_("Tricks: N-S {ns}, E-W {ew}"), N_("Back to the table"),
    N_("Use the arrow keys: left and right step one call or card, up and down one trick, Home and End."),
    N_("Declarer's side takes {tricks} tricks with best play from here."), N_("Explanation"),
    N_("corrected (Law {law})"), N_("Previous board"), N_("Next board"), N_("Double-dummy tricks and par"),
    N_("Par: {contracts}; N-S {score}"), N_("Tricks each seat takes as declarer, double dummy"),
)
"""The replay page's labels (besides the table client's, :data:`tenace.server.pages.CLIENT_STRINGS`), sent
translated inside the page."""

NO_TABLE: Final = N_("There is no table {table}.")
NO_BOARD: Final = N_("Table {table} has played no board {position}.")
IN_PLAY_HERE: Final = N_(
    "Board {board} is still being played at this table: its replay opens when it is over.")
IN_PLAY_ELSEWHERE: Final = N_(
    "Board {board} is still to be played at another table of this session: its replay opens once every "
    "table has finished it (Law 16C).")
UNKNOWN_SESSION: Final = N_(
    "This table plays in a club session that this server does not run now: only a Director may see its "
    "boards.")
PLAYERS_ONLY: Final = N_(
    "Only the players of this table may see its boards: open the replay from your table.")
EVENT_CLOSED: Final = N_(
    "This event shows its boards only to its players and Directors until the results are published.")
LOG_IN: Final = N_("Log in to see the boards of this event.")


# --------------------------------------------------------------------------------------------- the replay


def replay_table(board: Board, events: Sequence[Mapping[str, Any]], policy: str = "online") -> Table:
    """The table after the stored ``events`` of ``board`` (as :class:`~tenace.server.actors.Hub` rebuilds
    a table after a restart)."""
    record = [event_from_json(dict(e), f"event {i}") for i, e in enumerate(events)]
    times = [event_time(dict(e), f"event {i}") for i, e in enumerate(events)]
    return Table.replay(board, record, regulations_of(policy), times=times)


def replay_json(table: Table, *, table_id: str, position: int,
                explanations: Mapping[int, str] | None = None) -> dict[str, Any]:
    """The replay of a board that has ended, as JSON (docs/protocol.md, "The replay viewer"), without the
    double-dummy values (:func:`dd_json`). ``explanations``: the explanations of some calls (by index) in the
    reader's language, in place of those recorded (the robots', :meth:`TableActor.robot_explanations
    <tenace.server.actors.TableActor.robot_explanations>`)."""
    explained = explanations or {}
    play = table.play
    deal = play.deal if play is not None else table.deal
    contract = table.contract
    claim = _claim_json(table.claim)
    if claim is not None and play is not None:
        claim["after"] = len(play.cards)  # the cards played when play stopped for the claim
    tricks: list[dict[str, Any]] = []
    cards: list[dict[str, Any]] = []
    if play is not None:
        done = [(trick.leader, trick.cards, play.winners[i]) for i, trick in enumerate(play.tricks)]
        current = play.current_trick
        begun = [(current.leader, current.cards, None)] if current.cards else []
        for number, (leader, played, winner) in enumerate([*done, *begun], start=1):
            tricks.append({"number": number, "leader": leader.value, "cards": [str(c) for c in played],
                           "winner": None if winner is None else winner.value})
            seat = leader
            for card in played:
                cards.append({"seat": seat.value, "card": str(card), "trick": number})
                seat = seat.lho
    said: dict[int, list[dict[str, Any]]] = {}
    info = table.information  # what was said about the calls afterwards: everyone may hear it now (Law 20F)
    items: list[Explanation | Correction] = [*info.explanations, *info.corrections]
    for item in sorted(items, key=lambda x: x.index):
        if item.text:
            said.setdefault(item.call_index, []).append({
                "by": item.by.value, "text": item.text,
                "correction": str(item.law) if isinstance(item, Correction) else None})
    calls = [{"seat": c.seat.value, "call": str(c.call.call), "alert": c.call.alert,
              "explanation": explained.get(i, c.call.explanation), "said": said.get(i, [])}
             for i, c in enumerate(table.calls)]
    return {
        "table": table_id,
        "position": position,
        "board": table.board.number,
        "dealer": table.board.dealer.value,
        "vulnerability": table.board.vulnerability.value,
        "hands": {seat.value: [str(c) for c in deal[seat]] for seat in Seat},
        "calls": calls,
        "contract": None if contract is None else str(contract),
        "declarer": None if contract is None else contract.declarer.value,
        "trumps": None if play is None or play.trump is None else play.trump.name[0],
        "cards": cards,
        "tricks": tricks,
        "claim": claim,
        "declarer_tricks": table.declarer_tricks,
        "tricks_won": None if play is None else {side.value: play.tricks_won(side) for side in Side},
        "score_ns": table.score_ns(),
        "result": _adjusted_json(table),
    }


def dd_positions(table: Table) -> list[Play]:
    """The positions of the play to solve: before each card played, and where a claim stopped the play (none
    for a board passed out). Each holds the cards played until then (a revoke that stood, or a lead out of
    turn, as at the table)."""
    play = table.play
    if play is None:
        return []
    position = Play(play.deal, play.trump, play.leader, (), play.leads)
    positions = []
    for card in play.cards:
        positions.append(position)
        position = position.push_unchecked(card)
    if not position.is_complete:
        positions.append(position)
    return positions


def dd_json(positions: Sequence[Play]) -> list[dict[str, Any]]:
    """The double-dummy values of every legal card in each position, solved in one batch
    (:func:`tenace.solver.dds.solve_positions`): ``turn``; ``tricks``, by card, the tricks the side to play
    takes from here (this trick included); ``declarer``, by card, declarer's side's total for the deal;
    ``best``, the cards that keep the best result; ``value``, declarer's side's total with best play.

    :raises tenace.solver.dds.SolverError: if the solver is missing or fails.
    """
    from tenace.solver.dds import solve_positions

    out = []
    for solved in solve_positions(positions):
        out.append({
            "turn": solved.turn.value,
            "tricks": {str(card): tricks for card, tricks in solved.cards},
            "declarer": {str(card): solved.declarer_total(card) for card, _ in solved.cards},
            "best": [str(card) for card in solved.best()],
            "value": solved.declarer_value,
        })
    return out


def deal_json(table: Table) -> dict[str, Any]:
    """The deal's double-dummy tricks in every denomination from every seat, and its par (dealer par, the
    board's vulnerability): ``{"table": {"N": {"C": 7, ..., "NT": 6}, ...}, "par": {"score_ns": -110,
    "contracts": ["2SE", "2SW"]}}``.

    :raises tenace.solver.dds.SolverError: if the solver is missing or fails.
    """
    from tenace.solver.dds import dd_table, par

    deal = table.play.deal if table.play is not None else table.deal
    tricks = dd_table(deal)
    found = par(tricks, table.board.vulnerability, table.board.dealer)
    by_seat: dict[str, dict[str, int]] = {seat.value: {} for seat in Seat}
    for seat, denomination, count in tricks.items():
        by_seat[seat.value][denomination.value] = count
    return {"table": by_seat,
            "par": {"score_ns": found.score_ns, "contracts": [str(c) for c, _ in found.contracts]}}


class ReplayCache:
    """The double-dummy values of the boards replayed lately, each solved once: in a worker thread, off the
    event loop, as a task of its own (a request that goes away does not stop it, and a second request for a
    board being solved waits for the same task)."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.solved = 0
        """How many boards were solved (not found in the cache)."""
        self._done: collections.OrderedDict[tuple[object, ...], Any] = collections.OrderedDict()
        self._running: dict[tuple[object, ...], asyncio.Task[Any]] = {}

    async def dd(self, key: tuple[object, ...], table: Table) -> list[dict[str, Any]]:
        """The values of :func:`dd_json` for ``table``'s play, cached under ``key`` (a board of a table and
        its cards: a board's record only grows after it ended when the Director rules, and the cards do
        not change then).

        :raises tenace.solver.dds.SolverError: if the solver is missing or fails (nothing is cached).
        """
        values: list[dict[str, Any]] = await self.get(key, lambda: dd_json(dd_positions(table)))
        return values

    async def get(self, key: tuple[object, ...], compute: Callable[[], Any]) -> Any:
        """``compute()`` (run in a worker thread), cached under ``key``."""
        found = self._done.get(key)
        if found is not None:
            self._done.move_to_end(key)
            return found
        task = self._running.get(key)
        if task is None:
            task = asyncio.get_running_loop().create_task(asyncio.to_thread(compute))
            self._running[key] = task
            self.solved += 1
            task.add_done_callback(functools.partial(self._finished, key))
        return await asyncio.shield(task)

    def _finished(self, key: tuple[object, ...], task: asyncio.Task[Any]) -> None:
        self._running.pop(key, None)
        if task.cancelled() or task.exception() is not None:
            return
        self._done[key] = task.result()
        while len(self._done) > self.size:
            self._done.popitem(last=False)


# ------------------------------------------------------------------------------------------------- access


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a replay is refused: the HTTP status, the message (English, marked for translation) and its
    placeholders' values."""

    status: int
    message: str
    values: Mapping[str, object]

    def text(self, locale: str) -> str:
        return gettext_for(locale)(self.message).format(**self.values)


def _holds_seat(app: Any, stored: LiveTable, token: str) -> bool:
    """Whether ``token`` opens a human seat (or the Director's place) at the stored table: one of its own seat
    tokens, or a seat token the accounts signed for it."""
    if not token:
        return False
    digest = hash_token(token)
    rows = [row.token for row in stored.seats.values() if row.kind == "human"] + [stored.director_token]
    if any(row is not None and hmac.compare_digest(row, digest) for row in rows):
        return True
    auth = getattr(app.state, "auth", None)
    tokens = getattr(auth, "seat_tokens", None)
    if tokens is None:
        return False
    try:
        seat = tokens.authenticate_seat(stored.id, token)
    except Exception:  # not a signed token for this table
        return False
    row = stored.seats.get(seat.value)
    return row is not None and row.kind == "human"


async def replay_refusal(app: Any, user: User | None, stored: LiveTable, table: Table,
                         token: str = "") -> Refusal | None:
    """Why ``user`` (``None``: a visitor without an account), with the seat ``token`` he may give, may not see
    the replay of ``table``, a board of the stored table; ``None`` when he may (the rules in the module's
    docstring)."""
    from tenace.server.security import Role, SpectatorPolicy

    board = table.board.number
    if table.phase is not Phase.ENDED:
        return Refusal(409, IN_PLAY_HERE, {"board": board})
    if user is not None and user.has(Role.DIRECTOR, Role.ORGANISER):
        return None
    settings = app.state.settings
    if stored.club is None:  # a practice table
        if settings.allow_spectators or _holds_seat(app, stored, token):
            return None
        if user is not None and await asyncio.to_thread(app.state.hub.live.holds, stored.id, user.id):
            return None  # recorded as holding a seat there (/me/boards links here without a token)
        return Refusal(403, PLAYERS_ONLY, {})
    manager = getattr(app.state, "club", None)
    sessions = [] if manager is None else await manager.all()
    session = next((s for s in sessions if s.slot_of(stored.id) is not None), None)
    if session is None:
        return Refusal(403, UNKNOWN_SESSION, {})
    if board in session.boards_in_play():
        return Refusal(409, IN_PLAY_ELSEWHERE, {"board": board})
    if "index.html" in session.published or _holds_seat(app, stored, token):
        return None
    if user is not None and any(p.kind == "user" and p.name.lower() == user.username.lower()  # any case
                                for pair in session.players.values() for p in pair):
        return None
    if settings.spectator_policy is SpectatorPolicy.CLOSED:
        return Refusal(403, EVENT_CLOSED, {})
    if user is None and not settings.guests_may_watch:
        return Refusal(403, LOG_IN, {})
    return None


# ------------------------------------------------------------------------------------------------- routes


def _locale(request: Request) -> str:
    from tenace.server.pages import request_locale

    return request_locale(request)


def _explanations(app: Any, stored: LiveTable, table: Table, locale: str) -> dict[int, str] | None:
    """The robots' explanations of their calls in ``locale`` (English stays where there is no catalogue)."""
    if locale == "en":
        return None
    from tenace.server.actors import _translated_explanations

    hub = app.state.hub
    default = hub.systems.default if hub.systems is not None else ""
    systems: dict[Seat, str] = {Seat(s): row.system or default for s, row in stored.seats.items()
                                if row.kind == "robot" and (row.system or default)}
    if not systems:
        return None
    try:
        return _translated_explanations(table.view(None), systems, hub.system_named, locale)
    except Exception:  # explanations stay in English rather than no replay
        log.exception("table %s: the robots' explanations could not be translated", stored.id)
        return None


async def _load(request: Request, table_id: str, position: int, token: str
                ) -> tuple[LiveTable, Table] | Refusal:
    live: LiveStore = request.app.state.hub.live
    stored = await asyncio.to_thread(live.load, table_id)
    if stored is None:
        return Refusal(404, NO_TABLE, {"table": table_id})
    row = next((b for b in stored.boards if b.position == position), None)
    if row is None:
        return Refusal(404, NO_BOARD, {"table": table_id, "position": position})
    events = row.events if row.position == stored.boards[-1].position else await asyncio.to_thread(
        live.events, table_id, position)
    table = await asyncio.to_thread(replay_table, row.board, events, stored.policy)

    refusal = await replay_refusal(request.app, await user_of(request), stored, table, token)
    return refusal if refusal is not None else (stored, table)


def _cache(request: Request) -> ReplayCache:
    cache: ReplayCache | None = getattr(request.app.state, "replays", None)
    if cache is None:
        cache = request.app.state.replays = ReplayCache()
    return cache


def router() -> APIRouter:
    """``GET /api/replay/{table_id}/{position}`` (JSON) and ``GET /replay/{table_id}/{position}`` (the page),
    ``position`` being the board's place in the order played at the table (1, 2, ...); both take the seat
    ``token`` and ``lang``."""
    routes = APIRouter()

    @routes.get("/api/replay/{table_id}/{position}", name="replay_json")
    async def replay_api(request: Request, table_id: str, position: int, token: str = "") -> JSONResponse:
        locale = _locale(request)
        loaded = await _load(request, table_id, position, token)
        if isinstance(loaded, Refusal):
            return JSONResponse({"detail": loaded.text(locale)}, status_code=loaded.status)
        stored, table = loaded
        data = replay_json(table, table_id=table_id, position=position,
                           explanations=_explanations(request.app, stored, table, locale))
        last = stored.boards[-1].position  # the next board starts only once a board has ended
        ended = {b.position for b in stored.boards if b.ended or b.position < last}
        data["previous"] = position - 1 if position - 1 in ended else None
        data["next"] = position + 1 if position + 1 in ended else None
        data["dd"], data["dd_error"] = None, None
        from tenace.solver.dds import available

        data["deal_dd"] = None
        if not available():
            data["dd_error"] = "unavailable"
        else:
            cards = () if table.play is None else tuple(str(c) for c in table.play.cards)
            try:
                cache = _cache(request)
                data["deal_dd"] = await cache.get((table_id, position, "deal"), lambda: deal_json(table))
                if table.play is not None:
                    data["dd"] = await cache.dd((table_id, position, cards), table)
            except Exception:
                log.exception("table %s, board %d: the double-dummy analysis failed", table_id, position)
                data["dd_error"] = "failed"
        return JSONResponse(data)

    @routes.get("/replay/{table_id}/{position}", response_class=HTMLResponse, name="replay_page")
    async def replay_page(request: Request, table_id: str, position: int, token: str = "") -> Response:
        import json

        from tenace.server.pages import _page, _table_url

        locale = _locale(request)
        loaded = await _load(request, table_id, position, token)
        if isinstance(loaded, Refusal):
            return _page(request, "replay.html.j2", status_code=loaded.status, refusal=loaded.text(locale),
                         board=None, strings="{}", api="", table_url=_table_url(table_id, token))
        _, table = loaded
        strings = {**client_strings(locale), **{m: gettext_for(locale)(m) for m in REPLAY_STRINGS}}
        from urllib.parse import quote, urlencode

        query = urlencode({k: v for k, v in (("token", token), ("lang", locale)) if v})
        api = f"/api/replay/{quote(table_id, safe='')}/{position}?{query}"
        text = json.dumps(strings, ensure_ascii=False).replace("</", "<\\/")
        return _page(request, "replay.html.j2", refusal=None, board=table.board.number, strings=text, api=api,
                     table_url=_table_url(table_id, token))

    return routes
