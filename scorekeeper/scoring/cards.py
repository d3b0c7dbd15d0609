"""The 40-card Italian deck, the card notation, and cards as bits of one integer.

A card is written as its capture value ``1``..``10`` followed by the suit
letter: ``7D`` is the settebello, ``10D`` the re bello, ``1S`` the asso di
spade. Input is case-insensitive and may carry surrounding spaces; output is
always upper case (RULES.md section 1).

Inside the engine a card is also a small integer, its *index* ``0..39`` in
:data:`DECK` (suit-major: denari asso is 0, denari re 9, coppe asso 10, ...,
spade re 39), and a set of cards is a 40-bit integer *mask* with bit ``index``
set for each card it holds, the way python-chess keeps squares and bitboards.
Each suit is one 10-bit slice of a mask (denari the lowest), asso the lowest
bit of its slice. Counting a side's cards or denari is then a popcount, and
checking that the sides share the deck out is an OR. :class:`Card` and
:class:`Suit` stay the readable face of the same facts.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar

from .errors import CardError

#: Cards in the deck.
DECK_SIZE = 40
#: Cards in each suit: asso to re. There are as many denari in the deck.
CARDS_PER_SUIT = 10
#: Denari in the deck (one suit).
DENARI_IN_DECK = CARDS_PER_SUIT


class Suit(enum.Enum):
    """The four suits, in the order the app always shows them (and the deck's order)."""

    DENARI = "D"
    COPPE = "C"
    BASTONI = "B"
    SPADE = "S"

    # Members are singletons: hashing by identity is correct and much faster than
    # Enum's default (hashing the name), which matters when many hands are scored.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        """The suit letter of the card notation."""
        return self.value

    @property
    def index(self) -> int:
        """The suit's position in display order: denari 0, coppe 1, bastoni 2, spade 3."""
        return _SUIT_INDEX[self]

    @property
    def mask(self) -> int:
        """The mask of the suit's ten cards (``BB_SUITS[suit.index]``)."""
        return BB_SUITS[_SUIT_INDEX[self]]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The suit's ten cards, asso to re."""
        start = _SUIT_INDEX[self] * CARDS_PER_SUIT
        return DECK[start : start + CARDS_PER_SUIT]

    @property
    def italian(self) -> str:
        """The suit's Italian name, the name used in both languages of the app."""
        return self.name.lower()

    @property
    def english(self) -> str:
        """The suit's English name (coins, cups, clubs, swords)."""
        return _SUIT_ENGLISH[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit written as a letter (``"d"``) or an Italian name (``"denari"``)."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.value, suit.name):
                return suit
        raise ValueError(f"{text!r} is not a suit")

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


#: The four suits in display order (iterating a tuple is cheaper than iterating the enum).
SUITS: tuple[Suit, ...] = tuple(Suit)

_SUIT_INDEX = {suit: number for number, suit in enumerate(SUITS)}

_SUIT_ENGLISH = {
    Suit.DENARI: "coins",
    Suit.COPPE: "cups",
    Suit.BASTONI: "clubs",
    Suit.SPADE: "swords",
}

#: Italian and English names of each value; 8, 9 and 10 are the face cards.
RANK_NAMES: dict[int, tuple[str, str]] = {
    1: ("asso", "ace"),
    2: ("due", "two"),
    3: ("tre", "three"),
    4: ("quattro", "four"),
    5: ("cinque", "five"),
    6: ("sei", "six"),
    7: ("sette", "seven"),
    8: ("fante", "jack"),
    9: ("cavallo", "knight"),
    10: ("re", "king"),
}

# --------------------------------------------------------------------------- masks

#: The empty set of cards.
BB_EMPTY = 0
#: One suit's slice, unshifted: ten bits, asso the lowest.
BB_SUIT = (1 << CARDS_PER_SUIT) - 1
#: The whole deck.
BB_ALL = (1 << DECK_SIZE) - 1
#: The mask of each suit, in display order.
BB_SUITS: tuple[int, ...] = tuple(BB_SUIT << (CARDS_PER_SUIT * i) for i in range(len(SUITS)))
BB_DENARI, BB_COPPE, BB_BASTONI, BB_SPADE = BB_SUITS
#: The mask of each card, by index.
BB_CARDS: tuple[int, ...] = tuple(1 << index for index in range(DECK_SIZE))
#: The settebello (7 of denari) and the re bello (re of denari).
BB_SETTEBELLO = BB_CARDS[6]
BB_RE_BELLO = BB_CARDS[9]


def popcount(mask: int) -> int:
    """How many cards ``mask`` holds."""
    return mask.bit_count()


def scan_forward(mask: int) -> Iterator[int]:
    """The index of every card in ``mask``, lowest (deck order) first."""
    while mask:
        lowest = mask & -mask
        yield lowest.bit_length() - 1
        mask ^= lowest


# --------------------------------------------------------------------------- cards

_NOTATION = re.compile(r"\s*(10|[1-9])\s*([DCBS])\s*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its capture value (asso 1 .. re 10) and its suit.

    ``index`` (its place in :data:`DECK`), ``bit`` (``1 << index``) and ``code``
    (its notation) are worked out once, when the card is made.
    """

    value: int
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    bit: int = field(init=False, repr=False, compare=False)
    code: str = field(init=False, repr=False, compare=False)

    SETTEBELLO: ClassVar[Card]
    RE_BELLO: ClassVar[Card]

    def __post_init__(self) -> None:
        if not isinstance(self.value, int) or not 1 <= self.value <= CARDS_PER_SUIT:
            raise CardError(f"{self.value}{self.suit.value}")
        index = _SUIT_INDEX[self.suit] * CARDS_PER_SUIT + self.value - 1
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)
        object.__setattr__(self, "code", f"{self.value}{self.suit.value}")

    def __hash__(self) -> int:
        """Equal cards hash equal: the hash is the card's index."""
        return self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse the notation (``"7D"``, ``"10s"``, ``" 1 b "``).

        Raises :class:`CardError` quoting ``text`` when it is not one of the
        40 cards.
        """
        if not isinstance(text, str):
            raise CardError(repr(text))
        found = CARDS_BY_TEXT.get(text)
        if found is not None:
            return found
        match = _NOTATION.fullmatch(text)
        if match is None:
            raise CardError(text)
        return CARDS_BY_TEXT[match.group(1) + match.group(2).upper()]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` (0..39) in :data:`DECK`."""
        return DECK[index]

    @property
    def is_denaro(self) -> bool:
        """Whether the card is of the denari suit."""
        return self.index < CARDS_PER_SUIT

    @property
    def italian(self) -> str:
        """The card's Italian name: ``"sette di denari"``."""
        return f"{RANK_NAMES[self.value][0]} di {self.suit.italian}"

    @property
    def english(self) -> str:
        """The card's English name, keeping the Italian suit: ``"seven of denari"``."""
        return f"{RANK_NAMES[self.value][1]} of {self.suit.italian}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


#: The whole deck in display order: by suit (denari, coppe, bastoni, spade), asso to re.
#: ``DECK[i]`` is the card with index ``i``.
DECK: tuple[Card, ...] = tuple(
    Card(value, suit) for suit in SUITS for value in range(1, CARDS_PER_SUIT + 1)
)

#: Each card by its code, in upper and in lower case (``"7D"``, ``"7d"``): the one lookup
#: that reads the usual input; anything else goes through :meth:`Card.parse`.
CARDS_BY_TEXT: dict[str, Card] = {card.code: card for card in DECK} | {
    card.code.lower(): card for card in DECK
}

Card.SETTEBELLO = CARDS_BY_TEXT["7D"]
Card.RE_BELLO = CARDS_BY_TEXT["10D"]


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse many cards; the first bad one raises :class:`CardError`."""
    return [Card.parse(text) for text in texts]


def deck_index(card: Card) -> int:
    """Position of ``card`` in :data:`DECK` (for sorting in display order)."""
    return card.index


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in deck order, as the app shows them."""
    return tuple(sorted(cards, key=deck_index))


def format_cards(cards: Iterable[Card]) -> list[str]:
    """The cards in notation, in deck order."""
    return [card.code for card in sorted_cards(cards)]


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of ``cards`` (a card given twice is simply in it)."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask``, in deck order."""
    return tuple(DECK[index] for index in scan_forward(mask))


def rest_of_deck(piles: Iterable[Iterable[Card]]) -> tuple[Card, ...]:
    """The cards none of ``piles`` holds, in deck order: what the last side took.

    A hand is often entered by naming every side's cards but the last one's,
    which gets "all the remaining cards".
    """
    taken = 0
    for pile in piles:
        taken |= mask_of(pile)
    return cards_of(BB_ALL & ~taken)


def with_rest(piles: Iterable[Iterable[Card]]) -> list[tuple[Card, ...]]:
    """``piles`` followed by one more pile holding the rest of the deck (:func:`rest_of_deck`)."""
    given = [tuple(pile) for pile in piles]
    return [*given, rest_of_deck(given)]
