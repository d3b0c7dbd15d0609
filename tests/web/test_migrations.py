"""The Alembic migrations build exactly the schema the models describe."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask

from scorekeeper.extensions import db


# Expression indexes (league_standing's COALESCE one) cannot be compared; the migration
# creates it by hand and test_standings proves it refuses a second row.
@pytest.mark.filterwarnings("ignore:.*expression-based index")
def test_migrations_match_the_models(app: Flask) -> None:
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "compare_server_default": True}
        )
        differences = compare_metadata(context, db.metadata)
    assert differences == [], "run `flask --app scorekeeper db migrate` and review the result"
