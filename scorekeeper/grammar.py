"""Sentences a native speaker would write: the grammar the app's messages follow.

A translated sentence cannot hold three rules by itself, because they depend on the values
put into it:

- **A side's grammatical number.** A side of one player is singular, a pair or a team is
  plural: "Vince Anna!", "Vincono Anna e Carla!". A `Side` is a side as sentences name
  it, its players joined with "e" / "and" (never "&": `join_names`), and `side_gettext`
  takes the message's singular or plural by the number of its players.
- **Counts.** Every count shown is said through `ngettext`: "1 vinta", "2 vinte".
- **Numbers in the page's language**: "1,67" and "45%" in Italian (`decimal`,
  `percent`, `euros`; dates through Flask-Babel's ``dateformat`` filters).
- **Italian's prepositions and articles before a value.** The catalog writes the form a
  consonant takes ("ai %(target)s", "a %(side)s", "fino al %(run)s", "il %(card)s"); the
  value gives the form the sentence takes (`fit_words`): "ai 21", "agli 11", "agli 8",
  "all'1", "ad Anna", "fino all'8", "l'asso di coppe". A number is read as Italian says
  it (8 "otto", 11 "undici", 80 "ottanta": a vowel; 1 is singular), a word by its first
  letters ("lo" before s and a consonant, z, gn, ps...).

`gettext`, `ngettext` and `side_gettext` are the app's own (ruff's banned-api keeps
Flask-Babel's out of the app); the templates' ``_()``, ``ngettext()`` and
``side_gettext()`` follow the same rules (scorekeeper.locale).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from functools import lru_cache
from typing import Any, NamedTuple

from babel.lists import format_list
from babel.numbers import format_currency, format_decimal, format_percent
from flask_babel import get_locale, get_translations
from markupsafe import Markup, escape

#: The language of text made outside a request (the CLI, a background job): the
#: catalog's source, English.
SOURCE_LANGUAGE = "en"


def current_language() -> str:
    """The language of this request's pages ("it", "en"), else `SOURCE_LANGUAGE`."""
    locale = get_locale()
    return locale.language if locale is not None else SOURCE_LANGUAGE


# --------------------------------------------------------------------------- sides


def join_names(names: Sequence[str], language: str) -> str:
    """Names as a sentence lists them, in ``language``: "Anna", "Anna e Carla",
    "Anna, Bruno e Carla"; "Anna ed Elena" (Italian's "ed" before an "e"); in English
    "Anna and Carla", "Anna, Bruno, and Carla" (Unicode CLDR's lists, through Babel)."""
    if len(names) < 2:
        return "".join(names)
    values = {f"n{i}": name for i, name in enumerate(names)}
    pattern = format_list([f"%({key})s" for key in values], locale=language)
    return fit_words(pattern, values, language) % values


def and_list(names: Iterable[str]) -> Markup:
    """``names`` joined as a sentence lists them in the page's language (`join_names`),
    each escaped unless it is markup already (a link to a player): the templates'
    ``and_list`` filter."""
    escaped = [escape(name) for name in names]
    # Each name is escaped, and the words between them are Unicode CLDR's.
    return Markup(join_names(escaped, current_language()))  # noqa: S704


@dataclass(frozen=True)
class Side:
    """A side as sentences name it: its players, in seat order.

    Shown (``str``) as its players joined in the page's language (`join_names`); its
    grammatical number is how many they are: one player is singular, a pair or a team
    plural (`side_gettext`). A side named by one label (a checker's "A") is one name.
    """

    players: tuple[str, ...]

    @classmethod
    def named(cls, name: str) -> Side:
        """A side known by one name, singular: ``Side.named("A")``."""
        return cls((name,))

    @property
    def number(self) -> int:
        """How many players the side is: the ``n`` of its messages' ``ngettext``."""
        return len(self.players)

    def __str__(self) -> str:
        return join_names(self.players, current_language())


def as_side(side: Side | str) -> Side:
    """``side`` as a `Side`: a plain name is a side of one name (singular)."""
    return side if isinstance(side, Side) else Side.named(side)


# --------------------------------------------------------------------------- messages


def gettext(string: str, **variables: Any) -> str:
    """``string`` in the page's language, its variables put in (`fit_words` first)."""
    return format_message(get_translations().ugettext(string), variables)


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The form of a message that ``num`` takes (``%(num)s`` is ``num``), in the page's
    language, its variables put in (`fit_words` first): use it for every count shown."""
    variables.setdefault("num", num)
    return format_message(get_translations().ungettext(singular, plural, num), variables)


def side_gettext(singular: str, plural: str, side: Side | str, **variables: Any) -> str:
    """A message about ``side`` (``%(side)s``), singular or plural as the side is:
    ``side_gettext("%(side)s holds it.", "%(side)s hold it.", side)``."""
    side = as_side(side)
    return ngettext(singular, plural, side.number, side=str(side), **variables)


def format_message(text: str, variables: Mapping[str, Any]) -> str:
    """A translated ``text`` with its ``variables`` put in, as Flask-Babel does (no
    ``%`` at all without variables), the words before them fitted to them first."""
    if not variables:
        return text
    return fit_words(text, variables, current_language()) % variables


# --------------------------------------------------------------------------- numbers


def decimal(number: float, places: int = 2) -> str:
    """``number`` with ``places`` decimals as the page's language writes it: "1,67" in
    Italian, "1.67" in English (Unicode CLDR's symbols, through Babel)."""
    pattern = "#,##0." + "0" * places if places else "#,##0"
    return format_decimal(number, format=pattern, locale=current_language())


def percent(share: float) -> str:
    """``share`` (0 to 1) as a whole percentage in the page's language: "45%"."""
    return format_percent(share, locale=current_language())


def euros(cents: int) -> str:
    """An amount of ``cents`` in euros as the page's language writes it: "5,00 €" in
    Italian, "€5.00" in English."""
    return format_currency(Decimal(cents) / 100, "EUR", locale=current_language())


# --------------------------------------------------------------------------- Italian


class Sound(Enum):
    """How a word or number starts, as an Italian article sees it."""

    CONSONANT = "consonant"  # il, i, la
    VOWEL = "vowel"  # l', gli
    S_IMPURA = "s impura"  # lo, gli: s and a consonant, z, gn, ps, pn, x, y, i and a vowel


class _Form(NamedTuple):
    """A word written before a value: a preposition with or without an article."""

    preposition: str  # "", "a", "di", "da", "in", "su"; "a" / "e" alone below
    gender: str  # "m", "f"; "" for "a" / "ad" and "e" / "ed"
    plural: bool


_ARTICLES = {
    ("m", False): {Sound.CONSONANT: "il", Sound.VOWEL: "l'", Sound.S_IMPURA: "lo"},
    ("m", True): {Sound.CONSONANT: "i", Sound.VOWEL: "gli", Sound.S_IMPURA: "gli"},
    ("f", False): {Sound.CONSONANT: "la", Sound.VOWEL: "l'", Sound.S_IMPURA: "la"},
    ("f", True): {Sound.CONSONANT: "le", Sound.VOWEL: "le", Sound.S_IMPURA: "le"},
}
_STEMS = {"": "", "a": "a", "di": "de", "da": "da", "in": "ne", "su": "su"}


def _articulated(preposition: str, article: str) -> str:
    """A preposition joined with an article: "a" and "gli" make "agli", "di" and "l'" "dell'"."""
    stem = _STEMS[preposition]
    if not stem:
        return article
    if article == "il":
        return stem + "l"
    if article.startswith("l"):  # lo, l', la, le
        return stem + "l" + article
    return stem + article  # i, gli


def _forms() -> dict[str, _Form]:
    """Every written form, with what it is (an elided form is read as masculine)."""
    forms = {"a": _Form("a", "", False), "ad": _Form("a", "", False)}
    forms |= {"e": _Form("e", "", False), "ed": _Form("e", "", False)}
    for preposition in _STEMS:
        for (gender, plural), articles in _ARTICLES.items():
            for article in articles.values():
                forms.setdefault(
                    _articulated(preposition, article), _Form(preposition, gender, plural)
                )
    return forms


_FORMS = _forms()
#: The catalog writes an elision with a typewriter or a typographic apostrophe.
_TYPOGRAPHIC = "\u2019"
_APOSTROPHES = "'" + _TYPOGRAPHIC
_WORDS = "|".join(
    re.escape(form[:-1]) + f"[{_APOSTROPHES}]" if form.endswith("'") else re.escape(form) + " "
    for form in sorted(_FORMS, key=len, reverse=True)
)
#: A known form right before a placeholder, not the end of a longer word.
_SLOT = re.compile(rf"(?<![\w{_APOSTROPHES}])(?P<word>{_WORDS})%\((?P<name>\w+)\)", re.IGNORECASE)


class _Slot(NamedTuple):
    start: int
    end: int
    word: str
    name: str


@lru_cache(maxsize=4096)
def _slots(template: str) -> tuple[_Slot, ...]:
    """The words of ``template`` that its values may change, with their variable's name."""
    return tuple(
        _Slot(match.start("word"), match.end("word"), match.group("word"), match.group("name"))
        for match in _SLOT.finditer(template)
    )


def fit_words(template: str, variables: Mapping[str, Any], language: str) -> str:
    """``template`` with the word before each placeholder fitted to its value, in Italian.

    The catalog writes the form a consonant takes; the value decides: "a %(side)s" is
    "ad %(side)s" before "Anna", "ai %(target)s" is "agli %(target)s" before 11 and 8
    and "all'%(target)s" before 1 (one is singular), "il %(card)s" is "l'%(card)s"
    before "asso di coppe", "e %(name)s" is "ed %(name)s" before "Elena". Other languages,
    and words that are not a preposition or an article, are left as they are.
    """
    if language != "it" or "%(" not in template:
        return template
    parts: list[str] = []
    last = 0
    for slot in _slots(template):
        if slot.name not in variables:
            continue
        written = slot.word.rstrip(" ")
        fitted = fit_word(written, variables[slot.name])
        if fitted.lower() != written.lower().replace(_TYPOGRAPHIC, "'"):
            apostrophe = _TYPOGRAPHIC if _TYPOGRAPHIC in written else "'"
            gap = "" if fitted.endswith("'") else " "
            parts += [template[last : slot.start], fitted.replace("'", apostrophe) + gap]
            last = slot.end
    if not parts:
        return template
    return "".join(parts) + template[last:]


def fit_word(word: str, value: object) -> str:
    """The Italian preposition or article ``word`` (a form `fit_words` knows) as it is
    written before ``value``, with ``word``'s capital: ``fit_word("ai", 11) == "agli"``."""
    form = _FORMS[word.lower().replace(_TYPOGRAPHIC, "'")]
    if not form.gender:  # "a" / "ad", "e" / "ed": the d only before the same vowel
        text = "" if _number(value) is not None else _letters(str(value))
        fitted = form.preposition + ("d" if text.startswith(form.preposition) else "")
    else:
        number = _number(value)
        plural = form.plural and number != 1
        article = _ARTICLES[form.gender, plural][sound(value)]
        fitted = _articulated(form.preposition, article)
    return fitted[0].upper() + fitted[1:] if word[:1].isupper() else fitted


_NUMBER = re.compile(r"\s*(-?)(\d{1,3}(?:[.\u00a0\u202f]\d{3})+(?!\d)|\d+)")


def _number(value: object) -> int | None:
    """The whole number ``value`` starts with (1 of "1,67", 8 of "8 di coppe"), if any."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float | Decimal):
        return int(value)
    match = _NUMBER.match(str(value))
    if match is None:
        return None
    digits = re.sub(r"\D", "", match.group(2))
    return -int(digits) if match.group(1) else int(digits)


def _letters(text: str) -> str:
    """``text`` in lower case without accents, from its first letter."""
    plain = "".join(
        char for char in unicodedata.normalize("NFD", text) if not unicodedata.combining(char)
    )
    return plain.lstrip(f' «"({_APOSTROPHES}').lower()


def sound(value: object) -> Sound:
    """How ``value`` starts when read aloud in Italian: a number as it is said ("otto",
    "undici", "zero"), a word by its first letters."""
    number = _number(value)
    if number is not None:
        if number == 0:
            return Sound.S_IMPURA  # zero
        return Sound.VOWEL if number > 0 and _reads_with_vowel(number) else Sound.CONSONANT
    text = _letters(str(value))
    if text[:1] == "h":
        text = text[1:]
    first, second = text[:1], text[1:2]
    if first == "i" and second in ("a", "e", "o", "u"):  # lo iodio, lo ione
        return Sound.S_IMPURA
    if first in ("a", "e", "i", "o", "u"):
        return Sound.VOWEL
    if (
        (first == "s" and second.isalpha() and second not in "aeiou")
        or first in ("z", "x", "y")
        or text[:2] in ("gn", "ps", "pn")
    ):
        return Sound.S_IMPURA
    return Sound.CONSONANT


def _reads_with_vowel(number: int) -> bool:
    """Whether Italian says ``number`` (1 or more) starting with a vowel: uno, otto,
    undici, ottanta..., ottocento..., ottomila, undicimila, un milione."""
    lead, thousands = number, 0
    while lead >= 1000:
        lead, thousands = lead // 1000, thousands + 1
    if lead == 1 and thousands:
        return thousands >= 2  # "mille", but "un milione", "un miliardo"
    if lead >= 100:
        return lead // 100 == 8  # "ottocento"; "cento", "duecento"...
    return lead in (1, 8, 11) or 80 <= lead <= 89
