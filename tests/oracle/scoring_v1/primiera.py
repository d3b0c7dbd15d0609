# The frozen oracle: scorekeeper.scoring as it was at e3fa983, copied verbatim (only this
# header is new) for tests/oracle/test_differential.py. Never edit it, never import it from
# the app: the engine is checked against it, hand by hand.
"""Primiera (RULES.md section 3).

Each side shows its single best card in each suit by the primiera table and
adds the four values. A side lacking a suit has no primiera; a complete
primiera beats an incomplete one whatever the sums; a tie at the top scores
nobody.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .cards import Card, Suit

#: Primiera value of each capture value: 7 = 21, 6 = 18, asso = 16, 5 = 15,
#: 4 = 14, 3 = 13, 2 = 12, fante, cavallo and re = 10. The one copy of the table.
PRIMIERA_VALUES: Mapping[int, int] = MappingProxyType(
    {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}
)

#: Which card counts in a suit, by capture value: the higher primiera value wins, and
#: among face cards of equal value the lowest (fante before re), so the result is stable.
_STRENGTH: dict[int, int] = {
    value: points * 16 - value for value, points in PRIMIERA_VALUES.items()
}

#: The four suits in display order (iterating a tuple is cheaper than iterating the enum).
_SUITS = tuple(Suit)

#: The highest possible primiera: four sevens.
PRIMIERA_MAX = 4 * PRIMIERA_VALUES[7]


def primiera_value(card: Card) -> int:
    """The primiera value of one card."""
    return PRIMIERA_VALUES[card.value]


@dataclass(frozen=True, slots=True)
class Primiera:
    """The primiera of one set of cards.

    ``best`` holds the card that counts in each suit the cards have (the
    first in deck order among equals, e.g. the fante before the re);
    ``total`` is the sum of their values, or ``None`` when a suit is missing.
    """

    best: Mapping[Suit, Card]

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Primiera:
        """The primiera of any set of cards, a whole pile or just a few."""
        best: dict[Suit, Card] = {}
        for card in cards:
            current = best.get(card.suit)
            if current is None or _STRENGTH[card.value] > _STRENGTH[current.value]:
                best[card.suit] = card
        return cls(MappingProxyType({suit: best[suit] for suit in _SUITS if suit in best}))

    @property
    def complete(self) -> bool:
        """Whether every suit is present, which a primiera needs to count."""
        return len(self.best) == len(_SUITS)

    @property
    def missing(self) -> tuple[Suit, ...]:
        """The suits with no card, in display order."""
        return tuple(suit for suit in Suit if suit not in self.best)

    @property
    def values(self) -> Mapping[Suit, int]:
        """The primiera value of the best card in each suit present."""
        return {suit: primiera_value(card) for suit, card in self.best.items()}

    @property
    def partial_sum(self) -> int:
        """The sum of the suits present, also for an incomplete primiera."""
        return sum(PRIMIERA_VALUES[card.value] for card in self.best.values())

    @property
    def total(self) -> int | None:
        """The primiera, or ``None`` when a suit is missing (no primiera)."""
        return self.partial_sum if self.complete else None


@dataclass(frozen=True, slots=True)
class PrimieraContest:
    """Who takes the primiera point among several sides, and why.

    ``winner`` is the index of the winning side or ``None``; ``reason`` is
    ``"won"``, ``"tie"`` (complete primiere level at the top) or
    ``"nobody_complete"``; ``margin`` is how much the winner is ahead of the
    best other complete primiera (``None`` when no other side is complete).
    """

    primiere: tuple[Primiera, ...]
    winner: int | None
    reason: str
    margin: int | None


def contest(primiere: Sequence[Primiera]) -> PrimieraContest:
    """Decide the primiera point: the strictly highest complete primiera wins."""
    totals = [p.total for p in primiere]
    complete = sorted((t for t in totals if t is not None), reverse=True)
    if not complete:
        return PrimieraContest(tuple(primiere), None, "nobody_complete", None)
    if len(complete) > 1 and complete[0] == complete[1]:
        return PrimieraContest(tuple(primiere), None, "tie", 0)
    margin = complete[0] - complete[1] if len(complete) > 1 else None
    return PrimieraContest(tuple(primiere), totals.index(complete[0]), "won", margin)
