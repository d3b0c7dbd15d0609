"""A 64-pair tournament simulated to its end, timed (run by hand, not a test).

Sixty-four pairs, drawn into sixteen groups (gironi) of four, the best two of each on
to a knockout of 32 (final included): 96 group matches over three rounds, then 31
knockout matches. Everything goes through the HTTP routes in-process (the Flask test
client, CSRF on as in production): the organiser creates the tournament, pastes the
entries, draws, starts, and enters every match's result by hand on the round page
(POST ``/tournaments/<id>/matches/<match>/result``, then the round page it redirects
to), asks for the next round when one is complete; after every result the venue's
screen page (GET ``/tournaments/<id>/screen``) is read, as a TV refreshing would.

Timed per request by WSGI middleware around the app only (no client, no network):
server CPU (``time.process_time``, as ``bench/board.py``) and wall time
(``time.perf_counter``, which also holds the database's answer). Reported: median and
95th percentile in ms of the screen page (in the groups, in the knockout, and all),
of recording a result (the POST) and of the round page after it, and the round page's
size.

    .venv/bin/python bench/tournament.py                       # SQLite, a temporary file
    .venv/bin/python bench/tournament.py --database-url postgresql://postgres@127.0.0.1/test

With a PostgreSQL URL a throwaway database is created next to the one named and dropped
at the end. Only ever point it at a local server.
"""

from __future__ import annotations

import argparse
import logging
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import flask_migrate
from flask.testing import FlaskClient
from sqlalchemy import select, text

from bench.leagues import throwaway_database
from scorekeeper import create_app
from scorekeeper.accounts.services import create_user
from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Status, Tournament

PASSWORD = "bench-password"
_CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]*)"')


class Timer:
    """WSGI middleware: server CPU and wall time (ms) and size (bytes) of each request's
    answer, by a label."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.label: str | None = None
        self.cpu: dict[str, list[float]] = {}
        self.wall: dict[str, list[float]] = {}
        self.size: dict[str, list[int]] = {}

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        cpu, wall = time.process_time(), time.perf_counter()
        body = list(self.app(environ, start_response))  # the whole response, rendered
        if self.label is not None:
            self.cpu.setdefault(self.label, []).append((time.process_time() - cpu) * 1000)
            self.wall.setdefault(self.label, []).append((time.perf_counter() - wall) * 1000)
            self.size.setdefault(self.label, []).append(sum(map(len, body)))
        return body


def csrf(client: FlaskClient, url: str) -> str:
    """The CSRF token of the form on ``url``."""
    found = _CSRF.search(client.get(url).get_data(as_text=True))
    assert found, url
    return found.group(1)


def post(client: FlaskClient, form_url: str, action: str, **data: str) -> str:
    """Send a form from ``form_url`` to ``action`` as the browser would; the redirect."""
    response = client.post(action, data={"csrf_token": csrf(client, form_url), **data})
    assert response.status_code == 302, (action, response.status_code)
    return str(response.headers["Location"])


def entries(pairs: int) -> str:
    """``pairs`` pairs, a club for every fourth (to keep apart in the first round)."""
    clubs = ("Circolo Aurora", "Bar Sport", "Circolo ACLI", "Pro Loco")
    lines = []
    for n in range(1, pairs + 1):
        club = f" ({clubs[n % len(clubs)]})" if n % 4 == 0 else ""
        lines.append(f"Giocatore {2 * n - 1} & Giocatore {2 * n}{club}")
    return "\n".join(lines)


def open_matches(public_id: str) -> list[tuple[int, int, str]]:
    """The open matches of the tournament: id, best of, stage kind."""
    t = db.session.scalars(select(Tournament).where(Tournament.public_id == public_id)).one()
    found = []
    for stage, round_ in services.rounds(t):
        for match in services.matches(round_):
            if not match.is_bye and services.result_of(match) is None:
                found.append((match.id, match.games, stage.kind))
    db.session.rollback()  # read only: let the app's requests see the newest rows
    return found


def status_of(public_id: str) -> str:
    t = db.session.scalars(select(Tournament).where(Tournament.public_id == public_id)).one()
    status = t.status
    db.session.rollback()
    return status


def figures(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):.1f} / {p95:.1f}"


def start_tournament(client: FlaskClient, pairs: int, seed: int) -> str:
    """Create, fill, draw and start the tournament through its forms; its address."""
    location = post(
        client,
        "/tournaments/new",
        "/tournaments/new",
        name="Torneo di San Rocco",
        held_on="2026-08-16",
        format="2x2",
        structure="groups_knockout",
        group_size="4",
        qualifiers="2",
        games="1",
        target="11",
        knockout_games="1",
        knockout_target="11",
        final_games="3",
        final_target="21",
        preset="scopa-2x2",
        entry_fee="5",
    )
    public_id = location.split("/")[2]
    base = f"/tournaments/{public_id}"
    post(client, f"{base}/entries", f"{base}/entries", entries=entries(pairs))
    post(client, f"{base}/entries", f"{base}/draw", seed=str(seed))
    post(client, f"{base}/entries", f"{base}/start")
    return base


def play(
    client: FlaskClient,
    timer: Timer,
    match_url: str,
    best_of: int,
    kind: str,
    token: str,
    rng: random.Random,
) -> None:
    """Enter one match's result (a random winner), read the round page it redirects to
    and the screen, each timed under its label."""
    needed = best_of // 2 + 1
    first_wins = rng.random() < 0.5
    lost = rng.randrange(0, needed)  # partite the loser took
    wins = (needed, lost) if first_wins else (lost, needed)
    points = [rng.randrange(20, 41) * needed for _ in range(2)]
    timer.label = "result"
    response = client.post(
        f"{match_url}/result",
        data={
            "csrf_token": token,
            "wins_first": str(wins[0]),
            "wins_second": str(wins[1]),
            "points_first": str(points[0]),
            "points_second": str(points[1]),
        },
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    timer.label = "rounds"
    page = client.get(response.headers["Location"])
    assert page.status_code == 200
    timer.label = f"screen {kind}"
    assert client.get(f"{match_url.rsplit('/matches/', 1)[0]}/screen").status_code == 200
    timer.label = None


def report(timer: Timer, title: str) -> None:
    """Print the figures of each kind of request."""
    screens = [*timer.cpu["screen groups"], *timer.cpu["screen knockout"]]
    screens_wall = [*timer.wall["screen groups"], *timer.wall["screen knockout"]]
    print(f"{title}; server CPU / wall ms, median / p95:")
    rows = [
        ("screen page, all", screens, screens_wall),
        ("screen page, groups", timer.cpu["screen groups"], timer.wall["screen groups"]),
        ("screen page, knockout", timer.cpu["screen knockout"], timer.wall["screen knockout"]),
        ("record a result (POST)", timer.cpu["result"], timer.wall["result"]),
        ("round page after it", timer.cpu["rounds"], timer.wall["rounds"]),
    ]
    for name, cpu, wall in rows:
        print(f"  {name:24} n={len(cpu):3}  CPU {figures(cpu):>13}  wall {figures(wall):>13}")
    sizes = timer.size["rounds"]
    print(
        f"  round page after it: {statistics.median(sizes):,.0f} bytes median, "
        f"{max(sizes):,} the largest (uncompressed)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--pairs", type=int, default=64)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    with throwaway_database(args.database_url) as url:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": url,
                "SECRET_KEY": "bench",
                "RATELIMIT_ENABLED": False,
                "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
            }
        )
        timer = Timer(app.wsgi_app)
        app.wsgi_app = timer  # type: ignore[method-assign]
        with app.app_context():
            logging.disable(logging.INFO)  # Alembic's progress
            flask_migrate.upgrade()
            create_user("organiser", PASSWORD)
        client = app.test_client()
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "it"
        post(
            client,
            "/account/login",
            "/account/login",
            username="organiser",
            password=PASSWORD,
        )
        started = time.perf_counter()
        base = start_tournament(client, args.pairs, args.seed)
        public_id = base.split("/")[2]
        results = 0
        with app.app_context():
            if db.engine.dialect.name == "postgresql":
                db.session.execute(text("ANALYZE"))
                db.session.commit()
            while status_of(public_id) != Status.FINISHED.value:
                waiting = open_matches(public_id)
                if not waiting:
                    post(client, f"{base}/rounds", f"{base}/next-round")
                    continue
                token = csrf(client, f"{base}/rounds")
                for match_id, best_of, kind in waiting:
                    play(client, timer, f"{base}/matches/{match_id}", best_of, kind, token, rng)
                    results += 1
            dialect = db.engine.dialect.name
            db.engine.dispose()
        took = time.perf_counter() - started
    report(
        timer,
        f"{dialect}: {args.pairs} pairs, {results} results entered, played out in {took:.0f} s",
    )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
