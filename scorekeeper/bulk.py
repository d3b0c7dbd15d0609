"""Bulk INSERTs for new games, a league import and the demo league.

They run as SQLAlchemy Core statements (one executemany per table) on the session's
connection and in its transaction, instead of an ORM flush per object. The rows they
insert are not in the session; where their ids are needed they are read back by a
unique key (which costs one indexed SELECT, and works alike on SQLite and PostgreSQL,
where psycopg makes a multi-row INSERT ... RETURNING slow).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import insert

from scorekeeper.extensions import db


def insert_rows(model: Any, rows: Sequence[Mapping[str, Any]]) -> None:
    """INSERT `rows` (column name -> value) into `model`'s table.

    What the session holds is flushed first, so the rows may refer to it.
    """
    if rows:
        db.session.flush()
        db.session.execute(insert(model.__table__), rows)
