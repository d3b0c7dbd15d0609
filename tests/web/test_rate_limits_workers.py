"""Rate limits hold exactly across the 4 gunicorn workers of `make serve`.

A real gunicorn with 4 workers on a loopback port, on this session's test database,
with the counters in the database and then in Redis; behind one (simulated) trusted
proxy, so each test sends from its own address with X-Forwarded-For. Requests go in
all at once from many threads: whichever worker takes each, exactly the limit passes.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 4


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _environment(database_url: str, store: dict[str, Any]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(
        DATABASE_URL=database_url,
        SECRET_KEY="test-secret-key",
        SCOREKEEPER_WTF_CSRF_ENABLED="false",
        SCOREKEEPER_PASSWORD_HASH_METHOD="pbkdf2:sha256:1000",
        SCOREKEEPER_TRUSTED_PROXIES="1",
        SCOREKEEPER_API_RATE_LIMIT="10/minute",
    )
    for key, value in store.items():
        env[key if key == "REDIS_URL" else f"SCOREKEEPER_{key}"] = (
            value if isinstance(value, str) else json.dumps(value)
        )
    return env


@pytest.fixture
def server(
    app: Flask,  # noqa: ARG001 (requested for its teardown, which empties the tables)
    migrated_database_url: str,
    limit_store: dict[str, Any],
    tmp_path: Path,
) -> Iterator[str]:
    """The base URL of gunicorn -w 4 serving the app (the `app` fixture empties the tables)."""
    port = _free_port()
    log = tmp_path / "gunicorn.log"
    with log.open("w") as err:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-w",
                str(WORKERS),
                "-b",
                f"127.0.0.1:{port}",
                "scorekeeper:create_app()",
            ],
            cwd=ROOT,
            env=_environment(migrated_database_url, limit_store),
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    try:
        deadline = time.monotonic() + 60
        while log.read_text().count("Booting worker") < WORKERS or not _answers(port):
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=30)


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def _post(url: str, address: str, data: bytes, content_type: str) -> int:
    request = urllib.request.Request(
        url,
        data=data,
        headers={"Content-Type": content_type, "X-Forwarded-For": address},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def _all_at_once(requests: list[tuple[str, str, bytes, str]]) -> Counter[int]:
    """Send every request at the same moment, each from its own thread; count the answers."""
    start = threading.Barrier(len(requests))

    def send(args: tuple[str, str, bytes, str]) -> int:
        start.wait()
        return _post(*args)

    with ThreadPoolExecutor(len(requests)) as pool:
        return Counter(pool.map(send, requests))


def _login(base: str, address: str, username: str) -> tuple[str, str, bytes, str]:
    body = urllib.parse.urlencode({"username": username, "password": "a wrong guess"})
    return (f"{base}/account/login", address, body.encode(), "application/x-www-form-urlencoded")


def test_limits_hold_exactly_across_four_workers(server: str) -> None:
    # One address trying one username: 5 failed log-ins a minute, however they are served.
    answers = _all_at_once([_login(server, "198.51.100.1", "anna") for _ in range(30)])
    assert answers == {422: 5, 429: 25}
    # One address trying many usernames (password spraying): 20 a minute.
    answers = _all_at_once([_login(server, "198.51.100.2", f"user{n}") for n in range(32)])
    assert answers == {422: 20, 429: 12}
    # The API's limit (10 a minute here), per address.
    body = json.dumps({"cards": ["7D"]}).encode()
    url = f"{server}/api/v1/primiera"
    answers = _all_at_once([(url, "198.51.100.3", body, "application/json")] * 30)
    assert answers == {200: 10, 429: 20}
    assert _all_at_once([(url, "198.51.100.4", body, "application/json")] * 2) == {200: 2}
