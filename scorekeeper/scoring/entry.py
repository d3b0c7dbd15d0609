"""A hand as the players entered it, typed: :class:`CardsEntry` or :class:`CountsEntry`.

Each entry knows its JSON form, the one games store (``Hand.entry``), leagues
export and import, and :func:`read_entry` reads either back from the stored
``(mode, data)``. Reading is strict: an unknown key, a missing one, a wrong
JSON type or nesting raise :class:`~.errors.InvalidHand` naming the field
(``sides[1].settebello``); whether the hand itself is possible (the 40 cards,
the scope, the counts) is checked when the entry is scored, by :mod:`.validate`.

The JSON forms::

    cards:  {"sides": [{"cards": ["7D", "1C", ...], "scope": 2}, ...]}
    counts: {"sides": [{"cards": 22, "denari": 6, "settebello": true,
                        "re_bello": false, "napola_run": 0, "scope": 1,
                        "primiera_cards": ["7D", "6C", "1B", "5S"] or null}, ...],
             "primiera": 0}            (who took the primiera: a side or null)

In a counts entry ``primiera`` and each side's ``primiera_cards`` may be left
out, meaning ``null`` (entries stored before they were always written).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeGuard, cast

from .cards import CARDS_BY_TEXT, Card
from .errors import CardError, ErrorCode, InputError, InvalidHand
from .rules import Rules
from .score import HandScore, score_cards, score_counts
from .sides import SideCards, SideCounts
from .validate import is_whole_number, validate_cards, validate_counts


class EntryMode(enum.StrEnum):
    """How a hand was entered: card by card, or as counts."""

    CARDS = "cards"
    COUNTS = "counts"


# --------------------------------------------------------------------------- card texts


def parse_hand_cards(sides: Sequence[Sequence[object]]) -> list[tuple[Card, ...]]:
    """Parse each side's card texts, collecting every unknown or repeated card.

    Errors name the exact place, ``sides[1].cards[4]``; a repeated card is
    reported where it appears the second time.
    """
    piles, _, errors = _parse_piles(sides, str)
    if errors:
        raise InvalidHand(errors)
    return piles


#: The card and the bit of a card's code (``"7D"``, ``"7d"``); anything else is a KeyError.
_card_of_code = cast(Callable[[object], Card], CARDS_BY_TEXT.__getitem__)
_bit_of_code = cast(
    Callable[[object], int], {text: card.bit for text, card in CARDS_BY_TEXT.items()}.__getitem__
)


def _parse_piles(
    sides: Sequence[Sequence[object]], quote: Callable[[object], str]
) -> tuple[list[tuple[Card, ...]], list[int], list[InputError]]:
    """The cards of each side, their masks, and every unknown or repeated card
    (a text that is not a card quoted in its error by ``quote``)."""
    # The usual case first: every text a card's code, no card twice. One look-up per
    # card; the masks (the sum of distinct bits) show a repeat as a lost bit.
    piles, masks = [], []
    taken = count = 0
    try:
        for texts in sides:
            pile = tuple(map(_card_of_code, texts))
            mask = sum(map(_bit_of_code, texts))
            piles.append(pile)
            masks.append(mask)
            taken |= mask
            count += len(pile)
    except (KeyError, TypeError):
        return _parse_piles_one_by_one(sides, quote)
    if taken.bit_count() != count:
        return _parse_piles_one_by_one(sides, quote)
    return piles, masks, []


def _parse_piles_one_by_one(
    sides: Sequence[Sequence[object]], quote: Callable[[object], str]
) -> tuple[list[tuple[Card, ...]], list[int], list[InputError]]:
    """:func:`_parse_piles` card by card, with an error at the place of each bad card."""
    errors: list[InputError] = []
    piles: list[tuple[Card, ...]] = []
    masks: list[int] = []
    taken = 0
    for i, texts in enumerate(sides):
        cards: list[Card] = []
        mask = 0
        for j, text in enumerate(texts):
            where = f"sides[{i}].cards[{j}]"
            try:
                card = Card.parse(text) if isinstance(text, str) else None
            except CardError:
                card = None
            if card is None:
                errors.append(InputError(ErrorCode.NOT_A_CARD, where, {"text": quote(text)}))
                continue
            if taken & card.bit:
                errors.append(InputError(ErrorCode.DUPLICATE_CARD, where, {"card": card.code}))
                continue
            taken |= card.bit
            mask |= card.bit
            cards.append(card)
        piles.append(tuple(cards))
        masks.append(mask)
    return piles, masks, errors


# --------------------------------------------------------------------------- reading JSON


class _Reader:
    """Collects the shape errors of one JSON entry, each at its field path."""

    def __init__(self) -> None:
        self.errors: list[InputError] = []

    def is_object(
        self, value: object, where: str, keys: frozenset[str], optional: frozenset[str]
    ) -> TypeGuard[dict[str, object]]:
        """Whether ``value`` is an object, to be read field by field; any key other than
        ``keys``, and any of them missing (but the ``optional``), is reported."""
        if not isinstance(value, dict):
            self.errors.append(InputError(ErrorCode.NOT_AN_OBJECT, where))
            return False
        if value.keys() == keys:  # the usual case
            return True
        prefix = f"{where}." if where else ""
        for key in value:
            if key not in keys:
                self.errors.append(
                    InputError(ErrorCode.UNKNOWN_FIELD, prefix + str(key), {"name": str(key)})
                )
        for key in sorted(keys - optional):
            if key not in value:
                self.errors.append(InputError(ErrorCode.REQUIRED, prefix + key))
        return True

    def entry(
        self, data: object, keys: frozenset[str], optional: frozenset[str]
    ) -> dict[str, object]:
        """The entry itself, when it is an object (:meth:`is_object`); else raise
        :class:`~.errors.InvalidHand`."""
        if self.is_object(data, "", keys, optional):
            return data
        raise InvalidHand(self.errors)

    def sides(self, data: Mapping[str, object]) -> list[object]:
        """The entry's list of sides (empty when it is missing or not a list)."""
        value = data.get("sides")
        if isinstance(value, list):
            return value
        if "sides" in data:
            self.errors.append(InputError(ErrorCode.NOT_A_SIDE_LIST, "sides"))
        return []

    def whole_number(self, value: object, where: str) -> int:
        """``value`` if it is a whole number (not ``true`` or ``false``), else 0 and an error."""
        if is_whole_number(value):
            return value
        self.errors.append(InputError(ErrorCode.NOT_WHOLE_NUMBER, where, {"text": _text(value)}))
        return 0

    def flag(self, value: object, where: str) -> bool:
        """``value`` if it is ``true`` or ``false``, else ``False`` and an error."""
        if isinstance(value, bool):
            return value
        self.errors.append(InputError(ErrorCode.NOT_TRUE_FALSE, where))
        return False

    def card_list(self, value: object, where: str) -> Sequence[object]:
        """``value`` if it is a list (its card texts are read later), else none and an error."""
        if isinstance(value, list):
            return value
        self.errors.append(InputError(ErrorCode.NOT_A_CARD_LIST, where))
        return ()


def _text(value: object) -> str:
    """A value quoted in a message as it was sent: strings as they are, the rest as JSON."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def _fail(errors: list[InputError]) -> None:
    """Raise :class:`~.errors.InvalidHand` with ``errors``, if there are any."""
    if errors:
        raise InvalidHand(errors)


# --------------------------------------------------------------------------- entries


_CARDS_KEYS = frozenset(("sides",))
_CARDS_SIDE_KEYS = frozenset(("cards", "scope"))
_COUNTS_KEYS = frozenset(("sides", "primiera"))
_COUNTS_SIDE_KEYS = frozenset(
    ("cards", "denari", "settebello", "re_bello", "napola_run", "scope", "primiera_cards")
)
_OPTIONAL = frozenset(("primiera", "primiera_cards"))
_NOTHING_OPTIONAL: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class CardsEntry:
    """A hand entered card by card: every side's cards and scope."""

    sides: tuple[SideCards, ...]

    mode: ClassVar[EntryMode] = EntryMode.CARDS

    @classmethod
    def of(cls, piles: Iterable[Iterable[Card]], scope: Sequence[int] = ()) -> CardsEntry:
        """The entry of these piles of cards, with ``scope[i]`` for side ``i`` (0 if not given)."""
        return cls(
            tuple(
                SideCards(tuple(pile), scope[i] if i < len(scope) else 0)
                for i, pile in enumerate(piles)
            )
        )

    @classmethod
    def from_texts(cls, texts: Sequence[Sequence[object]], scope: Sequence[int] = ()) -> CardsEntry:
        """The entry of each side's card texts (``["7D", "1c"]``), with ``scope[i]`` for
        side ``i`` (0 if not given).

        Raises :class:`~.errors.InvalidHand` at every unknown card and every card
        given again (``sides[1].cards[4]``), as :func:`parse_hand_cards` does.
        """
        piles, masks, errors = _parse_piles(texts, str)
        _fail(errors)
        scopes = [*scope, *[0] * (len(piles) - len(scope))] if len(scope) < len(piles) else scope
        return cls(tuple(map(_side_cards, piles, scopes, masks)))

    def validate(self, rules: Rules) -> None:
        """Raise :class:`~.errors.InvalidHand` unless the hand is possible under ``rules``."""
        validate_cards(rules, self.sides)

    def score(self, rules: Rules) -> HandScore:
        """The hand's score under ``rules`` (:func:`~.score.score_cards`)."""
        return score_cards(rules, self.sides)

    def to_json(self) -> dict[str, object]:
        """``{"sides": [{"cards": [codes], "scope": n}]}``, cards in the order entered."""
        return {
            "sides": [
                {"cards": [card.code for card in side.cards], "scope": side.scope}
                for side in self.sides
            ]
        }

    @classmethod
    def from_json(cls, data: object) -> CardsEntry:
        """Read :meth:`to_json`'s form; raise :class:`~.errors.InvalidHand` for a wrong
        shape, an unknown card or a card given twice (``sides[0].cards[3]``)."""
        # The usual case first: exactly the shape to_json writes, read without
        # building a field path; anything else is read again field by field.
        if data.__class__ is dict and data.keys() == _CARDS_KEYS:
            sides = data["sides"]
            texts, scopes = [], []
            if sides.__class__ is list:
                for side in sides:
                    if side.__class__ is not dict or side.keys() != _CARDS_SIDE_KEYS:
                        break
                    pile, scope = side["cards"], side["scope"]
                    if pile.__class__ is not list or scope.__class__ is not int:
                        break
                    texts.append(pile)
                    scopes.append(scope)
                else:
                    piles, masks, errors = _parse_piles(texts, _text)
                    if not errors:
                        return cls(tuple(map(_side_cards, piles, scopes, masks)))
        return cls._read(data)

    @classmethod
    def _read(cls, data: object) -> CardsEntry:
        """:meth:`from_json` field by field, collecting every problem."""
        reader = _Reader()
        data = reader.entry(data, _CARDS_KEYS, _NOTHING_OPTIONAL)
        texts: list[Sequence[object]] = []
        scopes: list[int] = []
        for i, side in enumerate(reader.sides(data)):
            where = f"sides[{i}]"
            pile: Sequence[object] = ()
            scope = 0
            if reader.is_object(side, where, _CARDS_SIDE_KEYS, _NOTHING_OPTIONAL):
                if "cards" in side:
                    pile = reader.card_list(side["cards"], f"{where}.cards")
                if "scope" in side:
                    scope = reader.whole_number(side["scope"], f"{where}.scope")
            texts.append(pile)
            scopes.append(scope)
        piles, masks, card_errors = _parse_piles(texts, _text)
        _fail(reader.errors + card_errors)
        return cls(tuple(map(_side_cards, piles, scopes, masks)))


@dataclass(frozen=True, slots=True)
class CountsEntry:
    """A hand entered as counts: every side's counts, and who took the primiera.

    ``primiera`` is the side declared to have taken it (``None``: nobody); it
    is not used when any side carries its best cards (``primiera_cards``),
    which then decide the primiera.
    """

    sides: tuple[SideCounts, ...]
    primiera: int | None = None

    mode: ClassVar[EntryMode] = EntryMode.COUNTS

    def validate(self, rules: Rules) -> None:
        """Raise :class:`~.errors.InvalidHand` unless the counts are possible under ``rules``."""
        validate_counts(rules, self.sides, self.primiera)

    def score(self, rules: Rules) -> HandScore:
        """The hand's score under ``rules`` (:func:`~.score.score_counts`)."""
        return score_counts(rules, self.sides, self.primiera)

    def to_json(self) -> dict[str, object]:
        """The counts form (see the module's docstring); best cards as codes or ``null``."""
        return {
            "sides": [
                {
                    "cards": side.cards,
                    "denari": side.denari,
                    "settebello": side.settebello,
                    "re_bello": side.re_bello,
                    "napola_run": side.napola_run,
                    "scope": side.scope,
                    "primiera_cards": (
                        None
                        if side.primiera_cards is None
                        else [card.code for card in side.primiera_cards]
                    ),
                }
                for side in self.sides
            ],
            "primiera": self.primiera,
        }

    @classmethod
    def from_json(cls, data: object) -> CountsEntry:
        """Read :meth:`to_json`'s form; raise :class:`~.errors.InvalidHand` for a wrong
        shape, a wrong type (``sides[1].settebello`` not true or false) or an unknown
        best card (``sides[0].primiera_cards[2]``)."""
        reader = _Reader()
        data = reader.entry(data, _COUNTS_KEYS, _OPTIONAL)
        sides = [_side_counts(reader, i, side) for i, side in enumerate(reader.sides(data))]
        winner = data.get("primiera")
        if winner is not None and not is_whole_number(winner):
            reader.errors.append(InputError(ErrorCode.PRIMIERA_WINNER, "primiera"))
            winner = None
        _fail(reader.errors)
        return cls(tuple(sides), winner)


def _side_counts(reader: _Reader, i: int, side: object) -> SideCounts:
    """Side ``i`` of a counts entry; its shape errors go to ``reader``."""
    where = f"sides[{i}]"
    if not reader.is_object(side, where, _COUNTS_SIDE_KEYS, _OPTIONAL):
        return SideCounts(0, 0)
    numbers = {
        name: reader.whole_number(side[name], f"{where}.{name}")
        for name in ("cards", "denari", "napola_run", "scope")
        if name in side
    }
    flags = {
        name: reader.flag(side[name], f"{where}.{name}")
        for name in ("settebello", "re_bello")
        if name in side
    }
    best: tuple[Card, ...] | None = None
    codes = side.get("primiera_cards")
    if codes is not None:
        cards = []
        for j, text in enumerate(reader.card_list(codes, f"{where}.primiera_cards")):
            try:
                cards.append(Card.parse(text))  # type: ignore[arg-type]  # a non-text is refused
            except CardError:
                where_card = f"{where}.primiera_cards[{j}]"
                reader.errors.append(
                    InputError(ErrorCode.NOT_A_CARD, where_card, {"text": _text(text)})
                )
        best = tuple(cards)
    return SideCounts(
        cards=numbers.get("cards", 0),
        denari=numbers.get("denari", 0),
        settebello=flags.get("settebello", False),
        re_bello=flags.get("re_bello", False),
        napola_run=numbers.get("napola_run", 0),
        scope=numbers.get("scope", 0),
        primiera_cards=best,
    )


def _side_cards(cards: tuple[Card, ...], scope: int, mask: int) -> SideCards:
    """A :class:`SideCards` whose mask is already known (from :func:`_parse_piles`)."""
    side = object.__new__(SideCards)
    object.__setattr__(side, "cards", cards)
    object.__setattr__(side, "scope", scope)
    object.__setattr__(side, "mask", mask)
    return side


#: A hand entry of either kind.
HandEntry = CardsEntry | CountsEntry

_ENTRY_TYPES: dict[str, type[CardsEntry] | type[CountsEntry]] = {
    EntryMode.CARDS: CardsEntry,
    EntryMode.COUNTS: CountsEntry,
}


def read_entry(mode: str, data: object) -> HandEntry:
    """The entry stored as ``mode`` (``"cards"`` or ``"counts"``) and ``data`` (its JSON).

    Raises :class:`~.errors.InvalidHand` for an unknown mode (field ``mode``) or
    data of the wrong shape.
    """
    kind = _ENTRY_TYPES.get(mode) if isinstance(mode, str) else None
    if kind is None:
        raise InvalidHand([InputError(ErrorCode.ENTRY_MODE, "mode", {"mode": str(mode)})])
    return kind.from_json(data)
