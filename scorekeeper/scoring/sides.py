"""What one side took in a hand, as the players enter it: card by card, or as counts.

These are the engine's inputs. :class:`SideCards` keeps the cards as given
(their order names the place of a bad card, ``sides[1].cards[4]``) and their
mask (see :mod:`.cards`), worked out once when the side is made.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, cards_of, mask_of


@dataclass(frozen=True, slots=True)
class SideCards:
    """What one side captured, card by card, and the scope it made.

    ``mask`` is the set of its cards (:func:`~.cards.mask_of`); a card given
    twice is in it once, which is how a repeat is found.
    """

    cards: tuple[Card, ...]
    scope: int = 0
    mask: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Adding the bits is the fastest way through the cards; it carries (and so
        # loses bits) only when a card is given twice, which the popcount shows.
        mask = sum([card.bit for card in self.cards])
        if mask.bit_count() != len(self.cards):
            mask = mask_of(self.cards)
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int, scope: int = 0) -> SideCards:
        """The side holding the cards of ``mask`` (in deck order)."""
        return cls(cards_of(mask), scope)


@dataclass(frozen=True, slots=True)
class SideCounts:
    """What one side captured, as counts.

    ``primiera_cards`` is the side's best card in each suit when the players
    tap them in to let the app decide the primiera; ``None`` when the table
    simply says who took it. Once any side shows best cards, a suit a side
    leaves blank is a suit it holds no card of (it has no primiera), and a
    side with ``None`` shows nothing and holds nothing, as ``()``.
    """

    cards: int
    denari: int
    settebello: bool = False
    re_bello: bool = False
    napola_run: int = 0
    scope: int = 0
    primiera_cards: tuple[Card, ...] | None = None
