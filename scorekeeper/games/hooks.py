"""What games tell the layers above them without importing them (imports point down).

- :data:`game_changed`, a blinker signal (blinker ships with Flask), is sent after every
  change to a game's hands, inside the transaction of the change (after a flush, before
  the commit), with the app as sender and the game as ``game``. Whatever a receiver
  writes (a league's results, standings and ratings) is committed, or rolled back, with
  the change itself.
- An *edit token resolver* opens the games behind edit tokens that another layer issues
  (a league scorer's personal token), registered per app by the token's prefix with
  :func:`register_edit_token_resolver`.
"""

from __future__ import annotations

from collections.abc import Callable

from blinker import Namespace
from flask import Flask, current_app

from scorekeeper.games.models import Game

_signals = Namespace()

#: Sent inside the transaction of every change to a game's hands (see the module's docstring).
game_changed = _signals.signal("game-changed")

EditTokenResolver = Callable[[str], Game | None]
_RESOLVERS = "scorekeeper.games.edit_token_resolvers"


def register_edit_token_resolver(app: Flask, prefix: str, resolve: EditTokenResolver) -> None:
    """Let ``resolve`` open every edit token that starts with ``prefix``.

    A game's own edit tokens come from ``secrets.token_urlsafe``, so a prefix with a
    character outside its alphabet (such as ``"."``) never shadows them.
    """
    app.extensions.setdefault(_RESOLVERS, {})[prefix] = resolve


def edit_token_resolver(token: str) -> EditTokenResolver | None:
    """The resolver registered for ``token``'s prefix, if any."""
    resolvers: dict[str, EditTokenResolver] = current_app.extensions.get(_RESOLVERS, {})
    return next((r for prefix, r in resolvers.items() if token.startswith(prefix)), None)


def send_game_changed(game: Game) -> None:
    """Tell the receivers of :data:`game_changed` that ``game`` changed (same transaction)."""
    game_changed.send(current_app._get_current_object(), game=game)  # type: ignore[attr-defined]
