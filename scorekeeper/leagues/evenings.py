"""A league evening's result sheet: the league's games of one day (in the app's time
zone), every hand, who entered and changed it, signed (`scorekeeper.audit.sheet`) so
that its printed QR opens a page proving it authentic and unchanged."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.games.sheet import ResultSheet, result_sheet
from scorekeeper.grammar import gettext as _
from scorekeeper.leagues.models import League


def _zone() -> ZoneInfo:
    return ZoneInfo(current_app.config["BABEL_DEFAULT_TIMEZONE"])


def evening_of(game: Game) -> date:
    """The day ``game`` was played, in the app's time zone."""
    moment = game.created_at
    if moment.tzinfo is None:  # SQLite gives back naive UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(_zone()).date()


@dataclass(frozen=True)
class EveningSheet:
    """What an evening's sheet shows and signs."""

    key: str
    title: str
    day: date
    sheet: ResultSheet

    def part_label(self, key: str) -> str:
        """A signed part in words: the game it is."""
        return next((g.label for g in self.sheet.games if g.key == key), key)


def evening_sheet(league: League, day: date) -> EveningSheet:
    """The sheet of ``league``'s games played on ``day``, in the order they started."""
    start = datetime.combine(day, time(), tzinfo=_zone())
    end = start + timedelta(days=1)
    played = db.session.scalars(
        select(Game)
        .options(selectinload(Game.seats))
        .where(
            Game.league_id == league.id,
            Game.created_at >= start.astimezone(UTC),
            Game.created_at < end.astimezone(UTC),
        )
        .order_by(Game.created_at, Game.id)
    ).all()
    games = [
        (
            f"g{game.id}",
            _("Game %(number)s: %(sides)s", number=n, sides=" – ".join(game.side_names())),
            game,
        )
        for n, game in enumerate(played, 1)
    ]
    # One part per game, not per hand: an evening's QR stays small enough to scan.
    sheet = result_sheet(games, per_hand=False)
    return EveningSheet(f"evening:{league.id}:{day.isoformat()}", league.name, day, sheet)
