"""The knockout: its bracket with the results so far, its first round, the matches it
fills in as their sides become known, and whether a match's winner has gone on."""

from __future__ import annotations

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.tournaments import core
from scorekeeper.tournaments.models import (
    Match,
    MatchResult,
    ResultState,
    Round,
    Stage,
    StageKind,
    Tournament,
)
from scorekeeper.tournaments.services.queries import entrants, withdrawn_numbers
from scorekeeper.tournaments.services.ranking import group_standings
from scorekeeper.tournaments.services.seating import (
    Planned,
    is_final_round,
    store_match,
    store_round,
)


def moved_on(match: Match) -> bool:
    """Whether ``match`` is a knockout match whose sides went on to their next match (the
    next round's, or the third-place match after a semifinal): its winner is settled."""
    if match.slot is None:
        return False
    round_ = db.session.get_one(Round, match.round_id)
    next_slots = [match.slot // 2]
    stage = db.session.get_one(Stage, round_.stage_id)
    if stage.third_place and is_final_round(stage, round_.number + 1):
        next_slots.append(1)
    later = db.session.scalar(
        select(func.count())
        .select_from(Match)
        .join(Round, Round.id == Match.round_id)
        .where(
            Round.stage_id == round_.stage_id,
            Round.number == round_.number + 1,
            Match.slot.in_(next_slots),
        )
    )
    return bool(later)


def open_knockout(tournament: Tournament, stage: Stage) -> Round:
    """Round 1 of the knockout ``stage`` (after the groups, its bracket drawn from their
    tables first), and the round 2 matches its byes already make."""
    if stage.lines is None:
        stage.lines = lines_from_groups(tournament, stage)
    bracket = stage_bracket(tournament, stage)
    first_round = [
        Planned(m.index + 1, m.first, m.second, slot=m.index)
        for m in bracket.matches()
        if m.round == 1 and not m.is_bye and m.first is not None and m.second is not None
    ]
    made = store_round(tournament, stage, 1, first_round)
    fill_knockout(tournament, stage)  # byes may already make round 2 matches
    return made


def lines_from_groups(tournament: Tournament, stage: Stage) -> list[int | None]:
    """The lines of a knockout after the groups: the qualifiers of each group's table."""
    groups_stage = tournament.stages[stage.number - 2]
    qualifiers = groups_stage.qualifiers or 1
    out = withdrawn_numbers(tournament)  # a withdrawn pair does not go on
    chosen = [
        [row.entrant for row in table if row.entrant not in out][:qualifiers]
        for table in group_standings(tournament, groups_stage)
    ]
    return list(core.Bracket.from_groups(chosen, third_place=stage.third_place).lines)


def fill_knockout(tournament: Tournament, stage: Stage) -> None:
    """Create every knockout match whose two sides are now known (and the third place)."""
    ready = _ready_matches(stage_bracket(tournament, stage))
    existing = {
        (number, slot)
        for number, slot in db.session.execute(
            select(Round.number, Match.slot)
            .join(Match, Match.round_id == Round.id)
            .where(Round.stage_id == stage.id)
        )
    }
    for m in ready:
        if (m.round, m.index) in existing:
            continue
        round_ = _knockout_round(tournament, stage, m.round)
        assert m.first is not None  # noqa: S101 - filtered above
        assert m.second is not None  # noqa: S101
        store_match(tournament, stage, round_, Planned(m.index + 1, m.first, m.second, m.index))


def _ready_matches(bracket: core.Bracket) -> list[core.KnockoutMatch]:
    """The matches after round 1 whose two sides are known, the third place's last."""
    ready = [
        m for m in bracket.matches() if m.round > 1 and m.first is not None and m.second is not None
    ]
    third = bracket.third_place_match()
    if third is not None and third.first is not None and third.second is not None:
        ready.append(third)
    return ready


def _knockout_round(tournament: Tournament, stage: Stage, number: int) -> Round:
    """Round ``number`` of the knockout ``stage``, created if it is not there yet."""
    round_ = db.session.scalar(
        select(Round).where(Round.stage_id == stage.id, Round.number == number)
    )
    if round_ is None:
        round_ = Round(tournament_id=tournament.id, stage_id=stage.id, number=number)
        db.session.add(round_)
        db.session.flush()
    return round_


def bracket(tournament: Tournament) -> core.Bracket | None:
    """The knockout's bracket with its results so far (``None`` before it is known: no
    knockout, or the groups still playing). Its lines and winners are entrant numbers."""
    last = tournament.stages[-1]
    if last.kind != StageKind.KNOCKOUT.value or last.lines is None:
        return None
    return stage_bracket(tournament, last)


def stage_bracket(tournament: Tournament, stage: Stage) -> core.Bracket:
    """The stage's bracket with the results recorded so far (confirmed: a winner awaiting
    confirmation does not go on yet)."""
    assert stage.lines is not None  # noqa: S101 - a knockout stage's lines are set first
    number_of = {row.id: row.number for row in entrants(tournament)}
    bracket = core.Bracket(tuple(stage.lines), third_place=stage.third_place)
    rows = db.session.execute(
        select(Round.number, Match.slot, MatchResult.winner_id)
        .join(Match, Match.round_id == Round.id)
        .join(MatchResult, MatchResult.match_id == Match.id)
        .where(
            Round.stage_id == stage.id,
            MatchResult.winner_id.is_not(None),
            MatchResult.state == ResultState.CONFIRMED.value,
        )
        .order_by(Round.number, Match.slot)
    ).all()
    third = None
    for number, slot, winner in rows:
        if slot is None or winner is None:
            continue
        if number == bracket.rounds and slot == 1:
            third = number_of[winner]
        else:
            bracket = bracket.record(number, slot, number_of[winner])
    if third is not None:
        bracket = bracket.record_third(third)
    return bracket
