"""The Director's events in the browser (docs/director-events.md): what ``tenace event`` does from the
terminal, over the same :class:`~tenace.store.Store` and its audit trail.

* ``GET /events``: every event of the store, and the form for a new one (pairs: Mitchell or Howell;
  individual; teams: round robin, Swiss or knockout; Law 8A: the Director sets the movement);
* ``GET /events/{id}``: the event's page: its entries (a form, or a CSV upload), its boards (dealt here,
  Law 6, or read from a PBN file), the rankings (Law 78), the correction period (Law 79C) and publications,
  and the Director's forms: a correction (Law 79C), an adjusted score (artificial, Law 12C2; assigned,
  weighted or not, balancing or not, Law 12C1), a fouled board (Law 87), a procedural or disciplinary
  penalty (Laws 90, 91), an appeal (Law 92) and its decision (Law 93);
* ``GET /events/{id}/history``: the audit trail; ``/hands``: the hand records with the double-dummy table and
  par; ``/cards``: the table cards (who sits where, which boards each round), both made for printing.

The boards of an event are kept as a face-to-face session's are (:mod:`tenace.server.table_scoring`, one row
of ``scoring_sessions``): a pairs event made here is also scored from the tables' devices at ``/scoring``,
and its results are published there.

Every POST answers JSON (``201``/``200``), or, from a form, redirects to the page; a refusal is
``{"error", "field", "table", "round", "board", "message"}`` (the message in the page's language, naming the
table, round, board and field, or the file's line and field), or back to the page with the message; nothing
stored changes.
"""

from __future__ import annotations

import asyncio
import csv
import dataclasses
import datetime as dt
import functools
import io
import json
import secrets
from collections import defaultdict
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Final
from urllib.parse import quote

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from tenace.board import Board
from tenace.dealing.secure import deal_boards
from tenace.server import pages
from tenace.server.auth import csrf_protect, optional_user, require_role
from tenace.server.club import ClubError, make_movement, rankings_json
from tenace.server.security import Role, User
from tenace.server.table_scoring import _MESSAGES as SCORING_MESSAGES
from tenace.server.table_scoring import (
    FIELD_NAMES,
    Scoring,
    ScoringError,
    ScoringSession,
    _decimal,
    _line,
    _number,
    _scoring,
    _truth,
    boards_from_pbn,
    matches_shown,
    readable,
)
from tenace.server.table_scoring_store import list_scoring, scorings_of_event, write_scoring
from tenace.store.errors import StoreError
from tenace.tournament.entry import ResultError, check_result, parse_entry
from tenace.tournament.model import (
    Adjustment,
    Conditions,
    Event,
    EventKind,
    Method,
    Movement,
    Participant,
    Penalty,
    Player,
    Result,
    Seating,
    Session,
    default_name,
)

__all__ = ["EventError", "Events", "router"]

N_ = pages.N_
SESSION: Final = 1
MAX_RESULTS_FILE: Final = 20_000_000
"""The largest results file imported from the browser, in bytes."""
MAX_ENTRIES_FILE: Final = 200_000
"""The largest CSV file of entries taken, in bytes."""

EVENT_FIELDS: Final = {
    "name": N_("event name"), "kind": N_("kind of event"), "movement": N_("movement"), "tables": N_("tables"),
    "teams": N_("teams"), "players": N_("players"), "boards_per_round": N_("boards per round"),
    "rounds": N_("rounds"), "method": N_("scoring method"), "entries": N_("entries"), "id": N_("number"),
    "boards": N_("boards"), "contestant": N_("contestant"), "points": N_("points"), "law": N_("law"),
    "adjustment": N_("adjusted score"), "group": N_("group"), "appellants": N_("appellants"),
    "decision": N_("decision"), "appeal": N_("appeal"), "phantom": N_("phantom"),
    "concurring": N_("concurrence"), "session": N_("session"), "file": N_("file"),
}

BAD_FIELD = "{detail}"
"""A detail already written (a store's, a parser's or a file's message), shown as it is (not a message to
translate: it has no words of its own)."""
NEEDS_REASON = N_("this needs a reason")
NO_RESULT = N_("no result is stored for this board at this table: a fouled board (Law 87) marks a result "
               "already entered")
GROUP = N_("the group of tables that played the same cards is a whole number from 1 to 9")
PENALTY_LAW = N_("a penalty is procedural (Law 90) or disciplinary (Law 91)")
PENALTY_POINTS = N_("the points are a number such as 1, 0.5 or 1/4 (negative to give points)")
NO_CONTESTANT = N_("the event has no contestant {contestant}")
NOT_THERE = N_("{who} did not play there ({ns} North-South, {ew} East-West)")
NO_APPEAL = N_("this event has no appeal {appeal}")
NOT_DEALT = N_("the boards are not dealt yet: deal them, or give their PBN file")
ALREADY_PLAYED = N_("results are already stored: the boards they were played with stay")
MISSING = N_("no result yet for board {board} at table {table} in round {round}")
ARTIFICIAL_OR_ASSIGNED = N_("give an artificial score (A60/40, A+/A-) or an assigned one (420/-420, "
                            "620@2/3,-100@1/3)")
NO_SESSION = N_("the event has no session {session}")
SWISS_SESSION = N_("a Swiss goes on in its session: pair its next round instead")
NOT_KNOCKOUT = N_("only a knockout event has stages")
STAGE_UNFINISHED = N_("session {session}: the match {home} v {away} is not finished")
STAGE_TIED = N_("the match {home} v {away} is tied: have extra boards played and enter them")
FINAL_OVER = N_("the final is over: team {winner} wins")
MISSING_IN = N_("session {session}: no result yet for board {board} at table {table} in round {round}")
_MESSAGES: Final = frozenset({NO_SESSION, SWISS_SESSION, MISSING_IN, NOT_KNOCKOUT, STAGE_UNFINISHED,
                              STAGE_TIED, FINAL_OVER, BAD_FIELD, NEEDS_REASON,
                              NO_RESULT, GROUP, PENALTY_LAW, PENALTY_POINTS,
                              NO_CONTESTANT, NOT_THERE, NO_APPEAL, NOT_DEALT, ALREADY_PLAYED, MISSING,
                              ARTIFICIAL_OR_ASSIGNED})

KINDS: Final = {
    EventKind.PAIRS: ("mitchell", "howell"),
    EventKind.INDIVIDUAL: ("individual",),
    EventKind.TEAMS: ("round-robin", "swiss", "knockout"),
}
"""The movements the events page makes for each kind of event (what the tournament layer generates)."""
METHODS: Final = {
    EventKind.PAIRS: (Method.MATCHPOINTS, Method.BUTLER, Method.CROSS_IMPS, Method.TOTAL_POINTS),
    EventKind.INDIVIDUAL: (Method.MATCHPOINTS, Method.BUTLER, Method.CROSS_IMPS, Method.TOTAL_POINTS),
    EventKind.TEAMS: (Method.TEAM_IMPS, Method.BOARD_A_MATCH),
}
KIND_NAMES: Final = {"pairs": N_("Pairs"), "teams": N_("Teams"), "individual": N_("Individual")}
MOVEMENT_NAMES: Final = {
    "mitchell": N_("Mitchell (pairs keep their direction)"), "howell": N_("Howell (pairs change direction)"),
    "individual": N_("Individual (4 or 8 players, everyone partners everyone)"),
    "round-robin": N_("Team round robin"), "swiss": N_("Swiss teams (round 1; later rounds paired here)"),
    "knockout": N_("Knockout matches (team 1 v 2, 3 v 4, ...)"),
}
METHOD_NAMES: Final = {
    "matchpoints": N_("Matchpoints"), "butler": N_("Butler (IMPs against a datum)"),
    "cross-imps": N_("Cross-IMPs"), "total-points": N_("Total points"), "team-imps": N_("IMPs and VPs"),
    "board-a-match": N_("Board-a-match"),
}
ACTIONS: Final = {
    "create": N_("created"), "movement": N_("movement"), "participant": N_("entry"), "enter": N_("entered"),
    "confirm": N_("confirmed"), "correct": N_("corrected"), "penalise": N_("penalty"), "appeal": N_("appeal"),
    "decide": N_("appeal decided"), "publish": N_("published"), "boards": N_("boards"),
}


class EventError(ScoringError):
    """A refused request of the events page: as :class:`ScoringError` (the same JSON), with this module's
    messages and field names too."""

    def field_label(self) -> str:
        return FIELD_NAMES.get(self.field) or EVENT_FIELDS.get(self.field) or self.field

    def translatable(self) -> bool:
        return self.message in _MESSAGES or self.message in SCORING_MESSAGES


def _plain(field: str, detail: str, **where: Any) -> EventError:
    """A refusal whose detail is already written (a parser's or the store's message)."""
    return EventError(field, field, BAD_FIELD, values={"detail": detail}, **where)


def _store_refusal(exc: StoreError | ValueError, default: str, **where: Any) -> EventError:
    field = getattr(exc, "field", None) or default
    message = getattr(exc, "message", None) or str(exc)
    found = {k: getattr(exc, k, None) for k in ("table", "round", "board")}
    at = {k: where[k] if where.get(k) is not None else found[k] for k in found}
    return EventError(field, field, BAD_FIELD, values={"detail": message}, status=409, **at)


def combined(event: Event, session: int = SESSION) -> Movement | None:
    """The session's movement; several sections (or knockout matches), whose tables are numbered apart, as
    one."""
    for s in event.sessions:
        if s.number == session and s.movements:
            if len(s.movements) == 1:
                return s.movements[0]
            return Movement(", ".join(m.name for m in s.movements),
                            tuple(seat for m in s.movements for seat in m.seatings))
    return None


def session_number(event: Event, fields: Mapping[str, Any]) -> int:
    """The event's session a request is about: ``session`` (1 when not given).

    :raises EventError: for a session the event does not have."""
    value = fields.get("session")
    if value is None or value == "":
        return SESSION
    number = _number(value)
    if number is None or number not in {s.number for s in event.sessions}:
        raise EventError("session", "session", NO_SESSION, values={"session": str(value)[:20]})
    return number


def _is_knockout(event: Event) -> bool:
    """Whether the event is a knockout (so made here, or by Conditions of Contest that say so)."""
    first = next((s for s in event.sessions if s.number == SESSION), None)
    return event.kind is EventKind.TEAMS and first is not None and (
        event.conditions.knockout or any(m.description == "knockout" for m in first.movements))


def read_entries(text: str, source: str, kind: EventKind,
                 allowed: tuple[str, ...]) -> tuple[Participant, ...]:
    """Entries from CSV text with a header: ``id`` and ``name`` columns, optionally ``players`` (names
    separated by ``;``) and ``phantom`` (``yes``/``no``), as ``tenace event new --participants`` reads them.
    Each ``id`` must be a contestant of the movement (``allowed``, when not empty).

    :raises EventError: naming the file, the line and the field; nothing is read.

    >>> read_entries("id,name,players\\n1NS,Ann & Bob,Ann;Bob\\n", "pairs.csv", EventKind.PAIRS, ())
    (Participant(id='1NS', name='Ann & Bob', players=(Player(id='1NS.1', name='Ann', number=None), \
Player(id='1NS.2', name='Bob', number=None)), phantom=False),)
    """
    def fail(line: int, field: str, detail: str) -> EventError:
        return _plain(field, f"{source}:{line}: {field}: {detail}")

    reader = csv.reader(io.StringIO(text))
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        raise fail(1, "entries", "the file is empty") from None
    except csv.Error as exc:
        raise fail(1, "entries", str(exc)) from None
    if "id" not in header or "name" not in header:
        raise fail(1, "entries", f"the header must name the columns id and name (and players, phantom), "
                                 f"not {', '.join(header) or 'nothing'}")
    entries: list[Participant] = []
    seen: set[str] = set()
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if len(cells) > len(header):
                raise fail(line, "entries", f"{len(cells)} fields where the header has {len(header)}")
            row = {h: (cells[i].strip() if i < len(cells) else "") for i, h in enumerate(header)}
            ident, name = row.get("id", ""), row.get("name", "")
            if not ident:
                raise fail(line, "id", "empty")
            if len(ident) > 50 or len(name) > 200:
                raise fail(line, "id" if len(ident) > 50 else "name", "too long")
            if ident in seen:
                raise fail(line, "id", f"{ident} is listed twice")
            if allowed and ident not in allowed:
                raise fail(line, "id", f"the movement has no {ident} (it has {', '.join(allowed)})")
            seen.add(ident)
            phantom = row.get("phantom", "").lower()
            if phantom not in ("", "yes", "no", "true", "false", "1", "0"):
                raise fail(line, "phantom", f"yes or no, not {phantom!r}")
            names = [n.strip()[:200] for n in row.get("players", "").split(";") if n.strip()]
            players = tuple(Player(f"{ident}.{i}", n) for i, n in enumerate(names, 1))
            entries.append(Participant(ident, name or default_name(ident, kind), players,
                                       phantom in ("yes", "true", "1")))
    except csv.Error as exc:
        raise fail(reader.line_num, "entries", str(exc)) from None
    if not entries:
        raise fail(2, "entries", "no entries under the header")
    return tuple(entries)


def make_event_movement(kind: EventKind, movement: str, fields: Mapping[str, Any]) -> Movement:
    """The movement the new-event form asks for (Law 8A).

    :raises EventError: naming the field."""
    def bounded(name: str, default: int | None, low: int, high: int) -> int | None:
        value = fields.get(name, default)
        if value is None or value == "":
            return default
        number = _number(value)
        if number is None or not low <= number <= high:
            raise _plain(name, f"a whole number from {low} to {high}, not {value!r}")
        return number

    if movement not in KINDS[kind]:
        raise _plain("movement", f"a {kind.value} event plays {', '.join(KINDS[kind])}, not {movement!r}")
    per_round = bounded("boards_per_round", 2, 1, 32)
    assert per_round is not None
    rounds = bounded("rounds", None, 1, 60)
    try:
        if movement in ("mitchell", "howell"):
            tables = bounded("tables", 4, 1, 30)
            assert tables is not None
            return make_movement(movement, tables, per_round, rounds)
        if movement == "individual":
            from tenace.errors import MovementError
            from tenace.tournament.movements import individual

            players = bounded("players", 8, 4, 8)
            assert players is not None
            try:
                return individual(players, boards_per_round=per_round)
            except MovementError as exc:
                raise _plain("players", str(exc)) from None
        teams = bounded("teams", 4, 2, 40)
        assert teams is not None
        if movement == "round-robin":
            return make_movement("teams", 0, per_round, rounds, teams=teams)
        if movement == "swiss":
            return make_movement("swiss", 0, per_round, None, teams=teams)
        if teams % 2:
            raise _plain("teams", f"knockout matches need an even number of teams, not {teams}")
        from tenace.cli._event_input import knockout_matches

        parts = knockout_matches([f"{t},{t + 1}" for t in range(1, teams + 1, 2)], rounds or 1, per_round)
        return Movement(", ".join(m.name for m in parts), tuple(s for m in parts for s in m.seatings),
                        "knockout")
    except ScoringError:
        raise
    except ClubError as exc:
        raise _plain(exc.field if exc.field in EVENT_FIELDS else "movement", str(exc)) from None
    except ValueError as exc:
        raise _plain("movement", str(exc)) from None


class Events:
    """The events page's work over the store (``app.state.store``) and the face-to-face sessions' rows
    (which keep each event's boards)."""

    def __init__(self, scoring: Scoring) -> None:
        self.scoring = scoring
        self.store = scoring.store

    # --- reading ------------------------------------------------------------------------------------------

    def event(self, event_id: int) -> Event:
        try:
            found: Event = self.store.event(event_id)
        except StoreError:
            raise HTTPException(404, f"no event {event_id}") from None
        return found

    def session_of(self, event_id: int, number: int = SESSION) -> ScoringSession | None:
        """The row that keeps the boards of the event's session ``number`` (a face-to-face session's), if it
        has one."""
        for found, state in scorings_of_event(self.store.engine, event_id):
            if int(json.loads(state).get("session", SESSION)) == number:
                return self.scoring.get(found)
        return None

    def all(self) -> list[dict[str, Any]]:
        """Every event, newest first, with its kind, size and whether it has boards and a publication."""
        rows = []
        sessions = {eid: sid for sid, _, eid in list_scoring(self.store.engine)}
        for event_id, name in reversed(self.store.events()):
            event = self.store.event(event_id)
            movement = combined(event)
            rows.append({"id": event_id, "name": name, "kind": event.kind.value,
                         "movement": movement.name if movement else "",
                         "entries": len(event.participants), "scoring": sessions.get(event_id),
                         "published": bool(self.store.publications(event_id))})
        return rows

    def overview(self, event_id: int, _: Callable[[str], str], number: int = SESSION) -> dict[str, Any]:
        """Everything the event's page shows of its session ``number`` (the rankings: of the whole event,
        with each session's total and the carry-over)."""
        event = self.event(event_id)
        if number not in {s.number for s in event.sessions}:
            raise HTTPException(404, f"event {event_id} has no session {number}")
        movement = combined(event, number)
        session = self.session_of(event_id, number)
        stored = self.store.stored(event_id, number) if movement else ()
        scored = self.scored(event_id) if self.store.results(event_id) else None
        ends = self.store.correction_period_ends(event_id)
        now = dt.datetime.now(dt.UTC)
        slots = sum(len(s.boards) for s in movement.seatings) if movement else 0
        return {
            "id": event_id, "event": event, "movement": movement, "session": session,
            "dealt": bool(session and session.boards),
            "boards": list(movement.boards) if movement else [],
            "results": [{"table": s.result.table, "round": s.result.round, "board": s.result.board,
                         "ns": s.result.ns, "ew": s.result.ew, "text": _text(s.result),
                         "score": _score_text(s.result), "version": s.version, "group": s.result.group,
                         "by": s.entered_by} for s in stored],
            "slots": slots,
            "rankings": _by_session(readable(rankings_json(scored)), scored) if scored is not None else [],
            "number": number, "sessions": sorted(s.number for s in event.sessions),
            "bracket": self.bracket(event_id, event, scored),
            "carry_over": [(c, _decimal(Fraction(p))) for c, p in event.carry_over],
            "matches": matches_shown(scored) if scored is not None else [],
            "penalties": self.store.penalties(event_id),
            "appeals": self.store.appeals(event_id),
            "publications": self.store.publications(event_id),
            "period_ends": ends, "period_open": ends is None or now <= ends,
            "methods": METHODS[event.kind],
        }

    def scored(self, event_id: int) -> Any:
        from tenace.tournament.scoring import score_event

        event = self.event(event_id)
        return score_event(event, self.store.results(event_id), self.store.penalties(event_id))

    # --- creating -----------------------------------------------------------------------------------------

    def create(self, fields: Mapping[str, Any], *, by: str) -> int:
        """A new event with its movement, its contestants numbered as the movement numbers them, and (for
        the boards and the tables' devices) its face-to-face session's row."""
        name = str(fields.get("name") or "").strip()[:100]
        if not name:
            raise _plain("name", "the event needs a name")
        try:
            kind = EventKind(str(fields.get("kind") or "pairs").strip().lower())
        except ValueError:
            raise _plain("kind", f"pairs, teams or individual, not {fields.get('kind')!r}") from None
        movement_kind = str(fields.get("movement") or KINDS[kind][0]).strip().lower()
        movement = make_event_movement(kind, movement_kind, fields)
        method_text = str(fields.get("method") or METHODS[kind][0].value).strip().lower()
        try:
            method = Method(method_text)
        except ValueError:
            method = None
        if method not in METHODS[kind]:
            allowed = ", ".join(m.value for m in METHODS[kind])
            raise _plain("method", f"a {kind.value} event is scored by {allowed}, not {method_text!r}")
        participants = tuple(Participant(c, default_name(c, kind)) for c in movement.contestants)
        # a knockout is decided by IMPs (and carry-over), without victory points
        conditions = Conditions(method=method, knockout=movement_kind == "knockout")
        event = Event(name=name, kind=kind, conditions=conditions, participants=participants,
                      sessions=(Session(SESSION, (movement,)),))
        event_id: int = self.store.create_event(event, by=by)
        self._session(event_id, name, movement_kind, by)
        return event_id

    def _session(self, event_id: int, name: str, kind: str, by: str, number: int = SESSION) -> ScoringSession:
        """The face-to-face session row of the event's session ``number``, made when it has none (an event
        made with ``tenace event``, a session added)."""
        found = self.session_of(event_id, number)
        if found is not None:
            return found
        session = ScoringSession(
            id=secrets.token_urlsafe(9), name=name if number == SESSION else f"{name}, session {number}",
            event_id=event_id, kind=kind, director=by,
            created=dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
            nonce=secrets.token_urlsafe(16), travellers=True, boards={}, number=number)
        write_scoring(self.store.engine, session.id, event_id, json.dumps(session.to_json()))
        return session

    def _save(self, session: ScoringSession) -> None:
        write_scoring(self.store.engine, session.id, session.event_id, json.dumps(session.to_json()))
        self.scoring._analyses.pop(session.id, None)
        for key in [k for k in self.scoring._dd if k[0] == session.id]:
            del self.scoring._dd[key]

    # --- entries and boards -------------------------------------------------------------------------------

    def set_entries(self, event_id: int, entries: tuple[Participant, ...], *, by: str) -> list[str]:
        event = self.event(event_id)
        movement = combined(event)
        allowed = movement.contestants if movement else ()
        for p in entries:
            if allowed and p.id not in allowed:
                raise _plain("id", f"the movement has no {p.id} (it has {', '.join(allowed)})")
        try:
            changed: list[str] = self.store.set_participants(event_id, entries, by=by)
        except StoreError as exc:
            raise _store_refusal(exc, "entries") from None
        return changed

    def entry_from_form(self, event_id: int, fields: Mapping[str, Any]) -> Participant:
        event = self.event(event_id)
        ident = str(fields.get("id") or "").strip()
        if not ident:
            raise _plain("id", "which contestant (its number in the movement)")
        name = str(fields.get("name") or "").strip()[:200] or default_name(ident, event.kind)
        names = [n.strip()[:200] for n in str(fields.get("players") or "").split(";") if n.strip()]
        return Participant(ident[:50], name, tuple(Player(f"{ident}.{i}", n) for i, n in enumerate(names, 1)),
                           _truth(fields.get("phantom", False)))

    def deal(self, event_id: int, *, by: str, pbn: str = "", source: str = "boards",
             number: int = SESSION) -> list[int]:
        """Deal the boards of the event's session ``number`` here (Law 6: a cryptographic random source) or
        take them from a PBN file (a dealing machine's); refused once the session has results, since they
        were played with the boards there are."""
        event = self.event(event_id)
        movement = combined(event, number)
        if movement is None:
            raise _plain("boards", "the event has no movement yet")
        if self.store.results(event_id, number):
            raise EventError("boards", "boards", ALREADY_PLAYED, status=409)
        numbers = movement.boards
        if pbn:
            try:
                boards = boards_from_pbn(pbn, source, numbers)
            except ClubError as exc:
                raise _plain("boards", str(exc)) from None
            how = f"boards {numbers[0]}-{numbers[-1]} read from {source}"
        else:
            dealt = {b.number: b for b in deal_boards(max(numbers))}
            boards = {n: dealt[n] for n in numbers}
            how = f"boards {numbers[0]}-{numbers[-1]} dealt (Law 6)"
        session = self._session(event_id, event.name, movement.name, by, number)
        session = dataclasses.replace(session, boards=dict(boards))
        self._save(session)
        self.store.note(event_id, "boards", how if number == SESSION else f"session {number}: {how}", by=by,
                        law="6")
        return sorted(boards)

    # --- the Director's rulings ---------------------------------------------------------------------------

    def seat(self, event: Event, fields: Mapping[str, Any],
             number: int = SESSION) -> tuple[Seating, dict[str, Any]]:
        """The seating of ``table``/``round`` and the ``board`` it plays in session ``number``, or a refusal
        naming them."""
        table, round_, board = (_number(fields.get(n)) for n in ("table", "round", "board"))
        where: dict[str, Any] = {"table": table, "round": round_, "board": board}
        movement = combined(event, number)
        if movement is None:
            raise _plain("movement", "the event has no movement yet", **where)
        for name, value in (("table", table), ("round", round_), ("board", board)):
            if value is None:
                raise EventError(name, name, N_("expected a whole number"), **where)
        assert table is not None and round_ is not None and board is not None
        if table not in movement.tables:
            raise EventError("table", "table", N_("this session has no table {table}"), **where)
        try:
            seating = movement.at(round_, table)
        except KeyError:
            raise EventError("round", "round", N_("table {table} does not play in round {round}"),
                             **where) from None
        if board not in seating.boards:
            raise EventError("board", "board", N_("board {board} is not played at table {table} in round "
                                                  "{round}"), **where)
        return seating, where

    def _reason(self, fields: Mapping[str, Any], where: Mapping[str, Any]) -> str:
        reason = str(fields.get("reason") or "").strip()[:500]
        if not reason:
            raise EventError("reason", "reason", NEEDS_REASON, **where)
        return reason

    def _boards(self, event_id: int, number: int = SESSION) -> Mapping[int, Board]:
        session = self.session_of(event_id, number)
        return session.boards if session is not None else {}

    def _write(self, event_id: int, result: Result, *, by: str, reason: str, law: str,
               fields: Mapping[str, Any], where: Mapping[str, Any], number: int = SESSION) -> dict[str, Any]:
        approved = str(fields.get("approved_by") or "").strip()[:200] or None
        try:
            stored = self.store.correct(event_id, number, result, by=by, reason=reason, law=law,
                                        approved_by=approved)
        except (StoreError, ValueError) as exc:
            raise _store_refusal(exc, "result", **where) from None
        return {"session": number, "table": result.table, "round": result.round, "board": result.board,
                "result": _text(result), "score": _score_text(result), "version": stored.version, "law": law}

    def correct(self, event_id: int, fields: Mapping[str, Any], *, by: str) -> dict[str, Any]:
        """A correction of a result (Law 79C), or a result the Director enters late: a new version of the
        slot; the old one stays in the history."""
        event = self.event(event_id)
        number = session_number(event, fields)
        seating, where = self.seat(event, fields, number)
        reason = self._reason(fields, where)
        result = self._parsed(event, seating, where, str(fields.get("result") or ""),
                              self._boards(event_id, number), number)
        law = str(fields.get("law") or "79C").strip()[:50]
        return self._write(event_id, result, by=by, reason=reason, law=law, fields=fields, where=where,
                           number=number)

    def _parsed(self, event: Event, seating: Seating, where: Mapping[str, Any], text: str,
                boards: Mapping[int, Board], number: int = SESSION) -> Result:
        movement = combined(event, number)
        assert movement is not None
        try:
            result = parse_entry(text, board=where["board"], round=where["round"], table=where["table"],
                                 ns=seating.ns, ew=seating.ew)
            board = boards.get(where["board"])
            check_result(result, movement, board.deal if board is not None else None)
        except ResultError as exc:
            raise _plain(exc.field or "result", exc.message, **where) from None
        return result

    def adjust(self, event_id: int, fields: Mapping[str, Any], *, by: str) -> dict[str, Any]:
        """An adjusted score (Law 12C): ``artificial`` (``A60/40``, ``A+/A-``: Law 12C2) or ``assigned``
        (``420/-420``; weighted ``620@2/3,-100@1/3``: Law 12C1(c); each side its own, non-balancing: Law
        12C1(e)), written as a new version of the slot."""
        from tenace.cli._event_input import parse_artificial, parse_assigned

        event = self.event(event_id)
        number = session_number(event, fields)
        seating, where = self.seat(event, fields, number)
        reason = self._reason(fields, where)
        artificial = str(fields.get("artificial") or "").strip()
        assigned = str(fields.get("assigned") or "").strip()
        if bool(artificial) == bool(assigned):
            raise EventError("adjustment", "adjustment", ARTIFICIAL_OR_ASSIGNED, **where)
        try:
            adjustment: Adjustment = parse_artificial(artificial) if artificial else parse_assigned(assigned)
        except (ValueError, TypeError) as exc:
            raise _plain("adjustment", str(exc), **where) from None
        default_law = "12C2" if artificial else "12C1"
        law = str(fields.get("law") or default_law).strip()[:50]
        result = Result(board=where["board"], round=where["round"], table=where["table"], ns=seating.ns,
                        ew=seating.ew, adjusted=adjustment)
        return self._write(event_id, result, by=by, reason=reason, law=law, fields=fields, where=where,
                           number=number)

    def foul(self, event_id: int, fields: Mapping[str, Any], *, by: str) -> dict[str, Any]:
        """A fouled board (Law 87): the result of this table joins group ``group`` of the tables that played
        the same cards, and is compared only within it."""
        event = self.event(event_id)
        number = session_number(event, fields)
        _, where = self.seat(event, fields, number)
        reason = self._reason(fields, where)
        group = _number(fields.get("group"))
        if group is None or not 1 <= group <= 9:
            raise EventError("group", "group", GROUP, **where)
        slot = (where["table"], where["round"], where["board"])
        current = next((r for r in self.store.results(event_id, number)
                        if (r.table, r.round, r.board) == slot), None)
        if current is None:
            raise EventError("board", "board", NO_RESULT, status=409, **where)
        return self._write(event_id, dataclasses.replace(current, group=group), by=by, reason=reason,
                           law="87", fields=fields, where=where, number=number)

    def penalty(self, event_id: int, fields: Mapping[str, Any], *, by: str) -> dict[str, Any]:
        """A procedural (Law 90) or disciplinary (Law 91) penalty in the event's units."""
        event = self.event(event_id)
        board = _number(fields.get("board")) if str(fields.get("board") or "").strip() else None
        where: dict[str, Any] = {"board": board}
        contestant = str(fields.get("contestant") or "").strip()
        if contestant not in {p.id for p in event.participants}:
            raise EventError("contestant", "contestant", NO_CONTESTANT,
                             values={"contestant": contestant or "?"}, **where)
        law = str(fields.get("law") or "90").strip()
        if law[:2] not in ("90", "91") or law[2:3].isdigit():
            raise EventError("law", "law", PENALTY_LAW, **where)
        try:
            points = Fraction(str(fields.get("points") or "").strip())
        except (ValueError, ZeroDivisionError):
            raise EventError("points", "points", PENALTY_POINTS, **where) from None
        reason = self._reason(fields, where)
        penalty = Penalty(contestant=contestant, points=points, law=law[:50], reason=reason, board=board)
        try:
            self.store.penalise(event_id, penalty, by=by)
        except StoreError as exc:
            raise _store_refusal(exc, "contestant", **where) from None
        return {"contestant": contestant, "points": str(points), "law": law, "reason": reason, "board": board}

    def appeal(self, event_id: int, fields: Mapping[str, Any], *, by: str) -> dict[str, Any]:
        """An appeal against a ruling at a table (Law 92), lodged through the Director."""
        event = self.event(event_id)
        number = session_number(event, fields)
        seating, where = self.seat(event, fields, number)
        reason = self._reason(fields, where)
        who = tuple(a.strip() for a in str(fields.get("appellants") or "").split(",") if a.strip())
        if not who:
            raise _plain("appellants", "who appeals: the pair (or team) at this table", **where)
        for appellant in who:
            if appellant not in (seating.ns, seating.ew):
                raise EventError("appellants", "appellants", NOT_THERE,
                                 values={"who": appellant, "ns": seating.ns, "ew": seating.ew}, **where)
        concurring = _truth(fields.get("concurring", False))
        try:
            lodged: int = self.store.appeal(event_id, number, table=where["table"], round=where["round"],
                                            board=where["board"], appellants=who, concurring=concurring,
                                            reason=reason, by=by)
        except StoreError as exc:
            raise _store_refusal(exc, "appellants", **where) from None
        return {"appeal": lodged, "session": number, **where}

    def decide(self, event_id: int, appeal_id: int, fields: Mapping[str, Any], *, by: str) -> dict[str, Any]:
        """The decision on an appeal (Law 93) and the result that stands: a table result, an adjusted score,
        or none (the ruling stands)."""
        from tenace.cli._event_input import parse_artificial, parse_assigned

        event = self.event(event_id)
        appeal = next((a for a in self.store.appeals(event_id) if a.id == appeal_id), None)
        if appeal is None:
            raise EventError("appeal", "appeal", NO_APPEAL, values={"appeal": appeal_id}, status=404)
        where: dict[str, Any] = {"table": appeal.table, "round": appeal.round, "board": appeal.board}
        seating, _ = self.seat(event, where, appeal.session)
        decision = str(fields.get("decision") or "").strip()[:500]
        if not decision:
            raise _plain("decision", "the committee's decision, in words", **where)
        text = str(fields.get("result") or "").strip()
        artificial = str(fields.get("artificial") or "").strip()
        assigned = str(fields.get("assigned") or "").strip()
        if sum(bool(x) for x in (text, artificial, assigned)) > 1:
            raise _plain("result", "give one result that stands (a table result, artificial or assigned)",
                         **where)
        result: Result | None = None
        if text:
            result = self._parsed(event, seating, where, text, self._boards(event_id, appeal.session),
                                  appeal.session)
        elif artificial or assigned:
            try:
                adjustment: Adjustment = (parse_artificial(artificial) if artificial
                                          else parse_assigned(assigned))
            except (ValueError, TypeError) as exc:
                raise _plain("adjustment", str(exc), **where) from None
            result = Result(board=appeal.board, round=appeal.round, table=appeal.table, ns=seating.ns,
                            ew=seating.ew, adjusted=adjustment)
        try:
            self.store.decide_appeal(appeal_id, decision=decision, result=result, by=by)
        except (StoreError, ValueError) as exc:
            raise _store_refusal(exc, "decision", **where) from None
        return {"appeal": appeal_id, "decision": decision,
                "result": None if result is None else _text(result)}

    def next_swiss(self, event_id: int, fields: Mapping[str, Any], *, by: str) -> dict[str, Any]:
        """Pair the next round of a Swiss teams event from the standings so far (best first, no rematches,
        the bye to a team that has not had one); every board of the round before must have its result. The
        round's boards are dealt here when the event's boards were."""
        from tenace.cli._event_input import swiss_round

        event = self.event(event_id)
        previous = next((m for s in event.sessions if s.number == SESSION for m in s.movements
                         if m.name == "Swiss"), None)
        if event.kind is not EventKind.TEAMS or previous is None:
            raise _plain("movement", "only a Swiss teams event pairs its next round")
        last = max(previous.rounds)
        have = {(r.table, r.round, r.board) for r in self.store.results(event_id, SESSION)}
        for seat in sorted((x for x in previous.seatings if x.round == last), key=lambda x: x.table):
            for b in seat.boards:
                if (seat.table, last, b) not in have:
                    raise EventError("board", "board", MISSING, status=409, table=seat.table, round=last,
                                     board=b)
        per_round = len(next(x for x in previous.seatings if x.round == last).boards)
        totals = {st.contestant: st.total for r in self.scored(event_id).rankings for st in r.standings}
        teams = [p.id for p in event.participants if not p.phantom]
        standings = sorted(((t, totals.get(t, Fraction(0))) for t in teams), key=lambda x: -x[1])
        try:
            movement, pairing = swiss_round(previous, standings, per_round)
        except ValueError as exc:
            raise _plain("movement", str(exc)) from None
        self.store.set_movement(event_id, SESSION, movement, by=by)
        session = self.session_of(event_id)
        if session is not None and session.boards:
            fresh = [n for n in movement.boards if n not in session.boards]
            if fresh:
                dealt = {b.number: b for b in deal_boards(max(fresh))}
                session = dataclasses.replace(session, boards={**session.boards,
                                                               **{n: dealt[n] for n in fresh}})
                self._save(session)
                self.store.note(event_id, "boards", f"boards {fresh[0]}-{fresh[-1]} dealt (Law 6)", by=by,
                                law="6")
        return {"round": max(movement.rounds), "pairs": [list(p) for p in pairing.pairs], "bye": pairing.bye}

    def add_session(self, event_id: int, fields: Mapping[str, Any], *, by: str) -> dict[str, Any]:
        """A further session of the event, with the movement of its first (the Director sets the movement,
        Law 8A; the boards are dealt for it apart). A Swiss goes on by pairing rounds instead."""
        event = self.event(event_id)
        first = next((s for s in event.sessions if s.number == SESSION), None)
        if first is None or not first.movements:
            raise _plain("movement", "the event has no movement yet")
        if any(m.name == "Swiss" for m in first.movements):
            raise EventError("session", "session", SWISS_SESSION, status=409)
        number = max(s.number for s in event.sessions) + 1
        for movement in first.movements:
            self.store.set_movement(event_id, number, movement, by=by)
        self._session(event_id, event.name, first.movements[0].name, by, number)
        return {"session": number}

    def bracket(self, event_id: int, event: Event, scored: Any) -> list[dict[str, Any]]:
        """A knockout's stages (one session each): every match with each team's IMPs over its segments and
        the winner once it has every result; empty for another event."""
        if not _is_knockout(event):
            return []
        imps: dict[tuple[int, frozenset[str]], dict[str, Fraction]] = defaultdict(
            lambda: defaultdict(Fraction))
        for m in scored.matches if scored is not None else ():
            imps[(m.session, frozenset((m.home, m.away)))][m.home] += m.imps[0]
            imps[(m.session, frozenset((m.home, m.away)))][m.away] += m.imps[1]
        names = {p.id: p.name for p in event.participants}
        stages = []
        for session in sorted(event.sessions, key=lambda s: s.number):
            have = {(r.table, r.round, r.board) for r in self.store.results(event_id, session.number)}
            played = combined(event, session.number)
            by_match: dict[frozenset[str], list[Seating]] = {}
            for x in sorted(played.seatings if played else (), key=lambda x: (x.round, x.table)):
                by_match.setdefault(frozenset((x.ns, x.ew)), []).append(x)
            matches = []
            for seatings in sorted(by_match.values(), key=lambda found: min(x.table for x in found)):
                teams = (seatings[0].ns, seatings[0].ew)
                done = all((x.table, x.round, b) in have for x in seatings for b in x.boards)
                won = imps[(session.number, frozenset(teams))]
                a, b = (won.get(t, Fraction(0)) for t in teams)
                winner = None if not done or a == b else teams[0] if a > b else teams[1]
                matches.append({"teams": teams, "imps": (_decimal(a), _decimal(b)), "done": done,
                                "names": tuple(names.get(t, t) for t in teams),
                                "winner": winner, "tables": sorted({x.table for x in seatings})})
            stages.append({"session": session.number, "matches": matches})
        return stages

    def knockout_next(self, event_id: int, fields: Mapping[str, Any], *, by: str) -> dict[str, Any]:
        """The next stage of a knockout: the winners of the last stage's matches, in order (the winner of
        match 1 meets the winner of match 2, ...), as a new session with the same segments and boards per
        segment; refused while a match of the stage is unfinished or tied (the Director has extra boards
        played and enters them), and after the final."""
        from tenace.cli._event_input import knockout_matches

        event = self.event(event_id)
        if not _is_knockout(event):
            raise EventError("movement", "movement", NOT_KNOCKOUT, status=409)
        stages = self.bracket_of(event_id, event)
        last = stages[-1]
        for match in last["matches"]:
            if not match["done"]:
                raise EventError("session", "session", STAGE_UNFINISHED, status=409,
                                 values={"session": last["session"], "home": match["teams"][0],
                                         "away": match["teams"][1]})
            if match["winner"] is None:
                raise EventError("session", "session", STAGE_TIED, status=409,
                                 values={"home": match["teams"][0], "away": match["teams"][1]})
        winners = [m["winner"] for m in last["matches"]]
        if len(winners) == 1:
            raise EventError("session", "session", FINAL_OVER, status=409, values={"winner": winners[0]})
        if len(winners) % 2:
            raise _plain("session", f"{len(winners)} winners cannot be paired into matches")
        previous = next(s for s in event.sessions if s.number == last["session"]).movements[0]
        segments = len(previous.rounds)
        per_segment = len(previous.seatings[0].boards)
        number = last["session"] + 1
        pairs = [f"{winners[i]},{winners[i + 1]}" for i in range(0, len(winners), 2)]
        for movement in knockout_matches(pairs, segments, per_segment):
            self.store.set_movement(event_id, number, movement, by=by)
        self._session(event_id, event.name, "knockout", by, number)
        return {"session": number, "matches": [p.split(",") for p in pairs]}

    def bracket_of(self, event_id: int, event: Event | None = None) -> list[dict[str, Any]]:
        event = event or self.event(event_id)
        return self.bracket(event_id, event, self.scored(event_id) if self.store.results(event_id) else None)

    def import_results(self, event_id: int, data: bytes, source: str, *, by: str,
                       number: int = SESSION) -> dict[str, Any]:
        """Another program's results file (PBN, USEBIO XML or LIN, told by the file's extension) into the
        event's session ``number``, as ``tenace event import`` does: each result placed in the movement's
        round and table; every problem of the file (a line the reader cannot take, a result the movement
        cannot place, a printed score that is not Law 77's) named by the file and line, and then nothing is
        stored; else all the results in one transaction."""
        from tenace.tournament import imports

        event = self.event(event_id)
        movement = combined(event, number)
        if movement is None:
            raise _plain("movement", "the event has no movement yet")
        suffix = source.rpartition(".")[2].lower() if "." in source else ""
        try:
            if suffix == "pbn":
                found = imports.import_pbn(data, source=source)
            elif suffix == "xml":
                found = imports.import_usebio(data, source=source)
            elif suffix == "lin":
                found = imports.import_lin_text(data.decode("utf-8", errors="replace"), source=source)
            else:
                raise ValueError(f"{source}: cannot tell the format from the name (expected .pbn, .xml for "
                                 f"USEBIO, or .lin)")
            placed = imports.place(found, movement)
        except ValueError as exc:
            raise _plain("file", str(exc)) from None
        problems = [str(p) for p in placed.problems]
        for line in placed.disagreements():
            if not any(p.startswith(line.where + ":") for p in problems):
                problems.append(f"{line.where}: {line.result.describe()}: the file prints {line.printed}, "
                                f"the Law 77 score is {line.result.ns_score()}")
        if problems:
            more = f"; ... ({len(problems)} in all)" if len(problems) > 20 else ""
            shown = "; ".join(problems[:20]) + more
            raise _plain("file", f"{len(problems)} problem(s), nothing was imported: {shown}")
        if not placed.results:
            raise _plain("file", f"{source}: no result in the file")
        try:
            results = tuple(dataclasses.replace(r, session=number) for r in placed.results)
            self.store.enter_many(event_id, number, results, by=by)  # one transaction: all or nothing
        except (StoreError, ValueError) as exc:
            raise _plain("file", f"{source}: {getattr(exc, 'message', None) or exc}; nothing was imported") \
                from None
        known = {p.id for p in event.participants}
        for participant in placed.participants:  # the names the file gives for contestants not yet named
            if participant.id not in known and participant.id in movement.contestants:
                self.store.add_participant(event_id, participant, by=by)
        return {"session": number, "results": len(results), "source": source}

    def publish(self, event_id: int, *, by: str, locale: str) -> str:
        """Publish the results (the files at ``/scoring/<session>/results/``); the first publication starts
        the correction period (Law 79C). Refused while a board of the movement has no result."""
        event = self.event(event_id)
        movement = combined(event)
        if movement is None:
            raise _plain("movement", "the event has no movement yet")
        for number in sorted(s.number for s in event.sessions):
            have = {(r.table, r.round, r.board) for r in self.store.results(event_id, number)}
            played = combined(event, number)
            for s in sorted(played.seatings if played else (), key=lambda s: (s.round, s.table)):
                for b in s.boards:
                    if (s.table, s.round, b) not in have:
                        raise _missing(number, s.table, s.round, b)
        session = self._session(event_id, event.name, movement.name, by)
        # the hand records go with a one-session event (the sessions of another reuse the board numbers)
        self.scoring.write_publication(session, by=by, locale=locale, with_boards=len(event.sessions) == 1)
        return f"/scoring/{quote(session.id, safe='')}/results/"

    def hands(self, event_id: int, locale: str, number: int = SESSION) -> str:
        """The hand records of the boards of the event's session ``number``, with the double-dummy table and
        par of each."""
        from tenace.handrecords import render_html
        from tenace.tournament.publish.files import double_dummy
        from tenace.tournament.publish.html import NOTRUMP, PAR_LINE, gettext_for, par_html

        self.event(event_id)  # 404 for an event that does not exist
        session = self.session_of(event_id, number)
        if session is None or not session.boards:
            raise EventError("boards", "boards", NOT_DEALT, status=409)
        if session.id not in self.scoring._analyses:
            self.scoring._analyses[session.id] = double_dummy(session.boards)
        analyses = self.scoring._analyses[session.id]
        boards = [session.boards[n] for n in sorted(session.boards)]
        _ = gettext_for(locale)
        web = pages.gettext_for(locale)  # the link is the server's, the rest the hand records' own
        back = f"/events/{event_id}" + (f"?session={number}" if number != SESSION else "")
        return render_html(boards, [analyses.get(b.number) for b in boards], title=session.name, gettext=_,
                           lang=locale, links=[(web("Back to the event"), back)],
                           par_line=functools.partial(par_html, wording=_(PAR_LINE), notrump=_(NOTRUMP)))


def _missing(number: int, table: int, round: int, board: int) -> EventError:
    """A slot of session ``number`` with no result (the publication waits for every one)."""
    return EventError("board", "board", MISSING if number == SESSION else MISSING_IN, status=409, table=table,
                      round=round, board=board, values={"session": number})


def _by_session(rankings: list[dict[str, Any]], scored: Any) -> list[dict[str, Any]]:
    """The rankings with each contestant's total in each session and carry-over, as decimals to show."""
    found = {(r.title, s.contestant): s for r in scored.rankings for s in r.standings}
    for ranking in rankings:
        for s in ranking["standings"]:
            standing = found.get((ranking["title"], s["contestant"]))
            sessions = dict(standing.sessions) if standing is not None else {}
            s["by_session"] = {n: _decimal(Fraction(v)) for n, v in sessions.items()}
            s["carry_text"] = _decimal(standing.carry_over) if standing is not None and standing.carry_over \
                else ""
    return rankings


def _text(result: Result) -> str:
    """A result as the pages show it: ``4♠ N 10``, ``PASS``, or the adjusted score as Directors write it
    (``A60/40``, ``620 (2/3), -100 (1/3)``)."""
    if result.adjusted is not None:
        return _score_text(result)
    return _line(result)


def _score_text(result: Result) -> str:
    from tenace.tournament.publish.common import score_text

    try:
        return score_text(result.ns_score())
    except ValueError:
        return ""


# ------------------------------------------------------------------------------------------------ routes


def _events(request: Request) -> Events:
    found: Events | None = getattr(request.app.state, "events", None)
    if found is None:
        found = Events(_scoring(request))
        request.app.state.events = found
    return found


def _page(event_id: int, fields: Mapping[str, Any]) -> str:
    """The event's page of the session a form was about."""
    number = _number(fields.get("session"))
    return f"/events/{event_id}" + (f"?session={number}" if number is not None and number != SESSION else "")


def _refused(request: Request, error: ScoringError) -> Response:
    _ = pages.gettext_for(pages.request_locale(request))
    return JSONResponse(error.json(_), status_code=error.status)


def router() -> APIRouter:
    """The events pages' routes (see the module's documentation)."""
    routes = APIRouter()
    director_only = Depends(require_role(Role.DIRECTOR))
    csrf = Depends(csrf_protect)

    async def director(request: Request) -> User | HTMLResponse:
        user = await optional_user(request)
        if user is None or not user.has(Role.DIRECTOR):
            return pages.form_page(request, "director_login.html.j2",
                                   status_code=401 if user is None else 403, user=user)
        return user

    def shown(request: Request, error: ScoringError) -> str:
        return error.shown(pages.gettext_for(pages.request_locale(request)))

    def back(request: Request, page: str, error: ScoringError, anchor: str) -> RedirectResponse:
        """The page again, with the refusal's message."""
        join = "&" if "?" in page else "?"
        return RedirectResponse(f"{page}{join}error={quote(shown(request, error))}#{anchor}", status_code=303)

    @routes.get("/events", response_class=HTMLResponse)
    async def events_page(request: Request) -> HTMLResponse:
        user = await director(request)
        if isinstance(user, HTMLResponse):
            return user
        found = await asyncio.to_thread(_events(request).all)
        return pages.form_page(request, "events.html.j2", events=found, user=user, kinds=KINDS,
                               kind_names=KIND_NAMES, movement_names=MOVEMENT_NAMES, methods=METHODS,
                               method_names=METHOD_NAMES, error=request.query_params.get("error", ""))

    @routes.get("/api/events")
    async def events_json(request: Request, user: User = director_only) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = await asyncio.to_thread(_events(request).all)
        return found

    @routes.post("/events", dependencies=[csrf])
    async def create(request: Request, user: User = director_only) -> Response:
        fields, form = await pages.request_fields(request)
        try:
            event_id = await asyncio.to_thread(_events(request).create, fields, by=user.username)
        except ScoringError as error:
            if form:
                return RedirectResponse(f"/events?error={quote(shown(request, error))}", status_code=303)
            return _refused(request, error)
        if form:
            return RedirectResponse(f"/events/{event_id}", status_code=303)
        event = await asyncio.to_thread(_events(request).event, event_id)
        return JSONResponse({"id": event_id, "page": f"/events/{event_id}",
                             "contestants": [p.id for p in event.participants]}, status_code=201)

    @routes.get("/events/{event_id}", response_class=HTMLResponse)
    async def event_page(request: Request, event_id: int) -> HTMLResponse:
        user = await director(request)
        if isinstance(user, HTMLResponse):
            return user
        _ = pages.gettext_for(pages.request_locale(request))
        number = _number(request.query_params.get("session", SESSION))
        if number is None:
            raise HTTPException(404, "no such session")
        data = await asyncio.to_thread(_events(request).overview, event_id, _, number)
        return pages.form_page(request, "events_event.html.j2", user=user,
                               query=f"?session={number}" if number != SESSION else "",
                               error=request.query_params.get("error", ""),
                               done=request.query_params.get("done", ""), method_names=METHOD_NAMES,
                               kind_names=KIND_NAMES, **data)

    @routes.get("/api/events/{event_id}")
    async def event_json(request: Request, event_id: int, user: User = director_only) -> dict[str, Any]:
        """The event's page as JSON: its entries, results (of ``?session=``, 1 by default), rankings,
        penalties, appeals and publications."""
        number = _number(request.query_params.get("session", SESSION))
        if number is None:
            raise HTTPException(404, "no such session")
        data = await asyncio.to_thread(_events(request).overview, event_id, lambda m: m, number)
        event: Event = data["event"]
        ends = data["period_ends"]
        return {
            "id": event_id, "name": event.name, "kind": event.kind.value,
            "method": event.conditions.method.value,
            "movement": data["movement"].name if data["movement"] else None,
            "entries": [{"id": p.id, "name": p.name, "players": [x.name for x in p.players],
                         "phantom": p.phantom} for p in event.participants],
            "boards": data["boards"], "dealt": data["dealt"],
            "scoring": data["session"].id if data["session"] else None,
            "session": number, "sessions": data["sessions"], "bracket": data["bracket"],
            "carry_over": [{"contestant": c, "points": p} for c, p in data["carry_over"]],
            "results": data["results"], "rankings": data["rankings"],
            "matches": [{k: m[k] for k in ("round", "home", "away", "boards", "imps", "vps")}
                        for m in data["matches"]],
            "penalties": [{"contestant": p.contestant, "points": str(p.points), "law": p.law,
                           "reason": p.reason, "board": p.board} for p in data["penalties"]],
            "appeals": [{"id": a.id, "table": a.table, "round": a.round, "board": a.board,
                         "appellants": list(a.appellants), "reason": a.reason, "decision": a.decision,
                         "result": _text(a.result) if a.result else None} for a in data["appeals"]],
            "publications": [{"version": p.version, "at": p.at.isoformat(), "by": p.by}
                             for p in data["publications"]],
            "correction_period_ends": ends.isoformat() if ends else None,
            "correction_period_open": data["period_open"],
        }

    @routes.get("/events/{event_id}/history", response_class=HTMLResponse)
    async def history_page(request: Request, event_id: int) -> Response:
        user = await director(request)
        if isinstance(user, HTMLResponse):
            return user
        events = _events(request)
        event = await asyncio.to_thread(events.event, event_id)
        changes = await asyncio.to_thread(events.store.history, event_id)
        ends = await asyncio.to_thread(events.store.correction_period_ends, event_id)
        publications = await asyncio.to_thread(events.store.publications, event_id)
        rows = [{"at": c.at, "by": c.by, "action": c.action, "table": c.table, "round": c.round,
                 "board": c.board, "old": _text(c.old) if c.old else "", "new": _text(c.new) if c.new else "",
                 "reason": c.reason or "", "law": c.law or "", "approved_by": c.approved_by or ""}
                for c in changes]
        if request.query_params.get("format") == "json":
            return JSONResponse([{**r, "at": r["at"].isoformat()} for r in rows])
        return pages.form_page(request, "events_history.html.j2", user=user, id=event_id, event=event,
                               changes=rows, actions=ACTIONS, period_ends=ends, publications=publications)

    @routes.get("/events/{event_id}/cards", response_class=HTMLResponse)
    async def table_cards(request: Request, event_id: int) -> HTMLResponse:
        user = await director(request)
        if isinstance(user, HTMLResponse):
            return user
        event = await asyncio.to_thread(_events(request).event, event_id)
        number = _number(request.query_params.get("session", SESSION))
        movement = combined(event, number) if number is not None else None
        if movement is None:
            raise HTTPException(404, "the event has no movement for this session")
        names = {p.id: p.name for p in event.participants}
        cards = [{"table": t, "room": next((s.room for s in movement.seatings if s.table == t), None),
                  "rounds": sorted((s for s in movement.seatings if s.table == t), key=lambda s: s.round)}
                 for t in movement.tables]
        return pages.form_page(request, "events_cards.html.j2", user=user, id=event_id, event=event,
                               movement=movement, cards=cards, names=names)

    @routes.get("/events/{event_id}/hands", response_class=HTMLResponse)
    async def hand_records(request: Request, event_id: int) -> Response:
        user = await director(request)
        if isinstance(user, HTMLResponse):
            return user
        from tenace.tournament.publish.html import SOURCE_LOCALE, available_locales

        locale = pages.request_locale(request)
        try:
            html = await asyncio.to_thread(_events(request).hands, event_id,
                                           locale if locale in available_locales() else SOURCE_LOCALE,
                                           _number(request.query_params.get("session", SESSION)) or SESSION)
        except ScoringError as error:
            return back(request, f"/events/{event_id}", error, "boards")
        return HTMLResponse(html)

    def action(path: str, work: Callable[[Events, int, Mapping[str, Any], str], Any], anchor: str) -> None:
        @routes.post(f"/events/{{event_id}}/{path}", dependencies=[csrf], name=f"events_{path}")
        async def run(request: Request, event_id: int, user: User = director_only) -> Response:
            fields, form = await pages.request_fields(request)
            page = _page(event_id, fields)
            try:
                answer = await asyncio.to_thread(work, _events(request), event_id, fields, user.username)
            except ScoringError as error:
                if form:
                    return back(request, page, error, anchor)
                return _refused(request, error)
            if form:
                if path in ("session", "knockout"):  # the page of the session just added
                    page = _page(event_id, answer)
                return RedirectResponse(f"{page}{'&' if '?' in page else '?'}done={quote(path)}#{anchor}",
                                        status_code=303)
            return JSONResponse(answer)

    action("correct", lambda e, i, f, by: e.correct(i, f, by=by), "correct")
    action("adjust", lambda e, i, f, by: e.adjust(i, f, by=by), "adjust")
    action("foul", lambda e, i, f, by: e.foul(i, f, by=by), "foul")
    action("penalty", lambda e, i, f, by: e.penalty(i, f, by=by), "penalty")
    action("appeal", lambda e, i, f, by: e.appeal(i, f, by=by), "appeals")
    action("swiss", lambda e, i, f, by: e.next_swiss(i, f, by=by), "swiss")
    action("session", lambda e, i, f, by: e.add_session(i, f, by=by), "sessions")
    action("knockout", lambda e, i, f, by: e.knockout_next(i, f, by=by), "bracket")
    action("entry", lambda e, i, f, by: {"changed": e.set_entries(i, (e.entry_from_form(i, f),), by=by)},
           "entries")

    @routes.post("/events/{event_id}/appeals/{appeal_id}/decide", dependencies=[csrf])
    async def decide(request: Request, event_id: int, appeal_id: int, user: User = director_only) -> Response:
        fields, form = await pages.request_fields(request)
        page = f"/events/{event_id}"
        try:
            answer = await asyncio.to_thread(_events(request).decide, event_id, appeal_id, fields,
                                             by=user.username)
        except ScoringError as error:
            if form:
                return back(request, page, error, "appeals")
            return _refused(request, error)
        if form:
            return RedirectResponse(f"{page}?done=decide#appeals", status_code=303)
        return JSONResponse(answer)

    @routes.post("/events/{event_id}/entries", dependencies=[csrf])
    async def entries(request: Request, event_id: int, user: User = director_only) -> Response:
        """A CSV of entries (``id,name[,players][,phantom]``): the ``file`` uploaded with the form, or ``csv``
        as text."""
        fields, form = await pages.request_fields(request)
        page = f"/events/{event_id}"
        events = _events(request)
        try:
            text, source = str(fields.get("csv") or ""), "entries"
            if not text and "multipart/form-data" in request.headers.get("content-type", ""):
                upload = (await request.form()).get("file")
                if upload is not None and not isinstance(upload, str) and upload.filename:
                    data = await upload.read(MAX_ENTRIES_FILE + 1)
                    source = upload.filename
                    if len(data) > MAX_ENTRIES_FILE:
                        raise _plain("entries", f"{source}: larger than {MAX_ENTRIES_FILE:,} bytes")
                    try:
                        text = data.decode("utf-8-sig")
                    except UnicodeDecodeError:
                        raise _plain("entries", f"{source}: not UTF-8 text") from None
            if not text.strip():
                raise _plain("entries", "no file given (a CSV file with the columns id,name[,players])")
            event = await asyncio.to_thread(events.event, event_id)
            movement = combined(event)
            parsed = read_entries(text, source, event.kind, movement.contestants if movement else ())
            changed = await asyncio.to_thread(events.set_entries, event_id, parsed, by=user.username)
        except ScoringError as error:
            if form:
                return back(request, page, error, "entries")
            return _refused(request, error)
        if form:
            return RedirectResponse(f"{page}?done=entries#entries", status_code=303)
        return JSONResponse({"entries": len(parsed), "changed": changed})

    @routes.post("/events/{event_id}/boards", dependencies=[csrf])
    async def boards(request: Request, event_id: int, user: User = director_only) -> Response:
        """Deal the boards here, or read them from ``boards_file`` (an upload) or ``boards_pbn`` (text)."""
        from tenace.server.table_scoring import _boards_file

        fields, form = await pages.request_fields(request)
        page = _page(event_id, fields)
        try:
            try:
                pbn, source = await _boards_file(request, fields)
            except ClubError as exc:
                raise _plain("boards", str(exc)) from None
            events = _events(request)
            number = session_number(await asyncio.to_thread(events.event, event_id), fields)
            dealt = await asyncio.to_thread(events.deal, event_id, by=user.username, pbn=pbn, source=source,
                                            number=number)
        except ScoringError as error:
            if form:
                return back(request, page, error, "boards")
            return _refused(request, error)
        if form:
            return RedirectResponse(f"{page}{'&' if '?' in page else '?'}done=boards#boards", status_code=303)
        return JSONResponse({"boards": dealt})

    @routes.post("/events/{event_id}/import", dependencies=[csrf])
    async def import_file(request: Request, event_id: int, user: User = director_only) -> Response:
        """Another program's results file: the ``file`` uploaded with the form (or ``text`` and ``filename``
        in JSON), into the session ``session``."""
        fields, form = await pages.request_fields(request)
        page = _page(event_id, fields)
        events = _events(request)
        try:
            data, source = str(fields.get("text") or "").encode(), str(fields.get("filename") or "results")
            if not data and "multipart/form-data" in request.headers.get("content-type", ""):
                upload = (await request.form()).get("file")
                if upload is not None and not isinstance(upload, str) and upload.filename:
                    data = await upload.read(MAX_RESULTS_FILE + 1)
                    source = upload.filename
            if len(data) > MAX_RESULTS_FILE:
                raise _plain("file", f"{source}: larger than {MAX_RESULTS_FILE:,} bytes")
            if not data.strip():
                raise _plain("file", "no file given (PBN, USEBIO XML or LIN)")
            event = await asyncio.to_thread(events.event, event_id)
            number = session_number(event, fields)
            answer = await asyncio.to_thread(events.import_results, event_id, data, source[:200],
                                             by=user.username, number=number)
        except ScoringError as error:
            if form:
                return back(request, page, error, "import")
            return _refused(request, error)
        if form:
            join = "&" if "?" in page else "?"
            return RedirectResponse(f"{page}{join}done=import#results", status_code=303)
        return JSONResponse(answer)

    @routes.post("/events/{event_id}/publish", dependencies=[csrf])
    async def publish(request: Request, event_id: int, user: User = director_only) -> Response:
        _, form = await pages.request_fields(request)
        page = f"/events/{event_id}"
        try:
            link = await asyncio.to_thread(_events(request).publish, event_id, by=user.username,
                                           locale=pages.request_locale(request))
        except ScoringError as error:
            if form:
                return back(request, page, error, "publish")
            return _refused(request, error)
        if form:
            return RedirectResponse(f"{page}?done=publish#publish", status_code=303)
        return JSONResponse({"results": link})

    return routes
