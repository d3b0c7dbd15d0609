"""A league game's result rows: one per player of a finished game.

`game_changed` brings a league up to date after a change to one game: its result
rows, the ratings from that game on, and the standing rows it can move.
"""

from __future__ import annotations

from sqlalchemy import case, delete, func, select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand, HandSide, Seat
from scorekeeper.leagues.models import LeagueResult
from scorekeeper.leagues.standings.ratings import MODEL, rerate_from
from scorekeeper.leagues.standings.rows import refresh_standings


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
