"""Where face-to-face scoring sessions (:mod:`tenace.server.table_scoring`) keep what the store's own tables
do not: the session's name, its dealt boards (for the hand checks), whether the tables see travellers, and
the random nonce from which each table's secret link is derived. One row per session, holding JSON, on the
store's metadata (revision 0006). Only SQLAlchemy here, so that the migrations can import it.

The results themselves, with their idempotency keys, confirmations and the audit trail, are the store's
(:meth:`tenace.store.Store.enter`, :meth:`~tenace.store.Store.confirm`, :meth:`~tenace.store.Store.correct`).

>>> from tenace.store import Store
>>> from tenace.tournament.model import Conditions, Event, EventKind
>>> with Store.open("sqlite://") as store:
...     event_id = store.create_event(Event("Club", EventKind.PAIRS, Conditions(), ()))
...     write_scoring(store.engine, "f1", event_id, '{"name": "Monday"}')
...     read_scoring(store.engine, "f1"), read_scoring(store.engine, "nope"), list_scoring(store.engine)
(('{"name": "Monday"}', 1), None, [('f1', '{"name": "Monday"}', 1)])
>>> with Store.open("sqlite://") as store:
...     event_id = store.create_event(Event("Club", EventKind.PAIRS, Conditions(), ()))
...     write_scoring(store.engine, "f1", event_id, "{}")
...     scoring_of_event(store.engine, event_id), scoring_of_event(store.engine, event_id + 1)
('f1', None)
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Engine, ForeignKey, String, Text, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from tenace.store.models import Base, UTCDateTime

__all__ = ["ScoringSessionRow", "list_scoring", "read_scoring", "scoring_of_event", "scorings_of_event",
           "write_scoring"]


class ScoringSessionRow(Base):
    """A face-to-face session scored from the tables' devices. The event, its movement and its results are
    in the store's own tables; this row holds the rest as JSON (``state``)."""

    __tablename__ = "scoring_sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    state: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


def write_scoring(engine: Engine, session_id: str, event_id: int, state: str) -> None:
    """Store (or replace) a session's state."""
    with Session(engine) as orm, orm.begin():
        row = orm.get(ScoringSessionRow, session_id)
        if row is None:
            orm.add(ScoringSessionRow(id=session_id, event_id=event_id, state=state,
                                      created_at=dt.datetime.now(dt.UTC)))
        else:
            row.state = state


def read_scoring(engine: Engine, session_id: str) -> tuple[str, int] | None:
    """A session's state and event, or ``None``."""
    with Session(engine) as orm:
        row = orm.get(ScoringSessionRow, session_id)
        return None if row is None else (row.state, row.event_id)


def list_scoring(engine: Engine) -> list[tuple[str, str, int]]:
    """Every session as ``(id, state, event)``, the newest first."""
    with Session(engine) as orm:
        rows = orm.execute(select(ScoringSessionRow.id, ScoringSessionRow.state, ScoringSessionRow.event_id)
                           .order_by(ScoringSessionRow.created_at.desc()))
        return [(i, s, e) for i, s, e in rows]


def scoring_of_event(engine: Engine, event_id: int) -> str | None:
    """The id of the (first) session that keeps event ``event_id``'s boards, or ``None``: one indexed read,
    without the sessions' states."""
    with Session(engine) as orm:
        found: str | None = orm.scalars(select(ScoringSessionRow.id)
                                        .where(ScoringSessionRow.event_id == event_id)
                                        .order_by(ScoringSessionRow.created_at).limit(1)).first()
        return found


def scorings_of_event(engine: Engine, event_id: int) -> list[tuple[str, str]]:
    """Every session row of event ``event_id`` as ``(id, state)``, the oldest first (one a session of the
    event: each keeps that session's boards and table links)."""
    with Session(engine) as orm:
        rows = orm.execute(select(ScoringSessionRow.id, ScoringSessionRow.state)
                           .where(ScoringSessionRow.event_id == event_id)
                           .order_by(ScoringSessionRow.created_at))
        return [(i, s) for i, s in rows]
