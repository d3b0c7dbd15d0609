"""What a real deal can give: the scope the plays of a hand hold, and the napola runs
the ten denari make when shared out (RULES.md section 6, "the counts must be ones
some real deal gives").

Both limits follow from the deal, not from a table of numbers typed in: the scope
from the number of sides, the plays of a hand (players times cards per player) and
whether the first play meets table cards; the napola from how the ten denari can be
shared out among the sides, given each side's count and who holds the settebello and
the re bello.

**Scope.** Number the plays of a hand in seat order: play ``k`` is made by side
``(first + k) % sides``, whoever plays first. A scopa leaves an empty table, so the
next play cannot be one; the last play never is one; nor, when the deal puts no card
on the table, is the first. A side's scope sit on its own plays. The scope the sides
can make together are the scope vectors below one of :func:`scope_limits`' maximal
vectors: with two sides and 36 plays 18 + 0 is possible and 17 + 1 is not (each scopa
of one side leaves the other's next play without one, and the play before it too).

**Captures.** A side that took cards made a capture: the card it played and one table
card or more, so it took none or two at least. And it played on a table holding cards:
never right after a scopa, and, on a table of one card, only with a scopa (taking
the last table card is a scopa, except at the hand's last play). :func:`captures_fit` walks the
plays with the table as empty, one card or more: in Scopone scientifico 19 + 0 scope
leave the other pair no card, where 18 + 0 do not.

**Napola.** :func:`napola_outcomes` lists every napola a share-out of the denari can
give: which side holds the unbroken run from the asso and how long it is. A side with
nine denari but not the settebello holds the asso to the 6: its napola is 6, never 0
or 3.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import DENARI_IN_DECK

#: The shortest napola run: asso, 2 and 3 of denari.
NAPOLA_MIN = 3

#: A napola a share-out gives: ``(side, run)``, or ``None`` when no side has one.
NapolaOutcome = tuple[int, int] | None

ScopeVector = tuple[int, ...]


def _maximal(vectors: Sequence[ScopeVector]) -> list[ScopeVector]:
    """The vectors of ``vectors`` that no other one is at least as large as, everywhere."""
    kept: list[ScopeVector] = []
    for vector in sorted(set(vectors), key=sum, reverse=True):
        if not any(_below(vector, other) for other in kept):
            kept.append(vector)
    return kept


def _below(vector: Sequence[int], limit: Sequence[int]) -> bool:
    """Whether ``vector`` is nowhere larger than ``limit``."""
    return all(a <= b for a, b in zip(vector, limit, strict=True))


@functools.cache
def scope_limits(sides: int, plays: int, table_cards: int) -> tuple[ScopeVector, ...]:
    """The most scope the sides can make together in one hand, as the maximal scope
    vectors (one number per side, in side order): a hand's scope are possible exactly
    when they are nowhere above one of them (:func:`scope_possible`).

    ``plays`` is the number of plays of a hand (every card dealt to the players);
    ``table_cards`` the cards dealt face up (with none, the first play meets an empty
    table). Any side may play first. Worked out by walking the plays in order and
    keeping, after each, the maximal vectors reachable with or without a scopa on it.
    """
    zero = (0,) * sides
    found: list[ScopeVector] = []
    for first in range(sides):
        free: list[ScopeVector] = [zero]  # the last play was no scopa
        swept: list[ScopeVector] = []  # the last play was a scopa: the table is empty
        for k in range(plays):
            side = (first + k) % sides
            can_sweep = k != plays - 1 and (k > 0 or table_cards > 0)
            new = [(*v[:side], v[side] + 1, *v[side + 1 :]) for v in free] if can_sweep else []
            free = _maximal(free + swept)
            swept = [v for v in _maximal(new) if not any(_below(v, w) for w in free)]
        found += free + swept
    return tuple(sorted(_maximal(found)))


def scope_possible(limits: Sequence[ScopeVector], scope: Sequence[int]) -> bool:
    """Whether the scope ``scope`` (one count per side, each from 0) fit in one hand."""
    return any(_below(scope, limit) for limit in limits)


def most_scope(limits: Sequence[ScopeVector], scope: Sequence[int]) -> int:
    """The most scope a hand holds with no side above its count in ``scope``: 17 for
    17 + 1 with two sides."""
    return max(sum(min(a, b) for a, b in zip(scope, limit, strict=True)) for limit in limits)


@functools.lru_cache(maxsize=1024)
def captures_fit(plays: int, table_cards: int, scope: ScopeVector, takers: int) -> bool:
    """Whether the plays of a hand can hold the scope ``scope`` (one count per side) with
    exactly the sides of the mask ``takers`` taking cards, each with a scopa or another
    capture, the others only laying cards; any side may play first.

    The table is read as empty (0), one card (1) or more (2). A card laid adds one. A
    scopa takes a table of one card or more, never at the hand's last play. Another
    capture leaves one card or more, so it needs two, except at the last play, which takes
    what there is. Every real hand is such a walk, so this refuses no hand that can be
    played. (With asso pigliatutto an asso whose sweep is no scopa may take the whole
    table without one: allowing it changes no answer at any seating of Scopa's deal, as
    a walk over every scope vector and set of sides that take shows.)"""
    sides = len(scope)
    start = 2 if table_cards else 0
    return any(_captures_walk(plays, start, scope, takers, first) for first in range(sides))


def _captures_walk(plays: int, start: int, scope: ScopeVector, takers: int, first: int) -> bool:
    """:func:`captures_fit` with side ``first`` playing first: a search with memory."""
    hand = _Hand(plays, scope, takers, first)
    sides = len(scope)
    failed: set[tuple[int, int, ScopeVector, int]] = set()
    # For each play k and side: the plays of that side from k on that can be a scopa.
    left = [[0] * sides for _ in range(plays + 1)]
    for k in range(plays - 2, -1, -1):
        left[k] = list(left[k + 1])
        left[k][(first + k) % sides] += 1

    def walk(k: int, table: int, done: ScopeVector, took: int) -> bool:
        if k == plays:
            return done == scope and took == takers
        if any(scope[i] - done[i] > left[k][i] for i in range(sides)):
            return False
        key = (k, table, done, took)
        if key in failed:
            return False
        if any(walk(k + 1, *move) for move in hand.moves(k, table, done, took)):
            return True
        failed.add(key)
        return False

    return walk(0, start, (0,) * sides, 0)


#: A play in :func:`captures_fit`'s walk: the table after it, the scope made, the sides
#: that took cards.
_Move = tuple[int, ScopeVector, int]


@dataclass(frozen=True, slots=True)
class _Hand:
    """The hand :func:`_captures_walk` walks."""

    plays: int
    scope: ScopeVector
    takers: int
    first: int

    def moves(self, k: int, table: int, done: ScopeVector, took: int) -> list[_Move]:
        """What play ``k`` can do on ``table``: take (with a scopa or not), or lay its card."""
        side = (self.first + k) % len(self.scope)
        me = took | 1 << side
        found: list[_Move] = []
        if self.takers >> side & 1 and table and k == self.plays - 1:
            found.append((0, done, me))
        elif self.takers >> side & 1 and table:
            if done[side] < self.scope[side]:
                found.append((0, (*done[:side], done[side] + 1, *done[side + 1 :]), me))
            if table == 2:
                found += [(1, done, me), (2, done, me)]
        found.append((min(table + 1, 2), done, took))
        return found


@functools.cache
def napola_outcomes(denari: tuple[int, ...], held: tuple[int, ...]) -> frozenset[NapolaOutcome]:
    """Every napola the ten denari give when shared out with ``denari[i]`` to side ``i``
    and the denari of the mask ``held[i]`` (bit ``v - 1`` for the denaro of value ``v``:
    the settebello, the re bello when played) to that side.

    The denari are given out from the asso up, keeping the run from the asso while the
    same side takes the next one. Empty when no share-out matches the counts.
    """
    sides = range(len(denari))
    holder = {value: i for i in sides for value in range(DENARI_IN_DECK) if held[i] >> value & 1}

    @functools.cache
    def share(value: int, left: tuple[int, ...], owner: int, run: int) -> frozenset[NapolaOutcome]:
        if value == DENARI_IN_DECK:
            if any(left):
                return frozenset()
            return frozenset([(owner, run) if run >= NAPOLA_MIN else None])
        takers = [holder[value]] if value in holder else sides
        found: set[NapolaOutcome] = set()
        for i in takers:
            if left[i] == 0:
                continue
            rest = (*left[:i], left[i] - 1, *left[i + 1 :])
            if value == 0:
                found |= share(1, rest, i, 1)
            else:
                found |= share(value + 1, rest, owner, run + (run == value and i == owner))
        return frozenset(found)

    return share(0, denari, -1, 0)
