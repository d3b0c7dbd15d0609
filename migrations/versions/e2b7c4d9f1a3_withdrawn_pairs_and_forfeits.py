"""Withdrawn pairs and forfeits: tournament_entrant.withdrawn_rounds,
tournament_match_result.forfeit

A pair that leaves mid-tournament is withdrawn: the entrant says how many rounds the
tournament had then (NULL: playing on), and its remaining matches are lost by forfeit
("a tavolino"), a result marked as such.

Revision ID: e2b7c4d9f1a3
Revises: d8f1a2b3c4e5
Create Date: 2026-12-06 08:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e2b7c4d9f1a3'
down_revision = 'd8f1a2b3c4e5'
branch_labels = None
depends_on = None


def _foreign_keys(on):
    """Switch SQLite's foreign key actions off while the entrant table is copied (a no-op
    on other databases): dropping the old copy must not take its matches with it."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.get_context().autocommit_block():
        op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def upgrade():
    _foreign_keys(False)
    with op.batch_alter_table('tournament_entrant', schema=None) as batch_op:
        batch_op.add_column(sa.Column('withdrawn_rounds', sa.Integer(), nullable=True))
        batch_op.create_check_constraint(
            batch_op.f('ck_tournament_entrant_withdrawn'),
            'withdrawn_rounds IS NULL OR withdrawn_rounds >= 1',
        )
    _foreign_keys(True)
    op.add_column(
        'tournament_match_result',
        sa.Column('forfeit', sa.Boolean(), server_default=sa.false(), nullable=False),
    )


def downgrade():
    op.drop_column('tournament_match_result', 'forfeit')
    _foreign_keys(False)
    with op.batch_alter_table('tournament_entrant', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_tournament_entrant_withdrawn'), type_='check')
        batch_op.drop_column('withdrawn_rounds')
    _foreign_keys(True)
