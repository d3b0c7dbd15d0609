"""What this browser remembers of its games, in signed long-lived cookies.

A casual game needs no account: the edit links of the games started here are
kept (newest first) so the home page can list them and the creator never has
to think about it; the last settings used prefill the next new game. The list
belongs to whoever kept it (`scorekeeper.keeper`: the account logged in, or
nobody): after a change of account the browser lists none of them. Both
cookies are signed with the app's secret key and hidden from scripts, and sent
over TLS only when the session cookie is (``SESSION_COOKIE_SECURE``). A page
that reads the edit links is private: no cache keeps it.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, g, request
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.wrappers import Response

from scorekeeper.games.models import Game
from scorekeeper.games.services import games_by_edit_tokens
from scorekeeper.keeper import keeper_id
from scorekeeper.private import mark_private

GAMES_COOKIE = "sk_games"
SETTINGS_COOKIE = "sk_game_settings"
MAX_GAMES = 20
MAX_AGE = 400 * 24 * 3600  # the longest lifetime browsers keep (400 days)
SETTINGS_KEYS = (
    "rule_set",
    "asso_sweep",
    "asso_on_asso",
    "format",
    "names",
    "target",
    "target_other",
    "napola",
    "re_bello",
    "napoleone",
    "chiamarsi_fuori",
    "claim_loses_hand",
    "count_in_order",
    "two_clear",
    "first_dealer",
)


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key, salt="scorekeeper.games.cookies")  # type: ignore[arg-type]


def _load(name: str) -> Any:
    raw = request.cookies.get(name)
    if not raw:
        return None
    try:
        return _serializer().loads(raw)
    except BadSignature:
        return None


def _store(response: Response, name: str, value: Any) -> None:
    response.set_cookie(
        name,
        _serializer().dumps(value),
        max_age=MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=bool(current_app.config["SESSION_COOKIE_SECURE"]),
    )


def edit_tokens() -> list[str]:
    """The edit tokens of the games started in this browser by its current keeper (the
    account logged in, or nobody), newest first; a list kept before keepers existed is
    the current keeper's."""
    stored = _load(GAMES_COOKIE)
    if isinstance(stored, dict):
        tokens = stored.get("games") if stored.get("keeper") == keeper_id() else None
    else:
        tokens = stored
    if not isinstance(tokens, list):
        return []
    kept = [t for t in tokens if isinstance(t, str)][:MAX_GAMES]
    if kept:
        mark_private()
    return kept


def your_games() -> list[tuple[Game, str]]:
    """The games started in this browser that still exist, with their edit tokens."""
    if "your_games" not in g:
        g.your_games = games_by_edit_tokens(edit_tokens())
    result: list[tuple[Game, str]] = g.your_games
    return result


def known_names() -> list[str]:
    """Names of the players of this browser's games, for the name pickers."""
    names = {seat.name for game, _ in your_games() for seat in game.seats}
    return sorted(names, key=str.casefold)


def remember_game(response: Response, token: str) -> None:
    """Add a game's edit token to this browser's list."""
    tokens = [token] + [t for t in edit_tokens() if t != token]
    _store(response, GAMES_COOKIE, {"keeper": keeper_id(), "games": tokens[:MAX_GAMES]})


def last_settings() -> dict[str, Any]:
    """The new-game form's data as last submitted here (empty the first time)."""
    settings = _load(SETTINGS_COOKIE)
    if not isinstance(settings, dict):
        return {}
    return {key: settings[key] for key in SETTINGS_KEYS if key in settings}


def remember_settings(response: Response, form: Any) -> None:
    """Keep the settings of a game just started, to prefill the next one."""
    _store(response, SETTINGS_COOKIE, {key: form[key].data for key in SETTINGS_KEYS})


def _side_cookie(game: Game) -> str:
    return f"sk_side_{game.id}"


def phone_side(game: Game) -> int | None:
    """The side this phone said it writes for in ``game`` (a game that requires
    confirmation: its hands then await only the other sides)."""
    side = _load(_side_cookie(game))
    return side if isinstance(side, int) and 0 <= side < len(game.side_names()) else None


def remember_side(response: Response, game: Game, side: int | None) -> None:
    """Keep (or forget, ``None``) the side this phone writes for in ``game``."""
    if side is None:
        response.delete_cookie(_side_cookie(game))
    else:
        _store(response, _side_cookie(game), side)
