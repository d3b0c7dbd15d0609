"""A game (partita): hands up to the target, the winner, and who deals next.

Seats are numbered from 0 counter-clockwise, so the player on a seat's right
has the next number. After every hand the deal passes to the dealer's right,
and the player on the dealer's right plays first (RULES.md section 1). Totals
are checked only at the end of a hand: once a side has reached the target,
the strictly highest total wins; level at the top means another hand, the
spareggio (RULES.md section 5). With a margin (:attr:`~.rules.Rules.margin`, "ai 15 con
2 di scarto") the leader wins only ahead of every other side by the margin; short of
it, play goes on (:attr:`GameState.short_of_margin`). With chiamarsi fuori and counting
out in order (RULES.md section 8) the hand's claim and its points category by category
decide first (:mod:`.claims`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .claims import Claim, ClaimOutcome, CountedOut, Verdict, count_out, judge
from .claims import leader_at_target as _leader_among
from .errors import InvalidGame
from .rules import Rules
from .score import CATEGORIES, HandScore


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a game needs to know of one hand: each side's points, and a napoleone;
    for counting out in order, each category's points by side (``by_category``, in
    :data:`~.score.CATEGORIES` order; ``None``: not known, the hand counts whole)."""

    points: tuple[int, ...]
    napoleone: int | None = None
    by_category: tuple[tuple[int, ...], ...] | None = None

    @classmethod
    def of(cls, score: HandScore) -> HandResult:
        """The result of a scored hand."""
        by_category = tuple(
            tuple(side.points[category] for side in score.sides) for category in CATEGORIES
        )
        return cls(score.totals, score.napoleone, by_category)


@dataclass(frozen=True, slots=True)
class GameState:
    """Where a game stands after its hands, recomputed from the first hand.

    ``running[k]`` holds the totals after hand ``k + 1``. ``decided_after`` is
    the number of hands after which the game was won (hands entered after that
    come after the end and do not change the winner).
    """

    rules: Rules
    first_dealer: int
    running: tuple[tuple[int, ...], ...]
    winner: int | None
    decided_after: int | None
    by_napoleone: bool = False
    #: Every claim judged so far, in hand order (chiamarsi fuori).
    claims: tuple[ClaimOutcome, ...] = ()
    #: The claim made during the next hand, not judged yet.
    pending_claim: Claim | None = None
    #: The sides out of the game by a wrong claim.
    out: frozenset[int] = frozenset()
    #: How counting out in order decided the game, when it did.
    counted_out: CountedOut | None = None

    @classmethod
    def replay(
        cls,
        rules: Rules,
        first_dealer: int,
        hands: Sequence[HandResult | HandScore],
        claims: Sequence[Claim] = (),
    ) -> GameState:
        """Add up ``hands`` in order and find the winner, if there is one yet.

        ``claims`` (with :attr:`~.rules.Rules.chiamarsi_fuori` on; ignored otherwise):
        the first claim of each hand is judged at its count; claims by a side already
        out, or of hands after the end, are left aside."""
        if first_dealer not in range(rules.format.players):
            raise InvalidGame(f"seat {first_dealer!r} is not at this table")
        claimed: dict[int, Claim] = {}
        if rules.chiamarsi_fuori:
            for claim in claims:
                if claim.side >= rules.sides:
                    raise InvalidGame(f"side {claim.side!r} is not at this table")
                claimed.setdefault(claim.hand, claim)
        count = _Count(rules)
        for number, hand in enumerate(hands, start=1):
            result = HandResult.of(hand) if isinstance(hand, HandScore) else hand
            if len(result.points) != rules.sides:
                sides = len(result.points)
                raise InvalidGame(f"hand {number} has {sides} sides, not {rules.sides}")
            count.add(number, result, claimed.get(number))
        pending = claimed.get(len(hands) + 1) if count.decided_after is None else None
        if pending is not None and pending.side in count.out:
            pending = None
        return cls(
            rules,
            first_dealer,
            tuple(count.running),
            count.winner,
            count.decided_after,
            count.napoleone,
            tuple(count.claims),
            pending,
            frozenset(count.out),
            count.counted_out,
        )

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total now (after every entered hand)."""
        return self.running[-1] if self.running else (0,) * self.rules.sides

    @property
    def hands_played(self) -> int:
        """How many hands are entered."""
        return len(self.running)

    @property
    def finished(self) -> bool:
        """Whether a side has won."""
        return self.winner is not None

    @property
    def spareggio(self) -> bool:
        """Whether the top sides are level at or over the target: another hand is needed."""
        if self.finished:
            return False
        playing = [t for i, t in enumerate(self.totals) if i not in self.out]
        return max(playing) >= self.rules.target

    @property
    def short_of_margin(self) -> bool:
        """Whether play goes on past the target because no side leads by the margin (a
        game with a margin of 2 or more: 15 to 14 "ai 15 con 2 di scarto")."""
        return self.rules.margin > 1 and self.spareggio

    @property
    def hands_after_end(self) -> int:
        """Hands entered after the game was already decided."""
        return 0 if self.decided_after is None else self.hands_played - self.decided_after

    def dealer(self, hand_number: int) -> int:
        """The seat that deals hand ``hand_number`` (1-based)."""
        return (self.first_dealer + hand_number - 1) % self.rules.format.players

    def first_player(self, hand_number: int) -> int:
        """The seat that plays first in hand ``hand_number``: the dealer's right."""
        return (self.dealer(hand_number) + 1) % self.rules.format.players

    @property
    def next_hand(self) -> int:
        """The number of the hand to play next."""
        return self.hands_played + 1

    @property
    def next_dealer(self) -> int:
        """The seat that deals the next hand."""
        return self.dealer(self.next_hand)

    @property
    def next_first_player(self) -> int:
        """The seat that plays first in the next hand."""
        return self.first_player(self.next_hand)

    @property
    def rematch_dealer(self) -> int:
        """The seat that deals the first hand of a rematch: the deal keeps passing on."""
        return self.next_dealer


class _Count:
    """The hands of a game added up one by one (:meth:`GameState.replay`'s work)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.totals = [0] * rules.sides
        self.running: list[tuple[int, ...]] = []
        self.winner: int | None = None
        self.decided_after: int | None = None
        self.napoleone = False
        self.claims: list[ClaimOutcome] = []
        self.out: set[int] = set()
        self.counted_out: CountedOut | None = None

    def add(self, number: int, result: HandResult, claim: Claim | None) -> None:
        """Add hand ``number``: its points, then (before the end) its napoleone, its
        claim, its count in order or the usual end rule."""
        before = self.totals
        self.totals = [t + p for t, p in zip(before, result.points, strict=True)]
        if self.decided_after is None:
            self._settle(number, result, claim, before)
        self.running.append(tuple(self.totals))

    def _settle(
        self, number: int, result: HandResult, claim: Claim | None, before: Sequence[int]
    ) -> None:
        rules = self.rules
        if result.napoleone is not None:
            self.winner, self.decided_after, self.napoleone = result.napoleone, number, True
            return
        by_category = result.by_category
        if claim is not None and claim.side not in self.out:
            side = claim.side
            others = [t for i, t in enumerate(self.totals) if i != side and i not in self.out]
            verdict = judge(rules, self.totals[side], others)
            self.claims.append(ClaimOutcome(claim, self.totals[side], verdict))
            if verdict is Verdict.WINS:
                self.winner, self.decided_after = side, number
                return
            if verdict is Verdict.LOSES_HAND:
                self.totals[side] = before[side]
                if by_category is not None:
                    by_category = tuple((*c[:side], 0, *c[side + 1 :]) for c in by_category)
            else:
                self.out.add(side)
        playing = [i for i in range(rules.sides) if i not in self.out]
        out = frozenset(self.out)
        if len(playing) == 1:
            self.winner = playing[0]
        elif rules.count_in_order and by_category is not None:
            found = count_out(rules.target, before, by_category, out, rules.margin)
            if found is not None:
                self.winner = found[0]
                self.counted_out = CountedOut(number, *found)
        else:
            self.winner = _leader_among(self.totals, rules.target, out, rules.margin)
        self.decided_after = number if self.winner is not None else None


def leader_at_target(totals: Sequence[int], target: int, margin: int = 1) -> int | None:
    """The winner given end-of-hand totals: once anyone reached ``target``, the leader
    ahead of every other side by at least ``margin`` (1: the strict leader)."""
    return _leader_among(totals, target, frozenset(), margin)
