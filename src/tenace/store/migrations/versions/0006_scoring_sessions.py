"""Face-to-face sessions scored from the tables' devices (tenace.server.table_scoring): each session's name,
boards, options and the nonce of its tables' links, as JSON. The event, movement and results (with their
idempotency keys) are in the tables of revision 0001.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27 12:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "scoring_sessions",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"],
                                name=op.f("fk_scoring_sessions_event_id_events")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scoring_sessions")),
    )
    op.create_index(op.f("ix_scoring_sessions_event_id"), "scoring_sessions", ["event_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_scoring_sessions_event_id"), table_name="scoring_sessions")
    op.drop_table("scoring_sessions")
