"""Where club sessions (:mod:`tenace.server.club`) keep their state: one row per session holding its JSON,
on the store's metadata (revision 0004). Only SQLAlchemy here, so that the migrations can import it without
the web server's packages.

>>> from tenace.store import Store
>>> from tenace.tournament.model import Conditions, Event, EventKind
>>> with Store.open("sqlite://") as store:
...     event_id = store.create_event(Event("Club", EventKind.PAIRS, Conditions(), ()))
...     write_state(store.engine, "s1", event_id, '{"round": 1}')
...     write_state(store.engine, "s1", event_id, '{"round": 2}')
...     read_states(store.engine)
[('s1', '{"round": 2}')]
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Engine, ForeignKey, String, Text, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from tenace.store.models import Base, UTCDateTime

__all__ = ["ClubSessionRow", "read_states", "write_state"]


class ClubSessionRow(Base):
    """A club session's state (:meth:`tenace.server.club.ClubSession.to_json`), kept so that a restarted
    server goes on with it. The event, its movement and its results are in the store's own tables."""

    __tablename__ = "club_sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    state: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


def write_state(engine: Engine, session_id: str, event_id: int, state: str) -> None:
    """Store (or replace) a session's state."""
    now = dt.datetime.now(dt.UTC)
    with Session(engine) as orm, orm.begin():
        row = orm.get(ClubSessionRow, session_id)
        if row is None:
            orm.add(ClubSessionRow(id=session_id, event_id=event_id, state=state, updated_at=now))
        else:
            row.state, row.updated_at = state, now


def read_states(engine: Engine) -> list[tuple[str, str]]:
    """Every stored session as ``(id, state)``, oldest change first."""
    with Session(engine) as orm:
        query = select(ClubSessionRow.id, ClubSessionRow.state).order_by(ClubSessionRow.updated_at)
        rows = orm.execute(query)
        return [(session_id, state) for session_id, state in rows]
