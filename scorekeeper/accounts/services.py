"""Account use cases: one function each.

Passwords are hashed with Werkzeug's `generate_password_hash`, scrypt by default
(`PASSWORD_HASH_METHOD`; the tests use a cheap method to stay fast). A hash records
its own method, so changing the setting never locks anyone out.
"""

from __future__ import annotations

from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from scorekeeper.accounts.models import User, username_key
from scorekeeper.extensions import db

# Checked against when the username is unknown, so a wrong name costs as long as a
# wrong password (no user enumeration by timing).
_DUMMY_HASH = generate_password_hash("not a real password")


def _hash(password: str) -> str:
    return generate_password_hash(password, current_app.config["PASSWORD_HASH_METHOD"])


class UsernameTaken(ValueError):
    """Someone already has this username (compared case-insensitively)."""


def find_user(username: str) -> User | None:
    """The account called `username` (any case), or None."""
    return db.session.scalar(select(User).where(User.username_key == username_key(username)))


def create_user(username: str, password: str) -> User:
    """Create an account; raises `UsernameTaken` (also when a concurrent sign-up won)."""
    username = username.strip()
    if find_user(username) is not None:
        raise UsernameTaken(username)
    user = User(
        username=username,
        username_key=username_key(username),
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
        check_password_hash(_DUMMY_HASH, password)
        return None
    return user if check_password_hash(user.password_hash, password) else None


def change_password(user: User, current: str, new: str) -> bool:
    """Set a new password if `current` is right; False (nothing changed) otherwise."""
    if not check_password_hash(user.password_hash, current):
        return False
    user.password_hash = _hash(new)
    db.session.commit()
    return True
