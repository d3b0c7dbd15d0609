"""The migration that gives games and leagues a margin (and knockouts targets per round)
goes up and down: the games stored before play on with no margin, their hands and
revisions kept through SQLite's copy of the table."""

from __future__ import annotations

from pathlib import Path

import flask_migrate
from sqlalchemy import select, text

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from tests.helpers import make_test_config
from tests.helpers.games import record, start_game

BEFORE = "b8e2f4a6c1d3"


def test_games_stored_before_have_no_margin_and_keep_their_hands(tmp_path: Path) -> None:
    app = create_app(make_test_config(f"sqlite:///{tmp_path / 'old.sqlite3'}"))
    with app.app_context():
        flask_migrate.upgrade()
    client = app.test_client()
    plain, clear = start_game(client), start_game(client, two_clear="y")
    for url in (plain, clear):
        record(client, url)
    with app.app_context():
        assert db.session.execute(select(Game.margin).order_by(Game.id)).scalars().all() == [1, 2]
        flask_migrate.downgrade(revision=BEFORE)
        schema = str(
            db.session.execute(text("SELECT sql FROM sqlite_master WHERE name = 'game'")).scalar()
        )
        assert "margin" not in schema
        flask_migrate.upgrade()
        assert db.session.execute(select(Game.margin).order_by(Game.id)).scalars().all() == [1, 1]
        assert db.session.execute(text("PRAGMA foreign_key_check")).all() == []
        assert db.session.scalar(text("SELECT count(*) FROM hand")) == 2  # none went with the copy
        assert db.session.scalar(text("SELECT count(*) FROM hand_revision")) == 2
        db.session.remove()
        db.engine.dispose()
