"""Tournaments: members, entries, entrants, stages, rounds, matches and their games, results

A tournament (issue #13) with its members' roles, the entry list as typed, the
entrants the draw made, its stages, rounds and matches (a table each, or a bye), the
games of the app each match is played as, and one result per match.

Revision ID: 978624aee62a
Revises: e4a7b9c2d6f1
Create Date: 2026-12-01 21:03:59.624982

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '978624aee62a'
down_revision = 'e4a7b9c2d6f1'
branch_labels = None
depends_on = None


def _foreign_keys(on):
    """Switch SQLite's foreign key actions on or off (a no-op on other databases): the
    game table is copied to gain its foreign key, and its hands must not go with it."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.get_context().autocommit_block():
        op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def upgrade():
    op.create_table('tournament',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('public_id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('held_on', sa.Date(), nullable=False),
    sa.Column('organiser_id', sa.Integer(), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=True),
    sa.Column('structure', sa.String(length=16), nullable=False),
    sa.Column('tie_break', sa.JSON(), nullable=False),
    sa.Column('points_win', sa.Integer(), nullable=False),
    sa.Column('points_draw', sa.Integer(), nullable=False),
    sa.Column('points_loss', sa.Integer(), nullable=False),
    sa.Column('points_bye', sa.Integer(), nullable=False),
    sa.Column('entry_fee_cents', sa.Integer(), nullable=False),
    sa.Column('is_public', sa.Boolean(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=True),
    sa.Column('status', sa.String(length=8), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('format_key', sa.String(length=8), nullable=False),
    sa.Column('target', sa.Integer(), nullable=False),
    sa.Column('napola', sa.Boolean(), nullable=False),
    sa.Column('napoleone', sa.Boolean(), nullable=False),
    sa.Column('re_bello', sa.Boolean(), nullable=False),
    sa.CheckConstraint("format_key IN ('2', '3', '2x2', '4', '2x3', '3x2')", name=op.f('ck_tournament_format_key')),
    sa.CheckConstraint("status = 'setup' OR seed IS NOT NULL", name=op.f('ck_tournament_seed_when_drawn')),
    sa.CheckConstraint("status IN ('setup', 'drawn', 'running', 'finished')", name=op.f('ck_tournament_status_known')),
    sa.CheckConstraint("structure IN ('groups_knockout', 'round_robin', 'swiss', 'danish', 'knockout')", name=op.f('ck_tournament_structure_known')),
    sa.CheckConstraint('entry_fee_cents >= 0', name=op.f('ck_tournament_entry_fee')),
    sa.CheckConstraint('points_win >= points_draw AND points_draw >= points_loss AND points_loss >= 0 AND points_bye >= 0', name=op.f('ck_tournament_points_order')),
    sa.CheckConstraint('target BETWEEN 1 AND 999', name=op.f('ck_tournament_target')),
    sa.ForeignKeyConstraint(['league_id'], ['league.id'], name=op.f('fk_tournament_league_id_league'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['organiser_id'], ['user_account.id'], name=op.f('fk_tournament_organiser_id_user_account')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament')),
    sa.UniqueConstraint('public_id', name=op.f('uq_tournament_public_id'))
    )
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_league_id'), ['league_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tournament_organiser_id'), ['organiser_id'], unique=False)

    op.create_table('tournament_entrant',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('first_name', sa.String(length=40), nullable=False),
    sa.Column('second_name', sa.String(length=40), nullable=True),
    sa.Column('club', sa.String(length=60), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=True),
    sa.Column('group_index', sa.Integer(), nullable=True),
    sa.Column('group_place', sa.Integer(), nullable=True),
    sa.CheckConstraint('(group_index IS NULL) = (group_place IS NULL)', name=op.f('ck_tournament_entrant_group_place')),
    sa.CheckConstraint('number >= 1', name=op.f('ck_tournament_entrant_number')),
    sa.CheckConstraint('seed IS NULL OR seed >= 1', name=op.f('ck_tournament_entrant_seed')),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_tournament_entrant_tournament_id_tournament'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_entrant')),
    sa.UniqueConstraint('tournament_id', 'number', name='uq_tournament_entrant_number')
    )
    op.create_table('tournament_entry',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('first_name', sa.String(length=40), nullable=False),
    sa.Column('second_name', sa.String(length=40), nullable=True),
    sa.Column('club', sa.String(length=60), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=True),
    sa.Column('withdrawn', sa.Boolean(), nullable=False),
    sa.CheckConstraint('length(trim(first_name)) > 0', name=op.f('ck_tournament_entry_first_name')),
    sa.CheckConstraint('second_name IS NULL OR length(trim(second_name)) > 0', name=op.f('ck_tournament_entry_second_name')),
    sa.CheckConstraint('seed IS NULL OR seed >= 1', name=op.f('ck_tournament_entry_seed')),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_tournament_entry_tournament_id_tournament'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_entry')),
    sa.UniqueConstraint('tournament_id', 'position', name='uq_tournament_entry_position')
    )
    op.create_table('tournament_member',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=10), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint("role IN ('viewer', 'helper', 'organiser')", name=op.f('ck_tournament_member_role_known')),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_tournament_member_tournament_id_tournament'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user_account.id'], name=op.f('fk_tournament_member_user_id_user_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_member')),
    sa.UniqueConstraint('tournament_id', 'user_id', name='uq_tournament_member_user')
    )
    with op.batch_alter_table('tournament_member', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_member_user_id'), ['user_id'], unique=False)

    op.create_table('tournament_stage',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('target', sa.Integer(), nullable=False),
    sa.Column('final_games', sa.Integer(), nullable=False),
    sa.Column('final_target', sa.Integer(), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=True),
    sa.Column('group_size', sa.Integer(), nullable=True),
    sa.Column('qualifiers', sa.Integer(), nullable=True),
    sa.Column('third_place', sa.Boolean(), nullable=False),
    sa.Column('lines', sa.JSON(), nullable=True),
    sa.CheckConstraint("kind IN ('groups', 'swiss', 'danish', 'knockout')", name=op.f('ck_tournament_stage_kind_known')),
    sa.CheckConstraint('games BETWEEN 1 AND 9 AND final_games BETWEEN 1 AND 9', name=op.f('ck_tournament_stage_games')),
    sa.CheckConstraint('group_size IS NULL OR group_size >= 2', name=op.f('ck_tournament_stage_group_size')),
    sa.CheckConstraint('number >= 1', name=op.f('ck_tournament_stage_number')),
    sa.CheckConstraint('qualifiers IS NULL OR qualifiers >= 1', name=op.f('ck_tournament_stage_qualifiers')),
    sa.CheckConstraint('rounds IS NULL OR rounds >= 1', name=op.f('ck_tournament_stage_rounds')),
    sa.CheckConstraint('target BETWEEN 1 AND 999 AND final_target BETWEEN 1 AND 999', name=op.f('ck_tournament_stage_target')),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_tournament_stage_tournament_id_tournament'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_stage')),
    sa.UniqueConstraint('tournament_id', 'number', name='uq_tournament_stage_number')
    )
    op.create_table('tournament_round',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('stage_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('number >= 1', name=op.f('ck_tournament_round_number')),
    sa.ForeignKeyConstraint(['stage_id'], ['tournament_stage.id'], name=op.f('fk_tournament_round_stage_id_tournament_stage'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_tournament_round_tournament_id_tournament'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_round')),
    sa.UniqueConstraint('stage_id', 'number', name='uq_tournament_round_number')
    )
    with op.batch_alter_table('tournament_round', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_round_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('tournament_match',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=True),
    sa.Column('slot', sa.Integer(), nullable=True),
    sa.Column('group_index', sa.Integer(), nullable=True),
    sa.Column('first_id', sa.Integer(), nullable=False),
    sa.Column('second_id', sa.Integer(), nullable=True),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('target', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.CheckConstraint('(second_id IS NULL) = (table_number IS NULL)', name=op.f('ck_tournament_match_bye_no_table')),
    sa.CheckConstraint('first_id <> second_id', name=op.f('ck_tournament_match_sides_distinct')),
    sa.CheckConstraint('games BETWEEN 1 AND 9', name=op.f('ck_tournament_match_games')),
    sa.CheckConstraint('table_number IS NULL OR table_number >= 1', name=op.f('ck_tournament_match_table_number')),
    sa.CheckConstraint('target BETWEEN 1 AND 999', name=op.f('ck_tournament_match_target')),
    sa.ForeignKeyConstraint(['first_id'], ['tournament_entrant.id'], name=op.f('fk_tournament_match_first_id_tournament_entrant'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['round_id'], ['tournament_round.id'], name=op.f('fk_tournament_match_round_id_tournament_round'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['second_id'], ['tournament_entrant.id'], name=op.f('fk_tournament_match_second_id_tournament_entrant'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_tournament_match_tournament_id_tournament'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_match')),
    sa.UniqueConstraint('round_id', 'slot', name='uq_tournament_match_slot'),
    sa.UniqueConstraint('round_id', 'table_number', name='uq_tournament_match_table')
    )
    with op.batch_alter_table('tournament_match', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_match_first_id'), ['first_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tournament_match_second_id'), ['second_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tournament_match_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('tournament_match_game',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.CheckConstraint('number >= 1', name=op.f('ck_tournament_match_game_number')),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_tournament_match_game_game_id_game'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['match_id'], ['tournament_match.id'], name=op.f('fk_tournament_match_game_match_id_tournament_match'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_match_game')),
    sa.UniqueConstraint('game_id', name=op.f('uq_tournament_match_game_game_id')),
    sa.UniqueConstraint('match_id', 'number', name='uq_tournament_match_game_number')
    )
    op.create_table('tournament_match_result',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('winner_id', sa.Integer(), nullable=True),
    sa.Column('wins_first', sa.Integer(), nullable=False),
    sa.Column('wins_second', sa.Integer(), nullable=False),
    sa.Column('points_first', sa.Integer(), nullable=False),
    sa.Column('points_second', sa.Integer(), nullable=False),
    sa.Column('by_hand', sa.Boolean(), nullable=False),
    sa.Column('entered_by_id', sa.Integer(), nullable=True),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('wins_first >= 0 AND wins_second >= 0 AND points_first >= 0 AND points_second >= 0', name=op.f('ck_tournament_match_result_counts')),
    sa.ForeignKeyConstraint(['entered_by_id'], ['user_account.id'], name=op.f('fk_tournament_match_result_entered_by_id_user_account'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['match_id'], ['tournament_match.id'], name=op.f('fk_tournament_match_result_match_id_tournament_match'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['winner_id'], ['tournament_entrant.id'], name=op.f('fk_tournament_match_result_winner_id_tournament_entrant'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_match_result')),
    sa.UniqueConstraint('match_id', name=op.f('uq_tournament_match_result_match_id'))
    )
    # A tournament's games say so themselves: every save of any game asks whether it is
    # a tournament's, and a casual game answers from its own row, with no query.
    _foreign_keys(False)
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('tournament_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f('fk_game_tournament_id_tournament'), 'tournament',
            ['tournament_id'], ['id'], ondelete='SET NULL',
        )
    _foreign_keys(True)


def downgrade():
    _foreign_keys(False)
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_game_tournament_id_tournament'), type_='foreignkey')
        batch_op.drop_column('tournament_id')
    _foreign_keys(True)
    op.drop_table('tournament_match_result')
    op.drop_table('tournament_match_game')
    with op.batch_alter_table('tournament_match', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_match_tournament_id'))
        batch_op.drop_index(batch_op.f('ix_tournament_match_second_id'))
        batch_op.drop_index(batch_op.f('ix_tournament_match_first_id'))

    op.drop_table('tournament_match')
    with op.batch_alter_table('tournament_round', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_round_tournament_id'))

    op.drop_table('tournament_round')
    op.drop_table('tournament_stage')
    with op.batch_alter_table('tournament_member', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_member_user_id'))

    op.drop_table('tournament_member')
    op.drop_table('tournament_entry')
    op.drop_table('tournament_entrant')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_organiser_id'))
        batch_op.drop_index(batch_op.f('ix_tournament_league_id'))

    op.drop_table('tournament')
