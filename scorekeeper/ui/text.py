"""What text and numbers from people may be: translated text that is never markup, text
without control characters, numbers a database holds.

Translated text is text, never markup: this is the one lazy translation the app uses.

Flask-Babel's ``LazyString`` says it is safe markup (its ``__html__`` returns the text as
it is), so Jinja, WTForms labels and choices and ``Markup`` put it into a page unescaped:
a label such as ``_l("Scope of %(name)s", name=player)`` would carry a player's name
into the page as HTML. No catalog entry holds markup, so `lazy_gettext` here makes a
`LazyText`, escaped wherever it meets HTML, whatever the values put into it.
Ruff's banned-api setting (pyproject.toml) keeps Flask-Babel's own out of the app.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from flask_babel import gettext
from flask_babel.speaklater import LazyString
from markupsafe import Markup, escape


class LazyText(LazyString):
    """A translation made when it is used, that is plain text in HTML (escaped)."""

    def __html__(self) -> Markup:
        return escape(str(self))


def lazy_gettext(string: str, **variables: Any) -> LazyString:
    """`gettext` when the text is used (a form's label, a validator's message), escaped in
    HTML like any other text."""
    return LazyText(gettext, string, **variables)


#: What a database integer holds (PostgreSQL's BIGINT, SQLite's INTEGER): a URL, a query or
#: a form's number beyond it names nothing stored and is refused before any query.
INT_MIN = -(2**63)
INT_MAX = 2**63 - 1
#: Control characters that a text typed into a box may hold (a note's lines).
TEXT_WHITESPACE = frozenset("\t\n\r")


def has_control_characters(text: str, allowed: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` holds a control character (NUL, escape, DEL...) other than
    ``allowed``, or a lone surrogate: what no database column of text should take
    (PostgreSQL refuses NUL, so SQLite must refuse it too)."""
    return any(unicodedata.category(char) in ("Cc", "Cs") and char not in allowed for char in text)


def bounded_int(text: str) -> int:
    """``text`` as a whole number a database column can hold; ``ValueError`` otherwise
    (``request.args.get("season", type=bounded_int)``: a number too large is no number)."""
    value = int(text)
    if not INT_MIN <= value <= INT_MAX:
        raise ValueError(f"{text!r} is beyond a database integer")
    return value
