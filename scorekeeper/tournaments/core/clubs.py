"""Club against club: teams of pairs, every pair of one club against a pair of the other.

A club is a team of two pairs or more (four players or more); clubs may field
different numbers of pairs. Each round the clubs meet as a round-robin schedules them
(the circle method, :mod:`.roundrobin`; with an odd number of clubs one club rests, its
pairs each with a bye), and when two clubs meet, every pair of the smaller club plays a
pair of the bigger one: the ``i``-th pair of the smaller against the ``(i + m)``-th of
the bigger (counted round the bigger club's pairs), ``m`` the number of times these two
clubs met before; the bigger club's pairs left over have a bye, different ones each
time the clubs meet again. Of equal clubs, the first in the draw's order counts as the
smaller. After the schedule's rounds it starts again with the next offset, so two clubs
whose bigger fields ``k`` pairs play ``k`` rounds before any two pairs meet again
(:func:`most_club_rounds`).

The team standings (:func:`club_standings`) rank the clubs by matches won by their
pairs, then partite won, then game points scored; clubs level on all three share a
rank. A bye counts nothing there (it is counted, and shown, apart); in the pairs'
standings it counts as a match won, as every bye does (:mod:`.standings`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .entrants import EntrantId
from .errors import TournamentError
from .roundrobin import round_robin
from .rounds import Pairing

#: The fewest pairs a club fields.
PAIRS_MIN = 2


@dataclass(frozen=True, slots=True)
class ClubRound:
    """A round of club against club: its tables (numbered from 1, each meeting of two
    clubs at consecutive tables) and the pairs with a bye (a resting club's)."""

    number: int
    pairings: tuple[Pairing, ...]
    byes: tuple[EntrantId, ...] = ()


def check_clubs(clubs: Mapping[str, Sequence[EntrantId]]) -> None:
    """Refuse fewer than two clubs, or a club of fewer than two pairs."""
    if len(clubs) < 2:
        raise TournamentError(f"{sorted(clubs)!r}: club against club needs two clubs")
    if min(len(pairs) for pairs in clubs.values()) < PAIRS_MIN:
        raise TournamentError(f"{sorted(clubs)!r}: every club fields two pairs or more")


def most_club_rounds(sizes: Sequence[int]) -> int:
    """How many rounds clubs of ``sizes`` pairs play before two pairs meet again: the
    schedule's rounds once for every pair of the bigger club, in the meeting of two
    clubs whose bigger is smallest (the second smallest club)."""
    if len(sizes) < 2:
        raise TournamentError(f"{list(sizes)!r}: club against club needs two clubs")
    clubs = len(sizes)
    return (clubs - 1 + clubs % 2) * sorted(sizes)[1]


def club_round(number: int, clubs: Mapping[str, Sequence[EntrantId]]) -> ClubRound:
    """Round ``number`` (from 1) of the clubs ``clubs`` (each club's pairs, in order; the
    clubs in the order given, which the draw made)."""
    check_clubs(clubs)
    if number < 1:
        raise TournamentError(f"{number!r} is not a round")
    names = list(clubs)
    schedule = round_robin(range(len(names)))
    meeting = schedule[(number - 1) % len(schedule)]
    offset = (number - 1) // len(schedule)
    pairs: list[tuple[EntrantId, EntrantId]] = []
    byes: list[EntrantId] = [] if meeting.bye is None else list(clubs[names[meeting.bye]])
    for pairing in meeting.pairings:
        one, other = clubs[names[pairing.first]], clubs[names[pairing.second]]
        met, left = _meeting(one, other, offset)
        pairs.extend(met)
        byes.extend(left)
    pairings = tuple(Pairing(table, a, b) for table, (a, b) in enumerate(pairs, start=1))
    return ClubRound(number, pairings, tuple(byes))


def _meeting(
    one: Sequence[EntrantId], other: Sequence[EntrantId], offset: int
) -> tuple[list[tuple[EntrantId, EntrantId]], list[EntrantId]]:
    """The matches of clubs ``one`` and ``other`` at their meeting number ``offset``
    (from 0), ``one``'s pair first, and the bigger club's pairs left over (byes)."""
    if len(one) <= len(other):
        facing = [other[(i + offset) % len(other)] for i in range(len(one))]
        return list(zip(one, facing, strict=True)), [p for p in other if p not in facing]
    facing = [one[(i + offset) % len(one)] for i in range(len(other))]
    return list(zip(facing, other, strict=True)), [p for p in one if p not in facing]


@dataclass(frozen=True, slots=True)
class ClubResult:
    """A match between pairs of two clubs: the pairs, the partite each won, the game
    points each scored, and the winner (``None``: drawn)."""

    first: EntrantId
    second: EntrantId
    wins: tuple[int, int]
    points: tuple[int, int]
    winner: EntrantId | None


@dataclass(frozen=True, slots=True)
class ClubStanding:
    """A club's row of the team standings."""

    rank: int
    club: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    partite: int = 0
    points_for: int = 0
    points_against: int = 0
    #: Byes of the club's pairs (a resting club's, a bigger club's pairs left over).
    byes: int = 0


def club_standings(
    clubs: Mapping[str, Sequence[EntrantId]],
    results: Sequence[ClubResult],
    byes: Sequence[EntrantId] = (),
) -> tuple[ClubStanding, ...]:
    """The team standings of ``clubs`` after ``results``: matches won, then partite won,
    then game points scored (more is better); clubs level on all three share a rank
    and are listed by name. The pairs' ``byes`` are counted apart and rank nothing."""
    club_of = {pair: club for club, pairs in clubs.items() for pair in pairs}
    rows = {club: ClubStanding(0, club) for club in clubs}
    for pair in byes:
        if pair not in club_of:
            raise TournamentError(f"{pair!r} plays for no club")
        rows[club_of[pair]] = replace(rows[club_of[pair]], byes=rows[club_of[pair]].byes + 1)
    for result in results:
        for side, pair in enumerate((result.first, result.second)):
            club = club_of.get(pair)
            if club is None:
                raise TournamentError(f"{pair!r} plays for no club")
            row = rows[club]
            rows[club] = replace(
                row,
                played=row.played + 1,
                won=row.won + (result.winner == pair),
                drawn=row.drawn + (result.winner is None),
                lost=row.lost + (result.winner not in (pair, None)),
                partite=row.partite + result.wins[side],
                points_for=row.points_for + result.points[side],
                points_against=row.points_against + result.points[1 - side],
            )

    def key(row: ClubStanding) -> tuple[int, int, int]:
        return (row.won, row.partite, row.points_for)

    ordered = sorted(rows.values(), key=lambda row: (tuple(-v for v in key(row)), row.club))
    table: list[ClubStanding] = []
    for index, row in enumerate(ordered):
        rank = table[-1].rank if table and key(table[-1]) == key(row) else index + 1
        table.append(replace(row, rank=rank))
    return tuple(table)
