"""Ratings: OpenSkill's Plackett-Luce model, re-rated in game order.

Each side of a game is a team; the winner ranks first, the others by their game
points. A player's rating after each game is stored on their result row, and the
latest also on the player (read by the tables). A player is shown with a
conservative rating, ``1000 + 40 * (mu - 3 * sigma)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from itertools import groupby
from operator import attrgetter
from typing import Protocol, TypeVar

from openskill.models import PlackettLuce
from sqlalchemy import and_, or_, select, tuple_, update

from scorekeeper.extensions import db
from scorekeeper.leagues.models import LeagueResult, Player

RATING_BASE = 1000
RATING_SCALE = 40
MODEL = PlackettLuce()


def display_rating(mu: float | None, sigma: float | None) -> int:
    """The conservative rating a player sees (1000 before any game)."""
    if mu is None or sigma is None:
        return RATING_BASE
    return round(RATING_BASE + RATING_SCALE * (mu - 3 * sigma))


class Rated(Protocol):
    """A result as rating reads and writes it: a `LeagueResult` row or its values."""

    played_at: datetime
    game_id: int
    player_id: int
    side: int
    won: bool
    points_for: int
    mu: float
    sigma: float


R = TypeVar("R", bound=Rated)

#: The order games are rated in: by the time they were played, then as they were stored.
GAME_ORDER = (LeagueResult.played_at, LeagueResult.game_id, LeagueResult.side)


def rerate_from(
    league_id: int, played_at: datetime, game_id: int, also: set[int] | None = None
) -> None:
    """Re-rate, in order, every result of the league from game (`played_at`, `game_id`) on.

    A new game (the usual case) re-rates only itself; an edit of an old game
    re-rates the games after it.
    """
    start = tuple_(LeagueResult.played_at, LeagueResult.game_id) >= tuple_(played_at, game_id)
    rows = db.session.scalars(
        select(LeagueResult).where(LeagueResult.league_id == league_id, start).order_by(*GAME_ORDER)
    ).all()
    ratings: dict[int, tuple[float, float]] = {}
    rate_in_order(rows, ratings, _rating_before)
    _store_current(ratings, (also or set()) - ratings.keys())
    db.session.flush()


def game_order(row: Rated) -> tuple[datetime, int, int]:
    """`GAME_ORDER` for results in memory."""
    return (row.played_at, row.game_id, row.side)


def rate_in_order(
    rows: Iterable[R],
    ratings: dict[int, tuple[float, float]],
    first_rating: Callable[[R], tuple[float, float]],
) -> None:
    """Rate `rows` game after game; they come sorted in `GAME_ORDER`.

    `ratings` holds each player's (mu, sigma) so far and is kept up to date; a player
    not in it yet starts at ``first_rating(row)`` (their rating before that row's game).
    """
    for _game, same_game in groupby(rows, key=attrgetter("game_id")):
        game_rows = list(same_game)
        for row in game_rows:
            if row.player_id not in ratings:
                ratings[row.player_id] = first_rating(row)
        rate_game(game_rows, ratings)


def _rating_before(row: LeagueResult) -> tuple[float, float]:
    """The player's (mu, sigma) after their last game before `row`'s game."""
    before = or_(
        LeagueResult.played_at < row.played_at,
        and_(LeagueResult.played_at == row.played_at, LeagueResult.game_id < row.game_id),
    )
    found = db.session.execute(
        select(LeagueResult.mu, LeagueResult.sigma)
        .where(LeagueResult.player_id == row.player_id, before)
        .order_by(LeagueResult.played_at.desc(), LeagueResult.game_id.desc())
        .limit(1)
    ).first()
    return (found.mu, found.sigma) if found is not None else (MODEL.mu, MODEL.sigma)


def rate_game(rows: Sequence[Rated], ratings: dict[int, tuple[float, float]]) -> None:
    """Rate one game's `rows` from the players' `ratings` before it, and update both.

    Each side is a team. The winner ranks first; the other sides rank after it, a side
    behind every losing side with more game points (sides level share a rank). A game
    with one side only (never finished) leaves the ratings as they were.
    """
    sides = sorted({row.side for row in rows})
    teams = [[row for row in rows if row.side == side] for side in sides]
    if len(teams) < 2:
        for row in rows:
            row.mu, row.sigma = ratings[row.player_id]
        return
    points = {team[0].side: team[0].points_for for team in teams}
    ranks: list[float] = []
    for team in teams:
        if team[0].won:
            ranks.append(1)
        else:
            better = sum(
                1 for t in teams if not t[0].won and points[t[0].side] > team[0].points_for
            )
            ranks.append(2 + better)
    rated = MODEL.rate(
        [[MODEL.rating(*ratings[row.player_id]) for row in team] for team in teams], ranks=ranks
    )
    for team, new_team in zip(teams, rated, strict=True):
        for row, new in zip(team, new_team, strict=True):
            row.mu, row.sigma = new.mu, new.sigma
            ratings[row.player_id] = (new.mu, new.sigma)


def _store_current(ratings: dict[int, tuple[float, float]], others: set[int]) -> None:
    """Keep each player's latest rating on the player (read by the standings).

    A re-rating runs to the league's last game, so `ratings` holds each re-rated
    player's latest; `others` (players whose only later rows were removed) are read
    from their latest remaining result.
    """
    for player_id, (mu, sigma) in ratings.items():
        player = db.session.get_one(Player, player_id)
        player.mu, player.sigma = mu, sigma
    if others:
        db.session.flush()
    for player_id in others:
        latest = db.session.execute(
            select(LeagueResult.mu, LeagueResult.sigma)
            .where(LeagueResult.player_id == player_id)
            .order_by(LeagueResult.played_at.desc(), LeagueResult.game_id.desc())
            .limit(1)
        ).first()
        player = db.session.get_one(Player, player_id)
        player.mu, player.sigma = (latest.mu, latest.sigma) if latest else (None, None)


def store_ratings(ratings: Mapping[int, tuple[float, float]]) -> None:
    """Set each player's current rating (one UPDATE by primary key for all of them).

    For many players at once (an import, the demo): players already loaded in the
    session keep their old values until it is committed or expired.
    """
    if ratings:
        db.session.execute(
            update(Player),
            [{"id": id_, "mu": mu, "sigma": sigma} for id_, (mu, sigma) in ratings.items()],
        )
