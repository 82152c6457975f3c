"""Club sessions of the online server (tenace.server.club): each session's state as JSON (its boards, players,
rounds and live tables), so that a restarted server goes on with it. The event, its movement and its results
are in the tables of revision 0001.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 08:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "club_sessions",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_club_sessions_event_id_events")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_sessions")),
    )
    op.create_index(op.f("ix_club_sessions_event_id"), "club_sessions", ["event_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_club_sessions_event_id"), table_name="club_sessions")
    op.drop_table("club_sessions")
