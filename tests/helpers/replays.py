"""Games replayed from their hands' points, for the scoring package's unit tests: a hand
as each side's points, or as each category's points by side (counting out in order)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorekeeper.scoring import CATEGORIES, Claim, GameState, HandResult, Rules


def replay(rules: Rules, hands: Iterable[Sequence[int]], claims: Sequence[Claim] = ()) -> GameState:
    """The game after ``hands`` (each side's points), the first dealer seat 0."""
    return GameState.replay(rules, 0, [HandResult(tuple(h)) for h in hands], claims)


def by_category(**points: tuple[int, int]) -> HandResult:
    """One hand's points by category for two sides: ``scope=(2, 0)``..."""
    per = tuple(tuple(points.get(c.value, (0, 0))) for c in CATEGORIES)
    totals = tuple(sum(c[i] for c in per) for i in range(2))
    return HandResult(totals, None, per)
