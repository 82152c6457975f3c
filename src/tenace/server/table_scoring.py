"""Face-to-face table scoring in the browser (a Bridgemate replacement; docs/table-scoring.md).

The Director creates a face-to-face session at ``/scoring`` (an event of pairs with a Mitchell or Howell
movement, Law 8A, and boards dealt for it, Law 6); its page lists every table with a link and a QR code.
Each link carries the table's secret token: an HMAC of the server's secret, the session, a random nonce kept
with the session and the table number, so nothing stored gives a link away and nobody can make one up.

The device at the table (``static/scoring.js``) shows the round's boards, the pairs and their seats from
the movement. North keys in the result (or "passed out"); the device shows the score (Law 77) and East-West
confirm it (Law 79A: the tricks are agreed at the table); then the result is sent: :meth:`Store.enter` with
the device's idempotency key, then :meth:`Store.confirm`. Entries wait in the device's ``localStorage``
until the server acknowledges them; a resend with the same key returns what is stored and stores nothing
twice, and a different result for a board already stored is refused (a correction is the Director's,
Law 79C). After a confirmed board the device shows its traveller when the session allows, and after the
round where each pair and the boards go next.

The Director's page polls the progress: which tables have entered which boards, the tables late in the
round, and results that look wrong (tricks far from double dummy on the dealt cards, a high contract with
few high-card points); he corrects a result there (:meth:`Store.correct`, with the audit trail).

Routes (``router()``):

* ``GET /scoring`` (Director): the sessions and the form for a new one; ``POST /scoring/sessions``;
* ``GET /scoring/{sid}`` (Director): the tables' links and QR codes, the progress, the rankings;
  ``GET /api/scoring/{sid}/progress``; ``POST /scoring/{sid}/correct``;
* ``GET /scoring/{sid}/table/{table}/{token}``: the device's page; ``GET /api/scoring/{sid}/table/{table}/
  {token}``: its state; ``POST .../preview``, ``.../enter`` and ``.../confirm``.

Every refusal is JSON ``{"error", "field", "table", "round", "board", "message"}`` with the message in the
page's language, naming the table, round, board and field; nothing stored changes.
"""

from __future__ import annotations

import asyncio
import base64
import datetime as dt
import hashlib
import hmac
import json
import logging
import queue
import re
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final
from urllib.parse import quote

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from tenace.analysis import DDTable
from tenace.board import Board
from tenace.calls import Denomination
from tenace.cards import Card
from tenace.contract import Contract, Doubling
from tenace.deal import Deal
from tenace.dealing.secure import deal_boards
from tenace.errors import NotationError
from tenace.formats.json import board_from_json, board_to_json
from tenace.seats import Seat
from tenace.server import pages
from tenace.server.auth import csrf_protect, optional_user, require_role
from tenace.server.club import ClubError, make_movement, matches_json, rankings_json
from tenace.server.security import Role, User
from tenace.server.table_scoring_store import list_scoring, read_scoring, write_scoring
from tenace.store.errors import DuplicateResultError, StoreError
from tenace.store.records import StoredResult
from tenace.tournament.entry import ResultError, check_result, parse_entry
from tenace.tournament.model import (
    Conditions,
    Event,
    EventKind,
    Method,
    Movement,
    Participant,
    Result,
    Seating,
    Session,
    default_name,
)

__all__ = ["ScoringError", "ScoringSession", "doubts", "other_room", "router", "table_token", "where_next"]

log = logging.getLogger("tenace.server.table_scoring")

N_ = pages.N_
SESSION: Final = 1
"""The event's session the devices score (a face-to-face session here is an event of one session)."""
MAX_TABLES: Final = 30
DD_MARGIN: Final = 2
"""A result more than this many tricks away from double dummy is shown to the Director as doubtful."""
GAME_HCP: Final = 18
"""A contract at the four level or higher by a side holding fewer high-card points looks wrong."""
SLAM_HCP: Final = 24
PASSED_OUT_HCP: Final = 25
"""A board passed out while one side held this many high-card points or more looks wrong."""
_KEY: Final = re.compile(r"[A-Za-z0-9_.:-]{8,100}")
FIELD_NAMES: Final = {
    "table": N_("table"), "round": N_("round"), "board": N_("board"), "contract": N_("contract"),
    "declarer": N_("declarer"), "lead": N_("opening lead"), "tricks": N_("tricks"), "key": N_("entry key"),
    "side": N_("side"), "ns": N_("North-South pair"), "ew": N_("East-West pair"), "result": N_("result"),
    "reason": N_("reason"),
}


class ScoringError(ValueError):
    """A request from a device or the Director that is refused: ``code`` says what kind, ``field`` which
    input; ``message`` is English, :meth:`shown` the message in a language."""

    def __init__(self, code: str, field: str, message: str, *, table: int | None = None,
                 round: int | None = None, board: int | None = None, status: int = 422,
                 values: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code, self.field, self.message = code, field, message
        self.table, self.round, self.board, self.status = table, round, board, status
        self.values = dict(values or {})

    def shown(self, _: Callable[[str], str]) -> str:
        """``Table 2, round 1, board 5, tricks: ...`` in the language of ``_`` (the detail: translated when
        it is one of this module's messages, else as the store or the parser gave it)."""
        where = [_("Table {table}").format(table=self.table) if self.table is not None else "",
                 _("round {round}").format(round=self.round) if self.round is not None else "",
                 _("board {board}").format(board=self.board) if self.board is not None else "",
                 _(self.field_label())]
        values = {"table": self.table, "round": self.round, "board": self.board, **self.values}
        detail = _(self.message).format(**values) if self.translatable() else self.message
        return ", ".join(w for w in where if w) + ": " + detail

    def field_label(self) -> str:
        """The field's name to translate (the field itself when it has none)."""
        return FIELD_NAMES.get(self.field, self.field)

    def translatable(self) -> bool:
        """Whether :attr:`message` is one of this module's messages (else it is shown as it is)."""
        return self.message in _MESSAGES

    def json(self, _: Callable[[str], str]) -> dict[str, Any]:
        return {"error": self.code, "field": self.field, "table": self.table, "round": self.round,
                "board": self.board, "message": self.shown(_)}


NOT_HERE = N_("board {board} is not played at table {table} in round {round}")
NO_ROUND = N_("table {table} does not play in round {round}")
NO_TABLE = N_("this session has no table {table}")
LEVEL = N_("a contract's level is 1 to 7")
STRAIN = N_("the denomination is clubs, diamonds, hearts, spades or no trump")
DOUBLING = N_("the contract is undoubled, doubled or redoubled")
DECLARER = N_("the declarer is North, East, South or West")
TRICKS = N_("the number of tricks taken by declarer's side is 0 to 13")
NO_TRICKS = N_("a passed-out board has no number of tricks")
LEAD_CARD = N_("the opening lead is not a card (for example SQ or H10)")
LEAD_HAND = N_("the opening lead {lead} is not in the hand of {leader}, who leads (Law 41A)")
KEY = N_("every entry carries the device's idempotency key (8 to 100 letters, digits or -_.:)")
KEY_REUSED = N_("this entry key was already used for another result; the device must make a new one")
DIFFERENT = N_("a different result ({stored}) is already stored for this board; only the Director "
               "corrects it (Law 79C)")
WRONG_SIDE = N_("North-South entered this result: East-West, their opponents, confirm it (Law 79A)")
NOTHING = N_("no result has been entered for this board yet")
UNREADABLE = N_("cannot read this result ({detail})")
REASON = N_("a correction needs a reason")
NUMBER = N_("expected a whole number")
UNFINISHED = N_("the results are published once every table has played every round (Law 16C: a board's "
                "results stay secret until it has been played everywhere)")
_MESSAGES: Final = frozenset({NOT_HERE, NO_ROUND, NO_TABLE, LEVEL, STRAIN, DOUBLING, DECLARER, TRICKS,
                              NO_TRICKS, LEAD_CARD, LEAD_HAND, KEY, KEY_REUSED, DIFFERENT, WRONG_SIDE,
                              NOTHING, UNREADABLE, REASON, NUMBER, UNFINISHED})

# --------------------------------------------------------------------------------------------- the session


def table_token(secret: bytes, session_id: str, nonce: str, table: int) -> str:
    """The secret in a table's link: an HMAC of the session, its nonce and the table (nothing stored gives
    it away; a new nonce would make new links).

    >>> token = table_token(b"0123456789abcdef", "s1", "n", 3)
    >>> len(token), token == table_token(b"0123456789abcdef", "s1", "n", 4)
    (22, False)
    """
    mac = hmac.new(secret, f"table-scoring:{session_id}:{nonce}:{table}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:16]).decode().rstrip("=")


@dataclass
class ScoringSession:
    """What a face-to-face session keeps besides the store's event: its name, its boards, whether the
    tables see travellers, and the nonce of its links."""

    id: str
    name: str
    event_id: int
    kind: str
    director: str
    created: str
    nonce: str
    travellers: bool = True
    boards: dict[int, Board] = field(default_factory=dict)
    published: dict[str, str] = field(default_factory=dict)
    """The result files of the last publication (:func:`~tenace.tournament.publish.files.result_files`)."""
    number: int = SESSION
    """The event's session these tables score (each session of an event has its own boards and links)."""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "event_id": self.event_id, "kind": self.kind,
                "director": self.director, "created": self.created, "nonce": self.nonce,
                "travellers": self.travellers,
                "boards": [board_to_json(b) for _, b in sorted(self.boards.items())],
                "published": self.published, "session": self.number}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScoringSession:
        boards = {b.number: b for b in (board_from_json(x) for x in data.get("boards", []))}
        return cls(id=data["id"], name=data["name"], event_id=int(data["event_id"]), kind=data["kind"],
                   director=data["director"], created=data["created"], nonce=data["nonce"],
                   travellers=bool(data.get("travellers", True)), boards=boards,
                   published=dict(data.get("published", {})), number=int(data.get("session", SESSION)))

    def board(self, number: int) -> Board:
        return self.boards.get(number) or Board(number)


def boards_from_pbn(text: str, source: str, numbers: Sequence[int]) -> dict[int, Board]:
    """The boards a session plays, from a PBN file of boards dealt beforehand (a dealing machine's file, or
    another program's): each numbered game with a full deal, with the dealer and vulnerability the file gives
    (Law 2 where it gives none).

    :raises ClubError: naming the file (and line) when a board the movement plays is missing or has no full
        deal; nothing is created.
    """
    from tenace.formats.pbn import read_games

    found: dict[int, Board] = {}
    unreadable: dict[int, int] = {}
    for game in read_games(text, source=source):
        record = game.record
        if record.number is None:
            continue
        if isinstance(record.deal, Deal):
            found.setdefault(record.number, Board(record.number, record.deal, record.dealer,
                                                  record.vulnerability))
        else:
            unreadable.setdefault(record.number, game.lineno)
    for number in numbers:
        if number not in found and number in unreadable:
            raise ClubError(f"{source}:{unreadable[number]}: board {number} has no full deal", "boards")
    missing = [n for n in numbers if n not in found]
    if missing:
        listed = ", ".join(map(str, missing[:10])) + (", ..." if len(missing) > 10 else "")
        raise ClubError(f"{source}: no board {listed}; the movement plays boards {min(numbers)} to "
                        f"{max(numbers)}", "boards")
    return {n: found[n] for n in numbers}


def where_next(movement: Movement, seating: Seating) -> dict[str, Any]:
    """Where the pairs and the boards of ``seating`` go after its round (Law 8A): ``{"ns": {"table", "seat"}
    | None, "ew": ..., "boards": table | None, "last": bool}``; a pair with no table next sits out, boards
    with no table next go to the Director (or to a relay).

    >>> from tenace.tournament.movements import mitchell
    >>> m = mitchell(3, boards_per_round=2)
    >>> after = where_next(m, m.at(1, 1))
    >>> after["round"], after["ns"], after["ew"], after["boards"], after["last"]
    (2, {'table': 1, 'seat': 'NS'}, {'table': 2, 'seat': 'EW'}, 3, False)
    """
    later = [r for r in movement.rounds if r > seating.round]
    if not later:
        return {"round": None, "ns": None, "ew": None, "boards": None, "last": True}
    following = later[0]
    seatings = [s for s in movement.seatings if s.round == following]

    def pair(who: str, seat: str) -> dict[str, Any] | None:
        if seating.room is not None:  # a team's pair keeps its direction: to its team's table that way
            for s in seatings:
                if (s.ns if seat == "NS" else s.ew) == who:
                    return {"table": s.table, "seat": seat}
        for s in seatings:
            if who in (s.ns, s.ew):
                return {"table": s.table, "seat": "NS" if s.ns == who else "EW"}
        return None

    boards = next((s.table for s in seatings if set(s.boards) == set(seating.boards)), None)
    after: dict[str, Any] = {"round": following, "ns": pair(seating.ns, "NS"), "ew": pair(seating.ew, "EW"),
                             "boards": boards, "last": False}
    if seating.players is not None:  # an individual: each player's own table and seat
        after["players"] = [_player_next(seatings, who) for who in seating.players]
    return after


def _player_next(seatings: Sequence[Seating], who: str) -> dict[str, Any]:
    """Where an individual's player sits in the next round: ``{"id", "table", "seat"}`` (``N``, ``E``, ``S``,
    ``W``), table ``None`` when he sits out."""
    for s in seatings:
        if s.players is not None and who in s.players:
            return {"id": who, "table": s.table, "seat": "NESW"[s.players.index(who)]}
    return {"id": who, "table": None, "seat": None}


def other_room(movement: Movement, seating: Seating) -> Seating | None:
    """The other room's seating of a team match (the same two teams, the same round, another table).

    >>> from tenace.tournament.movements.teams import round_robin
    >>> m = round_robin(4, boards_per_match=2)
    >>> other_room(m, m.at(1, 1)).table, other_room(m, m.at(1, 2)).table
    (2, 1)
    """
    teams = {seating.ns, seating.ew}
    return next((s for s in movement.seatings if s.round == seating.round and s.table != seating.table
                 and {s.ns, s.ew} == teams), None)


def doubts(result: Result, board: Board, dd: DDTable | None) -> list[tuple[str, dict[str, object]]]:
    """Why a result looks wrong on the dealt cards (the Director looks at it; nothing is changed): tricks
    more than :data:`DD_MARGIN` from double dummy, a contract at the four level or higher with fewer than
    :data:`GAME_HCP` high-card points on declarer's side (a slam with fewer than :data:`SLAM_HCP`), a board
    passed out while a side held :data:`PASSED_OUT_HCP` or more. Each reason is an untranslated message
    with its values.

    >>> from tenace.deal import Deal
    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> r = Result(1, 1, 1, "1", "2", Contract.from_str("4SW"), 10)
    >>> [message.format(**values) for message, values in doubts(r, Board(1, deal), None)]
    ['a contract at the 4 level by a side holding 3 high-card points']
    """
    found: list[tuple[str, dict[str, object]]] = []
    deal = board.deal
    contract = result.contract
    if result.adjusted is not None or deal is None:
        return found
    ns_hcp = deal[Seat.NORTH].hcp + deal[Seat.SOUTH].hcp
    if contract is None:
        most = max(ns_hcp, 40 - ns_hcp)
        if most >= PASSED_OUT_HCP:
            found.append((N_("passed out while one side held {hcp} high-card points"), {"hcp": most}))
        return found
    declarer = contract.declarer
    assert isinstance(declarer, Seat)
    side_hcp = ns_hcp if declarer in (Seat.NORTH, Seat.SOUTH) else 40 - ns_hcp
    if contract.level >= 6 and side_hcp < SLAM_HCP or contract.level >= 4 and side_hcp < GAME_HCP:
        found.append((N_("a contract at the {level} level by a side holding {hcp} high-card points"),
                      {"level": contract.level, "hcp": side_hcp}))
    if dd is not None and result.tricks is not None:
        best = dd[declarer, contract.denomination]
        if abs(result.tricks - best) > DD_MARGIN:
            found.append((N_("{tricks} tricks where double dummy gives {dd}"),
                          {"tricks": result.tricks, "dd": best}))
    return found


class Scoring:
    """The face-to-face sessions of this server (``app.state.table_scoring``): read from the database when
    asked for (so several processes serve them alike), with the movements and double-dummy tables cached."""

    def __init__(self, store: Any, secret: bytes) -> None:
        self.store = store
        self.secret = secret
        self._sessions: dict[str, tuple[str, ScoringSession]] = {}
        self._movements: dict[tuple[int, int], tuple[tuple[int, int], Movement]] = {}
        """Each session's movement with the store's fingerprint of it when it was read."""
        self._dd: dict[tuple[str, int], DDTable | None] = {}
        self._dd_waiting: set[tuple[str, int]] = set()
        self._dd_queue: queue.Queue[tuple[tuple[str, int], Deal]] = queue.Queue()
        self._dd_lock = threading.Lock()
        self._dd_thread: threading.Thread | None = None
        self._analyses: dict[str, Any] = {}
        """Each session's DD tables and par for its published pages, solved at the first publication."""

    def get(self, session_id: str) -> ScoringSession:
        """The session as stored now (read afresh, parsed again only when it changed: another server
        process may have published it)."""
        found = read_scoring(self.store.engine, session_id)
        if found is None:
            raise HTTPException(404, f"no face-to-face session {session_id!r}")
        cached = self._sessions.get(session_id)
        if cached is not None and cached[0] == found[0]:
            return cached[1]
        session = ScoringSession.from_json(json.loads(found[0]))
        self._sessions[session_id] = (found[0], session)
        return session

    def all(self) -> list[ScoringSession]:
        rows = list_scoring(self.store.engine)
        return [ScoringSession.from_json(json.loads(state)) for _, state, _ in rows]

    def movement(self, session: ScoringSession) -> Movement:
        """The session's movement (its sections as one), kept while the stored one does not change: another
        server process may pair a Swiss round or replace the movement, so the store's fingerprint of it is
        compared on each use."""
        key = (session.event_id, session.number)
        stamp = self.store.movement_stamp(*key)
        kept = self._movements.get(key)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        event = self.store.event(session.event_id)
        movements = next((s.movements for s in event.sessions if s.number == session.number), ())
        if not movements:
            raise HTTPException(404, f"event {session.event_id} has no session {session.number}")
        # several sections (knockout matches) as one
        movement = movements[0] if len(movements) == 1 else Movement(
            ", ".join(m.name for m in movements), tuple(s for m in movements for s in m.seatings))
        self._movements[key] = (stamp, movement)
        return movement

    def token(self, session: ScoringSession, table: int) -> str:
        return table_token(self.secret, session.id, session.nonce, table)

    def link(self, session: ScoringSession, table: int) -> str:
        return (f"/scoring/{quote(session.id, safe='')}/table/{table}/"
                f"{quote(self.token(session, table), safe='')}")

    def check_token(self, session: ScoringSession, table: int, token: str) -> None:
        if table not in self.movement(session).tables or not hmac.compare_digest(
                token.encode(), self.token(session, table).encode()):
            raise HTTPException(404, "this table link opens no table")

    def dd(self, session: ScoringSession, number: int) -> DDTable | None:
        """The board's double-dummy table when its cards are known, a solver is installed and the table has
        been solved; ``None`` until then. Solving a deal takes a second or so of one core: it is done once
        per board, by one background thread, so that the Director's page never waits for it."""
        key = (session.id, number)
        if key in self._dd:
            return self._dd[key]
        deal = session.board(number).deal
        if deal is None:
            self._dd[key] = None
            return None
        from tenace.solver import dds

        if not dds.available():
            self._dd[key] = None
            return None
        with self._dd_lock:
            if key not in self._dd_waiting:
                self._dd_waiting.add(key)
                self._dd_queue.put((key, deal))
                if self._dd_thread is None:
                    self._dd_thread = threading.Thread(target=self._solve, name="table scoring DD",
                                                       daemon=True)
                    self._dd_thread.start()
        return None

    def dd_pending(self) -> list[tuple[str, int]]:
        with self._dd_lock:
            return sorted(self._dd_waiting)

    def _solve(self) -> None:
        from tenace.solver import dds

        while True:
            try:
                key, deal = self._dd_queue.get(timeout=5.0)
            except queue.Empty:
                with self._dd_lock:  # a board queued meanwhile would otherwise wait for ever
                    if self._dd_queue.empty():
                        self._dd_thread = None
                        return
                continue
            try:
                self._dd[key] = dds.dd_table(deal)
            except Exception:  # a solver failure leaves the board unchecked, never the page broken
                log.exception("table scoring: the double-dummy table of %s could not be solved", key)
                self._dd[key] = None
            with self._dd_lock:
                self._dd_waiting.discard(key)

    def create(self, name: str, kind: str, movement: Movement, names: Mapping[str, str], *, director: str,
               deal: bool, travellers: bool, boards: Mapping[int, Board] | None = None) -> ScoringSession:
        """A new session; its boards are ``boards`` when given (pre-dealt, :func:`boards_from_pbn`), else
        dealt here when ``deal`` (Law 6), else unknown (no hand records, no checks against the cards)."""
        participants = tuple(Participant(c, names.get(c) or default_name(c, EventKind.PAIRS))
                             for c in movement.contestants)
        event = Event(name=name, kind=EventKind.PAIRS, conditions=Conditions(method=Method.MATCHPOINTS),
                      participants=participants, sessions=(Session(SESSION, (movement,)),))
        event_id = self.store.create_event(event, by=director)
        numbers = movement.boards
        if boards is not None:
            dealt = dict(boards)
        else:
            dealt = {b.number: b for b in deal_boards(max(numbers))} if deal else {}
        session = ScoringSession(
            id=secrets.token_urlsafe(9), name=name, event_id=event_id, kind=kind, director=director,
            created=dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
            nonce=secrets.token_urlsafe(16), travellers=travellers,
            boards={n: dealt[n] for n in numbers if n in dealt})
        state = json.dumps(session.to_json())
        write_scoring(self.store.engine, session.id, event_id, state)
        self._sessions[session.id] = (state, session)
        return session

    # --- a table's entries --------------------------------------------------------------------------------

    def seating(self, session: ScoringSession, table: int, round: int | None, board: int | None) -> Seating:
        movement = self.movement(session)
        if round is None:
            raise ScoringError("round", "round", NUMBER, table=table, board=board)
        if table not in movement.tables:
            raise ScoringError("table", "table", NO_TABLE, table=table, round=round, board=board)
        try:
            seating = movement.at(round, table)
        except KeyError:
            raise ScoringError("round", "round", NO_ROUND, table=table, round=round, board=board) from None
        if board is None:
            raise ScoringError("board", "board", NUMBER, table=table, round=round)
        if board not in seating.boards:
            raise ScoringError("board", "board", NOT_HERE, table=table, round=round, board=board)
        return seating

    def result_of(self, session: ScoringSession, table: int, fields: Mapping[str, Any]) -> Result:
        """The result a device sends: ``round``, ``board`` and either ``text`` (``"4S N = HK"``, read by
        :func:`parse_entry`) or ``passed`` / ``level``, ``strain``, ``doubling``, ``declarer``, ``tricks``,
        ``lead``; checked against the movement and the dealt cards (:func:`check_result`).

        :raises ScoringError: naming the table, round, board and field.
        """
        round_, board = _number(fields.get("round")), _number(fields.get("board"))
        seating = self.seating(session, table, round_, board)
        assert round_ is not None and board is not None
        where: dict[str, Any] = {"table": table, "round": round_, "board": board}

        def fail(code: str, name: str, message: str, **values: object) -> ScoringError:
            return ScoringError(code, name, message, values=values, **where)

        text = fields.get("text")
        if isinstance(text, str) and text.strip():
            try:
                result = parse_entry(text, board=board, round=round_, table=table, ns=seating.ns,
                                     ew=seating.ew)
            except ResultError as exc:
                raise fail("unreadable", exc.field or "result", UNREADABLE, detail=exc.message) from None
        elif _truth(fields.get("passed")):
            if fields.get("tricks") not in (None, ""):
                raise fail("tricks", "tricks", NO_TRICKS)
            result = Result(board=board, round=round_, table=table, ns=seating.ns, ew=seating.ew)
        else:
            level = _number(fields.get("level"))
            if level is None or not 1 <= level <= 7:
                raise fail("contract", "contract", LEVEL)
            try:
                strain = Denomination.from_str(str(fields.get("strain", "")).strip().upper())
            except (NotationError, ValueError, KeyError):
                raise fail("contract", "contract", STRAIN) from None
            doubling = {"": Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}.get(
                str(fields.get("doubling") or "").strip().upper())
            if doubling is None:
                raise fail("contract", "contract", DOUBLING)
            seat = str(fields.get("declarer", "")).strip().upper()
            if seat not in ("N", "E", "S", "W"):
                raise fail("declarer", "declarer", DECLARER)
            tricks = _number(fields.get("tricks"))
            if tricks is None or not 0 <= tricks <= 13:
                raise fail("tricks", "tricks", TRICKS)
            lead: Card | None = None
            lead_text = str(fields.get("lead") or "").strip()
            if lead_text:
                try:
                    lead = Card.from_str(lead_text)
                except (NotationError, ValueError):
                    raise fail("lead", "lead", LEAD_CARD) from None
            result = Result(board=board, round=round_, table=table, ns=seating.ns, ew=seating.ew,
                            contract=Contract(level, strain, Seat.from_str(seat), doubling), tricks=tricks,
                            lead=lead)
        deal = session.board(board).deal
        if result.lead is not None and result.contract is not None and deal is not None:
            leader = result.contract.opening_leader  # Law 41A: declarer's left-hand opponent leads
            if result.lead not in deal[leader]:
                raise fail("lead", "lead", LEAD_HAND, lead=result.lead.unicode(), leader=leader.name.title())
        try:
            check_result(result, self.movement(session), deal)
        except ResultError as exc:
            raise fail(exc.field or "result", exc.field or "result", UNREADABLE, detail=exc.message) from None
        board_obj = session.board(board)
        vulnerability = board_obj.vulnerability
        return Result(board=result.board, round=result.round, table=result.table, ns=result.ns,
                      ew=result.ew, contract=result.contract, tricks=result.tricks, lead=result.lead,
                      vulnerable=None if board_obj.follows_law_2 else (
                          vulnerability.is_vulnerable(Seat.NORTH), vulnerability.is_vulnerable(Seat.EAST)))

    def enter(self, session: ScoringSession, table: int, fields: Mapping[str, Any]) -> dict[str, Any]:
        """Store a device's entry (:meth:`Store.enter` with its key): the stored result as JSON. The same
        key again returns what is stored; a different result for a stored board is refused."""
        result = self.result_of(session, table, fields)
        key = fields.get("key")
        where: dict[str, Any] = {"table": table, "round": result.round, "board": result.board}
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise ScoringError("key", "key", KEY, **where)
        try:
            stored = self.store.enter(session.event_id, session.number, result, by=f"table {table} (North)",
                                      key=f"table-scoring:{session.id}:{key}")
        except DuplicateResultError as exc:
            if exc.field == "key":
                raise ScoringError("duplicate-key", "key", KEY_REUSED, status=409, **where) from None
            current = self._current(session, table, result.round, result.board)
            raise ScoringError("duplicate", exc.field or "result", DIFFERENT, status=409,
                               values={"stored": _line(current) if current else "?"}, **where) from None
        except ResultError as exc:
            raise ScoringError(exc.field or "result", exc.field or "result", UNREADABLE,
                               values={"detail": exc.message}, **where) from None
        return result_json(stored.result, confirmed=stored.confirmed_by is not None, version=stored.version)

    def _current(self, session: ScoringSession, table: int, round: int, board: int) -> Result | None:
        return next((r for r in self.store.results(session.event_id, session.number)
                     if (r.table, r.round, r.board) == (table, round, board)), None)

    def confirm(self, session: ScoringSession, table: int, fields: Mapping[str, Any]) -> dict[str, Any]:
        """East-West's confirmation of the result stored for a board (Law 79A): the stored result, and the
        board's traveller when the session shows them."""
        round_, board = _number(fields.get("round")), _number(fields.get("board"))
        self.seating(session, table, round_, board)
        assert round_ is not None and board is not None
        where: dict[str, Any] = {"table": table, "round": round_, "board": board}
        if str(fields.get("side", "")).strip().upper() != "EW":
            raise ScoringError("side", "side", WRONG_SIDE, status=403, **where)
        try:
            stored = self.store.confirm(session.event_id, session.number, table=table, round=round_,
                                        board=board, by=f"table {table} (East-West)")
        except StoreError:
            raise ScoringError("nothing", "board", NOTHING, status=409, **where) from None
        answer = result_json(stored.result, confirmed=True, version=stored.version)
        if session.travellers:
            answer["traveller"] = _ours(self.travellers(session, {board}).get(board, []), stored.result)
        return answer

    def travellers(self, session: ScoringSession, boards: set[int], event: Event | None = None,
                   results: tuple[Result, ...] | None = None) -> dict[int, list[dict[str, Any]]]:
        """Every stored result of each of ``boards`` with the matchpoints it scores so far (Law 78A); the
        event and its results are read once for all of them."""
        from tenace.tournament.scoring import score_event

        if event is None:
            event = self.store.event(session.event_id)
        if results is None:
            results = self.store.results(session.event_id, session.number)
        chosen = [r for r in results if r.board in boards]
        if not chosen:
            return {}
        scored = score_event(event, chosen)
        found: dict[int, list[dict[str, Any]]] = {}
        for board in sorted(boards):
            lines = []
            for traveller in scored.traveller(board):
                for line in traveller.lines:
                    item = result_json(line.result)
                    item["ns_points"] = _decimal(line.ns_points)
                    item["ew_points"] = _decimal(line.ew_points)
                    item["top"] = traveller.top
                    if event.kind is EventKind.TEAMS:  # the points are the IMPs of the match (Law 78B)
                        item["room"] = _room(self.movement(session), line.result) or "open"
                    lines.append(item)
            lines.sort(key=lambda x: (-int(x["ns_score"] or 0), x["table"]))
            found[board] = lines
        return found

    def seating_names(self, event: Event, seating: Seating) -> dict[str, Any]:
        """Who sits at ``seating``: the pairs (or teams) with their names, and an individual's four players
        (``players``, North, East, South, West) with theirs."""
        # a name is shown only when one was given: the default "Player 8" would repeat the number
        names = {p.id: "" if p.name == default_name(p.id, event.kind) else p.name for p in event.participants}
        found: dict[str, Any] = {}
        if seating.players is not None:
            found["players"] = [{"seat": seat, "id": who, "name": names.get(who, "")}
                                for seat, who in zip("NESW", seating.players, strict=True)]
            n, e, s, w = seating.players
            found["ns"] = {"id": seating.ns, "name": " & ".join(filter(None, (names.get(n), names.get(s))))}
            found["ew"] = {"id": seating.ew, "name": " & ".join(filter(None, (names.get(e), names.get(w))))}
        else:
            found["ns"] = {"id": seating.ns, "name": names.get(seating.ns, "")}
            found["ew"] = {"id": seating.ew, "name": names.get(seating.ew, "")}
        return found

    def table_state(self, session: ScoringSession, table: int) -> dict[str, Any]:
        """What a device needs for the whole session at its table, so that it goes on while offline."""
        movement = self.movement(session)
        event = self.store.event(session.event_id)
        everything = self.store.stored(session.event_id, session.number)
        stored = {(s.result.round, s.result.board): s for s in everything if s.result.table == table}
        travellers = self.travellers(session, {b for (_, b), s in stored.items() if _settled(s)}, event,
                                     tuple(s.result for s in everything)) if session.travellers else {}
        rounds = []
        for seating in sorted((s for s in movement.seatings if s.table == table), key=lambda s: s.round):
            boards = []
            for number in seating.boards:
                b = session.board(number)
                entry = stored.get((seating.round, number))
                item: dict[str, Any] = {"number": number, "dealer": b.dealer.value,
                                        "vulnerability": b.vulnerability.value, "result": None}
                if entry is not None:
                    item["result"] = result_json(entry.result, confirmed=_settled(entry),
                                                 version=entry.version)
                    if session.travellers and _settled(entry):
                        item["traveller"] = _ours(travellers.get(number, []), entry.result)
                boards.append(item)
            here: dict[str, Any] = {"round": seating.round, **self.seating_names(event, seating),
                                    "boards": boards, "next": where_next(movement, seating)}
            if seating.room is not None:  # a team match: this room, and the table of the other one
                other = other_room(movement, seating)
                here["room"] = seating.room
                here["other_table"] = other.table if other is not None else None
            rounds.append(here)
        return {"session": {"id": session.id, "name": session.name}, "table": table,
                "kind": event.kind.value, "travellers": session.travellers, "rounds": rounds}

    # --- the Director -------------------------------------------------------------------------------------

    def progress(self, session: ScoringSession, _: Callable[[str], str]) -> dict[str, Any]:
        """Which tables have entered which boards, the round in play, the late tables and the doubtful
        results."""
        movement = self.movement(session)
        stored = self.store.stored(session.event_id, session.number)
        by_slot = {(s.result.table, s.result.round, s.result.board): s for s in stored}
        position: dict[int, int | None] = {}
        finished: dict[tuple[int, int], dt.datetime] = {}
        tables: list[dict[str, Any]] = []
        for table in movement.tables:
            rounds = []
            position[table] = None
            for seating in sorted((s for s in movement.seatings if s.table == table), key=lambda s: s.round):
                cells = []
                for number in seating.boards:
                    entry = by_slot.get((table, seating.round, number))
                    state = "none" if entry is None else "confirmed" if _settled(entry) else "entered"
                    cells.append({"board": number, "state": state,
                                  "result": None if entry is None else _line(entry.result)})
                done = all(c["state"] == "confirmed" for c in cells)
                if done:
                    moments = [by_slot[(table, seating.round, n)] for n in seating.boards]
                    finished[(table, seating.round)] = max(m.confirmed_at or m.entered_at for m in moments)
                elif position[table] is None:
                    position[table] = seating.round
                rounds.append({"round": seating.round, "boards": cells, "done": done})
            tables.append({"table": table, "link": self.link(session, table), "rounds": rounds})
        open_rounds = [p for p in position.values() if p is not None]
        current = min(open_rounds) if open_rounds else None
        now = dt.datetime.now(dt.UTC)
        for entry in tables:
            table = entry["table"]
            entry["round"] = position[table]
            entry["late"] = False
            entry["late_minutes"] = None
            if current is not None and position[table] == current:
                done_elsewhere = [at for (t, r), at in finished.items() if r == current and t != table]
                if done_elsewhere:
                    entry["late"] = True
                    entry["late_minutes"] = int((now - min(done_elsewhere)).total_seconds() // 60)
        doubtful = []
        for s in stored:
            r = s.result
            reasons = doubts(r, session.board(r.board), self.dd(session, r.board))
            if reasons:
                doubtful.append({"table": r.table, "round": r.round, "board": r.board, "result": _line(r),
                                 "why": [_(message).format(**values) for message, values in reasons]})
        results = [{"table": s.result.table, "round": s.result.round, "board": s.result.board,
                    "result": _line(s.result), "ns_score": _score(s.result), "version": s.version,
                    "confirmed": _settled(s)} for s in stored]
        pending = sorted(board for sid, board in self.dd_pending() if sid == session.id)
        return {"session": session.id, "round": current, "rounds": list(movement.rounds), "tables": tables,
                "doubtful": doubtful, "results": results, "finished": current is None, "dd_pending": pending}

    def correct(self, session: ScoringSession, fields: Mapping[str, Any], *, by: str) -> dict[str, Any]:
        """The Director's correction of a result (Law 79C): ``table``, ``round``, ``board``, ``result``
        (``"4S N =``, ``PASS``), ``reason`` and ``law``; :meth:`Store.correct` keeps the old version in the
        history."""
        table, round_, board = (_number(fields.get(n)) for n in ("table", "round", "board"))
        if table is None:
            raise ScoringError("table", "table", NUMBER, round=round_, board=board)
        seating = self.seating(session, table, round_, board)
        assert round_ is not None and board is not None
        where: dict[str, Any] = {"table": table, "round": round_, "board": board}
        reason = str(fields.get("reason") or "").strip()
        if not reason:
            raise ScoringError("reason", "reason", REASON, **where)
        text = str(fields.get("result") or "")
        try:
            result = parse_entry(text, board=board, round=round_, table=table, ns=seating.ns, ew=seating.ew)
            check_result(result, self.movement(session), session.board(board).deal)
        except ResultError as exc:
            raise ScoringError("unreadable", exc.field or "result", UNREADABLE,
                               values={"detail": exc.message}, **where) from None
        law = str(fields.get("law") or "79C").strip()[:50]
        try:
            stored = self.store.correct(session.event_id, session.number, result, by=by, reason=reason[:500],
                                        law=law)
        except StoreError as exc:
            raise ScoringError("refused", exc.field or "result", UNREADABLE, values={"detail": exc.message},
                               status=409, **where) from None
        return result_json(stored.result, version=stored.version)

    def publish(self, session: ScoringSession, *, by: str, locale: str) -> list[str]:
        """Score the results and keep the result files (HTML with the hand records, CSV, JSON, PBN, USEBIO)
        for ``/scoring/<id>/results/``; the JSON document goes into the store as a publication, which starts
        the correction period (Law 79C). Refused while a table has not finished: a board's hand record and
        traveller stay secret until every table has played it.

        :raises ScoringError: while a round is unfinished somewhere.
        """
        progress = self.progress(session, lambda m: m)
        if not progress["finished"]:
            raise ScoringError("unfinished", "round", UNFINISHED, round=progress["round"], status=409)
        return self.write_publication(session, by=by, locale=locale)

    def write_publication(self, session: ScoringSession, *, by: str, locale: str,
                          with_boards: bool = True) -> list[str]:
        """Score the results and keep the result files (:meth:`publish` without its check that every table
        has finished; the events page checks that every board has a result). ``with_boards``: with the
        session's hand records (an event of several sessions, which reuse the board numbers, goes without)."""
        from tenace.tournament.publish.files import double_dummy, result_files
        from tenace.tournament.publish.html import SOURCE_LOCALE, available_locales

        event = self.store.event(session.event_id)
        # the travellers and hand records show each board's DD table and par (kept: a correction republishes)
        boards = session.boards if with_boards else {}
        if boards and session.id not in self._analyses:
            self._analyses[session.id] = double_dummy(boards)
        try:
            played = dt.datetime.fromisoformat(session.created).date()
        except ValueError:
            played = None
        files = result_files(event, self.scored(session), boards=boards or None,
                             analyses=self._analyses.get(session.id) if boards else None, date=played,
                             locale=locale if locale in available_locales() else SOURCE_LOCALE,
                             session_link=f"/scoring/{quote(session.id, safe='')}/results/", site_link="/")
        if "results.json" in files:
            self.store.publish(session.event_id, files["results.json"], by=by)
        session.published = files
        write_scoring(self.store.engine, session.id, session.event_id, json.dumps(session.to_json()))
        return sorted(files)

    def scored(self, session: ScoringSession) -> Any:
        from tenace.tournament.scoring import score_event

        event = self.store.event(session.event_id)
        results = self.store.results(session.event_id)
        return score_event(event, results, self.store.penalties(session.event_id))


def result_json(result: Result, *, confirmed: bool | None = None,
                version: int | None = None) -> dict[str, Any]:
    """A result as the devices and the Director's page show it."""
    contract = result.contract
    data: dict[str, Any] = {
        "table": result.table, "round": result.round, "board": result.board, "ns": result.ns, "ew": result.ew,
        "passed": contract is None and result.adjusted is None,
        "level": contract.level if contract else None,
        "strain": contract.denomination.value if contract else None,
        "doubling": {1: "", 2: "X", 4: "XX"}[contract.doubling.value] if contract else None,
        "declarer": contract.declarer.value if contract and isinstance(contract.declarer, Seat) else None,
        "tricks": result.tricks, "lead": str(result.lead) if result.lead else None,
        "ns_score": _score(result), "text": _line(result),
    }
    if confirmed is not None:
        data["confirmed"] = confirmed
    if version is not None:
        data["version"] = version
    return data


def matches_shown(results: Any) -> list[dict[str, Any]]:
    """A team event's matches (:func:`matches_json`) with the IMPs and VPs also as decimals to show."""
    found = matches_json(results)
    for m in found:
        m["imps_text"] = " – ".join(_decimal(Fraction(x)) for x in m["imps"])
        m["vps_text"] = " – ".join(_decimal(Fraction(x)) for x in m["vps"] or ())
    return found


def readable(rankings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rankings (:func:`rankings_json`) with each total and percentage also as a decimal to show
    (``total`` stays exact, for the tests and the scripts)."""
    for ranking in rankings:
        for s in ranking["standings"]:
            s["total_text"] = _decimal(Fraction(s["total"]))
            s["percentage_text"] = ("" if s["percentage"] is None
                                    else f"{float(Fraction(s['percentage'])):.2f}")
    return rankings


def _room(movement: Movement, result: Result) -> str | None:
    try:
        return movement.at(result.round, result.table).room
    except KeyError:
        return None


def _ours(lines: list[dict[str, Any]], result: Result) -> list[dict[str, Any]]:
    """The lines of a board's traveller a table sees: in a team match only the two rooms of its own match
    (their points are the IMPs, Law 78B), elsewhere every table's."""
    teams = {result.ns, result.ew}
    matched = [x for x in lines if x.get("room") is not None]
    if not matched:
        return lines
    return [x for x in matched if x["round"] == result.round and {x["ns"], x["ew"]} == teams]


def _settled(stored: StoredResult) -> bool:
    """Whether a stored result is agreed: confirmed by East-West (Law 79A), or a later version (the
    Director's correction, Law 79C, needs no confirmation from the table)."""
    return stored.confirmed_by is not None or stored.version > 1


def _score(result: Result) -> int | None:
    score = result.ns_score()
    return score if isinstance(score, int) else None


def _line(result: Result) -> str:
    """``4♠X N 10`` (contract, declarer, tricks), ``PASS``, or the adjusted score."""
    if result.adjusted is not None:
        return str(result.adjusted)
    contract = result.contract
    if contract is None:
        return "PASS"
    declarer = contract.declarer.value if isinstance(contract.declarer, Seat) else "?"
    bid = f"{contract.level}{contract.denomination.symbol}{contract.doubling}"
    return f"{bid} {declarer} {result.tricks}"


def _decimal(value: Fraction) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _truth(value: object) -> bool:
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in ("1", "true", "yes", "on")


MAX_BOARDS_FILE: Final = 2_000_000
"""The largest PBN file of boards a session takes, in bytes."""


async def _boards_file(request: Request, fields: Mapping[str, Any]) -> tuple[str, str]:
    """The PBN text of the boards dealt beforehand, and its name: the ``boards_file`` uploaded with the form,
    or ``boards_pbn`` as text (JSON or form); empty when neither is given.

    :raises ClubError: for a file too large."""
    text, source = str(fields.get("boards_pbn") or ""), "boards"
    if not text and "multipart/form-data" in request.headers.get("content-type", ""):
        upload = (await request.form()).get("boards_file")
        if upload is not None and not isinstance(upload, str) and upload.filename:
            data = await upload.read(MAX_BOARDS_FILE + 1)
            source = upload.filename
            if len(data) > MAX_BOARDS_FILE:
                raise ClubError(f"{source}: larger than {MAX_BOARDS_FILE:,} bytes", "boards")
            try:
                text = data.decode("utf-8-sig")
            except UnicodeDecodeError:
                text = data.decode("latin-1")  # older PBN files are Latin-1 (PBN 2.1 §3.1)
    if len(text) > MAX_BOARDS_FILE:
        raise ClubError(f"{source}: larger than {MAX_BOARDS_FILE:,} characters", "boards")
    return text, source


def _names(text: str) -> dict[str, str]:
    """``3: Ann & Bob`` one pair a line: the pairs' names."""
    names = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        pair, colon, name = line.partition(":")
        if not colon or not pair.strip() or not name.strip():
            raise ClubError(f"names, line {number}: expected 'PAIR: NAMES', got {line!r}", "names")
        names[pair.strip()] = name.strip()[:200]
    return names


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (segno), with a title for screen readers."""
    import segno

    code = segno.make(url, error="m")
    svg: str = code.svg_inline(scale=4, border=2, dark="#000", light="#fff", svgclass="qr")
    return svg


# ------------------------------------------------------------------------------------------------ routes


def _scoring(request: Request) -> Scoring:
    found: Scoring | None = getattr(request.app.state, "table_scoring", None)
    if found is None:
        found = Scoring(request.app.state.store, request.app.state.auth.settings.secret)
        request.app.state.table_scoring = found
    return found


_locale = pages.request_locale
_html = pages.form_page


_fields = pages.request_fields


def _refused(request: Request, error: ScoringError) -> JSONResponse:
    return JSONResponse(error.json(pages.gettext_for(_locale(request))), status_code=error.status)


DEVICE_STRINGS: Final = (
    N_("North"), N_("East"), N_("South"), N_("West"), N_("None"), N_("All"), N_("N-S"), N_("E-W"),
    N_("Round {round}"), N_("Board {board}"), N_("Dealer {seat}"), N_("Vulnerable: {who}"),
    N_("North-South: pair {pair}"), N_("East-West: pair {pair}"), N_("Passed out"), N_("Contract"),
    N_("Declarer"), N_("Tricks"), N_("Opening lead (optional)"), N_("Show the score"),
    N_("East-West, please check the result"), N_("Confirm (East-West)"), N_("Back"), N_("Next board"),
    N_("Made exactly"), N_("made {tricks} tricks"), N_("down {down}"), N_("N-S +{score}"), N_("E-W +{score}"),
    N_("Score {score}"), N_("{contract} by {seat}"), N_("lead {card}"), N_("Traveller of board {board}"),
    N_("Table"), N_("Round"), N_("Result"), N_("Score"), N_("MP N-S"), N_("MP E-W"),
    N_("Round {round} is over at this table."), N_("Pair {pair} goes to table {table}, {direction}."),
    N_("Pair {pair} sits out the next round."), N_("Boards {boards} go to table {table}."),
    N_("Boards {boards} go back to the Director."), N_("Start round {round}"),
    N_("The session is over at this table: thank you. Hand the boards to the Director."),
    N_("Online"), N_("Offline"), N_("Offline: {count} waiting to be sent"), N_("Sending {count}…"),
    N_("Saved on this device; it is sent when the connection is back."),
    N_("The traveller is shown once the result has been sent."), N_("Not sent: {message}"),
    N_("Choose the contract's level, denomination and declarer, and the tricks."), N_("Type the result"),
    N_("for example 4S N = or 3NT W 9 HK"), N_("Read it"), N_("Typing a result needs the connection."),
    N_("Undoubled"), N_("Doubled"), N_("Redoubled"), N_("Confirmed"), N_("Waiting to be sent"),
    N_("Entered"), N_("To play"), N_("North-South"), N_("East-West"), N_("Clear the lead"),
    N_("Send it: East-West confirm on their own device"),
    N_("Waiting for East-West to confirm on their device."),
    N_("{seat}: player {player}"), N_("Open room"), N_("Closed room"), N_("North-South: team {team}"),
    N_("East-West: team {team}"),
    N_("The other room of this match is table {table}: exchange the boards with it."),
    N_("IMPs N-S"), N_("IMPs E-W"), N_("Player {player} goes to table {table}, {seat}."),
    N_("Player {player} sits out the next round."),
    N_("The {direction} pair of team {team} goes to table {table}."),
    N_("The {direction} pair of team {team} sits out the next round."),
)
"""The labels the device's script shows, sent translated inside the page."""


def router() -> APIRouter:
    """The face-to-face scoring routes (see the module's documentation)."""
    routes = APIRouter()
    director_only = Depends(require_role(Role.DIRECTOR))
    csrf = Depends(csrf_protect)

    @routes.get("/scoring", response_class=HTMLResponse)
    async def sessions_page(request: Request) -> HTMLResponse:
        user = await optional_user(request)
        if user is None or not user.has(Role.DIRECTOR):
            return _html(request, "director_login.html.j2", status_code=401 if user is None else 403,
                         user=user)
        found = await asyncio.to_thread(_scoring(request).all)
        return _html(request, "scoring_sessions.html.j2", sessions=found, user=user,
                     error=request.query_params.get("error", ""))

    @routes.post("/scoring/sessions", dependencies=[csrf], status_code=201)
    async def create(request: Request, user: User = director_only) -> Response:
        """A new face-to-face session: ``name``, ``movement`` (``mitchell``/``howell``), ``tables``,
        ``boards_per_round``, ``rounds``, ``names`` (``3: Ann & Bob`` a line), ``deal`` (deal the boards
        here, for the hand records and the checks; default yes), ``travellers`` (default yes)."""
        fields, form = await _fields(request)
        name = str(fields.get("name") or "Face-to-face pairs").strip()[:100]
        try:
            tables = _bounded(fields, "tables", 4, 1, MAX_TABLES)
            per_round = _bounded(fields, "boards_per_round", 2, 1, 12)
            rounds = _bounded(fields, "rounds", None, 1, 60)
            assert tables is not None and per_round is not None
            kind = str(fields.get("movement", "mitchell")).strip().lower()
            movement = make_movement(kind, tables, per_round, rounds)
            names = _names(str(fields.get("names") or ""))
            unknown = sorted(set(names) - set(movement.contestants))
            if unknown:
                raise ClubError(f"names: the movement has no pair {', '.join(unknown)}", "names")
            pbn, source = await _boards_file(request, fields)
            boards = boards_from_pbn(pbn, source, movement.boards) if pbn else None
        except ClubError as exc:
            if form:
                return RedirectResponse(f"/scoring?error={quote(str(exc))}", status_code=303)
            raise HTTPException(422, str(exc)) from None
        scoring = _scoring(request)
        session = await asyncio.to_thread(
            scoring.create, name, kind, movement, names, director=user.username,
            deal=_truth(fields.get("deal", True)), travellers=_truth(fields.get("travellers", True)),
            boards=boards)
        if form:
            return RedirectResponse(f"/scoring/{quote(session.id, safe='')}", status_code=303)
        return JSONResponse({"id": session.id, "event_id": session.event_id, "page": f"/scoring/{session.id}",
                             "tables": {t: scoring.link(session, t) for t in movement.tables}}, 201)

    @routes.get("/scoring/{session_id}", response_class=HTMLResponse)
    async def director_page(request: Request, session_id: str) -> HTMLResponse:
        user = await optional_user(request)
        if user is None or not user.has(Role.DIRECTOR):
            return _html(request, "director_login.html.j2", status_code=401 if user is None else 403,
                         user=user)
        scoring = _scoring(request)
        session = await asyncio.to_thread(scoring.get, session_id)
        movement = await asyncio.to_thread(scoring.movement, session)
        base = str(request.base_url).rstrip("/")
        live = request.query_params.get("part") == "live"  # the page's own poll: no need of the QR codes
        links = [{"table": t, "link": scoring.link(session, t),
                  "qr": "" if live else qr_svg(base + scoring.link(session, t))} for t in movement.tables]
        progress = await asyncio.to_thread(scoring.progress, session, pages.gettext_for(_locale(request)))
        results = await asyncio.to_thread(scoring.scored, session)
        return _html(request, "scoring_director.html.j2", session=session, movement=movement, links=links,
                     progress=progress, rankings=readable(rankings_json(results)),
                     matches=matches_shown(results), user=user,
                     request_error=request.query_params.get("error", ""))

    @routes.get("/api/scoring/{session_id}/progress")
    async def progress(request: Request, session_id: str, user: User = director_only) -> dict[str, Any]:
        scoring = _scoring(request)
        session = await asyncio.to_thread(scoring.get, session_id)
        data = await asyncio.to_thread(scoring.progress, session, pages.gettext_for(_locale(request)))
        results = await asyncio.to_thread(scoring.scored, session)
        data["rankings"] = rankings_json(results)
        data["matches"] = matches_json(results)  # a team event's IMPs and VPs (Law 78B) as they arrive
        return data

    @routes.post("/scoring/{session_id}/correct", dependencies=[csrf])
    async def correct(request: Request, session_id: str, user: User = director_only) -> Response:
        fields, form = await _fields(request)
        scoring = _scoring(request)
        session = await asyncio.to_thread(scoring.get, session_id)
        try:
            stored = await asyncio.to_thread(scoring.correct, session, fields, by=user.username)
        except ScoringError as error:
            if form:
                message = error.shown(pages.gettext_for(_locale(request)))
                to = f"/scoring/{quote(session.id, safe='')}?error={quote(message)}#correct"
                return RedirectResponse(to, status_code=303)
            return _refused(request, error)
        if form:
            return RedirectResponse(f"/scoring/{quote(session.id, safe='')}#progress", status_code=303)
        return JSONResponse(stored)

    @routes.post("/scoring/{session_id}/publish", dependencies=[csrf])
    async def publish(request: Request, session_id: str, user: User = director_only) -> Response:
        _, form = await _fields(request)
        scoring = _scoring(request)
        session = await asyncio.to_thread(scoring.get, session_id)
        try:
            names = await asyncio.to_thread(scoring.publish, session, by=user.username,
                                            locale=_locale(request))
        except ScoringError as error:
            if form:
                message = error.shown(pages.gettext_for(_locale(request)))
                to = f"/scoring/{quote(session.id, safe='')}?error={quote(message)}"
                return RedirectResponse(to, status_code=303)
            return _refused(request, error)
        base = f"/scoring/{quote(session.id, safe='')}/results/"
        if form:
            return RedirectResponse(base, status_code=303)
        return JSONResponse({"files": {n: base + n for n in names}})

    @routes.get("/scoring/{session_id}/results/")
    async def results_index(request: Request, session_id: str) -> Response:
        session = await asyncio.to_thread(_scoring(request).get, session_id)
        if "index.html" not in session.published:
            raise HTTPException(404, "the results are not published yet")
        return HTMLResponse(session.published["index.html"])

    @routes.get("/scoring/{session_id}/results/{name}")
    async def result_file(request: Request, session_id: str, name: str) -> Response:
        session = await asyncio.to_thread(_scoring(request).get, session_id)
        text = session.published.get(name)
        if text is None:
            raise HTTPException(404, f"no published file {name!r}")
        media = {"html": "text/html", "csv": "text/csv", "json": "application/json",
                 "pbn": "text/plain", "xml": "application/xml"}.get(name.rpartition(".")[2], "text/plain")
        return Response(text, media_type=f"{media}; charset=utf-8")

    # --- the table's device ------------------------------------------------------------------------------

    async def _table(request: Request, session_id: str, table: int, token: str) -> tuple[Scoring,
                                                                                        ScoringSession]:
        scoring = _scoring(request)
        session = await asyncio.to_thread(scoring.get, session_id)
        await asyncio.to_thread(scoring.check_token, session, table, token)
        return scoring, session

    @routes.get("/scoring/{session_id}/table/{table}/{token}", response_class=HTMLResponse)
    async def device_page(request: Request, session_id: str, table: int, token: str) -> HTMLResponse:
        scoring, session = await _table(request, session_id, table, token)
        _ = pages.gettext_for(_locale(request))
        strings = json.dumps({m: _(m) for m in DEVICE_STRINGS}, ensure_ascii=False).replace("</", "<\\/")
        api = f"/api/scoring/{quote(session.id, safe='')}/table/{table}/{quote(token, safe='')}"
        return _html(request, "scoring_table.html.j2", session=session, table=table, api=api, strings=strings)

    @routes.get("/api/scoring/{session_id}/table/{table}/{token}")
    async def device_state(request: Request, session_id: str, table: int, token: str) -> dict[str, Any]:
        scoring, session = await _table(request, session_id, table, token)
        return await asyncio.to_thread(scoring.table_state, session, table)

    @routes.post("/api/scoring/{session_id}/table/{table}/{token}/preview", dependencies=[csrf])
    async def preview(request: Request, session_id: str, table: int, token: str) -> Response:
        """A typed result read and checked, not stored: what the device shows East-West to confirm."""
        scoring, session = await _table(request, session_id, table, token)
        fields, _ = await _fields(request)
        try:
            result = await asyncio.to_thread(scoring.result_of, session, table, fields)
        except ScoringError as error:
            return _refused(request, error)
        return JSONResponse(result_json(result))

    @routes.post("/api/scoring/{session_id}/table/{table}/{token}/enter", dependencies=[csrf])
    async def enter(request: Request, session_id: str, table: int, token: str) -> Response:
        scoring, session = await _table(request, session_id, table, token)
        fields, _ = await _fields(request)
        try:
            return JSONResponse(await asyncio.to_thread(scoring.enter, session, table, fields))
        except ScoringError as error:
            log.info("table scoring %s: refused %s", session.id, error)
            return _refused(request, error)

    @routes.post("/api/scoring/{session_id}/table/{table}/{token}/confirm", dependencies=[csrf])
    async def confirm(request: Request, session_id: str, table: int, token: str) -> Response:
        scoring, session = await _table(request, session_id, table, token)
        fields, _ = await _fields(request)
        try:
            return JSONResponse(await asyncio.to_thread(scoring.confirm, session, table, fields))
        except ScoringError as error:
            return _refused(request, error)

    return routes


def _bounded(fields: Mapping[str, Any], name: str, default: int | None, low: int, high: int) -> int | None:
    value = fields.get(name, default)
    if value is None or value == "":
        return default
    number = _number(value)
    if number is None or not low <= number <= high:
        raise ClubError(f"{name}: expected a whole number from {low} to {high}, got {value!r}", name)
    return number
