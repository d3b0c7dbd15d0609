"""Fixtures of the web tests with rate limits on, in each shared store the app supports.

`limit_store` runs a test once with the counters in the app's database and once in
Redis (`TEST_REDIS_URL`, default redis://127.0.0.1:6379/0, as `.ci/run` starts it).
Without a reachable Redis the Redis run is skipped on a developer's machine and fails
in CI (`CI=true`), where it must run. Each Redis run keeps its keys under its own
prefix and deletes them afterwards, so parallel runs never share a counter.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def redis_reachable(url: str = REDIS_URL) -> bool:
    """Whether something answers on the Redis URL's port."""
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379), 1):
            return True
    except OSError:
        return False


@pytest.fixture(params=["database", "redis"])
def limit_store(request: pytest.FixtureRequest) -> Iterator[dict[str, Any]]:
    """The config of one rate-limit store: the app's database, or Redis."""
    if request.param == "database":
        yield {"RATELIMIT_STORAGE_URI": "database://"}
        return
    if not redis_reachable():
        if os.environ.get("CI"):
            pytest.fail(f"Redis is not reachable at {REDIS_URL} (CI must start it)")
        pytest.skip(f"Redis is not reachable at {REDIS_URL}: start it to run this case")
    prefix = f"sk-test-{os.getpid()}-{secrets.token_hex(4)}"
    yield {"REDIS_URL": REDIS_URL, "RATELIMIT_STORAGE_OPTIONS": {"key_prefix": prefix}}
    import redis

    connection = redis.Redis.from_url(REDIS_URL)
    keys = list(connection.scan_iter(f"{prefix}*"))
    if keys:
        connection.delete(*keys)
    connection.close()


@pytest.fixture
def limited_app(make_app: Callable[..., Flask], limit_store: dict[str, Any]) -> Flask:
    """An app with rate limits on (the other tests switch them off), in each store."""
    return make_app(RATELIMIT_ENABLED=True, **limit_store)
