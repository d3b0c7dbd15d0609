"""Fixtures for every test: the app on a fresh, migrated database, a client, a CLI runner.

Database: with TEST_DATABASE_URL set (PostgreSQL), a uniquely named database is created
next to the one it names for this test session and dropped at the end, so several
people can run the suite at once; otherwise a SQLite file in pytest's tmp dir. The
schema comes from the Alembic migrations (once per session), and after each test every
table is emptied.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import flask_migrate
import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from hypothesis import settings
from sqlalchemy.engine import make_url
from werkzeug.test import TestResponse

from scorekeeper import create_app, normalize_database_url
from scorekeeper.extensions import db
from tests.helpers import csrf_token as _csrf_token
from tests.helpers import empty_tables, make_test_config

# No timed assertions in tests: Hypothesis's per-example deadline (200 ms) failed
# property tests whenever other work shared the CPU. Speed is measured in bench/.
settings.register_profile("scorekeeper", deadline=None)
settings.load_profile("scorekeeper")


#: The share of the generated corpora (the oracle's differential hands, the phone scorer's
#: conformance cases) that ``--corpus quick`` runs: the seed-fixed first tenth of each.
QUICK_CORPUS_SHARE = 10


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--corpus quick`` (`make check`) or ``full`` (the default, `make test` and CI)."""
    parser.addoption(
        "--corpus",
        choices=("full", "quick"),
        default="full",
        help="full: every generated hand (CI); quick: the first tenth of each corpus",
    )


@pytest.fixture(scope="session")
def corpus_share(request: pytest.FixtureRequest) -> int:
    """1 for the full generated corpora, ``QUICK_CORPUS_SHARE`` for their first tenth."""
    return QUICK_CORPUS_SHARE if request.config.getoption("corpus") == "quick" else 1


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say how many generated cases the passed tests compared (``record_property``'s
    ``generated_cases``), so a run's corpus is reported, not assumed."""
    counts: dict[str, int] = {}
    for report in terminalreporter.stats.get("passed", []):
        for name, value in getattr(report, "user_properties", ()):
            if name == "generated_cases":
                for kind, count in value.items():
                    counts[kind] = counts.get(kind, 0) + count
    if counts:
        figures = ", ".join(f"{count:,} {kind}" for kind, count in sorted(counts.items()))
        terminalreporter.write_line(f"generated cases compared: {figures}")


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL of this session's own empty database (PostgreSQL or SQLite)."""
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        path: Path = tmp_path_factory.mktemp("db") / "scorekeeper-test.sqlite3"
        yield f"sqlite:///{path}"
        return

    import psycopg
    from psycopg import sql

    url = make_url(normalize_database_url(base))
    admin_dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"sk_test_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(admin_dsn, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin_dsn, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@pytest.fixture(scope="session")
def migrated_database_url(database_url: str) -> str:
    """`database_url` after running every Alembic migration on it (once per session)."""
    app = create_app(make_test_config(database_url))
    with app.app_context():
        flask_migrate.upgrade()
        db.engine.dispose()
    return database_url


class ClosingClient(FlaskClient):
    """A test client that reads each response whole and closes it before returning it, so
    a test that never closes a response leaves no file open (warnings fail the tests)."""

    def open(self, *args: Any, buffered: bool = True, **kwargs: Any) -> TestResponse:
        return super().open(*args, buffered=buffered, **kwargs)


@pytest.fixture
def make_app(migrated_database_url: str) -> Iterator[Callable[..., Flask]]:
    """`make_app(**config)`: an app on the migrated test database with more settings.

    Afterwards every table is emptied and each app's connections are closed (on
    PostgreSQL a connection left to the garbage collector is a ResourceWarning).
    """
    apps: list[Flask] = []

    def make(**overrides: Any) -> Flask:
        app = create_app(make_test_config(migrated_database_url, **overrides))
        app.test_client_class = ClosingClient
        apps.append(app)
        return app

    yield make
    for app in apps:
        empty_tables(app)
        with app.app_context():
            db.engine.dispose()


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    """The app on the migrated test database; every table is emptied afterwards."""
    return make_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for `app` (cookies persist across its requests)."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """Runs the app's CLI commands: `runner.invoke(args=["seed-demo"])`."""
    return app.test_cli_runner()


@pytest.fixture
def csrf_token() -> Callable[[FlaskClient, str], str]:
    """`csrf_token(client, url)`: GET a page and return its form's CSRF token."""
    return _csrf_token
