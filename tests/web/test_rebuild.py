"""`flask leagues rebuild`: a league's results, standings and ratings from its hands."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner
from sqlalchemy import delete, select, update

from scorekeeper.accounts.services import create_user
from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues.demo import seed_league
from scorekeeper.leagues.models import League, LeagueResult, Player, Standing
from scorekeeper.models import new_public_id
from tests.helpers.leagues import league_state


@pytest.fixture
def leagues(app: Flask) -> list[str]:
    """Two demo leagues (pairs, and one against one): their public ids."""
    with app.app_context():
        owner = create_user("owner", "a long password")
        ids = [
            seed_league(owner, "Pairs", 8, 30, seed=5, format_key="2x2").public_id,
            seed_league(owner, "Singles", 5, 20, seed=6, format_key="2").public_id,
        ]
        db.session.commit()
        return ids


def state(app: Flask, public_id: str) -> dict[str, Any]:
    """The league's results, ratings, standing rows and games' winners."""
    with app.app_context():
        league = db.session.scalars(select(League).where(League.public_id == public_id)).one()
        found = league_state(league.id)
        found["winners"] = dict(
            db.session.execute(
                select(Game.id, Game.winner_side).where(Game.league_id == league.id)
            ).all()
        )
        return found


def test_a_consistent_league_is_left_as_it_was(
    app: Flask, runner: FlaskCliRunner, leagues: list[str]
) -> None:
    before = [state(app, public_id) for public_id in leagues]
    result = runner.invoke(args=["leagues", "rebuild", "--all"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"{leagues[0]} 'Pairs': 30 games, nothing changed",
        f"{leagues[1]} 'Singles': 20 games, nothing changed",
    ]
    assert [state(app, public_id) for public_id in leagues] == before


def test_a_corrupted_league_is_repaired(
    app: Flask, runner: FlaskCliRunner, leagues: list[str]
) -> None:
    pairs, singles = leagues
    good = state(app, pairs)
    untouched = state(app, singles)
    with app.app_context():
        league_id = db.session.scalar(select(Game.league_id).where(Game.id == min(good["winners"])))
        first, second, third = sorted(good["winners"])[:3]
        # A result's rating and points written wrong, a game's results lost, a game
        # taken for unfinished, a standing row gone, a player's current rating wrong.
        db.session.execute(
            update(LeagueResult)
            .where(LeagueResult.game_id == first)
            .values(mu=LeagueResult.mu + 3, points_for=LeagueResult.points_for + 7)
        )
        db.session.execute(delete(LeagueResult).where(LeagueResult.game_id == second))
        db.session.execute(update(Game).where(Game.id == third).values(winner_side=None))
        row = db.session.scalars(select(Standing.id).where(Standing.league_id == league_id)).first()
        db.session.execute(delete(Standing).where(Standing.id == row))
        db.session.execute(
            update(Player).where(Player.league_id == league_id).values(mu=Player.mu - 1)
        )
        db.session.commit()
    assert state(app, pairs) != good

    # `--` before the ids, as the README says, for ids made before they stopped starting with "-"
    result = runner.invoke(args=["leagues", "rebuild", "--", pairs])
    assert result.exit_code == 0, result.output
    line = result.output.strip()
    assert line.startswith(f"{pairs} 'Pairs': 30 games, 1 winners corrected, 4 results added")
    assert "standing rows corrected" in line
    assert "8 players' ratings corrected" in line
    assert state(app, pairs) == good
    assert state(app, singles) == untouched
    again = runner.invoke(args=["leagues", "rebuild", pairs])
    assert again.output.strip() == f"{pairs} 'Pairs': 30 games, nothing changed"


def test_a_public_id_never_starts_with_a_dash() -> None:
    """So it is never read as an option on a command line; a random id without this
    would start with "-" once in 64, so 2,000 of them would show it."""
    ids = {new_public_id() for _ in range(2000)}
    assert len(ids) == 2000
    assert not [public_id for public_id in ids if public_id.startswith("-")]
    assert {len(public_id) for public_id in ids} == {22}


def test_the_command_names_leagues_or_takes_all(runner: FlaskCliRunner, leagues: list[str]) -> None:
    assert runner.invoke(args=["leagues", "rebuild"]).exit_code == 2
    assert runner.invoke(args=["leagues", "rebuild", "--all", leagues[0]]).exit_code == 2
    unknown = runner.invoke(args=["leagues", "rebuild", "no-such-league"])
    assert unknown.exit_code == 2
    assert "no league no-such-league" in unknown.output


def test_seed_demo_stopped_half_way_leaves_nothing_half_made(
    app: Flask, runner: FlaskCliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The demo is one transaction: stopped after its games are stored but before their
    standings (as by a kill, whose open transaction the database drops), nothing of the
    league stays; run again, it is whole."""
    from scorekeeper.leagues import standings

    real = standings.add_results

    def killed(*_args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(standings, "add_results", killed)
    stopped = runner.invoke(args=["seed-demo", "--players", "6", "--games", "700"])
    assert stopped.exit_code != 0
    with app.app_context():
        assert db.session.scalars(select(League)).all() == []
        assert db.session.scalars(select(Game)).all() == []
    monkeypatch.setattr(standings, "add_results", real)
    done = runner.invoke(args=["seed-demo", "--players", "6", "--games", "12"])
    assert done.exit_code == 0, done.output
    public_id = re.search(r"/leagues/([^/]+)/", done.output).group(1)  # type: ignore[union-attr]
    assert (
        runner.invoke(args=["leagues", "rebuild", public_id])
        .output.strip()
        .endswith("12 games, nothing changed")
    )
