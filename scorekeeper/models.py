"""What every stored model shares: the clock of its timestamps, the stored form of a token.

Each feature keeps its models in ``scorekeeper/<feature>/models.py`` (typed SQLAlchemy 2
models on ``db.Model`` from `scorekeeper.extensions`); `create_app` imports every
blueprint, and with it every model, so the metadata Alembic watches holds them all.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime


def utcnow() -> datetime:
    """The current time, timezone-aware in UTC (every ``created_at`` and ``updated_at``)."""
    return datetime.now(UTC)


def hash_token(token: str) -> str:
    """The stored form of a secret token (a game's edit link, an invitation link).

    Only this SHA-256 is kept, so a leaked database opens nothing.
    """
    return hashlib.sha256(token.encode()).hexdigest()
