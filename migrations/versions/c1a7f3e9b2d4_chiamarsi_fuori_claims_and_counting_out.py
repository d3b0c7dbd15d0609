"""Chiamarsi fuori: game_claim, and three settings of a game's, a league's and a
tournament's rules (chiamarsi_fuori, claim_loses_hand, count_in_order)

A claim is a side's, during one hand of a game: one a hand (the first), a tap's request
id stored once. The settings are booleans, off for every existing row (added with a
server default that is then dropped, as the models have none). The audit log's kinds
take "claimed".

Revision ID: c1a7f3e9b2d4
Revises: a7c3e9f2b4d8
Create Date: 2026-12-06 11:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c1a7f3e9b2d4'
down_revision = 'a7c3e9f2b4d8'
branch_labels = None
depends_on = None

OLD_KINDS = (
    "hand_created", "hand_edited", "hand_removed", "confirmed", "disputed", "resolved",
    "result_entered", "result_corrected", "result_reopened", "league_imported",
    "correction_kept", "correction_replayed", "pair_withdrawn", "withdrawal_undone",
)
NEW_KINDS = OLD_KINDS + ("claimed",)
SETTINGS = ('chiamarsi_fuori', 'claim_loses_hand', 'count_in_order')
TABLES = ('game', 'league', 'tournament')


def _in(column, values):
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


def _foreign_keys(on):
    """Switch SQLite's foreign key actions off while tables are copied (a no-op on other
    databases): dropping the old copy of a game, league or tournament must not take the
    rows that point at it with it (their hands, revisions, games)."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.get_context().autocommit_block():
        op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def upgrade():
    _foreign_keys(False)
    with op.batch_alter_table('audit_event', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_audit_event_kind'), type_='check')
        batch_op.create_check_constraint(batch_op.f('ck_audit_event_kind'), _in("kind", NEW_KINDS))
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            for name in SETTINGS:
                batch_op.add_column(
                    sa.Column(name, sa.Boolean(), nullable=False, server_default=sa.false())
                )
        with op.batch_alter_table(table, schema=None) as batch_op:
            for name in SETTINGS:
                batch_op.alter_column(name, server_default=None)
    op.create_table(
        'game_claim',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('hand_number', sa.Integer(), nullable=False),
        sa.Column('side', sa.Integer(), nullable=False),
        sa.Column('request_id', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint('hand_number >= 1', name=op.f('ck_game_claim_hand_number')),
        sa.CheckConstraint('side >= 0', name=op.f('ck_game_claim_side')),
        sa.ForeignKeyConstraint(
            ['game_id'], ['game.id'], name=op.f('fk_game_claim_game_id_game'), ondelete='CASCADE'
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_game_claim')),
        sa.UniqueConstraint('game_id', 'hand_number', name='uq_game_claim_game_id_hand_number'),
        sa.UniqueConstraint('game_id', 'request_id', name='uq_game_claim_game_id_request_id'),
    )
    _foreign_keys(True)


def downgrade():
    _foreign_keys(False)
    op.execute("DELETE FROM audit_event WHERE kind = 'claimed'")
    with op.batch_alter_table('audit_event', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_audit_event_kind'), type_='check')
        batch_op.create_check_constraint(batch_op.f('ck_audit_event_kind'), _in("kind", OLD_KINDS))
    op.drop_table('game_claim')
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            for name in SETTINGS:
                batch_op.drop_column(name)
    _foreign_keys(True)
