"""The 3-player format: three players at each table, each for themselves.

Entrants are singles, and a match is one game of three sides. A round seats
everyone at tables of three; when the count is not a multiple of three, the one
or two left over have a bye (``count % 3`` byes, never a table of two).

Rounds:

- :func:`three_round_robin`, a group's schedule: rounds until every two entrants of
  the group have sat at one table at least once (with three at a table, "everyone
  meets everyone exactly once" exists only for some counts, so a pair may meet
  again). Each round seats first a pair that has not met yet, with the third who
  meets the most new faces; the byes go to those with the fewest pairs still to
  meet, then the fewest byes so far, so each round brings at least one new meeting
  and the schedule ends.
- :func:`three_round`, a Swiss round: the byes to the lowest ranked who have had
  none, then from the top of the ranking each table the first one still unseated
  with the two who make the fewest repeated meetings (the nearest in the ranking
  when equal). Greedy: it avoids a rematch when this order finds a way, and does
  not search further.

Points of a 3-way match (`ThreePoints`, 3-1-0 by default): the game's winner
(first to its target) is first; the other two are second and third by their game
points, and two level behind the winner share second place (each gets second's
points). A bye scores ``bye`` (the winner's 3 by default, as a bye in the
two-sided formats). The standings (:func:`three_standings`) rank by match points,
then by matches won, then by game points, and finally by the entrant's number,
which the draw made random.

Knockout: a table of three sends its winner on, so a bracket would need 3, 9,
27 ... places; the format has no knockout stage, and :func:`check_three_stages`
refuses one with :data:`NO_KNOCKOUT`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from .entrants import EntrantId
from .errors import TournamentError

#: Players at each table.
SEATS = 3
#: Why a 3-player tournament cannot have a knockout stage.
NO_KNOCKOUT = "the 3-player format has no knockout stage: play round-robin groups or Swiss rounds"


def _pairs(seats: Iterable[EntrantId]) -> set[frozenset[EntrantId]]:
    return {frozenset(pair) for pair in combinations(seats, 2)}


@dataclass(frozen=True, slots=True)
class Table:
    """Three entrants at one numbered table; ``seats`` in the game's side order."""

    table: int
    seats: tuple[EntrantId, EntrantId, EntrantId]

    @property
    def pairs(self) -> set[frozenset[EntrantId]]:
        """The three pairs who meet at this table (how a repeat is recognised)."""
        return _pairs(self.seats)


@dataclass(frozen=True, slots=True)
class ThreeRound:
    """One round of the 3-player format: its tables, numbered from 1, and its byes."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[EntrantId, ...] = ()

    @classmethod
    def of(
        cls,
        number: int,
        tables: Iterable[tuple[EntrantId, EntrantId, EntrantId]],
        byes: Iterable[EntrantId] = (),
    ) -> ThreeRound:
        """The round of ``tables`` in order, at tables 1, 2, ..."""
        numbered = tuple(Table(i, seats) for i, seats in enumerate(tables, start=1))
        return cls(number, numbered, tuple(byes))

    def entrants(self) -> Iterator[EntrantId]:
        """Everyone in the round: each table's seats in order, then the byes."""
        for table in self.tables:
            yield from table.seats
        yield from self.byes


def _check_entrants(entrants: Sequence[EntrantId]) -> None:
    if len(set(entrants)) != len(entrants):
        raise TournamentError(f"{list(entrants)!r} names an entrant twice")
    if len(entrants) < SEATS:
        raise TournamentError(f"{list(entrants)!r}: a table needs {SEATS} entrants")


def three_round_robin(entrants: Sequence[EntrantId]) -> tuple[ThreeRound, ...]:
    """A group's rounds at tables of three until every two of ``entrants`` have met."""
    _check_entrants(entrants)
    order = {entrant: i for i, entrant in enumerate(entrants)}
    to_meet = _pairs(entrants)
    byes: Counter[EntrantId] = Counter()
    rounds: list[ThreeRound] = []
    while to_meet:
        sitting_out = _round_robin_byes(entrants, to_meet, byes)
        byes.update(sitting_out)
        seated = [e for e in entrants if e not in sitting_out]
        tables = _seat_new_faces(seated, to_meet, order)
        for seats in tables:
            to_meet -= _pairs(seats)
        rounds.append(ThreeRound.of(len(rounds) + 1, tables, sitting_out))
    return tuple(rounds)


def _round_robin_byes(
    entrants: Sequence[EntrantId], to_meet: set[frozenset[EntrantId]], byes: Counter[EntrantId]
) -> tuple[EntrantId, ...]:
    """The ``len % 3`` byes of a round-robin round: fewest pairs still to meet, then
    fewest byes, then the order given, leaving at least one pair still to meet seated."""
    count = len(entrants) % SEATS
    if not count:
        return ()
    left = Counter(e for pair in to_meet for e in pair)
    ranked = sorted(entrants, key=lambda e: (left[e], byes[e]))
    chosen = tuple(ranked[:count])
    if any(not pair & set(chosen) for pair in to_meet):
        return chosen
    keep = min(to_meet, key=lambda p: sorted(entrants.index(e) for e in p))
    return tuple([e for e in ranked if e not in keep][:count])


def _seat_new_faces(
    seated: Sequence[EntrantId], to_meet: set[frozenset[EntrantId]], order: dict[EntrantId, int]
) -> list[tuple[EntrantId, EntrantId, EntrantId]]:
    """Tables of three from ``seated`` (a multiple of three): each time a pair still to
    meet (the first by the order given) with the third who meets most of them anew."""
    free = list(seated)
    tables = []
    while free:
        open_pairs = [p for p in to_meet if p <= set(free)]
        if open_pairs:
            first, second = sorted(
                min(open_pairs, key=lambda p: sorted(order[e] for e in p)), key=order.__getitem__
            )
        else:
            first, second = free[0], free[1]
        rest = [e for e in free if e not in (first, second)]
        third = max(
            rest,
            key=lambda e: (
                (frozenset((first, e)) in to_meet) + (frozenset((second, e)) in to_meet),
                -order[e],
            ),
        )
        tables.append((first, second, third))
        free = [e for e in free if e not in (first, second, third)]
    return tables


def most_rounds(count: int) -> int:
    """The most Swiss rounds ``count`` entrants can play at tables of three before two of
    them must meet again: a round seats ``count // 3`` tables of three pairs each, and
    there are ``count * (count - 1) / 2`` pairs to go round (9 entrants: 4 rounds, as
    the nine points of a 3 x 3 grid in its rows, columns and two diagonals' directions).
    A bound: under it the greedy `three_round` may still seat a pair again."""
    tables = count // SEATS
    return count * (count - 1) // 2 // (SEATS * tables) if tables else 0


class ThreeResultError(TournamentError):
    """A table of three's result its rules refuse; `field` is the part that is wrong:
    ``"wins"`` (not one partita won by one side) or ``"points"`` (its winner not
    strictly ahead on game points)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def three_winner(wins: Sequence[int], points: Sequence[int]) -> int:
    """The side (0, 1 or 2) that won a table of three from its partite won and game
    points: one partita, won by one side (1, the others 0), which has strictly the most
    game points (a game ends with one strict leader). Raises `ThreeResultError`."""
    if sorted(wins) != [0, 0, 1]:
        raise ThreeResultError(f"{list(wins)}: one side wins the table's one partita", "wins")
    winner = list(wins).index(1)
    if any(p >= points[winner] for side, p in enumerate(points) if side != winner):
        raise ThreeResultError(f"{list(points)}: the winner has the most game points", "points")
    return winner


def three_round(
    number: int,
    ranking: Sequence[EntrantId],
    met: Collection[frozenset[EntrantId]] = (),
    had_bye: Collection[EntrantId] = (),
) -> ThreeRound:
    """A Swiss round at tables of three from ``ranking`` (the best first): the byes to
    the lowest ranked without one yet, then tables from the top, each the first still
    unseated with the two who repeat the fewest meetings of ``met``."""
    _check_entrants(ranking)
    count = len(ranking) % SEATS
    fresh = [e for e in reversed(ranking) if e not in had_bye]
    byes = (fresh + [e for e in reversed(ranking) if e in had_bye])[:count]
    free = [e for e in ranking if e not in byes]
    met = set(met)
    tables = []
    while free:
        head = free[0]
        seats = _fewest_repeats(head, free[1:], met)
        tables.append(seats)
        free = [e for e in free if e not in seats]
    return ThreeRound.of(number, tables, sorted(byes, key=ranking.index))


def _fewest_repeats(
    head: EntrantId, rest: Sequence[EntrantId], met: set[frozenset[EntrantId]]
) -> tuple[EntrantId, EntrantId, EntrantId]:
    """``head``'s table: the two of ``rest`` (in ranking order) who with ``head`` repeat
    the fewest meetings, the first such two in the ranking; a table of no repeat ends
    the search."""
    best: tuple[int, EntrantId, EntrantId] | None = None
    for b, c in combinations(rest, 2):
        repeats = len(_pairs((head, b, c)) & met)
        if best is None or repeats < best[0]:
            best = (repeats, b, c)
            if not repeats:
                break
    assert best is not None  # noqa: S101 - rest holds at least two (a multiple of three)
    return (head, best[1], best[2])


def check_three_stages(has_knockout: bool) -> None:
    """Refuse a knockout stage in the 3-player format (`NO_KNOCKOUT`)."""
    if has_knockout:
        raise TournamentError(NO_KNOCKOUT)


# Points and standings -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThreePoints:
    """Match points for first, second and third place at a table, and for a bye."""

    first: int = 3
    second: int = 1
    third: int = 0
    bye: int = 3

    def __post_init__(self) -> None:
        if not self.first >= self.second >= self.third >= 0 or self.bye < 0:
            raise TournamentError(f"{self!r}: points must not grow from first to third")


@dataclass(frozen=True, slots=True)
class ThreeResult:
    """A finished 3-way match: its seats, each side's game points, and the game's winner."""

    seats: tuple[EntrantId, EntrantId, EntrantId]
    points: tuple[int, int, int]
    winner: EntrantId

    def __post_init__(self) -> None:
        if len(set(self.seats)) != SEATS or self.winner not in self.seats:
            raise TournamentError(f"{self!r}: three entrants, the winner one of them")
        if min(self.points) < 0:
            raise TournamentError(f"{self!r}: game points are never negative")

    def places(self) -> dict[EntrantId, int]:
        """Each seat's place: the winner 1; the others 2 and 3 by game points, 2 both when level."""
        others = [(p, e) for e, p in zip(self.seats, self.points, strict=True) if e != self.winner]
        (low_points, low), (high_points, high) = sorted(others)
        third = 2 if low_points == high_points else 3
        return {self.winner: 1, high: 2, low: third}


@dataclass(frozen=True, slots=True)
class ThreeStanding:
    """One line of a 3-player table: places taken, match points, game points."""

    rank: int
    entrant: EntrantId
    played: int
    firsts: int
    seconds: int
    thirds: int
    byes: int
    points: int
    points_for: int


def three_standings(
    entrants: Iterable[EntrantId],
    results: Iterable[ThreeResult],
    points: ThreePoints = ThreePoints(),
    byes: Iterable[EntrantId] = (),
) -> tuple[ThreeStanding, ...]:
    """The table: by match points, then matches won, then game points, then number."""
    lines = {e: [0, 0, 0, 0, 0, 0, 0] for e in entrants}  # played, 1st, 2nd, 3rd, byes, pts, for
    by_place = {1: points.first, 2: points.second, 3: points.third}
    for result in results:
        for entrant, place in result.places().items():
            if entrant not in lines:
                raise TournamentError(f"{result!r}: {entrant} is not an entrant of this table")
            line = lines[entrant]
            line[0] += 1
            line[place] += 1
            line[5] += by_place[place]
            line[6] += result.points[result.seats.index(entrant)]
    for entrant in byes:
        lines[entrant][4] += 1
        lines[entrant][5] += points.bye
    order = sorted(lines, key=lambda e: (-lines[e][5], -lines[e][1], -lines[e][6], e))
    return tuple(ThreeStanding(rank, e, *lines[e]) for rank, e in enumerate(order, start=1))
