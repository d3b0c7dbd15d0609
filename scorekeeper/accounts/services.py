"""Account use cases: one function each.

Passwords are hashed with Werkzeug's `generate_password_hash`, scrypt by default
(`PASSWORD_HASH_METHOD`; the tests use a cheap method to stay fast). A hash records
its own method, so changing the setting never locks anyone out.

Sessions live on the server: each log-in is a `UserSession` row whose secret the
browser keeps (Flask-Login's session and remember-me cookie carry it as the user id).
Logging out deletes that row, and so does a log-in over it (the browser's new session
replaces it); "log out everywhere" and a new password delete the account's other rows,
so a copied cookie stops working at once on every worker.
"""

from __future__ import annotations

import functools
import re
import secrets
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from scorekeeper.accounts.models import User, UserSession, username_key, username_skeleton
from scorekeeper.extensions import db
from scorekeeper.models import hash_token, utcnow

#: The shape of a session secret (`secrets.token_urlsafe(32)`); anything else is no session.
_SESSION_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


def _hash(password: str) -> str:
    return generate_password_hash(password, current_app.config["PASSWORD_HASH_METHOD"])


@functools.cache
def _dummy_hash(method: str) -> str:
    """Checked against when the username is unknown, so that a wrong name costs as long
    as a wrong password (no user enumeration by timing): made with the same method."""
    return generate_password_hash("not a real password", method)


class UsernameTaken(ValueError):
    """Someone already has this username (compared case-insensitively)."""


class UsernameLookalike(UsernameTaken):
    """An account's username looks like this one (the same UTS #39 skeleton)."""


def find_user(username: str) -> User | None:
    """The account called `username` (any case), or None."""
    return db.session.scalar(select(User).where(User.username_key == username_key(username)))


def create_user(username: str, password: str) -> User:
    """Create an account; raises `UsernameTaken` (also when a concurrent sign-up won), or
    `UsernameLookalike` when the name looks like an existing one."""
    username = username.strip()
    if find_user(username) is not None:
        raise UsernameTaken(username)
    skeleton = username_skeleton(username)
    if db.session.scalar(select(User.id).where(User.username_skeleton == skeleton)):
        raise UsernameLookalike(username)
    user = User(
        username=username,
        username_key=username_key(username),
        username_skeleton=skeleton,
        password_hash=_hash(password),
    )
    db.session.add(user)
    try:
        db.session.commit()
    except IntegrityError as err:
        db.session.rollback()
        raise UsernameTaken(username) from err
    return user


def authenticate(username: str, password: str) -> User | None:
    """The account if the password is right, else None."""
    user = find_user(username)
    if user is None:
        check_password_hash(_dummy_hash(current_app.config["PASSWORD_HASH_METHOD"]), password)
        return None
    return user if check_password_hash(user.password_hash, password) else None


def change_password(user: User, current: str, new: str) -> bool:
    """Set a new password if `current` is right; False (nothing changed) otherwise.

    Every other session of the account ends with the old password (the one `user`
    was loaded with stays).
    """
    if not check_password_hash(user.password_hash, current):
        return False
    user.password_hash = _hash(new)
    _delete_sessions(user, keep=user.session_token)
    db.session.commit()
    return True


def _lifetime(remember: bool) -> timedelta:
    """How long a session may last: the remember-me cookie's duration, or Flask's session's."""
    key = "REMEMBER_COOKIE_DURATION" if remember else "PERMANENT_SESSION_LIFETIME"
    value = current_app.config.get(key, timedelta(days=365))
    return value if isinstance(value, timedelta) else timedelta(seconds=int(value))


def start_session(user: User, remember: bool = False) -> str:
    """Open a new session of `user` (before `login_user`); returns its secret.

    The account's expired sessions are cleared out on the way.
    """
    token = secrets.token_urlsafe(32)
    now = utcnow()
    db.session.execute(
        delete(UserSession).where(UserSession.user_id == user.id, UserSession.expires_at <= now)
    )
    db.session.add(
        UserSession(
            user_id=user.id,
            token_hash=hash_token(token),
            created_at=now,
            expires_at=now + _lifetime(remember),
        )
    )
    db.session.commit()
    user.session_token = token
    return token


def user_for_session(token: str) -> User | None:
    """The account whose unexpired session has this secret, or None (so: logged out)."""
    if not _SESSION_TOKEN.fullmatch(token):
        return None
    user = db.session.scalar(
        select(User)
        .join(UserSession, UserSession.user_id == User.id)
        .where(UserSession.token_hash == hash_token(token), UserSession.expires_at > utcnow())
    )
    if user is not None:
        user.session_token = token
    return user


def end_session(token: str | None) -> None:
    """End one session (logging out): its cookies, and every copy of them, stop working."""
    if token:
        db.session.execute(delete(UserSession).where(UserSession.token_hash == hash_token(token)))
        db.session.commit()


def end_every_session(user: User) -> None:
    """Log `user` out everywhere: every session and remember-me cookie of the account."""
    _delete_sessions(user)
    db.session.commit()


def count_sessions(user: User) -> int:
    """How many browsers are logged in to this account now (this one included)."""
    return (
        db.session.scalar(
            select(func.count())
            .select_from(UserSession)
            .where(UserSession.user_id == user.id, UserSession.expires_at > utcnow())
        )
        or 0
    )


def _delete_sessions(user: User, keep: str | None = None) -> None:
    condition = UserSession.user_id == user.id
    if keep:
        condition = condition & (UserSession.token_hash != hash_token(keep))
    db.session.execute(delete(UserSession).where(condition))
