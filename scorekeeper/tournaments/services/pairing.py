"""Starting a tournament and pairing its rounds: a round-robin's next round, a Swiss
or Danish round from the standings (no rematch where one can be avoided), or the
next stage once one is over."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.extensions import db
from scorekeeper.tournaments import core
from scorekeeper.tournaments.errors import RoundStarted, TournamentRefused
from scorekeeper.tournaments.models import Round, Stage, StageKind, Status, Tournament
from scorekeeper.tournaments.services.drawing import ranking_by_seed
from scorekeeper.tournaments.services.formats import club_plan, rotating_plan
from scorekeeper.tournaments.services.knockout import open_knockout
from scorekeeper.tournaments.services.locks import lock_tournament, refuse_unless
from scorekeeper.tournaments.services.progress import stage_over
from scorekeeper.tournaments.services.queries import (
    core_entrants,
    current_round,
    group_numbers,
    open_matches,
    unconfirmed_matches,
    withdrawn_numbers,
)
from scorekeeper.tournaments.services.ranking import (
    had_byes,
    played_pairs,
    standings,
    three_standings,
)
from scorekeeper.tournaments.services.results import forfeit_withdrawn
from scorekeeper.tournaments.services.seating import (
    Planned,
    planned_pairs,
    planned_tables,
    store_round,
)
from scorekeeper.tournaments.services.settings import is_three
from scorekeeper.transactions import in_transaction


def start(tournament: Tournament) -> Round:
    """Start a drawn tournament: round 1's matches at their tables, each with its first
    game. The draw can no longer be redone."""
    tournament_id = tournament.id

    def run() -> Round:
        locked = lock_tournament(tournament_id)
        refuse_unless(locked, Status.DRAWN)
        locked.status = Status.RUNNING.value
        made = _open_stage(locked, locked.stages[0])
        db.session.flush()
        return made

    return in_transaction(run)


def next_round(tournament: Tournament, after: int | None = None) -> Round:
    """The next round, once every match of the current one has its result: the next of a
    round-robin, a Swiss or Danish round from the standings (no rematch where one can be
    avoided), or the knockout after the groups. A knockout fills itself in as its
    matches finish and has no next round to ask for.

    ``after`` is the id of the round the asking page saw as the latest: if a later one
    is on already (another phone asked first), `RoundStarted` says which, and nothing
    is made."""
    tournament_id = tournament.id

    def run() -> Round:
        locked = lock_tournament(tournament_id)
        refuse_unless(locked, Status.RUNNING)
        stage, current = current_round(locked)
        if after is not None and current.id != after:
            knockout = StageKind(stage.kind) is StageKind.KNOCKOUT
            raise RoundStarted(current.id, current.number, knockout=knockout)
        if StageKind(stage.kind) is StageKind.KNOCKOUT:
            raise TournamentRefused("knockout_fills_in")
        waiting = open_matches(current)
        if waiting:
            unconfirmed = unconfirmed_matches(current)
            raise TournamentRefused(
                "results_unconfirmed" if len(unconfirmed) == len(waiting) else "round_not_over"
            )
        if stage_over(locked, stage):
            return _open_next_stage(locked, stage)
        number = current.number + 1
        made = store_round(locked, stage, number, _round_plan(locked, stage, number))
        forfeit_withdrawn(locked, stage)
        return made

    return in_transaction(run)


def _open_next_stage(tournament: Tournament, stage: Stage) -> Round:
    """Round 1 of the stage after ``stage`` (refused after the last one)."""
    later = [s for s in tournament.stages if s.number > stage.number]
    if not later:
        raise TournamentRefused("tournament_over")
    made = _open_stage(tournament, later[0])
    forfeit_withdrawn(tournament, later[0])
    return made


def _round_plan(tournament: Tournament, stage: Stage, number: int) -> list[Planned]:
    """Round ``number`` (after the first) of a groups, Swiss or Danish ``stage``: the
    round-robin's next, or a round paired from the standings so far."""
    kind = StageKind(stage.kind)
    if kind is StageKind.GROUPS:
        return _group_round(tournament, number)
    if kind is StageKind.ROTATING:
        return rotating_plan(tournament, stage)
    if kind is StageKind.CLUBS:
        return club_plan(tournament, number)
    if is_three(tournament):
        ranking = [row.entrant for row in three_standings(tournament, stage)]
        met = played_pairs(tournament, stage)
        seated = core.three_round(number, ranking, met, had_byes(tournament, stage))
        return planned_tables(seated)
    table = standings(tournament, stage=stage)
    out = withdrawn_numbers(tournament)
    ranking = [row.entrant for row in table if row.entrant not in out]
    had_bye = had_byes(tournament, stage)
    if kind is StageKind.DANISH:
        planned = core.danish_round(number, ranking, had_bye)
    else:
        planned = core.swiss_round(number, ranking, played_pairs(tournament, stage), had_bye)
    return planned_pairs(planned)


def _open_stage(tournament: Tournament, stage: Stage) -> Round:
    """Round 1 of ``stage`` (a knockout after the groups: its bracket from the groups)."""
    kind = StageKind(stage.kind)
    if kind is StageKind.GROUPS:
        return store_round(tournament, stage, 1, _group_round(tournament, 1))
    if kind is StageKind.KNOCKOUT:
        return open_knockout(tournament, stage)
    if kind in (StageKind.ROTATING, StageKind.CLUBS):
        return store_round(tournament, stage, 1, _round_plan(tournament, stage, 1))
    return store_round(tournament, stage, 1, _first_round_plan(tournament, kind))


def _first_round_plan(tournament: Tournament, kind: StageKind) -> list[Planned]:
    """Round 1 of a Swiss or Danish stage, from the seeds (then the drawn numbers)."""
    ranking = ranking_by_seed(tournament)
    if is_three(tournament):
        # Swiss and Danish alike (`three_round`): entrants of one club count as met.
        clubs = core.same_club_pairs(core_entrants(tournament))
        return planned_tables(core.three_round(1, ranking, clubs))
    if kind is StageKind.DANISH:
        planned = core.danish_round(1, ranking)
    else:
        clubs = core.same_club_pairs(core_entrants(tournament))
        planned = core.swiss_round(1, ranking, clubs)
    return planned_pairs(planned)


def _group_round(tournament: Tournament, number: int) -> list[Planned]:
    """Round ``number`` of every group's round-robin, tables numbered across groups."""
    planned: list[Planned] = []
    clubs = core.same_club_pairs(core_entrants(tournament))
    for index, group in enumerate(group_numbers(tournament)):
        if is_three(tournament):
            seated = core.three_round_robin(group)
            if number <= len(seated):
                planned.extend(planned_tables(seated[number - 1], index))
            continue
        schedule = core.round_robin(group, clubs)
        if number <= len(schedule):
            planned.extend(planned_pairs(schedule[number - 1], index))
    tables = [p for p in planned if p.table is not None]
    byes = [p for p in planned if p.table is None]
    return [replace(p, table=i) for i, p in enumerate(tables, start=1)] + byes
