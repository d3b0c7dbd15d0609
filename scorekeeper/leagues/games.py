"""League games: start a game inside a league, attach a casual game, open it as a scorer.

A league game is an ordinary game (`scorekeeper.games`) with `league_id` set and each
seat linked to a league player. Games know nothing of leagues: `init_app` connects
`standings.game_changed` to the games' `game_changed` signal (sent inside the transaction
of every change, so standings and ratings are written with it) and registers the
resolver of league edit tokens with games.

Once a game belongs to a league, only the league's scorers and owner may change it,
whatever edit token they hold: `init_app` registers `guard_league_game` as an edit
guard of games, asked on every request to a game's edit pages. Every link issued
before (the game's own edit link, held by whoever started it as a casual game or was
given it) stops changing anything for anyone else; removing a member or lowering them
to viewer takes effect on their next request.

Scorers record hands through the games pages. The game's own edit link is only ever
stored hashed, so a scorer who did not start the game gets a *league edit token*
instead: signed with the app's secret key, naming the game, the scorer and the game's
current edit link (a stamp taken from its stored hash), so it opens nothing for anyone
but that scorer, and nothing at all once the owner gives the game a new edit link
(`scorekeeper.games.services.new_edit_link`).

The view link of a game in a private league stays what it is, read-only: whoever holds
it follows that game's board, which names no league and links to none of its pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask import Flask, current_app
from flask_login import current_user
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper import audit
from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.confirmation import RefereeAct, register_referee, register_side_finder
from scorekeeper.games.hooks import (
    EditRefused,
    game_changed,
    register_edit_guard,
    register_edit_token_resolver,
)
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import Game, Hand, HandStatus, Seat
from scorekeeper.leagues import standings
from scorekeeper.leagues.access import member_role
from scorekeeper.leagues.errors import LeagueError
from scorekeeper.leagues.models import League, Player, Role
from scorekeeper.leagues.services import add_player, find_player
from scorekeeper.transactions import in_transaction

_SALT = "league-game-edit"
#: League edit tokens start with this, so they never look like a game's own edit token.
TOKEN_PREFIX = "L."  # noqa: S105  (a prefix that tells tokens apart, not a secret)
#: Characters of the game's stored edit-link hash a league edit token carries.
_STAMP_LENGTH = 16


def init_app(app: Flask) -> None:
    """Connect leagues to the games of ``app``: changes reach the standings, league edit
    tokens open their games, and a league game changes only for the league's scorers."""
    game_changed.connect(_game_changed, app)
    register_edit_token_resolver(app, TOKEN_PREFIX, resolve_league_token)
    audit.register_link_prefix(app, TOKEN_PREFIX, audit.LinkKind.SCORER)
    register_edit_guard(app, guard_league_game)
    register_side_finder(app, seated_side)
    register_referee(app, league_referee)


def _game_changed(_app: Flask, game: Game) -> None:
    """A game changed (inside its transaction): bring its league's standings up to date."""
    standings.game_changed(game)


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_SALT)


def _stamp(game: Game) -> str:
    """What a league edit token holds of the game's current edit link: a new edit link
    (`games.new_edit_link`) changes it, and with it revokes every league edit token."""
    return game.edit_token_hash[:_STAMP_LENGTH]


def league_edit_token(game: Game, user_id: int) -> str:
    """A token that opens `game`'s edit pages for the scorer `user_id` (while a scorer,
    until the game gets a new edit link)."""
    return TOKEN_PREFIX + _serializer().dumps([game.id, user_id, _stamp(game)])


def resolve_league_token(token: str) -> Game | None:
    """The game a league edit token opens, if it is the current user's and still current
    (the role is checked by `guard_league_game`, as for every edit token). A visitor who
    is not logged in is asked to log in (`EditRefused`)."""
    try:
        game_id, user_id, stamp = _serializer().loads(token.removeprefix(TOKEN_PREFIX))
        game = db.session.get(Game, game_id)
    except (BadSignature, ValueError, TypeError):
        return None
    if game is None or game.league_id is None or stamp != _stamp(game):
        return None
    if not current_user.is_authenticated:
        raise EditRefused(log_in=True)
    return game if current_user.id == user_id else None


def guard_league_game(game: Game) -> None:
    """Refuse (`EditRefused`) any change to a league game by anyone but the league's
    scorers and owner: a visitor is asked to log in, anyone else gets a 404."""
    if game.league_id is None:
        return
    if not current_user.is_authenticated:
        raise EditRefused(log_in=True)
    role = member_role(db.session.get_one(League, game.league_id), current_user)
    if role is None or role < Role.SCORER:
        raise EditRefused


def seated_side(game: Game) -> int | None:
    """The side of a league game the signed-in user sits on (their league player's)."""
    if game.league_id is None or not current_user.is_authenticated:
        return None
    return db.session.scalar(
        select(Seat.side)
        .join(Player, Player.id == Seat.player_id)
        .where(Seat.game_id == game.id, Player.user_id == current_user.id)
        .limit(1)
    )


def league_referee(game: Game, act: RefereeAct) -> bool | None:
    """Who referees a league game: its scorers and owner resolve a dispute, its owner
    alone corrects a confirmed hand (None: not a league game)."""
    if game.league_id is None:
        return None
    role = member_role(db.session.get_one(League, game.league_id), current_user)
    needed = Role.SCORER if act == "resolve" else Role.OWNER
    return role is not None and role >= needed


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
    return games.create_game(
        setup,
        league_id=league.id,
        player_ids=[p.id for p in players],
        requires_confirmation=league.requires_confirmation,
    )


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
    try:
        game = games.find_by_edit_token(edit_token.strip())
    except EditRefused:
        raise LeagueError("no_such_game", "link") from None

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
        if game.winner_side is None:  # still being played: from its next hand on
            game.requires_confirmation = league.requires_confirmation
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


@dataclass(frozen=True)
class HandToSee:
    """A hand of a league game that asks for someone: its game, its number, and the
    side concerned (the one that disputed it, or the user's side that is awaited)."""

    game: Game
    number: int
    side: int | None


def disputed_hands(league: League) -> list[HandToSee]:
    """The league's disputed hands, oldest game first, each with the side that disputed
    it (for its scorers, who resolve them)."""
    rows = db.session.execute(
        select(Game, Hand.number)
        .join(Hand, Hand.game_id == Game.id)
        .where(Game.league_id == league.id, Hand.status == HandStatus.DISPUTED)
        .order_by(Game.created_at, Game.id, Hand.number)
    ).all()
    return [HandToSee(game, number, None) for game, number in rows]


def awaiting_user(league: League, user_id: int) -> list[HandToSee]:
    """The hands of the league's games awaiting the confirmation of the side that
    ``user_id``'s league player sits on."""
    rows = db.session.execute(
        select(Game, Hand.number, Hand.awaiting_sides, Seat.side)
        .join(Hand, Hand.game_id == Game.id)
        .join(Seat, Seat.game_id == Game.id)
        .join(Player, Player.id == Seat.player_id)
        .where(
            Game.league_id == league.id,
            Hand.status == HandStatus.AWAITING,
            Player.user_id == user_id,
        )
        .order_by(Game.created_at, Game.id, Hand.number)
    ).all()
    return [HandToSee(game, number, side) for game, number, mask, side in rows if mask >> side & 1]
