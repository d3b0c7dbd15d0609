"""League imports in short transactions: league.importing, league_import

A league being imported stays hidden (``importing``) until its last transaction;
each running import has a ``league_import`` row: one per user, in one of a few
slots, with a heartbeat so that a killed worker's import is swept.

Revision ID: c3d9e1f4a7b2
Revises: 3c8e1f4a9b27
Create Date: 2026-12-01 17:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c3d9e1f4a7b2'
down_revision = '3c8e1f4a9b27'
branch_labels = None
depends_on = None


def _foreign_keys(on):
    """Switch SQLite's foreign key actions on or off (a no-op on other databases): batch
    mode rebuilds `league`, and dropping the old table must not cascade to its rows."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.get_context().autocommit_block():
        op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def upgrade():
    _foreign_keys(False)
    with op.batch_alter_table('league', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('importing', sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    _foreign_keys(True)
    op.create_table('league_import',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('slot', sa.Integer(), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=True),
    sa.Column('games_done', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('heartbeat_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('slot >= 0', name=op.f('ck_league_import_slot_natural')),
    sa.ForeignKeyConstraint(['league_id'], ['league.id'], name=op.f('fk_league_import_league_id_league'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user_account.id'], name=op.f('fk_league_import_user_id_user_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_league_import')),
    sa.UniqueConstraint('slot', name=op.f('uq_league_import_slot')),
    sa.UniqueConstraint('user_id', name=op.f('uq_league_import_user_id'))
    )
    with op.batch_alter_table('league_import', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_league_import_heartbeat_at'), ['heartbeat_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_league_import_league_id'), ['league_id'], unique=False)


def downgrade():
    with op.batch_alter_table('league_import', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_league_import_league_id'))
        batch_op.drop_index(batch_op.f('ix_league_import_heartbeat_at'))
    op.drop_table('league_import')
    _foreign_keys(False)
    with op.batch_alter_table('league', schema=None) as batch_op:
        batch_op.drop_column('importing')
    _foreign_keys(True)
