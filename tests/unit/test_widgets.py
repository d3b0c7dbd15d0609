"""The faster select widget draws exactly what WTForms' own draws."""

from __future__ import annotations

import pytest
from wtforms import Form, SelectField
from wtforms.widgets import Select

from scorekeeper.ui.choices import SelectChoice
from scorekeeper.ui.widgets import StaticOptionsSelect

CHOICES = [
    SelectChoice("", "—"),
    SelectChoice("7D", "7D"),
    SelectChoice('"><b>', "<b>&</b>"),  # escaped alike
    SelectChoice("10D", "10D", render_kw={"data-x": "1"}),  # drawn by WTForms itself
]


class Pickers(Form):
    """The same field twice: WTForms' widget, and the cached one."""

    plain = SelectField(choices=CHOICES, widget=Select())
    cached = SelectField(choices=CHOICES, widget=StaticOptionsSelect())


@pytest.mark.parametrize("chosen", ["", "7D", '"><b>', "10D", "nothing"])
def test_the_cached_select_draws_what_wtforms_draws(chosen: str) -> None:
    form = Pickers(data={"plain": chosen, "cached": chosen})
    for _ in range(2):  # the second time from the cache
        plain = str(form.plain(id="x")).replace('name="plain"', 'name="cached"')
        assert str(form.cached(id="x")) == plain
