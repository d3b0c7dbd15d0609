"""A round: its matches at numbered tables, and the entrant with a bye."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .entrants import EntrantId


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two entrants at one table; ``first`` is the first side of the game."""

    table: int
    first: EntrantId
    second: EntrantId

    @property
    def sides(self) -> frozenset[EntrantId]:
        """The two entrants, in no order (how a rematch is recognised)."""
        return frozenset((self.first, self.second))


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its pairings, tables numbered from 1, and who sits out (odd counts)."""

    number: int
    pairings: tuple[Pairing, ...]
    bye: EntrantId | None = None

    @classmethod
    def of(
        cls, number: int, pairs: Iterable[tuple[EntrantId, EntrantId]], bye: EntrantId | None
    ) -> Round:
        """The round of ``pairs`` in order, at tables 1, 2, ..."""
        pairings = tuple(
            Pairing(table, first, second) for table, (first, second) in enumerate(pairs, start=1)
        )
        return cls(number, pairings, bye)

    def entrants(self) -> Iterator[EntrantId]:
        """Everyone in the round: both sides of every table, then the bye."""
        for pairing in self.pairings:
            yield pairing.first
            yield pairing.second
        if self.bye is not None:
            yield self.bye
