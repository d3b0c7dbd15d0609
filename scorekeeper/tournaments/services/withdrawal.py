"""A pair that leaves mid-tournament: withdrawn by the organiser, its remaining matches
lost by forfeit ("a tavolino", as the regolamenti require: the opponent wins every
partita needed, each by its target to 0), the standings and their tie-breaks following
those results, and the pair paired no more (a Swiss or Danish round pairs the others; a
round-robin's later matches against it, and a knockout match it reaches, are forfeited
as they are made, so its opponent goes on). Undone while no round has been added since.

With rotating partners a player withdraws between rounds: their table played (its
result stands, and counts for the three others too), and from the next round on the
player is seated no more (`formats.rotating_plan`): no forfeit, since the tables seat
the players left."""

from __future__ import annotations

from scorekeeper import audit
from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.leagues import standings as league_standings
from scorekeeper.tournaments import core
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import Entrant, Match, Status, Tournament
from scorekeeper.tournaments.services.history import record
from scorekeeper.tournaments.services.knockout import moved_on
from scorekeeper.tournaments.services.locks import lock_tournament, refuse_unless
from scorekeeper.tournaments.services.queries import (
    entrants,
    match_games,
    matches_of_entrant,
    result_of,
    rounds,
)
from scorekeeper.tournaments.services.results import forfeit, forget_forfeit
from scorekeeper.tournaments.services.settings import is_rotating, is_three
from scorekeeper.transactions import in_transaction


def withdraw(entrant: Entrant, by: User) -> Entrant:
    """Withdraw ``entrant`` from its running tournament: every match of its still
    waiting for a result is lost by forfeit, and no later round pairs it. Refused in the
    3-player format (a table of three has no forfeit score) and for a pair already out."""
    entrant_id, by_id = entrant.id, by.id

    def run() -> Entrant:
        row = db.session.get_one(Entrant, entrant_id)
        tournament = lock_tournament(row.tournament_id)
        refuse_unless(tournament, Status.RUNNING)
        if is_three(tournament):
            raise TournamentRefused("withdraw_three")
        if row.withdrawn:
            raise TournamentRefused("already_withdrawn")
        if is_rotating(tournament):
            _check_between_rounds(tournament, row)
        row.withdrawn_rounds = len(rounds(tournament))
        db.session.flush()
        lost = _open(row)
        for match in lost:
            forfeit(match, row.id, by_id)
            _count_in_league(tournament.league_id, match)
        record(
            tournament,
            audit.ChangeKind.PAIR_WITHDRAWN,
            by=by_id,
            entrant_id=row.id,
            forfeits=[match.id for match in lost],
        )
        return row

    return in_transaction(run)


def undo_withdrawal(entrant: Entrant, by: User) -> Entrant:
    """Take ``entrant`` back: its forfeits forgotten (their matches wait for a result
    again). Only while the tournament has no round since the withdrawal, and no forfeit
    has sent an opponent on to a knockout match already made."""
    entrant_id, by_id = entrant.id, by.id

    def run() -> Entrant:
        row = db.session.get_one(Entrant, entrant_id)
        tournament = lock_tournament(row.tournament_id)
        refuse_unless(tournament, Status.RUNNING, Status.FINISHED)
        if not row.withdrawn:
            return row
        if not can_undo(row):
            raise TournamentRefused("withdrawal_fixed")
        forgotten = []
        for match in matches_of_entrant(row):
            result = result_of(match)
            if result is not None and result.forfeit and result.winner_id != row.id:
                forget_forfeit(match)
                _count_in_league(tournament.league_id, match)
                forgotten.append(match.id)
        row.withdrawn_rounds = None
        record(
            tournament,
            audit.ChangeKind.WITHDRAWAL_UNDONE,
            by=by_id,
            entrant_id=row.id,
            forfeits=forgotten,
        )
        db.session.flush()
        return row

    return in_transaction(run)


def can_undo(entrant: Entrant) -> bool:
    """Whether the withdrawal of ``entrant`` can still be undone: no round added since,
    and none of its forfeits has sent the opponent on to a knockout match made already."""
    tournament = db.session.get_one(Tournament, entrant.tournament_id)
    if entrant.withdrawn_rounds != len(rounds(tournament)):
        return False
    for match in matches_of_entrant(entrant):
        result = result_of(match)
        if result is not None and result.forfeit and moved_on(match):
            return False
    return True


def _check_between_rounds(tournament: Tournament, entrant: Entrant) -> None:
    """With rotating partners, refuse a withdrawal while the player's table waits for
    its result, or one that would leave too few players for a table of four."""
    if _open(entrant):
        raise TournamentRefused("withdraw_rotating")
    staying = sum(1 for row in entrants(tournament) if not row.withdrawn)
    try:
        core.check_players(staying - 1)
    except core.TournamentError as error:
        raise TournamentRefused("withdraw_rotating_few") from error


def _open(entrant: Entrant) -> list[Match]:
    """The matches of ``entrant`` at a table still waiting for their result."""
    return [m for m in matches_of_entrant(entrant) if not m.is_bye and result_of(m) is None]


def _count_in_league(league_id: int | None, match: Match) -> None:
    """In a league tournament, the match's games counted again: a forfeit counts nothing
    in the league (no partita was played), a forgotten one what its hands say."""
    if league_id is None:
        return
    league_standings.lock_leagues([league_id])
    for game in match_games(match):
        league_standings.game_changed(game)
