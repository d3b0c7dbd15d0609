"""League imports in the background: league_import keeps the file, its progress, its outcome

An import now runs outside the request that uploaded it: the job row holds the file
(``document``, validated JSON), the games to write (``games_total``) beside the games
written (``games_done``), and its outcome (``status``, with ``error`` when it failed),
so that a progress page on any worker can follow it. A finished job gives its slot
back (``slot`` NULL) and stays until its user's next import.

Revision ID: e4a7b9c2d6f1
Revises: c3d9e1f4a7b2
Create Date: 2026-12-01 18:20:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e4a7b9c2d6f1'
down_revision = 'c3d9e1f4a7b2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('league_import', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('status', sa.String(length=8), server_default='running', nullable=False)
        )
        batch_op.add_column(
            sa.Column('games_total', sa.Integer(), server_default='0', nullable=False)
        )
        batch_op.add_column(sa.Column('document', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('error', sa.JSON(), nullable=True))
        batch_op.alter_column('slot', existing_type=sa.Integer(), nullable=True)
        batch_op.create_check_constraint(
            batch_op.f('ck_league_import_status_known'),
            "status IN ('running', 'done', 'failed')",
        )
        batch_op.create_check_constraint(
            batch_op.f('ck_league_import_slot_while_running'),
            "(status = 'running') = (slot IS NOT NULL)",
        )


def downgrade():
    op.execute("DELETE FROM league_import WHERE status <> 'running'")
    with op.batch_alter_table('league_import', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_league_import_slot_while_running'), type_='check')
        batch_op.drop_constraint(batch_op.f('ck_league_import_status_known'), type_='check')
        batch_op.alter_column('slot', existing_type=sa.Integer(), nullable=False)
        batch_op.drop_column('error')
        batch_op.drop_column('document')
        batch_op.drop_column('games_total')
        batch_op.drop_column('status')
