"""Rebuild a league from its hands: each game's winner, its result rows, the ratings in
game order and the standing rows, and say what that changed. A game whose results a
registered source gives instead (a tournament match's result entered by hand) gets them
from it, as every change to it does (`results.game_results`).

Kept up to date as games change, these never need it; the command is for a league
whose rows were written wrong (by a bug, by hand in the database, or before a fix),
and proves a consistent league is left exactly as it was.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import selectinload

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand
from scorekeeper.games.services import game_state
from scorekeeper.leagues.models import LeagueResult, Player, Standing
from scorekeeper.leagues.standings.results import game_results, insert_results, lock_leagues
from scorekeeper.leagues.standings.rows import TALLIES, rebuild

#: Ratings closer than this are the same rating (floating point, not a change).
SAME_RATING = 1e-9

_RESULT_COLUMNS = ("played_at", "side", "won", *TALLIES[2:], "mu", "sigma")


@dataclass(frozen=True)
class Repaired:
    """What a rebuild changed in one league (all zero: it was consistent)."""

    games: int
    winners: int
    results_added: int
    results_removed: int
    results_changed: int
    rows_changed: int
    ratings_changed: int

    @property
    def changed(self) -> bool:
        """Whether anything was different from the rebuild."""
        return any(
            (
                self.winners,
                self.results_added,
                self.results_removed,
                self.results_changed,
                self.rows_changed,
                self.ratings_changed,
            )
        )


def rebuild_league(league_id: int) -> Repaired:
    """Rebuild the league `league_id` from its games' hands, in this transaction (locked
    like any change to its games; never commits), and count what differed."""
    lock_leagues([league_id])
    before = _snapshot(league_id)
    games = db.session.scalars(
        select(Game)
        .options(selectinload(Game.seats), selectinload(Game.hands).selectinload(Hand.sides))
        .where(Game.league_id == league_id)
        .order_by(Game.id)
    ).all()
    winners = 0
    rows = []
    for game in games:
        winner = game_state(game).winner
        if winner != game.winner_side:
            game.winner_side = winner
            winners += 1
        rows += game_results(game, winner)
    db.session.execute(delete(LeagueResult).where(LeagueResult.league_id == league_id))
    insert_results(rows)
    # A player left without a finished game has no rating (the rebuild rates the others).
    db.session.execute(
        update(Player).where(Player.league_id == league_id).values(mu=None, sigma=None)
    )
    rebuild(league_id)
    db.session.flush()
    after = _snapshot(league_id)
    results_before, results_after = before["results"], after["results"]
    return Repaired(
        games=len(games),
        winners=winners,
        results_added=len(results_after.keys() - results_before.keys()),
        results_removed=len(results_before.keys() - results_after.keys()),
        results_changed=sum(
            not _same(results_before[key], results_after[key])
            for key in results_before.keys() & results_after.keys()
        ),
        rows_changed=len(before["rows"].items() ^ after["rows"].items()),
        ratings_changed=sum(
            not _same(rating, after["players"].get(player_id))
            for player_id, rating in before["players"].items()
        ),
    )


def _snapshot(league_id: int) -> dict[str, dict[Any, tuple[Any, ...]]]:
    """The league's result rows, standing rows and players' ratings, as values."""
    results = db.session.execute(
        select(LeagueResult.game_id, LeagueResult.player_id, *_columns(LeagueResult)).where(
            LeagueResult.league_id == league_id
        )
    ).all()
    rows = db.session.execute(
        select(
            Standing.season_id,
            Standing.player_id,
            Standing.partner_id,
            *(getattr(Standing, name) for name in TALLIES),
        ).where(Standing.league_id == league_id)
    ).all()
    players = db.session.execute(
        select(Player.id, Player.mu, Player.sigma).where(Player.league_id == league_id)
    ).all()
    return {
        "results": {(r[0], r[1]): tuple(r[2:]) for r in results},
        "rows": {tuple(r[:3]): tuple(r[3:]) for r in rows},
        "players": {r.id: (r.mu, r.sigma) for r in players},
    }


def _columns(model: Any) -> list[Any]:
    return [getattr(model, name) for name in _RESULT_COLUMNS]


def _same(a: tuple[Any, ...] | None, b: tuple[Any, ...] | None) -> bool:
    """Equal values, ratings within `SAME_RATING` of each other."""
    if a is None or b is None:
        return a is b
    return len(a) == len(b) and all(
        math.isclose(x, y, rel_tol=0, abs_tol=SAME_RATING)
        if isinstance(x, float) and isinstance(y, float)
        else x == y
        for x, y in zip(a, b, strict=True)
    )
