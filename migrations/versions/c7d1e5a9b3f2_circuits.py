"""Circuits (Grand Prix): circuit and circuit_tournament; tournament_results_link

A circuit is a series of tournaments over a season with points by placing: its name,
season, organiser, points table (JSON), points for taking part, how many results count,
and whether anyone may read it; circuit_tournament lists its tournaments in order (one
row per circuit and tournament, both ON DELETE CASCADE). tournament_results_link holds a
private tournament's one results link (the hash of its token), ON DELETE CASCADE.

Revision ID: c7d1e5a9b3f2
Revises: f4b8d2e6a1c9
Create Date: 2026-12-06 11:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c7d1e5a9b3f2'
down_revision = 'f4b8d2e6a1c9'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'circuit',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('public_id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('season', sa.String(length=30), nullable=False),
        sa.Column('organiser_id', sa.Integer(), nullable=False),
        sa.Column('points', sa.JSON(), nullable=False),
        sa.Column('taking_part', sa.Integer(), nullable=False),
        sa.Column('best_of', sa.Integer(), nullable=True),
        sa.Column('is_public', sa.Boolean(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint('taking_part >= 0', name=op.f('ck_circuit_taking_part')),
        sa.CheckConstraint('best_of IS NULL OR best_of >= 1', name=op.f('ck_circuit_best_of')),
        sa.ForeignKeyConstraint(
            ['organiser_id'], ['user_account.id'],
            name=op.f('fk_circuit_organiser_id_user_account'), ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_circuit')),
        sa.UniqueConstraint('public_id', name=op.f('uq_circuit_public_id')),
    )
    with op.batch_alter_table('circuit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_circuit_organiser_id'), ['organiser_id'], unique=False)
    op.create_table(
        'circuit_tournament',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('circuit_id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.CheckConstraint('position >= 1', name=op.f('ck_circuit_tournament_position')),
        sa.ForeignKeyConstraint(
            ['circuit_id'], ['circuit.id'],
            name=op.f('fk_circuit_tournament_circuit_id_circuit'), ondelete='CASCADE',
        ),
        sa.ForeignKeyConstraint(
            ['tournament_id'], ['tournament.id'],
            name=op.f('fk_circuit_tournament_tournament_id_tournament'), ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_circuit_tournament')),
        sa.UniqueConstraint('circuit_id', 'tournament_id', name='uq_circuit_tournament'),
    )
    with op.batch_alter_table('circuit_tournament', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_circuit_tournament_tournament_id'), ['tournament_id'], unique=False
        )


    op.create_table(
        'tournament_results_link',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ['tournament_id'], ['tournament.id'],
            name=op.f('fk_tournament_results_link_tournament_id_tournament'), ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_results_link')),
        sa.UniqueConstraint('token_hash', name=op.f('uq_tournament_results_link_token_hash')),
        sa.UniqueConstraint(
            'tournament_id', name=op.f('uq_tournament_results_link_tournament_id')
        ),
    )


def downgrade():
    op.drop_table('tournament_results_link')
    with op.batch_alter_table('circuit_tournament', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_circuit_tournament_tournament_id'))
    op.drop_table('circuit_tournament')
    with op.batch_alter_table('circuit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_circuit_organiser_id'))
    op.drop_table('circuit')
