"""A match's result version: tournament_match.result_version

Two helpers (or a helper and the organiser on an older page) who entered different
results for the same match at the same moment were both told "saved", the later one
silently replacing the earlier. The match now counts the changes of its result; the
result form carries the count it was drawn with, and a result typed over one its sender
never saw is refused (checked in the UPDATE's WHERE). Existing matches start at 0.

Revision ID: d8f1a2b3c4e5
Revises: d7e3c1a9f5b2
Create Date: 2026-12-06 08:10:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd8f1a2b3c4e5'
down_revision = 'd7e3c1a9f5b2'
branch_labels = None
depends_on = None


def upgrade():
    # A plain ADD COLUMN (SQLite too): no copy of the table, its results stay attached.
    op.add_column(
        'tournament_match',
        sa.Column('result_version', sa.Integer(), server_default='0', nullable=False),
    )


def downgrade():
    op.drop_column('tournament_match', 'result_version')  # SQLite 3.35+ drops it in place
