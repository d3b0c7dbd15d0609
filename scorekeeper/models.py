"""What every stored model shares: the clock of its timestamps, the stored form of a token.

Each feature keeps its models in ``scorekeeper/<feature>/models.py`` (typed SQLAlchemy 2
models on `scorekeeper.extensions.Model`: ``db.Model``, read by mypy as the typed base);
`create_app` imports every blueprint, and with it every model, so the metadata Alembic
watches holds them all.
"""

from __future__ import annotations

import enum
import hashlib
import secrets
from datetime import UTC, datetime
from typing import Self


def utcnow() -> datetime:
    """The current time, timezone-aware in UTC (every ``created_at`` and ``updated_at``)."""
    return datetime.now(UTC)


def hash_token(token: str) -> str:
    """The stored form of a secret token (a game's edit link, an invitation link).

    Only this SHA-256 is kept, so a leaked database opens nothing.
    """
    return hashlib.sha256(token.encode()).hexdigest()


def new_public_id() -> str:
    """An unguessable id for addresses (128 bits, URL-safe): a league's, a tournament's.

    It never starts with "-", so it can be given on a command line
    (`flask leagues rebuild <id>`) without being read as an option.
    """
    while (public_id := secrets.token_urlsafe(16)).startswith("-"):
        pass
    return public_id


class StoredRole(enum.IntEnum):
    """A member's role, stored by its lower-case name; each includes the ones below it
    (subclassed with the roles of a league, of a tournament)."""

    @property
    def key(self) -> str:
        """The role as stored: its name in lower case."""
        return self.name.lower()

    @classmethod
    def parse(cls, key: str) -> Self:
        """The role stored as `key`."""
        return cls[key.upper()]
