"""The database store of the rate-limit counters (`scorekeeper.ratelimit.DatabaseStorage`)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from flask import Flask
from limits import parse
from limits.storage import MemoryStorage, RedisStorage, storage_from_string
from limits.strategies import FixedWindowRateLimiter
from sqlalchemy import select

from scorekeeper.extensions import db, limiter
from scorekeeper.ratelimit import DatabaseStorage, rate_limit, stored_key


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
    ("settings", "store"),
    [
        ({}, DatabaseStorage),
        ({"REDIS_URL": "redis://127.0.0.1:6379/0"}, RedisStorage),
        ({"REDIS_URL": "redis://x", "RATELIMIT_STORAGE_URI": "memory://"}, MemoryStorage),
    ],
)
def test_the_store_is_redis_when_configured_else_the_database(
    make_app: Callable[..., Flask], settings: dict[str, str], store: type
) -> None:
    app = make_app(RATELIMIT_ENABLED=True, **settings)
    assert app.config["RATELIMIT_STORAGE_URI"] == settings.get(
        "RATELIMIT_STORAGE_URI", settings.get("REDIS_URL", "database://")
    )
    assert type(limiter.storage) is store


def test_an_unreachable_redis_falls_back_to_memory_without_failing(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(
        RATELIMIT_ENABLED=True,
        REDIS_URL="redis://127.0.0.1:1/0",  # nothing listens there
        WTF_CSRF_ENABLED=False,
    )
    client = app.test_client()
    answers = [
        client.post("/account/login", data={"username": "anna", "password": "x"}).status_code
        for _ in range(6)
    ]
    assert answers == [422] * 5 + [429]
    assert client.post("/api/v1/primiera", json={"cards": ["7D"]}).status_code == 200
