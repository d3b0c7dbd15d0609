"""Scorekeeper: score sheets for the Italian card game Scopa.

`create_app` is the application factory (as in Flask's tutorial, flaskr):
defaults live in code, then `instance/config.py`, then the environment, and
a `test_config` passed by the tests wins over all of them.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, Response, request
from flask.json.provider import DefaultJSONProvider
from sqlalchemy import event

from scorekeeper.extensions import babel, compress, csrf, db, migrate

PACKAGE_ROOT = Path(__file__).resolve().parent
LOCALES = ("it", "en")
DEFAULT_LOCALE = "it"
LOCALE_COOKIE = "lang"

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
}


class OrderedJSONProvider(DefaultJSONProvider):
    """JSON responses keep the key order they are built in (API.md's order of points)."""

    sort_keys = False


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build and configure the Flask application."""
    app = Flask(__name__, instance_relative_config=True)
    app.json = OrderedJSONProvider(app)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    app.config.from_mapping(
        SECRET_KEY=None,
        SQLALCHEMY_DATABASE_URI="sqlite:///"
        + os.path.join(app.instance_path, "scorekeeper.sqlite3"),
        MAX_CONTENT_LENGTH=64 * 1024,
        BABEL_DEFAULT_LOCALE=DEFAULT_LOCALE,
        BABEL_DEFAULT_TIMEZONE="Europe/Rome",
        LOCALE_COOKIE_MAX_AGE=365 * 24 * 3600,
        # Only the static files (and QR codes) are compressed: HTML pages hold the CSRF
        # token and edit links and echo the URL, which compression would expose (BREACH).
        COMPRESS_MIMETYPES=[
            "text/css",
            "text/javascript",
            "image/svg+xml",
            "image/x-icon",
            "image/vnd.microsoft.icon",
        ],
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=False,  # behind TLS: SCOREKEEPER_SESSION_COOKIE_SECURE=true
        LIVE_POLL_MS=4000,  # how often an open board asks for news (static/js/live.js); 0: never
    )
    app.config.from_pyfile("config.py", silent=True)
    if os.environ.get("DATABASE_URL"):
        app.config["SQLALCHEMY_DATABASE_URI"] = os.environ["DATABASE_URL"]
    if os.environ.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    app.config.from_prefixed_env("SCOREKEEPER")
    if test_config is not None:
        app.config.from_mapping(test_config)

    app.config["SQLALCHEMY_DATABASE_URI"] = normalize_database_url(
        app.config["SQLALCHEMY_DATABASE_URI"]
    )
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = load_or_create_secret_key(Path(app.instance_path))

    db.init_app(app)
    migrate.init_app(app, db, directory=str(PACKAGE_ROOT / "migrations"), render_as_batch=True)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    compress.init_app(app)
    app.after_request(_close_sent_files)  # runs before Flask-Compress's hook: see there
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            event.listen(db.engine, "connect", _sqlite_on_connect)

    from scorekeeper import models  # noqa: F401  (registers the models with the metadata)
    from scorekeeper.accounts.views import init_app as init_accounts
    from scorekeeper.api.views import bp as api_bp
    from scorekeeper.checks import bp as checks_bp
    from scorekeeper.errors import register_error_handlers
    from scorekeeper.games.views import bp as games_bp
    from scorekeeper.leagues.views import bp as leagues_bp
    from scorekeeper.main.views import bp as main_bp

    app.register_blueprint(main_bp)
    app.register_blueprint(games_bp)
    app.register_blueprint(api_bp)
    app.register_blueprint(checks_bp)
    init_accounts(app)
    app.register_blueprint(leagues_bp)
    register_error_handlers(app)
    app.after_request(_add_security_headers)
    return app


def normalize_database_url(url: str) -> str:
    """Point PostgreSQL URLs at the psycopg 3 driver (Heroku-style URLs included)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def load_or_create_secret_key(instance_path: Path) -> str:
    """Read `instance/secret_key`, creating it (mode 0600) on first run.

    Several gunicorn workers may start at once: the key is written to a private
    temporary file and linked into place, so every worker reads the same key.
    """
    path = instance_path / "secret_key"
    if not path.exists():
        tmp = instance_path / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_text().strip()


def select_locale() -> str:
    """The language of this request: the switch's cookie, then the browser, then Italian."""
    chosen = request.cookies.get(LOCALE_COOKIE)
    if chosen in LOCALES:
        return chosen
    return request.accept_languages.best_match(LOCALES) or DEFAULT_LOCALE


def _sqlite_on_connect(dbapi_connection: Any, connection_record: Any) -> None:
    """Turn on WAL (readers do not block the writer) and foreign key checks."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


def _close_sent_files(response: Response) -> Response:
    """Close a sent file (a static file) once the response is sent, even when Flask-Compress
    then swaps the body for a compressing stream: it drops the file's own `close`, which
    left the file open until garbage collection (a ResourceWarning per compressed file)."""
    close = getattr(response.response, "close", None)
    if response.is_streamed and close is not None:
        response.call_on_close(close)
    return response


def _add_security_headers(response: Any) -> Any:
    """Send the security headers on every response (a view may set its own)."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    response.vary.add("Cookie")
    response.vary.add("Accept-Language")
    return response
