"""A private tournament's results link: a secret address that opens its results page to
anyone who has it, until the organiser makes a new one or takes it back. Only the
token's hash is stored (`hash_token`). And the sites the organiser lets show a public
tournament's results page in a frame (none stored: the app's default)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.extensions import Model
from scorekeeper.models import utcnow


class ResultsLink(Model):
    """The one results link of a tournament (a new one replaces it)."""

    __tablename__ = "tournament_results_link"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), unique=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


#: The longest list of sites that may frame a results page (a few clubs' origins).
FRAMING_MAX = 300


class ResultsFraming(Model):
    """The sites (origins separated by spaces) that may show the tournament's public
    results page in a frame, in place of the app's ``PUBLISHED_FRAME_ANCESTORS``."""

    __tablename__ = "tournament_results_framing"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), unique=True
    )
    sites: Mapped[str] = mapped_column(String(FRAMING_MAX))
