"""A round-robin schedule by the circle method: everyone meets everyone once.

With N entrants (N even) there are N - 1 rounds. The first entrant stays put
and the others turn around it one place a round, like seats at a round table;
in each round the i-th from the start meets the i-th from the end. With N odd
a dummy makes the count even, and whoever meets it has the bye. The fixed
entrant changes side every round, so that it is not always the first side.

Any round of the schedule can be played first: the one played first is the
round with the fewest pairs to keep apart (entrants of one club), and the
others follow in their order.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .entrants import EntrantId
from .errors import TournamentError
from .rounds import Round


def round_robin(
    entrants: Sequence[EntrantId], apart: Collection[frozenset[EntrantId]] = ()
) -> tuple[Round, ...]:
    """Every round of a single round-robin among ``entrants``, the fewest ``apart`` pairs first."""
    if len(set(entrants)) != len(entrants):
        raise TournamentError(f"{list(entrants)!r} names an entrant twice")
    seats: list[EntrantId | None] = list(entrants)
    if len(seats) % 2:
        seats.append(None)
    rounds = []
    for number in range(1, len(seats)):
        pairs: list[tuple[EntrantId, EntrantId]] = []
        bye = None
        for i in range(len(seats) // 2):
            first, second = seats[i], seats[-1 - i]
            if i == 0 and number % 2 == 0:
                first, second = second, first
            if first is None or second is None:
                bye = second if first is None else first
            else:
                pairs.append((first, second))
        rounds.append(Round.of(number, pairs, bye))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    if not rounds:
        return ()
    opening = min(rounds, key=lambda r: sum(p.sides in apart for p in r.pairings))
    order = [opening, *(r for r in rounds if r is not opening)]
    return tuple(Round(number, r.pairings, r.bye) for number, r in enumerate(order, start=1))
