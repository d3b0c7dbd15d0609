"""Quanto manca, in words: the board's lines under the totals (templates/games/_outlook.html).

The numbers are the scoring package's (`game_outlook`); here they become sentences: "Ad
Anna mancano 4 punti", "A Bruno e Dario manca 1 punto", "Anna chiude con settebello e
primiera".
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from babel.lists import format_list
from flask_babel import get_translations

from scorekeeper.grammar import Side, current_language, format_message, ngettext, side_gettext
from scorekeeper.scoring import Category, Rules, SideOutlook, categories_in_play, game_outlook
from scorekeeper.ui.labels import any_of, category_label


class OutlookLine(NamedTuple):
    """What the board says of one side: what it misses, and what would close the game."""

    side: int
    missing: str
    closes: str


def outlook_lines(rules: Rules, totals: Sequence[int], sides: Sequence[Side]) -> list[OutlookLine]:
    """One line per side (none once the game is won)."""
    return [
        OutlookLine(o.side, _missing(o, sides[o.side]), _closes(o, rules, sides[o.side]))
        for o in game_outlook(rules, totals)
    ]


def _missing(outlook: SideOutlook, side: Side) -> str:
    if not outlook.missing:
        return ""
    return ngettext(
        "%(side)s: %(num)s point to go",
        "%(side)s: %(num)s points to go",
        outlook.missing,
        side=str(side),
    )


def _closes(outlook: SideOutlook, rules: Rules, side: Side) -> str:
    if not outlook.can_close:
        return ""
    return side_gettext(
        "%(side)s closes the game with %(ways)s.",
        "%(side)s close the game with %(ways)s.",
        side,
        ways=_ways(outlook.closes_with, rules),
    )


def _ways(sets: tuple[frozenset[Category], ...], rules: Rules) -> str:
    """The sets of categories in words: "settebello e primiera"; "carte, denari,
    settebello o primiera" (any one); "due tra carte, denari, settebello e primiera"."""
    language = current_language()
    one_point = [c for c in categories_in_play(rules) if c is not Category.NAPOLA]
    size = len(next(iter(sets)))
    every = {frozenset(c) for c in combinations(one_point, size)}
    if set(sets) == every and len(every) > 1:
        names = [category_label(c) for c in one_point]
        if size == 1:
            return format_list(names, style="or", locale=language)
        listed = format_list(names, locale=language)
        words = any_of(size)
        return words.replace("{categories}", listed) if words is not None else listed
    ways = [format_list(_names(s, rules), locale=language) for s in sets]
    return format_list(ways, style="or", locale=language)


def _names(taken: frozenset[Category], rules: Rules) -> list[str]:
    return [category_label(c) for c in categories_in_play(rules) if c in taken]


def outlook_words(sides: Sequence[Side]) -> list[dict[str, object]]:
    """Each side's lines with the numbers left open, for the phone that says quanto
    manca at totals it computed itself, offline (static/js/outbox-kept.js, with
    ScopaScoring.gameOutlook and the texts' script's lists): "missing" in the forms 1
    and 2 take (``%(num)s``), "closes" with ``%(ways)s``. The side's own words are fitted
    to its name here ("Ad Anna"), as the board's are."""
    translations = get_translations()
    singular, plural = "%(side)s: %(num)s point to go", "%(side)s: %(num)s points to go"
    return [
        {
            "missing": {
                form: format_message(
                    translations.ungettext(singular, plural, num),
                    {"side": str(side), "num": "%(num)s"},
                )
                for form, num in (("one", 1), ("other", 2))
            },
            "closes": side_gettext(
                "%(side)s closes the game with %(ways)s.",
                "%(side)s close the game with %(ways)s.",
                side,
                ways="%(ways)s",
            ),
        }
        for side in sides
    ]
