"""Swiss and Danish rounds: pairings by the standings, and the bye for odd counts.

Both take the entrants ranked by the standings before the round (the seeding
for the first round), best first.

The bye goes to the lowest-ranked entrant who has not had one yet (when all
have, the lowest-ranked); a Swiss round passes over an entrant whose bye would
force more rematches than another's.

**Danish**: first meets second, third meets fourth, down the table, whether
they have met before or not.

**Swiss** (as club nights play it, the Monrad way): the best-placed entrant
still unpaired meets the best-placed below it it has not met, as long as the
rest can still be paired with the fewest rematches possible; so there is no
rematch when a round without one exists, and as few as can be when not. The
check is a maximum matching of the pairs not yet played (:mod:`.matching`).
Pairs in ``avoid`` (entrants of the same club in the first round, say) are
kept apart the same way.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .entrants import Entrant, EntrantId
from .errors import TournamentError
from .matching import Matcher
from .rounds import Round


def danish_round(
    number: int, ranking: Sequence[EntrantId], had_bye: Collection[EntrantId] = ()
) -> Round:
    """First against second, third against fourth, ... down ``ranking``; rematches allowed."""
    _check_ranking(ranking)
    bye = _bye_candidates(ranking, had_bye)[0] if len(ranking) % 2 else None
    playing = [entrant for entrant in ranking if entrant != bye]
    return Round.of(number, zip(playing[::2], playing[1::2], strict=True), bye)


def swiss_round(
    number: int,
    ranking: Sequence[EntrantId],
    avoid: Collection[frozenset[EntrantId]] = (),
    had_bye: Collection[EntrantId] = (),
) -> Round:
    """Pair ``ranking`` by place, with no pair of ``avoid`` where it can be helped."""
    _check_ranking(ranking)
    avoid = set(avoid)
    allowed = [
        [j for j, other in enumerate(ranking) if j != i and frozenset((me, other)) not in avoid]
        for i, me in enumerate(ranking)
    ]
    matcher = Matcher(allowed)
    bye = None
    if len(ranking) % 2:
        bye, matcher = _swiss_bye(ranking, had_bye, matcher)
    return Round.of(number, _pair_down(ranking, avoid, matcher, bye), bye)


def same_club_pairs(entrants: Collection[Entrant]) -> set[frozenset[EntrantId]]:
    """Every two entrants of one club: the pairs a first round keeps apart."""
    return {
        frozenset((first.id, second.id))
        for first in entrants
        for second in entrants
        if first.id < second.id and first.club and first.club == second.club
    }


def _check_ranking(ranking: Sequence[EntrantId]) -> None:
    if len(set(ranking)) != len(ranking):
        raise TournamentError(f"{list(ranking)!r} names an entrant twice")


def _bye_candidates(ranking: Sequence[EntrantId], had_bye: Collection[EntrantId]) -> list[int]:
    """Who may sit out, in order: the lowest-ranked first, those without a bye yet only."""
    lowest_first = list(reversed(ranking))
    return [entrant for entrant in lowest_first if entrant not in had_bye] or lowest_first


def _swiss_bye(
    ranking: Sequence[EntrantId], had_bye: Collection[EntrantId], matcher: Matcher
) -> tuple[EntrantId, Matcher]:
    """The bye that leaves the most pairs without a rematch, the lowest-ranked of those."""
    best: tuple[EntrantId, Matcher] | None = None
    for entrant in _bye_candidates(ranking, had_bye):
        trial = matcher.copy()
        trial.remove(ranking.index(entrant))
        if best is None or trial.size > best[1].size:
            best = (entrant, trial)
    assert best is not None  # noqa: S101 - an odd count has at least one entrant
    return best


def _pair_down(
    ranking: Sequence[EntrantId],
    avoid: Collection[frozenset[EntrantId]],
    matcher: Matcher,
    bye: EntrantId | None,
) -> list[tuple[EntrantId, EntrantId]]:
    """Pair from the top, each time with the nearest the rest of the round can live with."""
    unpaired = [i for i, entrant in enumerate(ranking) if entrant != bye]
    pairs_left = len(unpaired) // 2
    rematches_left = pairs_left - matcher.size
    pairs = []
    while unpaired:
        top = unpaired.pop(0)
        for other in unpaired:
            rematch = frozenset((ranking[top], ranking[other])) in avoid
            if rematch and rematches_left == 0:
                continue
            trial = matcher.copy()
            trial.remove(top)
            trial.remove(other)
            if trial.size >= pairs_left - 1 - (rematches_left - rematch):
                break
        else:  # pragma: no cover - the matching's size promises a partner
            raise AssertionError(f"no partner for {ranking[top]!r}")
        unpaired.remove(other)
        pairs.append((ranking[top], ranking[other]))
        matcher, pairs_left, rematches_left = trial, pairs_left - 1, rematches_left - rematch
    return pairs
