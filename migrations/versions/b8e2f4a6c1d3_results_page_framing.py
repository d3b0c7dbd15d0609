"""The sites that may frame a tournament's results page: tournament_results_framing

One row per tournament whose organiser named the sites (origins separated by spaces)
that may show its public results page in a frame; ON DELETE CASCADE. No row: the app's
default (PUBLISHED_FRAME_ANCESTORS).

Revision ID: b8e2f4a6c1d3
Revises: b5d2f8a1c3e7
Create Date: 2026-12-06 15:05:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b8e2f4a6c1d3'
down_revision = 'b5d2f8a1c3e7'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'tournament_results_framing',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('sites', sa.String(length=300), nullable=False),
        sa.ForeignKeyConstraint(
            ['tournament_id'], ['tournament.id'],
            name=op.f('fk_tournament_results_framing_tournament_id_tournament'),
            ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_results_framing')),
        sa.UniqueConstraint(
            'tournament_id', name=op.f('uq_tournament_results_framing_tournament_id')
        ),
    )


def downgrade():
    op.drop_table('tournament_results_framing')
