"""Running league imports: one at a time per user, a few at a time on the server.

An import writes its league in short transactions (see `transfer.import_league`),
in the background (`transfer.run_in_background`), so it is tracked by a `LeagueImport`
row that every worker and machine sees: it holds the file to write and the progress
(``games_done`` of ``games_total``), and its user is unique (one import per user).
While it runs (``status`` running) its slot is unique and below ``LEAGUE_IMPORT_SLOTS``
(a cap for the whole server), and it points at the league being written, which stays
hidden (``League.importing``) until its last transaction. Once done or failed the row
gives its slot back and keeps the outcome for the progress page (`progress`): the
league, or why it failed; the user's next import replaces it.

An import that fails removes its league itself. One whose worker was killed stops
beating (``heartbeat_at``, renewed with every chunk); once it is older than
``LEAGUE_IMPORT_STALE_SECONDS`` the next import to start, or the next look at a
progress page, sweeps it: its row is marked failed first, so a late chunk of the old
import finds no running row and rolls back, then its hidden league is removed. Any
hidden league without a running row (its cleanup was cut short) goes by the same sweep.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, TypeAlias

from flask import current_app
from sqlalchemy import delete, exists, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League, LeagueImport
from scorekeeper.models import utcnow
from scorekeeper.scoring.errors import N_

#: Why an import failed, as `LeagueImport.error` keeps it: ``where`` (a place in the
#: file, or None), ``template`` (English, marked for translation) and its ``params``.
Reason: TypeAlias = dict[str, Any]

RUNNING = "running"
DONE = "done"
FAILED = "failed"
#: The reason of an import swept for dead.
STOPPED: Reason = {
    "where": None,
    "template": N_("The import stopped for too long and was cancelled. Try again."),
    "params": {},
}

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
    """The import is no longer running: it was taken for dead and swept (before or while
    it ran)."""


def start(user_id: int, document: str, games_total: int) -> int:
    """Claim a slot for `user_id`'s import of `document` (JSON text of `games_total`
    games), committed with it, and return its job id.

    Sweeps dead imports first, and the user's last finished one. Raises `ImportBusy`
    when the user has an import running or every slot is taken, exactly across
    workers: the database's unique constraints decide, not a count read before.
    """
    sweep()
    db.session.execute(
        delete(LeagueImport).where(LeagueImport.user_id == user_id, LeagueImport.status != RUNNING)
    )
    db.session.commit()
    slots = int(current_app.config.get("LEAGUE_IMPORT_SLOTS", SLOTS))
    for slot in range(slots):
        now = utcnow()
        job = LeagueImport(
            user_id=user_id,
            slot=slot,
            status=RUNNING,
            document=document,
            games_total=games_total,
            started_at=now,
            heartbeat_at=now,
        )
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
    running = (LeagueImport.user_id == user_id) & (LeagueImport.status == RUNNING)
    return db.session.scalar(select(exists().where(running))) or False


def progress(job_id: int, user_id: int) -> LeagueImport | None:
    """Job `job_id` if it is `user_id`'s (else None). A running job whose heartbeat is
    stale is swept first (its worker died): it shows as failed. A live one costs this
    page (reloaded every 2 s) a read and no write."""
    mine = (LeagueImport.id == job_id) & (LeagueImport.user_id == user_id)
    dead = mine & (LeagueImport.status == RUNNING) & (LeagueImport.heartbeat_at < _stale_before())
    if db.session.scalar(select(exists().where(dead))):
        sweep()
    return db.session.scalar(select(LeagueImport).where(mine))


def _stale_before() -> datetime:
    """Heartbeats before this moment are of dead imports."""
    stale = int(current_app.config.get("LEAGUE_IMPORT_STALE_SECONDS", STALE_SECONDS))
    return utcnow() - timedelta(seconds=stale)


def document(job_id: int) -> tuple[str, int] | None:
    """The file and the user of job `job_id` while it runs (None once it does not)."""
    row = db.session.execute(
        select(LeagueImport.document, LeagueImport.user_id).where(
            LeagueImport.id == job_id, LeagueImport.status == RUNNING
        )
    ).one_or_none()
    return None if row is None or row.document is None else (row.document, row.user_id)


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
        .where(LeagueImport.id == job_id, LeagueImport.status == RUNNING)
        .values(**values)
        .returning(LeagueImport.id)
    )
    if beaten is None:
        raise ImportAbandoned(job_id)


def finish(job_id: int) -> None:
    """Mark the job done (its slot given back, its file dropped), inside the transaction
    that shows its league."""
    beat(job_id)
    db.session.execute(
        update(LeagueImport)
        .where(LeagueImport.id == job_id)
        .values(status=DONE, slot=None, document=None)
    )


def _failed(reason: Reason) -> dict[str, object]:
    """The values of a job row that failed for `reason`: no slot, file or league."""
    return {"status": FAILED, "slot": None, "document": None, "league_id": None, "error": reason}


def abandon(job_id: int, reason: Reason) -> None:
    """After a failure: mark the job failed for `reason`, then remove the hidden league
    it wrote.

    A row already swept leaves its league to the sweep that took it; if the database
    fails meanwhile (the failure may be the database's), the row stops beating and the
    next sweep finishes the work."""
    db.session.rollback()
    try:
        running = (LeagueImport.id == job_id) & (LeagueImport.status == RUNNING)
        league_id = db.session.scalar(select(LeagueImport.league_id).where(running))
        failed = db.session.scalar(
            update(LeagueImport).where(running).values(_failed(reason)).returning(LeagueImport.id)
        )
        db.session.commit()
        if failed is not None and league_id is not None:
            remove_hidden_league(league_id)
    except SQLAlchemyError:
        db.session.rollback()
        current_app.logger.exception("league import %s: cleanup left to the sweep", job_id)


def sweep() -> None:
    """Mark dead imports failed, then remove every hidden league left without a running
    import (a failed row keeps no league)."""
    db.session.execute(
        update(LeagueImport)
        .where(LeagueImport.status == RUNNING, LeagueImport.heartbeat_at < _stale_before())
        .values(_failed(STOPPED))
    )
    db.session.commit()
    writing = (LeagueImport.league_id == League.id) & (LeagueImport.status == RUNNING)
    orphans = db.session.scalars(
        select(League.id).where(League.importing.is_(True), ~exists().where(writing))
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
