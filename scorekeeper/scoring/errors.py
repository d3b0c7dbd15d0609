"""Errors raised by the scoring package.

Every error is a :class:`ValueError` that quotes the bad input. Errors about a
hand entered by a player carry a machine-readable ``code``, the ``field`` they
belong to and the ``params`` of the message, so that the web layer can show the
message next to the right field in the player's language.

The English message templates are marked with :func:`N_` so that Babel's
extractor finds them (``pybabel extract -k N_``); the web layer translates the
template and then fills in the parameters.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from types import MappingProxyType


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it here."""
    return message


class ErrorCode(enum.StrEnum):
    """What is wrong with an entered hand (:attr:`InputError.code`): the key of its message
    in :data:`MESSAGES`, and the ``code`` the API and the phone's scorer send (the value)."""

    NOT_A_CARD = "not_a_card"
    DUPLICATE_CARD = "duplicate_card"
    MISSING_CARDS = "missing_cards"
    SIDES_COUNT = "sides_count"
    SIDES_MISMATCH = "sides_mismatch"
    NOT_WHOLE_NUMBER = "not_whole_number"
    NEGATIVE = "negative"
    CARDS_TOTAL = "cards_total"
    CARDS_RANGE = "cards_range"
    DENARI_TOTAL = "denari_total"
    DENARI_RANGE = "denari_range"
    DENARI_EXCEED_CARDS = "denari_exceed_cards"
    SETTEBELLO_COUNT = "settebello_count"
    SETTEBELLO_WITHOUT_DENARI = "settebello_without_denari"
    RE_BELLO_COUNT = "re_bello_count"
    RE_BELLO_WITHOUT_DENARI = "re_bello_without_denari"
    RE_BELLO_OFF = "re_bello_off"
    NAPOLA_OFF = "napola_off"
    NAPOLA_SIDES = "napola_sides"
    NAPOLA_RANGE = "napola_range"
    NAPOLA_EXCEEDS_DENARI = "napola_exceeds_denari"
    NAPOLA_NEEDS_SETTEBELLO = "napola_needs_settebello"
    NAPOLA_NEEDS_RE_BELLO = "napola_needs_re_bello"
    NAPOLA_ALL_DENARI = "napola_all_denari"
    NAPOLA_RUN_LONGER = "napola_run_longer"
    NAPOLA_DENARI_HELD = "napola_denari_held"
    NAPOLA_FORCED_NO_SETTEBELLO = "napola_forced_no_settebello"
    NAPOLA_FORCED_NO_RE_BELLO = "napola_forced_no_re_bello"
    SCOPE_TOO_MANY = "scope_too_many"
    SCOPE_TABLE_TOO_MANY = "scope_table_too_many"
    SCOPE_TABLE_SPLIT = "scope_table_split"
    PRIMIERA_WINNER = "primiera_winner"
    PRIMIERA_WINNER_SUITS = "primiera_winner_suits"
    SCOPE_EVERY_PLAY = "scope_every_play"
    CARDS_ONE = "cards_one"
    CARDS_NO_CAPTURE = "cards_no_capture"
    PRIMIERA_SUIT_TWICE = "primiera_suit_twice"
    PRIMIERA_CARD_TWICE = "primiera_card_twice"
    PRIMIERA_NO_DENARI = "primiera_no_denari"
    PRIMIERA_SETTEBELLO = "primiera_settebello"
    PRIMIERA_NOT_SETTEBELLO = "primiera_not_settebello"
    PRIMIERA_EXCEEDS_CARDS = "primiera_exceeds_cards"
    PRIMIERA_ONLY_DENARI = "primiera_only_denari"
    PRIMIERA_OTHER_SUITS = "primiera_other_suits"
    PRIMIERA_NOT_RE_BELLO = "primiera_not_re_bello"
    PRIMIERA_IN_NAPOLA = "primiera_in_napola"
    PRIMIERA_NAPOLA_LOW = "primiera_napola_low"
    PRIMIERA_NAPOLA_NEXT = "primiera_napola_next"
    PRIMIERA_NO_SEVEN = "primiera_no_seven"
    PRIMIERA_DENARI_ABOVE = "primiera_denari_above"
    PRIMIERA_SUITS_ABOVE = "primiera_suits_above"
    PRIMIERA_DENARI_BELOW = "primiera_denari_below"
    PRIMIERA_DENARO_UNSHOWN = "primiera_denaro_unshown"
    PRIMIERA_SUITS_UNSHOWN = "primiera_suits_unshown"
    PRIMIERA_SUITS_BLANK = "primiera_suits_blank"
    PRIMIERA_SEVEN_UNSHOWN = "primiera_seven_unshown"
    DENARI_SHARE_OUT = "denari_share_out"
    BEST_CARDS_SHARE_OUT = "best_cards_share_out"
    PRIMIERA_WINNER_BEATEN = "primiera_winner_beaten"
    PRIMIERA_NOBODY = "primiera_nobody"
    PLAYED_ON_TABLE = "played_on_table"
    ENTRY_MODE = "entry_mode"
    NOT_AN_OBJECT = "not_an_object"
    UNKNOWN_FIELD = "unknown_field"
    REQUIRED = "required"
    NOT_A_SIDE_LIST = "not_a_side_list"
    NOT_A_CARD_LIST = "not_a_card_list"
    NOT_TRUE_FALSE = "not_true_false"


#: English message template for every error code, with ``%(name)s`` params.
MESSAGES: Mapping[ErrorCode, str] = MappingProxyType(
    {
        ErrorCode.NOT_A_CARD: N_("'%(text)s' is not a card"),
        ErrorCode.DUPLICATE_CARD: N_("%(card)s is entered twice"),
        ErrorCode.MISSING_CARDS: N_("no side took %(cards)s"),
        ErrorCode.SIDES_COUNT: N_("a hand needs between %(min)s and %(max)s sides, not %(count)s"),
        ErrorCode.SIDES_MISMATCH: N_("these rules are for %(expected)s sides, not %(count)s"),
        ErrorCode.NOT_WHOLE_NUMBER: N_("'%(text)s' is not a whole number"),
        ErrorCode.NEGATIVE: N_("cannot be negative"),
        ErrorCode.CARDS_TOTAL: N_("the cards add up to %(total)s, not 40"),
        ErrorCode.CARDS_RANGE: N_("a side takes between 0 and 40 cards"),
        ErrorCode.DENARI_TOTAL: N_("the denari add up to %(total)s, not 10"),
        ErrorCode.DENARI_RANGE: N_("a side takes between 0 and 10 denari"),
        ErrorCode.DENARI_EXCEED_CARDS: N_("more denari (%(denari)s) than cards (%(cards)s)"),
        ErrorCode.SETTEBELLO_COUNT: N_("exactly one side holds the settebello, not %(count)s"),
        ErrorCode.SETTEBELLO_WITHOUT_DENARI: N_(
            "the side with the settebello has at least one denaro"
        ),
        ErrorCode.RE_BELLO_COUNT: N_("exactly one side holds the re bello, not %(count)s"),
        ErrorCode.RE_BELLO_WITHOUT_DENARI: N_(
            "the side with the re bello has at least %(minimum)s denaro"
        ),
        ErrorCode.RE_BELLO_OFF: N_("re bello is not played in this game"),
        ErrorCode.NAPOLA_OFF: N_("napola is not played in this game"),
        ErrorCode.NAPOLA_SIDES: N_("only one side can score the napola"),
        ErrorCode.NAPOLA_RANGE: N_("a napola run is between 3 and 10 cards, not %(run)s"),
        ErrorCode.NAPOLA_EXCEEDS_DENARI: N_(
            "a napola run of %(run)s needs at least %(run)s denari"
        ),
        ErrorCode.NAPOLA_NEEDS_SETTEBELLO: N_("a napola run of %(run)s includes the settebello"),
        ErrorCode.NAPOLA_NEEDS_RE_BELLO: N_("a napola run of 10 includes the re bello"),
        ErrorCode.NAPOLA_ALL_DENARI: N_("this side took all ten denari, so its napola run is 10"),
        ErrorCode.NAPOLA_RUN_LONGER: N_(
            "a napola run of %(run)s stops before %(card)s, but this side holds %(card)s"
        ),
        ErrorCode.NAPOLA_DENARI_HELD: N_(
            "%(cards)s make %(count)s denari, but this side took only %(denari)s"
        ),
        ErrorCode.NAPOLA_FORCED_NO_SETTEBELLO: N_(
            "with %(denari)s denari but not the settebello this side holds the asso to "
            "the %(run)s: a napola of %(run)s"
        ),
        ErrorCode.NAPOLA_FORCED_NO_RE_BELLO: N_(
            "with %(denari)s denari but not the re bello this side holds the asso to "
            "the %(run)s: a napola of %(run)s"
        ),
        ErrorCode.SCOPE_TOO_MANY: N_("at most %(maximum)s scopa for this side in one hand"),
        ErrorCode.SCOPE_TABLE_TOO_MANY: N_(
            "the scope add up to %(total)s, but a hand holds at most %(maximum)s: after a "
            "scopa the next play cannot be one, and the last play never is"
        ),
        ErrorCode.SCOPE_TABLE_SPLIT: N_(
            "%(total)s scope shared out this way do not fit in one hand: at most "
            "%(maximum)s, because after a scopa the next player meets an empty table "
            "and the last play is never a scopa"
        ),
        ErrorCode.PRIMIERA_WINNER: N_("choose who took the primiera, or nobody"),
        ErrorCode.PRIMIERA_WINNER_SUITS: N_(
            "this side cannot have taken the primiera: it needs a card of every suit, so at "
            "least one denaro and three other cards"
        ),
        ErrorCode.SCOPE_EVERY_PLAY: N_(
            "the side before this one made a scopa on every one of its %(plays)s plays, so "
            "this side always met an empty table and took no cards"
        ),
        ErrorCode.CARDS_ONE: N_(
            "a side that takes cards takes two at least: the card it plays and one from the table"
        ),
        ErrorCode.CARDS_NO_CAPTURE: N_(
            "this side cannot have taken cards: with these scope each of its plays meets an "
            "empty table, or a single card that it could only take with a scopa"
        ),
        ErrorCode.PRIMIERA_SUIT_TWICE: N_("two best cards in %(suit)s: %(cards)s"),
        ErrorCode.PRIMIERA_CARD_TWICE: N_("%(card)s is the best card of two sides"),
        ErrorCode.PRIMIERA_NO_DENARI: N_("%(card)s is a denaro, but this side has no denari"),
        ErrorCode.PRIMIERA_SETTEBELLO: N_(
            "this side holds the settebello, so its best denaro is 7D"
        ),
        ErrorCode.PRIMIERA_NOT_SETTEBELLO: N_(
            "7D counts only for the side that holds the settebello"
        ),
        ErrorCode.PRIMIERA_EXCEEDS_CARDS: N_(
            "more best cards (%(count)s) than cards this side took (%(cards)s)"
        ),
        ErrorCode.PRIMIERA_ONLY_DENARI: N_(
            "%(card)s is not a denaro, but every card this side took is a denaro"
        ),
        ErrorCode.PRIMIERA_OTHER_SUITS: N_(
            "more best cards outside denari (%(count)s) than cards this side took that are "
            "not denari (%(other)s)"
        ),
        ErrorCode.PRIMIERA_NOT_RE_BELLO: N_("10D counts only for the side that holds the re bello"),
        ErrorCode.PRIMIERA_IN_NAPOLA: N_(
            "%(card)s is in the napola of another side (the denari from 1D to %(last)s)"
        ),
        ErrorCode.PRIMIERA_NAPOLA_LOW: N_(
            "a napola run of %(run)s holds %(top)s, so the best denaro of this side is "
            "%(top)s or better"
        ),
        ErrorCode.PRIMIERA_NAPOLA_NEXT: N_(
            "a napola run of %(run)s means this side does not hold %(card)s"
        ),
        ErrorCode.PRIMIERA_NO_SEVEN: N_(
            "every side has a best card in %(suit)s, so one of them is %(card)s"
        ),
        ErrorCode.PRIMIERA_DENARI_ABOVE: N_(
            "with %(card)s as its best denaro this side can hold only %(cards)s, "
            "not %(denari)s denari"
        ),
        ErrorCode.PRIMIERA_SUITS_ABOVE: N_(
            "with %(cards)s as its best cards outside denari this side can hold at most "
            "%(maximum)s card that is not a denaro, not %(other)s"
        ),
        ErrorCode.PRIMIERA_DENARI_BELOW: N_(
            "%(cards)s make %(count)s denari, but this side took only %(denari)s"
        ),
        # With best cards, a suit a side leaves blank is a suit it holds none of.
        ErrorCode.PRIMIERA_DENARO_UNSHOWN: N_(
            "this side took %(denari)s denaro: mark its best denaro"
        ),
        ErrorCode.PRIMIERA_SUITS_UNSHOWN: N_(
            "this side took %(other)s card that is not a denaro: mark it among its best cards"
        ),
        ErrorCode.PRIMIERA_SUITS_BLANK: N_(
            "with only %(cards)s as its best cards outside denari this side can hold at most "
            "%(maximum)s card that is not a denaro, not %(other)s: mark its best card in "
            "every suit it took"
        ),
        ErrorCode.PRIMIERA_SEVEN_UNSHOWN: N_(
            "no side shows %(card)s as a best card, but the side that took it must: it is "
            "its best card in %(suit)s"
        ),
        # No share-out of the 40 cards gives every count at once (scoring/shareout.py).
        ErrorCode.DENARI_SHARE_OUT: N_(
            "the ten denari cannot be shared out to give all of this at once: each "
            "side's denari, its best denaro, the settebello, the re bello and the napola"
        ),
        ErrorCode.BEST_CARDS_SHARE_OUT: N_(
            "no share-out of the cards gives every side these best cards together with "
            "the cards it took"
        ),
        ErrorCode.PRIMIERA_WINNER_BEATEN: N_(
            "this side cannot have taken the primiera: its best denaro is %(card)s at "
            "most, and the side with the settebello took %(other)s cards that are not "
            "denari, so its primiera is always at least as high"
        ),
        ErrorCode.PRIMIERA_NOBODY: N_(
            "with these counts one side always takes the primiera: choose which"
        ),
        ErrorCode.PLAYED_ON_TABLE: N_(
            "%(card)s is the card played, so it cannot be on the table too"
        ),
        # The shape of a stored or sent entry (CardsEntry.from_json, CountsEntry.from_json).
        ErrorCode.ENTRY_MODE: N_("'%(mode)s' is not a way to enter a hand: use cards or counts"),
        ErrorCode.NOT_AN_OBJECT: N_("must be a JSON object"),
        ErrorCode.UNKNOWN_FIELD: N_("unknown field '%(name)s'"),
        ErrorCode.REQUIRED: N_("this field is required"),
        ErrorCode.NOT_A_SIDE_LIST: N_("must be a list of sides"),
        ErrorCode.NOT_A_CARD_LIST: N_('must be a list of cards, such as ["7D", "10S"]'),
        ErrorCode.NOT_TRUE_FALSE: N_("must be true or false"),
    }
)


def N_plural(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802  (as N_)
    """Mark a message that says a count for translation, both its forms, without
    translating it here (``pybabel extract -k N_plural:1,2``)."""
    return singular, plural


#: The messages that say a count: the parameter holding it, and the message's English
#: forms (:data:`MESSAGES` holds the first, the msgid; English takes the second for any
#: count but 1: "at most 1 scopa", "at most 0 scope", "at most 2 scope").
PLURALS: Mapping[ErrorCode, tuple[str, tuple[str, str]]] = MappingProxyType(
    {
        ErrorCode.RE_BELLO_WITHOUT_DENARI: (
            "minimum",
            N_plural(
                "the side with the re bello has at least %(minimum)s denaro",
                "the side with the re bello has at least %(minimum)s denari",
            ),
        ),
        ErrorCode.SCOPE_TOO_MANY: (
            "maximum",
            N_plural(
                "at most %(maximum)s scopa for this side in one hand",
                "at most %(maximum)s scope for this side in one hand",
            ),
        ),
        ErrorCode.PRIMIERA_SUITS_ABOVE: (
            "maximum",
            N_plural(
                "with %(cards)s as its best cards outside denari this side can hold at most "
                "%(maximum)s card that is not a denaro, not %(other)s",
                "with %(cards)s as its best cards outside denari this side can hold at most "
                "%(maximum)s cards that are not denari, not %(other)s",
            ),
        ),
        ErrorCode.PRIMIERA_DENARO_UNSHOWN: (
            "denari",
            N_plural(
                "this side took %(denari)s denaro: mark its best denaro",
                "this side took %(denari)s denari: mark its best denaro",
            ),
        ),
        ErrorCode.PRIMIERA_SUITS_UNSHOWN: (
            "other",
            N_plural(
                "this side took %(other)s card that is not a denaro: mark it among its best cards",
                "this side took %(other)s cards that are not denari: mark its best card in "
                "every suit it took",
            ),
        ),
        ErrorCode.PRIMIERA_SUITS_BLANK: (
            "maximum",
            N_plural(
                "with only %(cards)s as its best cards outside denari this side can hold at "
                "most %(maximum)s card that is not a denaro, not %(other)s: mark its best card "
                "in every suit it took",
                "with only %(cards)s as its best cards outside denari this side can hold at "
                "most %(maximum)s cards that are not denari, not %(other)s: mark its best card "
                "in every suit it took",
            ),
        ),
    }
)


#: The refusals of a napola run that the counts decide: the error's ``run`` is the napola
#: they force (all ten denari: 10; nine without the settebello: 6), for a form to offer.
NAPOLA_OFFERS: frozenset[ErrorCode] = frozenset(
    (
        ErrorCode.NAPOLA_ALL_DENARI,
        ErrorCode.NAPOLA_FORCED_NO_SETTEBELLO,
        ErrorCode.NAPOLA_FORCED_NO_RE_BELLO,
    )
)


@dataclasses.dataclass(frozen=True, slots=True)
class InputError:
    """One problem with one field of an entered hand.

    ``field`` is a path such as ``"sides[1].denari"`` or ``"sides[0].cards[3]"``
    (``""`` for the hand as a whole); ``code`` is a key of :data:`MESSAGES`.
    """

    code: ErrorCode
    field: str = ""
    params: Mapping[str, object] = dataclasses.field(default_factory=dict)

    @property
    def template(self) -> str:
        """The untranslated English message template (its msgid: the singular of a
        message that says a count, `plural`)."""
        return MESSAGES[self.code]

    @property
    def plural(self) -> tuple[str, int] | None:
        """For a message that says a count (:data:`PLURALS`): its plural template and the
        count, which chooses the form; else ``None``."""
        counted = PLURALS.get(self.code)
        if counted is None:
            return None
        param, (_singular, plural) = counted
        count = self.params.get(param)
        return (plural, count) if isinstance(count, int) and not isinstance(count, bool) else None

    @property
    def english(self) -> str:
        """The English template this error's count takes."""
        counted = self.plural
        return counted[0] if counted is not None and counted[1] != 1 else self.template

    @property
    def napola_offer(self) -> int | None:
        """The napola run the counts force, when this error refuses a different one (the
        side is the one of :attr:`field`); else ``None``."""
        run = self.params.get("run") if self.code in NAPOLA_OFFERS else None
        return run if isinstance(run, int) else None

    @property
    def message(self) -> str:
        """The English message with its parameters filled in."""
        return self.english % dict(self.params)


class ScoringError(ValueError):
    """Base class of every error of the scoring package."""


class CardError(ScoringError):
    """A text that is not a card of the 40-card Italian deck."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(f"{text!r} is not a card")


class InvalidHand(ScoringError):
    """A hand that fails one or more of the checks in RULES.md section 6."""

    def __init__(self, errors: Sequence[InputError]) -> None:
        if not errors:
            raise ValueError("InvalidHand needs at least one error")
        self.errors: tuple[InputError, ...] = tuple(errors)
        super().__init__("; ".join(f"{e.field or 'hand'}: {e.message}" for e in self.errors))

    def for_field(self, path: str) -> list[InputError]:
        """The errors whose field is ``path`` or lies below it."""
        return [e for e in self.errors if e.field == path or e.field.startswith(path + ".")]


class InvalidGame(ScoringError):
    """A game whose set-up (seats, dealer, rules) is impossible."""
