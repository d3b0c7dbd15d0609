"""A match's length: one partita or the best of N, and a match's result from its partite.

A match of ``games`` partite is decided as soon as one side has won more than
half of them (two of three, three of five); no partita is played after that.
With an even number (a best-of-2 in a round-robin) both sides may end level
after all of them: the match is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import TournamentError


@dataclass(frozen=True, slots=True)
class MatchLength:
    """How many partite a match has at most: 1, or N for the best of N."""

    games: int = 1

    def __post_init__(self) -> None:
        if self.games < 1:
            raise TournamentError(f"a match of {self.games!r} partite")

    @property
    def wins_needed(self) -> int:
        """Partite a side must win to take the match: more than half."""
        return self.games // 2 + 1

    def score(self, winners: Sequence[int]) -> MatchScore:
        """The match after partite won by ``winners`` (0 for the first side, 1 the second).

        Refuses a partita played after the match was decided, or more than ``games``.
        """
        wins = [0, 0]
        for number, side in enumerate(winners, start=1):
            if side not in (0, 1):
                raise TournamentError(f"side {side!r} of partita {number} is not 0 or 1")
            if max(wins) >= self.wins_needed or number > self.games:
                raise TournamentError(f"partita {number} comes after the end of the match")
            wins[side] += 1
        return MatchScore(self, (wins[0], wins[1]))


@dataclass(frozen=True, slots=True)
class MatchScore:
    """Partite won by each side so far; the winner once one side has won enough."""

    length: MatchLength
    wins: tuple[int, int]

    @property
    def winner(self) -> int | None:
        """The side (0 or 1) that has won more than half the partite, if one has."""
        for side in (0, 1):
            if self.wins[side] >= self.length.wins_needed:
                return side
        return None

    @property
    def is_drawn(self) -> bool:
        """Whether every partita was played and the sides ended level."""
        return sum(self.wins) == self.length.games and self.wins[0] == self.wins[1]

    @property
    def is_over(self) -> bool:
        """Whether the match is decided or drawn: no partita is left to play."""
        return self.winner is not None or self.is_drawn
