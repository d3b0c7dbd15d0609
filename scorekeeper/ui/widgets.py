"""WTForms widgets the pages need faster than WTForms draws them."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from markupsafe import Markup
from wtforms.widgets import Select

#: A label that is its option's value too, drawn without it (no escaping needed).
_WORD = re.compile(r"[A-Za-z0-9]+")


class StaticOptionsSelect(Select):
    """WTForms' `Select`, drawing each option whose label is plain text from a cache.

    The board's best-card pickers are 8 selects of 11 options each (a side per suit):
    drawn by WTForms option by option, they were a fifth of the board's server time. An
    option with a plain ``str`` label and no attributes of its own is the same markup
    every time (WTForms' own, computed once); any other option is drawn as WTForms does.
    An option whose value is its label, a plain word ("7D"), leaves its value out (HTML
    takes the text) and its end tag: the board's 80 such options were a twentieth of its
    first load.
    """

    # WTForms 3.3's signature (a `SelectChoice`); the stubs (types-WTForms 3.2) still
    # declare the one before, ``(value, label, selected)``.
    @classmethod
    def render_option(cls, choice: Any, **kwargs: Any) -> Markup:  # type: ignore[override]
        """The option's markup (``<option value=... selected>label</option>``)."""
        if kwargs or choice.render_kw or type(choice.label) is not str:
            return super().render_option(choice, **kwargs)
        return _plain_option(choice.value, choice.label, bool(choice.selected))


@cache
def _plain_option(value: Any, label: str, selected: bool) -> Markup:
    if isinstance(value, str) and value == label and _WORD.fullmatch(label):
        # HTML lets an option's end tag be left out: the next option or </select> ends it.
        return Markup(f"<option{' selected' if selected else ''}>{label}")  # noqa: S704  (a plain word)
    choice = _Choice(value, label, selected)
    return Select.render_option(choice)  # type: ignore[call-arg]


class _Choice:
    """What `Select.render_option` reads of a choice."""

    render_kw = None

    def __init__(self, value: Any, label: str, selected: bool) -> None:
        self.value, self.label, self.selected = value, label, selected
