"""How far a tournament has got: whether a stage is over, and the winner once it is
finished."""

from __future__ import annotations

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.tournaments import core
from scorekeeper.tournaments.models import Entrant, Stage, StageKind, Status, Tournament
from scorekeeper.tournaments.services.knockout import stage_bracket
from scorekeeper.tournaments.services.queries import (
    core_entrants,
    group_numbers,
    open_matches,
    rounds,
)
from scorekeeper.tournaments.services.ranking import standings, three_standings
from scorekeeper.tournaments.services.settings import is_three


def stage_over(tournament: Tournament, stage: Stage) -> bool:
    """Whether every match of ``stage`` is played and no round is left to play."""
    kind = StageKind(stage.kind)
    if kind is StageKind.KNOCKOUT:
        if stage.lines is None:
            return False
        bracket = stage_bracket(tournament, stage)
        third = bracket.third_place_match()
        return bracket.champion is not None and (third is None or third.winner is not None)
    played = [r for s, r in rounds(tournament) if s.id == stage.id]
    if not played or open_matches(played[-1]):
        return False
    if kind is StageKind.GROUPS:
        if is_three(tournament):
            needed = max(len(core.three_round_robin(g)) for g in group_numbers(tournament))
        else:
            clubs = core.same_club_pairs(core_entrants(tournament))
            needed = max(len(core.round_robin(g, clubs)) for g in group_numbers(tournament))
        return len(played) >= needed
    return len(played) >= (stage.rounds or 0)


def winner(tournament: Tournament) -> Entrant | None:
    """The tournament's winner once it is finished: the knockout's champion, or first in
    the standings."""
    if tournament.status != Status.FINISHED.value:
        return None
    last = tournament.stages[-1]
    if last.kind == StageKind.KNOCKOUT.value:
        champion = stage_bracket(tournament, last).champion
    elif is_three(tournament):
        champion = three_standings(tournament, last)[0].entrant
    else:
        champion = standings(tournament, stage=last)[0].entrant
    return db.session.scalar(
        select(Entrant).where(Entrant.tournament_id == tournament.id, Entrant.number == champion)
    )
