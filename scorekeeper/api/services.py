"""What the scoring API answers: the scoring package's results in API.md's JSON shape.

Nothing is computed here: every number comes from :mod:`scorekeeper.scoring`, and
the answer's sides and awards are the score's own JSON form
(:meth:`~scorekeeper.scoring.HandScore.to_json`). Keys are never renamed or
removed (other tools rely on them); new ones may be added.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.api.schema import ScoreRequest
from scorekeeper.scoring import Card, Primiera

JSON = dict[str, object]


def score_hand(hand: ScoreRequest) -> JSON:
    """Score a hand entered as cards; raises ``InvalidHand`` if the cards are not the deck."""
    result = hand.entry.score(hand.rules).to_json(hand.names)
    return {
        "sides": result["sides"],
        "awards": result["awards"],
        "rules": {"napola": hand.rules.napola, "re_bello": hand.rules.re_bello},
        "rule_set": hand.rules.rule_set.key,
    }


def primiera_of(cards: Iterable[Card]) -> JSON:
    """The primiera of any set of cards, with the card that counts in each suit."""
    primiera = Primiera.of(cards)
    return {
        "primiera": primiera.total,
        "complete": primiera.complete,
        "best": {card.suit.letter: card.code for card in primiera.best.values()},
        "values": {suit.letter: value for suit, value in primiera.values.items()},
    }
