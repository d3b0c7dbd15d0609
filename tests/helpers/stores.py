"""The Redis the tests use for rate limits (`TEST_REDIS_URL`), and whether it answers."""

from __future__ import annotations

import os
import socket
from urllib.parse import urlsplit

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def redis_reachable(url: str = REDIS_URL) -> bool:
    """Whether something answers on the Redis URL's port."""
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379), 1):
            return True
    except OSError:
        return False


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port
