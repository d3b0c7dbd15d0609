"""Changes that must run one at a time: the row lock of a tournament or a match, taken by
bumping its version, and the refusal of a change its status does not allow.

A change takes a row lock first by bumping a version, as games do
(`scorekeeper.games.services.lock_game`): the tournament's (the draw, a new round) or
the match's (its result). The order is always game, then match, then tournament, so two
changes never wait on each other in a circle; the UNIQUE constraints (one result per
match, one table per round, one game per partita) decide where two inserts still meet,
and the loser runs again and finds the row.

Every lock also tells the tournament's venue screens (`scorekeeper.live`): once the
change commits, the tournament's channel hears of it.
"""

from __future__ import annotations

from typing import TypeVar

from sqlalchemy import update

from scorekeeper import live
from scorekeeper.extensions import db
from scorekeeper.tournaments.errors import ResultChanged, TournamentRefused
from scorekeeper.tournaments.models import Match, Status, Tournament

#: A row with a ``version`` to lock it by.
Locked = TypeVar("Locked", Tournament, Match)


def lock_tournament(tournament_id: int) -> Tournament:
    """Lock the tournament (`_lock`), its stages read again when used."""
    tournament = _lock(Tournament, tournament_id)
    db.session.expire(tournament, ["stages"])
    return tournament


def lock_match(match_id: int) -> Match:
    """Lock the match (`_lock`)."""
    return _lock(Match, match_id)


def _lock(model: type[Locked], row_id: int) -> Locked:
    """Bump the row's version first thing, which takes its row lock on PostgreSQL and the
    write lock on SQLite (as `games.lock_game` does), and read it as the lock found it."""
    db.session.execute(
        update(model).where(model.id == row_id).values(version=model.version + 1).returning(model),
        execution_options={"populate_existing": True, "synchronize_session": False},
    ).all()
    locked = db.session.get_one(model, row_id)
    live.tournament_changed(locked.id if isinstance(locked, Tournament) else locked.tournament_id)
    return locked


def count_result_change(match_id: int, seen: int | None = None) -> None:
    """Count a change of the match's result (``result_version`` grows by one), refused
    (`ResultChanged`) when ``seen`` is given and the version is no longer it: the check
    is the UPDATE's own WHERE, so of two changes sent over the same result only the
    first passes, on SQLite and PostgreSQL alike (a second waits for the first's row
    lock, then finds the version grown)."""
    query = update(Match).where(Match.id == match_id)
    if seen is not None:
        query = query.where(Match.result_version == seen)
    counted = db.session.execute(
        query.values(result_version=Match.result_version + 1).returning(Match),
        execution_options={"populate_existing": True, "synchronize_session": False},
    ).all()
    if not counted:
        raise ResultChanged
    live.tournament_changed(counted[0][0].tournament_id)


def refuse_unless(tournament: Tournament, *allowed: Status) -> None:
    """Refuse the change unless ``tournament`` is in one of the ``allowed`` states."""
    if Status(tournament.status) not in allowed:
        raise TournamentRefused(f"status_{tournament.status}")
