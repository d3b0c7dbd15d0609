"""One user action, one transaction: run it, commit it, and run it again where the
database asks for that.

PostgreSQL refuses a transaction that lost a race (a deadlock, a serialization
failure), SQLite one that found the database locked, and two requests inserting the
same UNIQUE key at once leave one of them with a violation; the ORM raises
`StaleDataError` when a row it updates or deletes was removed meanwhile. In each case
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


def should_retry(error: BaseException) -> bool:
    """Whether ``error`` means the transaction lost a race and can simply run again."""
    if isinstance(error, StaleDataError):
        return True
    if not isinstance(error, DBAPIError) or error.connection_invalidated:
        return False
    original = error.orig
    if isinstance(original, sqlite3.Error):
        return any(text in str(original) for text in RETRY_SQLITE)
    sqlstate = getattr(original, "sqlstate", None)
    if sqlstate == "23505":
        return isinstance(error, IntegrityError)
    return sqlstate in RETRY_SQLSTATES


def rollback() -> None:
    """Roll the session back, and never fail: on a connection that is gone (the rollback
    itself fails) drop the connection instead, so the pool opens a fresh one next time."""
    try:
        db.session.rollback()
    except SQLAlchemyError:
        with contextlib.suppress(SQLAlchemyError):
            db.session().invalidate()


def in_transaction(work: Callable[[], T], *, attempts: int = ATTEMPTS) -> T:
    """Run ``work`` and commit what it did; return what it returned.

    Any exception rolls the session back (nothing of ``work`` stays). One that
    `should_retry` accepts runs ``work`` again, from scratch, after a short random
    pause, up to ``attempts`` times in all; any other exception, or the last one, is
    raised. ``work`` must not commit itself, and must read what it decides on (objects
    it got before are expired by the rollback and read again).
    """
    for attempt in range(1, attempts + 1):
        try:
            result = work()
            db.session.commit()
        except BaseException as error:
            rollback()
            if attempt == attempts or not should_retry(error):
                raise
        else:
            return result
        time.sleep(random.uniform(0, PAUSE * 2 ** (attempt - 1)))  # noqa: S311  (jitter)
    raise AssertionError("unreachable")  # pragma: no cover
