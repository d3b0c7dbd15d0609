"""Standing rows: a player's (or a pair's) sums of results over one period.

One row per league, period (a season, or all time) and player, and one per pair of
partners (the partner with the higher id). `refresh_standings` recomputes the rows
one game can move, `rebuild_standings` every row of a league, each by one
INSERT ... SELECT with a GROUP BY over the results; `standing_rows` computes a whole
league's rows from results held in memory (many new games at once).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, time, timedelta
from itertools import combinations
from operator import attrgetter
from typing import Any, TypeVar

from sqlalchemy import (
    ColumnElement,
    Integer,
    Select,
    and_,
    cast,
    delete,
    func,
    insert,
    literal,
    null,
    select,
    tuple_,
)
from sqlalchemy.orm import aliased

from scorekeeper.extensions import db
from scorekeeper.leagues.models import Counted, LeagueResult, Season, Standing
from scorekeeper.leagues.standings.ratings import rerate_from
from scorekeeper.leagues.standings.types import ResultRow

_Query = TypeVar("_Query", bound="Select[*tuple[Any, ...]]")

#: The columns a result shares with a standing row (declared once, on `Counted`).
_COUNTED = tuple(Counted.__annotations__)
#: The columns of a `Standing` row that are sums of results, in `_tallies` order.
TALLIES = ("games", "won", *_COUNTED)


def _tallies() -> list[ColumnElement[int]]:
    """The SQL sums of results that make a row's `TALLIES` (a GROUP BY's columns)."""
    return [
        func.count(),
        func.sum(cast(LeagueResult.won, Integer)),
        *(func.sum(getattr(LeagueResult, name)) for name in _COUNTED),
    ]


def _period(query: _Query, season: Season | None) -> _Query:
    """Limit `query` to the results of games started within `season`'s dates (inclusive)."""
    if season is None:
        return query
    start = datetime.combine(season.starts_on, time.min, tzinfo=UTC)
    end = datetime.combine(season.ends_on + timedelta(days=1), time.min, tzinfo=UTC)
    return query.where(LeagueResult.played_at >= start, LeagueResult.played_at < end)


def of_period(season: Season | None) -> ColumnElement[bool]:
    """The standing rows of `season` (None: the all-time rows)."""
    if season is None:
        return Standing.season_id.is_(None)
    return Standing.season_id == season.id


def refresh_standings(league_id: int, seated: set[tuple[int, int]], played_at: datetime) -> None:
    """Recompute the standing rows that one game's change can move: those of its
    players (each as ``(player, side)``) alone and of the partners among them, for all
    time and for each season of the league that `played_at` falls in."""
    if not seated:
        return
    ids = sorted({player for player, _side in seated})
    pairs = sorted(
        {(a, b) for a, side_a in seated for b, side_b in seated if side_a == side_b and a < b}
    )
    day = played_at.date()
    seasons = db.session.scalars(
        select(Season).where(
            Season.league_id == league_id, Season.starts_on <= day, Season.ends_on >= day
        )
    ).all()
    for season in (None, *seasons):
        mine = and_(Standing.league_id == league_id, of_period(season))
        db.session.execute(
            delete(Standing).where(mine, Standing.player_id.in_(ids), Standing.partner_id.is_(None))
        )
        if pairs:
            db.session.execute(
                delete(Standing).where(
                    mine,
                    Standing.player_id.in_([a for a, _b in pairs]),
                    tuple_(Standing.player_id, Standing.partner_id).in_(pairs),
                )
            )
        _insert_standings(league_id, season, ids, pairs)


def rebuild(league_id: int) -> None:
    """Ratings (in order from the first game) and standing rows of a whole league, from
    its results in the database (after games were added to a league that had some)."""
    first = db.session.execute(
        select(LeagueResult.played_at, LeagueResult.game_id)
        .where(LeagueResult.league_id == league_id)
        .order_by(LeagueResult.played_at, LeagueResult.game_id)
        .limit(1)
    ).first()
    if first is not None:
        rerate_from(league_id, first.played_at, first.game_id)
    rebuild_standings(league_id)


def refresh_season(season: Season) -> None:
    """Every standing row of one season (after it is created)."""
    db.session.execute(delete(Standing).where(Standing.season_id == season.id))
    _insert_standings(season.league_id, season, None)


def rebuild_standings(league_id: int) -> None:
    """Every standing row of the league, from its results in the database."""
    db.session.execute(delete(Standing).where(Standing.league_id == league_id))
    seasons = db.session.scalars(select(Season).where(Season.league_id == league_id)).all()
    for season in (None, *seasons):
        _insert_standings(league_id, season, None)


def _insert_standings(
    league_id: int,
    season: Season | None,
    ids: list[int] | None = None,
    pairs: list[tuple[int, int]] | None = None,
) -> None:
    """INSERT ... SELECT the rows of `season` (None: all time) from the results: of the
    players `ids` and the pairs `pairs` (lower id first), or of everyone (None)."""
    period = (
        literal(league_id, Integer),
        literal(season.id, Integer) if season else cast(null(), Integer),
    )
    columns = ["league_id", "season_id", "player_id", "partner_id", *TALLIES]
    alone = (
        select(*period, LeagueResult.player_id, cast(null(), Integer), *_tallies())
        .where(LeagueResult.league_id == league_id)
        .group_by(LeagueResult.player_id)
    )
    if ids is not None:
        alone = alone.where(LeagueResult.player_id.in_(ids))
    db.session.execute(insert(Standing).from_select(columns, _period(alone, season)))
    if pairs is None or pairs:
        together = _pairs_query(league_id, period, pairs)
        db.session.execute(insert(Standing).from_select(columns, _period(together, season)))


def _pairs_query(
    league_id: int, period: tuple[Any, Any], pairs: list[tuple[int, int]] | None
) -> Select[*tuple[Any, ...]]:
    """The sums of each pair of partners (of `pairs`, or every pair): a result joined
    with its partner's, the partner with the higher id, so each pair comes once."""
    mate = aliased(LeagueResult)
    together = (
        select(*period, LeagueResult.player_id, mate.player_id, *_tallies())
        .join(
            mate,
            and_(
                mate.game_id == LeagueResult.game_id,
                mate.side == LeagueResult.side,
                mate.player_id > LeagueResult.player_id,
            ),
        )
        .where(LeagueResult.league_id == league_id)
        .group_by(LeagueResult.player_id, mate.player_id)
    )
    if pairs is not None:
        together = together.where(
            LeagueResult.player_id.in_([a for a, _b in pairs]),
            tuple_(LeagueResult.player_id, mate.player_id).in_(pairs),
        )
    return together


# The same rows from results in memory ------------------------------------------------


def standing_rows(
    league_id: int, results: Sequence[ResultRow], seasons: Sequence[Season]
) -> list[dict[str, Any]]:
    """Every standing row of a league from all of its `results`, held in memory: the
    rows `rebuild_standings` would write.

    For all time and for each season (the games played on its days, in UTC), each
    player's sums, and the sums of each pair: two players on the same side of a game
    (one row per pair, the lower id as the player).
    """
    rows = []
    for season in (None, *seasons):
        period = [r for r in results if season is None or _in_season(r.played_at, season)]
        rows += _period_rows(league_id, season, period)
    return rows


def _period_rows(
    league_id: int, season: Season | None, results: Sequence[ResultRow]
) -> list[dict[str, Any]]:
    """The rows of one period: each player's sums, then each pair's."""
    sums: dict[tuple[int, int | None], list[int]] = {}
    sides: dict[tuple[int, int], list[ResultRow]] = {}
    for result in results:
        _add(sums, (result.player_id, None), result)
        sides.setdefault((result.game_id, result.side), []).append(result)
    for mates in sides.values():
        for low, high in combinations(sorted(mates, key=attrgetter("player_id")), 2):
            _add(sums, (low.player_id, high.player_id), low)
    return [
        {
            "league_id": league_id,
            "season_id": season.id if season is not None else None,
            "player_id": player_id,
            "partner_id": partner_id,
            **dict(zip(TALLIES, totals, strict=True)),
        }
        for (player_id, partner_id), totals in sums.items()
    ]


def _add(
    sums: dict[tuple[int, int | None], list[int]], key: tuple[int, int | None], result: ResultRow
) -> None:
    """Add one result to the row `key` (in `TALLIES` order: a game, a win or not, counts)."""
    totals = sums.setdefault(key, [0] * len(TALLIES))
    figures = (1, int(result.won), *(getattr(result, name) for name in _COUNTED))
    for i, value in enumerate(figures):
        totals[i] += value


def _in_season(played_at: datetime, season: Season) -> bool:
    """Whether a game played at `played_at` counts for `season` (as `_period` decides)."""
    day = (played_at.astimezone(UTC) if played_at.tzinfo else played_at).date()
    return season.starts_on <= day <= season.ends_on
