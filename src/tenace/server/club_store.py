"""Where club sessions (:mod:`tenace.server.club`) keep their state: one row per session holding its JSON,
on the store's metadata (revision 0004). Only SQLAlchemy here, so that the migrations can import it without
the web server's packages.

The row is the truth about a session: with several server processes (docs/scale-out.md) each reads it
afresh, and a change is written only over the state it was made from (:func:`write_state` with
``expected``), so that two processes can never both move the same session on.

>>> from tenace.store import Store
>>> from tenace.tournament.model import Conditions, Event, EventKind
>>> with Store.open("sqlite://") as store:
...     event_id = store.create_event(Event("Club", EventKind.PAIRS, Conditions(), ()))
...     _ = write_state(store.engine, "s1", event_id, '{"round": 1}')
...     write_state(store.engine, "s1", event_id, '{"round": 2}', expected='{"round": 1}')
...     read_states(store.engine)
...     write_state(store.engine, "s1", event_id, '{"round": 3}', expected='{"round": 1}')
...     read_state(store.engine, "s1")
True
[('s1', '{"round": 2}')]
False
'{"round": 2}'
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable

from sqlalchemy import Engine, ForeignKey, String, Text, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from tenace.store.models import Base, UTCDateTime

__all__ = [
    "ClubSessionRow", "find_club_table", "playing_ids", "read_state", "read_states", "session_for_table",
    "table_scores", "write_state",
]

PLAYING: str = '"status": "playing"'
"""How a playing session's state says so (``json.dumps`` with its default separators); a name or a
published file holding the same words has its quotes escaped in the JSON, so only the status matches."""


class ClubSessionRow(Base):
    """A club session's state (:meth:`tenace.server.club.ClubSession.to_json`), kept so that a restarted
    server goes on with it. The event, its movement and its results are in the store's own tables."""

    __tablename__ = "club_sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    state: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


def write_state(engine: Engine, session_id: str, event_id: int, state: str,
                expected: str | None = None) -> bool:
    """Store (or replace) a session's state. With ``expected``, only over that state (compare and set): a
    session another process changed meanwhile is left alone. Whether the state was written."""
    now = dt.datetime.now(dt.UTC)
    with Session(engine) as orm, orm.begin():
        if expected is not None:
            changed = orm.execute(
                update(ClubSessionRow)
                .where(ClubSessionRow.id == session_id, ClubSessionRow.state == expected)
                .values(state=state, updated_at=now)
            )
            return bool(changed.rowcount)  # type: ignore[attr-defined]
        row = orm.get(ClubSessionRow, session_id)
        if row is None:
            orm.add(ClubSessionRow(id=session_id, event_id=event_id, state=state, updated_at=now))
        else:
            row.state, row.updated_at = state, now
        return True


def read_state(engine: Engine, session_id: str) -> str | None:
    """One session's stored state (``None`` if there is none)."""
    with Session(engine) as orm:
        state: str | None = orm.scalar(select(ClubSessionRow.state).where(ClubSessionRow.id == session_id))
        return state


def playing_ids(engine: Engine) -> list[str]:
    """The sessions whose state says that a round is being played (those a server has to move on)."""
    with Session(engine) as orm:
        query = (select(ClubSessionRow.id).where(ClubSessionRow.state.contains(PLAYING, autoescape=True))
                 .order_by(ClubSessionRow.updated_at))
        return list(orm.scalars(query))


def read_states(engine: Engine) -> list[tuple[str, str]]:
    """Every stored session as ``(id, state)``, oldest change first."""
    with Session(engine) as orm:
        query = select(ClubSessionRow.id, ClubSessionRow.state).order_by(ClubSessionRow.updated_at)
        rows = orm.execute(query)
        return [(session_id, state) for session_id, state in rows]


def find_club_table(engine: Engine, club: dict[str, object], board: int) -> str | None:
    """The live table opened for ``club`` (a :class:`~tenace.server.actors.ClubSlot` as JSON: event,
    session, table, round, pairs) whose first board is ``board``, if there is one: so that a process that
    stopped between opening a table and writing the session down finds it again instead of opening a second
    one (and entering the board twice)."""
    from tenace.server.persistence import BoardRow, LiveTableRow

    prefix = json.dumps({"event_id": club["event_id"]})[:-1] + ","
    with Session(engine) as orm:
        rows = orm.execute(
            select(LiveTableRow.id, LiveTableRow.club, BoardRow.board)
            .join(BoardRow, (BoardRow.table_id == LiveTableRow.id) & (BoardRow.position == 1))
            .where(LiveTableRow.club.startswith(prefix, autoescape=True))
            .order_by(LiveTableRow.created_at)
        )
        for table_id, text, board_json in rows:
            number = json.loads(board_json).get("number")
            if text is not None and json.loads(text) == club and number == board:
                found: str = table_id
                return found
    return None


def table_scores(engine: Engine, table_ids: Iterable[str]) -> dict[str, int | None]:
    """The score (North-South) of each table's first board, ``None`` while it is being played."""
    from tenace.server.persistence import BoardRow

    ids = list(table_ids)
    if not ids:
        return {}
    with Session(engine) as orm:
        rows = orm.execute(select(BoardRow.table_id, BoardRow.score_ns)
                           .where(BoardRow.table_id.in_(ids), BoardRow.position == 1))
        scores: dict[str, int | None] = dict.fromkeys(ids)
        scores.update((table_id, score) for table_id, score in rows)
        return scores


def session_for_table(engine: Engine, table_id: str) -> str | None:
    """The club session a live table plays for (through its event), ``None`` for a table outside them."""
    from tenace.server.persistence import LiveTableRow

    with Session(engine) as orm:
        text = orm.scalar(select(LiveTableRow.club).where(LiveTableRow.id == table_id))
        if text is None:
            return None
        event_id = json.loads(text).get("event_id")
        found: str | None = orm.scalar(select(ClubSessionRow.id).where(ClubSessionRow.event_id == event_id)
                                       .order_by(ClubSessionRow.updated_at))
        return found
