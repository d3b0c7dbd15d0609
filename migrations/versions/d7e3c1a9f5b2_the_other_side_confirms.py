"""The other side confirms: hands awaiting confirmation, and the setting that asks for it

A league (league.requires_confirmation) and a game (game.requires_confirmation, set from
its league or tournament when it starts) can require that a hand entered by one side
awaits the other side(s)' confirmation. A hand says where it stands (hand.status:
confirmed, awaiting or disputed), whose confirmation it awaits (hand.awaiting_sides, a bit
mask of sides) and which side entered it (hand.entered_side). Its history
(hand_revision) gains the confirmations, disputes and resolutions, with the side, the
reason a referee gave and the request id that makes a confirmation sent twice count once.

Every existing league and game stays as it was (off), every existing hand confirmed.

Revision ID: d7e3c1a9f5b2
Revises: d7a1c4e9b2f0
Create Date: 2026-12-06 08:10:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd7e3c1a9f5b2'
down_revision = 'd7a1c4e9b2f0'
branch_labels = None
depends_on = None

_OLD_ACTIONS = "action IN ('create', 'edit', 'delete')"
_NEW_ACTIONS = "action IN ('create', 'edit', 'delete', 'confirm', 'dispute', 'resolve')"


def _foreign_keys(on):
    """Switch SQLite's foreign key actions off while tables are copied (a no-op on other
    databases): dropping the old copy of a game or hand must not take its rows with it."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.get_context().autocommit_block():
        op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def upgrade():
    _foreign_keys(False)
    with op.batch_alter_table('league', schema=None) as batch_op:
        batch_op.add_column(sa.Column(
            'requires_confirmation', sa.Boolean(), server_default=sa.false(), nullable=False
        ))
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column(
            'requires_confirmation', sa.Boolean(), server_default=sa.false(), nullable=False
        ))
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.add_column(sa.Column(
            'status', sa.String(length=10), server_default='confirmed', nullable=False
        ))
        batch_op.add_column(
            sa.Column('awaiting_sides', sa.Integer(), server_default='0', nullable=False)
        )
        batch_op.add_column(sa.Column('entered_side', sa.Integer(), nullable=True))
        batch_op.create_check_constraint(
            batch_op.f('ck_hand_status'), "status IN ('confirmed', 'awaiting', 'disputed')"
        )
        batch_op.create_check_constraint(
            batch_op.f('ck_hand_awaiting_sides'),
            "(status = 'confirmed') = (awaiting_sides = 0) OR status = 'disputed'",
        )
        batch_op.create_check_constraint(
            batch_op.f('ck_hand_entered_side'), 'entered_side IS NULL OR entered_side >= 0'
        )
    with op.batch_alter_table('hand_revision', schema=None) as batch_op:
        batch_op.add_column(sa.Column('side', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('reason', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('request_id', sa.String(length=64), nullable=True))
        batch_op.drop_constraint(batch_op.f('ck_hand_revision_action'), type_='check')
        batch_op.create_check_constraint(batch_op.f('ck_hand_revision_action'), _NEW_ACTIONS)
        batch_op.create_check_constraint(
            batch_op.f('ck_hand_revision_side'), 'side IS NULL OR side >= 0'
        )
        batch_op.create_unique_constraint(
            batch_op.f('uq_hand_revision_game_id_request_id'), ['game_id', 'request_id']
        )
    _foreign_keys(True)


def downgrade():
    _foreign_keys(False)
    op.execute(
        "DELETE FROM hand_revision WHERE action IN ('confirm', 'dispute', 'resolve')"
    )
    with op.batch_alter_table('hand_revision', schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f('uq_hand_revision_game_id_request_id'), type_='unique'
        )
        batch_op.drop_constraint(batch_op.f('ck_hand_revision_side'), type_='check')
        batch_op.drop_constraint(batch_op.f('ck_hand_revision_action'), type_='check')
        batch_op.create_check_constraint(batch_op.f('ck_hand_revision_action'), _OLD_ACTIONS)
        batch_op.drop_column('request_id')
        batch_op.drop_column('reason')
        batch_op.drop_column('side')
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_hand_entered_side'), type_='check')
        batch_op.drop_constraint(batch_op.f('ck_hand_awaiting_sides'), type_='check')
        batch_op.drop_constraint(batch_op.f('ck_hand_status'), type_='check')
        batch_op.drop_column('entered_side')
        batch_op.drop_column('awaiting_sides')
        batch_op.drop_column('status')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('requires_confirmation')
    with op.batch_alter_table('league', schema=None) as batch_op:
        batch_op.drop_column('requires_confirmation')
    _foreign_keys(True)
