"""What games tell the layers above them without importing them (imports point down).

- :data:`game_changed`, a blinker signal (blinker ships with Flask), is sent after every
  change to a game's hands, inside the transaction of the change (after a flush, before
  the commit), with the app as sender and the game as ``game``. Whatever a receiver
  writes (a league's results, standings and ratings) is committed, or rolled back, with
  the change itself.
- An *edit token resolver* opens the games behind edit tokens that another layer issues
  (a league scorer's personal token), registered per app by the token's prefix with
  :func:`register_edit_token_resolver`.
- An *edit guard*, registered per app with :func:`register_edit_guard`, decides whether
  the current user may change a game, whatever token opened it (a league game: only the
  league's scorers and owner). Every edit token is resolved in one place,
  `scorekeeper.games.services.find_by_edit_token`, which asks every guard on every
  request, so a change of role takes effect at once.
- A *game label*, registered per app with :func:`register_game_label`, names where a
  game is played (a tournament's match: "Torneo d'autunno · Girone B · Turno 2 ·
  Tavolo 3"), shown at the top of its board so a table that opened the wrong board sees it.
"""

from __future__ import annotations

from collections.abc import Callable

from blinker import Namespace
from flask import Flask, current_app

from scorekeeper.games.models import Game

_signals = Namespace()

#: Sent inside the transaction of every change to a game's hands (see the module's docstring).
game_changed = _signals.signal("game-changed")


class EditRefused(Exception):
    """The current user may change no game through this edit token.

    ``log_in`` is true for a visitor who is not logged in and might be let in once
    logged in; otherwise the answer is the one for a token that opens no game (404), so a
    refusal says nothing of the game or of its league.
    """

    def __init__(self, *, log_in: bool = False, closed: Game | None = None) -> None:
        super().__init__("log in first" if log_in else "no game to change")
        self.log_in = log_in
        #: The game, when it is there for this user to see but can no longer be changed
        #: (a knockout match whose winner went on): its pages lead to its view link.
        self.closed = closed


#: Opens a token of its prefix: the game, or None (it may raise `EditRefused`).
EditTokenResolver = Callable[[str], Game | None]
#: Raises `EditRefused` unless the current user may change the game.
EditGuard = Callable[[Game], None]
#: Names where a game is played, its largest part first ("Torneo d'autunno", "Girone
#: B", "Turno 2", "Tavolo 3"), or None when it is no part of anything larger.
GameLabel = Callable[[Game], tuple[str, ...] | None]
_RESOLVERS = "scorekeeper.games.edit_token_resolvers"
_GUARDS = "scorekeeper.games.edit_guards"
_LABELS = "scorekeeper.games.labels"


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


def register_edit_guard(app: Flask, guard: EditGuard) -> None:
    """Let ``guard`` refuse, by raising `EditRefused`, any change to any game of ``app``."""
    app.extensions.setdefault(_GUARDS, []).append(guard)


def check_edit_access(game: Game) -> None:
    """Raise `EditRefused` unless every registered guard lets the current user change
    ``game``; a guard's refusal of a game that is only closed (`EditRefused.closed`)
    comes last, so it never tells of a game another guard keeps from this user."""
    guards: list[EditGuard] = current_app.extensions.get(_GUARDS, [])
    closed: EditRefused | None = None
    for guard in guards:
        try:
            guard(game)
        except EditRefused as refused:
            if refused.closed is None:
                raise
            closed = refused
    if closed is not None:
        raise closed


def register_game_label(app: Flask, label: GameLabel) -> None:
    """Let ``label`` name where the games of ``app`` are played (the first name given
    is the one shown)."""
    app.extensions.setdefault(_LABELS, []).append(label)


def game_label(game: Game) -> tuple[str, ...] | None:
    """Where ``game`` is played, in words (its parts), if a registered label names it."""
    labels: list[GameLabel] = current_app.extensions.get(_LABELS, [])
    return next((text for text in (label(game) for label in labels) if text), None)


def send_game_changed(game: Game) -> None:
    """Tell the receivers of :data:`game_changed` that ``game`` changed (same transaction)."""
    game_changed.send(current_app._get_current_object(), game=game)  # type: ignore[attr-defined]
