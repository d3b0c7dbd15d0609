"""The standings: a stage's or a group's table as the core ranks it (points, then the
tournament's tie-break chain; at tables of three, places), and who has met whom."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.tournaments import core
from scorekeeper.tournaments.models import (
    Match,
    MatchResult,
    ResultState,
    Round,
    Stage,
    Tournament,
)
from scorekeeper.tournaments.services.queries import entrants, group_numbers, group_numbers_of
from scorekeeper.tournaments.services.settings import is_rotating, is_three


def _finished_matches(stage: Stage, group: int | None) -> list[tuple[Match, MatchResult]]:
    """The matches of ``stage`` (of one group) that have a result that counts (confirmed:
    one awaiting confirmation or disputed counts nowhere yet), with it."""
    query = (
        select(Match, MatchResult)
        .join(MatchResult, MatchResult.match_id == Match.id)
        .join(Round, Round.id == Match.round_id)
        .where(Round.stage_id == stage.id, MatchResult.state == ResultState.CONFIRMED.value)
    )
    if group is not None:
        query = query.where(Match.group_index == group)
    return [(match, result) for match, result in db.session.execute(query)]


def _stage_results(
    tournament: Tournament, stage: Stage, group: int | None = None
) -> tuple[list[core.Result], list[int]]:
    """The results of ``stage`` (of one group) as the core reads them, and the byes."""
    number_of = {row.id: row.number for row in entrants(tournament)}
    return _core_results(_finished_matches(stage, group), number_of)


def _core_results(
    finished: Iterable[tuple[Match, MatchResult]], number_of: dict[int, int]
) -> tuple[list[core.Result], list[int]]:
    """``finished`` matches as the core reads them (entrants by ``number_of`` their
    id), and the byes. A table of rotating partners is one result for each player
    (`core.individual_results`: both partners take their pair's)."""
    results: list[core.Result] = []
    byes = []
    for match, result in finished:
        if match.second_id is None:
            byes.append(number_of[match.first_id])
            continue
        if match.first_partner_id is not None and match.second_partner_id is not None:
            winner = None
            if result.winner_id is not None:
                winner = 0 if result.winner_id == match.first_id else 1
            results.extend(
                core.individual_results(
                    (number_of[match.first_id], number_of[match.first_partner_id]),
                    (number_of[match.second_id], number_of[match.second_partner_id]),
                    (result.points_first, result.points_second),
                    winner,
                    (result.wins_first, result.wins_second),
                )
            )
            continue
        results.append(
            core.Result(
                number_of[match.first_id],
                number_of[match.second_id],
                (result.points_first, result.points_second),
                number_of[result.winner_id] if result.winner_id is not None else None,
                (result.wins_first, result.wins_second),
            )
        )
    return results, byes


def _points(tournament: Tournament) -> core.Points:
    """The tournament's match points as the core reads them."""
    return core.Points(
        tournament.points_win, tournament.points_draw, tournament.points_loss, tournament.points_bye
    )


def _numbers(tournament: Tournament, group: int | None) -> list[int]:
    """The entrants' numbers of one group, or of the whole tournament."""
    if group is None:
        return [row.number for row in entrants(tournament)]
    return list(group_numbers(tournament)[group])


def standings(
    tournament: Tournament, *, stage: Stage | None = None, group: int | None = None
) -> tuple[core.Standing, ...]:
    """The table of a stage (default: the first), or of one of its groups, with the
    tournament's points and tie-break chain (each decided tie carries its reason)."""
    stage = stage or tournament.stages[0]
    numbers = _numbers(tournament, group)
    return _table(tournament, numbers, *_stage_results(tournament, stage, group))


def _table(
    tournament: Tournament, numbers: list[int], results: list[core.Result], byes: list[int]
) -> tuple[core.Standing, ...]:
    """The table of the entrants ``numbers`` from ``results`` and ``byes`` (an
    individual ranking of rotating partners: without the steps that read the matches
    between the tied players, `core.individual_chain`)."""
    order = tuple(core.TieBreak(code) for code in tournament.tie_break)
    if is_rotating(tournament):
        order = core.individual_chain(order)
    return core.standings(
        numbers,
        results,
        points=_points(tournament),
        order=order,
        seed=tournament.seed or 0,
        byes=byes,
    )


def _three_results(
    tournament: Tournament, stage: Stage, group: int | None = None
) -> tuple[list[core.ThreeResult], list[int]]:
    """The results of a 3-player ``stage`` (of one group) as the core reads them, and
    the byes (a result without a winner, entered by no one, is not one of three)."""
    number_of = {row.id: row.number for row in entrants(tournament)}
    results, byes = [], []
    for match, result in _finished_matches(stage, group):
        if match.second_id is None:
            byes.append(number_of[match.first_id])
        elif result.winner_id is not None and result.points_third is not None:
            first, second, third = (number_of[i] for i in match.side_ids)
            points = (result.points_first, result.points_second, result.points_third)
            winner = number_of[result.winner_id]
            results.append(core.ThreeResult((first, second, third), points, winner))
    return results, byes


def three_points(tournament: Tournament) -> core.ThreePoints:
    """The match points of a table of three: the tournament's win, draw and loss points
    are first, second and third place (3-1-0 by default), its bye points a bye's."""
    return core.ThreePoints(
        tournament.points_win, tournament.points_draw, tournament.points_loss, tournament.points_bye
    )


def three_standings(
    tournament: Tournament, stage: Stage | None = None, group: int | None = None
) -> tuple[core.ThreeStanding, ...]:
    """The table of a 3-player stage (default: the first) or of one of its groups: by
    match points, then matches won (first places), then game points, then the entrant's
    number, which the draw made random (`core.three_standings`). The tournament's
    tie-break chain is for matches of two and plays no part here."""
    stage = stage or tournament.stages[0]
    numbers = _numbers(tournament, group)
    results, byes = _three_results(tournament, stage, group)
    return core.three_standings(numbers, results, three_points(tournament), byes)


def group_standings(tournament: Tournament, stage: Stage) -> list[tuple[core.Standing, ...]]:
    """Each group's table, group A first (the entrants and the stage's results read
    once for all of them: the screen page shows every group)."""
    rows = entrants(tournament)
    number_of = {row.id: row.number for row in rows}
    finished: dict[int | None, list[tuple[Match, MatchResult]]] = {}
    for match, result in _finished_matches(stage, None):
        finished.setdefault(match.group_index, []).append((match, result))
    return [
        _table(tournament, numbers, *_core_results(finished.get(index, []), number_of))
        for index, numbers in enumerate(group_numbers_of(rows))
    ]


def played_pairs(tournament: Tournament, stage: Stage) -> set[frozenset[int]]:
    """Every two entrants who have met at a table of ``stage``."""
    if is_three(tournament):
        tables = [r.seats for r in _three_results(tournament, stage)[0]]
        return {frozenset(pair) for seats in tables for pair in combinations(seats, 2)}
    results, _ = _stage_results(tournament, stage)
    return {frozenset((r.first, r.second)) for r in results}


def had_byes(tournament: Tournament, stage: Stage) -> list[int]:
    """The entrants who had a bye in ``stage``, once per bye."""
    if is_three(tournament):
        return _three_results(tournament, stage)[1]
    return _stage_results(tournament, stage)[1]
