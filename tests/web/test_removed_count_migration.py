"""The migration that counts removed hands on the game goes up and down, and gives the
games already stored their count from their revisions."""

from __future__ import annotations

from pathlib import Path

import flask_migrate
from sqlalchemy import select, text

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from tests.helpers import make_test_config
from tests.helpers.games import form_keys, record, start_game

BEFORE = "a7c3e91d5b20"


def test_stored_games_get_their_count_of_removed_hands(tmp_path: Path) -> None:
    app = create_app(make_test_config(f"sqlite:///{tmp_path / 'old.sqlite3'}"))
    with app.app_context():
        flask_migrate.upgrade()
    client = app.test_client()
    lost_two, lost_none = start_game(client), start_game(client)
    for url in (lost_two, lost_none):
        for _ in range(3):
            record(client, url)
    for number in ("3", "2"):
        data = {"csrf_token": form_keys(client, lost_two)["csrf_token"], "number": number}
        assert client.post(f"{lost_two}/undo", data=data).status_code == 302
    with app.app_context():
        flask_migrate.downgrade(revision=BEFORE)
        assert "removed_count" not in str(
            db.session.execute(text("SELECT sql FROM sqlite_master WHERE name = 'game'")).scalar()
        )
        flask_migrate.upgrade()
        counts = db.session.execute(select(Game.removed_count).order_by(Game.id)).scalars().all()
        assert counts == [2, 0]
        assert db.session.execute(text("PRAGMA foreign_key_check")).all() == []
        assert db.session.scalar(text("SELECT count(*) FROM hand")) == 4  # none went with the copy
        db.session.remove()
        db.engine.dispose()
