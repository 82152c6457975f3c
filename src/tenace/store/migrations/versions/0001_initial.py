"""Initial schema: events, participants, sessions, movements, results (versioned), confirmations, the audit
trail, penalties, appeals and their decisions, publications.

Revision ID: 0001
Revises: (none)
Create Date: 2026-11-22 07:23:31.967119
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("conditions", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
    )
    op.create_table(
        "appeals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("session_no", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("appellants", sa.Text(), nullable=False),
        sa.Column("concurring", sa.Boolean(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("lodged_by", sa.String(length=200), nullable=False),
        sa.Column("lodged_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_appeals_event_id_events")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_appeals")),
    )
    op.create_index(op.f("ix_appeals_event_id"), "appeals", ["event_id"], unique=False)

    op.create_table(
        "carry_overs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("contestant", sa.String(length=50), nullable=False),
        sa.Column("points", sa.String(length=50), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_carry_overs_event_id_events")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_carry_overs")),
    )
    op.create_index(op.f("ix_carry_overs_event_id"), "carry_overs", ["event_id"], unique=False)

    op.create_table(
        "participants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("contestant", sa.String(length=50), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("phantom", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_participants_event_id_events")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_participants")),
        sa.UniqueConstraint("event_id", "contestant", name=op.f("uq_participants_event_id_contestant")),
    )
    op.create_index(op.f("ix_participants_event_id"), "participants", ["event_id"], unique=False)

    op.create_table(
        "penalties",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("contestant", sa.String(length=50), nullable=False),
        sa.Column("points", sa.String(length=50), nullable=False),
        sa.Column("law", sa.String(length=50), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=True),
        sa.Column("actor", sa.String(length=200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_penalties_event_id_events")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_penalties")),
    )
    op.create_index(op.f("ix_penalties_event_id"), "penalties", ["event_id"], unique=False)

    op.create_table(
        "publications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.Column("actor", sa.String(length=200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_publications_event_id_events")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_publications")),
        sa.UniqueConstraint("event_id", "version", name=op.f("uq_publications_event_id_version")),
    )
    op.create_index(op.f("ix_publications_event_id"), "publications", ["event_id"], unique=False)

    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_sessions_event_id_events")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sessions")),
        sa.UniqueConstraint("event_id", "number", name=op.f("uq_sessions_event_id_number")),
    )
    op.create_index(op.f("ix_sessions_event_id"), "sessions", ["event_id"], unique=False)

    op.create_table(
        "movements",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"], ["sessions.id"], name=op.f("fk_movements_session_id_sessions")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_movements")),
        sa.UniqueConstraint("session_id", "name", name=op.f("uq_movements_session_id_name")),
    )
    op.create_index(op.f("ix_movements_session_id"), "movements", ["session_id"], unique=False)

    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("participant_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(length=50), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("number", sa.String(length=50), nullable=True),
        sa.ForeignKeyConstraint(
            ["participant_id"], ["participants.id"], name=op.f("fk_players_participant_id_participants")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
    )
    op.create_index(op.f("ix_players_participant_id"), "players", ["participant_id"], unique=False)

    op.create_table(
        "results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("ns", sa.String(length=50), nullable=False),
        sa.Column("ew", sa.String(length=50), nullable=False),
        sa.Column("contract", sa.String(length=20), nullable=True),
        sa.Column("tricks", sa.Integer(), nullable=True),
        sa.Column("lead", sa.String(length=3), nullable=True),
        sa.Column("adjusted", sa.Text(), nullable=True),
        sa.Column("group_no", sa.Integer(), nullable=True),
        sa.Column("ns_vulnerable", sa.Boolean(), nullable=True),
        sa.Column("ew_vulnerable", sa.Boolean(), nullable=True),
        sa.Column("entered_by", sa.String(length=200), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("entry_key", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_results_event_id_events")),
        sa.ForeignKeyConstraint(["session_id"], ["sessions.id"], name=op.f("fk_results_session_id_sessions")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_results")),
        sa.UniqueConstraint("event_id", "entry_key", name=op.f("uq_results_event_id_entry_key")),
        sa.UniqueConstraint(
            "session_id",
            "table_no",
            "round_no",
            "board",
            "version",
            name=op.f("uq_results_session_id_table_no_round_no_board_version"),
        ),
    )
    op.create_index(op.f("ix_results_event_id"), "results", ["event_id"], unique=False)

    op.create_table(
        "appeal_decisions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("appeal_id", sa.Integer(), nullable=False),
        sa.Column("decision", sa.Text(), nullable=False),
        sa.Column("actor", sa.String(length=200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("result_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["appeal_id"], ["appeals.id"], name=op.f("fk_appeal_decisions_appeal_id_appeals")
        ),
        sa.ForeignKeyConstraint(
            ["result_id"], ["results.id"], name=op.f("fk_appeal_decisions_result_id_results")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_appeal_decisions")),
        sa.UniqueConstraint("appeal_id", name=op.f("uq_appeal_decisions_appeal_id")),
    )
    op.create_table(
        "changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("actor", sa.String(length=200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("session_no", sa.Integer(), nullable=True),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.Column("round_no", sa.Integer(), nullable=True),
        sa.Column("board", sa.Integer(), nullable=True),
        sa.Column("old_result_id", sa.Integer(), nullable=True),
        sa.Column("new_result_id", sa.Integer(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("law", sa.String(length=50), nullable=True),
        sa.Column("approved_by", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_changes_event_id_events")),
        sa.ForeignKeyConstraint(
            ["new_result_id"], ["results.id"], name=op.f("fk_changes_new_result_id_results")
        ),
        sa.ForeignKeyConstraint(
            ["old_result_id"], ["results.id"], name=op.f("fk_changes_old_result_id_results")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_changes")),
    )
    op.create_index(op.f("ix_changes_event_id"), "changes", ["event_id"], unique=False)

    op.create_table(
        "confirmations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("result_id", sa.Integer(), nullable=False),
        sa.Column("actor", sa.String(length=200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["result_id"], ["results.id"], name=op.f("fk_confirmations_result_id_results")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_confirmations")),
        sa.UniqueConstraint("result_id", name=op.f("uq_confirmations_result_id")),
    )
    op.create_table(
        "seatings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("movement_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("ns", sa.String(length=50), nullable=False),
        sa.Column("ew", sa.String(length=50), nullable=False),
        sa.Column("boards", sa.Text(), nullable=False),
        sa.Column("players", sa.Text(), nullable=True),
        sa.Column("room", sa.String(length=20), nullable=True),
        sa.ForeignKeyConstraint(
            ["movement_id"],
            ["movements.id"],
            name=op.f("fk_seatings_movement_id_movements"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seatings")),
    )
    op.create_index("ix_seatings_slot", "seatings", ["movement_id", "round_no", "table_no"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_seatings_slot", table_name="seatings")
    op.drop_table("seatings")
    op.drop_table("confirmations")
    op.drop_index(op.f("ix_changes_event_id"), table_name="changes")
    op.drop_table("changes")
    op.drop_table("appeal_decisions")
    op.drop_index(op.f("ix_results_event_id"), table_name="results")
    op.drop_table("results")
    op.drop_index(op.f("ix_players_participant_id"), table_name="players")
    op.drop_table("players")
    op.drop_index(op.f("ix_movements_session_id"), table_name="movements")
    op.drop_table("movements")
    op.drop_index(op.f("ix_sessions_event_id"), table_name="sessions")
    op.drop_table("sessions")
    op.drop_index(op.f("ix_publications_event_id"), table_name="publications")
    op.drop_table("publications")
    op.drop_index(op.f("ix_penalties_event_id"), table_name="penalties")
    op.drop_table("penalties")
    op.drop_index(op.f("ix_participants_event_id"), table_name="participants")
    op.drop_table("participants")
    op.drop_index(op.f("ix_carry_overs_event_id"), table_name="carry_overs")
    op.drop_table("carry_overs")
    op.drop_index(op.f("ix_appeals_event_id"), table_name="appeals")
    op.drop_table("appeals")
    op.drop_table("events")
