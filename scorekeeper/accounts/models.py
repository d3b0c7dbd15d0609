"""User accounts. Players at the table need none; league owners, scorers and viewers do."""

from __future__ import annotations

from datetime import datetime

from flask_login import UserMixin
from sqlalchemy import CheckConstraint, DateTime, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.extensions import Model
from scorekeeper.models import utcnow
from scorekeeper.ui.text import comparable_username, skeleton

USERNAME_MAX = 40
#: A skeleton may be longer than the name (one character can stand for several).
SKELETON_MAX = 4 * USERNAME_MAX


def username_key(username: str) -> str:
    """The form of a username that uniqueness is checked on: NFKC, case folded."""
    return comparable_username(username)


def username_skeleton(username: str) -> str:
    """What a username looks like: the UTS #39 skeleton of its `username_key`, the same
    for "anna", "Anna" with a Greek capital alpha and "anna" with a Cyrillic "a". Two
    accounts never share one (a unique column), so no name passes for another."""
    return comparable_username(skeleton(username_key(username)))  # "pa0lo": "paOlo": "paolo"


class User(UserMixin, Model):
    """An account. `username_key` (casefolded) is unique, so "Anna" and "anna" are one name.

    Two objects are the same user when they are the same row of one database session
    (object identity), not when Flask-Login's ids match.
    """

    __tablename__ = "user_account"
    __table_args__ = (CheckConstraint("length(username) >= 3", name="username_length"),)
    # `session_token` below is a plain attribute of the object, not a column.
    __allow_unmapped__ = True

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(USERNAME_MAX))
    username_key: Mapped[str] = mapped_column(String(USERNAME_MAX), unique=True)
    username_skeleton: Mapped[str] = mapped_column(String(SKELETON_MAX), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    #: The secret of the `UserSession` this object was logged in or loaded with.
    session_token: str | None = None

    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__

    def get_id(self) -> str:
        """The id Flask-Login keeps in the session and the remember-me cookie.

        Flask-Login's "alternative tokens": not the account's number but the secret of
        one server-side `UserSession`, so deleting that row ends the session and every
        copy of its cookies (log out, log out everywhere, a new password).
        """
        if self.session_token is None:
            raise RuntimeError("log in through accounts.services.start_session")
        return self.session_token

    def __repr__(self) -> str:
        return f"<User {self.username!r}>"


class UserSession(Model):
    """One logged-in browser of an account: the server-side half of a session.

    The browser holds the secret (in the session cookie and the remember-me cookie);
    only its digest is stored. Without its row a cookie logs nobody in, whatever it says.
    """

    __tablename__ = "user_session"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    def __repr__(self) -> str:
        return f"<UserSession {self.id} of user {self.user_id}>"
