"""Club against club: teams of pairs, every pair of one club against a pair of the other.

A club is a team of two pairs or more (four players or more), every club the same
size. Each round the clubs meet as a round-robin schedules them (the circle method,
:mod:`.roundrobin`; with an odd number of clubs one club rests, its pairs each with a
bye), and when two clubs meet, every pair of one plays a pair of the other: the
``i``-th pair of one club against the ``(i + m)``-th of the other, ``m`` the number of
times these two clubs met before. After the schedule's rounds it starts again with the
next offset, so two clubs of ``k`` pairs play ``k`` rounds before any two pairs meet
again (:func:`most_club_rounds`).

The team standings (:func:`club_standings`) rank the clubs by matches won by their
pairs, then partite won, then game points scored; clubs level on all three share a
rank. A bye counts nothing there.
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
    """Refuse fewer than two clubs, a club of fewer than two pairs, or clubs of
    different sizes."""
    if len(clubs) < 2:
        raise TournamentError(f"{sorted(clubs)!r}: club against club needs two clubs")
    sizes = {len(pairs) for pairs in clubs.values()}
    if min(sizes) < PAIRS_MIN:
        raise TournamentError(f"{sorted(clubs)!r}: every club fields two pairs or more")
    if len(sizes) != 1:
        raise TournamentError(f"{sorted(sizes)!r}: every club fields as many pairs")


def most_club_rounds(clubs: int, pairs: int) -> int:
    """How many rounds ``clubs`` clubs of ``pairs`` pairs play before two pairs meet again."""
    return (clubs - 1 + clubs % 2) * pairs


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
    for pairing in meeting.pairings:
        one, other = clubs[names[pairing.first]], clubs[names[pairing.second]]
        for index, first in enumerate(one):
            pairs.append((first, other[(index + offset) % len(other)]))
    byes = () if meeting.bye is None else tuple(clubs[names[meeting.bye]])
    pairings = tuple(Pairing(table, a, b) for table, (a, b) in enumerate(pairs, start=1))
    return ClubRound(number, pairings, byes)


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


def club_standings(
    clubs: Mapping[str, Sequence[EntrantId]], results: Sequence[ClubResult]
) -> tuple[ClubStanding, ...]:
    """The team standings of ``clubs`` after ``results``: matches won, then partite won,
    then game points scored (more is better); clubs level on all three share a rank
    and are listed by name."""
    club_of = {pair: club for club, pairs in clubs.items() for pair in pairs}
    rows = {club: ClubStanding(0, club) for club in clubs}
    for result in results:
        for side, pair in enumerate((result.first, result.second)):
            club = club_of.get(pair)
            if club is None:
                raise TournamentError(f"{pair!r} plays for no club")
            row = rows[club]
            rows[club] = ClubStanding(
                0,
                club,
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
