"""The checks on an entered hand (RULES.md section 6), one function each.

A check takes the rules and the sides (and, for counts, who was declared to
take the primiera) and returns the :class:`~.errors.InputError` items it finds,
an empty sequence when all is well. Checks run in *stages*: a stage that finds
anything stops the validation, because the later stages rely on it (the right
number of sides; whole numbers in range; counts that agree with each other before
the best cards are read against them). Within a stage every check runs, so the
players see every problem at once, in the order of the stage.

Adding a check is writing one function and putting it in its stage, in
:data:`CARDS_CHECKS` or :data:`COUNTS_CHECKS`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeGuard, cast

from .cards import (
    BB_ALL,
    BB_RE_BELLO,
    BB_SETTEBELLO,
    DECK,
    DECK_SIZE,
    DENARI_IN_DECK,
    SUITS,
    Card,
    Suit,
    cards_of,
    mask_of,
)
from .deal import (
    NAPOLA_MIN,
    NapolaOutcome,
    captures_fit,
    most_scope,
    napola_outcomes,
    scope_possible,
)
from .errors import ErrorCode, InputError, InvalidHand
from .primiera import SLICE_BEST, primiera_value
from .rules import Rules
from .shareout import share_out_errors
from .sides import SideCards, SideCounts

CardsCheck = Callable[[Rules, Sequence[SideCards]], Sequence[InputError]]
CountsCheck = Callable[[Rules, Sequence[SideCounts], "int | None"], Sequence[InputError]]

_NO_ERRORS: tuple[InputError, ...] = ()


def validate_cards(rules: Rules, sides: Sequence[SideCards]) -> None:
    """Raise :class:`InvalidHand` unless every card belongs to exactly one side
    and the scope are possible, each side's and the whole table's."""
    for stage in CARDS_CHECKS:
        errors: list[InputError] | None = None
        for check in stage:
            found = check(rules, sides)
            if found:
                errors = [*errors, *found] if errors else list(found)
        if errors:
            raise InvalidHand(errors)


def validate_counts(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None = None
) -> None:
    """Raise :class:`InvalidHand` with every failed check of RULES.md section 6."""
    for stage in COUNTS_CHECKS:
        errors = [error for check in stage for error in check(rules, sides, primiera_winner)]
        if errors:
            raise InvalidHand(errors)


def is_whole_number(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an ``int`` (``True`` and ``False`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


# --------------------------------------------------------------------------- both ways


def check_side_count(rules: Rules, sides: Sequence[object], *_: object) -> Sequence[InputError]:
    """One entry per side of the rules' format."""
    expected = rules.format.sides
    if len(sides) == expected:
        return _NO_ERRORS
    return [
        InputError(ErrorCode.SIDES_MISMATCH, "sides", {"expected": expected, "count": len(sides)})
    ]


def side_scope_maximum(rules: Rules, cards: int) -> int:
    """The most scope a side that took ``cards`` cards can have made: one per card it
    played, and half its cards (every sweep takes two cards or more)."""
    return min(rules.deal.cards_played_per_side, cards // 2)


def scope_errors(rules: Rules, i: int, scope: object, cards: int) -> Sequence[InputError]:
    """Side ``i``'s scope: a whole number from 0 to :func:`side_scope_maximum`."""
    if not is_whole_number(scope):
        return [InputError(ErrorCode.NOT_WHOLE_NUMBER, f"sides[{i}].scope", {"text": str(scope)})]
    maximum = side_scope_maximum(rules, cards)
    if 0 <= scope <= maximum:  # the usual case: nothing to format
        return _NO_ERRORS
    where = f"sides[{i}].scope"
    if scope < 0:
        return [InputError(ErrorCode.NEGATIVE, where)]
    return [InputError(ErrorCode.SCOPE_TOO_MANY, where, {"maximum": maximum})]


def table_scope_errors(rules: Rules, scope: Sequence[int]) -> Sequence[InputError]:
    """The scope of the whole table, one count per side: at most
    :attr:`~.rulesets.Deal.scope_per_hand` in all (18 in a hand of 36 plays), because after
    a scopa the next player meets an empty table and the last play is never a scopa; and
    shared out so that they fit the plays (:attr:`~.rulesets.Deal.scope_limits`, from the
    rule set's deal): with two sides 18 + 0 is a Scopa hand, 17 + 1 is not. Reported on
    the field ``scope``, the table's."""
    total = sum(scope)
    maximum = rules.deal.scope_per_hand
    if total > maximum:
        return [
            InputError(
                ErrorCode.SCOPE_TABLE_TOO_MANY, "scope", {"total": total, "maximum": maximum}
            )
        ]
    limits = rules.deal.scope_limits
    if scope_possible(limits, scope):
        return _NO_ERRORS
    params = {"total": total, "maximum": most_scope(limits, scope)}
    return [InputError(ErrorCode.SCOPE_TABLE_SPLIT, "scope", params)]


# --------------------------------------------------------------------------- cards


def check_repeated_cards(rules: Rules, sides: Sequence[SideCards]) -> Sequence[InputError]:
    """A ``duplicate_card`` error at every place a card appears after its first."""
    taken = count = 0
    for side in sides:
        taken |= side.mask
        count += len(side.cards)
    if taken.bit_count() == count:  # the usual case: no card twice
        return _NO_ERRORS
    errors = []
    seen: set[Card] = set()
    for i, side in enumerate(sides):
        for j, card in enumerate(side.cards):
            if card in seen:
                where = f"sides[{i}].cards[{j}]"
                errors.append(InputError(ErrorCode.DUPLICATE_CARD, where, {"card": card.code}))
            seen.add(card)
    return errors


def check_cards_scope(rules: Rules, sides: Sequence[SideCards]) -> Sequence[InputError]:
    """Every side's scope is possible with the cards it took (:func:`scope_errors`);
    once each is, the table's (:func:`table_scope_errors`)."""
    played = rules.deal.cards_played_per_side
    scopes = []
    for side in sides:
        scope = side.scope
        # scope_errors' limits, without a call: a whole number from 0, at most the cards
        # played, at most half the cards taken.
        if scope.__class__ is not int or scope < 0 or scope > played or 2 * scope > len(side.cards):
            break  # something to report: let scope_errors say what, side by side
        scopes.append(scope)
    else:
        return table_scope_errors(rules, scopes)
    errors: list[InputError] = []
    for i, side in enumerate(sides):
        errors += scope_errors(rules, i, side.scope, len(side.cards))
    return errors


def check_missing_cards(rules: Rules, sides: Sequence[SideCards]) -> Sequence[InputError]:
    """Every card of the deck is in some side's cards."""
    taken = 0
    for side in sides:
        taken |= side.mask
    if taken == BB_ALL:
        return _NO_ERRORS
    missing = [card for card in DECK if not taken & card.bit]
    codes = ", ".join(card.code for card in missing)
    return [InputError(ErrorCode.MISSING_CARDS, "sides", {"count": len(missing), "cards": codes})]


def sweep_errors(rules: Rules, scope: Sequence[int], cards: Sequence[int]) -> list[InputError]:
    """What the plays say of the cards each side took (RULES.md section 6, "the counts must
    be ones some real deal gives"; scope and cards already possible one by one):

    - a side whose every play made a scopa leaves the next side in seat order nothing:
      that side's plays all come right after a scopa, so each meets an empty table and
      lays its card, and the last capturer is never it. With two players, 18 + 0 scope are
      40 cards to 0, never 36 to 4. (The side of the sweeps plays last only if its last
      play is the hand's, which is never a scopa; so the next side never plays first.)
    - every side that took cards had a play on which it could take them, with the scope
      where they are (:func:`~.deal.captures_fit`): in Scopone scientifico 19 + 0 leave the
      other side nothing."""
    plays = rules.deal.cards_played_per_side
    n = len(scope)
    errors = [
        InputError(ErrorCode.SCOPE_EVERY_PLAY, f"sides[{(i + 1) % n}].cards", {"plays": plays})
        for i in range(n)
        if scope[i] == plays and cards[(i + 1) % n] > 0
    ]
    return errors or capture_errors(rules, scope, cards)


def capture_errors(rules: Rules, scope: Sequence[int], cards: Sequence[int]) -> list[InputError]:
    """The sides that took cards but, with the scope where they can be, had no play on
    which to take them (:func:`~.deal.captures_fit`): each side whose taking nothing
    would fit, or failing one, every side that took cards without a scopa."""
    deal = rules.deal
    takers = sum(1 << i for i, count in enumerate(cards) if count)

    def fit(mask: int) -> bool:
        return captures_fit(deal.plays, deal.table_cards, tuple(scope), mask)

    if fit(takers):
        return []
    plain = [i for i in range(len(cards)) if cards[i] and not scope[i]]
    culprits = [i for i in plain if fit(takers & ~(1 << i))] or plain
    return [InputError(ErrorCode.CARDS_NO_CAPTURE, f"sides[{i}].cards") for i in culprits]


def check_cards_sweeps(rules: Rules, sides: Sequence[SideCards]) -> Sequence[InputError]:
    """:func:`sweep_errors` on a hand entered card by card."""
    return sweep_errors(rules, [side.scope for side in sides], [len(side.cards) for side in sides])


#: The stages of the checks of a hand entered card by card.
CARDS_CHECKS: tuple[tuple[CardsCheck, ...], ...] = (
    (check_side_count,),
    (check_repeated_cards, check_cards_scope, check_missing_cards),
    (check_cards_sweeps,),
)


# --------------------------------------------------------------------------- counts


def check_count_numbers(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """Cards and denari are whole numbers, from 0 to 40 and to 10."""
    errors = []
    for i, side in enumerate(sides):
        for name, value, top, code in (
            ("cards", side.cards, DECK_SIZE, ErrorCode.CARDS_RANGE),
            ("denari", side.denari, DENARI_IN_DECK, ErrorCode.DENARI_RANGE),
        ):
            where = f"sides[{i}].{name}"
            if not is_whole_number(value):
                errors.append(InputError(ErrorCode.NOT_WHOLE_NUMBER, where, {"text": str(value)}))
            elif not 0 <= value <= top:
                errors.append(InputError(code, where))
    return errors


def check_totals(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """The cards add up to 40 and the denari to 10."""
    errors = []
    total_cards = sum(side.cards for side in sides)
    if total_cards != DECK_SIZE:
        errors.append(InputError(ErrorCode.CARDS_TOTAL, "cards", {"total": total_cards}))
    total_denari = sum(side.denari for side in sides)
    if total_denari != DENARI_IN_DECK:
        errors.append(InputError(ErrorCode.DENARI_TOTAL, "denari", {"total": total_denari}))
    return errors


def check_each_side(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """No side has more denari than cards; every side's scope is possible."""
    errors: list[InputError] = []
    for i, side in enumerate(sides):
        if side.denari > side.cards:
            errors.append(
                InputError(
                    ErrorCode.DENARI_EXCEED_CARDS,
                    f"sides[{i}].denari",
                    {"denari": side.denari, "cards": side.cards},
                )
            )
        errors += scope_errors(rules, i, side.scope, side.cards)
    return errors


def check_table_scope(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> Sequence[InputError]:
    """The scope of the whole table (:func:`table_scope_errors`), once every side's own
    scope is possible (:func:`check_each_side` says what is wrong with one that is not)."""
    scopes = []
    for side in sides:
        scope = side.scope
        if not is_whole_number(scope) or not 0 <= scope <= side_scope_maximum(rules, side.cards):
            return _NO_ERRORS
        scopes.append(scope)
    return table_scope_errors(rules, scopes)


def check_settebello(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """Exactly one side holds the settebello, and it has at least one denaro."""
    holders = [i for i, side in enumerate(sides) if side.settebello]
    if len(holders) != 1:
        return [InputError(ErrorCode.SETTEBELLO_COUNT, "settebello", {"count": len(holders)})]
    if sides[holders[0]].denari < 1:
        return [InputError(ErrorCode.SETTEBELLO_WITHOUT_DENARI, f"sides[{holders[0]}].settebello")]
    return []


def check_re_bello(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """With re bello on, exactly one side holds it, with a denaro (two with the
    settebello too); with it off, nobody."""
    holders = [i for i, side in enumerate(sides) if side.re_bello]
    if not rules.re_bello:
        return [InputError(ErrorCode.RE_BELLO_OFF, f"sides[{i}].re_bello") for i in holders]
    if len(holders) != 1:
        return [InputError(ErrorCode.RE_BELLO_COUNT, "re_bello", {"count": len(holders)})]
    holder = sides[holders[0]]
    minimum = 2 if holder.settebello else 1
    if holder.denari < minimum:
        return [
            InputError(
                ErrorCode.RE_BELLO_WITHOUT_DENARI,
                f"sides[{holders[0]}].re_bello",
                {"minimum": minimum},
            )
        ]
    return []


def _denari_held(rules: Rules, side: SideCounts) -> int:
    """The mask of the denari a side is known to hold from its counts alone: its napola
    run (the asso up to the run's length), the settebello, the re bello (when played)."""
    mask = (1 << side.napola_run) - 1  # 0 without a run
    if side.settebello:
        mask |= BB_SETTEBELLO
    if rules.re_bello and side.re_bello:
        mask |= BB_RE_BELLO
    return mask


def _codes(mask: int) -> str:
    """The cards of ``mask`` as a list for a message: ``"2D, 8D, 9D"``."""
    return ", ".join(card.code for card in cards_of(mask))


def check_napola(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """A napola run: only when played, at most one side, 3 to 10 and no longer than
    that side's denari; from 7 it holds the settebello, at 10 the re bello. A run
    stops before a denaro its side does not hold: one of 6 with the settebello is a
    run of 7 at least, and all ten denari are a run of 10. With the settebello or the
    re bello beyond the run, the side holds more denari than the run: a run of 3 and
    the settebello are four denari."""
    errors: list[InputError] = []
    scorers = []
    for i, side in enumerate(sides):
        run, where = side.napola_run, f"sides[{i}].napola_run"
        if not is_whole_number(run):
            errors.append(InputError(ErrorCode.NOT_WHOLE_NUMBER, where, {"text": str(run)}))
            continue
        if run == 0:
            if rules.napola and side.denari == DENARI_IN_DECK:
                errors.append(_all_denari(where))
            continue
        if not rules.napola:
            errors.append(InputError(ErrorCode.NAPOLA_OFF, where))
            continue
        scorers.append(i)
        error = _napola_run_error(rules, side, where)
        if error is not None:
            errors.append(error)
    if len(scorers) > 1:
        errors.append(InputError(ErrorCode.NAPOLA_SIDES, "napola"))
    return errors


def _all_denari(where: str) -> InputError:
    """A side with all ten denari whose run is not 10: its napola is 10."""
    return InputError(ErrorCode.NAPOLA_ALL_DENARI, where, {"run": DENARI_IN_DECK})


def _napola_run_error(rules: Rules, side: SideCounts, where: str) -> InputError | None:
    """The first thing wrong with a side's napola run of at least one card, if any."""
    run = side.napola_run
    if not NAPOLA_MIN <= run <= DENARI_IN_DECK:
        return InputError(ErrorCode.NAPOLA_RANGE, where, {"run": run})
    held = _denari_held(rules, side)
    if run > side.denari:
        return InputError(ErrorCode.NAPOLA_EXCEEDS_DENARI, where, {"run": run})
    if run >= Card.SETTEBELLO.value and not side.settebello:
        return InputError(ErrorCode.NAPOLA_NEEDS_SETTEBELLO, where, {"run": run})
    if run == DENARI_IN_DECK and rules.re_bello and not side.re_bello:
        return InputError(ErrorCode.NAPOLA_NEEDS_RE_BELLO, where, {"run": run})
    if run < DENARI_IN_DECK and side.denari == DENARI_IN_DECK:
        return _all_denari(where)
    if run < DENARI_IN_DECK and held >> run & 1:
        return InputError(ErrorCode.NAPOLA_RUN_LONGER, where, {"run": run, "card": DECK[run].code})
    if held.bit_count() > side.denari:
        params = {"cards": _codes(held), "count": held.bit_count(), "denari": side.denari}
        return InputError(ErrorCode.NAPOLA_DENARI_HELD, where, params)
    return None


def check_napola_share(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """With napola on, some share-out of the ten denari gives every side its run exactly
    (:func:`~.deal.napola_outcomes`), given each side's denari and who holds the
    settebello and the re bello. Where the counts force a napola, say which: a side with
    nine denari but not the settebello holds the asso to the 6, a napola of 6 (never 0
    or 3); with the settebello and nine denari, when another side holds the re bello, it
    holds the asso to the 9. The error's ``run`` is the napola to offer."""
    if not rules.napola:
        return []
    held = tuple(
        (BB_SETTEBELLO if side.settebello else 0)
        | (BB_RE_BELLO if rules.re_bello and side.re_bello else 0)
        for side in sides
    )
    outcomes = napola_outcomes(tuple(side.denari for side in sides), held)
    entered: NapolaOutcome = next(
        ((i, side.napola_run) for i, side in enumerate(sides) if side.napola_run), None
    )
    if entered in outcomes:
        return []
    # Once the checks before pass, a run the denari cannot give is always one where
    # they give a single napola, the one to offer: a side holds every denaro the
    # others do not hold for sure (their settebello, re bello), the asso to the 6 or
    # the 9 (tests/unit/test_impossible.py goes through every count to show it).
    i, run = cast(tuple[int, int], next(iter(outcomes)))
    code = (
        ErrorCode.NAPOLA_FORCED_NO_RE_BELLO
        if sides[i].settebello
        else ErrorCode.NAPOLA_FORCED_NO_SETTEBELLO
    )
    params = {"denari": sides[i].denari, "run": run}
    return [InputError(code, f"sides[{i}].napola_run", params)]


def check_primiera_entry(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """Who took the primiera is a side or nobody; or, when best cards decide it,
    each side shows at most one card per suit, no card twice, a denaro exactly when
    it took denari (a side that shows none holds none), and the settebello exactly
    when it holds it."""
    if not any(side.primiera_cards is not None for side in sides):
        if primiera_winner is not None and primiera_winner not in range(len(sides)):
            return [InputError(ErrorCode.PRIMIERA_WINNER, "primiera")]
        return []
    errors: list[InputError] = []
    owner: dict[Card, int] = {}
    for i, side in enumerate(sides):
        where = f"sides[{i}].primiera_cards"
        by_suit: dict[Suit, list[Card]] = {}
        for card in side.primiera_cards or ():
            by_suit.setdefault(card.suit, []).append(card)
            if card in owner:
                errors.append(InputError(ErrorCode.PRIMIERA_CARD_TWICE, where, {"card": card.code}))
            owner[card] = i
        errors += _best_cards_by_suit_errors(side, by_suit, where)
    return errors


def _best_cards_by_suit_errors(
    side: SideCounts, by_suit: Mapping[Suit, Sequence[Card]], where: str
) -> list[InputError]:
    """:func:`check_primiera_entry` on one side's best cards, grouped by suit: one card a
    suit, a denaro exactly when the side took denari, the settebello exactly when the
    side holds it (a side that shows no best cards, ``None``, shows no denaro)."""
    errors = []
    for suit, cards in by_suit.items():
        if len(cards) > 1:
            codes = ", ".join(c.code for c in cards)
            errors.append(
                InputError(
                    ErrorCode.PRIMIERA_SUIT_TWICE, where, {"suit": suit.italian, "cards": codes}
                )
            )
    denaro = by_suit.get(Suit.DENARI, [None])[0]
    if denaro is not None and side.denari == 0:
        errors.append(InputError(ErrorCode.PRIMIERA_NO_DENARI, where, {"card": denaro.code}))
    if side.settebello and side.primiera_cards is not None and denaro != Card.SETTEBELLO:
        errors.append(InputError(ErrorCode.PRIMIERA_SETTEBELLO, where))
    elif denaro is None and side.denari > 0:
        errors.append(InputError(ErrorCode.PRIMIERA_DENARO_UNSHOWN, where, {"denari": side.denari}))
    if not side.settebello and denaro == Card.SETTEBELLO:
        errors.append(InputError(ErrorCode.PRIMIERA_NOT_SETTEBELLO, where))
    return errors


# --------------------------------------------------------------------------- best cards
#
# When the primiera is decided from best cards, each side's best cards must be cards it
# can hold, given its counts and what the other sides are known to hold. A suit a side
# shows no best card in is a suit it holds no card of, as the scorer reads it (RULES.md
# section 3: a side lacking a suit has no primiera); a side with no best cards (``None``)
# holds nothing. They run once the counts and the best cards pass on their own (the
# stages above), and rely on them.


def _best_denaro(side: SideCounts) -> Card | None:
    """The side's best denaro, if it shows one (never more than one by now)."""
    for card in side.primiera_cards or ():
        if card.is_denaro:
            return card
    return None


#: For each card, by index: the cards of its suit worth no more in the primiera, the
#: ones a side whose best card in that suit it is may hold (itself among them).
_WORTH_AT_MOST: tuple[int, ...] = tuple(
    mask_of(c for c in card.suit.cards if primiera_value(c) <= primiera_value(card))
    for card in DECK
)


def check_best_cards_fit(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """A side shows no more best cards than the cards it took, and no more outside
    denari than the cards it took that are not denari: none when every card it took
    is a denaro (the reverse of a best denaro for a side with no denari), and at least
    one when it took a card that is not a denaro (a side showing no best card outside
    denari holds only denari)."""
    if not any(side.primiera_cards is not None for side in sides):
        return []
    errors = []
    for i, side in enumerate(sides):
        best = side.primiera_cards or ()
        where = f"sides[{i}].primiera_cards"
        if not any(not card.is_denaro for card in best) and side.cards > side.denari:
            params = {"other": side.cards - side.denari}
            errors.append(InputError(ErrorCode.PRIMIERA_SUITS_UNSHOWN, where, params))
            continue
        if not best:
            continue
        if len(best) > side.cards:
            params = {"count": len(best), "cards": side.cards}
            errors.append(InputError(ErrorCode.PRIMIERA_EXCEEDS_CARDS, where, params))
            continue
        others = [card for card in best if not card.is_denaro]
        outside = side.cards - side.denari
        if len(others) <= outside:
            continue
        if outside == 0:
            errors.append(
                InputError(ErrorCode.PRIMIERA_ONLY_DENARI, where, {"card": others[0].code})
            )
        else:
            params = {"count": len(others), "other": outside}
            errors.append(InputError(ErrorCode.PRIMIERA_OTHER_SUITS, where, params))
    return errors


def check_best_denari_held(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """A best denaro is one its side can hold: never a denaro another side holds (the
    re bello of another side; a card of another side's napola run); with a napola run
    of its own, at least the best card of the run (the asso up to a run of 5, the 6D
    for a run of 6) and not the denaro just after the run. The settebello is already
    its holder's best denaro (:func:`check_primiera_entry`)."""
    errors = []
    runs = [(1 << side.napola_run) - 1 for side in sides]
    for i, side in enumerate(sides):
        denaro = _best_denaro(side)
        if denaro is None:
            continue
        where = f"sides[{i}].primiera_cards"
        if rules.re_bello and denaro is Card.RE_BELLO and not side.re_bello:
            errors.append(InputError(ErrorCode.PRIMIERA_NOT_RE_BELLO, where))
        for j, run in enumerate(runs):
            if j != i and run & denaro.bit:
                last = DECK[sides[j].napola_run - 1].code
                errors.append(
                    InputError(
                        ErrorCode.PRIMIERA_IN_NAPOLA, where, {"card": denaro.code, "last": last}
                    )
                )
        run, length = runs[i], side.napola_run
        if not run or side.settebello:
            continue
        top = DECK[SLICE_BEST[run].bit_length() - 1]
        if primiera_value(denaro) < primiera_value(top):
            params = {"run": length, "top": top.code}
            errors.append(InputError(ErrorCode.PRIMIERA_NAPOLA_LOW, where, params))
        elif denaro.index == length:  # the denaro just after the run: the run would go on
            params = {"run": length, "card": denaro.code}
            errors.append(InputError(ErrorCode.PRIMIERA_NAPOLA_NEXT, where, params))
    return errors


def check_best_sevens(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """When best cards decide the primiera, some side shows the 7 of every suit: someone
    took it, and it is the best card of that suit of whoever did. When every side shows
    a best card in the suit, one of them is the 7; else nobody shows it. (In denari the
    settebello's side shows the 7D, :func:`check_primiera_entry`.)"""
    if not any(side.primiera_cards is not None for side in sides):
        return []
    errors = []
    for suit in SUITS[1:]:
        seven = suit.cards[Card.SETTEBELLO.value - 1]
        shown = [card for side in sides for card in side.primiera_cards or () if card.suit is suit]
        if seven in shown:
            continue
        params = {"suit": suit.italian, "card": seven.code}
        code = (
            ErrorCode.PRIMIERA_NO_SEVEN
            if len(shown) == len(sides)
            else ErrorCode.PRIMIERA_SEVEN_UNSHOWN
        )
        errors.append(InputError(code, "primiera", params))
    return errors


def check_denari_below_best(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """A side with a best denaro took no more denari than it can hold below it: the
    denari worth no more in the primiera, less those another side holds (its napola
    run, the settebello, the re bello, its best denaro). A best 2D leaves 2D, 8D, 9D
    and 10D: four denari at most."""
    held = [_denari_held(rules, side) for side in sides]
    best = [_best_denaro(side) for side in sides]
    for j, denaro in enumerate(best):
        if denaro is not None:
            held[j] |= denaro.bit
    errors = []
    for i, (side, denaro) in enumerate(zip(sides, best, strict=True)):
        if denaro is None:
            continue
        others = 0
        for j, mask in enumerate(held):
            if j != i:
                others |= mask
        room = _WORTH_AT_MOST[denaro.index] & ~others
        if side.denari > room.bit_count():
            where = f"sides[{i}].primiera_cards"
            params = {"card": denaro.code, "cards": _codes(room), "denari": side.denari}
            errors.append(InputError(ErrorCode.PRIMIERA_DENARI_ABOVE, where, params))
    return errors


def check_suits_below_best(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """A side with best cards outside denari took no more cards outside denari than it
    can hold below them: in a suit where it shows a best card, the cards worth no more
    in the primiera, less the best cards the other sides show; in a suit where it shows
    none, none. A best 2C and 8S leave four coppe (2C, 8C, 9C, 10C) and three spade:
    with no best bastoni, 7 cards outside denari at most. When the side leaves a suit
    blank, the refusal says to mark its best card there."""
    shown = [mask_of(side.primiera_cards or ()) for side in sides]
    errors = []
    for i, side in enumerate(sides):
        best = [card for card in side.primiera_cards or () if not card.is_denaro]
        if not best:
            continue
        room = 0
        for card in best:
            room |= _WORTH_AT_MOST[card.index]
        for j, mask in enumerate(shown):
            if j != i:
                room &= ~mask
        outside = side.cards - side.denari
        if outside > room.bit_count():
            where = f"sides[{i}].primiera_cards"
            codes = ", ".join(card.code for card in best)
            params = {"cards": codes, "maximum": room.bit_count(), "other": outside}
            code = (
                ErrorCode.PRIMIERA_SUITS_ABOVE
                if len(best) == len(SUITS) - 1
                else ErrorCode.PRIMIERA_SUITS_BLANK
            )
            errors.append(InputError(code, where, params))
    return errors


def check_denari_with_best(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """A side took at least the denari its best denaro and its counts say it holds:
    the best denaro, its napola run, the settebello, the re bello. A run of 3 with a
    best 6D is four denari: 1D, 2D, 3D and 6D. (Without the best denaro the counts
    alone are checked by :func:`check_napola` and :func:`check_re_bello`.)"""
    errors = []
    for i, side in enumerate(sides):
        denaro = _best_denaro(side)
        if denaro is None:
            continue
        held = _denari_held(rules, side) | denaro.bit
        if held.bit_count() > side.denari:
            where = f"sides[{i}].primiera_cards"
            params = {"cards": _codes(held), "count": held.bit_count(), "denari": side.denari}
            errors.append(InputError(ErrorCode.PRIMIERA_DENARI_BELOW, where, params))
    return errors


def check_counts_sweeps(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """:func:`sweep_errors` on a hand entered as counts; before it, a side that took one
    card: a side takes none or two at least (the card it plays and one from the table).
    Card by card the hand is a share-out of the deck, which the API scores whatever it is
    (API.md: the sides' cards hold each of the 40 once); as counts, 39 to 1 is a slip of
    the finger, and no deal gives it."""
    lone = [
        InputError(ErrorCode.CARDS_ONE, f"sides[{i}].cards")
        for i, side in enumerate(sides)
        if side.cards == 1
    ]
    return lone or sweep_errors(rules, [s.scope for s in sides], [s.cards for s in sides])


def check_primiera_winner_suits(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """The side said to have taken the primiera (best cards not given) can hold all four
    suits: a denaro and three other cards at least (RULES.md section 3: a side lacking a
    suit has no primiera)."""
    if primiera_winner is None or any(side.primiera_cards is not None for side in sides):
        return []
    side = sides[primiera_winner]
    if side.denari >= 1 and side.cards - side.denari >= len(SUITS) - 1:
        return []
    return [InputError(ErrorCode.PRIMIERA_WINNER_SUITS, "primiera")]


def check_share_out(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """Above all, some share-out of the 40 cards gives every count at once: the denari
    with their best denari, settebello, re bello and napola runs; the best cards shown
    with the cards each side took; who took the primiera, or nobody (with two sides)
    (:mod:`.shareout`). Run last: the checks before say more precisely what is wrong."""
    return share_out_errors(rules, sides, primiera_winner)


#: The stages of the checks of a hand entered as counts.
COUNTS_CHECKS: tuple[tuple[CountsCheck, ...], ...] = (
    (check_side_count,),
    (check_count_numbers,),
    (
        check_totals,
        check_each_side,
        check_table_scope,
        check_settebello,
        check_re_bello,
        check_napola,
        check_primiera_entry,
    ),
    (check_napola_share, check_counts_sweeps, check_primiera_winner_suits),
    (check_best_cards_fit, check_best_denari_held, check_best_sevens),
    (check_denari_below_best, check_suits_below_best, check_denari_with_best),
    (check_share_out,),
)
