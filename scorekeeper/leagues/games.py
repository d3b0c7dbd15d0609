"""League games: start a game inside a league, attach a casual game, open it as a scorer.

A league game is an ordinary game (`scorekeeper.games`) with `league_id` set and each
seat linked to a league player. Games know nothing of leagues: `init_app` connects
`standings.game_changed` to the games' `game_changed` signal (sent inside the transaction
of every change, so standings and ratings are written with it) and registers the
resolver of league edit tokens with games.

Scorers record hands through the games pages like anyone holding the edit link.
The edit link itself is only ever stored hashed, so a scorer who did not start the
game gets a *league edit token* instead: signed with the app's secret key, naming the
game and the scorer, and checked against the scorer's current role on every request
(removing a member or lowering them to viewer closes it at once).
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Flask, current_app
from flask_login import current_user
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.hooks import game_changed, register_edit_token_resolver
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import Game, Seat
from scorekeeper.leagues import standings
from scorekeeper.leagues.access import member_role
from scorekeeper.leagues.errors import LeagueError
from scorekeeper.leagues.models import League, Player, Role
from scorekeeper.leagues.services import add_player, find_player
from scorekeeper.transactions import in_transaction

_SALT = "league-game-edit"
#: League edit tokens start with this, so they never look like a game's own edit token.
TOKEN_PREFIX = "L."  # noqa: S105  (a prefix that tells tokens apart, not a secret)


def init_app(app: Flask) -> None:
    """Connect leagues to the games of ``app``: changes reach the standings, league edit
    tokens open their games."""
    game_changed.connect(_game_changed, app)
    register_edit_token_resolver(app, TOKEN_PREFIX, resolve_league_token)


def _game_changed(_app: Flask, game: Game) -> None:
    """A game changed (inside its transaction): bring its league's standings up to date."""
    standings.game_changed(game)


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_SALT)


def league_edit_token(game: Game, user_id: int) -> str:
    """A token that opens `game`'s edit pages for the scorer `user_id` (while a scorer)."""
    return TOKEN_PREFIX + _serializer().dumps([game.id, user_id])


def resolve_league_token(token: str) -> Game | None:
    """The game a league edit token opens for the current user, if they are still a scorer."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    try:
        game_id, user_id = _serializer().loads(token.removeprefix(TOKEN_PREFIX))
    except (BadSignature, ValueError, TypeError):
        return None
    if not current_user.is_authenticated or current_user.id != user_id:
        return None
    game = db.session.get(Game, game_id)
    if game is None or game.league_id is None:
        return None
    role = member_role(db.session.get_one(League, game.league_id), current_user)
    return game if role is not None and role >= Role.SCORER else None


def start_game(
    league: League, seats: Sequence[Player | str], first_dealer: int | None
) -> tuple[Game, str]:
    """Start a game with the league's default rules; a seat is a player or a new name.

    New names become league players in the same transaction as the game; a refusal
    (`LeagueError`) leaves the session as it was.
    """
    rules = league.rules
    if len(seats) != rules.format.players:
        raise LeagueError("seat_count")
    try:
        players = _seated(league, seats)
    except LeagueError:
        db.session.rollback()
        raise
    setup = GameSetup(rules, [p.name for p in players], first_dealer)
    return games.create_game(setup, league_id=league.id, player_ids=[p.id for p in players])


def _seated(league: League, seats: Sequence[Player | str]) -> list[Player]:
    """The league player of each seat, new names added (not committed)."""
    players: list[Player] = []
    for seat in seats:
        player = seat if isinstance(seat, Player) else find_player(league, seat)
        if player is None:
            player = add_player(league, str(seat), commit=False)
        if player.league_id != league.id:
            raise LeagueError("not_in_league")
        if player in players:
            raise LeagueError("seat_twice")
        players.append(player)
    return players


def attach_game(league: League, edit_token: str) -> Game:
    """Bring a casual game into `league` by its edit link; its names become league players."""
    game = games.find_by_edit_token(edit_token.strip())
    if game is None:
        raise LeagueError("no_such_game", "link")

    def attach() -> Game:
        games.lock_game(game)
        if game.league_id is not None:
            raise LeagueError("already_attached", "link")
        seats = db.session.scalars(select(Seat).where(Seat.game_id == game.id)).all()
        taken: set[int] = set()
        for seat in seats:
            player = find_player(league, seat.name) or add_player(league, seat.name, commit=False)
            if player.id in taken:
                raise LeagueError("seat_twice", "link")
            taken.add(player.id)
            seat.player_id = player.id
        game.league_id = league.id
        db.session.flush()
        standings.game_changed(game)
        return game

    return in_transaction(attach)


def league_games(league: League, limit: int = 30) -> list[Game]:
    """The league's latest games, newest first."""
    return list(
        db.session.scalars(
            select(Game)
            .options(selectinload(Game.seats))
            .where(Game.league_id == league.id)
            .order_by(Game.created_at.desc(), Game.id.desc())
            .limit(limit)
        )
    )
