"""Confirmations scanned before the hand: pending_confirmation

The other side's phone confirms a hand by scanning a QR the first phone shows, both
phones offline; when it syncs before the hand reached the server, its confirmation
waits in pending_confirmation (the hand's client id, the side, the digest of the
hand's points, the confirmation's own key) until the hand lands.

Revision ID: a7c3e9f2b4d8
Revises: b3d9e5f1a7c2
Create Date: 2026-12-06 11:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a7c3e9f2b4d8'
down_revision = 'b3d9e5f1a7c2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'pending_confirmation',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('hand_request_id', sa.String(length=64), nullable=False),
        sa.Column('side', sa.Integer(), nullable=False),
        sa.Column('digest', sa.String(length=200), nullable=False),
        sa.Column('request_id', sa.String(length=64), nullable=False),
        sa.Column('actor', sa.JSON(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint('side >= 0', name=op.f('ck_pending_confirmation_side')),
        sa.ForeignKeyConstraint(
            ['game_id'], ['game.id'],
            name=op.f('fk_pending_confirmation_game_id_game'), ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_pending_confirmation')),
        sa.UniqueConstraint(
            'game_id', 'request_id', name='uq_pending_confirmation_game_id_request_id'
        ),
    )
    op.create_index(
        'ix_pending_confirmation_game_id_hand_request_id',
        'pending_confirmation',
        ['game_id', 'hand_request_id'],
        unique=False,
    )


def downgrade():
    op.drop_index(
        'ix_pending_confirmation_game_id_hand_request_id', table_name='pending_confirmation'
    )
    op.drop_table('pending_confirmation')
