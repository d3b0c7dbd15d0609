"""A circuit and its tournaments, stored. ``points`` is its table (points by place),
``taking_part`` the points of any place past it, ``best_of`` how many results count
(``None``: all)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.extensions import Model
from scorekeeper.models import new_public_id, utcnow

NAME_MAX = 60
SEASON_MAX = 30


class Circuit(Model):
    """A circuit (Grand Prix): its name, season, organiser and points table."""

    __tablename__ = "circuit"
    __table_args__ = (
        CheckConstraint("taking_part >= 0", name="taking_part"),
        CheckConstraint("best_of IS NULL OR best_of >= 1", name="best_of"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, default=new_public_id)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    season: Mapped[str] = mapped_column(String(SEASON_MAX), default="")
    organiser_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    #: Points by place, first place first (`core.PointsTable.by_place`).
    points: Mapped[list[int]] = mapped_column(JSON)
    taking_part: Mapped[int] = mapped_column(Integer, default=0)
    best_of: Mapped[int | None] = mapped_column(Integer)
    is_public: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<Circuit {self.name!r}>"


class CircuitTournament(Model):
    """A tournament of a circuit, at ``position`` (1 the first) in its order."""

    __tablename__ = "circuit_tournament"
    __table_args__ = (
        UniqueConstraint("circuit_id", "tournament_id", name="uq_circuit_tournament"),
        CheckConstraint("position >= 1", name="position"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    circuit_id: Mapped[int] = mapped_column(ForeignKey("circuit.id", ondelete="CASCADE"))
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer)
