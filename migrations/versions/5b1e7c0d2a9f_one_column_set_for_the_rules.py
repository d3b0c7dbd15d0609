"""One column set for the rules: league.format becomes format_key, constraints as a game's

A league stores its default rules in the same columns, under the same CHECK
constraint names, as a game (`scorekeeper.games.models.RulesColumns`): the
column ``format`` is renamed ``format_key``, ``ck_league_target_range`` becomes
``ck_league_target`` and ``ck_league_format_known`` ``ck_league_format_key``.
The rows are kept as they are.

On SQLite the batch copies the table and drops the old one; foreign key actions
are switched off meanwhile (outside the transaction, where SQLite allows it) so
that dropping it does not cascade into the league's members, players and games.

Revision ID: 5b1e7c0d2a9f
Revises: a04e89dabf4e
Create Date: 2026-12-01 15:10:00.000000

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = '5b1e7c0d2a9f'
down_revision = 'a04e89dabf4e'
branch_labels = None
depends_on = None

# The formats and targets known when this migration was written (RULES.md).
FORMAT_KEYS = "'2', '3', '2x2', '4', '2x3', '3x2'"
TARGET_CHECK = "target BETWEEN 1 AND 999"


def _foreign_keys(on):
    """Switch SQLite's foreign key actions on or off (a no-op on other databases)."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.get_context().autocommit_block():
        op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def _rename(old_column, new_column, old_names, new_names):
    _foreign_keys(False)
    with op.batch_alter_table('league', schema=None) as batch_op:
        for name in old_names:
            batch_op.drop_constraint(op.f(name), type_='check')
        batch_op.alter_column(old_column, new_column_name=new_column)
        batch_op.create_check_constraint(op.f(new_names[0]), f"{new_column} IN ({FORMAT_KEYS})")
        batch_op.create_check_constraint(op.f(new_names[1]), TARGET_CHECK)
    _foreign_keys(True)


def upgrade():
    _rename(
        'format',
        'format_key',
        ('ck_league_format_known', 'ck_league_target_range'),
        ('ck_league_format_key', 'ck_league_target'),
    )


def downgrade():
    _rename(
        'format_key',
        'format',
        ('ck_league_format_key', 'ck_league_target'),
        ('ck_league_format_known', 'ck_league_target_range'),
    )
