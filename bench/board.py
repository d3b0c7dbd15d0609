"""Server CPU of saving a hand with its board (run by hand, not a test).

A phone at the table saves a hand by counts (POST ``/g/<token>/hands``) and follows the
redirect to the board (GET ``/g/<token>``), which carries the form for the next hand.
This script plays that in-process through the Flask test client, with CSRF on as in
production, and times only the app: ``time.process_time`` around each WSGI call (no
client, no network), summed over the POST and the GET of one save. PostgreSQL's own
CPU is not in it (it runs in another process); the Python side is what the workers pay.

It plays ``--games`` games of ``--hands`` hands each (sides alternating, to a target
no side reaches) and reports, for the save of the last hand (the board then shows
``--hands`` hands), the median and 95th percentile in ms of server CPU, and the number
of SQL statements of the save and of the board.

    .venv/bin/python bench/board.py                       # SQLite, a temporary file
    .venv/bin/python bench/board.py --database-url postgresql://postgres@127.0.0.1/test
    .venv/bin/python bench/board.py --profile board.prof  # cProfile of the measured saves

With a PostgreSQL URL a throwaway database is created next to the one named and dropped
at the end. Only ever point it at a local server.

The measured requests (the POST and the GET of each last hand) run inside
``operator.call``, a C function that nothing else here calls: `bench/instructions.py`
has callgrind count instructions only inside it, the app's alone (not the test
client's, not this script's).
"""

from __future__ import annotations

import argparse
import cProfile
import logging
import operator
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import flask_migrate
from sqlalchemy import event

from bench.leagues import throwaway_database
from scorekeeper import create_app
from scorekeeper.extensions import db

#: Two hands that give each side 5 points in turn (carte, denari, settebello, primiera,
#: one scopa), so no side pulls ahead and a game of 10 hands to 41 is never won.
HANDS = (
    {"sides-0-cards": "22", "sides-0-denari": "6", "settebello": "0", "primiera": "0"},
    {"sides-0-cards": "18", "sides-0-denari": "4", "settebello": "1", "primiera": "1"},
)


class CpuTimer:
    """WSGI middleware: server CPU (``time.process_time``) and SQL statements per request."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.cpu: list[float] = []
        self.statements: list[int] = []
        self.counting = 0
        self.profile: cProfile.Profile | None = None
        self.recording = False

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        self.counting = 0
        profile = self.profile if self.recording else None
        start = time.process_time()
        if profile is not None:
            profile.enable()
        if self.recording:  # inside operator.call: see the module's docstring
            body = operator.call(_rendered, self.app, environ, start_response)
        else:
            body = _rendered(self.app, environ, start_response)
        if profile is not None:
            profile.disable()
        self.cpu.append((time.process_time() - start) * 1000)
        self.statements.append(self.counting)
        return body


def _rendered(
    app: Callable[..., Iterable[bytes]], environ: dict[str, Any], start_response: Callable[..., Any]
) -> list[bytes]:
    """The whole response of ``app``, rendered."""
    return list(app(environ, start_response))


def hand_form(html: str, number: int) -> dict[str, str]:
    """The board's hand form filled in with hand ``number``'s counts, as a phone sends it."""
    data = {
        name: re.search(rf'name="{name}"[^>]*value="([^"]*)"', html).group(1)  # type: ignore[union-attr]
        for name in ("csrf_token", "request_id", "number")
    }
    data |= {f"sides-{i}-{f}": "" for i in (0, 1) for f in ("cards", "denari")}
    odd = number % 2 == 1  # odd hands go to the first side, even ones to the second
    data |= {"sides-0-scope": str(int(odd)), "sides-1-scope": str(int(not odd)), "action": "save"}
    return data | HANDS[(number - 1) % 2]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--profile", help="write a cProfile of the measured saves here")
    args = parser.parse_args()

    with throwaway_database(args.database_url) as url:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": url,
                "SECRET_KEY": "bench",
                "RATELIMIT_ENABLED": False,
                "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
            }
        )
        timer = CpuTimer(app.wsgi_app)
        app.wsgi_app = timer  # type: ignore[method-assign]
        with app.app_context():
            logging.disable(logging.INFO)  # Alembic's progress
            flask_migrate.upgrade()

            @event.listens_for(db.engine, "before_cursor_execute")
            def count(*_args: object) -> None:
                timer.counting += 1

        if args.profile:
            timer.profile = cProfile.Profile()
        client = app.test_client()
        saves, posts, boards, save_sql, board_sql = [], [], [], [], []
        for game in range(args.games + 1):  # the first game warms up
            html = client.get("/games/new").get_data(as_text=True)
            token = re.search(r'name="csrf_token"[^>]*value="([^"]*)"', html).group(1)  # type: ignore[union-attr]
            response = client.post(
                "/games/new",
                data={
                    "csrf_token": token,
                    "format": "2",
                    "target": "other",
                    "target_other": "41",
                    "first_dealer": "0",
                    "names-0": "Anna",
                    "names-1": "Bruno",
                },
            )
            board = response.headers["Location"]
            html = client.get(board).get_data(as_text=True)
            for number in range(1, args.hands + 1):
                last = number == args.hands and game > 0
                timer.recording = last
                response = client.post(f"{board}/hands", data=hand_form(html, number))
                assert response.status_code == 302, response.get_data(as_text=True)
                html = client.get(response.headers["Location"]).get_data(as_text=True)
                assert 'class="flash flash-success"' in html, html
                timer.recording = False
                if last:
                    saves.append(timer.cpu[-2] + timer.cpu[-1])
                    posts.append(timer.cpu[-2])
                    boards.append(timer.cpu[-1])
                    save_sql.append(timer.statements[-2])
                    board_sql.append(timer.statements[-1])
        with app.app_context():
            dialect = db.engine.dialect.name
            db.engine.dispose()
    saves.sort()
    p95 = saves[min(len(saves) - 1, round(0.95 * (len(saves) - 1)))]
    print(
        f"{dialect:10} save of hand {args.hands} with its board, {len(saves)} games: "
        f"server CPU {statistics.median(saves):.1f} ms median, {p95:.1f} ms p95, "
        f"{saves[0]:.1f} ms least (POST {statistics.median(posts):.1f}, "
        f"board {statistics.median(boards):.1f} ms median); "
        f"SQL statements: save {statistics.median(save_sql):.0f}, "
        f"board {statistics.median(board_sql):.0f}"
    )
    if timer.profile is not None:
        timer.profile.dump_stats(args.profile)
        print(f"profile of the measured saves in {args.profile}")
    sys.stdout.flush()
    time.sleep(0)


if __name__ == "__main__":
    main()
