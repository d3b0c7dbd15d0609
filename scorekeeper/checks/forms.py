"""The checkers' GET forms (no CSRF: they change nothing and their state is the URL)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, RadioField, SelectChoice
from wtforms.validators import NumberRange

from scorekeeper.checks.labels import SUM_CHOICE_LABELS
from scorekeeper.scoring import SumChoice


class CheckForm(FlaskForm):
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


class CaptureForm(CheckForm):
    """The capture checker's settings: which sums are allowed, and whether it is the last play."""

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
