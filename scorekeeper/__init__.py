"""Scorekeeper: score sheets for the Italian card game Scopa.

`create_app` is the application factory (as in Flask's tutorial, flaskr):
defaults live in code, then `instance/config.py`, then the environment, and
a `test_config` passed by the tests wins over all of them.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import sqlite3
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, g, request
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SecureCookieSessionInterface
from flask.wrappers import Response
from flask_babel.speaklater import LazyString
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import event
from sqlalchemy.engine import ExceptionContext, make_url
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper import jobs, keeper, live, transactions, ui
from scorekeeper.extensions import babel, compress, csrf, db, migrate
from scorekeeper.locale import (
    DEFAULT_LOCALE,
    install_template_gettext,
    select_locale,
    template_context,
)
from scorekeeper.private import no_store_when_private
from scorekeeper.transactions import sqlite_read_only
from scorekeeper.ui.templating import App

PACKAGE_ROOT = Path(__file__).resolve().parent


def data_folder(name: str) -> Path:
    """Where the app's ``templates``, ``static`` or ``migrations`` folder is.

    In a checkout (and an editable install) they sit at the top level, beside the
    package; a built wheel carries them inside the package (``setup.py`` copies them in).
    """
    packaged = PACKAGE_ROOT / name
    return packaged if packaged.is_dir() else PACKAGE_ROOT.parent / name


#: The instance folder and the SQLite file are the app's user's alone.
PRIVATE_DIRECTORY = 0o700
PRIVATE_FILE = 0o600

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)
#: What a source list of ``frame-ancestors`` may hold: scheme, host, port, path, ``*``
#: and the quoted keywords; nothing that ends the directive (";", ",").
FRAME_SOURCE = re.compile(r"[A-Za-z0-9*:/._\-']+")
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
}
#: Every page depends on the browser's cookies and languages.
VARY = ("Cookie", "Accept-Language")
#: The endpoints answering with a file: the same for every cookie and language (the
#: scripts' words name their language in their URL).
FILE_ENDPOINTS = frozenset({"static", "main.favicon", "main.texts"})
#: What Werkzeug sends with a file that says nothing here: the file's name (its URL has
#: it), Last-Modified (the ETag revalidates) and Accept-Ranges (no page asks for part of
#: a file). Every page's first load asks for a few files: each header left out is bytes
#: saved on each of them. (Expires: `main.shell.cache_static`, for a versioned URL.)
FILE_HEADERS_LEFT_OUT = ("Content-Disposition", "Last-Modified", "Accept-Ranges")


class OrderedJSONProvider(DefaultJSONProvider):
    """JSON responses keep the key order they are built in (API.md's order of points);
    a lazy translation is its text (not its HTML); a body nested too deep to read is
    invalid JSON (a 400 from ``request.get_json``), not a crash."""

    sort_keys = False

    @staticmethod
    def default(o: Any) -> Any:
        """A lazy translation as its text, anything else as Flask has it."""
        if isinstance(o, LazyString):
            return str(o)
        return DefaultJSONProvider.default(o)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """Parse ``s``; nesting deeper than Python can follow is a ``ValueError``."""
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("JSON nested too deep") from None


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build and configure the Flask application."""
    app = App(
        __name__,
        instance_relative_config=True,
        template_folder=data_folder("templates"),
        static_folder=data_folder("static"),
    )
    app.json = OrderedJSONProvider(app)
    app.session_interface = SessionInterface()
    instance = Path(app.instance_path)
    instance.mkdir(mode=PRIVATE_DIRECTORY, parents=True, exist_ok=True)
    make_private(instance, PRIVATE_DIRECTORY)

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
        COMPRESS_REGISTER=False,  # see _compress_static
        # Static files are sent as streams: gzip among the streaming algorithms too, or a
        # client that accepts only gzip gets them uncompressed (Flask-Compress leaves it out).
        # Brotli first, at its best quality: a sixth smaller than gzip or zstd's level 3
        # (about 30 ms for the largest script), and a browser asks for each file once per
        # version of the app (immutable caching, main/shell.py).
        COMPRESS_ALGORITHM_STREAMING=["br", "gzip", "zstd", "deflate"],
        COMPRESS_BR_LEVEL=11,
        COMPRESS_MIMETYPES=[
            "text/css",
            "text/javascript",
            "image/svg+xml",
            "image/x-icon",
            "image/vnd.microsoft.icon",
        ],
        SESSION_COOKIE_SAMESITE="Lax",
        # Behind TLS: SCOREKEEPER_SESSION_COOKIE_SECURE=true. The one switch for the
        # session, remember-me and "your games" cookies.
        SESSION_COOKIE_SECURE=False,
        # How many reverse proxies stand in front of the app: the client's address is the
        # entry that many places from the end of X-Forwarded-For (what the client itself
        # wrote is never believed), the scheme the last X-Forwarded-Proto. 0: neither.
        TRUSTED_PROXIES=0,
        # Rate-limit counters shared by every worker and machine (else in the database).
        REDIS_URL=None,
        # Seconds a Redis call may take, and seconds before Redis is tried again after it
        # failed; meanwhile the counters are in the database (scorekeeper.ratelimit).
        REDIS_TIMEOUT=0.25,
        REDIS_RETRY_AFTER=30,
        # Strict-Transport-Security max-age in seconds (0: not sent). Behind TLS only.
        HSTS_MAX_AGE=0,
        # Who may show a tournament's public results page (/published/<id>) in a frame:
        # "*" any club's site, or the sites' origins separated by spaces. Every other
        # page is never framed (frame-ancestors 'none').
        PUBLISHED_FRAME_ANCESTORS="*",
        LIVE_POLL_MS=4000,  # how often an open board asks for news (js/games.js); 0: never
        # Where boards and venue screens follow their changes as server-sent events
        # (scorekeeper/push.py, with REDIS_URL): this site's own address when the proxy
        # sends the streams' paths there, or another origin ("https://push.example.org",
        # `make serve`'s http://127.0.0.1:8001), which the Content-Security-Policy then
        # allows to connect to; empty: boards and screens poll (the embedded default).
        LIVE_PUSH_URL="",
        # How often a board, or a venue screen, polls while its stream is open (a safety net).
        LIVE_PUSH_POLL_MS=60000,
        # How often a venue screen asks whether anything changed, without push (seconds).
        SCREEN_POLL_SECONDS=5,
    )
    app.config.from_pyfile("config.py", silent=True)
    for name, key in (
        ("DATABASE_URL", "SQLALCHEMY_DATABASE_URI"),
        ("SECRET_KEY", "SECRET_KEY"),
        ("REDIS_URL", "REDIS_URL"),
    ):
        if os.environ.get(name):
            app.config[key] = os.environ[name]
    app.config.from_prefixed_env("SCOREKEEPER")
    if test_config is not None:
        app.config.from_mapping(test_config)

    app.config["SQLALCHEMY_DATABASE_URI"] = normalize_database_url(
        app.config["SQLALCHEMY_DATABASE_URI"]
    )
    if database_file := sqlite_file(app.config["SQLALCHEMY_DATABASE_URI"], instance):
        create_private_file(database_file)
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = load_or_create_secret_key(Path(app.instance_path))
    proxies = int(app.config["TRUSTED_PROXIES"])
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=1)  # type: ignore[method-assign]

    db.init_app(app)
    transactions.init_app(app)
    migrate.init_app(app, db, directory=str(data_folder("migrations")), render_as_batch=True)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    install_template_gettext(app)
    compress.init_app(app)
    app.after_request(_compress_static)
    app.after_request(_close_sent_files)  # runs before _compress_static's hook: see there
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            event.listen(db.engine, "connect", _sqlite_on_connect)
            event.listen(db.engine, "handle_error", _sqlite_stale_connection)

    live.init_app(app)
    jobs.init_app(app)
    ui.init_app(app)
    keeper.init_app(app)
    _register_blueprints(app)
    app.context_processor(template_context)
    app.after_request(_security_headers(app))
    app.after_request(no_store_when_private)
    return app


def _register_blueprints(app: Flask) -> None:
    """The rate limits, every blueprint (with the extensions they set up) and the error pages."""
    from scorekeeper.accounts.views import init_app as init_accounts
    from scorekeeper.api.views import bp as api_bp
    from scorekeeper.checks import bp as checks_bp
    from scorekeeper.errors import register_error_handlers
    from scorekeeper.games.views import bp as games_bp
    from scorekeeper.leagues.games import init_app as init_league_games
    from scorekeeper.leagues.views import bp as leagues_bp
    from scorekeeper.main.views import bp as main_bp
    from scorekeeper.ratelimit import init_app as init_rate_limits
    from scorekeeper.tournaments.circuits.views import bp as circuits_bp
    from scorekeeper.tournaments.games import init_app as init_tournament_games
    from scorekeeper.tournaments.results_out.views import bp as results_out_bp
    from scorekeeper.tournaments.venue.views import bp as venue_bp
    from scorekeeper.tournaments.views import bp as tournaments_bp

    init_rate_limits(app)
    app.register_blueprint(main_bp)
    app.register_blueprint(games_bp)
    app.register_blueprint(api_bp)
    app.register_blueprint(checks_bp)
    init_accounts(app)
    app.register_blueprint(leagues_bp)
    init_league_games(app)
    app.register_blueprint(tournaments_bp)
    app.register_blueprint(circuits_bp)
    app.register_blueprint(results_out_bp)
    app.register_blueprint(venue_bp)
    init_tournament_games(app)
    register_error_handlers(app)


def normalize_database_url(url: str) -> str:
    """Point PostgreSQL URLs at the psycopg 3 driver (Heroku-style URLs included)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def sqlite_file(url: str, instance_path: Path) -> Path | None:
    """The file of a SQLite database URL (relative to the instance folder, as
    Flask-SQLAlchemy reads it), or None for another database or one in memory."""
    parsed = make_url(url)
    name = parsed.database
    if parsed.get_backend_name() != "sqlite" or not name or name == ":memory:":
        return None
    if name.startswith("file:"):
        return None
    return instance_path / name  # an absolute name stays itself


def make_private(path: Path, mode: int) -> None:
    """Take away every permission of group and others on `path`, if it is ours and open."""
    try:
        status = path.stat()
    except FileNotFoundError:
        return
    if status.st_uid == os.geteuid() and stat.S_IMODE(status.st_mode) & 0o077:
        path.chmod(mode)


def create_private_file(database: Path) -> None:
    """Create the SQLite file (and find its journals) readable by the app's user alone.

    It holds password hashes and tokens. SQLite gives its -wal and -shm files the
    database file's permissions; the ones left from a run before are tightened too.
    """
    if not database.exists() and database.parent.is_dir():
        with contextlib.suppress(FileExistsError):
            os.close(os.open(database, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
    for path in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
        make_private(path, PRIVATE_FILE)
    heal_journals(database)


def heal_journals(database: Path) -> bool:
    """Give SQLite's ``-wal`` and ``-shm`` files the database file's mode again, when the
    file is writable and they are not; whether any was changed.

    SQLite creates them with the database file's mode: a file made read-only (0400)
    leaves a ``-shm`` of mode 0400 behind, and while it stays so, every connection opened
    afterwards is read-only, though the file is writable again (restarts included).
    """
    try:
        mode = stat.S_IMODE(database.stat().st_mode)
    except OSError:
        return False
    if not os.access(database, os.W_OK):
        return False
    healed = False
    for path in (Path(f"{database}-wal"), Path(f"{database}-shm")):
        with contextlib.suppress(OSError):
            if path.stat().st_uid == os.geteuid() and not os.access(path, os.W_OK):
                path.chmod(mode)
                healed = True
    return healed


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


def _sqlite_on_connect(dbapi_connection: Any, _connection_record: Any) -> None:
    """Turn on WAL (readers do not block the writer) and foreign key checks.

    Before that first read maps the ``-shm`` file, the journals get the file's mode back
    if it is writable and they are not (`heal_journals`): a connection that maps a
    read-only ``-shm`` stays read-only, and so does every connection of the process that
    opens the file while it lives (SQLite shares one mapping per file and process)."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        if name := _sqlite_main_file(dbapi_connection):
            heal_journals(name)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


#: SQLite errors after which a connection stays useless though the database is fine again:
#: a connection opened while the file was read-only stays read-only for good.
SQLITE_STALE = ("attempt to write a readonly database", "disk I/O error")


def _sqlite_stale_connection(context: ExceptionContext) -> None:
    """Treat a SQLite connection that went stale as a lost connection: the pool drops
    it (and every other one it opened before) and opens fresh ones, as it does after a
    PostgreSQL server went away, so saves work again once the file is writable. A
    read-only refusal also gives the journals back the file's mode when it is writable
    again (`heal_journals`), or the fresh connections would be read-only too."""
    error = context.original_exception
    if isinstance(error, sqlite3.Error) and any(text in str(error) for text in SQLITE_STALE):
        context.is_disconnect = True
        # SQLAlchemy leaves the cursor of a lost connection open, and the traceback keeps
        # it until the garbage collector gets there: its statement, never finalized, would
        # keep the connection the pool closes open underneath (sqlite3_close_v2), with
        # the process's read-only mapping of the -shm, so every connection opened
        # meanwhile would be read-only too. Closed here, the connection closes for real.
        cursor = getattr(context.execution_context, "cursor", None)
        if cursor is not None:
            with contextlib.suppress(sqlite3.Error):
                cursor.close()
        name = context.engine.url.database if context.engine is not None else None
        if sqlite_read_only(error) and name and Path(name).is_file():
            heal_journals(Path(name))


def _sqlite_main_file(connection: sqlite3.Connection) -> Path | None:
    """The file of a SQLite connection's main database (None in memory); asking reads
    nothing from the file itself."""
    for _seq, schema, name in connection.execute("PRAGMA database_list").fetchall():
        if schema == "main" and name:
            return Path(name)
    return None


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, with the signing serializer built once per key.

    Flask builds a new serializer (and key derivation) for every request, which is a
    tenth of a small request's time; the keys do not change while the app runs.
    """

    def __init__(self) -> None:
        self._serializers: dict[tuple[object, ...], URLSafeTimedSerializer | None] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """The serializer for the app's current secret key (and its fallbacks)."""
        key = (app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        if key not in self._serializers:
            self._serializers[key] = super().get_signing_serializer(app)
        return self._serializers[key]


def _security_headers(app: Flask) -> Callable[[Response], Response]:
    """The after-request hook sending the security headers (a view may set its own), and
    ``Vary`` but on a file (`FILE_ENDPOINTS`), which loses the headers it needs not."""
    headers = list(SECURITY_HEADERS.items())
    if push := _other_origin(str(app.config.get("LIVE_PUSH_URL") or "")):
        policy = f"{CONTENT_SECURITY_POLICY}; connect-src 'self' {push}"
        headers = [(k, policy if k == "Content-Security-Policy" else v) for k, v in headers]
    if hsts := int(app.config["HSTS_MAX_AGE"]):
        headers.append(("Strict-Transport-Security", f"max-age={hsts}"))

    def add_security_headers(response: Response) -> Response:
        present = {name.lower() for name, _ in response.headers.items()}
        for name, value in _framed(headers, frame_ancestors(g.get("frame_ancestors"))):
            if name.lower() not in present:
                response.headers.add(name, value)
        if request.endpoint in FILE_ENDPOINTS and response.status_code < 400:  # not its 404
            for name in FILE_HEADERS_LEFT_OUT:
                del response.headers[name]
            return response
        if "vary" in present:
            response.vary.update(VARY)
        else:
            response.headers["Vary"] = ", ".join(VARY)
        return response

    return add_security_headers


def _framed(headers: list[tuple[str, str]], framed: str) -> list[tuple[str, str]]:
    """``headers`` for a page the sites ``framed`` may frame (none when ""): no
    ``X-Frame-Options`` (it has no value that lets other sites frame a page) and those
    sites as the policy's ``frame-ancestors``."""
    if not framed:
        return headers
    return [
        (name, value.replace("frame-ancestors 'none'", f"frame-ancestors {framed}"))
        for name, value in headers
        if name != "X-Frame-Options"
    ]


def frame_ancestors(sources: str | None) -> str:
    """The ``frame-ancestors`` sources a view allowed (`g.frame_ancestors`), each checked
    (`FRAME_SOURCE`; others dropped): "" when none, so the page is never framed."""
    if not sources:
        return ""
    return " ".join(s for s in sources.split() if FRAME_SOURCE.fullmatch(s))


def _other_origin(url: str) -> str | None:
    """The origin (scheme, host, port) of an absolute http(s) ``url``, else None."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or "'" in url or ";" in url:
        return None
    return f"{parts.scheme}://{parts.netloc}"


def _compress_static(response: Response) -> Response:
    """Compress what Flask-Compress would, skipping its work for every other response.

    Only static files and QR codes are compressible (``COMPRESS_MIMETYPES``); pages and
    API answers are not, so they need neither its checks nor its ``Vary`` header.
    """
    if response.mimetype in current_app.config["COMPRESS_MIMETYPES"]:
        return compress.after_request(response)
    return response


def _close_sent_files(response: Response) -> Response:
    """Close a sent file (a static file) once the response is sent, even when Flask-Compress
    then swaps the body for a compressing stream: it drops the file's own `close`, which
    left the file open until garbage collection (a ResourceWarning per compressed file)."""
    close = getattr(response.response, "close", None)
    if response.is_streamed and close is not None:
        response.call_on_close(close)
    return response
