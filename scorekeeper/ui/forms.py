"""The base of every form of the app, and the empty form of a button that POSTs.

A service refuses with errors that name a field by a path: a field's name (a league
service's ``LeagueError.field``) or the scoring package's ``sides[1].denari`` (see
`scorekeeper.ui.messages`). :meth:`AppForm.add_errors` is the one way they reach the page:
each message goes next to the field its path names, the others are handed back, by
group, for the page to show about the form as a whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from babel.support import NullTranslations, Translations
from flask import current_app, flash
from flask_babel import get_locale
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    FormField,
    RadioField,
    StringField,
    TextAreaField,
)
from wtforms import IntegerField as WTFormsIntegerField  # noqa: TID251 (the one wrapper)
from wtforms.i18n import messages_path
from wtforms.validators import StopValidation
from wtforms.widgets import TextInput

from scorekeeper.scoring import (
    FORMATS,
    RULE_SETS,
    TWO_CLEAR,
    AssoOnAsso,
    AssoSweep,
    ErrorCode,
    InputError,
    Rules,
    RuleSet,
)
from scorekeeper.ui.choices import SelectChoice
from scorekeeper.ui.labels import (
    ASSO_ON_ASSO_LABELS,
    ASSO_SWEEP_LABELS,
    GAME_VARIANT_LABELS,
    SETTING_LABELS,
    TWO_CLEAR_HINT,
    TWO_CLEAR_LABEL,
    VARIANT_LABELS,
    format_label,
    rule_set_choices,
)
from scorekeeper.ui.messages import error_message, messages_by_field
from scorekeeper.ui.text import (
    TEXT_WHITESPACE,
    bounded_int,
    display_name,
    has_control_characters,
    name_problem,
)
from scorekeeper.ui.text import lazy_gettext as _l

#: A field's text holds a control character (NUL...): said next to the field.
CONTROL_CHARACTERS = _l("Remove the control characters (such as NUL) from this text.")
#: A number too large for any count, id or setting of the app.
NUMBER_TOO_LARGE = _l("This number is too large.")


class IntegerField(WTFormsIntegerField):
    """WTForms' `IntegerField` that refuses a number no database integer holds (with a
    message next to the field), whatever the field's own range: the app's one integer
    field (Ruff's banned-api keeps WTForms' own out)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        super().process_formdata(valuelist)
        self.check_bounds()

    def check_bounds(self) -> None:
        """Refuse (``ValueError``, shown next to the field) a number read beyond a
        database integer."""
        if self.data is not None:
            try:
                bounded_int(str(self.data))
            except ValueError:
                self.data = None
                raise ValueError(str(NUMBER_TOO_LARGE)) from None


class WholeNumberField(IntegerField):
    """A count a player types (cards, denari, scope, a napola run), in a text box that
    keeps what was typed when it is wrong, read as a whole number.

    Refuses anything else with the scoring package's own words ("'x' is not a whole
    number"): the message the API and the phone's scorer give for the same count.
    """

    widget = TextInput()

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist or not str(valuelist[0]).strip():
            return
        text = str(valuelist[0]).strip()
        try:
            self.data = int(text)
        except ValueError:
            raise ValueError(
                error_message(InputError(ErrorCode.NOT_WHOLE_NUMBER, params={"text": text}))
            ) from None
        self.check_bounds()


#: Why a name is refused (`scorekeeper.ui.text.name_problem`), said next to the field.
NAME_PROBLEMS = {
    "invisible": _l(
        "Remove the invisible characters (such as a right-to-left mark or a zero-width "
        "space) from this name."
    ),
    "blank": _l("A name needs at least one visible character."),
}


class NameField(StringField):
    """A name a person gives (a player, a league, a season, a username): kept in NFC,
    refused with a message when it holds invisible characters or shows nothing, before
    the form's other checks (those that ask the database)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        super().process_formdata(valuelist)
        if self.data:
            self.data = display_name(self.data)

    def pre_validate(self, _form: Any) -> None:
        """Refuse a name with invisible characters, or one that shows nothing."""
        problem = name_problem(self.data or "")
        if problem is not None:
            raise StopValidation(str(NAME_PROBLEMS[problem]))


def text_fields(fields: Iterable[Field]) -> Iterator[Field]:
    """Every field of text among ``fields``, also inside lists and sub-forms."""
    for field in fields:
        if isinstance(field, FieldList):
            yield from text_fields(field.entries)
        elif isinstance(field, FormField):
            yield from text_fields(field.form)
        elif isinstance(field, StringField):
            yield field


@lru_cache(maxsize=8)
def _wtforms_catalog(locale: str) -> NullTranslations:
    """WTForms' own messages ("Not a valid integer value.") in ``locale``: read from disk
    once per language (Flask-WTF reads and parses the catalog again on every request)."""
    return Translations.load(messages_path(), [locale], domain="wtforms")


class AppForm(FlaskForm):
    """Base of the app's forms: a refusal shown next to the fields it is about.

    Subclasses say which field a path names (`error_field`) and under which group the
    messages of no field are kept (`error_group`).
    """

    class Meta(FlaskForm.Meta):  # type: ignore[misc]  # Flask-WTF is untyped
        def get_translations(self, form: Any) -> Any:
            """WTForms' messages in the page's language, as Flask-WTF gives them."""
            if not current_app.config.get("WTF_I18N_ENABLED", True):
                return super().get_translations(form)
            return _wtforms_catalog(str(get_locale()))

    def validate(self, extra_validators: Any = None) -> bool:
        """Refuse text with control characters before any other check (and so before any
        check that asks the database), next to its field; then the form's own checks."""
        refused = [field for field in text_fields(self) if _holds_control_characters(field)]
        if not refused:
            return bool(super().validate(extra_validators))
        for field in text_fields(self):
            field.errors = [CONTROL_CHARACTERS] if field in refused else []
        return False

    @property
    def page_status(self) -> int:
        """The status of a page that shows this form: 422 when it was sent and refused
        (a view redirects when it is accepted), 200 when it is only being shown."""
        return 422 if self.is_submitted() else 200

    def add_errors(self, by_path: Mapping[str, Iterable[str]]) -> dict[str, list[str]]:
        """Put each message next to the field its path names; return the rest by group."""
        rest: dict[str, list[str]] = {}
        for path, messages in by_path.items():
            field = self.error_field(path)
            if field is None:
                rest.setdefault(self.error_group(path), []).extend(messages)
            else:
                field.errors = [*field.errors, *messages]
        return rest

    def add_input_errors(self, errors: Iterable[InputError]) -> dict[str, list[str]]:
        """`add_errors` for the scoring package's errors (an ``InvalidHand``'s), translated."""
        return self.add_errors(messages_by_field(errors))

    def error_field(self, path: str) -> Any:
        """The field ``path`` names, or ``None``: here the field of that name."""
        return self._fields.get(path) if path else None

    def error_group(self, path: str) -> str:
        """Where the messages about ``path`` go when no field takes them: here the path."""
        return path


def _holds_control_characters(field: Field) -> bool:
    allowed = TEXT_WHITESPACE if isinstance(field, TextAreaField) else frozenset()
    return isinstance(field.data, str) and has_control_characters(field.data, allowed)


class ButtonForm(AppForm):
    """The empty form of a button that POSTs (log out, remove, archive...): its CSRF token."""


class VariantSwitches:
    """A form's switches of the variants, one `BooleanField` per entry of
    `~scorekeeper.ui.labels.VARIANT_LABELS`, named as the setting of ``Rules``: a form
    that chooses rules has them all (`add_variant_fields`), its template draws
    `variant_fields`."""

    def variant_fields(self) -> list[Field]:
        """The switches, in the order the forms show them (two clear points last)."""
        names = (*VARIANT_LABELS, *GAME_VARIANT_LABELS, TWO_CLEAR_FIELD)
        return [self[name] for name in names if name in self]  # type: ignore[index,operator]

    def chosen_variants(self) -> dict[str, Any]:
        """Each variant switched on or off, by its ``Rules`` name, and the margin of two
        clear points on or off (for ``Rules(**...)``)."""
        chosen: dict[str, Any] = {}
        for field in self.variant_fields():
            if field.name == TWO_CLEAR_FIELD:
                chosen["margin"] = TWO_CLEAR if field.data else 1
            else:
                chosen[field.name] = bool(field.data)
        return chosen

    @staticmethod
    def variant_data(rules: Rules) -> dict[str, Any]:
        """The switches' values showing ``rules`` (a form's ``data``)."""
        data: dict[str, Any] = {name: getattr(rules, name) for name in VARIANT_LABELS}
        data |= {name: getattr(rules, name) for name in GAME_VARIANT_LABELS}
        data[TWO_CLEAR_FIELD] = rules.margin >= TWO_CLEAR
        return data


#: The name of the switch of two clear points (:attr:`~scorekeeper.scoring.Rules.margin`).
TWO_CLEAR_FIELD = "two_clear"


def add_variant_fields(form_class: type[VariantSwitches], *, checker: bool = False) -> None:
    """Give ``form_class`` a switch per variant, labelled for a game's or league's rules or
    (``checker``) for the hand checker."""
    for name, labels in VARIANT_LABELS.items():
        setattr(form_class, name, BooleanField(labels[1] if checker else labels[0]))
    if not checker:  # a game's own settings: nothing to check in one hand
        for name, (label, _short) in GAME_VARIANT_LABELS.items():
            setattr(form_class, name, BooleanField(label))
        setattr(
            form_class,
            TWO_CLEAR_FIELD,
            BooleanField(TWO_CLEAR_LABEL, description=TWO_CLEAR_HINT),
        )


class RuleSetFields:
    """A form's choice of a rule set (`~scorekeeper.scoring.RULE_SETS`) with asso
    pigliatutto's house choices (used only with a rule set that plays it): the new game's,
    a league's and a tournament's forms have them (`add_rule_set_fields`); the template
    draws `rule_set_fields`. A form with a ``format`` field has it checked against the
    rule set (`check_rule_set_format`)."""

    def rule_set_fields(self) -> list[Field]:
        """The rule set, then the house choices, in the order the forms show them."""
        return [self[name] for name in ("rule_set", "asso_sweep", "asso_on_asso")]  # type: ignore[index]

    def chosen_rule_set(self) -> RuleSet:
        """The rule set chosen (Scopa when the field holds none the app knows)."""
        return RULE_SETS.get(self["rule_set"].data or "", RULE_SETS["scopa"])  # type: ignore[index]

    def chosen_rule_set_settings(self) -> dict[str, Any]:
        """The rule set and, when it plays asso pigliatutto, the house choices (for
        ``Rules(**...)``)."""
        chosen = self.chosen_rule_set()
        settings: dict[str, Any] = {"rule_set": chosen}
        if chosen.pigliatutto:
            sweep, on_asso = self["asso_sweep"].data, self["asso_on_asso"].data  # type: ignore[index]
            settings["asso_sweep"] = AssoSweep(sweep) if sweep in _SWEEPS else AssoSweep.NOT_SCOPA
            settings["asso_on_asso"] = (
                AssoOnAsso(on_asso) if on_asso in _ON_ASSO else AssoOnAsso.TAKES_ASSO
            )
        return settings

    def check_rule_set_format(self, format_field: Field) -> bool:
        """Whether the chosen format is one the rule set is played at; if not, say which
        next to ``format_field``."""
        chosen = self.chosen_rule_set()
        if format_field.data in chosen.formats:
            return True
        seatings = ", ".join(format_label(FORMATS[key]) for key in chosen.formats)
        message = _l("%(game)s is played with: %(formats)s", game=chosen.name, formats=seatings)
        format_field.errors = [*format_field.errors, message]
        return False


_SWEEPS = frozenset(choice.value for choice in AssoSweep)
_ON_ASSO = frozenset(choice.value for choice in AssoOnAsso)


def add_rule_set_fields(form_class: type[RuleSetFields]) -> None:
    """Give ``form_class`` its rule set field and asso pigliatutto's house choices."""
    form_class.rule_set = RadioField(  # type: ignore[attr-defined]
        SETTING_LABELS["rule_set"][0], choices=rule_set_choices(), default="scopa"
    )
    form_class.asso_sweep = RadioField(  # type: ignore[attr-defined]
        SETTING_LABELS["asso_sweep"][0],
        choices=[SelectChoice(c.value, label) for c, label in ASSO_SWEEP_LABELS.items()],
        default=AssoSweep.NOT_SCOPA.value,
    )
    form_class.asso_on_asso = RadioField(  # type: ignore[attr-defined]
        SETTING_LABELS["asso_on_asso"][0],
        choices=[SelectChoice(c.value, label) for c, label in ASSO_ON_ASSO_LABELS.items()],
        default=AssoOnAsso.TAKES_ASSO.value,
    )


def show_refusal(field: str, message: str, form: AppForm | None = None) -> None:
    """A service's refusal (about ``field``, "" for none) next to its field of ``form``,
    or as a flash message when the page has no such field."""
    if form is None or form.add_errors({field: [message]}):
        flash(message, "error")
