"""A league game's result rows: one per league player of a finished game.

A result holds the sums of the player's side over the game's hands (game points,
hands, scope, and the hands in which the side took the settebello, the primiera
point and a napola), the best other side's points as points against, and the
player's rating after the game. `results_of` computes them from the hands in
memory, whether read back after a change (`write_results`) or just scored (an
import, the demo); `game_changed` brings a league up to date after a change to one
game: its result rows, the ratings from that game on, the standing rows it moves.

A layer above may say a game's results are not those of its hands: a *result source*,
registered per app with `register_result_source`, gives a game's rows in their place (a
tournament match's result entered by hand: `scorekeeper.tournaments.games`). Every
writer of a game's rows from the database, the change (`write_results`) and the rebuild
(`scorekeeper.leagues.standings.repair`), reads them through `game_results`, so the two
agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Protocol

from flask import Flask, current_app
from sqlalchemy import bindparam, delete, select

from scorekeeper.bulk import insert_rows
from scorekeeper.extensions import db
from scorekeeper.games.models import Game, HandStatus
from scorekeeper.leagues.models import League, LeagueResult
from scorekeeper.leagues.standings.ratings import rerate_from
from scorekeeper.leagues.standings.rows import refresh_standings
from scorekeeper.leagues.standings.types import ResultRow


class SideFigures(Protocol):
    """What a result adds up of one side in one hand: a `HandSide` row or its values."""

    @property
    def side(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def scope(self) -> int: ...
    @property
    def settebello(self) -> bool: ...
    @property
    def primiera_points(self) -> int: ...
    @property
    def napola_points(self) -> int: ...


class SeatFigures(Protocol):
    """Who sat on which side: a `Seat` row or its values."""

    @property
    def side(self) -> int: ...
    @property
    def player_id(self) -> int | None: ...


def results_of(
    league_id: int,
    game_id: int,
    played_at: datetime,
    winner_side: int | None,
    seats: Iterable[SeatFigures],
    hands: Iterable[Sequence[SideFigures]],
) -> list[ResultRow]:
    """The result rows of one game, from its seats and each hand's sides: one per seat
    with a league player, none while the game has no winner."""
    if winner_side is None:
        return []
    sums = _side_sums(hands)
    points = {side: figures[0] for side, figures in sums.items()}
    return _rows(league_id, game_id, played_at, winner_side, seats, points, sums)


def entered_results(
    league_id: int,
    game_id: int,
    played_at: datetime,
    winner_side: int | None,
    seats: Iterable[SeatFigures],
    points: Sequence[int],
    hands: Iterable[Sequence[SideFigures]],
) -> list[ResultRow]:
    """The result rows of a result entered by hand (not played out hand by hand): each
    side's game points are ``points`` (side 0 first), the winner ``winner_side`` (None: a
    draw, no winner); the counts are those of the ``hands`` recorded (none, if none were),
    and a result counts at least one hand (a standing's hands are never fewer than its
    games)."""
    points_by_side = dict(enumerate(points))
    return _rows(
        league_id, game_id, played_at, winner_side, seats, points_by_side, _side_sums(hands)
    )


def _rows(
    league_id: int,
    game_id: int,
    played_at: datetime,
    winner_side: int | None,
    seats: Iterable[SeatFigures],
    points: Mapping[int, int],
    sums: Mapping[int, Sequence[int]],
) -> list[ResultRow]:
    """A row per seat with a league player and a side with points: its game points and
    the others' best, and the counts of its side's hands (at least one hand)."""
    rows = []
    for seat in seats:
        if seat.player_id is None or seat.side not in points:
            continue
        _points, hands_played, scope, settebello, primiera, napola = sums.get(seat.side, [0] * 6)
        rows.append(
            ResultRow(
                league_id=league_id,
                game_id=game_id,
                player_id=seat.player_id,
                played_at=played_at,
                side=seat.side,
                won=seat.side == winner_side,
                points_for=points[seat.side],
                points_against=max(p for side, p in points.items() if side != seat.side),
                hands=max(1, hands_played),
                scope=scope,
                settebello=settebello,
                primiera=primiera,
                napola=napola,
            )
        )
    return rows


def _side_sums(hands: Iterable[Sequence[SideFigures]]) -> dict[int, list[int]]:
    """Per side: game points, hands, scope, hands with the settebello, primiera points,
    hands with a napola."""
    sums: dict[int, list[int]] = {}
    for hand in hands:
        for figures in hand:
            side = sums.setdefault(figures.side, [0] * 6)
            side[0] += figures.total
            side[1] += 1
            side[2] += figures.scope
            side[3] += figures.settebello
            side[4] += figures.primiera_points
            side[5] += figures.napola_points > 0
    return sums


#: Gives a game's result rows in place of those of its hands, or None to leave them be.
ResultSource = Callable[[Game], "list[ResultRow] | None"]
_SOURCES = "scorekeeper.leagues.result_sources"


def register_result_source(app: Flask, source: ResultSource) -> None:
    """Let ``source`` give a league game's result rows in place of its hands' (the first
    source that answers, in the order registered, decides)."""
    app.extensions.setdefault(_SOURCES, []).append(source)


def game_results(game: Game, winner_side: int | None) -> list[ResultRow]:
    """The result rows of league game ``game``: a registered source's, or those of its
    hands with ``winner_side`` as the winner (`results_of`), none while a hand awaits
    confirmation or is disputed (the standings count confirmed games only)."""
    assert game.league_id is not None  # noqa: S101 - only a league game has results
    sources: list[ResultSource] = current_app.extensions.get(_SOURCES, [])
    for source in sources:
        rows = source(game)
        if rows is not None:
            return rows
    if game.requires_confirmation and any(
        hand.status != HandStatus.CONFIRMED for hand in game.hands
    ):
        return []  # counted once every hand is confirmed (`pending_count` says how many wait)
    return results_of(
        game.league_id,
        game.id,
        game.created_at,
        winner_side,
        game.seats,
        [hand.sides for hand in game.hands],
    )


def insert_results(rows: Sequence[ResultRow]) -> None:
    """INSERT the rows (one statement for all of them)."""
    insert_rows(LeagueResult, [vars(row) for row in rows])


def game_changed(game: Game) -> None:
    """Bring the league's results and ratings up to date after a change to `game`.

    Called inside the transaction of the change (after a flush, the game's row already
    locked by the change); never commits. A game enters the standings when it has a
    winner and leaves them if an edit takes the winner away.

    The league's row is locked first (`lock_leagues`), so the standings work of two
    games of one league never interleaves: the second waits for the first to commit,
    then reads its results and ratings, and every change re-rates in game order from
    itself on what the changes before it left, which is what an in-order rebuild gives.
    """
    leagues = _leagues_of(game)
    if not leagues:
        return  # a casual game, never in a league: no results to write or remove
    lock_leagues(leagues)
    for league_id, seated in write_results(game).items():
        rerate_from(league_id, game.created_at, game.id, {player for player, _side in seated})
        refresh_standings(league_id, seated, game.created_at)


def _leagues_of(game: Game) -> set[int]:
    """The leagues whose results `game` changes: its own, and any it has results in.

    A game that is in no league has no results, so its save asks nothing here: its
    results are only ever written for its league, which `leagues.attach_game` sets once
    and for all, and deleting a league deletes its results as it unsets its games'.
    """
    if game.league_id is None:
        return set()
    old = db.session.scalars(_LEAGUES_WITH_RESULTS, {"game": game.id})
    return {*old, *([game.league_id] if game.league_id is not None else [])}


#: Built once: every save of a league game asks it.
_LEAGUES_WITH_RESULTS = (
    select(LeagueResult.league_id).where(LeagueResult.game_id == bindparam("game")).distinct()
)


def lock_leagues(league_ids: Iterable[int]) -> None:
    """Lock the rows of these leagues until the transaction ends, in id order (two
    transactions locking the same leagues cannot deadlock); SQLite has one writer at a
    time anyway. Every read after it sees what the transactions that held the lock
    before committed.

    On PostgreSQL it is ``FOR NO KEY UPDATE``, which waits for another holder of the
    same lock but not for the ``KEY SHARE`` locks that foreign-key checks take: a
    change to a game updates its row twice (the version, then the winner), and the
    second update checks the game's league key, so every transaction here already
    holds a ``KEY SHARE`` on its league, and two ``FOR UPDATE`` would deadlock on them.
    """
    ids = sorted(league_ids)
    if not ids:
        return
    db.session.execute(
        select(League.id)
        .where(League.id.in_(ids))
        .order_by(League.id)
        .with_for_update(key_share=True)
    )


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
        rows = game_results(game, game.winner_side)
        insert_results(rows)
        touched.setdefault(game.league_id, set()).update((r.player_id, r.side) for r in rows)
    return touched
