"""Live tables of the online server (tenace.server.persistence): the tables, the boards played at each, and
every event of each board's record, stored before it is acknowledged.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 07:50:07.231566
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('live_tables',
    sa.Column('id', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('policy', sa.String(length=20), nullable=False),
    sa.Column('seats', sa.Text(), nullable=False),
    sa.Column('director_token', sa.String(length=64), nullable=True),
    sa.Column('boards_max', sa.Integer(), nullable=True),
    sa.Column('club', sa.Text(), nullable=True),
    sa.Column('closed', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_live_tables'))
    )
    op.create_table('live_boards',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=64), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('board', sa.Text(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('score_ns', sa.Integer(), nullable=True),
    sa.Column('contract', sa.String(length=10), nullable=True),
    sa.Column('tricks', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['table_id'], ['live_tables.id'],
                            name=op.f('fk_live_boards_table_id_live_tables')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_live_boards')),
    sa.UniqueConstraint('table_id', 'position', name=op.f('uq_live_boards_table_id_position'))
    )
    with op.batch_alter_table('live_boards', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_live_boards_table_id'), ['table_id'], unique=False)

    op.create_table('live_events',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=64), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('event', sa.Text(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['live_tables.id'],
                            name=op.f('fk_live_events_table_id_live_tables')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_live_events')),
    sa.UniqueConstraint('table_id', 'position', 'seq', name=op.f('uq_live_events_table_id_position_seq'))
    )
    with op.batch_alter_table('live_events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_live_events_table_id'), ['table_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('live_events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_live_events_table_id'))

    op.drop_table('live_events')
    with op.batch_alter_table('live_boards', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_live_boards_table_id'))

    op.drop_table('live_boards')
    op.drop_table('live_tables')
