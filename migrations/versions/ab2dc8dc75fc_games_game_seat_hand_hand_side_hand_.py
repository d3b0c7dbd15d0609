"""games: game, seat, hand, hand_side, hand_revision

A game at the table with its seats and hands; each hand's raw entry (JSON), the
scoring package's result per side (hand_side, with CHECKs on every range), and
the history of every change (hand_revision).

Revision ID: ab2dc8dc75fc
Revises: 
Create Date: 2026-11-30 00:09:00.372115

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'ab2dc8dc75fc'
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('game',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('view_token', sa.String(length=64), nullable=False),
    sa.Column('edit_token_hash', sa.String(length=64), nullable=False),
    sa.Column('format_key', sa.String(length=8), nullable=False),
    sa.Column('target', sa.Integer(), nullable=False),
    sa.Column('napola', sa.Boolean(), nullable=False),
    sa.Column('napoleone', sa.Boolean(), nullable=False),
    sa.Column('re_bello', sa.Boolean(), nullable=False),
    sa.Column('first_dealer', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('winner_side', sa.Integer(), nullable=True),
    sa.Column('rematch_of_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint("format_key IN ('2', '3', '2x2', '4', '2x3', '3x2')", name=op.f('ck_game_format_key')),
    sa.CheckConstraint('first_dealer >= 0', name=op.f('ck_game_first_dealer')),
    sa.CheckConstraint('target BETWEEN 1 AND 999', name=op.f('ck_game_target')),
    sa.CheckConstraint('version >= 1', name=op.f('ck_game_version')),
    sa.CheckConstraint('winner_side IS NULL OR winner_side >= 0', name=op.f('ck_game_winner_side')),
    sa.ForeignKeyConstraint(['rematch_of_id'], ['game.id'], name=op.f('fk_game_rematch_of_id_game'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game')),
    sa.UniqueConstraint('edit_token_hash', name=op.f('uq_game_edit_token_hash')),
    sa.UniqueConstraint('view_token', name=op.f('uq_game_view_token'))
    )
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_rematch_of_id'), ['rematch_of_id'], unique=False)

    op.create_table('hand',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('request_id', sa.String(length=64), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('entry', sa.JSON(), nullable=False),
    sa.Column('napoleone_side', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint("mode IN ('counts', 'cards')", name=op.f('ck_hand_mode')),
    sa.CheckConstraint('napoleone_side IS NULL OR napoleone_side >= 0', name=op.f('ck_hand_napoleone_side')),
    sa.CheckConstraint('number >= 1', name=op.f('ck_hand_number')),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_hand_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hand')),
    sa.UniqueConstraint('game_id', 'number', name='uq_hand_game_id_number'),
    sa.UniqueConstraint('game_id', 'request_id', name='uq_hand_game_id_request_id')
    )
    op.create_table('seat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('side', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.CheckConstraint('length(trim(name)) > 0', name=op.f('ck_seat_name')),
    sa.CheckConstraint('seat >= 0', name=op.f('ck_seat_seat')),
    sa.CheckConstraint('side >= 0 AND side <= seat', name=op.f('ck_seat_side')),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_seat_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_seat')),
    sa.UniqueConstraint('game_id', 'seat', name='uq_seat_game_id_seat')
    )
    op.create_table('hand_revision',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('hand_id', sa.Integer(), nullable=True),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('action', sa.String(length=8), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('entry', sa.JSON(), nullable=False),
    sa.Column('totals', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint("action IN ('create', 'edit', 'delete')", name=op.f('ck_hand_revision_action')),
    sa.CheckConstraint("mode IN ('counts', 'cards')", name=op.f('ck_hand_revision_mode')),
    sa.CheckConstraint('number >= 1', name=op.f('ck_hand_revision_number')),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_hand_revision_game_id_game'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['hand_id'], ['hand.id'], name=op.f('fk_hand_revision_hand_id_hand'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hand_revision'))
    )
    with op.batch_alter_table('hand_revision', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_revision_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_hand_revision_hand_id'), ['hand_id'], unique=False)

    op.create_table('hand_side',
    sa.Column('hand_id', sa.Integer(), nullable=False),
    sa.Column('side', sa.Integer(), nullable=False),
    sa.Column('cards', sa.Integer(), nullable=False),
    sa.Column('denari', sa.Integer(), nullable=False),
    sa.Column('settebello', sa.Boolean(), nullable=False),
    sa.Column('re_bello', sa.Boolean(), nullable=False),
    sa.Column('napola_run', sa.Integer(), nullable=False),
    sa.Column('scope', sa.Integer(), nullable=False),
    sa.Column('primiera', sa.Integer(), nullable=True),
    sa.Column('scope_points', sa.Integer(), nullable=False),
    sa.Column('carte_points', sa.Integer(), nullable=False),
    sa.Column('denari_points', sa.Integer(), nullable=False),
    sa.Column('settebello_points', sa.Integer(), nullable=False),
    sa.Column('primiera_points', sa.Integer(), nullable=False),
    sa.Column('re_bello_points', sa.Integer(), nullable=False),
    sa.Column('napola_points', sa.Integer(), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.CheckConstraint('cards BETWEEN 0 AND 40', name=op.f('ck_hand_side_cards')),
    sa.CheckConstraint('carte_points IN (0, 1) AND denari_points IN (0, 1) AND settebello_points IN (0, 1) AND primiera_points IN (0, 1) AND re_bello_points IN (0, 1)', name=op.f('ck_hand_side_one_point')),
    sa.CheckConstraint('denari BETWEEN 0 AND 10 AND denari <= cards', name=op.f('ck_hand_side_denari')),
    sa.CheckConstraint('napola_run = 0 OR napola_run BETWEEN 3 AND 10', name=op.f('ck_hand_side_napola_run')),
    sa.CheckConstraint('primiera IS NULL OR primiera BETWEEN 0 AND 84', name=op.f('ck_hand_side_primiera')),
    sa.CheckConstraint('scope >= 0', name=op.f('ck_hand_side_scope')),
    sa.CheckConstraint('scope_points = scope AND napola_points IN (0, napola_run)', name=op.f('ck_hand_side_counted_points')),
    sa.CheckConstraint('side >= 0', name=op.f('ck_hand_side_side')),
    sa.CheckConstraint('total = scope_points + carte_points + denari_points + settebello_points + primiera_points + re_bello_points + napola_points', name=op.f('ck_hand_side_total')),
    sa.ForeignKeyConstraint(['hand_id'], ['hand.id'], name=op.f('fk_hand_side_hand_id_hand'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('hand_id', 'side', name=op.f('pk_hand_side'))
    )


def downgrade():
    op.drop_table('hand_side')
    with op.batch_alter_table('hand_revision', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_revision_hand_id'))
        batch_op.drop_index(batch_op.f('ix_hand_revision_game_id'))

    op.drop_table('hand_revision')
    op.drop_table('seat')
    op.drop_table('hand')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_rematch_of_id'))

    op.drop_table('game')
