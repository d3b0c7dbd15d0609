"""Individual tournaments with rotating partners ("baraonda"): players enter alone, and
every round seats them four at a table, two against two, with a new partner each time.

The guarantee (:func:`rotating_round`), for ``n`` players:

1. **Nobody partners the same player twice** in the first :func:`most_rotating_rounds`
   rounds: ``n - 1`` when ``n`` is a multiple of 4 (the most there can be: a player has
   only ``n - 1`` others), ``n - 2`` otherwise. Past them :func:`rotating_round` refuses.

   With a multiple of 4, the partnerships of a round are one *1-factor* of the circle
   method's 1-factorisation of the ``n`` players (the round-robin schedule of
   :mod:`.roundrobin`, read as "who sits with whom"): the ``n - 1`` factors share no
   pair, so a factor no earlier round used repeats no partnership.

   Otherwise ``n mod 4`` players **rest** each round (a bye): those who rested the
   fewest times so far, so rests never differ by more than one between two players and
   nobody rests twice before everyone has rested once (among equals, the draw's order).
   The others are paired by a maximum matching (networkx's ``max_weight_matching``,
   Edmonds' blossom algorithm) of the graph whose edges join the players who never
   partnered: a perfect one repeats no partnership. Among the fair choices of who rests,
   the first (in the draw's order) that leaves such a matching is taken. The schedule
   depends only on the draw's order, and for every ``n`` from 5 to 64 it reaches
   ``n - 2`` rounds (checked by the tests, round by round).

   After a withdrawal the same matching seats the players left: it is certain to find
   new partners for everyone while each has partnered fewer than half of those seated
   (Dirac's theorem: the graph of new partners then has a Hamiltonian cycle), and finds
   them beyond that whenever they exist for a fair choice of rests; otherwise the round
   is refused rather than repeat a partnership.
2. **Opponents repeat as rarely as the partnerships allow**: once a round's partners are
   chosen, its tables are a maximum-weight perfect matching of the pairs (networkx's
   ``max_weight_matching``) whose weight counts, for every two pairs set at one table,
   the times their four players already met as opponents: no other seating of those
   pairs repeats fewer meetings. With a multiple of 4, among the factors no round used
   yet, the round takes the one whose best seating repeats the fewest meetings (the
   first such in the factorisation's order, so the same history always gives the same
   round). The choice is made round by round: a later round may repeat a meeting that a
   different earlier choice would have saved.

Who gets which place in the factorisation is the draw's (the entrants' numbers are
drawn), so the rounds differ from one tournament to the next.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, islice, product

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
    """A round of a rotating tournament: its tables, numbered from 1, ``repeats``, how
    many times two of its opponents already met in earlier rounds (0: nobody did), and
    the players who rest (a bye each), in the draw's order."""

    tables: tuple[Foursome, ...]
    repeats: int = 0
    rests: tuple[EntrantId, ...] = ()

    @property
    def seated(self) -> Iterator[EntrantId]:
        """Every player at a table (the resting ones left out)."""
        for table in self.tables:
            yield from table.players

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
    """Refuse fewer players than one table seats (the others rest: :func:`resting`)."""
    if count < SEATS:
        raise TournamentError(f"{count} players cannot fill a table of four")


def resting(count: int) -> int:
    """How many of ``count`` players rest each round: those a table of four cannot seat."""
    return count % SEATS


def most_rotating_rounds(count: int) -> int:
    """The rounds ``count`` players play without anyone partnering anyone twice: all
    ``count - 1`` with a multiple of 4, ``count - 2`` when some rest every round."""
    return count - 1 if count % SEATS == 0 else count - 2


def opponent_counts(history: Sequence[RotatingRound]) -> Counter[frozenset[EntrantId]]:
    """How many times each two players have met as opponents in ``history``."""
    return Counter(meeting for played in history for meeting in played.meetings)


def rotating_round(
    players: Sequence[EntrantId],
    history: Sequence[RotatingRound] = (),
    *,
    withdrawn: Collection[EntrantId] = (),
    lookahead: int | None = None,
) -> RotatingRound:
    """The next round of ``players`` (in the draw's order) after the rounds ``history``.

    ``withdrawn``: players who left (named in ``history``, seated no more). ``lookahead``
    limits how many unused factors are compared (``None``: all of them). Raises
    `TournamentError` for fewer than 4 players, a history with another player, or when
    no fair choice of rests leaves everyone a new partner.
    """
    check_players(len(players))
    place = {player: index for index, player in enumerate(players)}
    if len(place) != len(players):
        raise TournamentError(f"{players!r} names a player twice")
    known = place.keys() | set(withdrawn)
    for played in history:
        if not {*played.seated, *played.rests} <= known:
            raise TournamentError(f"{played!r} seats players not all of this tournament")
    everyone = set(players)
    if len(players) % SEATS == 0 and all(set(p.seated) == everyone for p in history):
        return _factor_round(players, place, history, lookahead)
    return _matched_round(players, history)


def _factor_round(
    players: Sequence[EntrantId],
    place: Mapping[EntrantId, int],
    history: Sequence[RotatingRound],
    lookahead: int | None,
) -> RotatingRound:
    """The next round of a multiple of 4 who all played every round: a 1-factor of the
    circle method that no round used yet, the one whose seating repeats the fewest."""
    used: set[int] = set()
    for played in history:
        for pair in played.partnerships:
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


#: How many fair choices of rests a round tries before it gives up.
_REST_CHOICES = 200


def _matched_round(players: Sequence[EntrantId], history: Sequence[RotatingRound]) -> RotatingRound:
    """The next round when some rest or some withdrew: the fairest rests, then new
    partners for all the others, seated to repeat the fewest opponents."""
    pairs, rests = partners_and_rests(players, history)
    return replace(best_seating(pairs, opponent_counts(history)), rests=rests)


def partners_and_rests(
    players: Sequence[EntrantId], history: Sequence[RotatingRound]
) -> tuple[list[tuple[EntrantId, EntrantId]], tuple[EntrantId, ...]]:
    """The next round's partners and rests (in the draw's order) when some rest or some
    withdrew: the first fair choice of rests (:func:`fair_rests`) that leaves everyone
    else a partner they never had (a perfect matching of those who never partnered)."""
    rests = rest_counts(players, history)
    partnered = {pair for played in history for pair in played.partnerships}
    for resting_now in fair_rests(players, rests):
        seated = [p for p in players if p not in resting_now]
        pairs = _new_partners(seated, partnered)
        if pairs is not None:
            return pairs, tuple(p for p in players if p in resting_now)
    raise TournamentError(f"{len(players)} players have no new partners left to seat")


def rest_counts(
    players: Sequence[EntrantId], history: Sequence[RotatingRound]
) -> Counter[EntrantId]:
    """How many rounds each of ``players`` has rested in ``history``."""
    rested = Counter(player for played in history for player in played.rests)
    return Counter({player: rested[player] for player in players})


def fair_rests(
    players: Sequence[EntrantId], rests: Mapping[EntrantId, int]
) -> Iterator[frozenset[EntrantId]]:
    """The fair choices of who rests next (``resting(len(players))`` of them): those who
    rested fewest so far, ties taken in every way in the draw's order (at most
    ``_REST_CHOICES`` ways); one empty choice when nobody rests."""
    count = resting(len(players))
    if count == 0:
        yield frozenset()
        return
    order = sorted(players, key=lambda p: rests[p])
    cut = rests[order[count - 1]]
    sure = [p for p in players if rests[p] < cut]
    tied = [p for p in players if rests[p] == cut]
    choices = combinations(tied, count - len(sure))
    for extra in islice(choices, _REST_CHOICES):
        yield frozenset((*sure, *extra))


def _new_partners(
    seated: Sequence[EntrantId], partnered: Collection[frozenset[EntrantId]]
) -> list[tuple[EntrantId, EntrantId]] | None:
    """Pairs of ``seated`` who never partnered, everyone in one (``None``: none such)."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(len(seated)))
    for i, j in combinations(range(len(seated)), 2):
        if frozenset((seated[i], seated[j])) not in partnered:
            graph.add_edge(i, j)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(seated):
        return None
    return [(seated[i], seated[j]) for i, j in sorted(tuple(sorted(e)) for e in matching)]


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
