"""Primiera (RULES.md section 3).

Each side shows its single best card in each suit by the primiera table and
adds the four values. A side lacking a suit has no primiera; a complete
primiera beats an incomplete one whatever the sums; a tie at the top scores
nobody.

The one copy of the table is :data:`PRIMIERA_VALUES`. From it two small tables
give, for every one of the 1,024 possible 10-bit suit slices of a mask (see
:mod:`.cards`), the bit of the slice's best card and that card's value, so the
primiera of any set of cards is four look-ups.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeAlias

from .cards import BB_SUIT, CARDS_PER_SUIT, DECK, SUITS, Card, Suit, mask_of, scan_forward

#: Primiera value of each capture value: 7 = 21, 6 = 18, asso = 16, 5 = 15,
#: 4 = 14, 3 = 13, 2 = 12, fante, cavallo and re = 10. The one copy of the table.
PRIMIERA_VALUES: Mapping[int, int] = MappingProxyType(
    {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}
)

#: The highest possible primiera: four sevens.
PRIMIERA_MAX = 4 * PRIMIERA_VALUES[7]

#: Added for a suit with no card, so that the sum of four look-ups is negative exactly
#: when a suit is missing (the highest sum of three suits is 63).
_MISSING_SUIT = -256


def _strength(value: int) -> int:
    """Which card counts in a suit: the higher primiera value wins, and among face
    cards of equal value the lowest (fante before re), so the result is stable."""
    return PRIMIERA_VALUES[value] * 16 - value


def _best_value(slice_: int) -> int:
    """The capture value of the best card of a 10-bit suit slice (0 when it is empty)."""
    values = [value for value in range(1, CARDS_PER_SUIT + 1) if slice_ >> (value - 1) & 1]
    return max(values, key=_strength) if values else 0


_SLICE_BEST_VALUE = tuple(_best_value(slice_) for slice_ in range(BB_SUIT + 1))

#: For each suit slice: the bit (within the slice) of the card that counts, 0 when empty.
SLICE_BEST: tuple[int, ...] = tuple(1 << (v - 1) if v else 0 for v in _SLICE_BEST_VALUE)

#: For each suit slice: the primiera value of the card that counts, ``-256`` when empty.
SLICE_PRIMIERA: tuple[int, ...] = tuple(
    PRIMIERA_VALUES[v] if v else _MISSING_SUIT for v in _SLICE_BEST_VALUE
)


#: For each suit, in display order: the code of the card that counts in each slice (``""``: none).
_SLICE_BEST_CODES: tuple[tuple[str, ...], ...] = tuple(
    tuple(
        DECK[s * CARDS_PER_SUIT + best.bit_length() - 1].code if best else "" for best in SLICE_BEST
    )
    for s in range(len(SUITS))
)
_DENARI_BEST_CODES, _COPPE_BEST_CODES, _BASTONI_BEST_CODES, _SPADE_BEST_CODES = _SLICE_BEST_CODES


def primiera_value(card: Card) -> int:
    """The primiera value of one card."""
    return PRIMIERA_VALUES[card.value]


def primiera_total(mask: int) -> int | None:
    """The primiera of the cards of ``mask``, or ``None`` when a suit is missing.

    The sum of each suit's slice (``CARDS_PER_SUIT`` bits: denari lowest, spade
    from bit 30) looked up in :data:`SLICE_PRIMIERA`; a missing suit makes it negative.
    """
    total = (
        SLICE_PRIMIERA[mask & BB_SUIT]
        + SLICE_PRIMIERA[mask >> 10 & BB_SUIT]
        + SLICE_PRIMIERA[mask >> 20 & BB_SUIT]
        + SLICE_PRIMIERA[mask >> 30 & BB_SUIT]
    )
    return total if total >= 0 else None


def best_mask(mask: int) -> int:
    """The mask of the card that counts in each suit of ``mask`` (at most four cards),
    each suit's slice looked up in :data:`SLICE_BEST`."""
    return (
        SLICE_BEST[mask & BB_SUIT]
        | SLICE_BEST[mask >> 10 & BB_SUIT] << 10
        | SLICE_BEST[mask >> 20 & BB_SUIT] << 20
        | SLICE_BEST[mask >> 30 & BB_SUIT] << 30
    )


def best_codes(mask: int) -> dict[str, str]:
    """The code of the card that counts in each suit of ``mask``, by suit letter, in
    display order: ``{"D": "7D", "C": "6C"}`` (the JSON form of :attr:`Primiera.best`)."""
    denaro = _DENARI_BEST_CODES[mask & BB_SUIT]
    coppa = _COPPE_BEST_CODES[mask >> 10 & BB_SUIT]
    bastone = _BASTONI_BEST_CODES[mask >> 20 & BB_SUIT]
    spada = _SPADE_BEST_CODES[mask >> 30 & BB_SUIT]
    # Keyed by the suit letters of the notation (Suit.letter), in display order.
    if denaro and coppa and bastone and spada:  # the usual pile: one of each suit
        return {"D": denaro, "C": coppa, "B": bastone, "S": spada}
    best = {"D": denaro, "C": coppa, "B": bastone, "S": spada}
    return {letter: code for letter, code in best.items() if code}


@dataclass(frozen=True, slots=True)
class Primiera:
    """The primiera of one set of cards.

    ``mask`` holds the card that counts in each suit the cards have (the first
    in deck order among equals, e.g. the fante before the re); :attr:`best` is
    the same as a mapping from suit to card, :attr:`total` the sum of their
    values, or ``None`` when a suit is missing.
    """

    mask: int

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Primiera:
        """The primiera of any set of cards, a whole pile or just a few."""
        return cls(best_mask(mask_of(cards)))

    @classmethod
    def of_mask(cls, mask: int) -> Primiera:
        """The primiera of the cards of ``mask``."""
        return cls(best_mask(mask))

    @property
    def best(self) -> Mapping[Suit, Card]:
        """The card that counts in each suit present, in display order."""
        return MappingProxyType({DECK[i].suit: DECK[i] for i in scan_forward(self.mask)})

    @property
    def complete(self) -> bool:
        """Whether every suit is present, which a primiera needs to count."""
        return self.mask.bit_count() == len(SUITS)

    @property
    def missing(self) -> tuple[Suit, ...]:
        """The suits with no card, in display order."""
        return tuple(suit for suit in SUITS if not self.mask & suit.mask)

    @property
    def values(self) -> Mapping[Suit, int]:
        """The primiera value of the best card in each suit present."""
        return {suit: primiera_value(card) for suit, card in self.best.items()}

    @property
    def partial_sum(self) -> int:
        """The sum of the suits present, also for an incomplete primiera."""
        return sum(PRIMIERA_VALUES[DECK[i].value] for i in scan_forward(self.mask))

    @property
    def total(self) -> int | None:
        """The primiera, or ``None`` when a suit is missing (no primiera)."""
        return primiera_total(self.mask)

    def __repr__(self) -> str:
        cards = ", ".join(repr(DECK[i]) for i in scan_forward(self.mask))
        return f"Primiera.of([{cards}])"


class PrimieraReason(enum.StrEnum):
    """Why the primiera point went where it did (:attr:`PrimieraContest.reason`)."""

    #: The strictly highest complete primiera.
    WON = "won"
    #: Complete primiere level at the top: nobody.
    TIE = "tie"
    #: No side holds all four suits: nobody.
    NOBODY_COMPLETE = "nobody_complete"


# Members read once: reading an enum member off its class is slow (Python 3.11).
_WON, _TIE, _NOBODY_COMPLETE = (
    PrimieraReason.WON,
    PrimieraReason.TIE,
    PrimieraReason.NOBODY_COMPLETE,
)


@dataclass(frozen=True, slots=True)
class PrimieraContest:
    """Who takes the primiera point among several sides, and why.

    ``winner`` is the index of the winning side or ``None``; ``reason`` says
    why (:class:`PrimieraReason`); ``margin`` is how much the winner is ahead
    of the best other complete primiera (``None`` when no other side is
    complete, ``0`` for a tie).
    """

    primiere: tuple[Primiera, ...]
    winner: int | None
    reason: PrimieraReason
    margin: int | None


#: What :func:`contest_totals` returns: the winner, the reason and the margin.
ContestTotals: TypeAlias = tuple[int | None, PrimieraReason, int | None]


def contest(primiere: Sequence[Primiera]) -> PrimieraContest:
    """Decide the primiera point: the strictly highest complete primiera wins."""
    winner, reason, margin = contest_totals([p.total for p in primiere])
    return PrimieraContest(tuple(primiere), winner, reason, margin)


def contest_totals(
    totals: Sequence[int | None],
) -> ContestTotals:
    """:func:`contest` on the sides' primiera totals (``None``: incomplete).

    Returns the winner, the reason and the margin.
    """
    if len(totals) != 2:
        return _contest_many(totals)
    # The usual table, decided here without a loop or a call (scoring's hot path).
    a, b = totals
    if a is None or b is None:
        if a is not None:
            return 0, _WON, None
        if b is not None:
            return 1, _WON, None
        return None, _NOBODY_COMPLETE, None
    if a > b:
        return 0, _WON, a - b
    if b > a:
        return 1, _WON, b - a
    return None, _TIE, 0


def _contest_many(totals: Sequence[int | None]) -> ContestTotals:
    """:func:`contest_totals` for any number of sides: one pass for the top two totals."""
    top = runner_up = -1
    winner = None
    for i, total in enumerate(totals):
        if total is None:
            continue
        if total > top:
            top, runner_up, winner = total, top, i
        elif total > runner_up:
            runner_up = total
    if winner is None:
        return None, _NOBODY_COMPLETE, None
    if top == runner_up:
        return None, _TIE, 0
    return winner, _WON, (top - runner_up if runner_up >= 0 else None)
