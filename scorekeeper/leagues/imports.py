"""Running league imports: one at a time per user, on the job queue (`scorekeeper.jobs`).

An import writes its league in short transactions (see `transfer.import_league`), in a
consumer of the job queue, so it is tracked by a `LeagueImport` row that every worker
and machine sees: it holds the file to write and the progress (``games_done`` of
``games_total``), and its user is unique (one import per user). While it runs (``status``
running) it points at the league being written, which stays hidden
(``League.importing``) until its last transaction. Once done or failed the row keeps the
outcome for the progress page (`progress`): the league, or why it failed; the user's
next import replaces it. How many imports run at once is the consumers' business
(``JOBS_THREADS`` each).

The queue delivers a task at least once: a consumer killed mid-import has its message
run again. So an import is idempotent: each delivery is an ``attempt`` (`begin` counts
it), removes the hidden league an earlier attempt left and writes the league again
from the file; every transaction of an attempt checks, in the transaction, that its
attempt is still the job's latest and the job still running (`checkpoint`), so an older
attempt still running somewhere writes nothing more, and a delivery of a finished job
does nothing. No league is ever stored twice, and none is left hidden: the job row
points at it from the transaction that made it.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from flask import current_app
from sqlalchemy import delete, exists, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League, LeagueImport
from scorekeeper.models import utcnow

#: Why an import failed, as `LeagueImport.error` keeps it: ``where`` (a place in the
#: file, or None), ``template`` (English, marked for translation) and its ``params``.
Reason: TypeAlias = dict[str, Any]

RUNNING = "running"
DONE = "done"
FAILED = "failed"
#: Games deleted by one transaction when a hidden league is removed.
REMOVE_BATCH = 500


class ImportBusy(Exception):
    """This user's import is still running: no other can start now."""


class ImportAbandoned(Exception):
    """This attempt of the import is not the job's latest, or the job is no longer
    running: it writes nothing more."""


def start(user_id: int, document: str, games_total: int) -> int:
    """Store `user_id`'s import of `document` (JSON text of `games_total` games),
    committed, and return its job id (the caller enqueues it).

    Replaces the user's last finished import, and one not begun yet (still queued, or
    its message lost with a web worker killed between its commit and the enqueueing: a
    later delivery of it finds no job and does nothing). Raises `ImportBusy` when the
    user has one under way, exactly across workers: the unique user decides, not a count
    read before.
    """
    replaced = (LeagueImport.status != RUNNING) | (LeagueImport.attempt == 0)
    db.session.execute(delete(LeagueImport).where(LeagueImport.user_id == user_id, replaced))
    db.session.commit()
    job = LeagueImport(
        user_id=user_id,
        status=RUNNING,
        document=document,
        games_total=games_total,
        started_at=utcnow(),
    )
    db.session.add(job)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise ImportBusy() from None
    return job.id


def progress(job_id: int, user_id: int) -> LeagueImport | None:
    """Job `job_id` if it is `user_id`'s (else None): a read, no write."""
    mine = (LeagueImport.id == job_id) & (LeagueImport.user_id == user_id)
    return db.session.scalar(select(LeagueImport).where(mine))


def begin(job_id: int) -> tuple[int, str, int] | None:
    """Start a new attempt at job `job_id`, committed: its number, the file and the user;
    None when the job is not running (done, failed or gone: this delivery has nothing to
    do). The hidden league of an earlier attempt is removed first."""
    running = (LeagueImport.id == job_id) & (LeagueImport.status == RUNNING)
    row = db.session.execute(
        update(LeagueImport)
        .where(running)
        .values(attempt=LeagueImport.attempt + 1, games_done=0)
        .returning(
            LeagueImport.attempt,
            LeagueImport.document,
            LeagueImport.user_id,
            LeagueImport.league_id,
        )
    ).one_or_none()
    db.session.commit()
    if row is None or row.document is None:
        return None
    if row.league_id is not None:
        remove_hidden_league(row.league_id)  # the job's league_id goes with it
    return row.attempt, row.document, row.user_id


def checkpoint(
    job_id: int, attempt: int, *, league_id: int | None = None, games_done: int | None = None
) -> None:
    """Inside the current transaction: record the league this attempt writes or the games
    stored so far, if `attempt` is still the running job's latest; else raise
    `ImportAbandoned` (the caller rolls back)."""
    values: dict[str, object] = {}
    if league_id is not None:
        values["league_id"] = league_id
    if games_done is not None:
        values["games_done"] = games_done
    current = (
        (LeagueImport.id == job_id)
        & (LeagueImport.status == RUNNING)
        & (LeagueImport.attempt == attempt)
    )
    statement = update(LeagueImport).where(current).returning(LeagueImport.id)
    if values:
        statement = statement.values(**values)
    else:
        statement = statement.values(attempt=LeagueImport.attempt)
    if db.session.scalar(statement) is None:
        raise ImportAbandoned(job_id)


def finish(job_id: int, attempt: int) -> None:
    """Mark the job done (its file dropped), inside the transaction that shows its league."""
    checkpoint(job_id, attempt)
    db.session.execute(
        update(LeagueImport).where(LeagueImport.id == job_id).values(status=DONE, document=None)
    )


def abandon(job_id: int, attempt: int, reason: Reason) -> None:
    """After a failure of `attempt`: mark the job failed for `reason`, then remove the
    hidden league it wrote. An attempt that is no longer the latest leaves both to the
    latest; if the database fails meanwhile, the job stays running and its next
    delivery removes the league before it starts again."""
    db.session.rollback()
    try:
        current = (
            (LeagueImport.id == job_id)
            & (LeagueImport.status == RUNNING)
            & (LeagueImport.attempt == attempt)
        )
        league_id = db.session.scalar(select(LeagueImport.league_id).where(current))
        failed = db.session.scalar(
            update(LeagueImport)
            .where(current)
            .values(status=FAILED, document=None, league_id=None, error=reason)
            .returning(LeagueImport.id)
        )
        db.session.commit()
        if failed is not None and league_id is not None:
            remove_hidden_league(league_id)
    except SQLAlchemyError:
        db.session.rollback()
        current_app.logger.exception("league import %s: its league is left hidden", job_id)


def hidden_leagues() -> list[int]:
    """Hidden leagues that no running import writes (none, unless a cleanup failed)."""
    writing = (LeagueImport.league_id == League.id) & (LeagueImport.status == RUNNING)
    return list(
        db.session.scalars(
            select(League.id).where(League.importing.is_(True), ~exists().where(writing))
        ).all()
    )


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
