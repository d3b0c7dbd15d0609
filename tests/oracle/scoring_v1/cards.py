# The frozen oracle: scorekeeper.scoring as it was at e3fa983, copied verbatim (only this
# header is new) for tests/oracle/test_differential.py. Never edit it, never import it from
# the app: the engine is checked against it, hand by hand.
"""The 40-card Italian deck and the card notation used everywhere.

A card is written as its capture value ``1``..``10`` followed by the suit
letter: ``7D`` is the settebello, ``10D`` the re bello, ``1S`` the asso di
spade. Input is case-insensitive and may carry surrounding spaces; output is
always upper case (RULES.md section 1).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from .errors import CardError


class Suit(enum.Enum):
    """The four suits, in the order the app always shows them."""

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


#: Position of each suit in display order (for :meth:`Card.__hash__`).
_SUIT_NUMBER = {suit: number for number, suit in enumerate(Suit)}

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

_NOTATION = re.compile(r"\s*(10|[1-9])\s*([DCBS])\s*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its capture value (asso 1 .. re 10) and its suit."""

    value: int
    suit: Suit

    SETTEBELLO: ClassVar[Card]
    RE_BELLO: ClassVar[Card]

    def __hash__(self) -> int:
        """Equal cards hash equal; cheaper than the generated tuple hash (sets of cards)."""
        return self.value * 8 + _SUIT_NUMBER[self.suit]

    def __post_init__(self) -> None:
        if not isinstance(self.value, int) or not 1 <= self.value <= 10:
            raise CardError(f"{self.value}{self.suit.value}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse the notation (``"7D"``, ``"10s"``, ``" 1 b "``).

        Raises :class:`CardError` quoting ``text`` when it is not one of the
        40 cards.
        """
        if not isinstance(text, str):
            raise CardError(repr(text))
        found = _CARDS_BY_TEXT.get(text.upper())
        if found is not None:
            return found
        match = _NOTATION.fullmatch(text)
        if match is None:
            raise CardError(text)
        return _CARDS_BY_TEXT[match.group(1) + match.group(2).upper()]

    @property
    def code(self) -> str:
        """The card in the notation, upper case: ``"7D"``."""
        return f"{self.value}{self.suit.value}"

    @property
    def is_denaro(self) -> bool:
        """Whether the card is of the denari suit."""
        return self.suit is Suit.DENARI

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
DECK: tuple[Card, ...] = tuple(Card(value, suit) for suit in Suit for value in range(1, 11))

_CARDS_BY_TEXT: dict[str, Card] = {card.code: card for card in DECK}

Card.SETTEBELLO = _CARDS_BY_TEXT["7D"]
Card.RE_BELLO = _CARDS_BY_TEXT["10D"]


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse many cards; the first bad one raises :class:`CardError`."""
    return [Card.parse(text) for text in texts]


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in deck order, as the app shows them."""
    return tuple(sorted(cards, key=deck_index))


def format_cards(cards: Iterable[Card]) -> list[str]:
    """The cards in notation, in deck order."""
    return [card.code for card in sorted_cards(cards)]


def deck_index(card: Card) -> int:
    """Position of ``card`` in :data:`DECK` (for sorting in display order)."""
    return _DECK_INDEX[card]


_DECK_INDEX: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
