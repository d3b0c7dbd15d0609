"""A match's result as its games decide it: written once decided (or its next partita
started, best of N), forgotten if its deciding partita reopens; and every result moves
the tournament on (the knockout filled in, the tournament finished after its last match)."""

from __future__ import annotations

from sqlalchemy import select

from scorekeeper import audit
from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.models import Game
from scorekeeper.models import utcnow
from scorekeeper.tournaments import core
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import (
    Entrant,
    Match,
    MatchResult,
    Stage,
    StageKind,
    Status,
    Tournament,
)
from scorekeeper.tournaments.services.confirming import mark_entered
from scorekeeper.tournaments.services.knockout import fill_knockout, moved_on
from scorekeeper.tournaments.services.locks import (
    count_result_change,
    lock_match,
    lock_tournament,
)
from scorekeeper.tournaments.services.progress import stage_over
from scorekeeper.tournaments.services.queries import (
    match_games,
    match_of_game,
    open_matches_of,
    result_of,
    stage_of,
)
from scorekeeper.tournaments.services.seating import new_game


def game_changed(game: Game) -> None:
    """A game changed (inside its transaction): if it is a partita of a match, bring the
    match up to date: its result once decided, or its next partita (best of N).

    A result entered by hand stays as it was: the organiser decided it.
    """
    match = match_of_game(game)
    if match is None:
        return
    lock_match(match.id)
    existing = result_of(match)
    if existing is not None and (existing.by_hand or existing.forfeit):
        return
    played = match_games(match)
    if match.third_id is not None:
        _three_game_changed(match, existing, played[0])
    else:
        _partita_changed(match, existing, played)


def _partita_changed(match: Match, existing: MatchResult | None, played: list[Game]) -> None:
    """A partita of a match of two changed: the match's result once its partite decide
    it (forgotten if the deciding one reopened), else its next partita."""
    winners = [g.winner_side for g in played]
    if None in winners[:-1]:
        return  # an earlier partita reopened: the match waits for it
    try:
        score = core.MatchLength(match.games).score([w for w in winners if w is not None])
    except core.TournamentError:
        return
    if winners[-1] is None:
        if existing is not None:  # the deciding partita reopened
            _refuse_correction(match, existing, None)
            _reopen(match, existing)
        return
    if score.is_over:
        totals = [games.stored_state(g).totals for g in played]
        points = (sum(t[0] for t in totals), sum(t[1] for t in totals))
        try:
            check_margin(match, (int(totals[-1][0]), int(totals[-1][1])), partita=True)
        except TournamentRefused:
            return  # not won by the margin: the organiser enters the result by hand
        write_result(match, score.wins, points, by=None)
    else:
        tournament = db.session.get_one(Tournament, match.tournament_id)
        new_game(tournament, match, len(played) + 1)


def check_margin(match: Match, points: tuple[int, ...], *, partita: bool = False) -> None:
    """Refuse the game points ``points`` of a match of one partita (or of one
    ``partita`` of any match) in a tournament whose partite are won by a margin ("ai 15
    con 2 di scarto"): the winner must reach the match's target and lead by the
    margin. A best of N entered by hand gives its points summed over its partite, which
    says nothing of each one: only a single partita's are checked."""
    tournament = db.session.get_one(Tournament, match.tournament_id)
    if tournament.rules.margin <= 1 or len(points) != 2 or (match.games != 1 and not partita):
        return
    high, low = max(points), min(points)
    if high < match.target or high - low < tournament.rules.margin:
        raise TournamentRefused("margin_short", "points")


def _reopen(match: Match, existing: MatchResult) -> None:
    """Forget the result of a match whose deciding partita reopened."""
    count_result_change(match.id)
    audit.record(
        audit.ChangeKind.RESULT_REOPENED,
        audit.Subject.match(match.id),
        result_fields(existing),
        None,
    )
    db.session.delete(existing)
    tournament = lock_tournament(match.tournament_id)
    if tournament.status == Status.FINISHED.value:
        tournament.status = Status.RUNNING.value
    db.session.flush()


def _three_game_changed(match: Match, existing: MatchResult | None, game: Game) -> None:
    """A match of three is its one game: its result is the game's, once it has a winner
    (each side's game points, the partita to the winner)."""
    if game.winner_side is None:
        if existing is not None:
            _reopen(match, existing)
        return
    totals = games.stored_state(game).totals
    wins = tuple(int(side == game.winner_side) for side in range(len(match.side_ids)))
    write_result(match, wins, tuple(int(total) for total in totals), by=None)


def write_result(
    match: Match,
    wins: tuple[int, ...],
    points: tuple[int, ...],
    by: int | None,
    *,
    side: int | None = None,
    trusted: bool = False,
) -> MatchResult:
    """Store the match's result (a new row, or the one there changed), then move the
    tournament on: the knockout filled in, the tournament finished after its last match.
    ``wins`` and ``points`` are per side, in the match's side order (two or three); the
    winner is the one side with the most partite won (none: a draw). Where the
    tournament asks for confirmation, the result awaits the sides that did not enter it
    (``side``: the one at the table that did) unless the organiser entered it
    (``trusted``), and moves nothing on until confirmed (`confirming`)."""
    written = store_result(match, wins, points, by, None, side=side, trusted=trusted)
    move_on(match)
    return written


def result_confirmed(match: Match) -> None:
    """The result of ``match`` was just confirmed: it counts now, so move the tournament
    on as its writing would have."""
    move_on(match)


def store_result(
    match: Match,
    wins: tuple[int, ...],
    points: tuple[int, ...],
    by: int | None,
    seen: int | None,
    *,
    side: int | None = None,
    trusted: bool = False,
    settles_later: bool = False,
) -> MatchResult:
    """The match's result row, new or changed (a knockout's winner only while it has not
    gone on, unless the caller ``settles_later`` the matches it went on to: see
    `corrections.settle`), flushed and marked entered (`confirming.mark_entered`:
    ``side``, ``trusted``), nothing moved on yet (`move_on`); ``by`` the user who
    entered it by hand; the change counted on the match (`count_result_change`,
    refused if ``seen``, the result version its sender saw, is no longer its version)."""
    count_result_change(match.id, seen)
    winner = None
    if wins.count(max(wins)) == 1:
        winner = match.side_ids[wins.index(max(wins))]
    existing = result_of(match)
    before = None
    if existing is None:
        existing = MatchResult(match_id=match.id)
        db.session.add(existing)
    else:
        if not settles_later:
            _refuse_correction(match, existing, winner)
        before = result_fields(existing)
    existing.winner_id = winner
    existing.wins_first, existing.wins_second = wins[0], wins[1]
    existing.points_first, existing.points_second = points[0], points[1]
    existing.wins_third = wins[2] if len(wins) == 3 else None
    existing.points_third = points[2] if len(points) == 3 else None
    existing.by_hand = by is not None
    existing.forfeit = False
    existing.entered_by_id = by
    existing.recorded_at = utcnow()
    db.session.flush()
    after = result_fields(existing)
    if before != after:
        kind = (
            audit.ChangeKind.RESULT_ENTERED if before is None else audit.ChangeKind.RESULT_CORRECTED
        )
        audit.record(kind, audit.Subject.match(match.id), before, after)
    mark_entered(match, existing, side=side, trusted=trusted)
    return existing


def result_fields(result: MatchResult) -> dict[str, object]:
    """A result's counts as its history records them: ``"wins.0"``, ``"points.1"``..."""
    return {
        **{f"wins.{side}": wins for side, wins in enumerate(result.wins)},
        **{f"points.{side}": points for side, points in enumerate(result.points)},
    }


def move_on(match: Match) -> None:
    """After a result of ``match``: the knockout filled in, and the tournament finished
    once its last stage is over, running again only if a correction reopened that stage
    (a correction of an earlier stage's score leaves a finished tournament finished)."""
    tournament = lock_tournament(match.tournament_id)
    stage = stage_of(match)
    if stage.kind == StageKind.KNOCKOUT.value:
        fill_knockout(tournament, stage)
        forfeit_withdrawn(tournament, stage)
    last = tournament.stages[-1]
    # An earlier stage's result while the tournament runs: the last stage is still to come.
    if stage.id == last.id or tournament.status == Status.FINISHED.value:
        if stage_over(tournament, last):
            tournament.status = Status.FINISHED.value
        elif tournament.status == Status.FINISHED.value:
            tournament.status = Status.RUNNING.value
    db.session.flush()


def _refuse_correction(match: Match, existing: MatchResult, winner: int | None) -> None:
    """A knockout's winner cannot change once the match it went on to is on."""
    if existing.winner_id != winner and moved_on(match):
        raise TournamentRefused("next_match_on")


def forfeit(match: Match, loser_id: int, by: int | None) -> MatchResult:
    """``match`` lost by forfeit ("a tavolino") by the entrant ``loser_id``, who withdrew:
    the other side wins every partita the match needs, each by its target to 0 (a
    result of the organiser's, kept whatever its game records), and the tournament moves
    on (the knockout's winner goes on)."""
    needed = match.games // 2 + 1
    wins = tuple(0 if side == loser_id else needed for side in match.side_ids)
    points = tuple(0 if side == loser_id else match.target * needed for side in match.side_ids)
    written = store_result(match, wins, points, by, None, trusted=True, settles_later=True)
    written.by_hand, written.forfeit = True, True
    db.session.flush()
    move_on(match)
    return written


def forget_forfeit(match: Match) -> None:
    """Forget the forfeit result of ``match`` (a withdrawal undone): it waits for its
    result again, and the tournament runs again if the forfeit had finished it."""
    existing = result_of(match)
    if existing is None or not existing.forfeit:
        return
    count_result_change(match.id)
    db.session.delete(existing)
    db.session.flush()
    move_on(match)


def forfeit_withdrawn(tournament: Tournament, stage: Stage) -> None:
    """Every match of ``stage`` still open with a withdrawn side is lost by that side by
    forfeit (a round paired with it, a knockout match it reached before it withdrew)."""
    withdrawn = set(
        db.session.scalars(
            select(Entrant.id).where(
                Entrant.tournament_id == tournament.id, Entrant.withdrawn_rounds.is_not(None)
            )
        )
    )
    if not withdrawn:
        return
    for match in open_matches_of(stage):
        loser = next((side for side in match.side_ids if side in withdrawn), None)
        # A forfeit moves the tournament on, which may have decided this one already.
        if loser is not None and not match.is_bye and result_of(match) is None:
            forfeit(match, loser, None)
