"""What is stored. Typed SQLAlchemy 2 models (`Mapped[...]`) on `db.Model`.

Each feature keeps its models in `scorekeeper/<feature>/models.py`; importing
them here lets Alembic's autogenerate see every table.
"""

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.leagues.models import Invitation, League, Membership, Player, Season

__all__ = ["Invitation", "League", "Membership", "Player", "Season", "User", "db"]
