"""Fixtures of the web tests with rate limits on, in each shared store the app supports.

`limit_store` runs a test with the counters in the app's database, in Redis
(`TEST_REDIS_URL`, default redis://127.0.0.1:6379/0, as `.ci/run` starts it), and with
a Redis that is away (nothing listens on its port: the database counts meanwhile).
Without a reachable Redis the Redis run is skipped on a developer's machine and fails
in CI (`CI=true`), where it must run. Each Redis run keeps its keys under its own
prefix and deletes them afterwards, so parallel runs never share a counter.

`table` is a tournament's match whose result the other side confirms, with its sides'
links (the tournament confirmation tests share it).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.confirming import Table, first_match
from tests.helpers.stores import REDIS_URL, closed_port, redis_reachable
from tests.helpers.tournaments import confirming, side_link, user


@pytest.fixture(params=["database", "redis", "redis-away"])
def limit_store(request: pytest.FixtureRequest) -> Iterator[dict[str, Any]]:
    """The config of one rate-limit store: the app's database, Redis, or a Redis that
    is away (nothing listens on its port: the counters fall back to the database)."""
    if request.param == "database":
        yield {"RATELIMIT_STORAGE_URI": "database://"}
        return
    if request.param == "redis-away":
        yield {"REDIS_URL": f"redis://127.0.0.1:{closed_port()}/0"}
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


@pytest.fixture
def table(app: Flask, client: FlaskClient) -> Table:
    """A started round-robin of four pairs asking for confirmation, its organiser
    ("organiser") logged out; table 1's match and its two links."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    with app.app_context():
        organiser = user("organiser")
        t = confirming(organiser)
        match = first_match(t)
        return Table(
            t.public_id,
            match.id,
            (side_link(match, 0), side_link(match, 1)),
            (match.first.name, match.second.name if match.second else ""),
        )
