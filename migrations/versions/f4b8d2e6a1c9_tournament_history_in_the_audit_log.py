"""A tournament's history in the audit log: audit_event.tournament_id

A tournament's own events (a correction that kept or replayed the later matches it
affected, a pair withdrawn, its withdrawal undone) are audit events of the tournament:
a nullable tournament_id (its foreign key ON DELETE CASCADE, an index for the
tournament's history in order), the subject CHECK widened to it, and the kind CHECK
widened to the four new kinds.

Revision ID: f4b8d2e6a1c9
Revises: e2b7c4d9f1a3
Create Date: 2026-12-06 09:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f4b8d2e6a1c9'
down_revision = 'e2b7c4d9f1a3'
branch_labels = None
depends_on = None

OLD_KINDS = (
    "hand_created", "hand_edited", "hand_removed", "confirmed", "disputed", "resolved",
    "result_entered", "result_corrected", "result_reopened", "league_imported",
)
NEW_KINDS = OLD_KINDS + (
    "correction_kept", "correction_replayed", "pair_withdrawn", "withdrawal_undone",
)
OLD_SUBJECT = "game_id IS NOT NULL OR match_id IS NOT NULL OR league_id IS NOT NULL"
NEW_SUBJECT = OLD_SUBJECT + " OR tournament_id IS NOT NULL"


def _in(column, values):
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


def upgrade():
    with op.batch_alter_table('audit_event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('tournament_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f('fk_audit_event_tournament_id_tournament'),
            'tournament', ['tournament_id'], ['id'], ondelete='CASCADE',
        )
        batch_op.drop_constraint(batch_op.f('ck_audit_event_kind'), type_='check')
        batch_op.create_check_constraint(batch_op.f('ck_audit_event_kind'), _in("kind", NEW_KINDS))
        batch_op.drop_constraint(batch_op.f('ck_audit_event_subject'), type_='check')
        batch_op.create_check_constraint(batch_op.f('ck_audit_event_subject'), NEW_SUBJECT)
        batch_op.create_index('ix_audit_event_tournament', ['tournament_id', 'id'], unique=False)


def downgrade():
    op.execute("DELETE FROM audit_event WHERE " + _in("kind", NEW_KINDS[len(OLD_KINDS):]))
    op.execute("DELETE FROM audit_event WHERE tournament_id IS NOT NULL AND NOT (" + OLD_SUBJECT + ")")
    with op.batch_alter_table('audit_event', schema=None) as batch_op:
        batch_op.drop_index('ix_audit_event_tournament')
        batch_op.drop_constraint(batch_op.f('ck_audit_event_subject'), type_='check')
        batch_op.create_check_constraint(batch_op.f('ck_audit_event_subject'), OLD_SUBJECT)
        batch_op.drop_constraint(batch_op.f('ck_audit_event_kind'), type_='check')
        batch_op.create_check_constraint(batch_op.f('ck_audit_event_kind'), _in("kind", OLD_KINDS))
        batch_op.drop_constraint(
            batch_op.f('fk_audit_event_tournament_id_tournament'), type_='foreignkey'
        )
        batch_op.drop_column('tournament_id')
