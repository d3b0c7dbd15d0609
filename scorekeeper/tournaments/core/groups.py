"""The draw into groups (gironi): seeds one per group, clubs kept apart where they can be.

The seeded entrants, best seed first, go in pots as many as the groups: the
first pot's seeds head one group each, the second pot's add one each, and so
on; which group a seed of a pot gets is drawn. The unseeded entrants fill the
places left at random. Throughout, two entrants of the same club are put in
different groups whenever the places allow: for the seeds by the choice of
group within their pot, for the others exactly (the fewest entrants possible
share a group with their club, given where the seeds went), found as a flow
from the clubs to the groups' free places. When a club cannot be kept apart
(more of its entrants than groups, say) the draw says so in ``clashes``.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass

from .entrants import Entrant, EntrantId
from .errors import TournamentError


@dataclass(frozen=True, slots=True)
class ClubClash:
    """Entrants of one club drawn in one group because there was no other way."""

    group: int
    club: str
    entrants: tuple[EntrantId, ...]


@dataclass(frozen=True, slots=True)
class GroupDraw:
    """The groups (0 is group A), each listing its entrants seeds first, and the clashes."""

    groups: tuple[tuple[EntrantId, ...], ...]
    clashes: tuple[ClubClash, ...]


def group_sizes(entrants: int, size: int = 4) -> tuple[int, ...]:
    """As few groups of at most ``size`` as hold ``entrants``, as even as possible, larger first.

    Ten entrants in groups of four make groups of 4, 3 and 3.
    """
    if entrants < 1 or size < 2:
        raise TournamentError(f"{entrants!r} entrants in groups of {size!r}")
    count = -(-entrants // size)
    small, extra = divmod(entrants, count)
    return tuple(small + 1 if group < extra else small for group in range(count))


def draw_groups(entrants: Sequence[Entrant], sizes: Sequence[int], rng: random.Random) -> GroupDraw:
    """Draw ``entrants`` into groups of ``sizes`` (they must add up to the entrants)."""
    if sum(sizes) != len(entrants) or min(sizes, default=0) < 1:
        raise TournamentError(f"groups of {list(sizes)!r} for {len(entrants)} entrants")
    groups: list[list[Entrant]] = [[] for _ in sizes]
    seeded = sorted((e for e in entrants if e.seed is not None), key=lambda e: (e.seed, e.id))
    for start in range(0, len(seeded), len(sizes)):
        _place_pot(seeded[start : start + len(sizes)], groups, sizes, rng)
    unseeded = [entrant for entrant in entrants if entrant.seed is None]
    rng.shuffle(unseeded)
    _fill(unseeded, groups, sizes, rng)
    return GroupDraw(tuple(tuple(e.id for e in group) for group in groups), _clashes(groups))


def _has_room(groups: list[list[Entrant]], sizes: Sequence[int], group: int) -> bool:
    return len(groups[group]) < sizes[group]


def _clubs(group: list[Entrant]) -> set[str]:
    return {entrant.club for entrant in group if entrant.club}


def _place_pot(
    pot: list[Entrant], groups: list[list[Entrant]], sizes: Sequence[int], rng: random.Random
) -> None:
    """One pot, one entrant a group: a matching from the pot to groups without its club."""
    order = [group for group in range(len(groups)) if _has_room(groups, sizes, group)]
    rng.shuffle(order)
    rng.shuffle(pot)
    owner: dict[int, Entrant] = {}

    def claim(entrant: Entrant, seen: set[int], *, clubs_apart: bool) -> bool:
        for group in order:
            if group in seen or (clubs_apart and entrant.club in _clubs(groups[group])):
                continue
            seen.add(group)
            if group not in owner or claim(owner[group], seen, clubs_apart=clubs_apart):
                owner[group] = entrant
                return True
        return False

    unplaced = [entrant for entrant in pot if not claim(entrant, set(), clubs_apart=True)]
    free = [group for group in order if group not in owner]
    for entrant, group in zip(unplaced, free, strict=False):
        # No group of this pot's is free of its club: any group left (a clash the draw reports).
        owner[group] = entrant
    for group, entrant in owner.items():
        groups[group].append(entrant)
    # More seeds in the pot than groups with room (groups of uneven sizes): placed as the rest.
    _fill(unplaced[len(free) :], groups, sizes, rng)


def _fill(
    entrants: list[Entrant], groups: list[list[Entrant]], sizes: Sequence[int], rng: random.Random
) -> None:
    """Put ``entrants`` in the free places, as few as possible beside their own club."""
    by_club: dict[str, list[Entrant]] = {}
    for entrant in entrants:
        by_club.setdefault(entrant.club, []).append(entrant)
    clubless = by_club.pop("", [])
    clubs = list(by_club)
    rng.shuffle(clubs)
    room = [size - len(group) for size, group in zip(sizes, groups, strict=True)]
    flow = _club_flow([len(by_club[c]) for c in clubs], room, [_clubs(g) for g in groups], clubs)
    clashing = []
    for k, club in enumerate(clubs):
        members = by_club[club]
        for group in flow[k]:
            groups[group].append(members.pop())
            room[group] -= 1
        clashing.extend(members)
    # Those the flow could not keep apart join as few of their club as they can; then the rest.
    for entrant in clashing + clubless:
        group = min(
            (group for group, free in enumerate(room) if free),
            key=lambda g: sum(other.club == entrant.club for other in groups[g]),
        )
        groups[group].append(entrant)
        room[group] -= 1


def _club_flow(
    counts: list[int], room: list[int], present: list[set[str]], clubs: list[str]
) -> list[list[int]]:
    """The groups each club sends one entrant to: a maximum flow, clubs to groups' places.

    Nodes: 0 the source, 1..C the clubs, then the G groups, last the sink. A
    club sends at most one entrant to a group, and none to a group that holds
    it already; a group takes as many as its free places.
    """
    c, g = len(counts), len(room)
    sink = 1 + c + g
    capacity: dict[tuple[int, int], int] = Counter()
    edges: list[list[int]] = [[] for _ in range(sink + 1)]

    def edge(start: int, end: int, amount: int) -> None:
        capacity[start, end] += amount
        edges[start].append(end)
        edges[end].append(start)

    for k, count in enumerate(counts):
        edge(0, 1 + k, count)
        for group in range(g):
            if clubs[k] not in present[group]:
                edge(1 + k, 1 + c + group, 1)
    for group, free in enumerate(room):
        edge(1 + c + group, sink, free)
    while _augment(0, sink, edges, capacity):
        pass
    return [[group for group in range(g) if capacity[1 + c + group, 1 + k] > 0] for k in range(c)]


def _augment(
    source: int, sink: int, edges: list[list[int]], capacity: dict[tuple[int, int], int]
) -> bool:
    """Push one unit along a shortest path with room left; whether there was one."""
    came_from = {source: source}
    queue = deque([source])
    while queue and sink not in came_from:
        node = queue.popleft()
        for other in edges[node]:
            if other not in came_from and capacity[node, other] > 0:
                came_from[other] = node
                queue.append(other)
    if sink not in came_from:
        return False
    node = sink
    while node != source:
        previous = came_from[node]
        capacity[previous, node] -= 1
        capacity[node, previous] += 1
        node = previous
    return True


def _clashes(groups: list[list[Entrant]]) -> tuple[ClubClash, ...]:
    """Every club with more than one entrant in a group."""
    clashes = []
    for number, group in enumerate(groups):
        counts = Counter(entrant.club for entrant in group if entrant.club)
        for club in sorted(club for club, count in counts.items() if count > 1):
            members = tuple(entrant.id for entrant in group if entrant.club == club)
            clashes.append(ClubClash(number, club, members))
    return tuple(clashes)
