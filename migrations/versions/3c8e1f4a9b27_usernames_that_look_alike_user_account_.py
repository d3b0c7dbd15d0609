"""Usernames that look alike: user_account.username_skeleton, unique

The UTS #39 skeleton of each username (ICU's spoof checker, on its NFKC case-folded
form): "anna" and the Greek "Αnna" share one, so the second is refused. Existing
accounts get theirs; where two already share one, the older account keeps it and the
others get it with "#<id>" added (they keep their names and can still log in). The
username_key of each account is computed again too (NFKC with case folded).

Revision ID: 3c8e1f4a9b27
Revises: 5b1e7c0d2a9f
Create Date: 2026-12-01 17:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '3c8e1f4a9b27'
down_revision = '5b1e7c0d2a9f'
branch_labels = None
depends_on = None


def _foreign_keys(on):
    """SQLite's foreign key actions off while user_account is rebuilt (others: no-op)."""
    if op.get_bind().dialect.name == "sqlite":
        with op.get_context().autocommit_block():
            op.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


def upgrade():
    from scorekeeper.accounts.models import username_key, username_skeleton

    _foreign_keys(False)
    with op.batch_alter_table('user_account', schema=None) as batch_op:
        batch_op.add_column(sa.Column('username_skeleton', sa.String(length=160), nullable=True))

    connection = op.get_bind()
    users = sa.table(
        'user_account',
        sa.column('id', sa.Integer),
        sa.column('username', sa.String),
        sa.column('username_key', sa.String),
        sa.column('username_skeleton', sa.String),
    )
    rows = connection.execute(
        sa.select(users.c.id, users.c.username, users.c.username_key).order_by(users.c.id)
    ).all()
    keys = {row.username_key for row in rows}
    skeletons = set()
    for row in rows:
        skeleton = username_skeleton(row.username)
        if skeleton in skeletons:
            skeleton = f"{skeleton}#{row.id}"
        skeletons.add(skeleton)
        key = username_key(row.username)
        if key != row.username_key and (key in keys or len(key) > 40):
            key = row.username_key  # another account has it already: this one keeps its own
        keys.add(key)
        connection.execute(
            users.update()
            .where(users.c.id == row.id)
            .values(username_skeleton=skeleton, username_key=key)
        )

    with op.batch_alter_table('user_account', schema=None) as batch_op:
        batch_op.alter_column('username_skeleton', existing_type=sa.String(length=160), nullable=False)
        batch_op.create_unique_constraint(
            batch_op.f('uq_user_account_username_skeleton'), ['username_skeleton']
        )
    _foreign_keys(True)


def downgrade():
    _foreign_keys(False)
    with op.batch_alter_table('user_account', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_user_account_username_skeleton'), type_='unique')
        batch_op.drop_column('username_skeleton')
    _foreign_keys(True)
