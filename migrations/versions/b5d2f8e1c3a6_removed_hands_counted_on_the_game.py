"""Removed hands counted on the game: game.removed_count

A board lists the hands removed or undone (their "delete" revisions), so a hand
removed by mistake can be entered again; most games never lose one. The game's row
now says how many it lost, kept by the removal in the same transaction, so a board
reads the revisions only when there are some: one statement less on every board.
Existing games get their count from their revisions.

Revision ID: b5d2f8e1c3a6
Revises: a7c3e91d5b20
Create Date: 2026-12-03 15:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b5d2f8e1c3a6'
down_revision = 'a7c3e91d5b20'
branch_labels = None
depends_on = None


def _foreign_keys(on):
    """Switch SQLite's foreign key actions off while the game table is copied (a no-op
    on other databases): dropping the old copy must not take its hands with it."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.get_context().autocommit_block():
        op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def upgrade():
    _foreign_keys(False)
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('removed_count', sa.Integer(), server_default='0', nullable=False)
        )
        batch_op.create_check_constraint(batch_op.f('ck_game_removed_count'), 'removed_count >= 0')
    _foreign_keys(True)
    op.execute(
        "UPDATE game SET removed_count = (SELECT count(*) FROM hand_revision"
        " WHERE hand_revision.game_id = game.id AND hand_revision.action = 'delete')"
    )


def downgrade():
    _foreign_keys(False)
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_game_removed_count'), type_='check')
        batch_op.drop_column('removed_count')
    _foreign_keys(True)
