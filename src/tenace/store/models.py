"""The tables (SQLAlchemy 2 ORM). The Alembic migrations in ``migrations/versions`` create exactly these;
a test compares the two, so a change here needs a new migration (see docs/storage.md).

Results are append-only: a correction is a new row with the next ``version`` for the same slot, and a
confirmation is a row of its own, so a stored result row is never updated or deleted.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import (
    Boolean,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[dt.datetime]):
    """A moment in UTC. Naive datetimes are taken to be UTC already; aware ones are converted. Values come
    back aware (UTC) from SQLite and PostgreSQL alike."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        return to_utc(value)

    def process_result_value(self, value: dt.datetime | None, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        return to_utc(value)


def to_utc(moment: dt.datetime) -> dt.datetime:
    """The same moment, aware, in UTC (a naive datetime is taken to be UTC)."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class EventRow(Base):
    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(20))
    conditions: Mapped[str] = mapped_column(Text)
    """:func:`tenace.store.codec.encode_conditions`."""
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)

    participants: Mapped[list[ParticipantRow]] = relationship(
        order_by="ParticipantRow.position", cascade="all, delete-orphan"
    )
    sessions: Mapped[list[SessionRow]] = relationship(
        order_by="SessionRow.number", cascade="all, delete-orphan"
    )
    carry_overs: Mapped[list[CarryOverRow]] = relationship(
        order_by="CarryOverRow.position", cascade="all, delete-orphan"
    )


class ParticipantRow(Base):
    __tablename__ = "participants"
    __table_args__ = (UniqueConstraint("event_id", "contestant"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    contestant: Mapped[str] = mapped_column(String(50))
    name: Mapped[str] = mapped_column(String(200))
    phantom: Mapped[bool] = mapped_column(Boolean)

    players: Mapped[list[PlayerRow]] = relationship(
        order_by="PlayerRow.position", cascade="all, delete-orphan"
    )


class PlayerRow(Base):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    participant_id: Mapped[int] = mapped_column(ForeignKey("participants.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(50))
    name: Mapped[str] = mapped_column(String(200))
    number: Mapped[str | None] = mapped_column(String(50))


class CarryOverRow(Base):
    __tablename__ = "carry_overs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    contestant: Mapped[str] = mapped_column(String(50))
    points: Mapped[str] = mapped_column(String(50))


class SessionRow(Base):
    __tablename__ = "sessions"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)

    movements: Mapped[list[MovementRow]] = relationship(
        order_by="MovementRow.position", cascade="all, delete-orphan"
    )


class MovementRow(Base):
    __tablename__ = "movements"
    __table_args__ = (UniqueConstraint("session_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text)

    seatings: Mapped[list[SeatingRow]] = relationship(
        order_by="SeatingRow.position", cascade="all, delete-orphan"
    )


class SeatingRow(Base):
    __tablename__ = "seatings"
    __table_args__ = (Index("ix_seatings_slot", "movement_id", "round_no", "table_no"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    movement_id: Mapped[int] = mapped_column(ForeignKey("movements.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    round_no: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    ns: Mapped[str] = mapped_column(String(50))
    ew: Mapped[str] = mapped_column(String(50))
    boards: Mapped[str] = mapped_column(Text)
    """Comma-separated board numbers."""
    players: Mapped[str | None] = mapped_column(Text)
    """A JSON list of four contestants (North, East, South, West) in an individual movement."""
    room: Mapped[str | None] = mapped_column(String(20))


class ResultRow(Base):
    """One version of one slot's result. Never updated: a correction is the next version."""

    __tablename__ = "results"
    __table_args__ = (
        UniqueConstraint("session_id", "table_no", "round_no", "board", "version"),
        UniqueConstraint("event_id", "entry_key"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"))
    table_no: Mapped[int] = mapped_column(Integer)
    round_no: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    ns: Mapped[str] = mapped_column(String(50))
    ew: Mapped[str] = mapped_column(String(50))
    contract: Mapped[str | None] = mapped_column(String(20))
    """``str(Contract)`` (``"4SXN"``), or NULL when passed out or adjusted."""
    tricks: Mapped[int | None] = mapped_column(Integer)
    lead: Mapped[str | None] = mapped_column(String(3))
    adjusted: Mapped[str | None] = mapped_column(Text)
    """:func:`tenace.store.codec.encode_adjustment`."""
    group_no: Mapped[int | None] = mapped_column(Integer)
    ns_vulnerable: Mapped[bool | None] = mapped_column(Boolean)
    ew_vulnerable: Mapped[bool | None] = mapped_column(Boolean)
    entered_by: Mapped[str] = mapped_column(String(200))
    entered_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    entry_key: Mapped[str | None] = mapped_column(String(200))


class ConfirmationRow(Base):
    """The opponents' confirmation of one result version."""

    __tablename__ = "confirmations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("results.id"), unique=True)
    actor: Mapped[str] = mapped_column(String(200))
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


class ChangeRow(Base):
    """The audit trail: one row per call that changed something."""

    __tablename__ = "changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    action: Mapped[str] = mapped_column(String(20))
    actor: Mapped[str] = mapped_column(String(200))
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    session_no: Mapped[int | None] = mapped_column(Integer)
    table_no: Mapped[int | None] = mapped_column(Integer)
    round_no: Mapped[int | None] = mapped_column(Integer)
    board: Mapped[int | None] = mapped_column(Integer)
    old_result_id: Mapped[int | None] = mapped_column(ForeignKey("results.id"))
    new_result_id: Mapped[int | None] = mapped_column(ForeignKey("results.id"))
    reason: Mapped[str | None] = mapped_column(Text)
    law: Mapped[str | None] = mapped_column(String(50))
    approved_by: Mapped[str | None] = mapped_column(String(200))


class PenaltyRow(Base):
    __tablename__ = "penalties"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    contestant: Mapped[str] = mapped_column(String(50))
    points: Mapped[str] = mapped_column(String(50))
    law: Mapped[str] = mapped_column(String(50))
    reason: Mapped[str] = mapped_column(Text)
    board: Mapped[int | None] = mapped_column(Integer)
    actor: Mapped[str] = mapped_column(String(200))
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


class AppealRow(Base):
    __tablename__ = "appeals"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    session_no: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    round_no: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    appellants: Mapped[str] = mapped_column(Text)
    """A JSON list of names."""
    concurring: Mapped[bool] = mapped_column(Boolean)
    reason: Mapped[str] = mapped_column(Text)
    lodged_by: Mapped[str] = mapped_column(String(200))
    lodged_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


class AppealDecisionRow(Base):
    """The decision on an appeal (Law 93): a row of its own, so the appeal row is never updated."""

    __tablename__ = "appeal_decisions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    appeal_id: Mapped[int] = mapped_column(ForeignKey("appeals.id"), unique=True)
    decision: Mapped[str] = mapped_column(Text)
    actor: Mapped[str] = mapped_column(String(200))
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    result_id: Mapped[int | None] = mapped_column(ForeignKey("results.id"))


class PublicationRow(Base):
    __tablename__ = "publications"
    __table_args__ = (UniqueConstraint("event_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    document: Mapped[str] = mapped_column(Text)
    actor: Mapped[str] = mapped_column(String(200))
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
