"""The results, ratings and standing rows of many new games at once (an import, the demo).

The games are stored first (`scorekeeper.games.services.store_games`) and their
result rows computed from the hands in memory (`results.results_of`); `add_results`
then does in memory what the database would otherwise do one game at a time: it
rates the games in order, sums the standing rows, and writes each kind of row with
one bulk INSERT (or UPDATE). What it writes equals an in-order rebuild.
"""

from __future__ import annotations

from sqlalchemy import delete, select

from scorekeeper.bulk import insert_rows
from scorekeeper.extensions import db
from scorekeeper.leagues.models import LeagueResult, Season, Standing
from scorekeeper.leagues.standings.ratings import MODEL, game_order, rate_in_order, store_ratings
from scorekeeper.leagues.standings.results import insert_results, lock_leagues
from scorekeeper.leagues.standings.rows import rebuild, standing_rows
from scorekeeper.leagues.standings.types import ResultRow


def add_results(league_id: int, results: list[ResultRow]) -> None:
    """Write the result rows of games just added to the league, with the ratings and the
    standing rows they give; never commits.

    In a league without results before (an import, a new demo league) everything is
    computed from `results`: every player starts at the model's rating. A league that
    had results is rebuilt from the database instead (the new games may come between
    old ones and change the ratings after them). The league is locked first, as for
    any change to its games.
    """
    lock_leagues([league_id])
    had_results = db.session.scalar(
        select(LeagueResult.id).where(LeagueResult.league_id == league_id).limit(1)
    )
    if had_results is not None:
        insert_results(results)
        rebuild(league_id)
        return
    ratings = rate_new_results(results)
    insert_results(results)
    add_new_standings(league_id, results, ratings)


def rate_new_results(results: list[ResultRow]) -> dict[int, tuple[float, float]]:
    """Sort the results of a league that had none into `GAME_ORDER` and rate them in
    memory, every player from the model's first rating; each player's last rating."""
    results.sort(key=game_order)
    ratings: dict[int, tuple[float, float]] = {}
    rate_in_order(results, ratings, lambda _row: (MODEL.mu, MODEL.sigma))
    return ratings


def add_new_standings(
    league_id: int, results: list[ResultRow], ratings: dict[int, tuple[float, float]]
) -> None:
    """Write the standing rows of `results` (already stored, rated by
    `rate_new_results`: all the league's results) and the players' ratings."""
    seasons = db.session.scalars(select(Season).where(Season.league_id == league_id)).all()
    rows = standing_rows(league_id, results, seasons)
    db.session.execute(delete(Standing).where(Standing.league_id == league_id))
    insert_rows(Standing, rows)
    store_ratings(ratings)
