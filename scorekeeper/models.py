"""What is stored. Typed SQLAlchemy 2 models (`Mapped[...]`) on `db.Model`.

The models arrive with the games feature; Alembic already watches this
module's metadata, so `flask db migrate` picks them up.
"""

from scorekeeper.extensions import db

__all__ = ["db"]
