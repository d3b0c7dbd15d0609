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
from collections.abc import Mapping, Sequence
from types import MappingProxyType


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it here."""
    return message


#: English message template for every error code, with ``%(name)s`` params.
MESSAGES: Mapping[str, str] = MappingProxyType(
    {
        "not_a_card": N_("'%(text)s' is not a card"),
        "duplicate_card": N_("%(card)s is entered twice"),
        "missing_cards": N_("no side took %(cards)s"),
        "sides_count": N_("a hand needs between %(min)s and %(max)s sides, not %(count)s"),
        "sides_mismatch": N_("these rules are for %(expected)s sides, not %(count)s"),
        "not_whole_number": N_("'%(text)s' is not a whole number"),
        "negative": N_("cannot be negative"),
        "cards_total": N_("the cards add up to %(total)s, not 40"),
        "cards_range": N_("a side takes between 0 and 40 cards"),
        "denari_total": N_("the denari add up to %(total)s, not 10"),
        "denari_range": N_("a side takes between 0 and 10 denari"),
        "denari_exceed_cards": N_("%(denari)s denari but only %(cards)s cards"),
        "settebello_count": N_("exactly one side holds the settebello, not %(count)s"),
        "settebello_without_denari": N_("the side with the settebello has at least one denaro"),
        "re_bello_count": N_("exactly one side holds the re bello, not %(count)s"),
        "re_bello_without_denari": N_("the side with the re bello has at least %(minimum)s denari"),
        "re_bello_off": N_("re bello is not played in this game"),
        "napola_off": N_("napola is not played in this game"),
        "napola_sides": N_("only one side can score the napola"),
        "napola_range": N_("a napola run is between 3 and 10 cards, not %(run)s"),
        "napola_exceeds_denari": N_("a napola run of %(run)s needs at least %(run)s denari"),
        "napola_needs_settebello": N_("a napola run of %(run)s includes the settebello"),
        "napola_needs_re_bello": N_("a napola run of 10 includes the re bello"),
        "napola_all_denari": N_("this side took all ten denari, so its napola run is 10"),
        "napola_run_longer": N_(
            "a napola run of %(run)s stops before %(card)s, but this side holds %(card)s"
        ),
        "napola_denari_held": N_(
            "%(cards)s make %(count)s denari, but this side took only %(denari)s"
        ),
        "scope_too_many": N_("at most %(maximum)s scope for this side in one hand"),
        "scope_table_too_many": N_(
            "the scope add up to %(total)s, but a hand holds at most %(maximum)s: after a "
            "scopa the next play cannot be one, and the last play never is"
        ),
        "primiera_winner": N_("choose who took the primiera, or nobody"),
        "primiera_suit_twice": N_("two best cards in %(suit)s: %(cards)s"),
        "primiera_card_twice": N_("%(card)s is the best card of two sides"),
        "primiera_no_denari": N_("%(card)s is a denaro, but this side has no denari"),
        "primiera_settebello": N_("this side holds the settebello, so its best denaro is 7D"),
        "primiera_not_settebello": N_("7D counts only for the side that holds the settebello"),
        "primiera_exceeds_cards": N_(
            "%(count)s best cards, but this side took only %(cards)s cards"
        ),
        "primiera_only_denari": N_(
            "%(card)s is not a denaro, but every card this side took is a denaro"
        ),
        "primiera_other_suits": N_(
            "%(count)s best cards outside denari, but this side took only %(other)s cards "
            "that are not denari"
        ),
        "primiera_not_re_bello": N_("10D counts only for the side that holds the re bello"),
        "primiera_in_napola": N_(
            "%(card)s is in the napola of another side (the denari from 1D to %(last)s)"
        ),
        "primiera_napola_low": N_(
            "a napola run of %(run)s holds %(top)s, so the best denaro of this side is "
            "%(top)s or better"
        ),
        "primiera_napola_next": N_(
            "a napola run of %(run)s means this side does not hold %(card)s"
        ),
        "primiera_no_seven": N_(
            "every side has a best card in %(suit)s, so one of them is %(card)s"
        ),
        "primiera_denari_above": N_(
            "with %(card)s as its best denaro this side can hold only %(cards)s, "
            "not %(denari)s denari"
        ),
        "primiera_suits_above": N_(
            "with %(cards)s as its best cards outside denari this side can hold at most "
            "%(maximum)s cards that are not denari, not %(other)s"
        ),
        "primiera_denari_below": N_(
            "%(cards)s make %(count)s denari, but this side took only %(denari)s"
        ),
        "played_on_table": N_("%(card)s is the card played, so it cannot be on the table too"),
        # The shape of a stored or sent entry (CardsEntry.from_json, CountsEntry.from_json).
        "entry_mode": N_("'%(mode)s' is not a way to enter a hand: use cards or counts"),
        "not_an_object": N_("must be a JSON object"),
        "unknown_field": N_("unknown field '%(name)s'"),
        "required": N_("this field is required"),
        "not_a_side_list": N_("must be a list of sides"),
        "not_a_card_list": N_('must be a list of cards, such as ["7D", "10S"]'),
        "not_true_false": N_("must be true or false"),
    }
)


@dataclasses.dataclass(frozen=True, slots=True)
class InputError:
    """One problem with one field of an entered hand.

    ``field`` is a path such as ``"sides[1].denari"`` or ``"sides[0].cards[3]"``
    (``""`` for the hand as a whole); ``code`` is a key of :data:`MESSAGES`.
    """

    code: str
    field: str = ""
    params: Mapping[str, object] = dataclasses.field(default_factory=dict)

    @property
    def template(self) -> str:
        """The untranslated English message template."""
        return MESSAGES[self.code]

    @property
    def message(self) -> str:
        """The English message with its parameters filled in."""
        return self.template % dict(self.params)


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
