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

from scorekeeper.grammar import Side, current_language, ngettext, side_gettext
from scorekeeper.grammar import gettext as _
from scorekeeper.scoring import Category, Rules, SideOutlook, categories_in_play, game_outlook
from scorekeeper.ui.labels import category_label


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
        return _ANY_OF[size]().replace("{categories}", listed) if size in _ANY_OF else listed
    ways = [format_list(_names(s, rules), locale=language) for s in sets]
    return format_list(ways, style="or", locale=language)


def _names(taken: frozenset[Category], rules: Rules) -> list[str]:
    return [category_label(c) for c in categories_in_play(rules) if c in taken]


#: "Any k of these" for the k a board can show (of at most five one-point categories).
_ANY_OF = {
    2: lambda: _("any two of %(categories)s", categories="{categories}"),
    3: lambda: _("any three of %(categories)s", categories="{categories}"),
    4: lambda: _("any four of %(categories)s", categories="{categories}"),
}
