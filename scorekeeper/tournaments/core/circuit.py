"""A circuit (Grand Prix): tournaments over a season, points by placing, one ranking.

Each tournament of the circuit gives its players points by the place their side
finished in (`PointsTable`: the organiser's table, `DEFAULT_TABLE` by default);
a player of a pair takes the pair's points, so pairs may change from one evening
to the next. Sides sharing a place (the two losing semifinalists with no match for
third place) each take that place's points. Players are told apart by their name
as typed, ignoring case and repeated spaces (`player_key`).

The ranking (`circuit_ranking`) orders the players by their circuit points (only
their best ``best_of`` results count, when the organiser sets it), then by their
places: more first places, then more second places, and so on; players level on
all of it share a rank.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .entrants import EntrantId
from .errors import TournamentError
from .knockout import Bracket, KnockoutMatch

#: Most places a points table lists.
MAX_PLACES = 64
#: Most points a place gives.
MAX_POINTS = 1000
#: A place's points as typed: ASCII digits, no more than a table holds.
_POINTS = re.compile(r"[0-9]{1,4}")


@dataclass(frozen=True, slots=True)
class PointsTable:
    """Points by place (``by_place[0]`` for first), and ``taking_part`` for any place
    past the table's end (a player who took part)."""

    by_place: tuple[int, ...]
    taking_part: int = 0

    def __post_init__(self) -> None:
        if not 1 <= len(self.by_place) <= MAX_PLACES:
            raise TournamentError(f"{self.by_place!r}: from 1 to {MAX_PLACES} places")
        if any(not 0 <= p <= MAX_POINTS for p in (*self.by_place, self.taking_part)):
            raise TournamentError(f"{self.by_place!r}: points from 0 to {MAX_POINTS}")
        if any(a < b for a, b in zip(self.by_place, self.by_place[1:], strict=False)):
            raise TournamentError(f"{self.by_place!r}: a place never gives more than the one above")

    @classmethod
    def parse(cls, text: str, taking_part: int = 0) -> PointsTable:
        """A table from the points typed one after another: ``"25 18 15 12"`` (commas,
        semicolons or spaces between them)."""
        words = text.replace(",", " ").replace(";", " ").split()
        if not words or not all(_POINTS.fullmatch(word) for word in words):
            raise TournamentError(f"{text!r} is not a list of points")
        return cls(tuple(int(word) for word in words), taking_part)

    def points(self, place: int) -> int:
        """The points of ``place`` (1 the first)."""
        if place < 1:
            raise TournamentError(f"{place!r} is not a place")
        return self.by_place[place - 1] if place <= len(self.by_place) else self.taking_part

    def text(self) -> str:
        """The table as it is typed: ``"25 18 15"``."""
        return " ".join(str(p) for p in self.by_place)


#: The default table: the best ten score (25 to 1, as in a Grand Prix), everyone else 1.
DEFAULT_TABLE = PointsTable((25, 18, 15, 12, 10, 8, 6, 4, 2, 1), 1)


@dataclass(frozen=True, slots=True)
class Placing:
    """Where a side finished in one tournament of the circuit: its place and its players."""

    place: int
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CircuitRow:
    """A player's line: rank, name (as first typed), points that count, and per
    tournament the place (``None``: did not play) and the points it gave."""

    rank: int
    player: str
    points: int
    places: tuple[int | None, ...]
    scored: tuple[int, ...]
    counted: tuple[bool, ...]

    @property
    def played(self) -> int:
        """How many of the circuit's tournaments the player took part in."""
        return sum(place is not None for place in self.places)

    @property
    def wins(self) -> int:
        """Tournaments won."""
        return sum(place == 1 for place in self.places)


def player_key(name: str) -> str:
    """How a player is recognised from one tournament to the next: the name, its case and
    repeated spaces ignored."""
    return " ".join(name.split()).casefold()


def circuit_ranking(
    tournaments: Sequence[Sequence[Placing]],
    table: PointsTable = DEFAULT_TABLE,
    *,
    best_of: int | None = None,
) -> tuple[CircuitRow, ...]:
    """The circuit's ranking after ``tournaments`` (each the placings of one finished
    tournament, in the circuit's order), best first."""
    if best_of is not None and best_of < 1:
        raise TournamentError(f"{best_of!r}: at least one result counts")
    names: dict[str, str] = {}
    places: dict[str, list[int | None]] = {}
    for index, placings in enumerate(tournaments):
        for placing in placings:
            for name in placing.players:
                key = player_key(name)
                if not key:
                    continue
                names.setdefault(key, " ".join(name.split()))
                row = places.setdefault(key, [None] * len(tournaments))
                held = row[index]
                if held is None or placing.place < held:
                    row[index] = placing.place
    deepest = max((p for row in places.values() for p in row if p is not None), default=1)
    lines = []
    for key, row in places.items():
        scored = tuple(0 if place is None else table.points(place) for place in row)
        counted = _counted(scored, row, best_of)
        total = sum(points for points, counts in zip(scored, counted, strict=True) if counts)
        level = (-total, _place_counts(row, deepest))
        lines.append((level, key, CircuitRow(0, names[key], total, tuple(row), scored, counted)))
    lines.sort(key=lambda line: (line[0], line[1]))
    ranked: list[CircuitRow] = []
    for position, (level, _, line) in enumerate(lines):
        shared = position > 0 and lines[position - 1][0] == level
        rank = ranked[-1].rank if shared else position + 1
        ranked.append(replace(line, rank=rank))
    return tuple(ranked)


def _counted(
    scored: tuple[int, ...], places: list[int | None], best_of: int | None
) -> tuple[bool, ...]:
    """Which results count: all, or the best ``best_of`` of those played (earlier first
    among equal points)."""
    played = [i for i, place in enumerate(places) if place is not None]
    if best_of is None or len(played) <= best_of:
        return tuple(place is not None for place in places)
    best = sorted(played, key=lambda i: (-scored[i], i))[:best_of]
    return tuple(i in best for i in range(len(places)))


def _place_counts(places: Sequence[int | None], deepest: int) -> tuple[int, ...]:
    """A key that puts more first places first, then more second places, and so on down
    to place ``deepest``."""
    return tuple(-sum(p == place for p in places) for place in range(1, deepest + 1))


def knockout_places(bracket: Bracket) -> list[tuple[int, EntrantId]]:
    """The places a finished knockout gives, best first: the champion 1, the finalist 2,
    the third-place match's winner 3 and loser 4 (without that match both losing
    semifinalists share 3), and the losers of each earlier round share the place after
    everyone who went further (the quarterfinal losers 5, and so on)."""
    if bracket.champion is None:
        raise TournamentError("the knockout is not over")
    places: list[tuple[int, EntrantId]] = [(1, bracket.champion)]
    final = bracket.match(bracket.rounds, 0)
    runner_up = _loser_of(final)
    if runner_up is not None:
        places.append((2, runner_up))
    third = bracket.third_place_match()
    for round_ in range(bracket.rounds - 1, 0, -1):
        losers = [
            loser
            for index in range(len(bracket.lines) >> round_)
            if (loser := _loser_of(bracket.match(round_, index))) is not None
        ]
        place = len(places) + 1
        if round_ == bracket.rounds - 1 and third is not None and bracket.third is not None:
            fourth = third.second if bracket.third == third.first else third.first
            places.append((place, bracket.third))
            if fourth is not None:
                places.append((place + 1, fourth))
            continue
        places.extend((place, loser) for loser in sorted(losers))
    return places


def _loser_of(match: KnockoutMatch) -> EntrantId | None:
    if match.winner is None or match.is_bye or None in (match.first, match.second):
        return None
    return match.second if match.winner == match.first else match.first
