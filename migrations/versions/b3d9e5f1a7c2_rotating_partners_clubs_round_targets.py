"""Rotating partners, club against club, a semifinal's target and a winning margin

Two new structures and stage kinds (the structure and kind CHECKs widened): rotating
partners (players entered alone, a new partner every round) and club against club. A
match of rotating partners seats two players a side: tournament_match gains
first_partner_id and second_partner_id (both or neither; foreign keys ON DELETE
CASCADE). A knockout stage may give its semifinals their own target
(tournament_stage.semifinal_target, NULL: the stage's), and a tournament a margin its
partite are won by (tournament.margin, 0: none; "ai 15 con 2 di scarto": 2).

Revision ID: b3d9e5f1a7c2
Revises: a7c3e5f1b9d2
Create Date: 2026-12-06 11:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b3d9e5f1a7c2'
down_revision = 'a7c3e5f1b9d2'
branch_labels = None
depends_on = None

OLD_STRUCTURES = ('groups_knockout', 'round_robin', 'swiss', 'danish', 'knockout')
NEW_STRUCTURES = OLD_STRUCTURES + ('rotating', 'clubs')
OLD_KINDS = ('groups', 'swiss', 'danish', 'knockout')
NEW_KINDS = OLD_KINDS + ('rotating', 'clubs')
PARTNERS = (
    "(first_partner_id IS NULL) = (second_partner_id IS NULL)"
    " AND (first_partner_id IS NULL OR (second_id IS NOT NULL AND third_id IS NULL))"
)


def _in(column, values):
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


def _foreign_keys(on):
    """Switch SQLite's foreign key actions off while a table is copied (a no-op on
    other databases): dropping the old copy must not take its rows' children with it."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.get_context().autocommit_block():
        op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def upgrade():
    _foreign_keys(False)
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('margin', sa.Integer(), server_default='0', nullable=False))
        batch_op.create_check_constraint(batch_op.f('ck_tournament_margin'), 'margin BETWEEN 0 AND 9')
        batch_op.drop_constraint(batch_op.f('ck_tournament_structure_known'), type_='check')
        batch_op.create_check_constraint(
            batch_op.f('ck_tournament_structure_known'), _in('structure', NEW_STRUCTURES)
        )
    with op.batch_alter_table('tournament_stage', schema=None) as batch_op:
        batch_op.add_column(sa.Column('semifinal_target', sa.Integer(), nullable=True))
        batch_op.create_check_constraint(
            batch_op.f('ck_tournament_stage_semifinal_target'),
            'semifinal_target IS NULL OR semifinal_target BETWEEN 1 AND 999',
        )
        batch_op.drop_constraint(batch_op.f('ck_tournament_stage_kind_known'), type_='check')
        batch_op.create_check_constraint(
            batch_op.f('ck_tournament_stage_kind_known'), _in('kind', NEW_KINDS)
        )
    with op.batch_alter_table('tournament_match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('first_partner_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('second_partner_id', sa.Integer(), nullable=True))
        batch_op.create_index(
            batch_op.f('ix_tournament_match_first_partner_id'), ['first_partner_id'], unique=False
        )
        batch_op.create_index(
            batch_op.f('ix_tournament_match_second_partner_id'), ['second_partner_id'], unique=False
        )
        batch_op.create_foreign_key(
            batch_op.f('fk_tournament_match_first_partner_id_tournament_entrant'),
            'tournament_entrant', ['first_partner_id'], ['id'], ondelete='CASCADE',
        )
        batch_op.create_foreign_key(
            batch_op.f('fk_tournament_match_second_partner_id_tournament_entrant'),
            'tournament_entrant', ['second_partner_id'], ['id'], ondelete='CASCADE',
        )
        batch_op.create_check_constraint(batch_op.f('ck_tournament_match_partners'), PARTNERS)
    _foreign_keys(True)


def downgrade():
    op.execute("DELETE FROM tournament WHERE " + _in('structure', NEW_STRUCTURES[len(OLD_STRUCTURES):]))
    _foreign_keys(False)
    with op.batch_alter_table('tournament_match', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_tournament_match_partners'), type_='check')
        batch_op.drop_constraint(
            batch_op.f('fk_tournament_match_second_partner_id_tournament_entrant'), type_='foreignkey'
        )
        batch_op.drop_constraint(
            batch_op.f('fk_tournament_match_first_partner_id_tournament_entrant'), type_='foreignkey'
        )
        batch_op.drop_index(batch_op.f('ix_tournament_match_second_partner_id'))
        batch_op.drop_index(batch_op.f('ix_tournament_match_first_partner_id'))
        batch_op.drop_column('second_partner_id')
        batch_op.drop_column('first_partner_id')
    with op.batch_alter_table('tournament_stage', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_tournament_stage_kind_known'), type_='check')
        batch_op.create_check_constraint(
            batch_op.f('ck_tournament_stage_kind_known'), _in('kind', OLD_KINDS)
        )
        batch_op.drop_constraint(batch_op.f('ck_tournament_stage_semifinal_target'), type_='check')
        batch_op.drop_column('semifinal_target')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_tournament_structure_known'), type_='check')
        batch_op.create_check_constraint(
            batch_op.f('ck_tournament_structure_known'), _in('structure', OLD_STRUCTURES)
        )
        batch_op.drop_constraint(batch_op.f('ck_tournament_margin'), type_='check')
        batch_op.drop_column('margin')
    _foreign_keys(True)
