"""The words the app uses for the scoring package's settings, categories and reasons.

The scoring package speaks in codes (``SumChoice.FREE``, ``Category.CARTE``,
an :class:`~scorekeeper.scoring.Award` reason ``"tie"``); this is the one place
that names them in the reader's language, for the checkers, the rules page and
the game's hand breakdown alike.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from scorekeeper.scoring import Category, SumChoice

#: How each capture setting is called.
SUM_CHOICE_LABELS = {
    SumChoice.FREE: _l("Free choice among all the sums"),
    SumChoice.FEWEST: _l("Only the sums with the fewest cards"),
}

#: The categories counted at the end of a hand: Italian game terms in both languages.
CATEGORY_LABELS = {
    Category.SCOPE: _l("scope"),
    Category.CARTE: _l("carte"),
    Category.DENARI: _l("denari"),
    Category.SETTEBELLO: _l("settebello"),
    Category.PRIMIERA: _l("primiera"),
    Category.RE_BELLO: _l("re bello"),
    Category.NAPOLA: _l("napola"),
}
