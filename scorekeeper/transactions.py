"""One user action, one transaction: run it, commit it, and run it again where the
database asks for that.

PostgreSQL refuses a transaction that lost a race (a deadlock, a serialization
failure), SQLite one that found the database locked, and two requests inserting the
same UNIQUE key at once leave one of them with a violation; the ORM raises
`StaleDataError` when a row it updates or deletes was removed meanwhile; a pooled
connection may turn out dead (the server restarted) or stale (a SQLite file opened
while it was read-only), and the pool drops it. In each case
nothing of the transaction was kept, and running the whole unit of work again, from
its first read, gives the answer a one-at-a-time run would have given (the
request's hand is found saved, the hand number has moved on, the row is gone).
`in_transaction` does that a bounded number of times; after the last attempt the
error goes up to the error page, which says that nothing was saved.
"""

from __future__ import annotations

import contextlib
import random
import sqlite3
import time
from collections.abc import Callable
from typing import TypeVar

from flask import Flask
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm.exc import StaleDataError

from scorekeeper.extensions import db

T = TypeVar("T")

#: How many times a unit of work is tried before its error is let through.
ATTEMPTS = 5
#: Seconds of the longest pause before the first retry (doubled before each next one).
PAUSE = 0.02

#: PostgreSQL's SQLSTATEs that mean "run the transaction again": serialization failure,
#: deadlock detected, unique violation (another transaction inserted the key first).
RETRY_SQLSTATES = frozenset({"40001", "40P01", "23505"})
#: SQLite's messages that mean the same.
RETRY_SQLITE = ("database is locked", "database table is locked", "UNIQUE constraint failed")


def should_retry(error: BaseException, *, committing: bool = False) -> bool:
    """Whether ``error`` means the transaction lost a race, or its connection was lost
    before the commit, so that it can simply run again on a fresh connection.

    A connection lost *during* the commit is not retried: the commit may have been
    kept, and the error page says what to do.
    """
    if isinstance(error, StaleDataError):
        return True
    if not isinstance(error, DBAPIError):
        return False
    if error.connection_invalidated:
        return not committing
    original = error.orig
    if isinstance(original, sqlite3.Error):
        return any(text in str(original) for text in RETRY_SQLITE)
    sqlstate = getattr(original, "sqlstate", None)
    if sqlstate == "23505":
        return isinstance(error, IntegrityError)
    return sqlstate in RETRY_SQLSTATES


#: SQLite's primary result code for "attempt to write a readonly database".
SQLITE_READONLY = 8


def sqlite_read_only(error: BaseException | None) -> bool:
    """Whether ``error`` (or the driver's error it wraps) is SQLite refusing to write
    because the database file, or its ``-shm`` file, is read-only."""
    original = getattr(error, "orig", error)
    code = getattr(original, "sqlite_errorcode", None)
    return (
        isinstance(original, sqlite3.Error) and code is not None and code & 0xFF == SQLITE_READONLY
    )


def rollback() -> None:
    """Roll the session back, and never fail: on a connection that is gone (the rollback
    itself fails) drop the connection instead, so the pool opens a fresh one next time."""
    try:
        db.session.rollback()
    except SQLAlchemyError:
        with contextlib.suppress(SQLAlchemyError):
            db.session().invalidate()


def end_session(_error: BaseException | None = None) -> None:
    """End the request's session (a teardown): close it, which rolls back what is left.

    Flask-SQLAlchemy's own teardown closes the session too, but a rollback that fails
    on a dead connection escapes from it, past the error pages, and the server sends
    its bare "Internal Server Error". Registered after it, this runs first and drops
    a dead connection instead; the session is gone when Flask-SQLAlchemy's runs.
    """
    try:
        db.session.remove()
    except SQLAlchemyError:
        with contextlib.suppress(SQLAlchemyError):
            db.session().invalidate()
        db.session.registry.clear()


def init_app(app: Flask) -> None:
    """Register `end_session` (after ``db.init_app``: teardowns run in reverse order)."""
    app.teardown_appcontext(end_session)


def in_transaction(work: Callable[[], T], *, attempts: int = ATTEMPTS) -> T:
    """Run ``work`` and commit what it did; return what it returned.

    Any exception rolls the session back (nothing of ``work`` stays). One that
    `should_retry` accepts runs ``work`` again, from scratch, after a short random
    pause, up to ``attempts`` times in all; any other exception, or the last one, is
    raised. ``work`` must not commit itself, and must read what it decides on (objects
    it got before are expired by the rollback and read again).
    """
    for attempt in range(1, attempts + 1):
        committing = False
        try:
            result = work()
            committing = True
            db.session.commit()
        except BaseException as error:
            rollback()
            if attempt == attempts or not should_retry(error, committing=committing):
                raise
        else:
            return result
        time.sleep(random.uniform(0, PAUSE * 2 ** (attempt - 1)))  # noqa: S311  (jitter)
    raise AssertionError("unreachable")  # pragma: no cover
