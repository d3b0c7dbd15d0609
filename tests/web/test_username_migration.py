"""The migration that adds username skeletons fills them in for the accounts already there."""

from __future__ import annotations

from pathlib import Path

import flask_migrate
from sqlalchemy import text

from scorekeeper import create_app
from scorekeeper.extensions import db
from tests.helpers import make_test_config

BEFORE = "5b1e7c0d2a9f"


def test_existing_accounts_get_their_skeleton_and_lookalikes_keep_theirs(tmp_path: Path) -> None:
    """The older of two lookalike accounts keeps the skeleton, the other gets it with its
    id; both keep their names and their log-in."""
    app = create_app(make_test_config(f"sqlite:///{tmp_path / 'old.sqlite3'}"))
    with app.app_context():
        flask_migrate.upgrade(revision=BEFORE)
        with db.engine.begin() as connection:
            for name in ("Anna", "\u0410nna", "Bruno"):
                connection.execute(
                    text(
                        "INSERT INTO user_account (username, username_key, password_hash,"
                        " created_at) VALUES (:name, :key, 'x', '2026-01-01')"
                    ),
                    {"name": name, "key": name.casefold()},
                )
        flask_migrate.upgrade()
        with db.engine.connect() as connection:
            rows = connection.execute(
                text("SELECT id, username, username_skeleton FROM user_account ORDER BY id")
            ).all()
        assert [(row.username, row.username_skeleton) for row in rows] == [
            ("Anna", "anna"),
            ("\u0410nna", f"anna#{rows[1].id}"),
            ("Bruno", "bruno"),
        ]
        flask_migrate.downgrade(revision=BEFORE)
        db.engine.dispose()
