"""Every change carries a name: audit_event

One row per stored change (a hand entered, corrected, removed, confirmed, disputed,
resolved; a tournament match's result entered, corrected, withdrawn; a league
imported), written in the change's transaction: who made it (account, link, side,
device, live or from the outbox, request id) and the fields that changed.

Revision ID: d7a1c4e9b2f0
Revises: d8f3a2c7e915
Create Date: 2026-12-06 08:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd7a1c4e9b2f0'
down_revision = "d8f3a2c7e915"
branch_labels = None
depends_on = None

KINDS = (
    "hand_created", "hand_edited", "hand_removed", "confirmed", "disputed", "resolved",
    "result_entered", "result_corrected", "result_reopened", "league_imported",
)
LINKS = ("edit", "scorer", "table", "side", "page")
ORIGINS = ("live", "outbox", "system")


def _in(column, values):
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


def upgrade():
    op.create_table(
        'audit_event',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('kind', sa.String(length=24), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=True),
        sa.Column('hand_number', sa.Integer(), nullable=True),
        sa.Column('hand_id', sa.Integer(), nullable=True),
        sa.Column('match_id', sa.Integer(), nullable=True),
        sa.Column('league_id', sa.Integer(), nullable=True),
        sa.Column('account_id', sa.Integer(), nullable=True),
        sa.Column('account_name', sa.String(length=40), nullable=True),
        sa.Column('link', sa.String(length=8), nullable=True),
        sa.Column('side', sa.Integer(), nullable=True),
        sa.Column('device_id', sa.String(length=64), nullable=True),
        sa.Column('origin', sa.String(length=8), nullable=False),
        sa.Column('request_id', sa.String(length=64), nullable=True),
        sa.Column('changes', sa.JSON(), nullable=False),
        sa.CheckConstraint(_in("kind", KINDS), name=op.f('ck_audit_event_kind')),
        sa.CheckConstraint(f"link IS NULL OR {_in('link', LINKS)}", name=op.f('ck_audit_event_link')),
        sa.CheckConstraint(_in("origin", ORIGINS), name=op.f('ck_audit_event_origin')),
        sa.CheckConstraint('side IS NULL OR side >= 0', name=op.f('ck_audit_event_side')),
        sa.CheckConstraint(
            'hand_number IS NULL OR hand_number >= 1', name=op.f('ck_audit_event_hand_number')
        ),
        sa.CheckConstraint(
            'game_id IS NOT NULL OR match_id IS NOT NULL OR league_id IS NOT NULL',
            name=op.f('ck_audit_event_subject'),
        ),
        sa.ForeignKeyConstraint(['account_id'], ['user_account.id'], name=op.f('fk_audit_event_account_id_user_account'), ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_audit_event_game_id_game'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['league_id'], ['league.id'], name=op.f('fk_audit_event_league_id_league'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['match_id'], ['tournament_match.id'], name=op.f('fk_audit_event_match_id_tournament_match'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_audit_event')),
    )
    op.create_index('ix_audit_event_game', 'audit_event', ['game_id', 'id'], unique=False)
    op.create_index('ix_audit_event_league', 'audit_event', ['league_id', 'id'], unique=False)
    op.create_index('ix_audit_event_match', 'audit_event', ['match_id', 'id'], unique=False)


def downgrade():
    op.drop_index('ix_audit_event_match', table_name='audit_event')
    op.drop_index('ix_audit_event_league', table_name='audit_event')
    op.drop_index('ix_audit_event_game', table_name='audit_event')
    op.drop_table('audit_event')
