"""The JSON bodies of the scoring API, checked field by field (API.md).

This module checks only the *shape* of a request: which keys, which JSON
types, how many sides. Whether the cards make a valid hand (unknown, repeated
or missing cards, impossible scope) is the scoring package's business; its
errors come back through :func:`field_errors` in the same form.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from scorekeeper.grammar import gettext as _
from scorekeeper.scoring import (
    DECK_SIZE,
    DEFAULT_RULE_SET,
    FORMATS,
    MARGIN_RANGE,
    RULE_SETS,
    Card,
    CardsEntry,
    ErrorCode,
    InputError,
    InvalidHand,
    Rules,
    RuleSet,
    parse_hand_cards,
    rule_set,
)
from scorekeeper.ui.messages import error_message

MIN_SIDES = 2
MAX_SIDES = 4
MAX_NAME_LENGTH = 40
MAX_CARDS = DECK_SIZE
#: The rule settings the API accepts, all off by default.
RULE_KEYS = ("napola", "re_bello")
#: The optional margin of the game the hand belongs to ("ai 15 con 2 di scarto": 2): read
#: and checked so that a game's rules can be sent as they are; a hand's points do not
#: depend on it.
MARGIN_KEY = "margin"
SIDE_KEYS = frozenset(("name", "cards", "scope"))
BODY_KEYS = frozenset(("rules", "sides", "rule_set"))
#: The primiera request's keys: its cards, and the rule set it is counted by (optional:
#: every rule set counts the primiera alike; an unknown one is refused).
PRIMIERA_KEYS = ("cards", "rule_set")


@dataclass(frozen=True, slots=True)
class FieldError:
    """One problem with one field: its path (``sides[1].cards[4]``), a translated message
    and, for the checks of a hand, the scoring package's error code (``scope_table_split``:
    an optional field of the answer, API.md)."""

    field: str
    message: str
    code: str | None = None

    def as_json(self) -> dict[str, str]:
        """The error as it appears in the ``errors`` list of a response."""
        found = {"field": self.field, "message": self.message}
        if self.code is not None:
            found["code"] = self.code
        return found


class ApiError(Exception):
    """A request the API refuses: the HTTP status and every field error found."""

    def __init__(self, status: int, errors: Sequence[FieldError]) -> None:
        super().__init__(status, errors)
        self.status = status
        self.errors = tuple(errors)

    @classmethod
    def whole_request(cls, status: int, message: str) -> ApiError:
        """An error about the request as a whole (its field is ``""``)."""
        return cls(status, [FieldError("", message)])


def field_errors(errors: Iterable[InputError], prefix: str = "") -> list[FieldError]:
    """The scoring package's errors, translated; ``prefix`` is cut from their paths."""
    return [
        FieldError(e.field.removeprefix(prefix), error_message(e), e.code.value) for e in errors
    ]


@dataclass(frozen=True, slots=True)
class ScoreRequest:
    """A valid-looking ``POST /api/v1/score`` body (the hand itself is checked when scored).

    ``names`` are the sides' names; ``entry`` their cards and scope.
    """

    rules: Rules
    names: tuple[str, ...]
    entry: CardsEntry


def parse_score_request(body: Mapping[str, object]) -> ScoreRequest:
    """Check a score request; raise :class:`ApiError` (422) listing every problem found."""
    errors = _unknown_keys(body, BODY_KEYS, "") if body.keys() - BODY_KEYS else []
    settings = _rules(body["rules"], errors) if "rules" in body else {}
    chosen = _rule_set(body["rule_set"], errors) if "rule_set" in body else DEFAULT_RULE_SET
    sides = body.get("sides")
    if not isinstance(sides, list):
        message = _("this field is required") if sides is None else _("must be a list of sides")
        errors.append(FieldError("sides", message))
        raise ApiError(422, errors)
    if not MIN_SIDES <= len(sides) <= MAX_SIDES:
        count = {"min": MIN_SIDES, "max": MAX_SIDES, "count": len(sides)}
        errors += field_errors([InputError(ErrorCode.SIDES_COUNT, "sides", count)])
    elif not any(FORMATS[key].sides == len(sides) for key in chosen.formats):
        errors.append(
            FieldError("sides", _("%(game)s is not played by this many sides", game=chosen.name))
        )

    names: list[str] = []
    card_texts: list[list[str]] = []
    scopes: list[int] = []
    for i, side in enumerate(sides):
        name, texts, scope = _side(i, side, errors)
        names.append(name)
        card_texts.append(texts)
        scopes.append(scope)
    entry = None
    try:
        entry = CardsEntry.from_texts(card_texts, scopes)
    except InvalidHand as invalid:
        errors += field_errors(invalid.errors)
    if errors or entry is None:
        raise ApiError(422, errors)
    napola, re_bello = settings.get("napola", False), settings.get("re_bello", False)
    rules = _rules_for(napola, re_bello, len(sides), chosen.key)
    return ScoreRequest(rules, tuple(names), entry)


def _side(i: int, side: object, errors: list[FieldError]) -> tuple[str, list[str], int]:
    """Side ``i``'s name, card texts and scope; what is wrong with them goes to ``errors``."""
    # Field paths are spelled out only for an error: the usual side has none.
    if not isinstance(side, dict):
        errors.append(FieldError(f"sides[{i}]", _("must be a JSON object")))
        return "", [], 0
    if side.keys() - SIDE_KEYS:
        errors += _unknown_keys(side, SIDE_KEYS, f"sides[{i}].")
    name = _name(side["name"], f"sides[{i}].name", errors) if "name" in side else chr(ord("A") + i)
    cards = side.get("cards")
    if cards.__class__ is list and len(cards) <= MAX_CARDS:
        texts = _texts(cards)
    else:
        texts = _card_list(cards, f"sides[{i}].cards", errors)
    scope = side.get("scope", 0)
    if not _is_whole(scope):
        scope = _scope(scope, f"sides[{i}].scope", errors)
    return name, texts, scope


@functools.cache
def _rules_for(napola: bool, re_bello: bool, sides: int, key: str) -> Rules:
    """The rules of a request, made once for each of the few combinations: the rule set
    ``key`` at its seating of ``sides`` sides (individual players where it has one)."""
    chosen = rule_set(key)
    rules = Rules(format=FORMATS[chosen.default_format], rule_set=chosen)
    return replace(rules, napola=napola, re_bello=re_bello).with_sides(sides)


def _rule_set(value: object, errors: list[FieldError]) -> RuleSet:
    """The request's ``rule_set``, by key; Scopa (with an error) when it names none."""
    if isinstance(value, str) and value in RULE_SETS:
        return RULE_SETS[value]
    known = ", ".join(RULE_SETS)
    errors.append(
        FieldError(
            "rule_set", _("'%(name)s' is not a rule set: use %(known)s", name=value, known=known)
        )
    )
    return DEFAULT_RULE_SET


def parse_primiera_request(body: Mapping[str, object]) -> tuple[Card, ...]:
    """Check a primiera request and return its cards; raise :class:`ApiError` (422)."""
    errors = _unknown_keys(body, PRIMIERA_KEYS, "")
    if "rule_set" in body:
        _rule_set(body["rule_set"], errors)
    texts = _card_list(body.get("cards"), "cards", errors)
    try:
        (cards,) = parse_hand_cards([texts])
    except InvalidHand as invalid:
        errors += field_errors(invalid.errors, prefix="sides[0].")
    if errors:
        raise ApiError(422, errors)
    return cards


def _unknown_keys(body: Mapping[str, object], known: Iterable[str], path: str) -> list[FieldError]:
    return [
        FieldError(path + key, _("unknown field '%(name)s'", name=key))
        for key in body
        if key not in known
    ]


def _rules(value: object, errors: list[FieldError]) -> dict[str, bool]:
    if not isinstance(value, dict):
        errors.append(FieldError("rules", _("must be a JSON object")))
        return {}
    settings = {}
    for key, setting in value.items():
        where = f"rules.{key}"
        if key == MARGIN_KEY:
            if not _is_whole(setting) or setting not in MARGIN_RANGE:
                low, high = MARGIN_RANGE.start, MARGIN_RANGE.stop - 1
                errors.append(
                    FieldError(
                        where, _("a whole number from %(low)s to %(high)s", low=low, high=high)
                    )
                )
        elif key not in RULE_KEYS:
            known = ", ".join(RULE_KEYS)
            errors.append(
                FieldError(
                    where, _("'%(name)s' is not a rule: use %(known)s", name=key, known=known)
                )
            )
        elif not isinstance(setting, bool):
            errors.append(FieldError(where, _("must be true or false")))
        else:
            settings[key] = setting
    return settings


def _name(value: object, where: str, errors: list[FieldError]) -> str:
    if not isinstance(value, str):
        errors.append(FieldError(where, _("must be text")))
        return ""
    name = value.strip()
    if not name:
        errors.append(FieldError(where, _("cannot be empty")))
    elif len(name) > MAX_NAME_LENGTH:
        errors.append(
            FieldError(where, _("at most %(maximum)s characters", maximum=MAX_NAME_LENGTH))
        )
    return name


def _card_list(value: object, where: str, errors: list[FieldError]) -> list[str]:
    """The card texts of a list (non-strings as their JSON text, so they read as sent)."""
    if value is None:
        errors.append(FieldError(where, _("this field is required")))
        return []
    if not isinstance(value, list):
        errors.append(FieldError(where, _('must be a list of cards, such as ["7D", "10S"]')))
        return []
    if len(value) > MAX_CARDS:
        errors.append(FieldError(where, _("at most %(maximum)s cards", maximum=MAX_CARDS)))
        return []
    return _texts(value)


def _texts(value: list[object]) -> list[str]:
    """The card texts of a list as sent (non-strings as their JSON text)."""
    for text in value:
        if text.__class__ is not str:
            return [text if isinstance(text, str) else json.dumps(text) for text in value]
    return value  # type: ignore[return-value]  # every item is a str


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _scope(value: object, where: str, errors: list[FieldError]) -> int:
    """A scope that is not a whole number, reported; 0 stands in for it.

    Only the JSON type is checked here; whether the number is possible is the
    scoring package's check (negative, more scope than cards allow).
    """
    text = value if isinstance(value, str) else json.dumps(value)
    errors += field_errors([InputError(ErrorCode.NOT_WHOLE_NUMBER, where, {"text": text})])
    return 0
