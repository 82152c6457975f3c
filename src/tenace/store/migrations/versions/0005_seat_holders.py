"""Who holds the seats of the live tables (tenace.server.persistence): a logged-in user's seat at a practice
table, recorded when he creates the table or opens one of its seats, so that his boards (``/me/boards``) and
his access to their replays outlive a restart.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27 10:20:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_seat_holders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=64), nullable=False),
        sa.Column("seat", sa.String(length=1), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["live_tables.id"],
                                name=op.f("fk_live_seat_holders_table_id_live_tables")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_seat_holders")),
        sa.UniqueConstraint("table_id", "seat", "user_id",
                            name=op.f("uq_live_seat_holders_table_id_seat_user_id")),
    )
    op.create_index(op.f("ix_live_seat_holders_user_id"), "live_seat_holders", ["user_id"], unique=False)
    op.create_index(op.f("ix_live_seat_holders_table_id"), "live_seat_holders", ["table_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_live_seat_holders_table_id"), table_name="live_seat_holders")
    op.drop_index(op.f("ix_live_seat_holders_user_id"), table_name="live_seat_holders")
    op.drop_table("live_seat_holders")
