"""Measure the league pages at scale (run by hand, not a test).

Builds a league of 200 players with 2,000 games, measures, grows it to 20,000 games,
measures again, and prints the server time (median and 95th percentile, through the
Flask test client, so no network) of:

- the standings page (all time),
- a player page (the player with the most games, with a head-to-head),
- saving a hand that finishes a league game (results and rating written at once).

    .venv/bin/python bench/leagues.py                      # SQLite, a temporary file
    .venv/bin/python bench/leagues.py --database-url postgresql://postgres@127.0.0.1/test

With a PostgreSQL URL, a throwaway database is created next to the one named and
dropped at the end. Only ever point it at a local server.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import flask_migrate
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, text
from sqlalchemy.engine import make_url

from scorekeeper import create_app, normalize_database_url
from scorekeeper.accounts.services import create_user
from scorekeeper.extensions import db
from scorekeeper.leagues.demo import seed_games, seed_league
from scorekeeper.leagues.models import LeagueResult, Player

PASSWORD = "bench-password"
REFERENCE_HAND = {
    "sides-0-cards": "22",
    "sides-0-denari": "6",
    "settebello": "0",
    "primiera": "0",
    "sides-0-scope": "1",
}


@contextmanager
def throwaway_database(url: str | None) -> Iterator[str]:
    """A fresh database URL: a temporary SQLite file, or a new PostgreSQL database."""
    if not url:
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/bench.sqlite3"
        return
    import psycopg
    from psycopg import sql

    parsed = make_url(normalize_database_url(url))
    admin = parsed.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"sk_bench_{os.getpid()}_{secrets.token_hex(3)}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield parsed.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def timed(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median and 95th percentile in milliseconds of `repeat` runs (after one warm-up)."""
    action()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
    return statistics.median(samples), p95


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--sizes", default="2000,20000", help="game counts to measure at")
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    with throwaway_database(args.database_url) as url:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": url,
                "SECRET_KEY": "bench",
                "RATELIMIT_ENABLED": False,
                "WTF_CSRF_ENABLED": False,
                "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
            }
        )
        with app.app_context():
            flask_migrate.upgrade()
            owner = create_user("bench", PASSWORD)
            started = time.perf_counter()
            league = seed_league(owner, "Bench", args.players, 0, seed=7)
            public_id, league_id = league.public_id, league.id
        client = app.test_client()
        client.post("/account/login", data={"username": "bench", "password": PASSWORD})
        dialect = make_url(url).get_backend_name()
        built = 0
        for size in sizes:
            with app.app_context():
                started = time.perf_counter()
                seed_games(db.session.get_one(type(league), league_id), size - built, seed=size)
                build_s = time.perf_counter() - started
                built = size
                if db.engine.dialect.name == "postgresql":
                    # Fresh planner statistics after the bulk load, as autovacuum would
                    # gather soon after (without them PostgreSQL may scan whole tables).
                    db.session.execute(text("ANALYZE"))
                    db.session.commit()
                results = db.session.scalar(select(func.count()).select_from(LeagueResult))
                busiest = db.session.execute(
                    select(LeagueResult.player_id, func.count().label("n"))
                    .where(LeagueResult.league_id == league_id)
                    .group_by(LeagueResult.player_id)
                    .order_by(func.count().desc())
                    .limit(2)
                ).all()
            player_url = (
                f"/leagues/{public_id}/players/{busiest[0].player_id}"
                f"?against={busiest[1].player_id}"
            )
            (s_med, s_p95), (p_med, p_p95), (v_med, v_p95) = measure(
                app, client, public_id, league_id, player_url, args.repeat
            )
            print(
                f"{dialect:10} {size:6} games ({results} result rows, built in {build_s:.0f} s): "
                f"standings {s_med:.1f} / {s_p95:.1f} ms, player {p_med:.1f} / {p_p95:.1f} ms, "
                f"save finishing hand {v_med:.1f} / {v_p95:.1f} ms (median / p95)",
                flush=True,
            )
        with app.app_context():
            db.engine.dispose()


def measure(
    app: Flask, client: FlaskClient, public_id: str, league_id: int, player_url: str, repeat: int
) -> list[tuple[float, float]]:
    """(median, p95) in ms of the standings page, the player page, and a finishing hand."""

    def standings() -> None:
        assert client.get(f"/leagues/{public_id}/").status_code == 200

    def player() -> None:
        assert client.get(player_url).status_code == 200

    with app.app_context():
        ids = list(
            db.session.scalars(select(Player.id).where(Player.league_id == league_id).limit(2))
        )
    saves = []
    for _ in range(repeat + 1):
        response = client.post(
            f"/leagues/{public_id}/games/new",
            data={
                "players-0": ids[0],
                "players-1": ids[1],
                "new_names-0": "",
                "new_names-1": "",
                "first_dealer": "0",
            },
        )
        board = response.headers["Location"]
        for number in (1, 2):
            client.post(f"{board}/hands", data=_hand(number))
        start = time.perf_counter()
        response = client.post(f"{board}/hands", data=_hand(3))
        saves.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 302, response.status_code
    saves = sorted(saves[1:])
    return [
        timed(standings, repeat),
        timed(player, repeat),
        (statistics.median(saves), saves[round(0.95 * (len(saves) - 1))]),
    ]


def _hand(number: int) -> dict[str, str]:
    return {
        "request_id": secrets.token_hex(8),
        "number": str(number),
        "action": "save",
        "sides-1-cards": "",
        "sides-1-denari": "",
        "sides-1-scope": "0",
        **REFERENCE_HAND,
    }


if __name__ == "__main__":
    main()
