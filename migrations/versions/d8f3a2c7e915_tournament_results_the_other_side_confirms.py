"""Tournament results the other side confirms: tournament.needs_confirmation, the
result's state, its dispute, and tournament_result_confirmation

A tournament can ask that a result entered by one side await the other side's
confirmation. Tournaments that exist already never asked for it: they keep counting
every result as it is (needs_confirmation false, every result confirmed).

Revision ID: d8f3a2c7e915
Revises: b5d2f8e1c3a6
Create Date: 2026-12-06 08:10:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd8f3a2c7e915'
down_revision = 'b5d2f8e1c3a6'
branch_labels = None
depends_on = None


def _foreign_keys(on):
    """Switch SQLite's foreign key actions off while a table is copied (a no-op on other
    databases): dropping the old copy must not take the rows that point at it."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.get_context().autocommit_block():
        op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def upgrade():
    _foreign_keys(False)
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('needs_confirmation', sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    with op.batch_alter_table('tournament_match_result', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('state', sa.String(length=10), server_default='confirmed', nullable=False)
        )
        batch_op.add_column(sa.Column('entered_side', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('disputed_side', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('disputed_wins', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('disputed_points', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('reason', sa.String(length=200), nullable=True))
        batch_op.create_check_constraint(
            batch_op.f('ck_tournament_match_result_state_known'),
            "state IN ('confirmed', 'awaiting', 'disputed')",
        )
        batch_op.create_check_constraint(
            batch_op.f('ck_tournament_match_result_dispute_complete'),
            "(state = 'disputed') = (disputed_side IS NOT NULL)"
            " AND (disputed_side IS NULL) = (disputed_wins IS NULL)"
            " AND (disputed_side IS NULL) = (disputed_points IS NULL)",
        )
        batch_op.create_check_constraint(
            batch_op.f('ck_tournament_match_result_entered_side'),
            'entered_side IS NULL OR entered_side BETWEEN 0 AND 2',
        )
    _foreign_keys(True)
    op.create_table(
        'tournament_result_confirmation',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('result_id', sa.Integer(), nullable=False),
        sa.Column('side', sa.Integer(), nullable=False),
        sa.Column('through_side', sa.Integer(), nullable=True),
        sa.Column('user_id', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            'side BETWEEN 0 AND 2', name=op.f('ck_tournament_result_confirmation_side')
        ),
        sa.CheckConstraint(
            'through_side IS NULL OR through_side BETWEEN 0 AND 2',
            name=op.f('ck_tournament_result_confirmation_through'),
        ),
        sa.ForeignKeyConstraint(
            ['result_id'],
            ['tournament_match_result.id'],
            name=op.f('fk_tournament_result_confirmation_result_id_tournament_match_result'),
            ondelete='CASCADE',
        ),
        sa.ForeignKeyConstraint(
            ['user_id'],
            ['user_account.id'],
            name=op.f('fk_tournament_result_confirmation_user_id_user_account'),
            ondelete='SET NULL',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_result_confirmation')),
        sa.UniqueConstraint(
            'result_id', 'side', name='uq_tournament_result_confirmation_side'
        ),
    )
    with op.batch_alter_table('tournament_result_confirmation', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_tournament_result_confirmation_result_id'), ['result_id'], unique=False
        )


def downgrade():
    with op.batch_alter_table('tournament_result_confirmation', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_result_confirmation_result_id'))
    op.drop_table('tournament_result_confirmation')
    _foreign_keys(False)
    with op.batch_alter_table('tournament_match_result', schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f('ck_tournament_match_result_entered_side'), type_='check'
        )
        batch_op.drop_constraint(
            batch_op.f('ck_tournament_match_result_dispute_complete'), type_='check'
        )
        batch_op.drop_constraint(batch_op.f('ck_tournament_match_result_state_known'), type_='check')
        batch_op.drop_column('reason')
        batch_op.drop_column('disputed_points')
        batch_op.drop_column('disputed_wins')
        batch_op.drop_column('disputed_side')
        batch_op.drop_column('entered_side')
        batch_op.drop_column('state')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('needs_confirmation')
    _foreign_keys(True)
