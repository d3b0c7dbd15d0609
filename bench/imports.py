"""Measure the largest league import the limits allow (run by hand, not a test).

Seeds a demo league of `--seed-games` games (random deals scored by the scoring
package, as `flask seed-demo` does), exports it and repeats its games, a day later
each round, until the compact JSON fills `--max-bytes` (default: the import limit,
`IMPORT_MAX_BYTES`) or reaches the import's `MAX_GAMES` or `MAX_HANDS`. That file is then posted
to ``/leagues/import`` with the test client (form parsing, the file's checks, the job
queued), `--repeat` times, each into a new league. The league is written in the
background, so the script then follows the import's progress page, as the user's
browser does, until it leads to the league. It prints:

- the file's size, games and hands;
- the wall-clock seconds until each upload is answered, and until its league is there
  (with this process's CPU seconds for the whole import);
- on SQLite, the longest time one transaction held the write lock (from its first
  write to its commit or rollback), and the number of write transactions.

    .venv/bin/python bench/imports.py                 # SQLite, a temporary file
    .venv/bin/python bench/imports.py --database-url postgresql+psycopg://postgres@127.0.0.1:5432/test

With a PostgreSQL URL a throwaway database is created next to the one named and
dropped at the end (`bench.leagues.throwaway_database`). Only ever point it at a
local server.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import flask_migrate
from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import make_url

from bench.leagues import throwaway_database
from scorekeeper import create_app, jobs
from scorekeeper.accounts.services import create_user
from scorekeeper.extensions import db
from scorekeeper.leagues.demo import seed_league
from scorekeeper.leagues.transfer import MAX_GAMES, MAX_HANDS, export_league
from scorekeeper.leagues.views import IMPORT_MAX_BYTES

_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
#: How long an upload's import is followed before the script gives up on it.
FOLLOW_SECONDS = 300


class LockWatch:
    """The write transactions of an engine's connections and how long each held the
    write lock: from its first writing statement to its commit or rollback."""

    def __init__(self) -> None:
        self.started: dict[int, tuple[float, str]] = {}
        #: (seconds held, the transaction's first writing statement), each transaction.
        self.holds: list[tuple[float, str]] = []

    def attach(self, engine: Any) -> None:
        event.listen(engine, "before_cursor_execute", self._execute)
        event.listen(engine, "commit", self._end)
        event.listen(engine, "rollback", self._end)

    def _execute(self, conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        key = id(conn.connection.dbapi_connection)
        if key not in self.started and statement.lstrip().upper().startswith(_WRITES):
            self.started[key] = (time.perf_counter(), " ".join(statement.split()[:3]))

    def _end(self, conn: Any) -> None:
        start = self.started.pop(id(conn.connection.dbapi_connection), None)
        if start is not None:
            self.holds.append((time.perf_counter() - start[0], start[1]))


def largest_file(app: Flask, seed_games: int, max_bytes: int) -> tuple[bytes, int, int]:
    """The biggest league file of realistic games under `max_bytes` (and `MAX_GAMES`,
    `MAX_HANDS`): its bytes, games and hands."""
    with app.app_context():
        owner = create_user("seeder", "bench-password")
        data = export_league(seed_league(owner, "Demo", 24, seed_games, 1))
    games = data["games"]
    data["games"] = []
    base = len(json.dumps(data, separators=(",", ":")))
    sizes = [len(json.dumps(game, separators=(",", ":"))) + 1 for game in games]
    chosen: list[dict[str, Any]] = []
    total, round_ = base, 0
    hands = 0
    while len(chosen) < MAX_GAMES:
        for game, size in zip(games, sizes, strict=True):
            full = len(chosen) == MAX_GAMES or hands + len(game["hands"]) > MAX_HANDS
            if total + size > max_bytes or full:
                break
            hands += len(game["hands"])
            played = datetime.fromisoformat(game["played_at"]) + timedelta(days=round_)
            chosen.append({**game, "played_at": played.isoformat(timespec="seconds")})
            total += size
        else:
            round_ += 1
            continue
        break
    data["games"] = chosen
    body = json.dumps(data, separators=(",", ":")).encode()
    assert len(body) <= max_bytes, len(body)
    return body, len(chosen), sum(len(game["hands"]) for game in chosen)


def upload(app: Flask, body: bytes) -> tuple[float, float, float]:
    """Post `body` as a league file and follow the import to its league: wall seconds
    until the upload is answered and until the league is there, and CPU seconds."""
    client = app.test_client()
    assert (
        client.post(
            "/account/signup",
            data={
                "username": f"u{time.monotonic_ns()}",
                "password": "bench-password",
                "confirm": "bench-password",
            },
        ).status_code
        == 302
    ), "sign-up failed"
    start, cpu = time.perf_counter(), time.process_time()
    response = client.post(
        "/leagues/import",
        data={"file": (io.BytesIO(body), "league.json")},
        content_type="multipart/form-data",
    )
    answered = time.perf_counter() - start
    assert response.status_code == 302, response.get_data(as_text=True)[-2000:]
    progress = response.headers["Location"]
    assert "/leagues/imports/" in progress, f"the upload was not queued: {progress}"
    deadline = start + FOLLOW_SECONDS
    while True:  # the progress page, as the browser reloads it, until it leads on
        page = client.get(progress)
        if page.status_code == 302:
            break
        assert page.status_code == 200, f"the import failed: HTTP {page.status_code}"
        assert time.perf_counter() < deadline, f"no league after {FOLLOW_SECONDS} s"
        time.sleep(0.05)
    assert "/leagues/imports/" not in page.headers["Location"], "the import failed"
    return answered, time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    """Build the file, upload it `--repeat` times, print the figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    parser.add_argument("--seed-games", type=int, default=1000)
    parser.add_argument("--max-bytes", type=int, default=IMPORT_MAX_BYTES)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    with throwaway_database(args.database_url) as url:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": url,
                "SECRET_KEY": "bench",
                "WTF_CSRF_ENABLED": False,
                "RATELIMIT_ENABLED": False,
            }
        )
        with app.app_context():
            flask_migrate.upgrade()
            watch = LockWatch()
            watch.attach(db.engine)
        body, games, hands = largest_file(app, args.seed_games, args.max_bytes)
        watch.holds.clear()
        consumer = jobs.start_worker(app, threads=1)  # in this process: its CPU is counted
        try:
            rounds = [upload(app, body) for _ in range(args.repeat)]
        finally:
            consumer.stop()
        with app.app_context():
            db.engine.dispose()
    dialect = make_url(url).get_backend_name()
    answered = statistics.median(r[0] for r in rounds)
    there = statistics.median(r[1] for r in rounds)
    cpu = statistics.median(r[2] for r in rounds)
    print(
        f"{dialect:10} file {len(body) / 2**20:.2f} MiB, {games} games, {hands} hands; "
        f"median of {args.repeat} uploads: answered in {answered:.2f} s, the league there "
        f"after {there:.2f} s ({cpu:.2f} s CPU), each: "
        f"{', '.join(f'{r[1]:.2f}' for r in rounds)} s",
        flush=True,
    )
    if dialect == "sqlite":
        longest = sorted(watch.holds, reverse=True)[:3]
        print(
            f"{'':10} write lock: {len(watch.holds)} write transactions ({args.repeat} uploads "
            "and their sign-ups), the longest held it "
            + ", ".join(f"{seconds:.3f} s ({first} ...)" for seconds, first in longest),
            flush=True,
        )


if __name__ == "__main__":
    main()
