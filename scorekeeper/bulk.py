"""Multi-row INSERTs for the bulk paths: new games, a league import, the demo league.

They run as SQLAlchemy Core statements (one executemany per table, in batches the
driver and SQLAlchemy choose) on the session's connection and in its transaction,
instead of an ORM flush per object. The rows they insert are not in the session.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func, insert, select

from scorekeeper.extensions import db


def insert_rows(model: Any, rows: Sequence[Mapping[str, Any]]) -> None:
    """INSERT `rows` (column name -> value) into `model`'s table.

    What the session holds is flushed first, so the rows may refer to it.
    """
    if rows:
        db.session.flush()
        db.session.execute(insert(model.__table__), rows)


def insert_rows_with_ids(model: Any, rows: Sequence[Mapping[str, Any]]) -> list[int]:
    """INSERT `rows` into `model`'s table and return their new ids, in the order of `rows`.

    On PostgreSQL the ids are drawn from the table's sequence first (one query) and
    the rows inserted with them: psycopg makes a multi-row INSERT ... RETURNING slow
    (it parses every batch's thousands of placeholders anew). Elsewhere (SQLite) the
    INSERT returns them (``RETURNING``, in the order of the rows).
    """
    if not rows:
        return []
    db.session.flush()
    table = model.__table__
    if db.session.get_bind().dialect.name == "postgresql":
        sequence = func.pg_get_serial_sequence(table.name, "id")
        drawn = select(func.nextval(sequence)).select_from(func.generate_series(1, len(rows)))
        ids = sorted(db.session.scalars(drawn))
        db.session.execute(
            insert(table), [{**row, "id": id_} for row, id_ in zip(rows, ids, strict=True)]
        )
        return ids
    statement = insert(table).returning(table.c.id, sort_by_parameter_order=True)
    return list(db.session.scalars(statement, rows))
