"""Forms of a game: starting one, and recording a hand by counts or by cards.

The forms only check what the form itself knows (whole numbers, a name per
seat, a known format); every rule of RULES.md section 6 is checked by the
scoring package, whose errors the hand forms' ``add_input_errors`` (the base
`scorekeeper.ui.forms.AppForm`'s) puts next to the fields they belong to.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, NamedTuple, cast

from werkzeug.datastructures import MultiDict
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    Form,
    FormField,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import (
    InputRequired,
    Length,
    NumberRange,
    Optional,
    Regexp,
    ValidationError,
)

from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import NAME_MAX
from scorekeeper.scoring import (
    DECK,
    DECK_SIZE,
    DENARI_IN_DECK,
    FORMATS,
    Card,
    CardError,
    CardsEntry,
    CountsEntry,
    InputError,
    Rules,
    SideCounts,
    Suit,
    rest_of_deck,
)
from scorekeeper.scoring.rules import TARGET_RANGE
from scorekeeper.ui.choices import SelectChoice
from scorekeeper.ui.forms import (
    AppForm,
    IntegerField,
    NameField,
    RuleSetFields,
    VariantSwitches,
    WholeNumberField,
    add_rule_set_fields,
    add_variant_fields,
)
from scorekeeper.ui.grid import GridRead, GridSide, read_grid, side_texts, upper_codes
from scorekeeper.ui.labels import format_choices
from scorekeeper.ui.messages import SIDE_NUMBERS, SidePath
from scorekeeper.ui.text import lazy_gettext as _l
from scorekeeper.ui.widgets import StaticOptionsSelect

MAX_PLAYERS = max(fmt.players for fmt in FORMATS.values())
#: ``primiera`` radio value: decide from each side's best card per suit.
PRIMIERA_FROM_CARDS = "cards"
PRIMIERA_NOBODY = "none"
#: Passed to the scoring package when nobody chose who took the primiera, so
#: that its own "choose who took the primiera" check reports it.
PRIMIERA_UNCHOSEN = -1
#: What the sides' counts add up to: the whole deck (one side's blank count is the rest of it).
WHOLE_DECK = {"cards": DECK_SIZE, "denari": DENARI_IN_DECK}
#: The card grid's "all the cards the other sides did not take" box (last side).
REST_FIELD = "rest"

#: The longest request id stored with a hand (``Hand.request_id``).
REQUEST_ID_MAX = 64
FORM_NOT_READ = _l("This form could not be read: open the page again and enter the hand.")

NUMERIC = {"inputmode": "numeric", "min": "0", "autocomplete": "off"}


# --------------------------------------------------------------------------- new game


class NewGameForm(RuleSetFields, VariantSwitches, AppForm):
    """Rule set (`add_rule_set_fields`), format, names in seat order, target, variants
    (`add_variant_fields`) and the first dealer."""

    format = RadioField(_l("Format"), choices=format_choices(), default="2")
    names = FieldList(
        NameField(
            _l("Player"),
            validators=[Optional(), Length(max=NAME_MAX)],
            render_kw={"autocomplete": "off", "list": "known-names", "maxlength": NAME_MAX},
        ),
        min_entries=MAX_PLAYERS,
        max_entries=MAX_PLAYERS,
    )
    target = RadioField(
        _l("Target"),
        choices=[
            SelectChoice("11", "11"),
            SelectChoice("21", "21"),
            SelectChoice("31", "31"),  # Scopa d'assi's championship target
            SelectChoice("other", _l("Other")),
        ],
        default="11",
    )
    target_other = IntegerField(
        _l("Other target"),
        validators=[Optional(), NumberRange(min=TARGET_RANGE.start, max=TARGET_RANGE.stop - 1)],
        render_kw={**NUMERIC, "min": str(TARGET_RANGE.start)},
    )
    first_dealer = SelectField(
        _l("Who deals first"),
        choices=[SelectChoice("random", _l("Draw at random"))]
        + [SelectChoice(str(seat), _l("Player %(n)s", n=seat + 1)) for seat in range(MAX_PLAYERS)],
        default="random",
    )
    #: Off: a casual game stays as quick as ever (a league's games follow the league).
    requires_confirmation = BooleanField(_l("Each hand awaits the other side's confirmation"))

    @property
    def players(self) -> int:
        """Players at the table in the chosen format (2 when the format is unknown)."""
        fmt = FORMATS.get(self.format.data or "")
        return fmt.players if fmt else 2

    def validate_names(self, field: FieldList[StringField]) -> None:
        """Every seat of the chosen format needs a name."""
        missing = False
        for entry in list(field)[: self.players]:
            if not (entry.data or "").strip():
                entry.errors = [*entry.errors, _l("Enter a name")]
                missing = True
        if missing:
            raise ValidationError(_l("Every player needs a name"))

    def validate(self, extra_validators: Any = None) -> bool:
        """The field checks, and a number when the target is "other"."""
        ok = bool(super().validate(extra_validators))
        ok = self.check_rule_set_format(self.format) and ok
        other = self.target_other
        if self.target.data == "other" and other.data is None and not other.errors:
            other.errors = [*other.errors, _l("Enter the target")]
            ok = False
        return ok

    def validate_first_dealer(self, field: SelectField) -> None:
        """The dealer sits at this table (a value that is no choice is refused already)."""
        if not field.errors and field.data != "random" and int(field.data) >= self.players:
            raise ValidationError(_l("Choose one of the players"))

    def setup(self) -> GameSetup:
        """The game the form describes (raises `InvalidGame` for rules the engine refuses)."""
        rules = Rules(
            format=FORMATS[self.format.data],
            target=self.chosen_target(),
            **self.chosen_variants(),
            **self.chosen_rule_set_settings(),
        )
        return GameSetup(
            rules,
            self.chosen_names(),
            self.chosen_dealer(),
            requires_confirmation=bool(self.requires_confirmation.data),
        )

    def chosen_target(self) -> int:
        """The target as a number."""
        target = self.target_other.data if self.target.data == "other" else self.target.data
        if target is None:
            raise ValueError("the form has no target: validate it first")
        return int(target)

    def chosen_names(self) -> list[str]:
        """The names of the seats in play, stripped."""
        return [(entry.data or "").strip() for entry in list(self.names)[: self.players]]

    def chosen_dealer(self) -> int | None:
        """The first dealer's seat, or ``None`` to draw at random."""
        return None if self.first_dealer.data == "random" else int(self.first_dealer.data)


add_variant_fields(NewGameForm)
add_rule_set_fields(NewGameForm)


# --------------------------------------------------------------------------- hands


@cache
def _best_card_choices(suit: Suit) -> tuple[frozenset[str], tuple[SelectChoice, ...]]:
    """The codes a best card of ``suit`` may be ("" for none) and its picker's choices
    (made once: every hand form binds eight pickers)."""
    cards = [card for card in DECK if card.suit is suit]
    choices = (SelectChoice("", "—"), *(SelectChoice(card.code, card.code) for card in cards))
    return frozenset({"", *(card.code for card in cards)}), choices


class BestCardField(SelectField):
    """A side's best card in ``suit``: one of its cards, or none (``""``)."""

    def __init__(self, suit: Suit, **kwargs: Any) -> None:
        self.codes, choices = _best_card_choices(suit)
        super().__init__(
            suit.italian, choices=choices, default="", widget=StaticOptionsSelect(), **kwargs
        )

    def pre_validate(self, _form: Any) -> None:
        """Refuse anything but a card of the suit, saying what was sent and which suit."""
        if self.data not in self.codes:
            raise ValidationError(
                _l("'%(text)s' is not a card of %(suit)s.", text=self.data, suit=self.label.text)
            )


#: A count's input: a text box with the phone's number pad.
COUNT_INPUT = {"inputmode": "numeric", "autocomplete": "off"}
#: A count most hands leave at 0 (scope, a napola run): the box starts empty with a 0 hint,
#: so that typing 1 gives 1, never 01; left empty it is 0 (here, and on the phone:
#: static/js/outbox-kept.js).
ZERO_COUNT_INPUT = {**COUNT_INPUT, "placeholder": "0"}
#: A count of cards or denari left blank (where no rest of the deck fills it in).
ENTER_A_NUMBER = _l("Enter a number")


def fill_the_rest(counts: Sequence[Field], whole: int) -> None:
    """Once every side but one has its count (of cards, or of denari), the one left blank
    is the rest of the deck: ``whole`` less the others. Filled in, it shows as such when
    the form comes back. A count that is not a number fills nothing (it is refused by
    itself); the rest may come out wrong (below zero), and the checks then say so."""
    blank = [count for count in counts if count.data is None]
    if len(counts) < 2 or len(blank) != 1 or blank[0].errors:
        return
    rest = whole - sum(count.data for count in counts if count.data is not None)
    blank[0].data = rest
    blank[0].raw_data = [str(rest)]


class SideCountsForm(Form):
    """One side's numbers in a hand entered by counts: the board's hand form and the hand
    checker each hold one per side (a sub-form: any CSRF token is on the form that holds
    it), each with its own way of entering the best cards.

    Every number may be blank here (cards and denari are then the rest of the deck, on
    the board); `require_counts` says which of cards and denari are still missing.
    """

    cards = WholeNumberField(_l("Cards"), validators=[Optional()], render_kw=COUNT_INPUT)
    denari = WholeNumberField(_l("Denari"), validators=[Optional()], render_kw=COUNT_INPUT)
    scope = WholeNumberField(_l("Scope"), validators=[Optional()], render_kw=ZERO_COUNT_INPUT)
    napola_run = WholeNumberField(
        _l("Napola run"), validators=[Optional()], render_kw=ZERO_COUNT_INPUT
    )

    def require_counts(self) -> bool:
        """Say `ENTER_A_NUMBER` next to cards or denari left blank (and refused for
        nothing else); whether both have a number."""
        ok = True
        for count in (self.cards, self.denari):
            if count.data is None and not count.errors:
                count.errors = [*count.errors, ENTER_A_NUMBER]
                ok = False
        return ok


class BoardSideForm(SideCountsForm):
    """One side on the board's hand form: its numbers, and its best card in each suit
    picked from a list (to decide the primiera from them)."""

    best_D = BestCardField(Suit.DENARI)  # noqa: N815  (the suit letter of the notation)
    best_C = BestCardField(Suit.COPPE)  # noqa: N815
    best_B = BestCardField(Suit.BASTONI)  # noqa: N815
    best_S = BestCardField(Suit.SPADE)  # noqa: N815

    def best_fields(self) -> list[BestCardField]:
        """The best-card pickers, one per suit, in suit order."""
        return [cast("BestCardField", self[f"best_{suit.letter}"]) for suit in Suit]

    def primiera_cards(self) -> tuple[Card, ...]:
        """The best cards picked for this side (each a card of the picker's choices)."""
        return tuple(Card.parse(f.data) for f in self.best_fields() if f.data)


class HandFormBase(AppForm):
    """Fields every hand form has: its own key and the hand it was made for.

    No CSRF field of its own: the app's `CSRFProtect` checks the token of every POST
    before any view runs (a hand sent without it is refused with a 400, and the form is
    never read), and the hand forms' templates write the token with ``csrf_input()``
    (templates/_macros.html), as the app's buttons do. A field would sign a token on
    every save that nobody sees (the save answers with a redirect): a tenth of its work.
    """

    class Meta(AppForm.Meta):
        csrf = False

    request_id = HiddenField(validators=[Length(max=REQUEST_ID_MAX)])
    number = HiddenField()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Errors of the hand as a whole, by the scoring package's field path.
        self.hand_errors: dict[str, list[str]] = {}
        if not self.request_id.data:
            self.request_id.data = str(uuid.uuid4())

    def validate(self, extra_validators: Any = None) -> bool:
        """The form's checks; a hidden field refused (a key too long, a control character)
        is told about the form as a whole, since nobody sees the field."""
        ok = bool(super().validate(extra_validators))
        if self.request_id.errors or self.number.errors:
            self.hand_errors.setdefault("", []).append(str(FORM_NOT_READ))
        return ok

    def add_errors(self, by_path: Mapping[str, Iterable[str]]) -> dict[str, list[str]]:
        """Put the messages next to their fields, the others into ``hand_errors``."""
        rest = super().add_errors(by_path)
        for group, messages in rest.items():
            self.hand_errors.setdefault(group, []).extend(messages)
        return rest

    def key(self) -> str:
        """The form's own key (``request_id``), made when the form is first shown."""
        return self.request_id.data or ""

    def expected_number(self) -> int | None:
        """The hand number the form was made for."""
        try:
            return int(self.number.data or "")
        except (TypeError, ValueError):
            return None


class ErrorLine(NamedTuple):
    """One line of the summary over a refused hand (templates/games/_hand_form.html): what
    it is about ("Anna · Denari", or nothing for the hand as a whole), the message, and
    the id of the field to go to (none when no field on the page holds it)."""

    where: str
    message: str
    target: str | None = None


class CountsForm(HandFormBase):
    """A hand by counts; ``sides`` has one entry per side (see :func:`counts_form`)."""

    sides: FieldList[FormField[BoardSideForm]]
    #: What the sides' counts add up to (also told to the page's script).
    whole_deck = WHOLE_DECK
    settebello = RadioField(_l("Settebello"), validate_choice=False)
    re_bello = RadioField(_l("Re bello"), validate_choice=False)
    primiera = RadioField(_l("Primiera"), validate_choice=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The napola the counts force, by side, when a refused hand marked another one
        #: (`InputError.napola_offer`): the form offers to fill it in.
        self.napola_offers: dict[int, int] = {}

    def add_input_errors(self, errors: Iterable[InputError]) -> dict[str, list[str]]:
        """The refusal's messages next to their fields, and the napola it offers."""
        errors = list(errors)
        for error in errors:
            side = SidePath.parse(error.field)
            run = error.napola_offer
            if side is not None and run is not None and side.side < len(self.sides):
                self.napola_offers[side.side] = run
        return super().add_input_errors(errors)

    def set_sides(self, names: list[str]) -> None:
        """Label the one-tap choices with the sides' names."""
        sides = [SelectChoice(str(i), name) for i, name in enumerate(names)]
        self.settebello.choices = sides
        self.re_bello.choices = sides
        self.primiera.choices = [
            *sides,
            SelectChoice(PRIMIERA_NOBODY, _l("Nobody")),
            SelectChoice(PRIMIERA_FROM_CARDS, _l("Decide from the best cards")),
        ]

    def validate(self, extra_validators: Any = None) -> bool:
        """Whole numbers only; a count left blank on one side alone is the rest of the
        deck (`fill_the_rest`)."""
        ok = bool(super().validate(extra_validators))
        subforms = [entry.form for entry in self.sides]
        for name, whole in WHOLE_DECK.items():
            fill_the_rest([sub[name] for sub in subforms], whole)
        for i, sub in enumerate(subforms):
            for best in sub.best_fields():
                # Shown with the side's best cards (the pickers have no error list).
                self.hand_errors.setdefault(f"sides[{i}].primiera_cards", []).extend(best.errors)
            ok = sub.require_counts() and ok
        return ok

    def error_field(self, path: str) -> Any:
        """A side's count (``sides[i].denari``) is its input; who holds the settebello or
        re bello, and who took the primiera, is the one-tap group."""
        side = SidePath.parse(path)
        if side is not None and side.side < len(self.sides):
            if side.name in SIDE_NUMBERS:
                return self.sides[side.side][side.name]
            return self[side.name] if side.name in ("settebello", "re_bello") else None
        return self[path] if path in ("settebello", "re_bello", "primiera") else None

    def error_group(self, path: str) -> str:
        """Anything else of a side under ``sides[i].<name>`` (``sides[i].primiera_cards``),
        of the hand as a whole under its path (``cards``, ``denari``, ``napola``...)."""
        side = SidePath.parse(path)
        if side is not None and side.side < len(self.sides):
            return f"sides[{side.side}].{side.name}"
        return path

    def error_lines(self, names: Sequence[str], rules: Rules) -> list[ErrorLine]:
        """Every message of a refused hand, in the order of the page, each with the field it
        leads to: the hand's own, each side's numbers, the sides' totals (to the first
        side's box), the one-tap choices (to their first option), the best cards."""
        hand = self.hand_errors
        lines = [ErrorLine("", m) for m in hand.get("", []) + hand.get("sides", [])]
        shown = {"", "sides"}
        subforms = [entry.form for entry in self.sides]
        for i, sub in enumerate(subforms):
            for field in (sub.cards, sub.denari, sub.scope, sub.napola_run):
                target = field.id if field is not sub.napola_run or rules.napola else None
                where = f"{names[i]} · {field.label.text}"
                lines += [ErrorLine(where, str(m), target) for m in field.errors]
        for name, group in (
            ("cards", "cards"),
            ("denari", "denari"),
            ("scope", "scope"),
            ("napola_run", "napola"),
        ):
            first = subforms[0][name]
            target = first.id if name != "napola_run" or rules.napola else None
            lines += [ErrorLine(str(first.label.text), m, target) for m in hand.get(group, [])]
            shown.add(group)
        choices = [self.settebello, self.re_bello, self.primiera]
        for choice in choices:
            target = f"{choice.id}-0" if choice is not self.re_bello or rules.re_bello else None
            lines += [ErrorLine(str(choice.label.text), str(m), target) for m in choice.errors]
        for i, sub in enumerate(subforms):
            group = f"sides[{i}].primiera_cards"
            where = f"{names[i]} · {_l('Best cards')}"
            lines += [ErrorLine(where, m, sub.best_D.id) for m in hand.get(group, [])]
            shown.add(group)
        for group, messages in hand.items():
            if group not in shown:
                lines += [ErrorLine("", m) for m in messages]
        return lines

    def to_entry(self, re_bello: bool) -> CountsEntry:
        """The hand as the scoring package's counts entry."""
        from_cards = self.primiera.data == PRIMIERA_FROM_CARDS
        sides = []
        for i, entry in enumerate(self.sides):
            sub = entry.form
            sides.append(
                SideCounts(
                    # An empty field is None: the scoring package's checks refuse it
                    # (``not_whole_number``), as they refuse any count that is not one.
                    cards=cast("int", sub.cards.data),
                    denari=cast("int", sub.denari.data),
                    settebello=self.settebello.data == str(i),
                    re_bello=re_bello and self.re_bello.data == str(i),
                    napola_run=sub.napola_run.data or 0,
                    scope=sub.scope.data or 0,
                    primiera_cards=sub.primiera_cards() if from_cards else None,
                )
            )
        return CountsEntry(tuple(sides), self._primiera_winner())

    def _primiera_winner(self) -> int | None:
        choice = self.primiera.data
        if choice in (PRIMIERA_NOBODY, PRIMIERA_FROM_CARDS):
            return None
        if choice is not None and choice.isdigit():
            return int(choice)
        return PRIMIERA_UNCHOSEN

    @classmethod
    def data_from_entry(cls, entry: CountsEntry) -> dict[str, Any]:
        """Form data that shows a stored counts entry again (for editing)."""
        from_cards = any(side.primiera_cards is not None for side in entry.sides)
        sides = []
        settebello = re_bello = None
        for i, side in enumerate(entry.sides):
            row: dict[str, Any] = {
                "cards": side.cards,
                "denari": side.denari,
                # 0 is shown as the empty box's hint, as on a new hand.
                "scope": side.scope or None,
                "napola_run": side.napola_run or None,
            }
            for card in side.primiera_cards or ():
                row[f"best_{card.suit.letter}"] = card.code
            sides.append(row)
            if side.settebello:
                settebello = str(i)
            if side.re_bello:
                re_bello = str(i)
        if from_cards:
            choice = PRIMIERA_FROM_CARDS
        else:
            choice = PRIMIERA_NOBODY if entry.primiera is None else str(entry.primiera)
        return {"sides": sides, "settebello": settebello, "re_bello": re_bello, "primiera": choice}


@cache
def _counts_form_class(sides: int) -> type[CountsForm]:
    return type(
        f"CountsForm{sides}",
        (CountsForm,),
        {"sides": FieldList(FormField(BoardSideForm), min_entries=sides, max_entries=sides)},
    )


def counts_form(names: list[str], **kwargs: Any) -> CountsForm:
    """A counts form for a game whose sides are ``names``."""
    form = _counts_form_class(len(names))(**kwargs)
    form.set_sides(names)
    return form


class CardsForm(HandFormBase):
    """A hand card by card: the shared card grid (one checkbox per card and side,
    ``s0``, ``s1``...) and the scope of each side (see :func:`cards_form`)."""

    scope: FieldList[WholeNumberField]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names: list[str] = []
        #: The grid as sent (set by the view on a POST).
        self.grid: GridRead | None = None
        #: The cards of a stored hand, shown when the form is opened to correct it.
        self.stored_cards: list[frozenset[str]] = []

    def grid_sides(self) -> list[GridSide]:
        """The card grid's sides: what was sent, else the stored hand, with the messages."""
        sides = []
        for i, (field, label) in enumerate(zip(self.grid_names(), self.names, strict=True)):
            errors: list[str] = []
            cards: frozenset[str] = frozenset()
            if self.grid is not None:
                cards, errors = upper_codes(self.grid.texts[i]), list(self.grid.errors[i])
            elif self.stored_cards:
                cards = self.stored_cards[i]
            errors += self.hand_errors.get(f"sides[{i}].cards", [])
            last = i == len(self.names) - 1
            rest = REST_FIELD if last and len(self.names) == 2 else None
            sides.append(GridSide(field, label, cards, tuple(errors), rest_name=rest))
        return sides

    def error_lines(self, grid_id: str) -> list[ErrorLine]:
        """Every message of a refused hand, in the order of the page, each with where it
        leads: the hand's own (nowhere), each side's cards (to the card grid, ``grid_id``),
        each side's scope (to its box), the sides' scope together (to the first box)."""
        hand = self.hand_errors
        lines = [ErrorLine("", m) for m in hand.get("", []) + hand.get("sides", [])]
        shown = {"", "sides", "scope"}
        for side in self.grid_sides():
            lines += [ErrorLine(side.label, m, grid_id) for m in side.errors]
        shown |= {f"sides[{i}].cards" for i in range(len(self.names))}
        for name, field in zip(self.names, self.scope, strict=True):
            lines += [ErrorLine(name, str(m), field.id) for m in field.errors]
        first = self.scope[0]
        lines += [ErrorLine(str(_l("Scope")), m, first.id) for m in hand.get("scope", [])]
        for group, messages in hand.items():
            if group not in shown:
                lines += [ErrorLine("", m) for m in messages]
        return lines

    def error_field(self, path: str) -> Any:
        """A side's scope errors go next to its scope."""
        side = SidePath.parse(path)
        if side is not None and side.name == "scope" and side.side < len(self.scope):
            return self.scope[side.side]
        return None

    def error_group(self, path: str) -> str:
        """A side's card errors go under ``sides[i].cards``, shown in that side's grid."""
        side = SidePath.parse(path)
        return f"sides[{side.side}].cards" if side is not None else path

    def grid_names(self) -> list[str]:
        """The grid's field name of each side."""
        return [f"s{i}" for i in range(len(self.scope))]

    def read(self, formdata: MultiDict[str, str]) -> GridRead:
        """The cards sent for each side; the last side's "all the remaining cards"
        box gives it every card no other side took."""
        names = self.grid_names()
        if formdata.get(REST_FIELD):
            taken = [_card(text) for name in names[:-1] for text in side_texts(formdata, name)]
            rest = rest_of_deck([[card for card in taken if card is not None]])
            formdata = MultiDict(formdata)
            formdata.setlist(names[-1], [card.code for card in rest])
        return read_grid(formdata, names)

    def to_entry(self, piles: Sequence[Sequence[Card]]) -> CardsEntry:
        """The hand as the scoring package's cards entry."""
        return CardsEntry.of(piles, [field.data or 0 for field in self.scope])

    @classmethod
    def data_from_entry(cls, entry: CardsEntry) -> dict[str, Any]:
        """Form data that shows a stored cards entry again (the scope, 0 as the empty box's
        hint; cards go to the grid)."""
        return {"scope": [side.scope or None for side in entry.sides]}

    def show_stored(self, entry: CardsEntry) -> None:
        """Show a stored hand's cards in the grid."""
        self.stored_cards = [frozenset(card.code for card in side.cards) for side in entry.sides]


def _card(text: str) -> Card | None:
    """The card ``text`` names, if it names one (the grid reports the others)."""
    try:
        return Card.parse(text)
    except CardError:
        return None


@cache
def _cards_form_class(sides: int) -> type[CardsForm]:
    scope = WholeNumberField(_l("Scope"), validators=[Optional()], render_kw=ZERO_COUNT_INPUT)
    return type(
        f"CardsForm{sides}",
        (CardsForm,),
        {"scope": FieldList(scope, min_entries=sides, max_entries=sides)},
    )


def cards_form(names: list[str], **kwargs: Any) -> CardsForm:
    """A cards form for a game whose sides are ``names``."""
    form = _cards_form_class(len(names))(**kwargs)
    form.names = names
    for name, field in zip(names, form.scope, strict=True):
        field.label.text = _l("Scope of %(name)s", name=name)
    return form


#: The longest reason a referee gives.
REASON_MAX = 500


class ConfirmForm(HandFormBase):
    """A side's "Confermiamo" (or "Contestiamo") button: its own key, and the side or
    sides it speaks for (``side``, repeated; read by the view, which knows the link)."""


class ScannedForm(ConfirmForm):
    """A side's "Confermiamo" of a hand scanned from the other phone's QR (games.scanned):
    the hand's client id and the digest of its points; ``number`` is the hand's number
    as the other phone showed it."""

    hand = HiddenField(validators=[InputRequired(), Length(max=REQUEST_ID_MAX)])
    digest = HiddenField(
        validators=[InputRequired(), Length(max=200), Regexp(r"^[0-9]{1,3}(?:[._][0-9]{1,3})*$")]
    )


class ClaimForm(HandFormBase):
    """A side's "We're out" (chiamarsi fuori): its own key, the hand being played
    (``number``) and the side (``side``, the button tapped; read by the view)."""


class ResolveForm(AppForm):
    """A referee's word on a disputed hand: which version stands, and why."""

    version = RadioField(_l("Which version stands"), default="entered")
    reason = TextAreaField(
        _l("Reason"),
        validators=[
            InputRequired(message=_l("Say why: the history keeps it.")),
            Length(max=REASON_MAX, message=_l("At most %(max)d characters.", max=REASON_MAX)),
        ],
    )
