"""A correction that reaches past its own match: which later matches it affects, and
their replay.

A correction changes nothing after it when it leaves who went on where it was: the same
winner in a knockout or a Swiss round, or, in the groups, the same qualifiers in the
same places of the knockout's bracket (a score corrected after the final keeps the
tournament finished). Otherwise the later matches that came of the old result are
*affected*: a knockout match's path up the bracket (the next match, and the ones after
it that exist), a Swiss or Danish stage's later rounds (paired from the old standings),
or the whole knockout after the groups (drawn from the old tables). The organiser
chooses: keep them as played (not for a knockout's path: the old winner played on), or
replay them: they are removed with their games, and made again from the corrected
result (the knockout's next match, the knockout's bracket from the groups) or at the
organiser's "Next round" (a Swiss round).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from sqlalchemy import delete, select

from scorekeeper import audit
from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues.standings.repair import rebuild_league
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import (
    Match,
    MatchGame,
    Round,
    Stage,
    StageKind,
    Tournament,
)
from scorekeeper.tournaments.services.history import record
from scorekeeper.tournaments.services.knockout import lines_from_groups, open_knockout
from scorekeeper.tournaments.services.seating import is_final_round


class Later(enum.Enum):
    """What the organiser chose for the later matches a correction affects."""

    KEEP = "keep"
    REPLAY = "replay"


class CorrectionAffects(TournamentRefused):
    """The correction changes who went on, and later matches came of the old result:
    nothing was stored; the organiser chooses (`Later`). ``matches`` are their ids, in
    play order; ``can_keep`` is false on a knockout's path."""

    def __init__(self, matches: tuple[int, ...], *, can_keep: bool) -> None:
        super().__init__("correction_affects", "wins")
        self.matches, self.can_keep = matches, can_keep


@dataclass(frozen=True)
class Affected:
    """The later matches a correction affects, and how they are played again."""

    stage: Stage
    matches: tuple[int, ...]
    #: A knockout's path: they cannot be kept (the old winner played in them).
    path: bool = False
    #: The whole knockout after the groups: its bracket is drawn again.
    bracket: bool = False


def settle(
    match: Match, stage: Stage, changed_winner: bool, later: Later | None, by: int | None
) -> None:
    """After the corrected result of ``match`` is stored (flushed): if later matches
    came of the old one (`affected`), refuse (`CorrectionAffects`) until the organiser
    chose, then keep them or replay them, the history saying which."""
    found = affected(match, stage, changed_winner)
    if found is None:
        return
    if later is None:
        raise CorrectionAffects(found.matches, can_keep=not found.path)
    tournament = db.session.get_one(Tournament, match.tournament_id)
    if later is Later.KEEP:
        if found.path:
            raise TournamentRefused("next_match_on")
        record(
            tournament,
            audit.ChangeKind.CORRECTION_KEPT,
            by=by,
            match_id=match.id,
            later=found.matches,
        )
        return
    replay(tournament, found)
    record(
        tournament,
        audit.ChangeKind.CORRECTION_REPLAYED,
        by=by,
        match_id=match.id,
        later=found.matches,
    )


def affected(match: Match, stage: Stage, changed_winner: bool) -> Affected | None:
    """The later matches affected by the result of ``match`` just stored (flushed),
    whose winner changed (``changed_winner``) or not, if any."""
    tournament = db.session.get_one(Tournament, match.tournament_id)
    round_ = db.session.get_one(Round, match.round_id)
    kind = StageKind(stage.kind)
    if kind is StageKind.KNOCKOUT:
        path = _knockout_path(stage, round_.number, match.slot) if changed_winner else ()
        return Affected(stage, path, path=True) if path else None
    if kind in (StageKind.SWISS, StageKind.DANISH):
        later = _matches_of(stage, after=round_.number) if changed_winner else ()
        return Affected(stage, later) if later else None
    knockout = next((s for s in tournament.stages if s.number == stage.number + 1), None)
    if knockout is None or knockout.lines is None:
        return None
    if lines_from_groups(tournament, knockout) == knockout.lines:
        return None
    return Affected(knockout, _matches_of(knockout, after=0), bracket=True)


def _matches_of(stage: Stage, after: int) -> tuple[int, ...]:
    """The ids of the matches of ``stage``'s rounds after round ``after``, in play order."""
    return tuple(
        db.session.scalars(
            select(Match.id)
            .join(Round, Round.id == Match.round_id)
            .where(Round.stage_id == stage.id, Round.number > after)
            .order_by(Round.number, Match.slot, Match.table_number, Match.id)
        )
    )


def _knockout_path(stage: Stage, number: int, slot: int | None) -> tuple[int, ...]:
    """The knockout matches that exist on the way up from round ``number``'s ``slot``:
    the next match (and the third place's, after a semifinal), and theirs after them."""
    if slot is None:
        return ()
    at = {
        (round_number, match_slot): match_id
        for round_number, match_slot, match_id in db.session.execute(
            select(Round.number, Match.slot, Match.id)
            .join(Match, Match.round_id == Round.id)
            .where(Round.stage_id == stage.id)
        )
    }
    found: list[int] = []
    todo = [(number, slot)]
    while todo:
        here, place = todo.pop(0)
        if is_final_round(stage, here):
            continue  # the final and the third place lead nowhere
        nexts = [(here + 1, place // 2)]
        if stage.third_place and is_final_round(stage, here + 1):
            nexts.append((here + 1, 1))
        for key in nexts:
            if key in at and at[key] not in found:
                found.append(at[key])
                todo.append(key)
    return tuple(found)


def replay(tournament: Tournament, later: Affected) -> None:
    """Remove the ``later`` matches with their games (a league's standings rebuilt
    without them) and make again what follows from the corrected result by itself: the
    knockout's bracket from the groups. A knockout's next match is made again when the
    tournament moves on; a Swiss round at the organiser's "Next round"."""
    game_ids = list(
        db.session.scalars(select(MatchGame.game_id).where(MatchGame.match_id.in_(later.matches)))
    )
    db.session.execute(delete(Match).where(Match.id.in_(later.matches)))
    db.session.execute(delete(Game).where(Game.id.in_(game_ids)))
    emptied = select(Match.id).where(Match.round_id == Round.id).exists()
    db.session.execute(delete(Round).where(Round.stage_id == later.stage.id, ~emptied))
    db.session.expire_all()
    if tournament.league_id is not None:
        rebuild_league(tournament.league_id)
    if later.bracket:
        stage = db.session.get_one(Stage, later.stage.id)
        stage.lines = None
        db.session.flush()
        open_knockout(tournament, stage)
