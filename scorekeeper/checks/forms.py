"""The checkers' GET forms (no CSRF: they change nothing and their state is the URL)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField
from wtforms.validators import NumberRange


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
