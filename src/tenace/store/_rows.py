"""Conversions between the domain values and the table rows, and the checks a result must pass before it is
stored. Private to :mod:`tenace.store`."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from typing import Any, TypeAlias

from sqlalchemy import Select, func, insert, select
from sqlalchemy.orm import Session as OrmSession

from tenace.cards import Card
from tenace.contract import Contract
from tenace.store.codec import decode_adjustment, decode_boards, encode_adjustment, encode_boards
from tenace.store.errors import InvalidResultError, UnknownEventError
from tenace.store.models import (
    Base,
    ChangeRow,
    ConfirmationRow,
    EventRow,
    MovementRow,
    ParticipantRow,
    PlayerRow,
    PublicationRow,
    ResultRow,
    SeatingRow,
    SessionRow,
)
from tenace.store.records import StoredResult
from tenace.tournament.entry import check_result
from tenace.tournament.model import Movement, Participant, Player, Result, Seating

_RESULT_FIELDS = tuple(f.name for f in dataclasses.fields(Result))


def _event_row(orm: OrmSession, event_id: int, *, lock: bool = False) -> EventRow:
    """The event's row; with ``lock``, locked until the transaction ends, so that calls which number
    something of the event (the next publication) take turns. SQLite has no row locks and needs none (its
    writers hold the database's write lock); PostgreSQL takes ``FOR NO KEY UPDATE``, which leaves rows that
    only refer to the event free to be inserted meanwhile."""
    row = orm.get(EventRow, event_id, with_for_update={"key_share": True} if lock else None)
    if row is None:
        raise UnknownEventError(f"no event {event_id} in the store")
    return row


def _session_id(orm: OrmSession, event_id: int, session: int, cache: dict[tuple[int, int], int]) -> int:
    """The row id of an event's session. Sessions are never deleted, so ``cache`` (the store's) keeps the ids
    found; only committed sessions are ever looked up."""
    found = cache.get((event_id, session))
    if found is None:
        found = orm.scalar(
            select(SessionRow.id).where(SessionRow.event_id == event_id, SessionRow.number == session)
        )
        if found is None:
            _event_row(orm, event_id)
            raise UnknownEventError(f"event {event_id} has no session {session}")
        cache[(event_id, session)] = found
    return found


def _first_publication(orm: OrmSession, event_id: int) -> dt.datetime | None:
    return orm.scalar(select(func.min(PublicationRow.at)).where(PublicationRow.event_id == event_id))


def _participant_row(p: Participant, position: int) -> ParticipantRow:
    row = ParticipantRow(position=position, contestant=p.id, name=p.name, phantom=p.phantom)
    row.players = [
        PlayerRow(position=i, player=pl.id, name=pl.name, number=pl.number) for i, pl in enumerate(p.players)
    ]
    return row


def _participant(row: ParticipantRow) -> Participant:
    return Participant(
        row.contestant, row.name, tuple(Player(p.player, p.name, p.number) for p in row.players), row.phantom
    )


def _movement_row(m: Movement, position: int) -> MovementRow:
    row = MovementRow(position=position, name=m.name, description=m.description)
    row.seatings = [
        SeatingRow(
            position=i,
            round_no=s.round,
            table_no=s.table,
            ns=s.ns,
            ew=s.ew,
            boards=encode_boards(s.boards),
            players=json.dumps(list(s.players)) if s.players is not None else None,
            room=s.room,
        )
        for i, s in enumerate(m.seatings)
    ]
    return row


def _seating(row: Any) -> Seating:
    """From an ORM :class:`SeatingRow` or a Core row of the seatings table."""
    players = None
    if row.players is not None:
        a, b, c, d = json.loads(row.players)
        players = (a, b, c, d)
    return Seating(row.round_no, row.table_no, row.ns, row.ew, decode_boards(row.boards), players, row.room)


def _movement(row: MovementRow) -> Movement:
    return Movement(row.name, tuple(_seating(s) for s in row.seatings), row.description)


def _result_values(
    event_id: int, session_id: int, r: Result, *, version: int, by: str, at: dt.datetime, key: str | None
) -> dict[str, Any]:
    return {
        "event_id": event_id,
        "session_id": session_id,
        "table_no": r.table,
        "round_no": r.round,
        "board": r.board,
        "version": version,
        "ns": r.ns,
        "ew": r.ew,
        "contract": str(r.contract) if r.contract is not None else None,
        "tricks": r.tricks,
        "lead": str(r.lead) if r.lead is not None else None,
        "adjusted": encode_adjustment(r.adjusted) if r.adjusted is not None else None,
        "group_no": r.group,
        "ns_vulnerable": r.vulnerable[0] if r.vulnerable is not None else None,
        "ew_vulnerable": r.vulnerable[1] if r.vulnerable is not None else None,
        "entered_by": by,
        "entered_at": at,
        "entry_key": key,
    }


ResultRecord: TypeAlias = Any
"""A row of the results table: an ORM :class:`ResultRow` or a Core row (the same attribute names)."""

Latest: TypeAlias = tuple[int, int, Result]
"""The current version of a slot: ``(row id, version, result)``."""


def _result(row: ResultRecord, session: int) -> Result:
    vulnerable = None
    if row.ns_vulnerable is not None and row.ew_vulnerable is not None:
        vulnerable = (row.ns_vulnerable, row.ew_vulnerable)
    return Result(
        session=session,
        board=row.board,
        round=row.round_no,
        table=row.table_no,
        ns=row.ns,
        ew=row.ew,
        contract=Contract.from_str(row.contract) if row.contract is not None else None,
        tricks=row.tricks,
        lead=Card.from_str(row.lead) if row.lead is not None else None,
        adjusted=decode_adjustment(row.adjusted) if row.adjusted is not None else None,
        group=row.group_no,
        vulnerable=vulnerable,
    )


def _in_session(result: Result, session: int) -> Result:
    """The result as of ``session``: the store's session number decides. A result still carrying the default
    session 1 takes the given session; one naming another session is refused."""
    if result.session == session:
        return result
    if result.session != 1:
        raise InvalidResultError(
            f"the result is of session {result.session}, but it is being stored in session {session}",
            table=result.table,
            round=result.round,
            board=result.board,
            field="session",
        )
    return dataclasses.replace(result, session=session)


def _get_result(orm: OrmSession, result_id: int) -> ResultRow:
    row = orm.get(ResultRow, result_id)
    assert row is not None, result_id  # referenced by a foreign key
    return row


_RESULTS = Base.metadata.tables[ResultRow.__tablename__]
_CONFIRMATIONS = Base.metadata.tables[ConfirmationRow.__tablename__]


def _stored_by_id(orm: OrmSession, result_id: int, session: int) -> StoredResult:
    """One stored version with its confirmation (one query)."""
    row = orm.execute(
        select(
            _RESULTS, _CONFIRMATIONS.c.actor.label("confirmed_by"), _CONFIRMATIONS.c.at.label("confirmed_at")
        )
        .outerjoin(_CONFIRMATIONS, _CONFIRMATIONS.c.result_id == _RESULTS.c.id)
        .where(_RESULTS.c.id == result_id)
    ).one()
    return _stored_from(row, session, row.confirmed_by, row.confirmed_at)


def _stored_from(
    row: ResultRecord, session: int, confirmed_by: str | None, confirmed_at: dt.datetime | None
) -> StoredResult:
    return StoredResult(
        id=row.id,
        event_id=row.event_id,
        session=session,
        result=_result(row, session),
        version=row.version,
        entered_by=row.entered_by,
        entered_at=row.entered_at,
        confirmed_by=confirmed_by,
        confirmed_at=confirmed_at,
        key=row.entry_key,
    )


def _latest(
    orm: OrmSession, session_id: int, session: int, table: int, round: int, board: int
) -> Latest | None:
    """The current version of a slot (one indexed query), or ``None`` when nothing is entered."""
    row = orm.execute(
        select(_RESULTS)
        .where(
            _RESULTS.c.session_id == session_id,
            _RESULTS.c.table_no == table,
            _RESULTS.c.round_no == round,
            _RESULTS.c.board == board,
        )
        .order_by(_RESULTS.c.version.desc())
        .limit(1)
    ).first()
    return None if row is None else (row.id, row.version, _result(row, session))


def _latest_of_session(orm: OrmSession, session_id: int, session: int) -> dict[tuple[int, int, int], Latest]:
    """The current version of every slot of a session, by ``(table, round, board)``."""
    latest: dict[tuple[int, int, int], Latest] = {}
    for row in orm.execute(select(_RESULTS).where(_RESULTS.c.session_id == session_id)):
        slot = (row.table_no, row.round_no, row.board)
        if slot not in latest or latest[slot][1] < row.version:
            latest[slot] = (row.id, row.version, _result(row, session))
    return latest


_INSERT_RESULT = insert(_RESULTS).returning(_RESULTS.c.id)


def _insert_result(
    orm: OrmSession,
    event_id: int,
    session_id: int,
    result: Result,
    *,
    version: int,
    by: str,
    at: dt.datetime,
    key: str | None,
) -> int:
    """Insert one version (never an update) and return its row id. The statement is built once (and
    compiled once); only the parameters change."""
    values = _result_values(event_id, session_id, result, version=version, by=by, at=at, key=key)
    return int(orm.execute(_INSERT_RESULT, values).scalar_one())


_INSERTS = {name: insert(Base.metadata.tables[name]) for name in ("changes", "confirmations")}


def _insert(orm: OrmSession, row: ChangeRow | ConfirmationRow) -> None:
    """Insert a row built as an ORM object through Core (no unit-of-work bookkeeping)."""
    table = Base.metadata.tables[type(row).__tablename__]
    orm.execute(_INSERTS[table.name], {c.name: getattr(row, c.key) for c in table.columns if c.name != "id"})


def _change(
    event_id: int,
    action: str,
    by: str,
    at: dt.datetime,
    session: int,
    result: Result,
    *,
    new: int | None,
    old: int | None = None,
    reason: str | None = None,
    law: str | None = None,
    approved_by: str | None = None,
) -> ChangeRow:
    return ChangeRow(
        event_id=event_id,
        action=action,
        actor=by,
        at=at,
        session_no=session,
        table_no=result.table,
        round_no=result.round,
        board=result.board,
        old_result_id=old,
        new_result_id=new,
        reason=reason,
        law=law,
        approved_by=approved_by,
    )


def _first_difference(a: Result, b: Result) -> str:
    for name in _RESULT_FIELDS:
        if getattr(a, name) != getattr(b, name):
            return name
    return "result"


def _show(value: object) -> str:
    return "none" if value is None else str(value)


_SEATINGS = Base.metadata.tables[SeatingRow.__tablename__]
_MOVEMENTS = Base.metadata.tables[MovementRow.__tablename__]


def _seatings_query(session_id: int) -> Select[Any]:
    return (
        select(_SEATINGS)
        .join(_MOVEMENTS, _SEATINGS.c.movement_id == _MOVEMENTS.c.id)
        .where(_MOVEMENTS.c.session_id == session_id)
    )


def _seatings_at(orm: OrmSession, session_id: int, *, table: int, round: int) -> list[Seating]:
    query = _seatings_query(session_id).where(_SEATINGS.c.round_no == round, _SEATINGS.c.table_no == table)
    return [_seating(r) for r in orm.execute(query)]


def _seatings_of_session(orm: OrmSession, session_id: int) -> dict[tuple[int, int], list[Seating]]:
    """Every seating of a session by ``(round, table)``."""
    found: dict[tuple[int, int], list[Seating]] = {}
    for row in orm.execute(_seatings_query(session_id)):
        found.setdefault((row.round_no, row.table_no), []).append(_seating(row))
    return found


def _seating_for(orm: OrmSession, session_row: SessionRow, *, table: int, round: int, board: int) -> Seating:
    seatings = _seatings_at(orm, session_row.id, table=table, round=round)
    if not seatings:
        raise InvalidResultError(
            f"session {session_row.number} has no table {table} in round {round}",
            table=table,
            round=round,
            board=board,
            field="table",
        )
    for seating in seatings:
        if board in seating.boards:
            return seating
    raise InvalidResultError(
        f"board {board} is not played at that table in that round "
        f"(boards {encode_boards(seatings[0].boards)})",
        table=table,
        round=round,
        board=board,
        field="board",
    )


def _check_result(
    orm: OrmSession, session_id: int, session: int, result: Result, seatings: list[Seating]
) -> None:
    """The result fits the session's movement (:func:`tenace.tournament.entry.check_result`): the right pairs
    at that table in that round, a board of that round, tricks 0-13, a contract unless passed out or adjusted.

    ``seatings`` are the session's seatings at that table in that round; the whole movement is read only to
    explain an error when there is none.
    """
    if seatings:
        matching = [s for s in seatings if (s.ns, s.ew) == (result.ns, result.ew)] or seatings
        check_result(result, Movement(f"session {session}", (matching[0],)))
        return
    session_row = orm.get(SessionRow, session_id)
    assert session_row is not None
    for movement in session_row.movements:
        check_result(result, _movement(movement))  # raises: the movement has no such table in that round
    raise InvalidResultError(
        f"session {session} has no movement with table {result.table} in round {result.round}",
        table=result.table,
        round=result.round,
        board=result.board,
        field="table",
    )
