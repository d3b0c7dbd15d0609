"""Reading a hand as the players typed it: each side's card texts.

:func:`parse_hand_cards` is the one way to turn card texts into cards for a
hand: it names the place of every unknown or repeated card (``sides[1].cards[4]``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import CARDS_BY_TEXT, Card
from .errors import CardError, InputError, InvalidHand


def parse_hand_cards(sides: Sequence[Sequence[object]]) -> list[tuple[Card, ...]]:
    """Parse each side's card texts, collecting every unknown or repeated card.

    Errors name the exact place, ``sides[1].cards[4]``; a repeated card is
    reported where it appears the second time.
    """
    piles, _, errors = _parse_piles(sides, str)
    if errors:
        raise InvalidHand(errors)
    return piles


def _parse_piles(
    sides: Sequence[Sequence[object]], quote: Callable[[object], str]
) -> tuple[list[tuple[Card, ...]], list[int], list[InputError]]:
    """The cards of each side, their masks, and every unknown or repeated card
    (a text that is not a card quoted in its error by ``quote``)."""
    # The usual case first: every text a card's code, no card twice. One look-up per
    # card; the masks (the sum of distinct bits) show a repeat as a lost bit.
    try:
        piles = [tuple([CARDS_BY_TEXT[text] for text in texts]) for texts in sides]  # type: ignore[index]
    except (KeyError, TypeError):
        return _parse_piles_one_by_one(sides, quote)
    masks = [sum([card.bit for card in pile]) for pile in piles]
    taken = 0
    for mask in masks:
        taken |= mask
    if taken.bit_count() != sum(len(pile) for pile in piles):
        return _parse_piles_one_by_one(sides, quote)
    return piles, masks, []


def _parse_piles_one_by_one(
    sides: Sequence[Sequence[object]], quote: Callable[[object], str]
) -> tuple[list[tuple[Card, ...]], list[int], list[InputError]]:
    errors: list[InputError] = []
    piles: list[tuple[Card, ...]] = []
    masks: list[int] = []
    taken = 0
    for i, texts in enumerate(sides):
        cards: list[Card] = []
        mask = 0
        for j, text in enumerate(texts):
            where = f"sides[{i}].cards[{j}]"
            try:
                card = Card.parse(text) if isinstance(text, str) else None
            except CardError:
                card = None
            if card is None:
                errors.append(InputError("not_a_card", where, {"text": quote(text)}))
                continue
            if taken & card.bit:
                errors.append(InputError("duplicate_card", where, {"card": card.code}))
                continue
            taken |= card.bit
            mask |= card.bit
            cards.append(card)
        piles.append(tuple(cards))
        masks.append(mask)
    return piles, masks, errors
