"""Building blocks for hands in tests: deal named cards to sides, the rest to the last side."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.scoring import Card, SideCards, parse_cards, rest_of_deck


def deal(*sides: str, scope: Sequence[int] = ()) -> list[SideCards]:
    """Sides from space-separated card lists; ``"*"`` as a side gets every card not named.

    ``deal("7D 1D", "*")`` gives the first side two cards and the second the other 38.
    """
    named = [parse_cards(text.split()) if text != "*" else None for text in sides]
    rest = rest_of_deck(cards for cards in named if cards is not None)
    hands = []
    for i, cards in enumerate(named):
        pile: tuple[Card, ...] = rest if cards is None else tuple(cards)
        hands.append(SideCards(pile, scope[i] if i < len(scope) else 0))
    return hands


def suit(letter: str, *values: int) -> str:
    """``suit("D", 1, 2, 3)`` -> ``"1D 2D 3D"``."""
    return " ".join(f"{value}{letter}" for value in values)
