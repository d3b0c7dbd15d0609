"""What the scoring API answers: the scoring package's results in API.md's JSON shape.

Nothing is computed here: every number comes from :mod:`scorekeeper.scoring`.
Keys are never renamed or removed (other tools rely on them); new ones may be added.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.api.schema import ScoreRequest
from scorekeeper.scoring import Card, Category, HandScore, Primiera, SideCards, score_cards

JSON = dict[str, object]


def score_hand(hand: ScoreRequest) -> JSON:
    """Score a hand entered as cards; raises ``InvalidHand`` if the cards are not the deck."""
    score = score_cards(hand.rules, [SideCards(side.cards, side.scope) for side in hand.sides])
    return {
        "sides": [_side(side.name, score, i) for i, side in enumerate(hand.sides)],
        "awards": {
            category.value: {
                "winner": award.winner,
                "reason": award.reason,
                "margin": award.margin,
            }
            for category, award in score.awards.items()
        },
        "rules": {"napola": hand.rules.napola, "re_bello": hand.rules.re_bello},
    }


def _side(name: str, score: HandScore, i: int) -> JSON:
    side = score.sides[i]
    primiera = side.primiera
    assert primiera is not None  # a hand scored from cards always has each side's primiera
    return {
        "name": name,
        "points": {category.value: side.points[category] for category in Category},
        "total": side.total,
        "detail": {
            "cards": side.cards,
            "denari": side.denari,
            "primiera": primiera.total,
            "primiera_cards": _by_suit(primiera.best.values()),
            "napola_run": side.napola_run,
            "settebello": side.settebello,
            "re_bello": side.re_bello,
            "scope": side.scope,
        },
    }


def primiera_of(cards: Iterable[Card]) -> JSON:
    """The primiera of any set of cards, with the card that counts in each suit."""
    primiera = Primiera.of(cards)
    return {
        "primiera": primiera.total,
        "complete": primiera.complete,
        "best": _by_suit(primiera.best.values()),
        "values": {suit.letter: value for suit, value in primiera.values.items()},
    }


def _by_suit(cards: Iterable[Card]) -> dict[str, str]:
    return {card.suit.letter: card.code for card in cards}
