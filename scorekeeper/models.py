"""What is stored. Typed SQLAlchemy 2 models (`Mapped[...]`) on `db.Model`.

Each feature keeps its models in `scorekeeper/<feature>/models.py`; importing
them here registers them with the metadata Alembic watches.
"""

from scorekeeper.accounts.models import User, UserSession
from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand, HandRevision, HandSide, Seat
from scorekeeper.leagues.models import (
    Invitation,
    League,
    LeagueResult,
    Membership,
    Player,
    Season,
)
from scorekeeper.ratelimit import rate_limit

__all__ = [
    "Game",
    "Hand",
    "HandRevision",
    "HandSide",
    "Invitation",
    "League",
    "LeagueResult",
    "Membership",
    "Player",
    "Season",
    "Seat",
    "User",
    "UserSession",
    "db",
    "rate_limit",
]
