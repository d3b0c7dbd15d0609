"""A margin in every game's and league's rules ("ai 15 con 2 di scarto"), and a knockout's
targets for its quarterfinals and third-place match

game.margin and league.margin: the lead a side needs at the target, 1 (none) for every
row stored before, with a CHECK from 1 to 9. The tournament keeps the margin column it
had (0 or 2; 0 reads as none). tournament_stage gains quarterfinal_target and
third_place_target, null (the stage's target) for every stage stored before.

Revision ID: b8e4d2a6c1f3
Revises: b8e2f4a6c1d3
Create Date: 2026-12-06 14:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b8e4d2a6c1f3'
down_revision = 'b8e2f4a6c1d3'
branch_labels = None
depends_on = None

TABLES = ("game", "league")
TARGETS = ("quarterfinal_target", "third_place_target")


def _foreign_keys(on):
    """Switch SQLite's foreign key actions off while tables are copied (a no-op on other
    databases): dropping the old copy of a game, league or stage must not take the rows
    that point at it with it (their hands, revisions, games, rounds)."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.get_context().autocommit_block():
        op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def upgrade():
    _foreign_keys(False)
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(
                sa.Column('margin', sa.Integer(), nullable=False, server_default='1')
            )
            batch_op.create_check_constraint(
                batch_op.f(f'ck_{table}_margin'), 'margin BETWEEN 1 AND 9'
            )
    with op.batch_alter_table('tournament_stage', schema=None) as batch_op:
        for name in TARGETS:
            batch_op.add_column(sa.Column(name, sa.Integer(), nullable=True))
            batch_op.create_check_constraint(
                batch_op.f(f'ck_tournament_stage_{name}'),
                f'{name} IS NULL OR {name} BETWEEN 1 AND 999',
            )
    _foreign_keys(True)


def downgrade():
    _foreign_keys(False)
    with op.batch_alter_table('tournament_stage', schema=None) as batch_op:
        for name in TARGETS:
            batch_op.drop_constraint(batch_op.f(f'ck_tournament_stage_{name}'), type_='check')
            batch_op.drop_column(name)
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_constraint(batch_op.f(f'ck_{table}_margin'), type_='check')
            batch_op.drop_column('margin')
    _foreign_keys(True)
