"""Leagues: who may see and score them, their players and their seasons.

A league is addressed by an unguessable `public_id` (never its integer id), so a
private league's address cannot be guessed and a public one is shared by link.
"""

from __future__ import annotations

import enum
import secrets
from datetime import date, datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.accounts.models import User, utcnow
from scorekeeper.extensions import db
from scorekeeper.scoring import FORMATS

NAME_MAX = 60
_FORMAT_KEYS = ", ".join(f"'{key}'" for key in FORMATS)


class Role(enum.IntEnum):
    """What a member may do; each role includes the ones below it."""

    VIEWER = 1
    SCORER = 2
    OWNER = 3

    @property
    def key(self) -> str:
        """The role as stored: "viewer", "scorer" or "owner"."""
        return self.name.lower()

    @classmethod
    def parse(cls, key: str) -> Role:
        """The role stored as `key`."""
        return cls[key.upper()]


ROLE_KEYS = tuple(role.key for role in Role)
_ROLE_KEYS_SQL = ", ".join(f"'{key}'" for key in ROLE_KEYS)


def new_public_id() -> str:
    """An unguessable id for addresses (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def name_key(name: str) -> str:
    """The form of a name that uniqueness is checked on (case- and space-insensitive)."""
    return " ".join(name.split()).casefold()


class League(db.Model):  # type: ignore[name-defined,misc]
    """A group that plays regularly, with default rules for its games."""

    __tablename__ = "league"
    __table_args__ = (
        CheckConstraint("target BETWEEN 1 AND 999", name="target_range"),
        CheckConstraint(f"format IN ({_FORMAT_KEYS})", name="format_known"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, default=new_public_id)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    owner_id: Mapped[int] = mapped_column(ForeignKey("user_account.id"), index=True)
    is_public: Mapped[bool] = mapped_column(Boolean, default=False)
    format: Mapped[str] = mapped_column(String(8), default="2")
    target: Mapped[int] = mapped_column(Integer, default=11)
    napola: Mapped[bool] = mapped_column(Boolean, default=False)
    re_bello: Mapped[bool] = mapped_column(Boolean, default=False)
    napoleone: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    owner: Mapped[User] = relationship()

    def __repr__(self) -> str:
        return f"<League {self.name!r}>"


class Membership(db.Model):  # type: ignore[name-defined,misc]
    """A user's role in a league (one row per league and user)."""

    __tablename__ = "membership"
    __table_args__ = (
        UniqueConstraint("league_id", "user_id", name="uq_membership_league_user"),
        CheckConstraint(f"role IN ({_ROLE_KEYS_SQL})", name="role_known"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    role: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    user: Mapped[User] = relationship()


class Invitation(db.Model):  # type: ignore[name-defined,misc]
    """A link that makes whoever opens it (logged in) a member with `role`, once.

    Only a SHA-256 hash of the link's token is stored: the database never holds
    a usable link. An owner can revoke it until it is used.
    """

    __tablename__ = "invitation"
    __table_args__ = (CheckConstraint("role IN ('scorer', 'viewer')", name="role_known"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(8))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_by_id: Mapped[int] = mapped_column(ForeignKey("user_account.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    used_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"))

    used_by: Mapped[User | None] = relationship(foreign_keys=[used_by_id])

    @property
    def is_open(self) -> bool:
        """Neither revoked nor used yet."""
        return self.revoked_at is None and self.used_at is None


class Player(db.Model):  # type: ignore[name-defined,misc]
    """Someone who plays in a league: a name, optionally linked to an account."""

    __tablename__ = "league_player"
    __table_args__ = (
        UniqueConstraint("league_id", "name_key", name="uq_league_player_name"),
        UniqueConstraint("league_id", "user_id", name="uq_league_player_user"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(NAME_MAX))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    user: Mapped[User | None] = relationship()

    def __repr__(self) -> str:
        return f"<Player {self.name!r}>"


class Season(db.Model):  # type: ignore[name-defined,misc]
    """A named date range of a league; archived when finished (still readable)."""

    __tablename__ = "season"
    __table_args__ = (
        CheckConstraint("starts_on <= ends_on", name="dates_in_order"),
        UniqueConstraint("league_id", "name", name="uq_season_league_name"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date] = mapped_column(Date)
    archived: Mapped[bool] = mapped_column(Boolean, default=False)
