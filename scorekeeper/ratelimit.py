"""Rate limits that every worker and every machine shares.

Flask-Limiter keeps its counters in a `limits` storage named by
``RATELIMIT_STORAGE_URI``. Memory (its default) is one counter per gunicorn
worker, so a limit of 5 allowed 5 per worker. Here the counters live in Redis
when ``REDIS_URL`` names one (through :class:`FallbackStorage`, which falls back to
the database while Redis is away), and otherwise in the app's own database
through :class:`DatabaseStorage` (``database://``), so SQLite under ``make serve``
needs no extra service. ``RATELIMIT_STORAGE_URI`` names any other store as it is.

:class:`DatabaseStorage` implements the fixed-window strategy (Flask-Limiter's
default) on SQLAlchemy Core: one row per counter, counted up by a single
``INSERT ... ON CONFLICT DO UPDATE ... RETURNING``, which is atomic on SQLite and
PostgreSQL alike, so concurrent hits from any number of processes are counted
exactly once each. That write is the only statement of an API request, and cheap:
compiled once, run on a connection of each thread's own whose commits do not wait
for the disk (:data:`NO_WAITING`: a counter lost to a power cut costs nothing), and
the window's figures the response's headers show are the ones the write returned,
kept for the rest of the request.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, g, has_request_context
from limits.errors import ConfigurationError
from limits.storage import RedisStorage, Storage
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry
from sqlalchemy import (
    Column,
    Float,
    Integer,
    String,
    Table,
    bindparam,
    case,
    delete,
    select,
    text,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.sql.dml import ReturningInsert

from scorekeeper.extensions import db, limiter

logger = logging.getLogger(__name__)
T = TypeVar("T")

#: The scheme of the app's own database as a rate-limit store.
DATABASE_URI = "database://"
#: Put before a Redis URL: Redis, falling back to the database while it is away.
FALLBACK_PREFIX = "fallback+"
KEY_MAX = 255
#: Seconds between two sweeps of expired counters (per process).
SWEEP_EVERY = 60.0
#: Seconds a Redis call may take (to connect, and to answer) before the database takes over.
REDIS_TIMEOUT = 0.25
#: Seconds without trying Redis again after it failed (each process on its own).
REDIS_RETRY_AFTER = 30.0

rate_limit = Table(
    "rate_limit",
    db.metadata,
    Column("key", String(KEY_MAX), primary_key=True),
    Column("hits", Integer, nullable=False),
    Column("expires_at", Float, nullable=False, index=True),
)


def _upsert(dialect: str) -> ReturningInsert[int, float]:
    """Count a hit: add ``amount`` to the counter ``key``, or start it again (at
    ``amount``, until ``expires``) when its window ended before ``now``; returns the
    counter's hits and end of window. Both databases spell ON CONFLICT alike."""
    insert: postgresql.Insert | sqlite.Insert
    if dialect == "postgresql":
        insert = postgresql.insert(rate_limit)
    elif dialect == "sqlite":
        insert = sqlite.insert(rate_limit)
    else:
        raise ConfigurationError(f"no rate-limit storage on {dialect!r}")
    new = insert.values(
        key=bindparam("key"), hits=bindparam("amount"), expires_at=bindparam("expires")
    )
    expired = rate_limit.c.expires_at <= bindparam("now")
    return new.on_conflict_do_update(
        index_elements=[rate_limit.c.key],
        set_={
            "hits": case((expired, new.excluded.hits), else_=rate_limit.c.hits + new.excluded.hits),
            "expires_at": case((expired, new.excluded.expires_at), else_=rate_limit.c.expires_at),
        },
    ).returning(rate_limit.c.hits, rate_limit.c.expires_at)


#: The upsert of each dialect, built once (SQLAlchemy then finds it compiled in its cache).
UPSERTS = {dialect: _upsert(dialect) for dialect in ("postgresql", "sqlite")}


def stored_key(key: str) -> str:
    """The counter's key as stored: itself when short and plain, else its SHA-256.

    Keys hold client-given text (usernames, forwarded addresses); a NUL or an
    overlong key must not break the store.
    """
    if len(key) <= KEY_MAX and key.isascii() and key.isprintable():
        return key
    return "sha256:" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def _seen() -> dict[str, tuple[int, float]] | None:
    """The counters this request wrote, as their writes returned them (no request: None)."""
    if not has_request_context():
        return None
    seen: dict[str, tuple[int, float]] = g.setdefault("_rate_limit_seen", {})
    return seen


#: What a counter's connection says first: its commits do not wait for the disk (on SQLite
#: in WAL mode, durable but for a power cut; on PostgreSQL, the last commits may be lost
#: to a crash). A counter lost so costs nothing; hands and accounts keep the pool's
#: connections, which wait.
NO_WAITING = {"sqlite": "PRAGMA synchronous=NORMAL", "postgresql": "SET synchronous_commit = off"}


class CounterConnection:
    """One thread's own database connection for counting hits, out of the pool: the
    upsert compiled once to its SQL, run on the driver's cursor, committed at once."""

    def __init__(self, engine: Engine) -> None:
        self.engine, self.pid = engine, os.getpid()
        compiled = UPSERTS[engine.dialect.name].compile(dialect=engine.dialect)
        self.sql = str(compiled)
        self.order = compiled.positiontup if compiled.positional else None
        self.connection = engine.raw_connection()
        self.connection.detach()  # the pool neither lends nor resets it
        # Closed when this object goes (its thread ended) or, at the latest, at exit.
        self._finalizer = weakref.finalize(self, _close_quietly, self.connection)
        cursor = self.connection.cursor()
        cursor.execute(NO_WAITING[engine.dialect.name])
        cursor.close()
        self.connection.commit()

    def count(self, parameters: dict[str, Any]) -> tuple[int, float]:
        """Run the upsert with ``parameters``; the counter's hits and end of window."""
        values = parameters if self.order is None else tuple(parameters[k] for k in self.order)
        cursor = self.connection.cursor()
        try:
            cursor.execute(self.sql, values)
            row = cursor.fetchone()
            self.connection.commit()
        finally:
            cursor.close()
        if row is None:  # an upsert always returns its row
            raise RuntimeError(f"no row from {self.sql!r}")
        return int(row[0]), float(row[1])

    def close(self) -> None:
        """Close the connection (done too when this object is collected, or at exit)."""
        self._finalizer()


def _close_quietly(connection: PoolProxiedConnection) -> None:
    """Close a counter's connection, which may be broken already."""
    with contextlib.suppress(Exception):
        connection.close()


class DatabaseStorage(Storage):
    """A `limits` storage in the ``rate_limit`` table of the app's database.

    Registered for the ``database://`` scheme; ``engine`` (a storage option) is the
    database to use, by default the current Flask app's (``db.engine``).

    Within a request, `get` and `get_expiry` of a counter the request itself counted
    answer what its write returned (the figures of the response's headers: the window
    as this request left it) without reading again; elsewhere they read the table.
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
        self._local = threading.local()

    @property
    def engine(self) -> Engine:
        return self._engine if self._engine is not None else db.engine

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError

    def _counter(self) -> CounterConnection:
        """This thread's connection for counting, opened on first use (again in a new
        process, or for another engine)."""
        engine = self.engine
        counter: CounterConnection | None = getattr(self._local, "counter", None)
        if counter is None or counter.engine is not engine or counter.pid != os.getpid():
            counter = self._local.counter = CounterConnection(engine)
        return counter

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Add `amount` to the counter and return its new value, in one statement.

        A counter past its expiry starts again at `amount` with a new window.
        """
        now = time.time()
        stored = stored_key(key)
        parameters = {"key": stored, "amount": amount, "expires": now + expiry, "now": now}
        counter = self._counter()
        try:
            hits, expires_at = counter.count(parameters)
        except Exception as error:
            self._local.counter = None  # a connection that failed is not used again
            counter.close()
            raise DBAPIError.instance(
                counter.sql, parameters, error, counter.engine.dialect.loaded_dbapi.Error
            ) from error
        if (seen := _seen()) is not None:
            seen[stored] = (hits, expires_at)
        if now >= self._next_sweep:
            self._next_sweep = now + SWEEP_EVERY
            self._sweep(now)
        return hits

    def _sweep(self, now: float) -> None:
        """Delete the expired counters: housekeeping, so a busy database may skip it."""
        try:
            with self.engine.begin() as connection:
                connection.execute(delete(rate_limit).where(rate_limit.c.expires_at <= now))
        except SQLAlchemyError:
            self._next_sweep = 0.0

    def _live(self, key: str) -> tuple[int, float] | None:
        stored, now = stored_key(key), time.time()
        seen = _seen()
        if seen is not None and stored in seen:
            hits, expires_at = seen[stored]
            return (hits, expires_at) if expires_at > now else None
        with self.engine.connect() as connection:
            row = connection.execute(
                select(rate_limit.c.hits, rate_limit.c.expires_at).where(
                    rate_limit.c.key == stored, rate_limit.c.expires_at > now
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
        if (seen := _seen()) is not None:
            seen.clear()
        with self.engine.begin() as connection:
            return connection.execute(delete(rate_limit)).rowcount

    def clear(self, key: str) -> None:
        """Forget one counter."""
        if (seen := _seen()) is not None:
            seen.pop(stored_key(key), None)
        with self.engine.begin() as connection:
            connection.execute(delete(rate_limit).where(rate_limit.c.key == stored_key(key)))


class FallbackStorage(Storage):
    """Redis, and the app's database (:class:`DatabaseStorage`) while Redis is away.

    Registered for ``fallback+redis://...`` (and ``fallback+rediss://``): the rest of
    the URI is Redis's. Every Redis call has a short ``timeout`` (connecting and
    answering) and is tried once; when one fails (refused, timed out), the counters go
    to the database, and Redis is not tried again for ``retry_after`` seconds (a
    circuit breaker), so no request waits for a Redis that hangs. The switch is logged
    once each way: a warning when the database takes over, an info when Redis is back.
    A window counted in one store starts again in the other, so at a switch a client may
    get at most one more limit's worth; otherwise each limit holds exactly, in whichever
    store counts it. Other options go to Redis (``key_prefix``, ...).
    """

    # A list, as limits' Storage declares it (an instance attribute there: not a ClassVar).
    STORAGE_SCHEME = ["fallback+redis", "fallback+rediss"]  # noqa: RUF012

    def __init__(
        self,
        uri: str,
        wrap_exceptions: bool = False,
        timeout: float = REDIS_TIMEOUT,
        retry_after: float = REDIS_RETRY_AFTER,
        engine: Engine | None = None,
        **options: Any,
    ) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions)
        self.timeout, self.retry_after = float(timeout), float(retry_after)
        redis_options: dict[str, Any] = {
            "socket_connect_timeout": self.timeout,
            "socket_timeout": self.timeout,
            "retry": Retry(NoBackoff(), 0),  # once: the database answers instead
            **options,
        }
        self.redis = RedisStorage(uri.removeprefix(FALLBACK_PREFIX), **redis_options)
        self.database = DatabaseStorage(engine=engine)
        self._lock = threading.Lock()
        self._redis_away = False
        self._next_try = 0.0  # time.monotonic() before which Redis is not tried

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError  # Redis's own errors never leave: the database answers then

    @property
    def redis_away(self) -> bool:
        """Whether the counters are in the database now, Redis having failed."""
        return self._redis_away

    def _run(self, action: Callable[[Storage], T]) -> T:
        """``action`` on Redis, or on the database while Redis is away."""
        if time.monotonic() >= self._next_try:
            try:
                result = action(self.redis)
            except (RedisError, OSError) as error:
                self._away(error)
            else:
                self._back()
                return result
        return action(self.database)

    def _away(self, error: Exception) -> None:
        with self._lock:
            first = not self._redis_away
            self._redis_away = True
            self._next_try = time.monotonic() + self.retry_after
        if first:
            logger.warning(
                "Redis is not answering (%s): rate limits are counted in the database "
                "until it is back (tried again every %g s)",
                error,
                self.retry_after,
            )

    def _back(self) -> None:
        if not self._redis_away:
            return
        with self._lock:
            was_away, self._redis_away = self._redis_away, False
        if was_away:
            logger.info("Redis answers again: rate limits are counted in Redis")

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Add `amount` to the counter, in Redis or (while it is away) the database."""
        return self._run(lambda store: store.incr(key, expiry, amount))

    def get(self, key: str) -> int:
        """The counter's value, where it is counted now."""
        return self._run(lambda store: store.get(key))

    def get_expiry(self, key: str) -> float:
        """When the counter's window ends, where it is counted now."""
        return self._run(lambda store: store.get_expiry(key))

    def check(self) -> bool:
        """Whether either store answers (the database alone keeps the limits)."""
        return self.database.check() or self.redis.check()

    def reset(self) -> int | None:
        """Forget every counter in both stores; how many the database had."""
        with contextlib.suppress(RedisError, OSError):
            self.redis.reset()
        return self.database.reset()

    def clear(self, key: str) -> None:
        """Forget one counter in both stores."""
        with contextlib.suppress(RedisError, OSError):
            self.redis.clear(key)
        self.database.clear(key)


def init_app(app: Flask) -> None:
    """Choose the shared store (Redis if configured, else the database) and bind the limiter.

    ``RATELIMIT_STORAGE_URI`` wins, taken as it is; else ``REDIS_URL``, falling back to
    the database while Redis is away (:class:`FallbackStorage`, with ``REDIS_TIMEOUT``
    and ``REDIS_RETRY_AFTER``); else ``database://``. Should the store itself fail (the
    database too), the limits are kept in each process's memory meanwhile
    (``RATELIMIT_IN_MEMORY_FALLBACK_ENABLED``) rather than failing every request.
    """
    config = app.config
    if not config.get("RATELIMIT_STORAGE_URI"):
        if redis_url := config.get("REDIS_URL"):
            config["RATELIMIT_STORAGE_URI"] = FALLBACK_PREFIX + redis_url
            config["RATELIMIT_STORAGE_OPTIONS"] = {
                "timeout": float(config.get("REDIS_TIMEOUT", REDIS_TIMEOUT)),
                "retry_after": float(config.get("REDIS_RETRY_AFTER", REDIS_RETRY_AFTER)),
                **config.get("RATELIMIT_STORAGE_OPTIONS", {}),
            }
        else:
            config["RATELIMIT_STORAGE_URI"] = DATABASE_URI
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
