"""The faster select widget draws what WTForms' own draws: the same options, values,
labels and choice; an option whose value is its label, a plain word, without its value
and its end tag."""

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
        short = plain.replace('<option selected value="7D">7D</option>', "<option selected>7D")
        assert str(form.cached(id="x")) == short.replace(
            '<option value="7D">7D</option>', "<option>7D"
        )
    assert "<option>7D<option " in str(form.cached()) or chosen == "7D"


def test_an_option_without_its_value_is_its_label() -> None:
    """A plain word drawn without its value (a browser sends its text); an option with
    attributes of its own keeps it."""
    cached = str(Pickers(data={"cached": "7D"}).cached())
    assert "<option selected>7D<option " in cached
    assert '<option data-x="1" value="10D">10D</option>' in cached
