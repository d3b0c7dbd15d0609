"""Two phones entering different results for the same match at the same moment, 16
times: how many of the 16 end with both told "saved" and the later result silently
replacing the earlier one (run by hand, not a test).

A Swiss tournament of 32 pairs is created, drawn and started through its forms (16
matches at their tables). The organiser and a helper each open the round page (each
form carries the match's result version, if the app sends one), then for every match
both send a different result at the same instant (two threads at a barrier, each its
own test client, CSRF on as in production). A race counts as a silent overwrite when
both answers are "saved" (a redirect) and the two results differ.

    .venv/bin/python bench/result_races.py                       # SQLite, a temporary file
    .venv/bin/python bench/result_races.py --database-url postgresql://postgres@127.0.0.1/test

With a PostgreSQL URL a throwaway database is created next to the one named and dropped
at the end. Only ever point it at a local server.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import flask_migrate
from flask.testing import FlaskClient

from bench.leagues import throwaway_database
from bench.tournament import csrf, entries, post
from scorekeeper import create_app
from scorekeeper.accounts.services import create_user

PASSWORD = "bench-password"
RACES = 16
_FORM = re.compile(r'action="/tournaments/[\w-]+/matches/(\d+)/result"(.*?)</form>', re.S)
_VERSION = re.compile(r'name="version"[^>]*value="(\d+)"')


def login(client: FlaskClient, username: str) -> None:
    post(client, "/account/login", "/account/login", username=username, password=PASSWORD)


def forms(client: FlaskClient, base: str) -> dict[int, tuple[str, str | None]]:
    """The result forms on the round page: the CSRF token and the version each carries."""
    html = client.get(f"{base}/rounds").get_data(as_text=True)
    token = csrf(client, f"{base}/rounds")
    found = {}
    for match_id, body in _FORM.findall(html):
        version = _VERSION.search(body)
        found[int(match_id)] = (token, version.group(1) if version else None)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default=None)
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
        with app.app_context():
            logging.disable(logging.INFO)  # Alembic's progress
            flask_migrate.upgrade()
            create_user("organiser", PASSWORD)
            create_user("helper", PASSWORD)
            dialect = app.extensions["sqlalchemy"].engine.dialect.name
        organiser, helper = app.test_client(), app.test_client()
        login(organiser, "organiser")
        location = post(
            organiser,
            "/tournaments/new",
            "/tournaments/new",
            name="Torneo delle gare",
            held_on="2026-08-16",
            format="2x2",
            structure="swiss",
            rounds="3",
            group_size="4",
            qualifiers="2",
            games="1",
            target="11",
            knockout_games="1",
            knockout_target="11",
            final_games="1",
            final_target="11",
            preset="scopa-2x2",
            entry_fee="0",
        )
        base = "/" + "/".join(location.split("/")[1:3])
        post(organiser, f"{base}/members", f"{base}/members", username="helper", role="helper")
        post(organiser, f"{base}/entries", f"{base}/entries", entries=entries(2 * RACES))
        post(organiser, f"{base}/entries", f"{base}/draw", seed="5")
        post(organiser, f"{base}/entries", f"{base}/start")
        login(helper, "helper")
        seen = [forms(organiser, base), forms(helper, base)]
        silent = refused = 0
        for match_id in sorted(seen[0])[:RACES]:
            answers: list[int] = [0, 0]
            barrier = threading.Barrier(2)

            def send(
                i: int,
                match_id: int = match_id,
                answers: list[int] = answers,
                barrier: threading.Barrier = barrier,
            ) -> None:
                client = (organiser, helper)[i]
                token, version = seen[i][match_id]
                data = {
                    "csrf_token": token,
                    "wins_first": "1" if i == 0 else "0",
                    "wins_second": "0" if i == 0 else "1",
                    "points_first": "11" if i == 0 else "5",
                    "points_second": "3" if i == 0 else "11",
                }
                if version is not None:
                    data["version"] = version
                barrier.wait(30)
                answers[i] = client.post(f"{base}/matches/{match_id}/result", data=data).status_code

            threads = [threading.Thread(target=send, args=(i,)) for i in (0, 1)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
            if answers == [302, 302]:
                silent += 1
            elif sorted(answers) == [302, 409]:
                refused += 1
            else:
                print(f"  match {match_id}: answers {answers}")
    print(
        f"{dialect}: {silent} silent overwrites out of {RACES}; "
        f"{refused} second results refused and shown the stored one"
    )


if __name__ == "__main__":
    main()
