"""Individual tournaments with rotating partners ("baraonda"): players enter alone, and
every round seats them four at a table, two against two, with a new partner each time.

The guarantee (:func:`rotating_round`), for ``n`` players (a multiple of 4):

1. **Nobody partners the same player twice** in the first ``n - 1`` rounds, which is
   the most there can be: a player has only ``n - 1`` others. The partnerships of a
   round are one *1-factor* of the circle method's 1-factorisation of the ``n`` players
   (the round-robin schedule of :mod:`.roundrobin`, read as "who sits with whom"): the
   ``n - 1`` factors share no pair, so a factor no earlier round used repeats no
   partnership. Past ``n - 1`` rounds :func:`rotating_round` refuses
   (:func:`most_rotating_rounds`).
2. **Opponents repeat as rarely as the partnerships allow**: once a round's partners are
   chosen, its tables are a maximum-weight perfect matching of the pairs (networkx's
   ``max_weight_matching``, Edmonds' blossom algorithm) whose weight counts, for every
   two pairs set at one table, the times their four players already met as opponents:
   no other seating of those pairs repeats fewer meetings. Among the factors no round
   used yet, the round takes the one whose best seating repeats the fewest meetings
   (the first such in the factorisation's order, so the same history always gives the
   same round). The choice is made round by round: a later round may repeat a meeting
   that a different earlier choice would have saved.

Who gets which place in the factorisation is the draw's (the entrants' numbers are
drawn), so the rounds differ from one tournament to the next.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

import networkx as nx

from .entrants import EntrantId
from .errors import TournamentError
from .standings import Result, TieBreak

#: Players at a table: two pairs.
SEATS = 4


@dataclass(frozen=True, slots=True)
class Foursome:
    """A table of a rotating round: the pair ``first`` against the pair ``second``."""

    table: int
    first: tuple[EntrantId, EntrantId]
    second: tuple[EntrantId, EntrantId]

    @property
    def players(self) -> tuple[EntrantId, ...]:
        """The four players at the table."""
        return (*self.first, *self.second)


@dataclass(frozen=True, slots=True)
class RotatingRound:
    """A round of a rotating tournament: its tables, numbered from 1, and ``repeats``, how
    many times two of its opponents already met in earlier rounds (0: nobody did)."""

    tables: tuple[Foursome, ...]
    repeats: int = 0

    @property
    def partnerships(self) -> Iterator[frozenset[EntrantId]]:
        """Every pair of partners of the round."""
        for table in self.tables:
            yield frozenset(table.first)
            yield frozenset(table.second)

    @property
    def meetings(self) -> Iterator[frozenset[EntrantId]]:
        """Every two players who face each other across a table (four a table)."""
        for table in self.tables:
            for one, other in product(table.first, table.second):
                yield frozenset((one, other))


def check_players(count: int) -> None:
    """Refuse a number of players that cannot sit four at every table."""
    if count < SEATS or count % SEATS:
        raise TournamentError(f"{count} players cannot sit four at every table")


def most_rotating_rounds(count: int) -> int:
    """The most rounds ``count`` players can play without anyone partnering anyone twice."""
    return count - 1


def opponent_counts(history: Sequence[RotatingRound]) -> Counter[frozenset[EntrantId]]:
    """How many times each two players have met as opponents in ``history``."""
    return Counter(meeting for played in history for meeting in played.meetings)


def rotating_round(
    players: Sequence[EntrantId],
    history: Sequence[RotatingRound] = (),
    *,
    lookahead: int | None = None,
) -> RotatingRound:
    """The next round of ``players`` (in the draw's order) after the rounds ``history``.

    ``lookahead`` limits how many unused factors are compared (``None``: all of them).
    Raises `TournamentError` for a number of players that is not a multiple of 4, a
    history with another player, or once every player has partnered every other.
    """
    check_players(len(players))
    place = {player: index for index, player in enumerate(players)}
    if len(place) != len(players):
        raise TournamentError(f"{players!r} names a player twice")
    used: set[int] = set()
    for played in history:
        for pair in played.partnerships:
            if not pair <= place.keys():
                raise TournamentError(f"{sorted(pair)!r} are not all players of this tournament")
            one, other = sorted(place[p] for p in pair)
            used.add(_factor_of(one, other, len(players)))
    free = [k for k in range(len(players) - 1) if k not in used]
    if not free:
        raise TournamentError(f"{len(players)} players have all partnered each other already")
    met = opponent_counts(history)
    best: RotatingRound | None = None
    for k in free[: None if lookahead is None else max(1, lookahead)]:
        pairs = [(players[a], players[b]) for a, b in _factor(k, len(players))]
        seated = best_seating(pairs, met)
        if best is None or seated.repeats < best.repeats:
            best = seated
        if best.repeats == 0:
            break
    assert best is not None  # noqa: S101 - free is not empty
    return best


def best_seating(
    pairs: Sequence[tuple[EntrantId, EntrantId]], met: Counter[frozenset[EntrantId]]
) -> RotatingRound:
    """The pairs ``pairs`` seated two at a table with the fewest repeated meetings
    (``met``: how often each two players already faced each other)."""
    if len(pairs) % 2:
        raise TournamentError(f"{len(pairs)} pairs cannot sit two at every table")
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(len(pairs)))
    costs = {}
    for i, j in combinations(range(len(pairs)), 2):
        cost = sum(met[frozenset((a, b))] for a, b in product(pairs[i], pairs[j]))
        costs[i, j] = cost
        # Every edge weighs more than any two lighter ones together could gain: a
        # maximum-weight matching is then perfect (maxcardinality too) and cheapest.
        graph.add_edge(i, j, weight=_CEILING - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(pairs):  # pragma: no cover - a complete graph of even order
        raise TournamentError("the pairs could not all be seated")
    ordered = sorted(tuple(sorted(edge)) for edge in matching)
    tables = tuple(
        Foursome(number, pairs[i], pairs[j]) for number, (i, j) in enumerate(ordered, start=1)
    )
    return RotatingRound(tables, sum(costs[i, j] for i, j in ordered))


#: Larger than any table's cost (16 meetings at most per round, a few hundred rounds).
_CEILING = 1_000_000


def _factor(k: int, count: int) -> list[tuple[int, int]]:
    """The ``k``-th 1-factor (0-based) of the circle method on places ``0 .. count - 1``:
    the last place sits with ``k``, and ``k + i`` with ``k - i`` (mod ``count - 1``)."""
    ring = count - 1
    return [(k, ring)] + [((k + i) % ring, (k - i) % ring) for i in range(1, count // 2)]


def _factor_of(one: int, other: int, count: int) -> int:
    """The factor (0-based) whose pairs include places ``one < other``."""
    ring = count - 1
    if other == ring:
        return one
    # 2k = one + other (mod ring), and ring is odd, so 2 has an inverse: (ring + 1) / 2.
    return (one + other) * ((ring + 1) // 2) % ring


def individual_results(
    first: tuple[EntrantId, EntrantId],
    second: tuple[EntrantId, EntrantId],
    points: tuple[int, int],
    winner: int | None,
    partite: tuple[int, int] | None = None,
) -> tuple[Result, Result]:
    """A table's result as each player's own: both partners take their pair's result
    (``winner``: 0 the first pair, 1 the second, ``None`` a draw; ``points`` and
    ``partite`` won per pair, ``partite`` ``None`` for one partita).

    Each player is one side of exactly one of the two results, so the standings count
    one match won, drawn or lost for each, with its pair's game points for and against.
    """
    results = []
    for mine, theirs in zip(first, second, strict=True):
        won = None if winner is None else (mine, theirs)[winner]
        results.append(Result(mine, theirs, points, won, partite))
    return results[0], results[1]


def individual_chain(order: Sequence[TieBreak]) -> tuple[TieBreak, ...]:
    """The tie-break chain of an individual ranking: the tournament's ``order`` without
    head-to-head and the classifica avulsa, which read the matches between the tied
    sides and mean little when partners change every round."""
    return tuple(
        step for step in order if step not in (TieBreak.HEAD_TO_HEAD, TieBreak.CLASSIFICA_AVULSA)
    )
