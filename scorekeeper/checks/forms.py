"""The checkers' GET forms (no CSRF: they change nothing and their state is the URL)."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    FormField,
    RadioField,
    SelectField,
    StringField,
)
from wtforms.fields.core import UnboundField
from wtforms.form import BaseForm
from wtforms.validators import NumberRange

from scorekeeper.games.forms import SideCountsForm
from scorekeeper.scoring import FORMATS, Category, Pigliatutto, Rules, SumChoice
from scorekeeper.ui.choices import SelectChoice
from scorekeeper.ui.forms import (
    AppForm,
    IntegerField,
    RuleSetFields,
    VariantSwitches,
    add_rule_set_fields,
    add_variant_fields,
)
from scorekeeper.ui.labels import SUM_CHOICE_LABELS, format_choices
from scorekeeper.ui.messages import SIDE_NUMBERS, SidePath
from scorekeeper.ui.text import lazy_gettext as _l


class CheckForm(AppForm):
    """Base of the checkers' forms: read from the query string, no CSRF token."""

    class Meta:
        csrf = False


class PrimieraForm(CheckForm):
    """How many piles to compare."""

    sides = IntegerField(
        _l("Sides"),
        default=2,
        validators=[NumberRange(1, 4, message=_l("Choose between 1 and 4 sides."))],
    )


class CaptureForm(RuleSetFields, CheckForm):
    """The capture checker's settings: the rule set (``?rule_set=scopa-d-assi``, with its
    house choices), which sums are allowed, and whether it is the last play."""

    sum_choice = RadioField(
        _l("Which sum may be taken"),
        choices=[SelectChoice(choice.value, SUM_CHOICE_LABELS[choice]) for choice in SumChoice],
        default=SumChoice.FREE.value,
    )
    last_play = BooleanField(_l("Last play of the hand"))

    @property
    def choice(self) -> SumChoice:
        """The sum setting chosen (the default when the form is invalid)."""
        valid = {choice.value for choice in SumChoice}
        return SumChoice(self.sum_choice.data if self.sum_choice.data in valid else "free")

    @property
    def pigliatutto(self) -> Pigliatutto | None:
        """Asso pigliatutto as chosen, or ``None`` for a rule set without it."""
        settings = self.chosen_rule_set_settings()
        if not settings["rule_set"].pigliatutto:
            return None
        return Pigliatutto(settings["asso_sweep"], settings["asso_on_asso"])


add_rule_set_fields(CaptureForm)


#: The categories' names: a variant of the same name has inputs of its own.
CATEGORY_NAMES = frozenset(category.value for category in Category)
MAX_SIDES = max(fmt.sides for fmt in FORMATS.values())
MODES = ("cards", "counts")
#: Where the messages of no field go: the hand checker's groups of fields.
_GROUPS = {"primiera_cards": "primiera", "sides": "grid", "": "grid"}


class CheckedSideForm(SideCountsForm):
    """One side of the hand checker: its numbers, and its best cards typed as text
    (``7D 6C 1B 5S``).

    Its fields are named as the checker's URL names them, the side's number after the
    field's name (``cards0``, ``best1``), not as a list of sub-forms would
    (``sides-0-cards``): links to a hand (a game's "open in the checker") stay as they are.
    """

    best = StringField(_l("Best cards"))

    class Meta:
        def bind_field(
            self, form: BaseForm, unbound_field: UnboundField[Field], options: dict[str, Any]
        ) -> Field:
            """``cards0`` for the field ``cards`` of the sub-form ``sides-0``."""
            side = str(options["prefix"]).rstrip("-").rsplit("-", 1)[-1]
            options = {**options, "name": f"{options['name']}{side}", "prefix": ""}
            return unbound_field.bind(form=form, **options)


class HandForm(RuleSetFields, VariantSwitches, CheckForm):
    """The hand checker: how the hand is entered, the rules, and each side's numbers.

    ``sides`` holds a `CheckedSideForm` for every possible side (``scope0``, ``cards0``,
    ``denari0``, ``napola_run0``, ``best0``...); the view shows and checks only those
    of the sides the format has. Who holds the settebello or re bello and
    who took the primiera are side numbers (``"0"``...), ``"none"`` for nobody.
    """

    mode = RadioField(
        _l("Enter the hand"),
        choices=[
            SelectChoice("cards", _l("Card by card")),
            SelectChoice("counts", _l("As counts")),
        ],
        default="cards",
    )
    format = SelectField(
        _l("Players"),
        choices=format_choices(),
        default="2",
    )
    settebello = StringField(_l("Settebello"))
    re_bello_holder = StringField(_l("Re bello"))
    primiera = StringField(_l("Primiera"))
    sides = FieldList(FormField(CheckedSideForm), min_entries=MAX_SIDES, max_entries=MAX_SIDES)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The query string the form was read from (see `from_args`).
        self.args: MultiDict[str, str] = MultiDict()

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> HandForm:
        """The form read from a URL's query string; ``sides=2|3|4`` stands for a format of
        individual players when no ``format`` is given."""
        formdata = args.copy()
        if "format" not in formdata and formdata.get("sides") in FORMATS:
            formdata["format"] = formdata["sides"]
        form = cls(formdata)
        form.args = formdata
        return form

    def side(self, side: int) -> CheckedSideForm:
        """The numbers and best cards of side ``side`` (its ``cards`` field is ``cards1``
        for side 1)."""
        form: CheckedSideForm = self.sides[side].form
        return form

    def rules(self) -> Rules:
        """The rules chosen on the form (``?rule_set=scopone-scientifico``: Scopa when it
        names none; the rule set's own format when the format is not one of its)."""
        chosen = self.chosen_rule_set()
        key = self.format.data if self.format.data in chosen.formats else chosen.default_format
        return Rules(
            format=FORMATS[key], **self.chosen_variants(), **self.chosen_rule_set_settings()
        )

    @staticmethod
    def reloads(variant: str) -> bool:
        """Whether switching ``variant`` redraws the form: it does when the variant scores
        a category of its own (napola, re bello), whose inputs then appear."""
        return variant in CATEGORY_NAMES

    @property
    def entry_mode(self) -> str:
        """How the hand is entered, ``"cards"`` or ``"counts"`` (cards when unknown)."""
        return self.mode.data if self.mode.data in MODES else "cards"

    def error_field(self, path: str) -> Any:
        """A side's number is its field (``denari1``); one of its best cards, or a card of
        a hand entered as counts, its best-cards field; a card on the grid has none."""
        side = SidePath.parse(path)
        if side is None:
            return None
        if side.item is not None and self.entry_mode == "cards":
            return None
        if side.item is not None or side.name == "primiera_cards":
            return self.side(side.side).best
        return self.side(side.side)[side.name] if side.name in SIDE_NUMBERS else None

    def error_group(self, path: str) -> str:
        """A card on the grid goes to that side's grid (``sides[i].cards``), the rest to
        their group (``"grid"`` for the hand as a whole, ``"settebello"``, ``"primiera"``...)."""
        side = SidePath.parse(path)
        if side is None:
            return _GROUPS.get(path, path)
        if side.item is not None:
            return f"sides[{side.side}].cards"
        return _GROUPS.get(side.name, side.name)


add_variant_fields(HandForm, checker=True)
add_rule_set_fields(HandForm)
