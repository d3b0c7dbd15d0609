"""The job queue survives a consumer's death: a consumer killed with SIGKILL in the middle
of a league import leaves its message taken, and the next consumer to start runs the
import again, which stores the league exactly once (never a game twice, nothing left
hidden). On the default queue (the app's own database: SQLite, or PostgreSQL with
TEST_DATABASE_URL) and on Redis (`JOBS_URL`, when a Redis answers on 127.0.0.1:6379).

The consumers are real processes (tests/helpers/job_consumer.py, as
``flask jobs consume`` runs); each says on its standard output when it holds an import
and when it finished a task, and the test waits for those lines: no sleep.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper import jobs
from scorekeeper.accounts.services import find_user
from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues import demo, imports, transfer
from scorekeeper.leagues.models import League, LeagueImport
from tests.helpers import EN
from tests.helpers.actions import signup
from tests.helpers.leagues import send_league_file

ROOT = Path(__file__).resolve().parents[2]
REDIS = "redis://127.0.0.1:6379/0"
#: Seconds a consumer may take to say what the test waits for (a bound, not a pace).
PATIENCE = 120


def _redis_answers() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS, socket_timeout=1).ping())
    except redis.RedisError:
        return False


@pytest.fixture(params=["database", "redis"])
def queue(request: pytest.FixtureRequest) -> Iterator[dict[str, Any]]:
    """The queue's settings: the default (the app's database), or Redis (a namespace of
    the test's own, its keys deleted after; a consumer silent for 2 s is dead)."""
    if request.param == "database":
        yield {}
        return
    if not _redis_answers():
        pytest.skip("no Redis on 127.0.0.1:6379")
    namespace = f"sk-test-jobs-{uuid.uuid4().hex}"
    yield {
        "JOBS_URL": REDIS,
        "JOBS_NAMESPACE": namespace,
        "JOBS_HEARTBEAT_TIMEOUT": 2000,
        "JOBS_MAINTENANCE_CHANCE": 1_000_000,
    }
    client = redis.Redis.from_url(REDIS)
    for key in client.scan_iter(f"{namespace}*"):
        client.delete(key)


class Consumer:
    """A consumer process (tests/helpers/job_consumer.py) and the lines it prints."""

    def __init__(self, database_url: str, config: dict[str, Any], **env: str) -> None:
        environ = {
            **{k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")},
            "DATABASE_URL": database_url,
            "SECRET_KEY": "test-secret-key",
            "PYTHONUNBUFFERED": "1",
            **{f"SCOREKEEPER_{key}": str(value) for key, value in config.items()},
            **env,
        }
        environ.pop("REDIS_URL", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.helpers.job_consumer"],
            cwd=ROOT,
            env=environ,
            stdout=subprocess.PIPE,
            text=True,
        )
        self._lines = selectors.DefaultSelector()
        assert self.process.stdout is not None
        self._lines.register(self.process.stdout, selectors.EVENT_READ)

    def said(self, start: str) -> str:
        """The first line it prints from now on that starts with `start`."""
        assert self.process.stdout is not None
        while True:
            assert self._lines.select(PATIENCE), f"the consumer never said {start!r}"
            line = self.process.stdout.readline()
            assert line, f"the consumer ended ({self.process.wait()}) before {start!r}"
            if line.startswith(start):
                return line.strip()

    def kill(self, sig: signal.Signals) -> int:
        self.process.send_signal(sig)
        return self.process.wait(PATIENCE)

    def close(self) -> None:
        if self.process.poll() is None:
            self.kill(signal.SIGKILL)
        self._lines.close()
        assert self.process.stdout is not None
        self.process.stdout.close()


@contextmanager
def consumer(database_url: str, config: dict[str, Any], **env: str) -> Iterator[Consumer]:
    started = Consumer(database_url, config, **env)
    try:
        yield started
    finally:
        started.close()


def _games() -> int:
    return db.session.scalar(select(func.count()).select_from(Game)) or 0


def _owner_and_file(app: Flask) -> tuple[FlaskClient, dict[str, Any], int]:
    """A client logged in as "owner", a league file of owner's (5 games of a demo league)
    and the games stored before any import."""
    client = app.test_client()
    signup(client, "owner")
    with app.app_context():
        owner = find_user("owner")
        assert owner is not None
        data = transfer.export_league(demo.seed_league(owner, "Demo", 4, 5, seed=7))
        return client, data, _games()


def test_an_import_whose_consumer_is_killed_mid_way_completes_exactly_once_on_the_next(
    make_app: Callable[..., Flask], migrated_database_url: str, queue: dict[str, Any]
) -> None:
    app = make_app(JOBS_EAGER=False, **queue)
    client, data, games_before = _owner_and_file(app)
    data["league"]["name"] = "Imported"
    response = send_league_file(client, json.dumps(data).encode(), EN, follow=False)
    assert response.status_code == 302
    progress = response.headers["Location"]
    # Queued: no consumer runs yet, the page says none of the 5 games is stored.
    assert "0 of 5 games" in client.get(progress, headers=EN).get_data(as_text=True)

    with consumer(migrated_database_url, queue, HOLD_AT_GAMES="2") as first:
        assert first.said("held") == "held 2"
        assert "2 of 5 games" in client.get(progress, headers=EN).get_data(as_text=True)
        assert first.kill(signal.SIGKILL) == -signal.SIGKILL
    with app.app_context():
        job = db.session.scalars(select(LeagueImport)).one()
        assert (job.status, job.attempt, job.games_done) == (imports.RUNNING, 1, 2)
        assert db.session.scalars(select(League.importing)).all() == [False, True]
        if not queue:
            assert jobs.queued() == 1  # still taken by the dead process

    with consumer(migrated_database_url, queue) as second:
        assert second.said("done") == f"done league-import {job.id}"
        with app.app_context():
            job = db.session.scalars(select(LeagueImport)).one()
            assert (job.status, job.attempt) == (imports.DONE, 2)
            imported = db.session.scalars(select(League).where(League.name == "Imported")).one()
            assert imported.importing is False
            assert imports.hidden_leagues() == []
            assert _games() == games_before + len(data["games"])
            assert transfer.export_league(imported) == data
            assert jobs.queued() == 0  # acknowledged (Redis's queue is not in the database)
        assert second.kill(signal.SIGTERM) == 0  # a graceful stop
    response = client.get(progress, headers=EN)
    assert response.status_code == 302
    assert response.headers["Location"] == f"/leagues/{imported.public_id}/"


def test_an_import_the_queue_cannot_take_fails_at_once_and_says_so(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(JOBS_EAGER=False, JOBS_URL="redis://127.0.0.1:1/0", JOBS_REDIS_TIMEOUT=0.5)
    client, data, games_before = _owner_and_file(app)
    response = send_league_file(client, json.dumps(data).encode(), EN, follow=True)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Nothing was imported. The import failed on the server. Try again." in page
    with app.app_context():
        job = db.session.scalars(select(LeagueImport)).one()
        assert job.status == imports.FAILED
        assert _games() == games_before
