"""Running league imports: one at a time per user, a few at a time on the server.

An import writes its league in short transactions (see `transfer.import_league`), so
it is tracked by a `LeagueImport` row that every worker and machine sees: the row's
user is unique (one import per user), its slot is unique and below
``LEAGUE_IMPORT_SLOTS`` (a cap for the whole server), and it points at the league
being written, which stays hidden (``League.importing``) until its last transaction.

An import that fails removes its league itself. One whose worker was killed stops
beating (``heartbeat_at``, renewed with every chunk); once it is older than
``LEAGUE_IMPORT_STALE_SECONDS`` (longer than gunicorn's timeout) the next import to
start sweeps it: its row is deleted first, so a late chunk of the old import finds
no row and rolls back, then its hidden league is removed. Any hidden league without
a row (its cleanup was cut short) is removed by the same sweep.
"""

from __future__ import annotations

from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, exists, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League, LeagueImport
from scorekeeper.models import utcnow

#: Imports running at once on the whole server (LEAGUE_IMPORT_SLOTS to change it).
SLOTS = 2
#: Seconds without a beat after which an import is taken for dead.
STALE_SECONDS = 60
#: Games deleted by one transaction when a hidden league is removed.
REMOVE_BATCH = 500


class ImportBusy(Exception):
    """No import can start now: this user's is running (``mine``), or the server's slots
    are all taken."""

    def __init__(self, *, mine: bool) -> None:
        super().__init__("this user's import is running" if mine else "every slot is taken")
        self.mine = mine


class ImportAbandoned(Exception):
    """The import's row is gone: it was taken for dead and swept while it ran."""


def start(user_id: int) -> int:
    """Claim a slot for `user_id`'s import (committed) and return its job id.

    Sweeps dead imports first. Raises `ImportBusy` when the user has an import
    running or every slot is taken, exactly across workers: the database's unique
    constraints decide, not a count read before.
    """
    sweep()
    slots = int(current_app.config.get("LEAGUE_IMPORT_SLOTS", SLOTS))
    for slot in range(slots):
        now = utcnow()
        job = LeagueImport(user_id=user_id, slot=slot, started_at=now, heartbeat_at=now)
        db.session.add(job)
        try:
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            if _running(user_id):
                raise ImportBusy(mine=True) from None
            continue
        return job.id
    raise ImportBusy(mine=_running(user_id))


def _running(user_id: int) -> bool:
    return db.session.scalar(select(exists().where(LeagueImport.user_id == user_id))) or False


def beat(job_id: int, *, league_id: int | None = None, games_done: int | None = None) -> None:
    """Renew the job's heartbeat inside the current transaction (with the league it
    writes, the games stored so far); raises `ImportAbandoned` if it was swept."""
    values: dict[str, object] = {"heartbeat_at": utcnow()}
    if league_id is not None:
        values["league_id"] = league_id
    if games_done is not None:
        values["games_done"] = games_done
    beaten = db.session.scalar(
        update(LeagueImport)
        .where(LeagueImport.id == job_id)
        .values(**values)
        .returning(LeagueImport.id)
    )
    if beaten is None:
        raise ImportAbandoned(job_id)


def finish(job_id: int) -> None:
    """Delete the job's row, inside the transaction that shows its league."""
    beat(job_id)
    db.session.execute(delete(LeagueImport).where(LeagueImport.id == job_id))


def abandon(job_id: int) -> None:
    """After a failure: delete the job's row, then remove the hidden league it wrote.

    A row already swept leaves its league to the sweep that took it; if the database
    fails meanwhile (the failure may be the database's), the row stops beating and the
    next import's sweep finishes the work."""
    db.session.rollback()
    try:
        league_id = db.session.scalar(
            delete(LeagueImport).where(LeagueImport.id == job_id).returning(LeagueImport.league_id)
        )
        db.session.commit()
        if league_id is not None:
            remove_hidden_league(league_id)
    except SQLAlchemyError:
        db.session.rollback()
        current_app.logger.exception("league import %s: cleanup left to the sweep", job_id)


def sweep() -> None:
    """Take dead imports' rows away, then remove every hidden league left without one."""
    stale = int(current_app.config.get("LEAGUE_IMPORT_STALE_SECONDS", STALE_SECONDS))
    db.session.execute(
        delete(LeagueImport).where(LeagueImport.heartbeat_at < utcnow() - timedelta(seconds=stale))
    )
    db.session.commit()
    orphans = db.session.scalars(
        select(League.id).where(
            League.importing.is_(True), ~exists().where(LeagueImport.league_id == League.id)
        )
    ).all()
    for league_id in orphans:
        remove_hidden_league(league_id)


def remove_hidden_league(league_id: int) -> None:
    """Delete a league still being imported, its games `REMOVE_BATCH` per transaction
    (their seats, hands and results go with them), then the league itself."""
    hidden = (League.id == league_id) & League.importing.is_(True)
    while game_ids := db.session.scalars(
        select(Game.id).join(League, League.id == Game.league_id).where(hidden).limit(REMOVE_BATCH)
    ).all():
        db.session.execute(delete(Game).where(Game.id.in_(game_ids)))
        db.session.commit()
    db.session.execute(delete(League).where(hidden))
    db.session.commit()
