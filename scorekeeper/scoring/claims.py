"""Chiamarsi fuori and counting out in a fixed order (RULES.md section 8).

**Chiamarsi fuori** (:attr:`~.rules.Rules.chiamarsi_fuori`). During a hand a side that
believes it has reached the target says so: a :class:`Claim` (which side, in which
hand). At the count the claim is judged on the claiming side's total once the hand's
points are added: reached the target, the claim is right and that side wins the game
whatever the others have; short of it, the claim is wrong and the side loses the game
(with more than two sides it is out and the others play on), or, with the house option
:attr:`~.rules.Rules.claim_loses_hand`, loses only that hand's points. One claim a hand:
the first one made.

**Counting out in a fixed order** (:attr:`~.rules.Rules.count_in_order`). The hand's
points are added category by category, in the order of
:data:`~.score.CATEGORIES` (scope, carte, denari, settebello, primiera, re bello,
napola); after each the usual end rule is asked (:func:`leader_at_target`): the first
time a side has reached the target and strictly leads, it wins, whatever the categories
after would have given. Anna 19, Bruno 20, target 21: a hand of Anna's 2 scope and
Bruno's carte, denari and settebello ends at the scope, 21 to 20, Anna wins (counted
whole, 21 to 23, Bruno would).

**A margin** (:attr:`~.rules.Rules.margin`, "ai 15 con 2 di scarto"): winning needs the
target and a lead of the margin over every other side still playing, both by the usual
end rule and counting out in order (the first category after which a side has both
wins). A claim says "we have won", so with a margin of 2 or more it is right only with
that lead too: target 15, two clear points, Anna claims at 15 to 14 and is wrong. With
no margin (1) a claim asks the target alone, whatever the others have, as ever.

A worked claim: target 21, Anna 15 and Bruno 12 after five hands; in hand 6 Anna
claims; the hand gives her 6 points: 21, the claim is right and Anna wins, even if
Bruno made 9 and has 21 too. Had it given her 5 (20), she loses the game (or, with the
house option, the 5 points, and the game goes on at 15).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import InvalidGame
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Claim:
    """Side ``side`` claims to be out during hand ``hand`` (numbered from 1)."""

    hand: int
    side: int

    def __post_init__(self) -> None:
        if not _whole(self.hand) or self.hand < 1:
            raise InvalidGame(f"{self.hand!r} is not a hand number")
        if not _whole(self.side) or self.side < 0:
            raise InvalidGame(f"{self.side!r} is not a side")

    def to_json(self) -> dict[str, int]:
        """``{"hand": 6, "side": 0}``."""
        return {"hand": self.hand, "side": self.side}

    @classmethod
    def from_json(cls, data: object) -> Claim:
        """Read :meth:`to_json`'s form back (raises :class:`InvalidGame`)."""
        if not isinstance(data, dict) or set(data) != {"hand", "side"}:
            raise InvalidGame(f"a claim is {{'hand': n, 'side': k}}, not {data!r}")
        return cls(data["hand"], data["side"])


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Verdict(enum.Enum):
    """What a claim did at the count."""

    #: Right: the claiming side reached the target and wins the game.
    WINS = "wins"
    #: Wrong: the claiming side loses the game (with more sides: it is out).
    LOSES_GAME = "loses_game"
    #: Wrong, with the house option: the claiming side loses that hand's points.
    LOSES_HAND = "loses_hand"


@dataclass(frozen=True, slots=True)
class ClaimOutcome:
    """A judged claim: the claim, the claiming side's total at the count (the hand's
    points added, before any are taken away) and the verdict."""

    claim: Claim
    total: int
    verdict: Verdict

    @property
    def right(self) -> bool:
        """Whether the claim was right."""
        return self.verdict is Verdict.WINS


@dataclass(frozen=True, slots=True)
class CountedOut:
    """A game decided counting out in order: ``side`` reached ``total`` (at least the
    target, strictly first) when category number ``category`` of
    :data:`~.score.CATEGORIES` was added, in hand ``hand``."""

    hand: int
    side: int
    category: int
    total: int


def judge(rules: Rules, total: int, others: Sequence[int] = ()) -> Verdict:
    """The verdict on a claim when the claiming side's total at the count is ``total``
    and the other sides still playing have ``others`` (asked only with a margin of 2 or
    more: the claiming side must lead each of them by it)."""
    lead = rules.margin <= 1 or all(total - other >= rules.margin for other in others)
    if total >= rules.target and lead:
        return Verdict.WINS
    return Verdict.LOSES_HAND if rules.claim_loses_hand else Verdict.LOSES_GAME


def leader_at_target(
    totals: Sequence[int], target: int, out: frozenset[int] = frozenset(), margin: int = 1
) -> int | None:
    """The winner given end-of-hand totals: once anyone reached ``target``, the leader
    ahead of every other side by at least ``margin`` (1: strictly ahead); the sides in
    ``out`` (lost by a wrong claim) do not count."""
    playing = sorted((t for i, t in enumerate(totals) if i not in out), reverse=True)
    if not playing:
        return None
    top = playing[0]
    if top < target or (len(playing) > 1 and top - playing[1] < margin):
        return None
    return next(i for i, t in enumerate(totals) if t == top and i not in out)


def count_out(
    target: int,
    before: Sequence[int],
    by_category: Sequence[Sequence[int]],
    out: frozenset[int] = frozenset(),
    margin: int = 1,
) -> tuple[int, int, int] | None:
    """Counting out in order: add ``by_category`` (each category's points by side, in
    :data:`~.score.CATEGORIES` order) to the totals ``before`` the hand one category at
    a time; the first time :func:`leader_at_target` finds a winner, ``(side, category
    index, its total then)``, the winner ahead by ``margin``. ``None`` when no side gets
    out during the count."""
    totals = list(before)
    for k, points in enumerate(by_category):
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        if any(points):
            winner = leader_at_target(totals, target, out, margin)
            if winner is not None:
                return winner, k, totals[winner]
    return None
