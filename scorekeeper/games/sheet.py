"""A result sheet's games: every hand, who entered and changed it, and the content its
signature covers (`scorekeeper.audit.sheet`). Tournaments print one for a match (its
partite) and leagues for an evening (the league's games of one day).

Read in two statements whatever the number of games and hands: the hands of every game
(`services.stored_hands_of`) and their history (`audit.events_for`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper import audit
from scorekeeper.audit import words
from scorekeeper.games.models import Game
from scorekeeper.games.services import BOARD_SIDE_COLUMNS, stored_hands_of, stored_state
from scorekeeper.grammar import Side


@dataclass(frozen=True)
class SheetHand:
    """One hand on the sheet: each side's points, the running totals, and who entered
    and changed it (sentences)."""

    number: int
    points: tuple[int, ...]
    running: tuple[int, ...]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class SheetGame:
    """One game on the sheet (``key`` names it among the sheet's parts)."""

    key: str
    label: str
    sides: tuple[str, ...]
    hands: tuple[SheetHand, ...]
    totals: tuple[int, ...]
    winner: Side | None


@dataclass(frozen=True)
class ResultSheet:
    """A sheet's games, its whole history in words, and its parts (what is signed)."""

    games: tuple[SheetGame, ...]
    history: tuple[words.Line, ...]
    parts: dict[str, Any]


def result_sheet(
    games: Sequence[tuple[str, str, Game]],
    *,
    match_id: int | None = None,
    match_sides: Sequence[Side] = (),
    per_hand: bool = True,
    extra_parts: Mapping[str, Any] | None = None,
) -> ResultSheet:
    """The sheet of ``games``, each ``(key, label, game)``; with the history of match
    ``match_id`` (its results) too. ``per_hand``: each hand is a part of its own (the
    page then says which hand changed), else each game is one. ``extra_parts`` are
    signed too (a match's result)."""
    game_list = [game for _key, _label, game in games]
    hands_by_game = stored_hands_of(game_list)
    events = audit.events_for(
        game_ids=[game.id for game in game_list], match_ids=[match_id] if match_id else []
    )
    names = words.Names(
        game_sides={game.id: game.sides() for game in game_list},
        match_sides=match_sides,
        game_labels={game.id: label for _key, label, game in games},
    )
    lines = words.describe(events, names)
    by_hand: dict[int, list[tuple[int, str]]] = {}
    for event, line in zip(events, lines, strict=True):
        if event.hand_id is not None:
            by_hand.setdefault(event.hand_id, []).append((event.id, line.text))
    sheet_games = []
    parts: dict[str, Any] = {}
    for key, label, game in games:
        hands = hands_by_game.get(game.id, [])
        state = stored_state(game, hands)
        sides = tuple(game.side_names())
        running = [0] * len(sides)
        sheet_hands = []
        # The players' names as stored, not as a language joins them.
        game_part: list[Any] = [[list(side.players) for side in game.sides()]]
        for hand in hands:
            running = [total + points for total, points in zip(running, hand.totals, strict=True)]
            history = by_hand.get(hand.hand_id, [])
            sheet_hands.append(
                SheetHand(hand.number, hand.totals, tuple(running), tuple(t for _i, t in history))
            )
            content = [
                [
                    [getattr(side, name) for name in (*BOARD_SIDE_COLUMNS, "total")]
                    for side in hand.sides
                ],
                [event_id for event_id, _t in history],
            ]
            if per_hand:
                parts[f"{key}.{hand.number}"] = content
            else:
                game_part.append(content)
        winner = game.sides()[state.winner] if state.winner is not None else None
        game_part.append([list(state.totals), state.winner])
        parts[key] = game_part
        sheet_games.append(
            SheetGame(key, label, sides, tuple(sheet_hands), tuple(state.totals), winner)
        )
    parts.update(extra_parts or {})
    return ResultSheet(tuple(sheet_games), tuple(lines), parts)
