"""Standings, pairs, player statistics and ratings of a league, kept up to date in SQL.

Every finished league game has one `LeagueResult` row per player, written by
`game_changed` in the same transaction as the change to the game (the games
services call it after each hand saved, edited or removed). In that same
transaction the `Standing` rows that the game can move (its players alone and the
partners who sat together in it; all time and each season the game falls in) are
recomputed from their results by a GROUP BY, so reading a table is one row per
player or pair, whatever the number of games, and no Python loop ever runs over
games or hands.

Points against: the game points of the best other side (in a two-side game, simply
the opponents' points; with three players, the stronger of the two opponents), so
the difference says by how much a player won, or by how much they fell short.

Ratings: OpenSkill's Plackett-Luce model, one model for one-against-one, pairs and
three-player games (each side is a team; the winner ranks first, the others by
their game points). A player's rating after each game is stored on their row, so
the rating over time is one query; the current one is also kept on the player.
When an older game changes, every later game of the league is re-rated in order.
A player is shown with a conservative rating, ``1000 + 40 * (mu - 3 * sigma)``:
it starts at 1000 and rises as the player wins and as the model grows sure.

The package is split by job:

- `results`: a game's result rows (from its hands, or from a registered source: a
  result entered by hand), and `game_changed`, which brings everything up to date
  after a change to one game;
- `ratings`: the OpenSkill ratings, re-rated in game order;
- `rows`: the standing rows, the sums of the results of each period;
- `queries`: reading the tables, a player's history, head-to-head;
- `bulk`: the results, ratings and rows of many new games at once (import, demo);
- `types`: `ResultRow`, the result row the others hand each other.
"""

from scorekeeper.leagues.standings.bulk import add_new_standings, add_results, rate_new_results
from scorekeeper.leagues.standings.queries import (
    PAIR_MIN_GAMES,
    HeadToHead,
    Line,
    RatingPoint,
    Result,
    Unconfirmed,
    head_to_head,
    pairs,
    player_line,
    rating_history,
    recent_results,
    season_of,
    sort_key,
    standings,
    unconfirmed,
)
from scorekeeper.leagues.standings.ratings import (
    MODEL,
    RATING_BASE,
    RATING_SCALE,
    display_rating,
    rerate_from,
)
from scorekeeper.leagues.standings.results import (
    ResultSource,
    entered_results,
    game_changed,
    game_results,
    insert_results,
    lock_leagues,
    register_result_source,
    results_of,
    write_results,
)
from scorekeeper.leagues.standings.rows import (
    TALLIES,
    rebuild,
    rebuild_standings,
    refresh_season,
    refresh_standings,
)
from scorekeeper.leagues.standings.types import ResultRow

__all__ = [
    "MODEL",
    "PAIR_MIN_GAMES",
    "RATING_BASE",
    "RATING_SCALE",
    "TALLIES",
    "HeadToHead",
    "Line",
    "RatingPoint",
    "Result",
    "ResultRow",
    "ResultSource",
    "Unconfirmed",
    "add_new_standings",
    "add_results",
    "display_rating",
    "entered_results",
    "game_changed",
    "game_results",
    "head_to_head",
    "insert_results",
    "lock_leagues",
    "pairs",
    "player_line",
    "rate_new_results",
    "rating_history",
    "rebuild",
    "rebuild_standings",
    "recent_results",
    "refresh_season",
    "refresh_standings",
    "register_result_source",
    "rerate_from",
    "results_of",
    "season_of",
    "sort_key",
    "standings",
    "unconfirmed",
    "write_results",
]
