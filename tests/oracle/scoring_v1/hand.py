# The frozen oracle: scorekeeper.scoring as it was at e3fa983, copied verbatim (only this
# header is new) for tests/oracle/test_differential.py. Never edit it, never import it from
# the app: the engine is checked against it, hand by hand.
"""Scoring one hand (smazzata), entered as cards or as counts (RULES.md 2, 4, 6).

Both ways end in the same :class:`HandScore`: the points of every category for
every side, and an :class:`Award` per category that explains who took it and
why (or why nobody did). Every category but scope goes to the single strict
leader; a tie at the top gives nobody the point.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import DECK, Card, Suit
from .errors import CardError, InputError, InvalidHand
from .primiera import Primiera, contest
from .rules import Rules

DENARI_IN_DECK = 10
NAPOLA_MIN = 3


class Category(enum.Enum):
    """The categories counted at the end of a hand, in the order they are shown."""

    SCOPE = "scope"
    CARTE = "carte"
    DENARI = "denari"
    SETTEBELLO = "settebello"
    PRIMIERA = "primiera"
    RE_BELLO = "re_bello"
    NAPOLA = "napola"

    # Members are singletons: identity hashing is correct and cheaper than Enum's.
    __hash__ = object.__hash__


@dataclass(frozen=True, slots=True)
class SideCards:
    """What one side captured, card by card, and the scope it made."""

    cards: tuple[Card, ...]
    scope: int = 0


@dataclass(frozen=True, slots=True)
class SideCounts:
    """What one side captured, as counts.

    ``primiera_cards`` is the side's best card in each suit when the players
    tap them in to let the app decide the primiera; ``None`` when the table
    simply says who took it.
    """

    cards: int
    denari: int
    settebello: bool = False
    re_bello: bool = False
    napola_run: int = 0
    scope: int = 0
    primiera_cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class Award:
    """Who took one category, and why.

    ``winner`` is a side index or ``None``. ``reason`` is one of
    ``"most"`` (strict leader), ``"tie"`` (level at the top), ``"holder"``
    (settebello, re bello), ``"run"`` (napola), ``"none"`` (nobody qualifies),
    ``"off"`` (the setting is off), ``"count"`` (scope, scored by every side),
    for primiera also ``"nobody_complete"`` and ``"declared"`` (counts entered
    with who took it). ``margin`` is the lead over the runner-up, when known.
    """

    category: Category
    winner: int | None
    reason: str
    margin: int | None = None


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's points in a hand with the facts that explain them.

    ``primiera`` is ``None`` only when counts were entered with who took the
    primiera rather than the cards that make it.
    """

    points: Mapping[Category, int]
    cards: int
    denari: int
    settebello: bool
    re_bello: bool
    napola_run: int
    scope: int
    primiera: Primiera | None

    @property
    def total(self) -> int:
        """All the side's points in the hand."""
        return sum(self.points.values())


@dataclass(frozen=True, slots=True)
class HandScore:
    """The count of one hand: per side results and one award per category.

    ``napoleone`` is the side that took all ten denari when the napoleone
    variant is on (it wins the game at once), else ``None``.
    """

    rules: Rules
    sides: tuple[SideResult, ...]
    awards: Mapping[Category, Award]
    napoleone: int | None = None
    by_cards: bool = field(default=False)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's points in this hand."""
        return tuple(side.total for side in self.sides)


# --------------------------------------------------------------------------- input


def parse_hand_cards(sides: Sequence[Sequence[object]]) -> list[tuple[Card, ...]]:
    """Parse each side's card texts, collecting every unknown or repeated card.

    Errors name the exact place, ``sides[1].cards[4]``; a repeated card is
    reported where it appears the second time.
    """
    errors: list[InputError] = []
    parsed: list[tuple[Card, ...]] = []
    seen: dict[Card, str] = {}
    for i, texts in enumerate(sides):
        cards: list[Card] = []
        for j, text in enumerate(texts):
            where = f"sides[{i}].cards[{j}]"
            try:
                card = Card.parse(text) if isinstance(text, str) else None
            except CardError:
                card = None
            if card is None:
                errors.append(InputError("not_a_card", where, {"text": str(text)}))
                continue
            if card in seen:
                errors.append(InputError("duplicate_card", where, {"card": card.code}))
                continue
            seen[card] = where
            cards.append(card)
        parsed.append(tuple(cards))
    if errors:
        raise InvalidHand(errors)
    return parsed


def _check_sides(rules: Rules, count: int) -> None:
    if count != rules.sides:
        raise InvalidHand(
            [InputError("sides_mismatch", "sides", {"expected": rules.sides, "count": count})]
        )


def _check_scope(rules: Rules, i: int, scope: object, cards: int) -> list[InputError]:
    if not isinstance(scope, int) or isinstance(scope, bool):
        return [InputError("not_whole_number", f"sides[{i}].scope", {"text": str(scope)})]
    # One scopa per card played at most, and each sweep takes at least two cards.
    maximum = min(rules.format.cards_played_per_side, cards // 2)
    if 0 <= scope <= maximum:  # the usual case: no error, no field path to format
        return []
    where = f"sides[{i}].scope"
    if scope < 0:
        return [InputError("negative", where)]
    return [InputError("scope_too_many", where, {"maximum": maximum})]


def validate_cards(rules: Rules, sides: Sequence[SideCards]) -> None:
    """Raise :class:`InvalidHand` unless every card belongs to exactly one side."""
    _check_sides(rules, len(sides))
    errors: list[InputError] = []
    entered = [card for side in sides for card in side.cards]
    seen = set(entered)
    if len(seen) != len(entered):  # rare: only then look for where each repeat is
        errors += _repeated_cards(sides)
    for i, side in enumerate(sides):
        errors += _check_scope(rules, i, side.scope, len(side.cards))
    if len(seen) != len(DECK):
        missing = [card for card in DECK if card not in seen]
        codes = ", ".join(card.code for card in missing)
        errors.append(InputError("missing_cards", "sides", {"count": len(missing), "cards": codes}))
    if errors:
        raise InvalidHand(errors)


def _repeated_cards(sides: Sequence[SideCards]) -> list[InputError]:
    """A ``duplicate_card`` error at every place a card appears after its first."""
    errors = []
    seen: set[Card] = set()
    for i, side in enumerate(sides):
        for j, card in enumerate(side.cards):
            if card in seen:
                where = f"sides[{i}].cards[{j}]"
                errors.append(InputError("duplicate_card", where, {"card": card.code}))
            seen.add(card)
    return errors


def validate_counts(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None = None
) -> None:
    """Raise :class:`InvalidHand` with every failed check of RULES.md section 6."""
    _check_sides(rules, len(sides))
    errors: list[InputError] = []
    numbers_ok = True
    for i, side in enumerate(sides):
        for name, top, code in (("cards", 40, "cards_range"), ("denari", 10, "denari_range")):
            value = getattr(side, name)
            where = f"sides[{i}].{name}"
            if not isinstance(value, int) or isinstance(value, bool):
                errors.append(InputError("not_whole_number", where, {"text": str(value)}))
                numbers_ok = False
            elif not 0 <= value <= top:
                errors.append(InputError(code, where))
                numbers_ok = False
    if not numbers_ok:
        raise InvalidHand(errors)

    total_cards = sum(side.cards for side in sides)
    if total_cards != 40:
        errors.append(InputError("cards_total", "cards", {"total": total_cards}))
    total_denari = sum(side.denari for side in sides)
    if total_denari != DENARI_IN_DECK:
        errors.append(InputError("denari_total", "denari", {"total": total_denari}))
    for i, side in enumerate(sides):
        if side.denari > side.cards:
            errors.append(
                InputError(
                    "denari_exceed_cards",
                    f"sides[{i}].denari",
                    {"denari": side.denari, "cards": side.cards},
                )
            )
        errors += _check_scope(rules, i, side.scope, side.cards)

    holders = [i for i, side in enumerate(sides) if side.settebello]
    if len(holders) != 1:
        errors.append(InputError("settebello_count", "settebello", {"count": len(holders)}))
    elif sides[holders[0]].denari < 1:
        errors.append(InputError("settebello_without_denari", f"sides[{holders[0]}].settebello"))

    errors += _check_re_bello(rules, sides)
    errors += _check_napola(rules, sides)
    errors += _check_primiera_entry(sides, primiera_winner)
    if errors:
        raise InvalidHand(errors)


def _check_re_bello(rules: Rules, sides: Sequence[SideCounts]) -> list[InputError]:
    holders = [i for i, side in enumerate(sides) if side.re_bello]
    if not rules.re_bello:
        return [InputError("re_bello_off", f"sides[{i}].re_bello") for i in holders]
    if len(holders) != 1:
        return [InputError("re_bello_count", "re_bello", {"count": len(holders)})]
    holder = sides[holders[0]]
    minimum = 2 if holder.settebello else 1
    if holder.denari < minimum:
        return [
            InputError(
                "re_bello_without_denari", f"sides[{holders[0]}].re_bello", {"minimum": minimum}
            )
        ]
    return []


def _check_napola(rules: Rules, sides: Sequence[SideCounts]) -> list[InputError]:
    errors: list[InputError] = []
    scorers = []
    for i, side in enumerate(sides):
        run, where = side.napola_run, f"sides[{i}].napola_run"
        if not isinstance(run, int) or isinstance(run, bool):
            errors.append(InputError("not_whole_number", where, {"text": str(run)}))
            continue
        if run == 0:
            continue
        if not rules.napola:
            errors.append(InputError("napola_off", where))
            continue
        scorers.append(i)
        if not NAPOLA_MIN <= run <= DENARI_IN_DECK:
            errors.append(InputError("napola_range", where, {"run": run}))
        elif run > side.denari:
            errors.append(InputError("napola_exceeds_denari", where, {"run": run}))
        elif run >= Card.SETTEBELLO.value and not side.settebello:
            errors.append(InputError("napola_needs_settebello", where, {"run": run}))
        elif run == DENARI_IN_DECK and rules.re_bello and not side.re_bello:
            errors.append(InputError("napola_needs_re_bello", where, {"run": run}))
    if len(scorers) > 1:
        errors.append(InputError("napola_sides", "napola"))
    return errors


def _check_primiera_entry(
    sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    if not any(side.primiera_cards is not None for side in sides):
        if primiera_winner is not None and primiera_winner not in range(len(sides)):
            return [InputError("primiera_winner", "primiera")]
        return []
    errors: list[InputError] = []
    owner: dict[Card, int] = {}
    for i, side in enumerate(sides):
        where = f"sides[{i}].primiera_cards"
        by_suit: dict[Suit, list[Card]] = {}
        for card in side.primiera_cards or ():
            by_suit.setdefault(card.suit, []).append(card)
            if card in owner:
                errors.append(InputError("primiera_card_twice", where, {"card": card.code}))
            owner[card] = i
        for suit, cards in by_suit.items():
            if len(cards) > 1:
                codes = ", ".join(c.code for c in cards)
                errors.append(
                    InputError("primiera_suit_twice", where, {"suit": suit.italian, "cards": codes})
                )
        denaro = by_suit.get(Suit.DENARI, [None])[0]
        if denaro is not None and side.denari == 0:
            errors.append(InputError("primiera_no_denari", where, {"card": denaro.code}))
        if side.settebello and side.primiera_cards is not None and denaro != Card.SETTEBELLO:
            errors.append(InputError("primiera_settebello", where))
        if not side.settebello and denaro == Card.SETTEBELLO:
            errors.append(InputError("primiera_not_settebello", where))
    return errors


# --------------------------------------------------------------------------- scoring


def score_cards(rules: Rules, sides: Sequence[SideCards]) -> HandScore:
    """Score a hand entered card by card (the exact way).

    Raises :class:`InvalidHand` unless the sides hold the 40 cards exactly once
    and every scope count is possible.
    """
    validate_cards(rules, sides)
    counts = []
    denaro = Suit.DENARI  # read once: an Enum member read off its class is slow (Python 3.11)
    for side in sides:
        denari = {card.value for card in side.cards if card.suit is denaro}
        counts.append(
            SideCounts(
                cards=len(side.cards),
                denari=len(denari),
                settebello=Card.SETTEBELLO.value in denari,
                re_bello=rules.re_bello and Card.RE_BELLO.value in denari,
                napola_run=_napola_run(denari) if rules.napola else 0,
                scope=side.scope,
            )
        )
    primiere = [Primiera.of(side.cards) for side in sides]
    return _score(rules, counts, primiere, None, by_cards=True)


def score_counts(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None = None
) -> HandScore:
    """Score a hand entered as counts (the fast way).

    When any side carries ``primiera_cards``, the primiera is computed from
    those best cards (a side without them has no primiera); otherwise
    ``primiera_winner`` says who took it, ``None`` meaning nobody.
    Raises :class:`InvalidHand` with every failed check.
    """
    validate_counts(rules, sides, primiera_winner)
    if any(side.primiera_cards is not None for side in sides):
        primiere = [Primiera.of(side.primiera_cards or ()) for side in sides]
        return _score(rules, sides, primiere, None)
    return _score(rules, sides, None, primiera_winner)


def _napola_run(denari_values: set[int]) -> int:
    run = 0
    while run + 1 in denari_values:
        run += 1
    return run if run >= NAPOLA_MIN else 0


@functools.cache
def _award(category: Category, winner: int | None, reason: str, margin: int | None) -> Award:
    """The award, built once and shared: awards are frozen and there are a few thousand at most."""
    return Award(category, winner, reason, margin)


def _strict_leader(category: Category, values: Sequence[int]) -> Award:
    top, runner_up = sorted(values, reverse=True)[:2]
    if top == runner_up:
        return _award(category, None, "tie", 0)
    return _award(category, values.index(top), "most", top - runner_up)


def _holder(category: Category, flags: Iterable[bool]) -> Award:
    holder = next((i for i, flag in enumerate(flags) if flag), None)
    return _award(category, holder, "none" if holder is None else "holder", None)


#: Awards that never depend on the hand: every side scores its own scope; a setting that is off.
_SCOPE_AWARD = Award(Category.SCOPE, None, "count")
_RE_BELLO_OFF = Award(Category.RE_BELLO, None, "off")
_NAPOLA_OFF = Award(Category.NAPOLA, None, "off")


def _score(
    rules: Rules,
    sides: Sequence[SideCounts],
    primiere: Sequence[Primiera] | None,
    primiera_winner: int | None,
    *,
    by_cards: bool = False,
) -> HandScore:
    if primiere is not None:
        result = contest(primiere)
        primiera = _award(Category.PRIMIERA, result.winner, result.reason, result.margin)
    elif primiera_winner is None:
        primiera = Award(Category.PRIMIERA, None, "declared")
    else:
        primiera = Award(Category.PRIMIERA, primiera_winner, "declared")

    napola_runs = [side.napola_run for side in sides]
    if not rules.napola:
        napola = _NAPOLA_OFF
    elif any(napola_runs):
        napola = Award(Category.NAPOLA, napola_runs.index(max(napola_runs)), "run")
    else:
        napola = Award(Category.NAPOLA, None, "none")

    awards = {
        award.category: award
        for award in (
            _SCOPE_AWARD,
            _strict_leader(Category.CARTE, [side.cards for side in sides]),
            _strict_leader(Category.DENARI, [side.denari for side in sides]),
            _holder(Category.SETTEBELLO, (s.settebello for s in sides)),
            primiera,
            (
                _holder(Category.RE_BELLO, (s.re_bello for s in sides))
                if rules.re_bello
                else _RE_BELLO_OFF
            ),
            napola,
        )
    }

    # A point to the winner of each category, but scope score one per scopa and napola its run.
    points = [dict.fromkeys(awards, 0) for _ in sides]
    for category, award in awards.items():
        if award.winner is not None:
            points[award.winner][category] = 1
    if napola.winner is not None:
        points[napola.winner][Category.NAPOLA] = sides[napola.winner].napola_run

    results = []
    for i, side in enumerate(sides):
        points[i][Category.SCOPE] = side.scope
        results.append(
            SideResult(
                points=MappingProxyType(points[i]),
                cards=side.cards,
                denari=side.denari,
                settebello=side.settebello,
                re_bello=side.re_bello,
                napola_run=side.napola_run,
                scope=side.scope,
                primiera=primiere[i] if primiere is not None else None,
            )
        )
    napoleone = None
    if rules.napoleone:
        napoleone = next((i for i, s in enumerate(sides) if s.denari == DENARI_IN_DECK), None)
    return HandScore(rules, tuple(results), MappingProxyType(awards), napoleone, by_cards)


def counts_of(score: HandScore) -> list[SideCounts]:
    """The counts that give the same score as ``score`` (for editing a hand as counts)."""
    counts = []
    for side in score.sides:
        best = None if side.primiera is None else tuple(side.primiera.best.values())
        counts.append(
            SideCounts(
                side.cards,
                side.denari,
                side.settebello,
                side.re_bello,
                side.napola_run,
                side.scope,
                best,
            )
        )
    return counts
