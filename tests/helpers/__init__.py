"""Every helper of the tests lives in this package; test modules import from here (or get
fixtures from a conftest.py), never from another test module (tests/unit/test_test_layout.py
checks it).

This module: what the web and e2e tests share (CSRF tokens, the test app's config, emptied
tables, the SQL statements run). Beside it: `actions` (sign up, log in, make a league through
the forms), `games` (start a game, record a hand, read a board), `leagues`, `tournaments`,
`hands` (deal cards to sides), `fuzz` (hostile values, a page's forms), `concurrency`
(work in threads at once), `confirming` (confirmation by the other side in the web tests:
a "Confermiamo" form, a league awaiting confirmation, a tournament's match and its result),
`flows` (a player's Playwright steps, also for bench/pages.py; playwright is imported only
when a flow runs), `confirm_flows` (the e2e confirmation tests' Playwright steps; imports
playwright) and `conformance` (the phone scorer's cases).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorekeeper.extensions import db

CSRF_INPUT = re.compile(r'<input[^>]*name="csrf_token"[^>]*value="([^"]+)"')
#: Request headers of a browser that asks for English, or for Italian.
EN = {"Accept-Language": "en"}
IT = {"Accept-Language": "it"}


def csrf_token(client: FlaskClient, url: str) -> str:
    """GET `url` and return the value of its hidden `csrf_token` input."""
    response = client.get(url)
    assert response.status_code == 200, f"GET {url} gave {response.status_code}"
    match = CSRF_INPUT.search(response.get_data(as_text=True))
    assert match, f"no csrf_token input on {url}"
    return match.group(1)


def serve_static_copy(app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the static folder that `app` serves from (for this test), for a test to
    change under it."""
    static = tmp_path / "static"
    shutil.copytree(str(app.static_folder), static)
    monkeypatch.setattr(app, "static_folder", str(static))
    return static


def empty_tables(app: Flask) -> None:
    """Delete every row of every table, children before parents."""
    with app.app_context():
        db.session.remove()
        with db.engine.begin() as connection:
            for table in reversed(db.metadata.sorted_tables):
                connection.execute(table.delete())


def make_test_config(database_url: str, **overrides: Any) -> dict[str, Any]:
    """The configuration every test app gets; keyword arguments override it."""
    config: dict[str, Any] = {
        "TESTING": True,
        "SECRET_KEY": "test-secret-key",
        "WTF_CSRF_ENABLED": True,
        "SQLALCHEMY_DATABASE_URI": database_url,
        "RATELIMIT_ENABLED": False,
        "REDIS_URL": None,  # whatever the environment says
        "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",  # scrypt is slow on purpose
    }
    config.update(overrides)
    return config


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements run meanwhile."""
    seen: list[str] = []

    def count(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


def close_when_sent(app: Any) -> Callable[..., Iterable[bytes]]:
    """`app` with every response closed as soon as its last byte is sent (for a test server).

    Werkzeug's development server closes a response only after reading what is left of
    the request, and a browser that goes away meanwhile (a context closed while its
    service worker downloads the app) makes that read fail first: the response's file
    stayed open until garbage collection (a ResourceWarning, so an error, in some later
    test). Closing from the response's own iterator happens in every case.
    """

    def closing(response: Iterable[bytes]) -> Iterator[bytes]:
        try:
            yield from response
        finally:
            close = getattr(response, "close", None)
            if close is not None:
                close()

    def wrapped(environ: Any, start_response: Any) -> Iterable[bytes]:
        return closing(app(environ, start_response))

    return wrapped


@dataclass
class LiveServer:
    """The app served over HTTP on 127.0.0.1 for the browser (the e2e `live_server`)."""

    app: Flask
    url: str
