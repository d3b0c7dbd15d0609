"""The table view: a full-screen scoreboard for the middle of the table (issue 26).

Very large totals, who deals and who plays first, read from across the table: with two
sides the screen is split in two halves, the far one turned round (templates/games/
table.html). Only stored points are read, as on the board (`stored_state`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from flask import url_for

from scorekeeper.games.models import Game
from scorekeeper.games.outlook import outlook_lines
from scorekeeper.games.services import stored_state
from scorekeeper.grammar import gettext as _
from scorekeeper.grammar import ngettext


class TableSide(NamedTuple):
    """One side as the table view shows it: ``marks`` are ("dealer" or "first", words)."""

    name: str
    total: int
    marks: list[tuple[str, str]]
    missing: str
    winner: bool


def table_context(game: Game, token: str, editable: bool) -> dict[str, Any]:
    """What the table view shows: each side's total and marks, the hand to play."""
    state = stored_state(game)
    sides = game.sides()
    fmt = game.rules.format
    outlook = {line.side: line.missing for line in outlook_lines(game.rules, state.totals, sides)}
    pairs = fmt.players_per_side > 1
    shown = []
    for side, name in enumerate(sides):
        marks = []
        if not state.finished:
            for seat, word in ((state.next_dealer, "dealer"), (state.next_first_player, "first")):
                if fmt.side_of_seat(seat) == side:
                    marks.append((word, _mark(word, game.seat_name(seat) if pairs else None)))
        shown.append(
            TableSide(
                str(name), state.totals[side], marks, outlook.get(side, ""), state.winner == side
            )
        )
    if state.finished:
        status = _("Game over")
    elif state.short_of_margin:
        status = ngettext(
            "Hand %(number)s · a lead of %(num)d point is needed",
            "Hand %(number)s · a lead of %(num)d points is needed",
            game.rules.margin,
            number=state.next_hand,
        )
    elif state.spareggio:
        status = _("Spareggio: hand %(number)s", number=state.next_hand)
    else:
        status = _(
            "Hand %(number)s · target %(target)s", number=state.next_hand, target=game.target
        )
    board = url_for("games.scoreboard" if editable else "games.view", token=token)
    return {
        "game": game,
        "sides": shown,
        "status": status,
        "back": f"{board}#record" if editable and not state.finished else f"{board}#board",
        "back_label": _("Back to the form") if editable else _("Back to the board"),
        "turned": len(shown) == 2,
    }


def _mark(word: str, name: str | None) -> str:
    """ "mazziere" / "di mano", with the player's name in a team."""
    if word == "dealer":
        return _("mazziere: %(name)s", name=name) if name else _("mazziere")
    return _("di mano: %(name)s", name=name) if name else _("di mano")
