"""Rule sets: a game's, a league's and a tournament's rule set and asso house choices

Three columns on each table that keeps rules (game, league, tournament): the rule set's
key (every row stored before: 'scopa'), and asso pigliatutto's two house choices (their
defaults), with CHECKs on the choices. No CHECK lists the rule sets' keys, so that a new
rule set needs no migration. The audit log's kind CHECK widened to 'rules_changed' (a
league's or a tournament's house rules changed).

Revision ID: a7c3e9f1b2d4
Revises: c1a7f3e9b2d4
Create Date: 2026-12-06 11:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a7c3e9f1b2d4'
down_revision = 'c1a7f3e9b2d4'
branch_labels = None
depends_on = None

TABLES = ("game", "league", "tournament")
SWEEPS = ("not-scopa", "scopa")
ON_ASSO = ("takes-asso", "takes-all")
OLD_KINDS = (
    "hand_created", "hand_edited", "hand_removed", "confirmed", "disputed", "resolved",
    "result_entered", "result_corrected", "result_reopened", "league_imported",
    "correction_kept", "correction_replayed", "pair_withdrawn", "withdrawal_undone",
    "claimed",
)
NEW_KINDS = OLD_KINDS + ("rules_changed",)


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
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column(
                'rule_set_key', sa.String(length=32), nullable=False, server_default='scopa'
            ))
            batch_op.add_column(sa.Column(
                'asso_sweep', sa.String(length=16), nullable=False, server_default='not-scopa'
            ))
            batch_op.add_column(sa.Column(
                'asso_on_asso', sa.String(length=16), nullable=False, server_default='takes-asso'
            ))
            batch_op.create_check_constraint(
                batch_op.f(f'ck_{table}_asso_sweep'), _in("asso_sweep", SWEEPS)
            )
            batch_op.create_check_constraint(
                batch_op.f(f'ck_{table}_asso_on_asso'), _in("asso_on_asso", ON_ASSO)
            )
    with op.batch_alter_table('audit_event', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_audit_event_kind'), type_='check')
        batch_op.create_check_constraint(batch_op.f('ck_audit_event_kind'), _in("kind", NEW_KINDS))
    _foreign_keys(True)


def downgrade():
    _foreign_keys(False)
    op.execute("DELETE FROM audit_event WHERE kind = 'rules_changed'")
    with op.batch_alter_table('audit_event', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_audit_event_kind'), type_='check')
        batch_op.create_check_constraint(batch_op.f('ck_audit_event_kind'), _in("kind", OLD_KINDS))
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_constraint(batch_op.f(f'ck_{table}_asso_on_asso'), type_='check')
            batch_op.drop_constraint(batch_op.f(f'ck_{table}_asso_sweep'), type_='check')
            batch_op.drop_column('asso_on_asso')
            batch_op.drop_column('asso_sweep')
            batch_op.drop_column('rule_set_key')
    _foreign_keys(True)
