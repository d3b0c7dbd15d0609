"""League imports on the job queue: job_message, league_import.attempt; no slots or heartbeats

Imports run in the job queue's consumers (scorekeeper/jobs.py), which deliver a task at
least once: ``job_message`` holds the messages of the database queue (the default,
without Redis), and each import counts its deliveries (``attempt``, only the latest may
write). The hand-written coordination goes: the server's slots (the consumers' threads
bound the imports running at once) and the heartbeat. ``league_id`` is set to NULL when
its hidden league is removed (it took the job row with it before). Any import running
at the upgrade is dropped, with the league it was writing.

Revision ID: b5d2f8a1c3e7
Revises: a7c3e9f1b2d4
Create Date: 2026-12-06 15:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b5d2f8a1c3e7'
down_revision = 'a7c3e9f1b2d4'
branch_labels = None
depends_on = None


def _drop_running_imports():
    op.execute("DELETE FROM league_import WHERE status = 'running'")
    op.execute(
        "DELETE FROM game WHERE league_id IN (SELECT id FROM league WHERE importing)"
    )
    op.execute("DELETE FROM league WHERE importing")


def upgrade():
    op.create_table(
        'job_message',
        sa.Column('id', sa.String(length=36), nullable=False),
        sa.Column('queue', sa.String(length=64), nullable=False),
        sa.Column('eta', sa.BigInteger(), nullable=False),
        sa.Column('body', sa.Text(), nullable=False),
        sa.Column('taken_by', sa.String(length=200), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_job_message')),
    )
    with op.batch_alter_table('job_message', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_job_message_queue'), ['queue'], unique=False)
        batch_op.create_index(batch_op.f('ix_job_message_taken_by'), ['taken_by'], unique=False)
    _drop_running_imports()
    with op.batch_alter_table('league_import', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_league_import_slot_while_running'), type_='check')
        batch_op.drop_constraint(batch_op.f('ck_league_import_slot_natural'), type_='check')
        batch_op.drop_constraint(batch_op.f('uq_league_import_slot'), type_='unique')
        batch_op.drop_index(batch_op.f('ix_league_import_heartbeat_at'))
        batch_op.drop_column('heartbeat_at')
        batch_op.drop_column('slot')
        batch_op.add_column(
            sa.Column('attempt', sa.Integer(), server_default='0', nullable=False)
        )
        batch_op.drop_constraint(
            batch_op.f('fk_league_import_league_id_league'), type_='foreignkey'
        )
        batch_op.create_foreign_key(
            batch_op.f('fk_league_import_league_id_league'), 'league', ['league_id'], ['id'],
            ondelete='SET NULL',
        )


def downgrade():
    _drop_running_imports()
    with op.batch_alter_table('league_import', schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f('fk_league_import_league_id_league'), type_='foreignkey'
        )
        batch_op.create_foreign_key(
            batch_op.f('fk_league_import_league_id_league'), 'league', ['league_id'], ['id'],
            ondelete='CASCADE',
        )
        batch_op.drop_column('attempt')
        batch_op.add_column(sa.Column('slot', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column(
            'heartbeat_at', sa.DateTime(timezone=True), nullable=False,
            server_default=sa.text('CURRENT_TIMESTAMP'),
        ))
        batch_op.create_index(batch_op.f('ix_league_import_heartbeat_at'), ['heartbeat_at'])
        batch_op.create_unique_constraint(batch_op.f('uq_league_import_slot'), ['slot'])
        batch_op.create_check_constraint(batch_op.f('ck_league_import_slot_natural'), 'slot >= 0')
        batch_op.create_check_constraint(
            batch_op.f('ck_league_import_slot_while_running'),
            "(status = 'running') = (slot IS NOT NULL)",
        )
    with op.batch_alter_table('job_message', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_job_message_taken_by'))
        batch_op.drop_index(batch_op.f('ix_job_message_queue'))
    op.drop_table('job_message')
