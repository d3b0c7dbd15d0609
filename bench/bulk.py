"""Measure the bulk paths of leagues (run by hand, not a test).

Seeds a demo league of `--games` games (`seed_league`, as `flask seed-demo` does),
exports it as JSON (`export_league`) and imports that file again (`import_league`),
`--repeat` times, and prints the median time of each, per game: wall-clock time and,
in brackets, this process's CPU time (on a shared machine the wall clock also counts
waiting for a CPU; on PostgreSQL the server's work is in the wall clock only):

    .venv/bin/python bench/bulk.py                       # SQLite, a temporary file
    .venv/bin/python bench/bulk.py --database-url postgresql+psycopg://postgres@127.0.0.1:5432/test

With a PostgreSQL URL, a throwaway database is created next to the one named and
dropped at the end (as `bench/leagues.py` does). Only ever point it at a local server.
Every import is checked to give back exactly the file it was made from.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import flask_migrate
from sqlalchemy import func, select
from sqlalchemy.engine import make_url

from bench.leagues import throwaway_database
from scorekeeper import create_app
from scorekeeper.accounts.models import User
from scorekeeper.accounts.services import create_user
from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand
from scorekeeper.leagues.demo import seed_league
from scorekeeper.leagues.models import League
from scorekeeper.leagues.transfer import export_league, import_league

Seconds = tuple[float, float]


def timed(action: Callable[[], Any]) -> tuple[Seconds, Any]:
    """(wall, CPU) seconds `action` took from an empty session, and what it returned."""
    db.session.remove()
    start, cpu = time.perf_counter(), time.process_time()
    value = action()
    return (time.perf_counter() - start, time.process_time() - cpu), value


def one_round(owner_id: int, number: int, players: int, games: int) -> tuple[Seconds, ...]:
    """Seed a demo league, export it, import the export: the seconds of each."""

    def owner() -> User:
        """The owner, in the session of the moment."""
        return db.session.get_one(User, owner_id)

    demo_s, league = timed(lambda: seed_league(owner(), f"Demo {number}", players, games, number))
    league_id = league.id
    export_s, data = timed(lambda: export_league(db.session.get_one(League, league_id)))
    text = json.dumps(data)
    import_s, copy = timed(lambda: import_league(json.loads(text), owner()))
    copy_id = copy.id
    assert export_league(db.session.get_one(League, copy_id)) == data, "the import changed it"
    return demo_s, export_s, import_s


def main() -> None:
    """Measure on a throwaway database and print one line of figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    parser.add_argument("--players", type=int, default=24)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    with throwaway_database(args.database_url) as url:
        app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
        with app.app_context():
            flask_migrate.upgrade()
            owner_id = create_user("bench", "bench-password").id
            rounds = [
                one_round(owner_id, number, args.players, args.games)
                for number in range(1, args.repeat + 1)
            ]
            hands = db.session.scalar(select(func.count()).select_from(Hand).join(Game))
            db.session.remove()
            db.engine.dispose()
    dialect = make_url(url).get_backend_name()
    figures = [per_game(times, args.games) for times in zip(*rounds, strict=True)]
    print(
        f"{dialect:10} {args.games} games, {hands / (2 * args.repeat * args.games):.1f} hands "
        f"a game, median of {args.repeat}, ms per game: demo {figures[0]}, "
        f"export {figures[1]}, import {figures[2]}",
        flush=True,
    )


def per_game(rounds: tuple[Seconds, ...], games: int) -> str:
    """The median wall and CPU milliseconds per game of `rounds`, as "wall (CPU)"."""
    wall = statistics.median(seconds[0] for seconds in rounds) * 1000 / games
    cpu = statistics.median(seconds[1] for seconds in rounds) * 1000 / games
    return f"{wall:.3f} ({cpu:.3f} CPU)"


if __name__ == "__main__":
    main()
