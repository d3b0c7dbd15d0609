"""The other side confirms: a side's confirmation or dispute of a match's result (from
its own link, or on the phone passed across from another side's), the organiser's
resolution of a dispute, and the disputes waiting for it. The rules are `confirming`'s."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import Match, MatchResult, ResultState, Tournament
from scorekeeper.tournaments.services.by_hand import (
    checked_result,
    enter_result,
    lock_for_league,
    recount_in_league,
)
from scorekeeper.tournaments.services.confirming import add_confirmation, add_dispute
from scorekeeper.tournaments.services.locks import lock_match
from scorekeeper.tournaments.services.queries import result_of
from scorekeeper.tournaments.services.results import result_confirmed
from scorekeeper.transactions import in_transaction


def confirm(match: Match, side: int, *, through: int | None, by: User | None) -> MatchResult:
    """``side`` confirms the result of ``match`` (``through``: the side whose link the
    page came from; ``by``: the account signed in, if any). Recorded once however often
    it is sent; the result counts once every side it awaits has confirmed it, and the
    tournament moves on (a knockout's next match, its end)."""
    match_id, user_id = match.id, (by.id if by is not None else None)

    def save() -> MatchResult:
        league_id = lock_for_league(match_id)
        locked = lock_match(match_id)
        result = result_of(locked)
        if result is None:
            raise TournamentRefused("no_result_yet")
        if add_confirmation(locked, result, side, through=through, user_id=user_id):
            result_confirmed(locked)
            if league_id is not None:
                recount_in_league(locked)
        return result

    return in_transaction(save)


def dispute(
    match: Match,
    side: int,
    wins: tuple[int, ...],
    points: tuple[int, ...],
    *,
    through: int | None,
) -> MatchResult:
    """``side`` disputes the result of ``match``: it says it was ``wins`` and ``points``.
    The result is locked until the organiser resolves it; the same version sent for the
    entered one is a confirmation instead."""
    wins, _drawn = checked_result(match, wins, points)
    match_id = match.id

    def save() -> MatchResult:
        league_id = lock_for_league(match_id)
        locked = lock_match(match_id)
        result = result_of(locked)
        if result is None:
            raise TournamentRefused("no_result_yet")
        if result.wins == wins and result.points == points:
            if add_confirmation(locked, result, side, through=through, user_id=None):
                result_confirmed(locked)
                if league_id is not None:
                    recount_in_league(locked)
        else:
            add_dispute(locked, result, side, wins, points)
        return result

    return in_transaction(save)


def resolve(match: Match, *, take_disputed: bool, reason: str, by: User) -> MatchResult:
    """The organiser resolves the dispute of ``match`` with a ``reason``: the entered
    result stands, or the disputing side's version (``take_disputed``) replaces it;
    either way it is confirmed and counts."""
    result = result_of(match)
    if result is None or result.state != ResultState.DISPUTED.value:
        raise TournamentRefused("not_disputed")
    if not reason.strip():
        raise TournamentRefused("reason_required", "reason")
    wins, points = result.wins, result.points
    if take_disputed:
        wins = tuple(result.disputed_wins or ())
        points = tuple(result.disputed_points or ())
    return enter_result(match, wins, points, by, organiser=True, reason=reason)


@dataclass(frozen=True)
class Dispute:
    """A disputed result: the match, the result as entered and the disputing side's."""

    match: Match
    result: MatchResult

    @property
    def disputed_wins(self) -> tuple[int, ...]:
        """Partite won per side, as the disputing side says."""
        return tuple(self.result.disputed_wins or ())

    @property
    def disputed_points(self) -> tuple[int, ...]:
        """Game points per side, as the disputing side says."""
        return tuple(self.result.disputed_points or ())


def disputes(tournament: Tournament) -> list[Dispute]:
    """The tournament's disputed results, waiting for the organiser, by table."""
    rows = db.session.execute(
        select(Match, MatchResult)
        .join(MatchResult, MatchResult.match_id == Match.id)
        .where(
            Match.tournament_id == tournament.id,
            MatchResult.state == ResultState.DISPUTED.value,
        )
        .order_by(Match.round_id, Match.table_number)
    ).all()
    return [Dispute(match, result) for match, result in rows]
