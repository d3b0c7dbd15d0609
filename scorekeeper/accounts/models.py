"""User accounts. Players at the table need none; league owners, scorers and viewers do."""

from __future__ import annotations

import hashlib
from datetime import datetime

from flask_login import UserMixin
from sqlalchemy import CheckConstraint, DateTime, String
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.extensions import db
from scorekeeper.models import utcnow

USERNAME_MAX = 40
#: Hex digits of the password hash's digest in a session id (see `User.get_id`).
PASSWORD_STAMP_LENGTH = 16


def username_key(username: str) -> str:
    """The form of a username that uniqueness is checked on (case-insensitive)."""
    return username.strip().casefold()


class User(UserMixin, db.Model):  # type: ignore[name-defined,misc]
    """An account. `username_key` (casefolded) is unique, so "Anna" and "anna" are one name."""

    __tablename__ = "user_account"
    __table_args__ = (CheckConstraint("length(username) >= 3", name="username_length"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(USERNAME_MAX))
    username_key: Mapped[str] = mapped_column(String(USERNAME_MAX), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    @property
    def password_stamp(self) -> str:
        """A short value that changes whenever the password does (not the hash itself)."""
        digest = hashlib.sha256(self.password_hash.encode()).hexdigest()
        return digest[:PASSWORD_STAMP_LENGTH]

    def get_id(self) -> str:
        """The id Flask-Login keeps in the session and the remember-me cookie.

        Flask-Login's "alternative tokens": the id carries the password stamp, so a
        new password ends every session and remember-me cookie made with the old one.
        """
        return f"{self.id}:{self.password_stamp}"

    def __repr__(self) -> str:
        return f"<User {self.username!r}>"
