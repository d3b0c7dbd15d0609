"""What the venue keeps of a tournament: the screen's link and settings, the round clock,
the prize list, each entry's check-in, and the entrants that joined late."""

from __future__ import annotations

import enum
from datetime import datetime

from sqlalchemy import Boolean, CheckConstraint, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.extensions import Model
from scorekeeper.models import utcnow

TOKEN_MAX = 64
PRIZE_LABEL_MAX = 80
PLACES_MAX = 16


class PrizeMode(enum.Enum):
    """How the prizes are given: none, an amount (or a thing) per place, or a split of the
    entry fees collected (a percentage per place)."""

    NONE = "none"
    PLACES = "places"
    SPLIT = "split"


class Venue(Model):
    """A tournament's venue settings (one row, made when first needed).

    ``screen_token`` opens the screen without an account (``None``: no link, or revoked);
    ``clock_*`` is the round clock (``clock_round_id`` the round it times; running: it ends
    at ``clock_ends_at``; paused: ``clock_left`` seconds remain); ``version`` grows on every
    change, so the screen's version check sees it."""

    __tablename__ = "tournament_venue"
    __table_args__ = (
        CheckConstraint("cycle_seconds BETWEEN 3 AND 300", name="cycle_seconds"),
        CheckConstraint("clock_minutes BETWEEN 1 AND 600", name="clock_minutes"),
        CheckConstraint("clock_left IS NULL OR clock_left >= 0", name="clock_left"),
        CheckConstraint("prize_mode IN ('none', 'places', 'split')", name="prize_mode"),
    )

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True
    )
    screen_token: Mapped[str | None] = mapped_column(String(TOKEN_MAX), unique=True)
    cycle_seconds: Mapped[int] = mapped_column(Integer, default=15)
    clock_minutes: Mapped[int] = mapped_column(Integer, default=40)
    clock_round_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_round.id", ondelete="SET NULL")
    )
    clock_ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    clock_left: Mapped[int | None] = mapped_column(Integer)
    prize_mode: Mapped[str] = mapped_column(String(8), default=PrizeMode.NONE.value)
    version: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Prize(Model):
    """The prize of a place: an amount in cents, or a percentage of the entry fees
    collected (`PrizeMode`), and what it is in words (``label``: "a ham", optional)."""

    __tablename__ = "tournament_prize"
    __table_args__ = (
        CheckConstraint(f"place BETWEEN 1 AND {PLACES_MAX}", name="place"),
        CheckConstraint("amount_cents IS NULL OR amount_cents >= 0", name="amount"),
        CheckConstraint("percent IS NULL OR percent BETWEEN 0 AND 100", name="percent"),
    )

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True
    )
    place: Mapped[int] = mapped_column(Integer, primary_key=True)
    amount_cents: Mapped[int | None] = mapped_column(Integer)
    percent: Mapped[int | None] = mapped_column(Integer)
    label: Mapped[str] = mapped_column(String(PRIZE_LABEL_MAX), default="")


class CheckIn(Model):
    """An entry at the door: there (``present``) and its fee paid (``paid``)."""

    __tablename__ = "tournament_checkin"

    entry_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_entry.id", ondelete="CASCADE"), primary_key=True
    )
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    present: Mapped[bool] = mapped_column(Boolean, default=False)
    paid: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LateEntrant(Model):
    """An entrant added after the start (a Swiss stage): from which round it plays."""

    __tablename__ = "tournament_late_entrant"
    __table_args__ = (CheckConstraint("from_round >= 2", name="from_round"),)

    entrant_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_entrant.id", ondelete="CASCADE"), primary_key=True
    )
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    from_round: Mapped[int] = mapped_column(Integer)
