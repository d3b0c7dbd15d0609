"""Tournament games: every match is played as games of the app, and they tell the
tournament how they went through the games' hooks (games know nothing of tournaments).

`init_app` connects `services.game_changed` to the games' `game_changed` signal (sent
inside the transaction of every change to a game's hands, so a match's result, its
next partita and the knockout's next match are written with the hand that decided
them), registers the resolver of *table tokens*, a guard that lets a tournament's games
change only once it has started, and a knockout match's only until its winner has
gone on to the next match, and the source of the league results of a match whose
result was entered by hand (`services.league_results`), the label that names a match's
table on its board (`labels.game_label`); and the league's tournaments
travel in the league's file (`transfer.LEAGUE_PART`).

A table token is what the score sheet of a table carries (its link and QR): the game's
own edit link is only ever stored hashed, so the sheet gets a token signed with the
app's secret key naming the game and a stamp of its current edit link. Whoever holds
the sheet (the players at the table, no account needed) records the hands; a new edit
link for the game (`scorekeeper.games.services.new_edit_link`) revokes it.
"""

from __future__ import annotations

from flask import Flask, current_app
from itsdangerous import BadSignature, URLSafeSerializer

from scorekeeper import audit
from scorekeeper.extensions import db
from scorekeeper.games.hooks import (
    EditRefused,
    game_changed,
    register_edit_guard,
    register_edit_token_resolver,
    register_game_label,
)
from scorekeeper.games.models import Game
from scorekeeper.leagues.standings import register_result_source
from scorekeeper.leagues.transfer import register_file_part
from scorekeeper.tournaments import labels, services, transfer
from scorekeeper.tournaments.models import Match, ResultState, Status, Tournament

_SALT = "tournament-table-edit"
_MATCH_SALT = "tournament-table-match"
_SIDE_SALT = "tournament-side"
#: Table tokens start with this, so they never look like a game's own edit token.
TOKEN_PREFIX = "T."  # noqa: S105  (a prefix that tells tokens apart, not a secret)
_STAMP_LENGTH = 16


def init_app(app: Flask) -> None:
    """Connect tournaments to the games of ``app``."""
    game_changed.connect(_game_changed, app)
    register_edit_token_resolver(app, TOKEN_PREFIX, resolve_table_token)
    audit.register_link_prefix(app, TOKEN_PREFIX, audit.LinkKind.TABLE)
    register_edit_guard(app, guard_tournament_game)
    register_game_label(app, labels.game_label)
    register_result_source(app, services.league_results)
    register_file_part(app, transfer.LEAGUE_PART)


def _game_changed(_app: Flask, game: Game) -> None:
    """A game changed (inside its transaction): bring its match up to date."""
    services.game_changed(game)


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_SALT)


def _stamp(game: Game) -> str:
    return game.edit_token_hash[:_STAMP_LENGTH]


def table_edit_token(game: Game) -> str:
    """The token of ``game``'s score sheet: it opens the game's edit pages for anyone."""
    return TOKEN_PREFIX + _serializer().dumps([game.id, _stamp(game)])


def resolve_table_token(token: str) -> Game | None:
    """The game a table token opens, if it is still current and a tournament's."""
    try:
        game_id, stamp = _serializer().loads(token.removeprefix(TOKEN_PREFIX))
        game = db.session.get(Game, game_id)
    except (BadSignature, ValueError, TypeError):
        return None
    if game is None or stamp != _stamp(game) or services.match_of_game(game) is None:
        return None
    return game


def match_table_token(match: Match, first: Game) -> str:
    """The token of a match's score sheet, whose ``first`` game is its partita 1: it
    leads to the board of whichever partita is on (`resolve_match_token`), so one
    printed QR serves a best of N. A new edit link for the first game revokes it."""
    serializer = URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_MATCH_SALT)
    return str(serializer.dumps([match.id, _stamp(first)]))


def resolve_match_token(token: str) -> Game | None:
    """The game on now of the match a sheet's token names, if the token is current."""
    serializer = URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_MATCH_SALT)
    try:
        match_id, stamp = serializer.loads(token)
        match = db.session.get(Match, match_id)
    except (BadSignature, ValueError, TypeError):
        return None
    if match is None:
        return None
    played = services.match_games(match)
    if not played or stamp != _stamp(played[0]):
        return None
    return played[-1]


def side_token(match: Match, side: int, first: Game) -> str:
    """The token of one side's link to ``match`` (``side``: its index in the match's side
    order; ``first``: the match's partita 1): its page enters the result for that side,
    and confirms or disputes the one another side entered. A new edit link for the
    first game revokes it, as it does the table's sheet."""
    serializer = URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_SIDE_SALT)
    return str(serializer.dumps([match.id, side, _stamp(first)]))


def resolve_side_token(token: str) -> tuple[Match, int] | None:
    """The match and the side a side link names, if the token is current."""
    serializer = URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_SIDE_SALT)
    try:
        match_id, side, stamp = serializer.loads(token)
        match = db.session.get(Match, match_id)
    except (BadSignature, ValueError, TypeError):
        return None
    if match is None or not isinstance(side, int) or side not in range(len(match.side_ids)):
        return None
    played = services.match_games(match)
    if match.is_bye or not played or stamp != _stamp(played[0]):
        return None
    return match, side


def guard_tournament_game(game: Game) -> None:
    """Refuse (`EditRefused`) any change to a tournament's game before the tournament
    starts, and to a knockout match's games once its winner went on to the next match,
    or once its result is confirmed or disputed where the other side confirms (the
    organiser corrects such a result by hand, with a reason): a closed refusal, whose
    pages lead to the game's view link."""
    match = services.match_of_game(game)
    if match is None:
        return
    tournament = db.session.get_one(Tournament, match.tournament_id)
    if tournament.status not in (Status.RUNNING.value, Status.FINISHED.value):
        raise EditRefused
    if services.moved_on(match):
        raise EditRefused(closed=game)
    if tournament.needs_confirmation:
        result = services.result_of(match)
        if result is not None and result.state != ResultState.AWAITING.value:
            raise EditRefused(closed=game)
