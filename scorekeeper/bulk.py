"""Bulk INSERTs for new games, a league import and the demo league.

They are SQLAlchemy Core statements on the session's connection, in its transaction:
one statement per table and batch instead of an ORM flush per object. The rows they
insert are not in the session; where their ids are needed the caller reads them back
by a unique key (one indexed SELECT, alike on SQLite and PostgreSQL, where psycopg
makes a multi-row INSERT ... RETURNING slow).

On PostgreSQL an executemany costs the server one statement per row (about 40 us a
row where this was measured, against about 10 us for the JSON form below, which
also costs the client less than psycopg's array or multi-row forms). A few rows (a
saved hand's sides and revision) go as an executemany there too: building the JSON
statement costs the client about a millisecond, more than the rows it saves.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import JSON, Table, Text, bindparam, cast, func, insert, literal_column, select
from sqlalchemy.sql.dml import Insert

from scorekeeper.extensions import db

#: Below this many rows an executemany costs PostgreSQL's client less than the JSON form
#: (one row: 0.24 ms against 0.54; they meet at about 16 rows where this was measured).
FEW_ROWS = 12


def insert_rows(model: Any, rows: Sequence[Mapping[str, Any]]) -> None:
    """INSERT `rows` (column name -> value, the same columns in each) into `model`'s table.

    What the session holds is flushed first, so the rows may refer to it. SQLite gets
    an executemany. PostgreSQL gets the rows as one JSON array that the server turns
    into rows of the table (``INSERT ... SELECT ... FROM json_populate_recordset``):
    values go as JSON, datetimes (which must carry their offset) as ISO 8601; fewer
    than `FEW_ROWS` rows get the executemany there too.
    """
    if not rows:
        return
    db.session.flush()
    table = model.__table__
    if len(rows) < FEW_ROWS or db.session.get_bind().dialect.name != "postgresql":
        db.session.execute(_insert(table), rows)
        return
    names = list(rows[0])
    preparer = db.session.get_bind().dialect.identifier_preparer
    records = func.json_populate_recordset(
        literal_column(f"NULL::{preparer.format_table(table)}"),
        cast(bindparam("rows", json.dumps(rows, default=_moment), type_=Text), JSON),
    ).table_valued(*names)
    db.session.execute(
        insert(table).from_select(names, select(*(records.c[name] for name in names)))
    )


@cache
def _insert(table: Table) -> Insert:
    """The table's plain INSERT, built once (a saved hand makes two every time)."""
    return insert(table)


def _moment(value: object) -> str:
    """A datetime as JSON: ISO 8601, with its offset (PostgreSQL reads it as timestamptz)."""
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value.isoformat()
    raise TypeError(f"{value!r} cannot be stored in bulk")
