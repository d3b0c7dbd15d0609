"""The tournament at the venue: the screen's link and cycle, the round clock, check-in
marks, late entrants, the prize list

Four new tables: tournament_venue (one row per tournament: the screen's own link, its
cycle, the round clock, how prizes are given, a version the screen's check reads),
tournament_prize (a place's amount, percentage or words), tournament_checkin (an entry
there and paid) and tournament_late_entrant (an entrant added between Swiss rounds, and
the round it plays from).

Revision ID: a7c3e5f1b9d2
Revises: c7d1e5a9b3f2
Create Date: 2026-12-06 11:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a7c3e5f1b9d2'
down_revision = 'c7d1e5a9b3f2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'tournament_venue',
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('screen_token', sa.String(length=64), nullable=True),
        sa.Column('cycle_seconds', sa.Integer(), nullable=False),
        sa.Column('clock_minutes', sa.Integer(), nullable=False),
        sa.Column('clock_round_id', sa.Integer(), nullable=True),
        sa.Column('clock_ends_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('clock_left', sa.Integer(), nullable=True),
        sa.Column('prize_mode', sa.String(length=8), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint('cycle_seconds BETWEEN 3 AND 300', name=op.f('ck_tournament_venue_cycle_seconds')),
        sa.CheckConstraint('clock_minutes BETWEEN 1 AND 600', name=op.f('ck_tournament_venue_clock_minutes')),
        sa.CheckConstraint('clock_left IS NULL OR clock_left >= 0', name=op.f('ck_tournament_venue_clock_left')),
        sa.CheckConstraint("prize_mode IN ('none', 'places', 'split')", name=op.f('ck_tournament_venue_prize_mode')),
        sa.ForeignKeyConstraint(['clock_round_id'], ['tournament_round.id'], name=op.f('fk_tournament_venue_clock_round_id_tournament_round'), ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_tournament_venue_tournament_id_tournament'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('tournament_id', name=op.f('pk_tournament_venue')),
        sa.UniqueConstraint('screen_token', name=op.f('uq_tournament_venue_screen_token')),
    )
    op.create_table(
        'tournament_prize',
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('place', sa.Integer(), nullable=False),
        sa.Column('amount_cents', sa.Integer(), nullable=True),
        sa.Column('percent', sa.Integer(), nullable=True),
        sa.Column('label', sa.String(length=80), nullable=False),
        sa.CheckConstraint('place BETWEEN 1 AND 16', name=op.f('ck_tournament_prize_place')),
        sa.CheckConstraint('amount_cents IS NULL OR amount_cents >= 0', name=op.f('ck_tournament_prize_amount')),
        sa.CheckConstraint('percent IS NULL OR percent BETWEEN 0 AND 100', name=op.f('ck_tournament_prize_percent')),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_tournament_prize_tournament_id_tournament'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('tournament_id', 'place', name=op.f('pk_tournament_prize')),
    )
    op.create_table(
        'tournament_checkin',
        sa.Column('entry_id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('present', sa.Boolean(), nullable=False),
        sa.Column('paid', sa.Boolean(), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['entry_id'], ['tournament_entry.id'], name=op.f('fk_tournament_checkin_entry_id_tournament_entry'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_tournament_checkin_tournament_id_tournament'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('entry_id', name=op.f('pk_tournament_checkin')),
    )
    op.create_index(op.f('ix_tournament_checkin_tournament_id'), 'tournament_checkin', ['tournament_id'], unique=False)
    op.create_table(
        'tournament_late_entrant',
        sa.Column('entrant_id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('from_round', sa.Integer(), nullable=False),
        sa.CheckConstraint('from_round >= 2', name=op.f('ck_tournament_late_entrant_from_round')),
        sa.ForeignKeyConstraint(['entrant_id'], ['tournament_entrant.id'], name=op.f('fk_tournament_late_entrant_entrant_id_tournament_entrant'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_tournament_late_entrant_tournament_id_tournament'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('entrant_id', name=op.f('pk_tournament_late_entrant')),
    )
    op.create_index(op.f('ix_tournament_late_entrant_tournament_id'), 'tournament_late_entrant', ['tournament_id'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_tournament_late_entrant_tournament_id'), table_name='tournament_late_entrant')
    op.drop_table('tournament_late_entrant')
    op.drop_index(op.f('ix_tournament_checkin_tournament_id'), table_name='tournament_checkin')
    op.drop_table('tournament_checkin')
    op.drop_table('tournament_prize')
    op.drop_table('tournament_venue')
