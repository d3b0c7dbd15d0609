"""Rate limits that every worker and every machine shares.

Flask-Limiter keeps its counters in a `limits` storage named by
``RATELIMIT_STORAGE_URI``. Memory (its default) is one counter per gunicorn
worker, so a limit of 5 allowed 5 per worker. Here the counters live in Redis
when ``REDIS_URL`` (or ``RATELIMIT_STORAGE_URI``) names one, and otherwise in the
app's own database through :class:`DatabaseStorage` (``database://``), so SQLite
under ``make serve`` needs no extra service.

:class:`DatabaseStorage` implements the fixed-window strategy (Flask-Limiter's
default) on SQLAlchemy Core: one row per counter, counted up by a single
``INSERT ... ON CONFLICT DO UPDATE ... RETURNING``, which is atomic on SQLite and
PostgreSQL alike, so concurrent hits from any number of processes are counted
exactly once each.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

from flask import Flask
from limits.errors import ConfigurationError
from limits.storage import Storage
from sqlalchemy import Column, Float, Integer, String, Table, case, delete, select, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.extensions import db, limiter

#: The scheme of the app's own database as a rate-limit store.
DATABASE_URI = "database://"
KEY_MAX = 255
#: Seconds between two sweeps of expired counters (per process).
SWEEP_EVERY = 60.0

rate_limit = Table(
    "rate_limit",
    db.metadata,
    Column("key", String(KEY_MAX), primary_key=True),
    Column("hits", Integer, nullable=False),
    Column("expires_at", Float, nullable=False, index=True),
)


def _insert(dialect: str) -> postgresql.Insert | sqlite.Insert:
    """An INSERT into `rate_limit` that can say ON CONFLICT (both databases spell it alike)."""
    if dialect == "postgresql":
        return postgresql.insert(rate_limit)
    if dialect == "sqlite":
        return sqlite.insert(rate_limit)
    raise ConfigurationError(f"no rate-limit storage on {dialect!r}")


def stored_key(key: str) -> str:
    """The counter's key as stored: itself when short and plain, else its SHA-256.

    Keys hold client-given text (usernames, forwarded addresses); a NUL or an
    overlong key must not break the store.
    """
    if len(key) <= KEY_MAX and key.isascii() and key.isprintable():
        return key
    return "sha256:" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


class DatabaseStorage(Storage):
    """A `limits` storage in the ``rate_limit`` table of the app's database.

    Registered for the ``database://`` scheme; ``engine`` (a storage option) is the
    database to use, by default the current Flask app's (``db.engine``).
    """

    # A list, as limits' Storage declares it (an instance attribute there: not a ClassVar).
    STORAGE_SCHEME = ["database"]  # noqa: RUF012

    def __init__(
        self,
        uri: str | None = None,
        wrap_exceptions: bool = False,
        engine: Engine | None = None,
        **options: Any,
    ) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self._engine = engine
        self._next_sweep = 0.0

    @property
    def engine(self) -> Engine:
        return self._engine if self._engine is not None else db.engine

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Add `amount` to the counter and return its new value, in one statement.

        A counter past its expiry starts again at `amount` with a new window.
        """
        engine = self.engine
        now = time.time()
        new = _insert(engine.dialect.name).values(
            key=stored_key(key), hits=amount, expires_at=now + expiry
        )
        expired = rate_limit.c.expires_at <= now
        statement = new.on_conflict_do_update(
            index_elements=[rate_limit.c.key],
            set_={
                "hits": case(
                    (expired, new.excluded.hits), else_=rate_limit.c.hits + new.excluded.hits
                ),
                "expires_at": case(
                    (expired, new.excluded.expires_at), else_=rate_limit.c.expires_at
                ),
            },
        ).returning(rate_limit.c.hits)
        with engine.begin() as connection:
            count: int = connection.execute(statement).scalar_one()
        if now >= self._next_sweep:
            self._next_sweep = now + SWEEP_EVERY
            self._sweep(now)
        return count

    def _sweep(self, now: float) -> None:
        """Delete the expired counters: housekeeping, so a busy database may skip it."""
        try:
            with self.engine.begin() as connection:
                connection.execute(delete(rate_limit).where(rate_limit.c.expires_at <= now))
        except SQLAlchemyError:
            self._next_sweep = 0.0

    def _live(self, key: str) -> tuple[int, float] | None:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(rate_limit.c.hits, rate_limit.c.expires_at).where(
                    rate_limit.c.key == stored_key(key), rate_limit.c.expires_at > time.time()
                )
            ).one_or_none()
        return None if row is None else (int(row.hits), float(row.expires_at))

    def get(self, key: str) -> int:
        """The counter's value (0 when it has expired or never was)."""
        live = self._live(key)
        return 0 if live is None else live[0]

    def get_expiry(self, key: str) -> float:
        """When the counter's window ends (now, when there is none)."""
        live = self._live(key)
        return time.time() if live is None else live[1]

    def check(self) -> bool:
        """Whether the database answers."""
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        """Forget every counter; returns how many there were."""
        with self.engine.begin() as connection:
            return connection.execute(delete(rate_limit)).rowcount

    def clear(self, key: str) -> None:
        """Forget one counter."""
        with self.engine.begin() as connection:
            connection.execute(delete(rate_limit).where(rate_limit.c.key == stored_key(key)))


def init_app(app: Flask) -> None:
    """Choose the shared store (Redis if configured, else the database) and bind the limiter.

    ``RATELIMIT_STORAGE_URI`` wins; else ``REDIS_URL``; else ``database://``. If the
    store stops answering, the limits are kept in each process's memory meanwhile
    (``RATELIMIT_IN_MEMORY_FALLBACK_ENABLED``) rather than failing every request.
    """
    config = app.config
    if not config.get("RATELIMIT_STORAGE_URI"):
        config["RATELIMIT_STORAGE_URI"] = config.get("REDIS_URL") or DATABASE_URI
    config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    # One limiter serves every app of the process (the tests make many): a new store is
    # not dead because the previous app's did not answer.
    limiter._storage_dead = False
    limiter.init_app(app)


def give_back() -> None:
    """Give back what this request took from each of its limits (say, a good log-in).

    The limits are hit when the request starts, which is what keeps them exact
    under concurrency; a request that should not count returns its hits here.
    """
    if not limiter.enabled:
        return
    storage = limiter.limiter.storage
    for request_limit in limiter.current_limits:
        storage.incr(request_limit.key, request_limit.limit.get_expiry(), amount=-1)
