"""What a phone needs to keep a game going without signal, and the answers it is sent.

The board carries the game as JSON (`offline_data`): the rules, each stored hand's
points per side, the first dealer and the next hand's number, so that the phone can
score the hands it keeps in its outbox (static/js/outbox.js) and show provisional
totals. When the phone sends a kept hand it asks for JSON (``Accept:
application/json``) and gets one of the answers below; the server's totals are the
ones that stand.

Answers (``status``):

- ``saved`` / ``already_saved`` (200): the hand's ``number``, the server's ``totals``,
  ``next_hand``, ``winner`` (a side or ``null``) and ``spareggio``;
- ``refused`` (409 or 422) with a ``reason``: ``conflict`` (another phone recorded that
  hand number, or the game changed: ``next_hand`` says where it is now), ``invalid``
  (the checks failed: ``errors``, each ``{field, code, message}``) or ``form`` (the form
  itself could not be read); always a translated ``message``, the reason as the phone
  shows it after "Hand N was not saved:".

A link that opens nothing for this user (revoked, not a scorer) is the usual 404.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from flask import Response, jsonify, request
from wtforms import FieldList, Form, FormField

from scorekeeper.games.claims import CATEGORY_POINTS
from scorekeeper.games.models import Game
from scorekeeper.games.services import StoredHand, stored_state
from scorekeeper.grammar import gettext as _
from scorekeeper.grammar import ngettext, side_gettext
from scorekeeper.scoring import GameState, InputError, Rules
from scorekeeper.ui.messages import error_message

#: The request header a foreground save sends to have "Hand N was already saved" flashed
#: on the board it opens next (a hand sent from the outbox in the background flashes
#: nothing; a new hand is told by the board the script opens, ``?saved=N``).
FLASH_HEADER = "X-Scorekeeper-Flash"


def wants_json() -> bool:
    """Whether the request asks for a JSON answer rather than a page."""
    return request.accept_mimetypes.best == "application/json"


def wants_flash() -> bool:
    """Whether a JSON save should still flash its message for the next page."""
    return request.headers.get(FLASH_HEADER) == "1"


def _state_values(state: GameState) -> dict[str, Any]:
    return {
        "totals": list(state.totals),
        "next_hand": state.next_hand,
        "winner": state.winner,
        "spareggio": state.spareggio,
    }


def saved_answer(
    game: Game, number: int, already_saved: bool, message: str, state: GameState | None = None
) -> Response:
    """Hand ``number`` is on the server (saved now, or by this very form before); the
    game's ``state`` as the save left it, if known (else read)."""
    body = {
        "status": "already_saved" if already_saved else "saved",
        "number": number,
        "message": message,
        **_state_values(state or stored_state(game)),
    }
    return _no_store(jsonify(body))


def refused_answer(
    game: Game,
    reason: str,
    message: str,
    errors: Iterable[dict[str, str]] = (),
    status: int = 422,
) -> Response:
    """The hand was not saved, and why (see the module's docstring)."""
    body = {
        "status": "refused",
        "reason": reason,
        "message": message,
        "errors": list(errors),
        **_state_values(stored_state(game)),
    }
    response = jsonify(body)
    response.status_code = status
    return _no_store(response)


def input_errors(errors: Iterable[InputError]) -> list[dict[str, str]]:
    """The scoring package's errors as JSON, each with its translated message."""
    return [
        {"field": error.field, "code": error.code, "message": error_message(error)}
        for error in errors
    ]


def form_errors(fields: Iterable[Any]) -> list[dict[str, str]]:
    """Every message on a form's fields as flat JSON errors, each under the field's name
    as sent (``sides-0-cards``), sub-forms and lists of fields walked through."""
    flat: list[dict[str, str]] = []
    for field in fields:
        if isinstance(field, FieldList):
            flat += form_errors(field.entries)
        elif isinstance(field, FormField):
            flat += form_errors(field.form)
        else:
            flat += [{"field": field.name, "message": str(m)} for m in field.errors]
    return flat


def form_refused(game: Game, form: Form) -> Response:
    """The hand's form itself was refused (a blank count, a key too long...)."""
    return refused_answer(
        game,
        "form",
        _("some of its fields are not valid:"),
        form_errors(form),
    )


def claimed_answer(message: str) -> Response:
    """A claim recorded (the board's script asked for JSON): the ``message`` to show."""
    return _no_store(jsonify({"status": "claimed", "message": message}))


def refused_claim_answer(message: str) -> Response:
    """A claim the game did not take (409), and why."""
    response = _no_store(jsonify({"status": "refused", "message": message}))
    response.status_code = 409
    return response


def confirmed_answer(number: int, message: str, *, locked: bool, refused: bool = False) -> Response:
    """A side's confirmation of hand ``number`` (the board's script asked for JSON): the
    ``message`` to show in place of the question, whether the hand is now ``locked``
    (every side confirmed it); 409 when it was ``refused``."""
    body = {
        "status": "refused" if refused else "confirmed",
        "number": number,
        "message": message,
        "locked": locked,
    }
    response = _no_store(jsonify(body))
    if refused:
        response.status_code = 409
    return response


def csrf_answer(token: str) -> Response:
    """A fresh CSRF token for the phone's outbox, never stored by any cache."""
    return _no_store(jsonify({"csrf_token": token}))


def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


_DEFAULT_RULES_JSON = Rules().to_json()
_RULE_SET_KEYS = ("rule_set", "asso_sweep", "asso_on_asso", "margin")


def _rules_json(rules: Rules) -> dict[str, object]:
    """`Rules.to_json` without the rule set's keys that hold their defaults."""
    data = rules.to_json()
    for key in _RULE_SET_KEYS:
        if data[key] == _DEFAULT_RULES_JSON[key]:
            del data[key]
    return data


def offline_data(
    game: Game, hands: Sequence[StoredHand], state: GameState, names: Sequence[str]
) -> dict[str, Any]:
    """What the phone needs to score hands offline and show where they go (the board's
    ``#game-data`` script): the rules as `Rules.to_json`, each stored hand's points per
    side and napoleone side, the first dealer, the next hand's number, the names of the
    sides and of the seats, and what the board says if a side wins before the server
    confirms it (as each side's number of players has it: "Vincono Anna e Carla!") or,
    with two clear points, while play goes on short of the lead. The
    rule set and its house choices only when they are not Scopa's (the phone's scorer
    takes the defaults of what is left out: a few bytes less on every Scopa board)."""
    return {
        "game": game.view_token,
        "rules": _rules_json(game.rules),
        "names": list(names),
        "wins": [
            side_gettext(
                "Winner: %(side)s (not confirmed)", "Winners: %(side)s (not confirmed)", side
            )
            for side in game.sides()
        ],
        "seats": [seat.name for seat in sorted(game.seats, key=lambda seat: seat.seat)],
        "first_dealer": game.first_dealer,
        "hands": [list(hand.totals) for hand in hands],
        "napoleone": [hand.napoleone_side for hand in hands],
        "next_hand": state.next_hand,
        "totals": list(state.totals),
        "version": game.version,
        # Chiamarsi fuori: the claims judged and the one pending; counting out in order:
        # each stored hand's points by category (the replay's `HandResult.by_category`).
        "claims": [outcome.claim.to_json() for outcome in state.claims]
        + ([state.pending_claim.to_json()] if state.pending_claim else []),
        **(
            {
                "categories": [
                    [[getattr(side, name) for side in hand.sides] for name in CATEGORY_POINTS]
                    for hand in hands
                ]
            }
            if game.rules.count_in_order
            else {}
        ),
        # Two clear points: what the board says while no side has the lead (only on the
        # boards of such games, so a plain board's first load carries none of it).
        **(
            {
                "margin_note": ngettext(
                    "Play goes on: a lead of %(num)d point is needed (not confirmed).",
                    "Play goes on: a lead of %(num)d points is needed (not confirmed).",
                    game.rules.margin,
                )
            }
            if game.rules.margin > 1
            else {}
        ),
    }
