"""A game (partita): hands up to the target, the winner, and who deals next.

Seats are numbered from 0 counter-clockwise, so the player on a seat's right
has the next number. After every hand the deal passes to the dealer's right,
and the player on the dealer's right plays first (RULES.md section 1). Totals
are checked only at the end of a hand: once a side has reached the target,
the strictly highest total wins; level at the top means another hand, the
spareggio (RULES.md section 5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import InvalidGame
from .rules import Rules
from .score import HandScore


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a game needs to know of one hand: each side's points, and a napoleone."""

    points: tuple[int, ...]
    napoleone: int | None = None

    @classmethod
    def of(cls, score: HandScore) -> HandResult:
        """The result of a scored hand."""
        return cls(score.totals, score.napoleone)


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

    @classmethod
    def replay(
        cls, rules: Rules, first_dealer: int, hands: Sequence[HandResult | HandScore]
    ) -> GameState:
        """Add up ``hands`` in order and find the winner, if there is one yet."""
        if first_dealer not in range(rules.format.players):
            raise InvalidGame(f"seat {first_dealer!r} is not at this table")
        totals = [0] * rules.sides
        running: list[tuple[int, ...]] = []
        winner: int | None = None
        decided_after: int | None = None
        napoleone = False
        for number, hand in enumerate(hands, start=1):
            result = HandResult.of(hand) if isinstance(hand, HandScore) else hand
            if len(result.points) != rules.sides:
                sides = len(result.points)
                raise InvalidGame(f"hand {number} has {sides} sides, not {rules.sides}")
            totals = [t + p for t, p in zip(totals, result.points, strict=True)]
            running.append(tuple(totals))
            if decided_after is not None:
                continue
            if result.napoleone is not None:
                winner, decided_after, napoleone = result.napoleone, number, True
            else:
                winner = leader_at_target(totals, rules.target)
                decided_after = number if winner is not None else None
        return cls(rules, first_dealer, tuple(running), winner, decided_after, napoleone)

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
        return max(self.totals) >= self.rules.target

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


def leader_at_target(totals: Sequence[int], target: int) -> int | None:
    """The winner given end-of-hand totals: the strict leader once anyone reached ``target``."""
    top = max(totals)
    if top < target or list(totals).count(top) > 1:
        return None
    return list(totals).index(top)
