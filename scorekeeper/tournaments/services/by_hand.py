"""A result entered by hand: checked, recorded once however often it is sent, and in a
league tournament counted in the league as the match's one result."""

from __future__ import annotations

from scorekeeper import audit
from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.models import Game
from scorekeeper.leagues import standings as league_standings
from scorekeeper.tournaments import core
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import (
    REASON_MAX,
    Match,
    MatchResult,
    ResultState,
    StageKind,
    Status,
    Tournament,
)
from scorekeeper.tournaments.services.confirming import (
    add_confirmation,
    add_dispute,
    awaiting_sides,
    refuse_change,
)
from scorekeeper.tournaments.services.corrections import Later, settle
from scorekeeper.tournaments.services.locks import lock_match, refuse_unless
from scorekeeper.tournaments.services.queries import (
    match_games,
    match_of_game,
    result_of,
    stage_of,
)
from scorekeeper.tournaments.services.results import (
    check_margin,
    move_on,
    result_confirmed,
    store_result,
)
from scorekeeper.transactions import in_transaction


def enter_result(
    match: Match,
    wins: tuple[int, ...],
    points: tuple[int, ...],
    by: User | None,
    *,
    side: int | None = None,
    organiser: bool = False,
    reason: str = "",
    seen: int | None = None,
    later: Later | None = None,
) -> MatchResult:
    """Record (or correct) a match's result by hand: partite won and game points per
    side. The same result entered twice, or by two helpers at once, is recorded once.
    A knockout result changes winner once the next match is on only by replaying it.

    ``seen`` is the match's result version the form was drawn with: a different result
    typed over one its sender never saw (another phone's, saved meanwhile) is refused
    with `ResultChanged`, nothing stored; ``None`` (a sender that knows no version)
    checks nothing.

    A correction that changes who went on, with later matches made of the old result
    (`corrections.settle`), is refused with `CorrectionAffects` naming them, until the
    organiser chooses ``later``: keep them as played, or replay them.

    ``by`` is the account that entered it (none: a side's link without an account),
    ``side`` the side at the table whose link it came from (``None``: the organiser or
    a helper on the rounds page), ``organiser`` whether the organiser entered it.
    Where the tournament asks for confirmation (`confirming`): a side entering the very
    result another side entered and awaits from it confirms it, a different one
    disputes it; a locked result (confirmed or disputed) only the organiser changes,
    with a ``reason``, which the result keeps.

    In a league tournament the result counts in the league's standings and ratings in
    the same transaction, once, as the match's league result (`league_results`), in
    place of whatever its partite had counted, once it counts (confirmed); a correction
    replaces it. The match's
    games and the league are locked first, in the order a hand saved at the table takes
    them (game, league, match, tournament), so the two never wait on each other."""
    wins, drawn = checked_result(match, wins, points)
    match_id, by_id = match.id, (by.id if by is not None else None)

    def save() -> MatchResult:
        league_id = lock_for_league(match_id)
        locked = lock_match(match_id)
        _refuse_entry(locked, drawn=drawn)
        existing = result_of(locked)
        before = existing.winner_id if existing is not None else None
        if existing is not None:
            answered = _entered_again(
                locked, existing, wins, points, side, organiser, reason, by_id
            )
            if answered is not None:
                if league_id is not None and answered.is_confirmed:
                    recount_in_league(locked)  # it may just have been confirmed
                return answered
        disputed = existing is not None and existing.state == ResultState.DISPUTED.value
        written = store_result(
            locked, wins, points, by_id, seen, side=side, trusted=organiser, settles_later=True
        )
        if existing is not None:
            changed = written.winner_id != before
            settle(locked, stage_of(locked), changed, later, by_id)
        move_on(locked)
        if existing is not None and organiser and reason.strip():
            written.reason = reason.strip()[:REASON_MAX]
        if disputed:
            audit.record(
                audit.ChangeKind.RESOLVED,
                audit.Subject.match(match_id),
                None,
                {"reason": written.reason},
            )
        if league_id is not None:
            recount_in_league(locked)
        return written

    return in_transaction(save)


def _entered_again(
    match: Match,
    existing: MatchResult,
    wins: tuple[int, ...],
    points: tuple[int, ...],
    side: int | None,
    organiser: bool,
    reason: str,
    by_id: int | None,
) -> MatchResult | None:
    """A result entered for a match that has one: ``existing`` itself when that settles
    it (the same result again; a side's confirmation or dispute), ``None`` when it is
    to be written over; refused when locked."""
    same = existing.wins == wins and existing.points == points
    if same and (existing.is_confirmed or not organiser):
        if (
            side is not None
            and side in awaiting_sides(match, existing)
            and add_confirmation(match, existing, side, through=side, user_id=by_id)
        ):
            result_confirmed(match)
        return existing
    refuse_change(match, existing, organiser=organiser, reason=reason)
    if side is not None and side in awaiting_sides(match, existing):
        add_dispute(match, existing, side, wins, points)
        return existing
    return None


def checked_result(
    match: Match, wins: tuple[int, ...], points: tuple[int, ...]
) -> tuple[tuple[int, ...], bool]:
    """The partite won per side of a result entered for ``match``, checked (one per side
    at its table: two or three), and whether the match is drawn."""
    if match.second_id is None:
        raise TournamentRefused("bye_has_no_result")
    sides = len(match.side_ids)
    if len(wins) != sides or len(points) != sides:
        raise TournamentRefused("result_sides", "wins")
    if min(wins) < 0 or min(points) < 0:
        raise TournamentRefused("result_range", "wins")
    if sides == 3:
        _check_three_result(wins, points)
        return wins, False
    try:
        score = core.MatchLength(match.games).score([0] * wins[0] + [1] * wins[1])
    except core.TournamentError as error:
        raise TournamentRefused("result_range", "wins") from error
    if not score.is_over or sum(wins) > match.games:
        raise TournamentRefused("match_not_over", "wins")
    check_margin(match, points)
    return score.wins, score.winner is None


def _check_three_result(wins: tuple[int, ...], points: tuple[int, ...]) -> None:
    """A table of three plays one partita: one side won it (1, the others 0), and the
    winner has strictly the most game points (a game ends with one strict leader)."""
    try:
        core.three_winner(wins, points)
    except core.ThreeResultError as error:
        key = "three_one_winner" if error.field == "wins" else "three_winner_points"
        raise TournamentRefused(key, error.field) from error


def _refuse_entry(match: Match, *, drawn: bool) -> None:
    """Refuse a result for a bye, for a match of a tournament not running (or finished),
    and a draw in a knockout."""
    if match.second_id is None:
        raise TournamentRefused("bye_has_no_result")
    tournament = db.session.get_one(Tournament, match.tournament_id)
    refuse_unless(tournament, Status.RUNNING, Status.FINISHED)
    stage = stage_of(match)
    if stage.kind == StageKind.KNOCKOUT.value and drawn:
        raise TournamentRefused("knockout_needs_winner", "wins")


def lock_for_league(match_id: int) -> int | None:
    """In a league tournament, lock the match's games and then its league (the locks a
    hand saved at its table takes before the match's); the league's id, if any."""
    match = db.session.get_one(Match, match_id)
    league_id = db.session.get_one(Tournament, match.tournament_id).league_id
    if league_id is not None:
        _lock_games(match)
        league_standings.lock_leagues([league_id])
    return league_id


def recount_in_league(match: Match) -> None:
    """Count the match's games in its league again (its result entered, corrected or
    confirmed), the league locked first (`lock_for_league`)."""
    for game in match_games(match):
        league_standings.game_changed(game)


def _lock_games(match: Match) -> None:
    """Lock every game of ``match`` (`games.lock_game`), partita 1 first. A partita is
    added only by a change holding the one before it, so once the games read are held,
    reading again finds any added meanwhile."""
    held: set[int] = set()
    while True:
        new = [game for game in match_games(match) if game.id not in held]
        if not new:
            return
        for game in new:
            games.lock_game(game)
            held.add(game.id)


def league_results(game: Game) -> list[league_standings.ResultRow] | None:
    """The league result rows of ``game`` if a result entered by hand decides them
    (registered with the leagues as a result source; ``None``: its hands decide).

    A match whose result was entered by hand counts in its league as one result: on its
    first partita's game (its time and seats), with the entered game points and winner
    (none for a draw) and the counts of every hand its partite recorded; its other
    partite count nothing; nor does any of them while the result awaits confirmation or
    is disputed. The rows are a function of what is stored, so a rebuild of
    the league finds the rows the changes wrote.
    """
    match = match_of_game(game)
    if game.league_id is None or match is None:
        return None
    result = result_of(match)
    if result is None or not result.by_hand:
        return None
    if result.forfeit:
        return []  # lost by forfeit: no partita was played, nothing counts in the league
    if not result.is_confirmed:
        return []  # awaiting the other side's confirmation, or disputed: not yet
    played = match_games(match)
    if game.id != played[0].id:
        return []
    winner_side = None
    if result.winner_id is not None:
        winner_side = match.side_ids.index(result.winner_id)
    return league_standings.entered_results(
        game.league_id,
        game.id,
        game.created_at,
        winner_side,
        game.seats,
        result.points,
        [hand.sides for partita in played for hand in partita.hands],
    )
