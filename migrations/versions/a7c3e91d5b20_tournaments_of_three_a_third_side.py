"""Tournaments of three: a third side at a match and in its result

The 3-player format (issue #13) seats three entrants at a table: the match gains a
nullable third side, its result the third side's partite and game points. A match
keeps a copy of its tournament's format, held to it by a foreign key on (tournament,
format), so a CHECK can say that a third side is set exactly on the tables of a
3-player tournament.

Revision ID: a7c3e91d5b20
Revises: 978624aee62a
Create Date: 2026-12-02 19:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a7c3e91d5b20'
down_revision = '978624aee62a'
branch_labels = None
depends_on = None


def _foreign_keys(on):
    """Switch SQLite's foreign key actions off while a table is copied (a no-op on
    other databases): dropping the old copy must not take its results and games."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.get_context().autocommit_block():
        op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def upgrade():
    _foreign_keys(False)
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.create_unique_constraint('uq_tournament_format', ['id', 'format_key'])
    with op.batch_alter_table('tournament_match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('third_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('format_key', sa.String(length=8), nullable=True))
    op.execute(
        "UPDATE tournament_match SET format_key = (SELECT tournament.format_key"
        " FROM tournament WHERE tournament.id = tournament_match.tournament_id)"
    )
    with op.batch_alter_table('tournament_match', schema=None) as batch_op:
        batch_op.alter_column('format_key', existing_type=sa.String(length=8), nullable=False)
        batch_op.create_index(batch_op.f('ix_tournament_match_third_id'), ['third_id'], unique=False)
        batch_op.create_foreign_key(
            batch_op.f('fk_tournament_match_third_id_tournament_entrant'), 'tournament_entrant',
            ['third_id'], ['id'], ondelete='CASCADE',
        )
        batch_op.create_foreign_key(
            'fk_tournament_match_format', 'tournament',
            ['tournament_id', 'format_key'], ['id', 'format_key'], ondelete='CASCADE',
        )
        batch_op.create_check_constraint(
            op.f('ck_tournament_match_third_distinct'), 'third_id <> first_id AND third_id <> second_id'
        )
        batch_op.create_check_constraint(
            op.f('ck_tournament_match_third_when_three'),
            "(third_id IS NOT NULL) = (format_key = '3' AND second_id IS NOT NULL)",
        )
    with op.batch_alter_table('tournament_match_result', schema=None) as batch_op:
        batch_op.add_column(sa.Column('wins_third', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('points_third', sa.Integer(), nullable=True))
        batch_op.create_check_constraint(
            op.f('ck_tournament_match_result_third_counts'),
            "(wins_third IS NULL) = (points_third IS NULL)"
            " AND (wins_third IS NULL OR (wins_third >= 0 AND points_third >= 0))",
        )
    _foreign_keys(True)


def downgrade():
    _foreign_keys(False)
    with op.batch_alter_table('tournament_match_result', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_tournament_match_result_third_counts'), type_='check')
        batch_op.drop_column('points_third')
        batch_op.drop_column('wins_third')
    with op.batch_alter_table('tournament_match', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_tournament_match_third_when_three'), type_='check')
        batch_op.drop_constraint(batch_op.f('ck_tournament_match_third_distinct'), type_='check')
        batch_op.drop_constraint('fk_tournament_match_format', type_='foreignkey')
        batch_op.drop_constraint(
            batch_op.f('fk_tournament_match_third_id_tournament_entrant'), type_='foreignkey'
        )
        batch_op.drop_index(batch_op.f('ix_tournament_match_third_id'))
        batch_op.drop_column('format_key')
        batch_op.drop_column('third_id')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_constraint('uq_tournament_format', type_='unique')
    _foreign_keys(True)
