"""The knockout bracket: seeded lines, byes to the top seeds, filled in as results arrive.

A bracket has a power of two of lines (8 for 5 to 8 entrants). Seeds are
placed the usual way, so that with every result going to form the top two
meet only in the final, the top four only in the semifinals, and so on:
for 8 lines, 1-8, 4-5, 2-7, 3-6. When the entrants are fewer than the lines,
the missing lowest seeds are byes: the top seeds go straight to round 2.

From groups, the group winners are seeded first, in group order, then the
runners-up, then the thirds; each of these is placed where it meets its own
group's earlier qualifiers as late as the bracket allows (with 2, 4 or 8
groups and two qualifiers each: only in the final), and never in round 1.

Every match's winner moves to the next round; the winner of the final is the
champion. The optional third-place match is between the semifinal losers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .entrants import EntrantId
from .errors import TournamentError

#: A match of the bracket: (round, index), round 1 the first, index 0 at the top.
MatchKey = tuple[int, int]


def seeding_order(lines: int) -> tuple[int, ...]:
    """The seed on each line of a bracket of ``lines`` (a power of two), top to bottom."""
    if lines < 1 or lines & (lines - 1):
        raise TournamentError(f"a bracket of {lines!r} lines")
    order = [1]
    while len(order) < lines:
        order = [seed for top in order for seed in (top, 2 * len(order) + 1 - top)]
    return tuple(order)


@dataclass(frozen=True, slots=True)
class KnockoutMatch:
    """One match of the bracket; a side is ``None`` while its previous match is unplayed."""

    round: int
    index: int
    first: EntrantId | None
    second: EntrantId | None
    winner: EntrantId | None
    is_bye: bool = False


@dataclass(frozen=True, slots=True)
class Bracket:
    """The lines of round 1 (``None`` a bye), the results recorded, and the third place."""

    lines: tuple[EntrantId | None, ...]
    results: tuple[tuple[MatchKey, EntrantId], ...] = ()
    third_place: bool = False
    third: EntrantId | None = None

    def __post_init__(self) -> None:
        seeding_order(len(self.lines))  # a power of two
        if len(self.lines) < 2:
            raise TournamentError("a bracket needs two entrants")
        named = [entrant for entrant in self.lines if entrant is not None]
        if len(set(named)) != len(named):
            raise TournamentError(f"{self.lines!r} names an entrant twice")
        for index in range(0, len(self.lines), 2):
            if self.lines[index] is None and self.lines[index + 1] is None:
                raise TournamentError(f"lines {index + 1} and {index + 2} are both byes")

    @classmethod
    def seeded(cls, ranking: Sequence[EntrantId], *, third_place: bool = False) -> Bracket:
        """The bracket of ``ranking`` (best first): seed ``k`` is ``ranking[k - 1]``."""
        if len(ranking) < 2 or len(set(ranking)) != len(ranking):
            raise TournamentError(f"{list(ranking)!r} is not a ranking of two or more")
        lines = 1 << (len(ranking) - 1).bit_length()
        by_seed = dict(enumerate(ranking, start=1))
        return cls(tuple(by_seed.get(seed) for seed in seeding_order(lines)), (), third_place)

    @classmethod
    def from_groups(
        cls, qualifiers: Sequence[Sequence[EntrantId]], *, third_place: bool = False
    ) -> Bracket:
        """The bracket of each group's qualifiers (in group order, each listed by place)."""
        places = {len(group) for group in qualifiers}
        if len(places) != 1:
            raise TournamentError(f"{[list(g) for g in qualifiers]!r}: as many from each group")
        group_of = {entrant: g for g, group in enumerate(qualifiers) for entrant in group}
        count = len(group_of)
        lines = 1 << (count - 1).bit_length()
        line_of_seed = {seed: line for line, seed in enumerate(seeding_order(lines))}
        placed: dict[EntrantId, int] = {}
        seed = 1
        for place in range(places.pop()):
            waiting = [group[place] for group in qualifiers]
            for _ in qualifiers:
                line = line_of_seed[seed]
                best = max(waiting, key=lambda e: _meets_in(line, e, placed, group_of))
                waiting.remove(best)
                placed[best] = line
                seed += 1
        by_line = {line: entrant for entrant, line in placed.items()}
        return cls(tuple(by_line.get(line) for line in range(lines)), (), third_place)

    @property
    def rounds(self) -> int:
        """How many rounds: the final is round ``rounds``."""
        return (len(self.lines) - 1).bit_length()

    def match(self, round_: int, index: int) -> KnockoutMatch:
        """The match ``index`` of round ``round_``, with its sides as far as they are known."""
        if round_ not in range(1, self.rounds + 1) or index not in range(self._size(round_)):
            raise TournamentError(f"there is no match {index!r} in round {round_!r}")
        if round_ == 1:
            first, second = self.lines[2 * index], self.lines[2 * index + 1]
            if first is None or second is None:
                winner = first if first is not None else second
                return KnockoutMatch(1, index, first, second, winner, is_bye=True)
        else:
            first = self.match(round_ - 1, 2 * index).winner
            second = self.match(round_ - 1, 2 * index + 1).winner
        return KnockoutMatch(round_, index, first, second, dict(self.results).get((round_, index)))

    def matches(self) -> tuple[KnockoutMatch, ...]:
        """Every match, round by round, top to bottom (byes included, marked)."""
        return tuple(
            self.match(round_, index)
            for round_ in range(1, self.rounds + 1)
            for index in range(self._size(round_))
        )

    def record(self, round_: int, index: int, winner: EntrantId) -> Bracket:
        """The bracket with ``winner`` of that match, which must be ready and not played on.

        A result may be corrected until the winner's next match has a result (for
        a semifinal, also the third-place match).
        """
        match = self.match(round_, index)
        if (
            match.is_bye
            or winner not in (match.first, match.second)
            or None
            in (
                match.first,
                match.second,
            )
        ):
            raise TournamentError(f"{winner!r} cannot win match {index} of round {round_}")
        if round_ < self.rounds and self.match(round_ + 1, index // 2).winner is not None:
            raise TournamentError(f"round {round_ + 1} already has the result of its match")
        if round_ == self.rounds - 1 and self.third is not None:
            raise TournamentError("the third-place match already has its result")
        results = dict(self.results) | {(round_, index): winner}
        return Bracket(self.lines, tuple(sorted(results.items())), self.third_place, self.third)

    @property
    def champion(self) -> EntrantId | None:
        """The winner of the final, once it is played."""
        return self.match(self.rounds, 0).winner

    def third_place_match(self) -> KnockoutMatch | None:
        """The semifinal losers' match, when the bracket has one and both semifinals are in."""
        if not self.third_place or self.rounds < 2:
            return None
        losers = [_loser(self.match(self.rounds - 1, index)) for index in (0, 1)]
        return KnockoutMatch(self.rounds, 1, losers[0], losers[1], self.third)

    def record_third(self, winner: EntrantId) -> Bracket:
        """The bracket with ``winner`` of the third-place match."""
        match = self.third_place_match()
        if (
            match is None
            or None in (match.first, match.second)
            or winner
            not in (
                match.first,
                match.second,
            )
        ):
            raise TournamentError(f"{winner!r} cannot win the third-place match")
        return Bracket(self.lines, self.results, self.third_place, winner)

    def _size(self, round_: int) -> int:
        return len(self.lines) >> round_


def _loser(match: KnockoutMatch) -> EntrantId | None:
    """Who lost a played match (``None`` before it is played, or for a bye)."""
    if match.winner is None or match.is_bye:
        return None
    return match.second if match.winner == match.first else match.first


def _meets_in(
    line: int, entrant: EntrantId, placed: dict[EntrantId, int], group_of: dict[EntrantId, int]
) -> tuple[int, int]:
    """How late ``entrant`` on ``line`` would first meet a qualifier of its own group.

    Two lines meet in the round of the highest bit where they differ. The
    earliest such meeting counts, then (to break ties) the group order.
    """
    same_group = [other for other, at in placed.items() if group_of[other] == group_of[entrant]]
    earliest = min(((line ^ placed[other]).bit_length() for other in same_group), default=99)
    return earliest, -group_of[entrant]
