"""The :class:`Store`: events, movements, results with their versions and audit trail, penalties, appeals
and publications, in SQLite or PostgreSQL.

Each public call is one transaction: it commits completely or, on any error, rolls back and leaves the
database as it was. Results are append-only (a correction is a new version of the slot), and every call that
changes something writes one line of the audit trail (:meth:`Store.history`).

>>> from tenace.tournament.model import Conditions, EventKind, Event, Movement, Participant, Result, Seating
>>> from tenace.tournament.model import Session
>>> import dataclasses
>>> from tenace.contract import Contract
>>> movement = Movement("2 tables", (Seating(1, 1, "1", "2", (1, 2)), Seating(1, 2, "3", "4", (3, 4))))
>>> pairs = tuple(Participant(str(n), f"Pair {n}") for n in range(1, 5))
>>> with Store.open("sqlite://") as store:
...     event_id = store.create_event(Event("Club pairs", EventKind.PAIRS, Conditions(), pairs,
...                                         (Session(1, (movement,)),)))
...     r = Result(board=1, round=1, table=1, ns="1", ew="2", contract=Contract.from_str("3NTN"), tricks=9)
...     stored = store.enter(event_id, 1, r, by="table 1")
...     right = dataclasses.replace(r, tricks=10)
...     fixed = store.correct(event_id, 1, right, by="TD", reason="tricks miscounted", law="79C1")
...     store.results(event_id)[0].tricks, fixed.version, [c.action for c in store.history(event_id)]
(10, 2, ['create', 'enter', 'correct'])
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import Any, TypeVar

from alembic.util.exc import CommandError
from sqlalchemy import Engine, func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DataError, IntegrityError, OperationalError
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import sessionmaker

from tenace.store._rows import (
    Latest,
    _change,
    _check_result,
    _event_row,
    _first_difference,
    _first_publication,
    _get_result,
    _in_session,
    _insert,
    _insert_result,
    _latest,
    _latest_of_session,
    _movement,
    _movement_row,
    _participant,
    _participant_row,
    _result,
    _seating_for,
    _seatings_at,
    _seatings_of_session,
    _session_id,
    _show,
    _stored_by_id,
    _stored_from,
)
from tenace.store.codec import (
    decode_conditions,
    decode_fraction,
    encode_conditions,
    encode_fraction,
)
from tenace.store.database import make_engine, read_only, upgrade
from tenace.store.errors import (
    AppealDeadlineError,
    AppealNotHeardError,
    CorrectionPeriodClosedError,
    DuplicateResultError,
    InvalidResultError,
    StoreError,
    StoreOpenError,
    UnknownEventError,
)
from tenace.store.models import (
    AppealDecisionRow,
    AppealRow,
    CarryOverRow,
    ChangeRow,
    ConfirmationRow,
    EventRow,
    MovementRow,
    PenaltyRow,
    PublicationRow,
    ResultRow,
    SeatingRow,
    SessionRow,
    to_utc,
)
from tenace.store.records import Appeal, Change, Publication, StoredResult
from tenace.tournament.model import (
    Event,
    EventKind,
    Movement,
    Participant,
    Penalty,
    Result,
    Seating,
    Session,
)

T = TypeVar("T")


def _shown(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url)


def _now(at: dt.datetime | None) -> dt.datetime:
    return to_utc(at) if at is not None else dt.datetime.now(dt.UTC)


@dataclasses.dataclass
class _Batch:
    """What :meth:`Store.enter_many` reads once for a whole import: the session's seatings by
    ``(round, table)`` and the current version of each slot by ``(table, round, board)``."""

    seatings: dict[tuple[int, int], list[Seating]]
    latest: dict[tuple[int, int, int], Latest]


class Store:
    """A tournament database. Open it with :meth:`open` (which creates it or migrates it to the newest
    schema) and close it with :meth:`close`, or use it as a context manager."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._reads = sessionmaker(read_only(engine), expire_on_commit=False)
        self._session_ids: dict[tuple[int, int], int] = {}

    @classmethod
    def open(cls, url: str = "sqlite:///tenace.db") -> Store:
        """Open (creating if need be) the database at ``url`` and upgrade it to the newest schema.

        ``sqlite:///path/to/file.db`` (``sqlite://`` is a private in-memory database) or
        ``postgresql+psycopg://user:password@host/database``.

        :raises StoreOpenError: if the URL is malformed or names an unknown database kind, or the database
            cannot be opened (no such directory, server unreachable, wrong password).

        >>> try:
        ...     Store.open("nosuchdb://x")
        ... except StoreOpenError as error:
        ...     print(error)
        cannot open the store at nosuchdb://x: Can't load plugin: sqlalchemy.dialects:nosuchdb
        """
        try:
            engine = make_engine(url)
        except (ArgumentError, ImportError) as exc:
            raise StoreOpenError(f"cannot open the store at {_shown(url)}: {exc}") from exc
        try:
            upgrade(engine)
        except OperationalError as exc:
            engine.dispose()
            raise StoreOpenError(f"cannot open the store at {_shown(url)}: {exc.orig}") from exc
        except CommandError as exc:  # e.g. a revision this version does not know: written by a newer tenace
            engine.dispose()
            raise StoreOpenError(f"cannot migrate the store at {_shown(url)}: {exc}") from exc
        except BaseException:
            engine.dispose()
            raise
        return cls(engine)

    @property
    def engine(self) -> Engine:
        return self._engine

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[OrmSession]:
        """A transaction that may write: on SQLite it holds the write lock from its start (BEGIN IMMEDIATE),
        so what it reads cannot change before it writes."""
        with self._sessions.begin() as session:
            yield session

    @contextmanager
    def _reading(self) -> Iterator[OrmSession]:
        """A transaction that only reads (:func:`~tenace.store.database.read_only`): a consistent snapshot of
        what was committed, without the write lock, so readers and the writer never wait for each other."""
        with self._reads() as session:
            yield session

    def _write(self, work: Callable[[OrmSession], T]) -> T:
        """Run ``work`` in one transaction; when a concurrent writer got in first (a unique constraint fails),
        run it once more so that it sees that writer's row and answers as for a resend. A value the database
        cannot hold (PostgreSQL checks the length of names and numbers; SQLite does not) is a StoreError."""
        try:
            try:
                with self._transaction() as session:
                    return work(session)
            except IntegrityError:
                with self._transaction() as session:
                    return work(session)
        except DataError as exc:
            raise StoreError(f"the database cannot hold a value given: {exc.orig}") from exc

    # ------------------------------------------------------------------ events

    def create_event(self, event: Event, *, by: str = "organiser", at: dt.datetime | None = None) -> int:
        """Store a new event with its participants, sessions and movements; its number."""
        ids = [p.id for p in event.participants]
        if len(set(ids)) != len(ids):
            raise StoreError(
                f"event {event.name!r} enters a contestant twice: {sorted(ids)}", field="participants"
            )
        numbers = [s.number for s in event.sessions]
        if len(set(numbers)) != len(numbers):
            raise StoreError(f"event {event.name!r} numbers two sessions alike: {numbers}", field="sessions")
        for s in event.sessions:
            names = [m.name for m in s.movements]
            if len(set(names)) != len(names):
                raise StoreError(
                    f"session {s.number} of event {event.name!r} has two movements named alike: {names}",
                    field="movements",
                )

        def work(session: OrmSession) -> int:
            moment = _now(at)
            row = EventRow(
                name=event.name,
                kind=event.kind.value,
                conditions=encode_conditions(event.conditions),
                created_at=moment,
            )
            row.participants = [_participant_row(p, i) for i, p in enumerate(event.participants)]
            row.carry_overs = [
                CarryOverRow(position=i, contestant=who, points=encode_fraction(points))
                for i, (who, points) in enumerate(event.carry_over)
            ]
            for s in event.sessions:
                session_row = SessionRow(number=s.number)
                session_row.movements = [_movement_row(m, i) for i, m in enumerate(s.movements)]
                row.sessions.append(session_row)
            session.add(row)
            session.flush()
            session.add(ChangeRow(event_id=row.id, action="create", actor=by, at=moment, reason=event.name))
            return row.id

        return self._write(work)

    def event(self, event_id: int) -> Event:
        """The event as it was created, with the participants and movements added since."""
        with self._reading() as session:
            row = _event_row(session, event_id)
            return Event(
                name=row.name,
                kind=EventKind(row.kind),
                conditions=decode_conditions(row.conditions),
                participants=tuple(_participant(p) for p in row.participants),
                sessions=tuple(
                    Session(s.number, tuple(_movement(m) for m in s.movements)) for s in row.sessions
                ),
                carry_over=tuple((c.contestant, decode_fraction(c.points)) for c in row.carry_overs),
            )

    def movement_stamp(self, event_id: int, number: int) -> tuple[int, int]:
        """A fingerprint of session ``number``'s movements as stored: how many seatings they have and the
        highest seating row, which change whenever a movement is set, replaced or extended (a Swiss round
        paired). A process that keeps a movement compares it to know that another process changed it."""
        with self._reading() as session:
            found = session.execute(
                select(func.count(SeatingRow.id), func.coalesce(func.max(SeatingRow.id), 0))
                .join(MovementRow, SeatingRow.movement_id == MovementRow.id)
                .join(SessionRow, MovementRow.session_id == SessionRow.id)
                .where(SessionRow.event_id == event_id, SessionRow.number == number)
            ).one()
            return int(found[0]), int(found[1])

    def events(self) -> list[tuple[int, str]]:
        """Every stored event as ``(number, name)``, oldest first."""
        with self._reading() as session:
            return [
                (i, name)
                for i, name in session.execute(select(EventRow.id, EventRow.name).order_by(EventRow.id))
            ]

    def set_movement(
        self,
        event_id: int,
        session: int,
        movement: Movement,
        *,
        by: str = "organiser",
        at: dt.datetime | None = None,
    ) -> None:
        """Add ``movement`` to a session (creating the session if need be), or replace the session's movement
        of the same name."""

        def work(orm: OrmSession) -> None:
            row = _event_row(orm, event_id)
            session_row = next((s for s in row.sessions if s.number == session), None)
            if session_row is None:
                session_row = SessionRow(number=session)
                row.sessions.append(session_row)
            old = next((m for m in session_row.movements if m.name == movement.name), None)
            position = len(session_row.movements)
            if old is not None:
                position = old.position
                session_row.movements.remove(old)
                orm.flush()
            session_row.movements.append(_movement_row(movement, position))
            session_row.movements.sort(key=lambda m: m.position)
            orm.add(
                ChangeRow(
                    event_id=event_id,
                    action="movement",
                    actor=by,
                    at=_now(at),
                    session_no=session,
                    reason=f"{'replaced' if old is not None else 'added'} movement {movement.name!r}",
                )
            )

        self._write(work)

    def add_participant(
        self, event_id: int, participant: Participant, *, by: str = "organiser", at: dt.datetime | None = None
    ) -> None:
        """Enter one more contestant. Adding the same participant again changes nothing; a different one
        under an existing number is refused."""

        def work(orm: OrmSession) -> None:
            row = _event_row(orm, event_id)
            for existing in row.participants:
                if existing.contestant == participant.id:
                    if _participant(existing) == participant:
                        return
                    raise StoreError(
                        f"event {event_id} already has contestant {participant.id!r} ({existing.name!r})",
                        field="participant",
                    )
            row.participants.append(_participant_row(participant, len(row.participants)))
            orm.add(
                ChangeRow(
                    event_id=event_id,
                    action="participant",
                    actor=by,
                    at=_now(at),
                    reason=f"entered {participant.id} {participant.name}",
                )
            )

        self._write(work)

    def set_participants(
        self,
        event_id: int,
        participants: Iterable[Participant],
        *,
        by: str = "organiser",
        at: dt.datetime | None = None,
    ) -> list[str]:
        """Enter or rename contestants in one transaction (a Director's list of entries): a contestant not
        entered yet is added, one entered under the same number takes the new name, players and phantom
        flag. One audit line per contestant that changes; the numbers of those that changed.

        Unlike :meth:`add_participant`, a different participant under an existing number replaces it (the
        entries are typed before play and corrected as they come in); results stay with the number."""
        batch = tuple(participants)
        ids = [p.id for p in batch]
        if len(set(ids)) != len(ids):
            twice = sorted({i for i in ids if ids.count(i) > 1})
            raise StoreError(f"the list enters contestant {twice[0]!r} twice", field="participants")

        def work(orm: OrmSession) -> list[str]:
            row = _event_row(orm, event_id)
            moment = _now(at)
            existing = {p.contestant: p for p in row.participants}
            changed: list[str] = []
            for participant in batch:
                old = existing.get(participant.id)
                if old is not None and _participant(old) == participant:
                    continue
                if old is None:
                    row.participants.append(_participant_row(participant, len(row.participants)))
                    what = "entered"
                else:
                    fresh = _participant_row(participant, old.position)
                    old.name, old.phantom = fresh.name, fresh.phantom
                    old.players.clear()
                    orm.flush()
                    old.players.extend(fresh.players)
                    what = "renamed"
                changed.append(participant.id)
                orm.add(
                    ChangeRow(
                        event_id=event_id,
                        action="participant",
                        actor=by,
                        at=moment,
                        reason=f"{what} {participant.id} {participant.name}",
                    )
                )
            return changed

        return self._write(work)

    def note(
        self, event_id: int, action: str, reason: str, *, by: str, law: str | None = None,
        at: dt.datetime | None = None,
    ) -> None:
        """Write a line of the audit trail for something kept outside the store's own tables (the boards
        dealt or read from a file for the event, say)."""

        def work(orm: OrmSession) -> None:
            _event_row(orm, event_id)
            orm.add(
                ChangeRow(
                    event_id=event_id, action=action[:20], actor=by, at=_now(at), reason=reason, law=law
                )
            )

        self._write(work)

    # ----------------------------------------------------------------- results

    def enter(
        self,
        event_id: int,
        session: int,
        result: Result,
        *,
        by: str,
        key: str | None = None,
        at: dt.datetime | None = None,
    ) -> StoredResult:
        """Enter the result of a slot (session, table, round, board) as a table device sends it.

        The result must fit the session's movement. A resend (the same ``key``, or the same result for the
        same slot) returns the stored row and writes nothing. ``session`` decides the result's
        :attr:`~tenace.tournament.model.Result.session` (a result left at the default session 1 takes it).

        :raises ResultError: (:mod:`tenace.tournament.entry`) if the result does not fit the movement.
        :raises DuplicateResultError: if a different result is already entered for the slot, or ``key`` was
            used for a different result (use :meth:`correct` to change a result).
        :raises UnknownEventError: if there is no such event or session.
        """
        return self._write(lambda orm: self._enter(orm, event_id, session, result, by=by, key=key, at=at))

    def enter_many(
        self,
        event_id: int,
        session: int,
        results: Iterable[Result],
        *,
        by: str,
        at: dt.datetime | None = None,
    ) -> tuple[StoredResult, ...]:
        """Enter many results in one transaction (an import): all of them, or, on the first error, none.
        Results already stored (or repeated in ``results``) are returned as stored, as :meth:`enter` does."""
        batch = tuple(results)

        def work(orm: OrmSession) -> tuple[StoredResult, ...]:
            session_id = _session_id(orm, event_id, session, self._session_ids)
            context = _Batch(
                _seatings_of_session(orm, session_id), _latest_of_session(orm, session_id, session)
            )
            return tuple(
                self._enter(orm, event_id, session, r, by=by, key=None, at=at, batch=context) for r in batch
            )

        return self._write(work)

    def _enter(
        self,
        orm: OrmSession,
        event_id: int,
        session: int,
        result: Result,
        *,
        by: str,
        key: str | None,
        at: dt.datetime | None,
        batch: _Batch | None = None,
    ) -> StoredResult:
        session_id = _session_id(orm, event_id, session, self._session_ids)
        result = _in_session(result, session)
        if key is not None:
            keyed = orm.execute(
                select(ResultRow.id, ResultRow.session_id).where(
                    ResultRow.event_id == event_id, ResultRow.entry_key == key
                )
            ).first()
            if keyed is not None:
                stored = _stored_by_id(orm, keyed.id, session)
                if keyed.session_id == session_id and stored.result == result:
                    return stored
                raise DuplicateResultError(
                    f"key {key!r} was already used for {stored.result.describe()} with a different result",
                    table=result.table,
                    round=result.round,
                    board=result.board,
                    field="key",
                )
        if batch is not None:
            seatings = batch.seatings.get((result.round, result.table), [])
            current = batch.latest.get((result.table, result.round, result.board))
        else:
            seatings = _seatings_at(orm, session_id, table=result.table, round=result.round)
            current = _latest(orm, session_id, session, result.table, result.round, result.board)
        _check_result(orm, session_id, session, result, seatings)
        if current is not None:
            current_id, _, stored_result = current
            if stored_result == result:
                return _stored_by_id(orm, current_id, session)
            field = _first_difference(stored_result, result)
            raise DuplicateResultError(
                f"a different result is already entered ({field} {_show(getattr(stored_result, field))}, not "
                f"{_show(getattr(result, field))}); use correct",
                table=result.table,
                round=result.round,
                board=result.board,
                field=field,
            )
        moment = _now(at)
        new_id = _insert_result(orm, event_id, session_id, result, version=1, by=by, at=moment, key=key)
        _insert(orm, _change(event_id, "enter", by, moment, session, result, new=new_id))
        if batch is not None:
            batch.latest[(result.table, result.round, result.board)] = (new_id, 1, result)
        return StoredResult(
            id=new_id,
            event_id=event_id,
            session=session,
            result=result,
            version=1,
            entered_by=by,
            entered_at=moment,
            key=key,
        )

    def confirm(
        self,
        event_id: int,
        session: int,
        *,
        table: int,
        round: int,
        board: int,
        by: str,
        at: dt.datetime | None = None,
    ) -> StoredResult:
        """Record the opponents' confirmation of the current result of a slot. Confirming a confirmed
        result changes nothing."""

        def work(orm: OrmSession) -> StoredResult:
            session_id = _session_id(orm, event_id, session, self._session_ids)
            current = _latest(orm, session_id, session, table, round, board)
            if current is None:
                raise UnknownEventError("no result has been entered", table=table, round=round, board=board)
            stored = _stored_by_id(orm, current[0], session)
            if stored.confirmed_by is not None:
                return stored
            moment = _now(at)
            _insert(orm, ConfirmationRow(result_id=stored.id, actor=by, at=moment))
            _insert(orm, _change(event_id, "confirm", by, moment, session, stored.result, new=stored.id))
            return dataclasses.replace(stored, confirmed_by=by, confirmed_at=moment)

        return self._write(work)

    def correct(
        self,
        event_id: int,
        session: int,
        result: Result,
        *,
        by: str,
        reason: str,
        law: str | None = None,
        approved_by: str | None = None,
        at: dt.datetime | None = None,
    ) -> StoredResult:
        """Replace the result of a slot by a new version (Law 79C): the old one stays in the history.

        Within the correction period (from the first publication for :attr:`Conditions.correction_period`;
        always before the first publication) anyone may correct; after it only with ``approved_by``, the
        Tournament Organiser (Law 79C2). Correcting to the result already current changes nothing. A slot
        with no result yet may be corrected too (a result the Director enters late).

        :raises CorrectionPeriodClosedError: after the period without ``approved_by``.
        :raises ResultError: (:mod:`tenace.tournament.entry`) if the result does not fit the movement.
        """
        if not reason.strip():
            raise StoreError(
                "a correction needs a reason",
                table=result.table,
                round=result.round,
                board=result.board,
                field="reason",
            )

        def work(orm: OrmSession) -> StoredResult:
            moment = _now(at)
            event_row = _event_row(orm, event_id)
            opened = _first_publication(orm, event_id)
            if opened is not None and approved_by is None:
                closes = opened + decode_conditions(event_row.conditions).correction_period
                if moment > closes:
                    raise CorrectionPeriodClosedError(
                        f"the correction period (Law 79C1) ended at {closes:%Y-%m-%d %H:%M} UTC; a later "
                        "correction needs the Tournament Organiser's approval (approved_by, Law 79C2)",
                        table=result.table,
                        round=result.round,
                        board=result.board,
                    )
            return self._correct(
                orm,
                event_id,
                session,
                result,
                by=by,
                at=moment,
                reason=reason,
                law=law,
                approved_by=approved_by,
                action="correct",
            )[0]

        return self._write(work)

    def _correct(
        self,
        orm: OrmSession,
        event_id: int,
        session: int,
        result: Result,
        *,
        by: str,
        at: dt.datetime,
        reason: str,
        law: str | None,
        approved_by: str | None,
        action: str,
    ) -> tuple[StoredResult, bool]:
        session_id = _session_id(orm, event_id, session, self._session_ids)
        result = _in_session(result, session)
        _check_result(
            orm,
            session_id,
            session,
            result,
            _seatings_at(orm, session_id, table=result.table, round=result.round),
        )
        current = _latest(orm, session_id, session, result.table, result.round, result.board)
        if current is not None and current[2] == result:
            return _stored_by_id(orm, current[0], session), False
        version = 1 if current is None else current[1] + 1
        new_id = _insert_result(orm, event_id, session_id, result, version=version, by=by, at=at, key=None)
        change = _change(
            event_id,
            action,
            by,
            at,
            session,
            result,
            new=new_id,
            old=current[0] if current is not None else None,
            reason=reason,
            law=law,
            approved_by=approved_by,
        )
        _insert(orm, change)
        stored = StoredResult(
            id=new_id,
            event_id=event_id,
            session=session,
            result=result,
            version=version,
            entered_by=by,
            entered_at=at,
        )
        return stored, True

    def results(self, event_id: int, session: int | None = None) -> tuple[Result, ...]:
        """The current version of every slot's result, by session, round, table and board."""
        return tuple(s.result for s in self.stored(event_id, session))

    def stored(self, event_id: int, session: int | None = None) -> tuple[StoredResult, ...]:
        """Like :meth:`results`, with versions, who entered and who confirmed."""
        results, sessions, confirmations = (
            ResultRow.__table__,
            SessionRow.__table__,
            ConfirmationRow.__table__,
        )
        with self._reading() as orm:
            _event_row(orm, event_id)
            query = (
                select(
                    results,
                    sessions.c.number.label("session_number"),
                    confirmations.c.actor.label("confirmed_by"),
                    confirmations.c.at.label("confirmed_at"),
                )
                .join(sessions, results.c.session_id == sessions.c.id)
                .outerjoin(confirmations, confirmations.c.result_id == results.c.id)
                .where(results.c.event_id == event_id)
            )
            if session is not None:
                _session_id(orm, event_id, session, self._session_ids)
                query = query.where(sessions.c.number == session)
            latest: dict[tuple[int, int, int, int], Any] = {}
            for row in orm.execute(query):
                slot = (row.session_number, row.round_no, row.table_no, row.board)
                if slot not in latest or latest[slot].version < row.version:
                    latest[slot] = row
            return tuple(
                _stored_from(row, row.session_number, row.confirmed_by, row.confirmed_at)
                for row in (latest[slot] for slot in sorted(latest))
            )

    def versions(
        self, event_id: int, session: int, *, table: int, round: int, board: int
    ) -> tuple[StoredResult, ...]:
        """Every version of one slot's result, oldest first."""
        with self._reading() as orm:
            session_id = _session_id(orm, event_id, session, self._session_ids)
            ids = orm.scalars(
                select(ResultRow.id)
                .where(
                    ResultRow.session_id == session_id,
                    ResultRow.table_no == table,
                    ResultRow.round_no == round,
                    ResultRow.board == board,
                )
                .order_by(ResultRow.version)
            ).all()
            return tuple(_stored_by_id(orm, i, session) for i in ids)

    def history(self, event_id: int) -> tuple[Change, ...]:
        """The audit trail of the event, oldest first."""
        with self._reading() as orm:
            _event_row(orm, event_id)
            changes = list(
                orm.scalars(select(ChangeRow).where(ChangeRow.event_id == event_id).order_by(ChangeRow.id))
            )
            ids = {i for c in changes for i in (c.old_result_id, c.new_result_id) if i is not None}
            rows: dict[int, Result] = {}
            if ids:
                query = (
                    select(ResultRow.__table__, SessionRow.number.label("session_number"))
                    .join(SessionRow, ResultRow.session_id == SessionRow.id)
                    .where(ResultRow.id.in_(ids))
                )
                rows = {r.id: _result(r, r.session_number) for r in orm.execute(query)}
            return tuple(
                Change(
                    id=c.id,
                    event_id=c.event_id,
                    action=c.action,
                    by=c.actor,
                    at=c.at,
                    session=c.session_no,
                    table=c.table_no,
                    round=c.round_no,
                    board=c.board,
                    old=rows[c.old_result_id] if c.old_result_id is not None else None,
                    new=rows[c.new_result_id] if c.new_result_id is not None else None,
                    reason=c.reason,
                    law=c.law,
                    approved_by=c.approved_by,
                )
                for c in changes
            )

    # --------------------------------------------------------------- penalties

    def penalise(self, event_id: int, penalty: Penalty, *, by: str, at: dt.datetime | None = None) -> None:
        """Record a procedural (Law 90) or disciplinary (Law 91) penalty."""

        def work(orm: OrmSession) -> None:
            row = _event_row(orm, event_id)
            if penalty.contestant not in {p.contestant for p in row.participants}:
                raise StoreError(
                    f"event {event_id} has no contestant {penalty.contestant!r}",
                    board=penalty.board,
                    field="contestant",
                )
            moment = _now(at)
            orm.add(
                PenaltyRow(
                    event_id=event_id,
                    contestant=penalty.contestant,
                    points=encode_fraction(penalty.points),
                    law=penalty.law,
                    reason=penalty.reason,
                    board=penalty.board,
                    actor=by,
                    at=moment,
                )
            )
            orm.add(
                ChangeRow(
                    event_id=event_id,
                    action="penalise",
                    actor=by,
                    at=moment,
                    board=penalty.board,
                    reason=f"{penalty.contestant}: {penalty.points} ({penalty.reason})",
                    law=penalty.law,
                )
            )

        self._write(work)

    def penalties(self, event_id: int) -> tuple[Penalty, ...]:
        with self._reading() as orm:
            _event_row(orm, event_id)
            rows = orm.scalars(
                select(PenaltyRow).where(PenaltyRow.event_id == event_id).order_by(PenaltyRow.id)
            )
            return tuple(
                Penalty(r.contestant, decode_fraction(r.points), r.law, r.reason, r.board) for r in rows
            )

    # ----------------------------------------------------------------- appeals

    def appeal(
        self,
        event_id: int,
        session: int,
        *,
        table: int,
        round: int,
        board: int,
        appellants: tuple[str, ...],
        concurring: bool,
        reason: str,
        by: str,
        at: dt.datetime | None = None,
    ) -> int:
        """Lodge an appeal against a ruling at a table (Law 92, through the Director: ``by``); its number.

        :raises AppealDeadlineError: after :attr:`Conditions.appeal_deadline` from the first publication
            (Law 92B).
        :raises AppealNotHeardError: without the partner's (pairs) or captain's (teams) concurrence (Law 92D).
        """

        def work(orm: OrmSession) -> int:
            moment = _now(at)
            event_row = _event_row(orm, event_id)
            session_row = orm.get(SessionRow, _session_id(orm, event_id, session, self._session_ids))
            assert session_row is not None
            if not appellants:
                raise AppealNotHeardError(
                    "an appeal needs an appellant", table=table, round=round, board=board, field="appellants"
                )
            if EventKind(event_row.kind) is not EventKind.INDIVIDUAL and not concurring:
                who = "the team captain" if EventKind(event_row.kind) is EventKind.TEAMS else "both partners"
                raise AppealNotHeardError(
                    f"an appeal is heard only when {who} concur (Law 92D)",
                    table=table,
                    round=round,
                    board=board,
                    field="concurring",
                )
            opened = _first_publication(orm, event_id)
            if opened is not None:
                closes = opened + decode_conditions(event_row.conditions).appeal_deadline
                if moment > closes:
                    raise AppealDeadlineError(
                        f"the time for appeals (Law 92B) ended at {closes:%Y-%m-%d %H:%M} UTC",
                        table=table,
                        round=round,
                        board=board,
                    )
            _seating_for(orm, session_row, table=table, round=round, board=board)
            row = AppealRow(
                event_id=event_id,
                session_no=session,
                table_no=table,
                round_no=round,
                board=board,
                appellants=json.dumps(list(appellants)),
                concurring=concurring,
                reason=reason,
                lodged_by=by,
                lodged_at=moment,
            )
            orm.add(row)
            orm.flush()
            orm.add(
                ChangeRow(
                    event_id=event_id,
                    action="appeal",
                    actor=by,
                    at=moment,
                    session_no=session,
                    table_no=table,
                    round_no=round,
                    board=board,
                    reason=f"appeal {row.id} by {', '.join(appellants)}: {reason}",
                    law="92",
                )
            )
            return row.id

        return self._write(work)

    def decide_appeal(
        self, appeal_id: int, *, decision: str, result: Result | None, by: str, at: dt.datetime | None = None
    ) -> None:
        """Record the decision on an appeal (Law 93). A ``result`` different from the current one becomes a
        new version of the slot (a correction citing Law 93, which the Law 79C period does not limit).
        Recording the same decision again changes nothing; a different decision is refused."""

        def work(orm: OrmSession) -> None:
            appeal = orm.get(AppealRow, appeal_id)
            if appeal is None:
                raise UnknownEventError(f"no appeal {appeal_id}")
            where = {"table": appeal.table_no, "round": appeal.round_no, "board": appeal.board}
            if result is not None and (result.table, result.round, result.board) != tuple(where.values()):
                raise InvalidResultError(
                    f"appeal {appeal_id} is about {result.describe()}, not "
                    f"table {appeal.table_no}, round {appeal.round_no}, board {appeal.board}",
                    table=result.table,
                    round=result.round,
                    board=result.board,
                )
            decided_result = _in_session(result, appeal.session_no) if result is not None else None
            decided = orm.scalars(
                select(AppealDecisionRow).where(AppealDecisionRow.appeal_id == appeal_id)
            ).first()
            if decided is not None:
                same_result = result is None or (
                    decided.result_id is not None
                    and _result(_get_result(orm, decided.result_id), appeal.session_no) == decided_result
                )
                if decided.decision == decision and same_result:
                    return
                raise AppealNotHeardError(
                    f"appeal {appeal_id} was already decided: {decided.decision!r}",
                    table=appeal.table_no,
                    round=appeal.round_no,
                    board=appeal.board,
                )
            moment = _now(at)
            result_id: int | None = None
            changed = False
            if result is not None:
                stored, changed = self._correct(
                    orm,
                    appeal.event_id,
                    appeal.session_no,
                    result,
                    by=by,
                    at=moment,
                    reason=f"appeal {appeal_id}: {decision}",
                    law="93",
                    approved_by=None,
                    action="decide",
                )
                result_id = stored.id
            orm.add(
                AppealDecisionRow(
                    appeal_id=appeal_id, decision=decision, actor=by, at=moment, result_id=result_id
                )
            )
            if not changed:  # a changed result wrote its own audit line (with the old and new result)
                orm.add(
                    ChangeRow(
                        event_id=appeal.event_id,
                        action="decide",
                        actor=by,
                        at=moment,
                        session_no=appeal.session_no,
                        table_no=appeal.table_no,
                        round_no=appeal.round_no,
                        board=appeal.board,
                        reason=f"appeal {appeal_id}: {decision}",
                        law="93",
                    )
                )

        self._write(work)

    def appeals(self, event_id: int) -> tuple[Appeal, ...]:
        with self._reading() as orm:
            _event_row(orm, event_id)
            rows = orm.execute(
                select(AppealRow, AppealDecisionRow)
                .outerjoin(AppealDecisionRow, AppealDecisionRow.appeal_id == AppealRow.id)
                .where(AppealRow.event_id == event_id)
                .order_by(AppealRow.id)
            )
            appeals = []
            for a, d in rows:
                decided_result = None
                if d is not None and d.result_id is not None:
                    decided_result = _result(_get_result(orm, d.result_id), a.session_no)
                appeals.append(
                    Appeal(
                        id=a.id,
                        event_id=a.event_id,
                        session=a.session_no,
                        table=a.table_no,
                        round=a.round_no,
                        board=a.board,
                        appellants=tuple(json.loads(a.appellants)),
                        concurring=a.concurring,
                        reason=a.reason,
                        lodged_by=a.lodged_by,
                        lodged_at=a.lodged_at,
                        decision=d.decision if d is not None else None,
                        decided_by=d.actor if d is not None else None,
                        decided_at=d.at if d is not None else None,
                        result=decided_result,
                    )
                )
            return tuple(appeals)

    # ------------------------------------------------------------ publications

    def publish(self, event_id: int, document: str, *, by: str, at: dt.datetime | None = None) -> int:
        """Keep a published version of the results (HTML, JSON, ...); its version number, from 1. The first
        publication makes the official score available: the Law 79C and Law 92B periods start then."""

        def work(orm: OrmSession) -> int:
            _event_row(orm, event_id, lock=True)  # one version number each
            moment = _now(at)
            last = orm.scalar(
                select(func.max(PublicationRow.version)).where(PublicationRow.event_id == event_id)
            )
            version = (last or 0) + 1
            orm.add(
                PublicationRow(event_id=event_id, version=version, document=document, actor=by, at=moment)
            )
            orm.add(
                ChangeRow(
                    event_id=event_id, action="publish", actor=by, at=moment, reason=f"publication {version}"
                )
            )
            return version

        return self._write(work)

    def publications(self, event_id: int) -> tuple[Publication, ...]:
        with self._reading() as orm:
            _event_row(orm, event_id)
            rows = orm.scalars(
                select(PublicationRow)
                .where(PublicationRow.event_id == event_id)
                .order_by(PublicationRow.version)
            )
            return tuple(Publication(r.id, r.event_id, r.version, r.document, r.actor, r.at) for r in rows)

    def correction_period_ends(self, event_id: int) -> dt.datetime | None:
        """When the Law 79C correction period ends (``None`` before the first publication)."""
        with self._reading() as orm:
            row = _event_row(orm, event_id)
            opened = _first_publication(orm, event_id)
            return None if opened is None else opened + decode_conditions(row.conditions).correction_period
