"""The tournaments' migration goes up and down, and its constraints hold in the database."""

from __future__ import annotations

from pathlib import Path

import flask_migrate
import pytest
from flask import Flask
from sqlalchemy import func, inspect, select, text
from sqlalchemy.exc import IntegrityError

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.inputs import StageSetup
from scorekeeper.tournaments.models import Match, MatchResult, Structure
from tests.helpers import make_test_config
from tests.helpers.tournaments import (
    FOUR_PAIRS,
    drawn,
    user,
)

BEFORE = "e4a7b9c2d6f1"
TABLES = {
    "tournament",
    "tournament_member",
    "tournament_entry",
    "tournament_entrant",
    "tournament_stage",
    "tournament_round",
    "tournament_match",
    "tournament_match_game",
    "tournament_match_result",
}


def test_the_migration_goes_up_and_down(tmp_path: Path) -> None:
    app = create_app(make_test_config(f"sqlite:///{tmp_path / 'old.sqlite3'}"))
    with app.app_context():
        flask_migrate.upgrade(revision=BEFORE)
        assert not TABLES & set(inspect(db.engine).get_table_names())
        flask_migrate.upgrade()
        assert set(inspect(db.engine).get_table_names()) >= TABLES
        flask_migrate.downgrade(revision=BEFORE)
        assert not TABLES & set(inspect(db.engine).get_table_names())
        flask_migrate.upgrade()
        assert set(inspect(db.engine).get_table_names()) >= TABLES
        db.engine.dispose()


@pytest.mark.parametrize(
    "sql",
    [
        pytest.param("UPDATE tournament_match SET table_number = 1", id="one table"),
        pytest.param("UPDATE tournament_match SET second_id = first_id", id="sides"),
        pytest.param(
            "INSERT INTO tournament_match_result (match_id, wins_first, wins_second,"
            " points_first, points_second, by_hand, recorded_at)"
            " SELECT match_id, 1, 0, 1, 0, false, recorded_at FROM tournament_match_result",
            id="one result",
        ),
    ],
)
def test_the_database_refuses_what_the_services_never_write(app: Flask, sql: str) -> None:
    """Two matches at one table of a round, a side against itself, two results for one
    match: refused by the database itself."""
    with app.test_request_context():
        t = drawn(user("organiser"), FOUR_PAIRS, 1, Structure.ROUND_ROBIN, (StageSetup(1, 11),))
        one, _ = services.matches(services.start(t))
        services.enter_result(one, (1, 0), (11, 0), user("helper"))
        assert db.session.scalar(select(func.count()).select_from(Match)) == 2
        assert db.session.scalar(select(func.count()).select_from(MatchResult)) == 1
        with pytest.raises(IntegrityError):
            db.session.execute(text(sql))
        db.session.rollback()
