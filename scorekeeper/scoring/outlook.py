"""Quanto manca: what each side still needs, and what closes the game in the next hand.

A side *closes* the game with a set of categories when, taking them in the next hand,
it ends the hand at or over the target and strictly ahead of every other side (by the
margin, with one: :attr:`~.rules.Rules.margin`), whatever
the other sides take of the rest (RULES.md section 5: totals are checked at the end of
the hand, the strictly highest total at or over the target wins). The worst case for the
side is that one other side takes every category it does not:

- the one-point categories (carte, denari, settebello, primiera, and re bello when
  played) go one to a side, so what the side does not take another may;
- with napola on, another side may make a napola of up to 10, less where the side's
  own categories say it holds a denaro inside that run: the settebello (run at most 6),
  the re bello (at most 9), the primiera (a denaro of its own: at most 9), the denari
  (more denari than the run's holder: at most 4); a napola of the side's own (asso, 2
  and 3 of denari: at least 3 points) leaves the others none;
- with napoleone on, another side holding all ten denari wins at once, unless one of
  the side's categories gives it a denaro (denari, settebello, primiera, re bello,
  napola).

Scope are left out of both sides of the sum: they are counted by the players during the
hand, and any number of them can change it. So "Anna closes with settebello and
primiera" reads "if nobody else makes scope". Sets are minimal: none of them holds a
smaller set that closes too.

Worked example, two players to 11 at 9-7: Anna needs 2, Bruno 4. Anna closes with any
two of the four categories? 9 + 2 = 11 and Bruno at most 7 + 2 = 9: yes. Bruno needs all
four: 7 + 4 = 11 and Anna 9 + 0. At 10-10 each needs one point, but one point is not
enough (11-13 if the other takes the other three); two still allow 12-12 (a spareggio);
three close it: 13 against at most 11.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .game import leader_at_target
from .rules import Rules
from .score import Category

#: The categories worth one point each, in the order they are shown (re bello when played).
ONE_POINT = (Category.CARTE, Category.DENARI, Category.SETTEBELLO, Category.PRIMIERA)
#: The least a napola is worth (asso, 2 and 3 of denari) and the most (all ten denari).
NAPOLA_LEAST = 3
NAPOLA_MOST = 10
#: Categories that put a denaro in the hands of the side taking them.
_HOLDS_A_DENARO = frozenset(
    {Category.DENARI, Category.SETTEBELLO, Category.PRIMIERA, Category.RE_BELLO, Category.NAPOLA}
)


@dataclass(frozen=True, slots=True)
class SideOutlook:
    """One side's outlook before the next hand.

    ``missing`` is how many points it still needs to reach the target (0 once it is
    there: then it needs to get ahead). ``closes_with`` lists the smallest sets of
    categories that win it the game in the next hand, scope aside (empty: none do),
    smallest first, then in the order the categories are shown.
    """

    side: int
    missing: int
    closes_with: tuple[frozenset[Category], ...]

    @property
    def can_close(self) -> bool:
        """Whether some categories of the next hand would win the game for this side."""
        return bool(self.closes_with)


def categories_in_play(rules: Rules) -> tuple[Category, ...]:
    """The categories a side may take to close the game, in display order."""
    played = ONE_POINT + ((Category.RE_BELLO,) if rules.re_bello else ())
    return played + ((Category.NAPOLA,) if rules.napola else ())


def game_outlook(rules: Rules, totals: Sequence[int]) -> tuple[SideOutlook, ...]:
    """Every side's outlook at ``totals`` (one per side); none once the game is won."""
    if len(totals) != rules.sides:
        raise ValueError(f"{len(totals)} totals for {rules.sides} sides")
    if leader_at_target(totals, rules.target, rules.margin) is not None:
        return ()
    played = categories_in_play(rules)
    sets = [
        frozenset(chosen)
        for size in range(1, len(played) + 1)
        for chosen in combinations(played, size)
    ]
    outlooks = []
    for side, total in enumerate(totals):
        others = [t for k, t in enumerate(totals) if k != side]
        closing = [s for s in sets if _closes(rules, total, others, s, played)]
        minimal = tuple(s for s in closing if not any(o < s for o in closing))
        outlooks.append(SideOutlook(side, max(0, rules.target - total), minimal))
    return tuple(outlooks)


def _closes(
    rules: Rules,
    total: int,
    others: Sequence[int],
    taken: frozenset[Category],
    played: tuple[Category, ...],
) -> bool:
    """Whether a side at ``total`` taking ``taken`` wins whatever the others take."""
    mine = total + _points(taken)
    if mine < rules.target:
        return False
    if rules.napoleone and not taken & _HOLDS_A_DENARO:
        return False
    rest = len([c for c in played if c not in taken and c is not Category.NAPOLA])
    theirs = rest + _their_napola(rules, taken)
    return all(mine - (other + theirs) >= rules.margin for other in others)


def _points(taken: frozenset[Category]) -> int:
    return sum(NAPOLA_LEAST if c is Category.NAPOLA else 1 for c in taken)


def _their_napola(rules: Rules, taken: frozenset[Category]) -> int:
    """The longest napola another side can make while this side takes ``taken``."""
    if not rules.napola or Category.NAPOLA in taken:
        return 0
    run = NAPOLA_MOST
    if Category.DENARI in taken:  # strictly more denari than a run from the asso
        run = min(run, (10 - 1) // 2)
    if Category.SETTEBELLO in taken:
        run = min(run, 6)
    if Category.RE_BELLO in taken or Category.PRIMIERA in taken:
        run = min(run, 9)
    return run
