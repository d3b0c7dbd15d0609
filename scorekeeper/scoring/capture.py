"""What a played card may take from the table (the capture checker's rules).

The rules as the seeds state them:

- A card equal in value to the played card must be taken before any sum. When
  several table cards are equal to it, the player takes any one of them (each
  alone is a legal capture).
- Otherwise the played card takes any set of two or more table cards whose
  values add up to its own. Which sum a player may choose when there are several
  is a setting (:class:`~.rules.SumChoice`): any of them (``FREE``, seed 001) or
  only those with the fewest cards (``FEWEST``, seed 000).
- If a capture is possible the player must capture; if none is, the played card
  stays on the table.
- A capture that takes the whole table is a scopa, except on the very last play
  of the hand (RULES.md section 2).
- With asso pigliatutto (Scopa d'assi, RULES.md section 8) an asso played takes
  every card on the table; that sweep is a scopa only as a house choice
  (:class:`~.rulesets.AssoSweep`), and an asso played on a table holding an asso
  takes only that asso (an equal card first, a scopa if it is alone there) or, as
  a house choice, everything (:class:`~.rulesets.AssoOnAsso`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, deck_index
from .errors import ErrorCode, InputError, InvalidHand
from .rules import SumChoice
from .rulesets import AssoOnAsso, AssoSweep, Pigliatutto


class InvalidPlay(InvalidHand):
    """A table and played card that cannot happen (a card twice, the played card on the table).

    Carries :class:`~.errors.InputError` items like :class:`~.errors.InvalidHand`;
    their fields are ``"table[3]"`` or ``"played"``.
    """


class CaptureRule(enum.StrEnum):
    """Which rule of the seeds gave the captures of a played card (:attr:`CaptureOptions.rule`)."""

    #: A table card equal to the played one must be taken (one of them, if several).
    EQUAL = "equal"
    #: Sums of two or more table cards adding up to the played card.
    SUM = "sum"
    #: Nothing can be taken: the played card stays on the table.
    NONE = "none"
    #: Asso pigliatutto: the asso played takes every card on the table.
    ASSO = "asso"


@dataclass(frozen=True, slots=True)
class Capture:
    """One legal capture: the table cards ``taken`` (lowest value first) by the ``played`` card.

    ``sweep`` says it takes every card on the table; ``scopa`` says that sweep
    scores a scopa, which it does except on the last play of the hand.
    """

    played: Card
    taken: tuple[Card, ...]
    sweep: bool
    scopa: bool

    @property
    def by_equal(self) -> bool:
        """Whether this is the taking of one card equal to the played card."""
        return len(self.taken) == 1


@dataclass(frozen=True, slots=True)
class CaptureOptions:
    """Every legal capture for one played card on one table, and the rule that gave them.

    ``rule`` is :attr:`CaptureRule.EQUAL` (a card equal to the played one must
    be taken), :attr:`~CaptureRule.SUM` (sums of two or more cards) or
    :attr:`~CaptureRule.NONE` (nothing can be taken: the card stays on the
    table). ``captures`` lists the choices, fewest cards
    first, then by value; ``table`` is in deck order.
    """

    table: tuple[Card, ...]
    played: Card
    sum_choice: SumChoice
    last_play: bool
    rule: CaptureRule
    captures: tuple[Capture, ...]

    @property
    def must_capture(self) -> bool:
        """Whether the player is obliged to capture (some capture is possible)."""
        return bool(self.captures)

    @property
    def stays_on_table(self) -> bool:
        """Whether the played card is simply left on the table."""
        return not self.captures

    @property
    def any_sweep(self) -> bool:
        """Whether one of the choices takes the whole table."""
        return any(capture.sweep for capture in self.captures)


def validate_play(table: Sequence[Card], played: Card) -> None:
    """Raise :class:`InvalidPlay` when a table card repeats or the played card is on the table."""
    errors: list[InputError] = []
    seen = 0
    for i, card in enumerate(table):
        if seen & card.bit:
            errors.append(InputError(ErrorCode.DUPLICATE_CARD, f"table[{i}]", {"card": card.code}))
        elif card == played:
            errors.append(InputError(ErrorCode.PLAYED_ON_TABLE, f"table[{i}]", {"card": card.code}))
        seen |= card.bit
    if errors:
        raise InvalidPlay(errors)


def captures(
    table: Iterable[Card],
    played: Card,
    sum_choice: SumChoice = SumChoice.FREE,
    *,
    last_play: bool = False,
    pigliatutto: Pigliatutto | None = None,
) -> CaptureOptions:
    """Every legal capture of ``played`` from ``table``.

    With an equal card on the table, each such card alone is the only choice;
    otherwise every set of two or more cards adding up to the played card's value
    (only the smallest such sets with ``SumChoice.FEWEST``). ``last_play`` marks
    the last play of the hand, where taking the whole table is not a scopa.
    ``pigliatutto`` (a rule set's :attr:`~.rules.Rules.pigliatutto`) lets an asso take
    the whole table, with its house choices. Raises :class:`InvalidPlay` for an
    impossible table (see :func:`validate_play`).
    """
    given = tuple(table)
    validate_play(given, played)
    cards = tuple(sorted(given, key=_by_value))
    equal = [card for card in cards if card.value == played.value]
    chosen: list[tuple[Card, ...]]
    scopa = True  # whether a sweep of this capture is a scopa (but on the last play)
    if (
        pigliatutto is not None
        and played.value == 1
        and cards
        and (not equal or pigliatutto.on_asso is AssoOnAsso.TAKES_ALL)
    ):
        rule, chosen = CaptureRule.ASSO, [cards]
        scopa = pigliatutto.sweep is AssoSweep.SCOPA
    elif equal:
        rule, chosen = CaptureRule.EQUAL, [(card,) for card in equal]
    else:
        chosen = _sums(cards, played.value)
        if sum_choice is SumChoice.FEWEST and chosen:
            fewest = min(len(taken) for taken in chosen)
            chosen = [taken for taken in chosen if len(taken) == fewest]
        rule = CaptureRule.SUM if chosen else CaptureRule.NONE
    chosen.sort(key=lambda taken: (len(taken), [_by_value(card) for card in taken]))
    return CaptureOptions(
        table=tuple(sorted(given, key=deck_index)),
        played=played,
        sum_choice=sum_choice,
        last_play=last_play,
        rule=rule,
        captures=tuple(
            _capture(played, taken, len(cards), last_play or not scopa) for taken in chosen
        ),
    )


def _by_value(card: Card) -> tuple[int, int]:
    """Lowest value first, then deck order: how a sum is read out, "asso + 3 + 5"."""
    return card.value, card.index


def _capture(played: Card, taken: tuple[Card, ...], on_table: int, no_scopa: bool) -> Capture:
    """The capture of ``taken``: a sweep if it takes all ``on_table`` cards, a scopa unless
    ``no_scopa`` (the last play, or an asso's sweep that the house does not count)."""
    sweep = len(taken) == on_table
    return Capture(played=played, taken=taken, sweep=sweep, scopa=sweep and not no_scopa)


def _sums(cards: Sequence[Card], target: int) -> list[tuple[Card, ...]]:
    """Every set of two or more of ``cards`` whose values add up to ``target``."""
    found: list[tuple[Card, ...]] = []

    def extend(start: int, chosen: tuple[Card, ...], left: int) -> None:
        """Add ``chosen`` plus cards from ``start`` on that make up ``left`` more."""
        if left == 0:
            if len(chosen) >= 2:
                found.append(chosen)
            return
        for i in range(start, len(cards)):
            if cards[i].value <= left:
                extend(i + 1, (*chosen, cards[i]), left - cards[i].value)

    extend(0, (), target)
    return found
