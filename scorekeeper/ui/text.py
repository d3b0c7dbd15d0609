"""What text and numbers from people may be: translated text that is never markup, names
in NFC without invisible characters, usernames compared in NFKC, numbers a database holds.

Translated text is text, never markup: this is the one lazy translation the app uses.

Flask-Babel's ``LazyString`` says it is safe markup (its ``__html__`` returns the text as
it is), so Jinja, WTForms labels and choices and ``Markup`` put it into a page unescaped:
a label such as ``_l("Scope of %(name)s", name=player)`` would carry a player's name
into the page as HTML. No catalog entry holds markup, so `lazy_gettext` here makes a
`LazyText`, escaped wherever it meets HTML, whatever the values put into it.
Ruff's banned-api setting (pyproject.toml) keeps Flask-Babel's own out of the app.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any

from confusable_homoglyphs.confusables import confusables_data
from flask_babel.speaklater import LazyString
from markupsafe import Markup, escape

from scorekeeper.grammar import gettext


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


#: Unicode's control characters (category Cc: U+0000-001F, U+007F-009F, fixed since
#: Unicode 1.1) and the surrogates (Cs), one class: every field of every form and every
#: token in a URL is searched for them.
_CONTROL_OR_SURROGATE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def has_control_characters(text: str, allowed: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` holds a control character (NUL, escape, DEL...) other than
    ``allowed``, or a lone surrogate: what no database column of text should take
    (PostgreSQL refuses NUL, so SQLite must refuse it too)."""
    return any(char not in allowed for char in _CONTROL_OR_SURROGATE.findall(text))


def bounded_int(text: str) -> int:
    """``text`` as a whole number a database column can hold; ``ValueError`` otherwise
    (``request.args.get("season", type=bounded_int)``: a number too large is no number)."""
    value = int(text)
    if not INT_MIN <= value <= INT_MAX:
        raise ValueError(f"{text!r} is beyond a database integer")
    return value


#: Letters that show as nothing (Hangul fillers, the braille blank): a name of these alone
#: is invisible, though Unicode counts them as letters or symbols.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Categories a name may not hold: format characters (bidi overrides and isolates U+202A-E
#: and U+2066-9, zero-width spaces and joiners, the BOM, the soft hyphen), line and
#: paragraph separators, private use, surrogates, unassigned code points, controls.
REFUSED_IN_NAMES = frozenset({"Cf", "Zl", "Zp", "Co", "Cs", "Cn", "Cc"})
#: What shows nothing by itself: spaces, combining marks (and variation selectors).
INVISIBLE = frozenset({"Zs", "Mn", "Me"})


def display_name(text: str) -> str:
    """A name as stored and shown: Unicode NFC, so that one name is one string whether
    it was typed with a precomposed "è" or an "e" and a combining accent."""
    return unicodedata.normalize("NFC", text)


def name_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a name a person gives, as a code: ``"invisible"``
    (it holds a format character: a right-to-left override, a zero-width space...),
    ``"blank"`` (it shows nothing at all), or ``None`` when nothing is. Blank text is
    each form's own "type a name"."""
    if any(unicodedata.category(char) in REFUSED_IN_NAMES for char in text):
        return "invisible"
    if text.strip() and all(
        unicodedata.category(char) in INVISIBLE or char in BLANK_LETTERS for char in text
    ):
        return "blank"
    return None


def comparable_username(text: str) -> str:
    """The form two usernames are compared in: NFKC with case folded (Unicode's
    NFKC_Casefold, in the usual two steps): a full-width "ANNA", "Anna" and "anna" are one."""
    folded = unicodedata.normalize("NFKC", text.strip()).casefold()
    return unicodedata.normalize("NFKC", folded)


@cache
def _prototypes() -> dict[str, str]:
    """Each character that looks like another, with the one character or string it looks
    like: Unicode's confusables (UTS #39), as the ``confusable_homoglyphs`` package keeps
    them.

    The package keeps each pair both ways; UTS #39's prototypes are fixed points and each
    character that maps has one prototype, so a character with several lookalikes is a
    prototype, one with a single lookalike that has several maps to it, and of a pair
    that only look like each other the smaller stands for both (the same classes)."""
    pairs = {char: [other["c"] for other in found] for char, found in confusables_data.items()}
    table: dict[str, str] = {}
    for char, others in pairs.items():
        if len(char) != 1 or len(others) != 1:
            continue  # a prototype (or a string that only prototypes are confused with)
        other = others[0]
        if len(other) > 1 or len(pairs.get(other, ())) > 1 or other < char:
            table[char] = other
    return table


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: what it looks like. NFD, each character by the
    prototype it looks like, NFD again: "paolo", "pao1o" and "paolo" with a Cyrillic "a"
    have one skeleton."""
    table = _prototypes()
    looks = "".join(table.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", looks)
