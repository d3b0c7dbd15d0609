"""Standings: points per match, and the tie-break chain with the reason of each decided tie.

Every match gives its sides points (3 a win, 1 a draw, 0 a loss unless the
tournament says otherwise; a bye counts as a win). Sides level on points are
told apart by the tie-break chain, in the tournament's order; the Italian
chain is the default (:data:`ITALIAN`):

1. **head-to-head**: between two sides only, the points each took in their
   matches against each other;
2. **classifica avulsa**: a table of the tied sides alone, the points each
   took in the matches among them;
3. **partite won**: the partite (games) each won, in all matches (a match of
   one partita: one for its winner);
4. **point difference**: game points scored less conceded, in all matches;
5. **points for**: game points scored, in all matches;
6. **points against**: game points conceded, in all matches, the fewer the better
   (after the two steps above it never separates anyone: it decides when the
   organiser puts it before them);
7. **drawn card**: each tied side, in the order of their numbers, draws a
   card from a shuffled deck (seeded by the tournament's stored seed and the
   sides' numbers, so the same tie always draws the same cards); the higher
   value wins, and between equal values the suit in the deck's order
   (denari, coppe, bastoni, spade). More than 40 tied sides draw from as many
   decks as they need; two who draw the same card are drawn for again.

A step that splits the tied sides into smaller groups is applied again, from
the start of the chain, to each group still tied: that is how the classifica
avulsa is recomputed for the sides still level. A step that separates no one
passes to the next. Without the drawn card a tie may remain: those sides
share a rank. Each place decided by a step carries its :class:`Reason` (a
code and its parameters; the pages translate them), which says whether it was
decided after such a restart (``restarted``).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from scorekeeper.scoring import DECK, SUITS, Card

from .entrants import EntrantId
from .errors import TournamentError
from .match import MatchScore


@dataclass(frozen=True, slots=True)
class Points:
    """Standings points a match gives: a win, a draw, a loss, and a bye."""

    win: int = 3
    draw: int = 1
    loss: int = 0
    bye: int = 3


@dataclass(frozen=True, slots=True)
class Result:
    """A match played: its sides, the game points each scored, and its winner (``None``: drawn).

    ``partite`` are the partite each side won; ``None`` for a match of one partita,
    which gives its winner one (and a drawn one nobody any).
    """

    first: EntrantId
    second: EntrantId
    points: tuple[int, int]
    winner: EntrantId | None
    partite: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise TournamentError(f"{self.first!r} cannot play itself")
        if self.winner not in (self.first, self.second, None):
            raise TournamentError(f"{self.winner!r} did not play {self.first}-{self.second}")
        if min(self.points) < 0:
            raise TournamentError(f"{self.points!r} are not game points")
        if self.partite is not None and min(self.partite) < 0:
            raise TournamentError(f"{self.partite!r} are not partite won")

    @classmethod
    def of(
        cls, first: EntrantId, second: EntrantId, score: MatchScore, points: tuple[int, int]
    ) -> Result:
        """The result of a match that is over: its winner from the partite won."""
        if not score.is_over:
            raise TournamentError(f"{score.wins!r}: the match {first}-{second} is not over")
        winner = None if score.winner is None else (first, second)[score.winner]
        return cls(first, second, points, winner, score.wins)

    def points_of(self, entrant: EntrantId, table: Points) -> int:
        """The standings points ``entrant`` took from this match."""
        if self.winner is None:
            return table.draw
        return table.win if self.winner == entrant else table.loss

    def partite_of(self, side: int) -> int:
        """The partite side ``side`` (0: the first) won in this match."""
        if self.partite is not None:
            return self.partite[side]
        return int(self.winner == (self.first, self.second)[side])


class TieBreak(enum.Enum):
    """A step of the tie-break chain; its value is the code of its :class:`Reason`."""

    HEAD_TO_HEAD = "head_to_head"
    CLASSIFICA_AVULSA = "classifica_avulsa"
    POINT_DIFFERENCE = "point_difference"
    POINTS_FOR = "points_for"
    POINTS_AGAINST = "points_against"
    PARTITE_WON = "partite_won"
    DRAWN_CARD = "drawn_card"


#: The Italian chain, the default order (every step, the drawn card last).
ITALIAN: tuple[TieBreak, ...] = (
    TieBreak.HEAD_TO_HEAD,
    TieBreak.CLASSIFICA_AVULSA,
    TieBreak.PARTITE_WON,
    TieBreak.POINT_DIFFERENCE,
    TieBreak.POINTS_FOR,
    TieBreak.POINTS_AGAINST,
    TieBreak.DRAWN_CARD,
)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a side is above the next one: a step's code and the figures that decided it.

    ``params`` hold ``value`` (this side's) and ``other`` (the next side's):
    points, a difference, partite, or a card's notation. ``restarted``: the step
    decided among sides that an earlier step had left level, the chain having
    started again from its first step for them.
    """

    code: str
    params: tuple[tuple[str, int | str], ...] = ()
    restarted: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the table. ``ahead`` says why it is above the next row, when level on points."""

    rank: int
    entrant: EntrantId
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points: int = 0
    points_for: int = 0
    points_against: int = 0
    partite_won: int = 0
    ahead: Reason | None = field(default=None, compare=False)

    @property
    def difference(self) -> int:
        """Game points scored less conceded."""
        return self.points_for - self.points_against


def standings(
    entrants: Collection[EntrantId],
    results: Sequence[Result],
    *,
    points: Points = Points(),
    order: Sequence[TieBreak] = ITALIAN,
    seed: int = 0,
    byes: Sequence[EntrantId] = (),
) -> tuple[Standing, ...]:
    """The table of ``entrants`` after ``results`` (and ``byes``), best first.

    The same results in any order give the same table.
    """
    rows = _tally(entrants, results, points, byes)
    chain = _Chain(results, points, order, seed, rows)
    table: list[Standing] = []
    for level in sorted({row.points for row in rows.values()}, reverse=True):
        tied = sorted(entrant for entrant, row in rows.items() if row.points == level)
        for block, reason in chain.split(tied):
            rank = len(table) + 1
            for entrant in block:
                table.append(replace(rows[entrant], rank=rank))
            if reason is not None:
                table[-1] = replace(table[-1], ahead=reason)
    return tuple(table)


def _tally(
    entrants: Collection[EntrantId],
    results: Sequence[Result],
    points: Points,
    byes: Sequence[EntrantId],
) -> dict[EntrantId, Standing]:
    """Each entrant's row before ranking: matches, points, game points."""
    rows = {entrant: Standing(0, entrant) for entrant in entrants}
    for entrant in byes:
        if entrant not in rows:
            raise TournamentError(f"{entrant!r} is not an entrant")
        rows[entrant] = replace(rows[entrant], points=rows[entrant].points + points.bye)
    for result in results:
        for side, entrant in enumerate((result.first, result.second)):
            row = rows.get(entrant)
            if row is None:
                raise TournamentError(f"{entrant!r} is not an entrant")
            won, lost = result.winner == entrant, result.winner not in (entrant, None)
            rows[entrant] = replace(
                row,
                played=row.played + 1,
                won=row.won + won,
                drawn=row.drawn + (result.winner is None),
                lost=row.lost + lost,
                points=row.points + result.points_of(entrant, points),
                points_for=row.points_for + result.points[side],
                points_against=row.points_against + result.points[1 - side],
                partite_won=row.partite_won + result.partite_of(side),
            )
    return rows


#: A step's key for each tied side (higher is better), or None when the step does not apply.
_Key = Callable[[Sequence[EntrantId]], Mapping[EntrantId, tuple[int, ...]] | None]


class _Chain:
    """The tie-break chain of one table: each step as a key on the tied sides."""

    def __init__(
        self,
        results: Sequence[Result],
        points: Points,
        order: Sequence[TieBreak],
        seed: int,
        rows: Mapping[EntrantId, Standing],
    ) -> None:
        # ``rows`` gives the steps on the whole table: point difference, points for.
        self.results = results
        self.points = points
        self.order = order
        self.seed = seed
        self.keys: dict[TieBreak, _Key] = {
            TieBreak.HEAD_TO_HEAD: self._head_to_head,
            TieBreak.CLASSIFICA_AVULSA: self._among,
            TieBreak.POINT_DIFFERENCE: lambda tied: {e: (rows[e].difference,) for e in tied},
            TieBreak.POINTS_FOR: lambda tied: {e: (rows[e].points_for,) for e in tied},
            # Fewer conceded is better: the key is negated (the reason shows the points).
            TieBreak.POINTS_AGAINST: lambda tied: {e: (-rows[e].points_against,) for e in tied},
            TieBreak.PARTITE_WON: lambda tied: {e: (rows[e].partite_won,) for e in tied},
            TieBreak.DRAWN_CARD: self._drawn_cards,
        }

    def split(
        self, tied: list[EntrantId], *, restarted: bool = False
    ) -> list[tuple[list[EntrantId], Reason | None]]:
        """``tied`` in blocks, best first, each with the reason it is above the next block.

        ``restarted``: ``tied`` are sides a step left level among more, the chain
        started again for them (their reasons say so)."""
        if len(tied) == 1:
            return [(tied, None)]
        for step in self.order:
            key = self.keys[step](tied)
            if key is None or len(set(key.values())) == 1:
                continue
            levels = sorted(set(key.values()), reverse=True)
            blocks: list[tuple[list[EntrantId], Reason | None]] = []
            for value, below in zip(levels, [*levels[1:], None], strict=True):
                group = [entrant for entrant in tied if key[entrant] == value]
                inner = self.split(group, restarted=True)
                if below is not None:
                    reason = Reason(step.value, _params(step, value, below), restarted)
                    inner[-1] = (inner[-1][0], reason)
                blocks.extend(inner)
            return blocks
        return [(tied, None)]

    def _head_to_head(self, tied: Sequence[EntrantId]) -> dict[EntrantId, tuple[int, ...]] | None:
        """Between two sides only: the points from their matches against each other."""
        return self._among(tied) if len(tied) == 2 else None

    def _among(self, tied: Sequence[EntrantId]) -> dict[EntrantId, tuple[int, ...]]:
        """The classifica avulsa: points from the matches among ``tied`` alone."""
        inside = set(tied)
        taken = dict.fromkeys(tied, 0)
        for result in self.results:
            if result.first in inside and result.second in inside:
                for entrant in (result.first, result.second):
                    taken[entrant] += result.points_of(entrant, self.points)
        return {entrant: (total,) for entrant, total in taken.items()}

    def _drawn_cards(self, tied: Sequence[EntrantId]) -> dict[EntrantId, tuple[int, ...]]:
        """A card each, drawn in the order of the sides' numbers: value, then suit order."""
        names = ",".join(str(entrant) for entrant in sorted(tied))
        decks = -(-len(tied) // len(DECK))  # more than 40 tied sides draw from more decks
        deck = random.Random(f"{self.seed}:{names}").sample(DECK * decks, len(tied))  # noqa: S311
        return {entrant: _card_key(card) for entrant, card in zip(sorted(tied), deck, strict=True)}


def _card_key(card: Card) -> tuple[int, ...]:
    """How a drawn card ranks: its value, then denari above coppe above bastoni above spade."""
    return (card.value, len(SUITS) - card.suit.index)


def _params(
    step: TieBreak, value: tuple[int, ...], other: tuple[int, ...]
) -> tuple[tuple[str, int | str], ...]:
    """The figures of a decided tie: each side's, as the page shows them."""
    if step is TieBreak.DRAWN_CARD:
        return (("value", _card_of(value).code), ("other", _card_of(other).code))
    if step is TieBreak.POINTS_AGAINST:
        return (("value", -value[0]), ("other", -other[0]))
    return (("value", value[0]), ("other", other[0]))


def _card_of(key: tuple[int, ...]) -> Card:
    value, suit_rank = key
    return Card(value, SUITS[len(SUITS) - suit_rank])
