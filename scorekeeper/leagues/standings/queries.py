"""Reading a league: its tables, a player's line, rating history, results, head-to-head."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Integer, and_, cast, func, select
from sqlalchemy.orm import aliased

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand, HandStatus, Seat
from scorekeeper.leagues.models import LeagueResult, Player, Season, Standing
from scorekeeper.leagues.standings.ratings import display_rating
from scorekeeper.leagues.standings.rows import TALLIES, of_period

#: Pairs need this many games together to get a row in the pairs table.
PAIR_MIN_GAMES = 3


@dataclass(frozen=True)
class Line:
    """One player's (or pair's) line in a table. Per-hand figures are averages/shares."""

    player_id: int
    name: str
    games: int
    won: int
    points_for: int
    points_against: int
    hands: int
    scope: int
    settebello: int
    primiera: int
    napola: int
    rating: int
    partner_id: int | None = None
    partner_name: str = ""

    @property
    def lost(self) -> int:
        """Games lost (every finished game has one winner)."""
        return self.games - self.won

    @property
    def win_pct(self) -> float:
        """Share of games won, 0-100."""
        return 100 * self.won / self.games if self.games else 0.0

    @property
    def difference(self) -> int:
        """Game points for minus against."""
        return self.points_for - self.points_against

    def per_hand(self, count: int) -> float:
        """`count` divided by the hands played (0 without hands)."""
        return count / self.hands if self.hands else 0.0


def sort_key(line: Line) -> tuple[int, float, int, int, str]:
    """The tie-break order of every table, most important first:

    1. games won (more first);
    2. win percentage (higher first);
    3. game-point difference, points for minus points against (higher first);
    4. game points for (more first);
    5. name, alphabetically (so equal lines always come in the same order).
    """
    return (-line.won, -line.win_pct, -line.difference, -line.points_for, line.name.casefold())


def standings(league_id: int, season: Season | None = None) -> list[Line]:
    """Every player with a finished game in the period (`season`; None: all time).

    Ordered by games won, then win percentage, then game-point difference, then game
    points for (more first each time), then name (see `sort_key`). One row per player
    from the standing rows (kept up to date as games change).
    """
    return sorted(_lines(season, Standing.league_id == league_id), key=sort_key)


def _lines(season: Season | None, *where: ColumnElement[bool]) -> list[Line]:
    """The players' own lines (not pairs) of the period, as the standing rows hold them."""
    rows = db.session.execute(
        select(Standing, Player.name, Player.mu, Player.sigma)
        .join(Player, Player.id == Standing.player_id)
        .where(*where, of_period(season), Standing.partner_id.is_(None))
    ).all()
    return [_line(row) for row in rows]


def _line(row: Any, **extra: Any) -> Line:
    """A `Line` from a standing row read with its player's name and rating."""
    standing = row.Standing
    return Line(
        player_id=standing.player_id,
        name=row.name,
        rating=display_rating(row.mu, row.sigma),
        **{name: getattr(standing, name) for name in TALLIES},
        **extra,
    )


def pairs(
    league_id: int, season: Season | None = None, min_games: int = PAIR_MIN_GAMES
) -> list[Line]:
    """Partners who played at least `min_games` games on the same side, as one line each.

    The pair's figures are its side's (the two share them); its rating is the mean
    of the two displayed ratings.
    """
    other = aliased(Player)
    rows = db.session.execute(
        select(
            Standing,
            Player.name,
            Player.mu,
            Player.sigma,
            other.name.label("partner_name"),
            other.mu.label("partner_mu"),
            other.sigma.label("partner_sigma"),
        )
        .join(Player, Player.id == Standing.player_id)
        .join(other, other.id == Standing.partner_id)
        .where(
            Standing.league_id == league_id,
            of_period(season),
            Standing.partner_id.is_not(None),
            Standing.games >= min_games,
        )
    ).all()
    lines = []
    for row in rows:
        line = _line(row, partner_id=row.Standing.partner_id, partner_name=row.partner_name)
        mean = (line.rating + display_rating(row.partner_mu, row.partner_sigma)) // 2
        lines.append(replace(line, rating=mean))
    return sorted(lines, key=sort_key)


def player_line(player: Player, season: Season | None = None) -> Line | None:
    """The player's own line (None before their first finished game in the period)."""
    return next(iter(_lines(season, Standing.player_id == player.id)), None)


@dataclass(frozen=True)
class RatingPoint:
    """A player's displayed rating after one game."""

    played_at: datetime
    rating: int


def rating_history(player: Player) -> list[RatingPoint]:
    """The player's rating after each of their finished games, oldest first."""
    rows = db.session.execute(
        select(LeagueResult.played_at, LeagueResult.mu, LeagueResult.sigma)
        .where(LeagueResult.player_id == player.id)
        .order_by(LeagueResult.played_at, LeagueResult.game_id)
    ).all()
    return [RatingPoint(row.played_at, display_rating(row.mu, row.sigma)) for row in rows]


@dataclass(frozen=True)
class Result:
    """One finished game of a player: when, with and against whom, and how it ended."""

    game_id: int
    view_token: str
    played_at: datetime
    won: bool
    points_for: int
    points_against: int
    partners: list[str]
    opponents: list[str]


def recent_results(player: Player, limit: int = 20) -> list[Result]:
    """The player's latest finished games, newest first."""
    mine = db.session.execute(
        select(LeagueResult, Game.view_token)
        .join(Game, Game.id == LeagueResult.game_id)
        .where(LeagueResult.player_id == player.id)
        .order_by(LeagueResult.played_at.desc(), LeagueResult.game_id.desc())
        .limit(limit)
    ).all()
    game_ids = [row.LeagueResult.game_id for row in mine]
    others = db.session.execute(
        select(LeagueResult.game_id, LeagueResult.side, Player.name)
        .join(Player, Player.id == LeagueResult.player_id)
        .where(LeagueResult.game_id.in_(game_ids), LeagueResult.player_id != player.id)
        .order_by(LeagueResult.side, Player.name)
    ).all()
    results = []
    for row in mine:
        result = row.LeagueResult
        same = [o.name for o in others if o.game_id == result.game_id and o.side == result.side]
        against = [o.name for o in others if o.game_id == result.game_id and o.side != result.side]
        results.append(
            Result(
                result.game_id,
                row.view_token,
                result.played_at,
                result.won,
                result.points_for,
                result.points_against,
                same,
                against,
            )
        )
    return results


@dataclass(frozen=True)
class HeadToHead:
    """Games two players played on opposite sides, and who won them."""

    games: int
    won: int
    lost: int
    points_for: int
    points_against: int


def head_to_head(player: Player, other: Player) -> HeadToHead:
    """`player` against `other`: games on opposite sides, wins of each, game points."""
    them = aliased(LeagueResult)
    row = db.session.execute(
        select(
            func.count(),
            func.sum(cast(LeagueResult.won, Integer)),
            func.sum(func.cast(them.won, Integer)),
            func.sum(LeagueResult.points_for),
            func.sum(them.points_for),
        )
        .join(
            them,
            and_(them.game_id == LeagueResult.game_id, them.side != LeagueResult.side),
        )
        .where(LeagueResult.player_id == player.id, them.player_id == other.id)
    ).one()
    return HeadToHead(*(int(value or 0) for value in row))


def season_of(league_id: int, season_id: int | None) -> Season | None:
    """The season `season_id` of this league (None: all time, or not this league's)."""
    if season_id is None:
        return None
    season = db.session.get(Season, season_id)
    return season if season is not None and season.league_id == league_id else None


@dataclass(frozen=True)
class Unconfirmed:
    """How many hands of a league's games the standings do not count yet: awaiting a
    side's confirmation, or disputed (their games count once every hand is confirmed)."""

    awaiting: int = 0
    disputed: int = 0

    @property
    def total(self) -> int:
        """Every hand not confirmed."""
        return self.awaiting + self.disputed


def unconfirmed(league_id: int, player_id: int | None = None) -> Unconfirmed:
    """The league's hands not confirmed yet, by status (one statement); of the games
    ``player_id`` sits in, if given (what their rating and statistics leave out)."""
    query = (
        select(Hand.status, func.count())
        .join(Game, Game.id == Hand.game_id)
        .where(
            Game.league_id == league_id,
            Game.requires_confirmation.is_(True),
            Hand.status != HandStatus.CONFIRMED,
        )
        .group_by(Hand.status)
    )
    if player_id is not None:
        seated = select(Seat.game_id).where(Seat.player_id == player_id)
        query = query.where(Game.id.in_(seated))
    rows = db.session.execute(query)
    counts = {status: int(count) for status, count in rows}
    return Unconfirmed(counts.get(HandStatus.AWAITING, 0), counts.get(HandStatus.DISPUTED, 0))
