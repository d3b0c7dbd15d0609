"""The database store of the rate-limit counters (`scorekeeper.ratelimit.DatabaseStorage`)."""

from __future__ import annotations

import contextlib
import logging
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from flask import Flask
from limits import parse
from limits.storage import MemoryStorage, RedisStorage, storage_from_string
from limits.strategies import FixedWindowRateLimiter
from sqlalchemy import select

from scorekeeper.extensions import db, limiter
from scorekeeper.ratelimit import DatabaseStorage, FallbackStorage, rate_limit, stored_key
from tests.helpers.stores import REDIS_URL, closed_port, redis_reachable


@pytest.fixture
def storage(app: Flask) -> DatabaseStorage:
    """The store on the test database (the `app` fixture empties its table afterwards)."""
    with app.app_context():
        engine = db.engine
    store = storage_from_string("database://", engine=engine)
    assert isinstance(store, DatabaseStorage)
    return store


def test_counts_up_within_a_window_and_starts_again_after_it(storage: DatabaseStorage) -> None:
    assert [storage.incr("k", 60) for _ in range(3)] == [1, 2, 3]
    assert storage.get("k") == 3
    assert time.time() < storage.get_expiry("k") <= time.time() + 60
    assert storage.incr("k", 60, amount=-1) == 2
    assert storage.incr("other", 60, amount=5) == 5
    storage.incr("gone", 0)
    assert storage.get("gone") == 0  # a window of 0 seconds is already over
    assert storage.incr("gone", 60) == 1


def test_clear_reset_and_check(storage: DatabaseStorage) -> None:
    storage.incr("a", 60)
    storage.incr("b", 60)
    storage.clear("a")
    assert (storage.get("a"), storage.get("b")) == (0, 1)
    assert storage.reset() == 1
    assert storage.get("b") == 0
    assert storage.check() is True


def test_concurrent_hits_are_each_counted_once(storage: DatabaseStorage) -> None:
    threads = 16
    start = threading.Barrier(threads)

    def hit(_: int) -> list[int]:
        start.wait()
        return [storage.incr("shared", 60) for _ in range(10)]

    with ThreadPoolExecutor(threads) as pool:
        counts = [c for batch in pool.map(hit, range(threads)) for c in batch]
    assert sorted(counts) == list(range(1, threads * 10 + 1))


def test_a_fixed_window_limit_on_it(storage: DatabaseStorage) -> None:
    strategy = FixedWindowRateLimiter(storage)
    five = parse("5/minute")
    assert [strategy.hit(five, "anna") for _ in range(6)] == [True] * 5 + [False]
    assert strategy.hit(five, "bruno")
    assert strategy.get_window_stats(five, "anna").remaining == 0


@pytest.mark.parametrize("key", ["a\x00b", "é" * 10, "x" * 300, "line\nbreak"])
def test_any_key_is_stored_safely(storage: DatabaseStorage, app: Flask, key: str) -> None:
    assert storage.incr(key, 60) == 1
    assert storage.get(key) == 1
    assert stored_key(key).startswith("sha256:")
    with app.app_context():
        stored = db.session.scalars(select(rate_limit.c.key)).one()
    assert stored == stored_key(key)
    assert len(stored) == 71


@pytest.mark.parametrize(
    ("settings", "uri", "store"),
    [
        ({}, "database://", DatabaseStorage),
        (
            {"REDIS_URL": "redis://127.0.0.1:6379/0"},
            "fallback+redis://127.0.0.1:6379/0",
            FallbackStorage,
        ),
        (
            {"REDIS_URL": "redis://x", "RATELIMIT_STORAGE_URI": "memory://"},
            "memory://",
            MemoryStorage,
        ),
    ],
)
def test_the_store_is_redis_when_configured_else_the_database(
    make_app: Callable[..., Flask], settings: dict[str, str], uri: str, store: type
) -> None:
    app = make_app(RATELIMIT_ENABLED=True, **settings)
    assert app.config["RATELIMIT_STORAGE_URI"] == uri
    assert type(limiter.storage) is store


def failed_logins(app: Flask, count: int) -> list[int]:
    client = app.test_client()
    return [
        client.post("/account/login", data={"username": "anna", "password": "x"}).status_code
        for _ in range(count)
    ]


def counters(app: Flask) -> int:
    with app.app_context():
        return len(db.session.execute(select(rate_limit.c.key)).all())


def test_while_redis_is_away_the_limits_are_counted_in_the_database(
    make_app: Callable[..., Flask], caplog: pytest.LogCaptureFixture
) -> None:
    """Refused connections: the failed log-ins are counted in the database, so the limit
    holds across workers (each reads the same rows); one warning says so."""
    settings = {
        "RATELIMIT_ENABLED": True,
        "REDIS_URL": f"redis://127.0.0.1:{closed_port()}/0",
        "WTF_CSRF_ENABLED": False,
    }
    caplog.set_level(logging.INFO, logger="scorekeeper.ratelimit")
    app = make_app(**settings)
    assert failed_logins(app, 3) == [422] * 3
    # Another worker: its own app and store, the same database.
    other = make_app(**settings)
    assert failed_logins(other, 3) == [422] * 2 + [429]
    assert counters(app) > 0
    assert type(limiter.storage) is FallbackStorage
    assert limiter.storage.redis_away
    assert not limiter._storage_dead  # not Flask-Limiter's memory of each process
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    # One warning per store (here: two "workers"), not one per request.
    assert len(warnings) == 2
    assert "counted in the database" in warnings[0].getMessage()
    assert client_api(other) == 200


def client_api(app: Flask) -> int:
    return app.test_client().post("/api/v1/primiera", json={"cards": ["7D"]}).status_code


class SilentServer:
    """A server on a loopback port that accepts connections and never answers (a Redis
    that hangs); counts the connections it accepted."""

    def __init__(self) -> None:
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.socket.getsockname()[1]
        self.accepted: list[socket.socket] = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                connection, _ = self.socket.accept()
                self.accepted.append(connection)

    def close(self) -> None:
        self.socket.close()
        for connection in self.accepted:
            connection.close()
        self.thread.join(timeout=5)


@pytest.fixture
def silent_server() -> Iterator[SilentServer]:
    server = SilentServer()
    yield server
    server.close()


def test_a_hanging_redis_is_given_up_quickly_and_not_tried_again_for_a_while(
    make_app: Callable[..., Flask],
    silent_server: SilentServer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = make_app(
        RATELIMIT_ENABLED=True,
        REDIS_URL=f"redis://127.0.0.1:{silent_server.port}/0",
        WTF_CSRF_ENABLED=False,
    )
    store = limiter.storage
    assert isinstance(store, FallbackStorage)
    # What bounds the wait: a short timeout on every call, tried once.
    connection = store.redis.storage.connection_pool.connection_kwargs
    assert connection["socket_timeout"] <= 0.5
    assert connection["socket_connect_timeout"] <= 0.5
    assert connection["retry"].get_retries() == 0
    assert store.retry_after >= 10
    assert failed_logins(app, 6) == [422] * 5 + [429]
    # Redis was tried once (one connection), then the database counted: the breaker.
    assert len(silent_server.accepted) == 1
    assert store.redis_away
    assert counters(app) > 0
    assert [r.levelno for r in caplog.records if r.name == "scorekeeper.ratelimit"] == [
        logging.WARNING
    ]


def test_redis_back_is_used_again_and_said_once(
    make_app: Callable[..., Flask], caplog: pytest.LogCaptureFixture
) -> None:
    """After ``REDIS_RETRY_AFTER`` seconds Redis is tried again; when it answers, the
    counters are in Redis again and an info says so."""
    if not redis_reachable():
        pytest.skip("Redis is not reachable: start it to run this case")
    caplog.set_level(logging.INFO, logger="scorekeeper.ratelimit")
    prefix = f"sk-test-{secrets.token_hex(4)}"
    app = make_app(
        RATELIMIT_ENABLED=True,
        REDIS_URL=REDIS_URL,
        REDIS_RETRY_AFTER=0,
        RATELIMIT_STORAGE_OPTIONS={"key_prefix": prefix},
    )
    store = limiter.storage
    assert isinstance(store, FallbackStorage)
    real = store.redis
    context = app.app_context()
    context.push()
    store.redis = RedisStorage(f"redis://127.0.0.1:{closed_port()}/0", key_prefix=prefix)
    assert store.incr("k", 60) == 1  # in the database
    assert store.redis_away
    store.redis = real
    assert store.incr("k", 60) == 1  # in Redis, a window of its own
    assert not store.redis_away
    assert store.get("k") == 1
    store.clear("k")
    context.pop()
    levels = [r.levelno for r in caplog.records if r.name == "scorekeeper.ratelimit"]
    assert levels == [logging.WARNING, logging.INFO]
