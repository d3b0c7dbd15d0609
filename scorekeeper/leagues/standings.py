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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from itertools import groupby
from typing import Any, TypeVar

from openskill.models import PlackettLuce
from sqlalchemy import (
    ColumnElement,
    Integer,
    Select,
    and_,
    case,
    cast,
    delete,
    func,
    insert,
    literal,
    null,
    or_,
    select,
    tuple_,
)
from sqlalchemy.orm import aliased

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand, HandSide, Seat
from scorekeeper.leagues.models import Counted, LeagueResult, Player, Season, Standing

RATING_BASE = 1000
RATING_SCALE = 40
MODEL = PlackettLuce()
#: Pairs need this many games together to get a row in the pairs table.
PAIR_MIN_GAMES = 3


def display_rating(mu: float | None, sigma: float | None) -> int:
    """The conservative rating a player sees (1000 before any game)."""
    if mu is None or sigma is None:
        return RATING_BASE
    return round(RATING_BASE + RATING_SCALE * (mu - 3 * sigma))


# Writing -------------------------------------------------------------------------------


def game_changed(game: Game) -> None:
    """Bring the league's results and ratings up to date after a change to `game`.

    Called inside the transaction of the change (after a flush); never commits.
    A game enters the standings when it has a winner and leaves them if an edit
    takes the winner away.
    """
    for league_id, seated in write_results(game).items():
        rerate_from(league_id, game.created_at, game.id, {player for player, _side in seated})
        refresh_standings(league_id, seated, game.created_at)


def write_results(game: Game) -> dict[int, set[tuple[int, int]]]:
    """Replace `game`'s result rows (without re-rating); returns, per league touched, the
    (player, side) of every row removed or written: whose ratings and standings may move."""
    old = db.session.execute(
        select(LeagueResult.league_id, LeagueResult.player_id, LeagueResult.side).where(
            LeagueResult.game_id == game.id
        )
    ).all()
    touched: dict[int, set[tuple[int, int]]] = {}
    for row in old:
        touched.setdefault(row.league_id, set()).add((row.player_id, row.side))
    if old:
        db.session.execute(delete(LeagueResult).where(LeagueResult.game_id == game.id))
    if game.league_id is not None:
        touched.setdefault(game.league_id, set())
        if game.winner_side is not None:
            touched[game.league_id] |= _write_results(game)
    return touched


def _write_results(game: Game) -> set[tuple[int, int]]:
    per_side = db.session.execute(
        select(
            HandSide.side,
            func.sum(HandSide.total),
            func.count(),
            func.sum(HandSide.scope),
            func.sum(case((HandSide.settebello, 1), else_=0)),
            func.sum(HandSide.primiera_points),
            func.sum(case((HandSide.napola_points > 0, 1), else_=0)),
        )
        .join(Hand, Hand.id == HandSide.hand_id)
        .where(Hand.game_id == game.id)
        .group_by(HandSide.side)
    ).all()
    sides = {row[0]: row for row in per_side}
    totals = {side: int(row[1]) for side, row in sides.items()}
    seats = db.session.scalars(select(Seat).where(Seat.game_id == game.id)).all()
    written = set()
    for seat in seats:
        if seat.player_id is None or seat.side not in sides:
            continue
        written.add((seat.player_id, seat.side))
        _side, points, hands, scope, settebello, primiera, napola = sides[seat.side]
        db.session.add(
            LeagueResult(
                league_id=game.league_id,
                game_id=game.id,
                player_id=seat.player_id,
                played_at=game.created_at,
                side=seat.side,
                won=seat.side == game.winner_side,
                points_for=int(points),
                points_against=max(t for side, t in totals.items() if side != seat.side),
                hands=int(hands),
                scope=int(scope),
                settebello=int(settebello),
                primiera=int(primiera),
                napola=int(napola),
                mu=MODEL.mu,
                sigma=MODEL.sigma,
            )
        )
    db.session.flush()
    return written


def rerate_from(
    league_id: int, played_at: datetime, game_id: int, also: set[int] | None = None
) -> None:
    """Re-rate, in order, every result of the league from game (`played_at`, `game_id`) on.

    A new game (the usual case) re-rates only itself; an edit of an old game
    re-rates the games after it.
    """
    start = tuple_(LeagueResult.played_at, LeagueResult.game_id) >= tuple_(played_at, game_id)
    rows = db.session.scalars(
        select(LeagueResult)
        .where(LeagueResult.league_id == league_id, start)
        .order_by(LeagueResult.played_at, LeagueResult.game_id, LeagueResult.side)
    ).all()
    ratings: dict[int, tuple[float, float]] = {}
    for _game, game_rows_iter in groupby(rows, key=lambda r: r.game_id):
        game_rows = list(game_rows_iter)
        for row in game_rows:
            if row.player_id not in ratings:
                ratings[row.player_id] = _rating_before(row)
        _rate_game(game_rows, ratings)
    _store_current(ratings, (also or set()) - ratings.keys())
    db.session.flush()


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


def _rate_game(rows: Sequence[LeagueResult], ratings: dict[int, tuple[float, float]]) -> None:
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


# Standing rows ---------------------------------------------------------------------------

_Query = TypeVar("_Query", bound="Select[*tuple[Any, ...]]")

#: The columns a result shares with a standing row (declared once, on `Counted`).
_COUNTED = tuple(Counted.__annotations__)
#: The columns of a `Standing` row that are sums of results, in `_tallies` order.
TALLIES = ("games", "won", *_COUNTED)


def _tallies() -> list[ColumnElement[int]]:
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


def _of_period(season: Season | None) -> ColumnElement[bool]:
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
        mine = and_(Standing.league_id == league_id, _of_period(season))
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
    """Ratings (in order from the first game) and standing rows of a whole league, after
    games were built in bulk with ``build_game(..., rate=False)`` (import, demo)."""
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
    """Every standing row of the league, from its results (after an import or a bulk load)."""
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

    if pairs is not None and not pairs:
        return
    mate = aliased(LeagueResult)  # each pair once: the partner with the higher id
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
    db.session.execute(insert(Standing).from_select(columns, _period(together, season)))


# Reading -------------------------------------------------------------------------------


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
    """Every player with a finished game in the period, in the tie-break order of `sort_key`.

    One row per player from the standing rows (kept up to date as games change).
    """
    return sorted(_lines(season, Standing.league_id == league_id), key=sort_key)


def _lines(season: Season | None, *where: ColumnElement[bool]) -> list[Line]:
    """The players' own lines (not pairs) of the period, as the standing rows hold them."""
    rows = db.session.execute(
        select(Standing, Player.name, Player.mu, Player.sigma)
        .join(Player, Player.id == Standing.player_id)
        .where(*where, _of_period(season), Standing.partner_id.is_(None))
    ).all()
    return [_line(row) for row in rows]


def _line(row: Any, **extra: Any) -> Line:
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
            _of_period(season),
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


def today() -> date:
    """Today's date (a seam for tests)."""
    return date.today()
