"""The job queue: long work (league imports) runs in a consumer process, never in a web
worker, on Dramatiq (a maintained task library: its actors, worker threads, time limits
and its Redis broker).

A task is a plain function registered with `task` under a name; `enqueue` sends it with
its arguments (ids: the work itself is in the database). The consumer
(``flask --app scorekeeper jobs consume``, started by `make run` beside the web server
and by its own systemd unit in production) runs each task in an application context of
its own, a few at a time (``JOBS_THREADS``).

Delivery is at least once, so every task is idempotent (a league import starts again
from its job row, see `scorekeeper.leagues.imports`):

- with ``JOBS_URL`` (or ``REDIS_URL``) on Redis, Dramatiq's `RedisBroker` keeps each
  message a consumer took until it is acknowledged, after the task; the messages of a
  consumer whose heartbeat stopped (the library's own, every few seconds while it polls)
  for ``JOBS_HEARTBEAT_TIMEOUT`` ms go back on the queue for any other consumer, on any
  machine;
- by default, on the app's own database (SQLite or PostgreSQL, table ``job_message``),
  `DatabaseBroker` does the same on one machine: a taken message names the process that
  took it (machine, pid and the process's start time), and any consumer of that machine
  gives back, when it starts and every ``RECOVER_EVERY`` polls, the messages of processes
  that no longer exist there. Nothing is timed: a task that runs for an hour is not taken
  for dead, and one whose process was killed (``kill -9``, the OOM killer, a crash) runs
  again as soon as a consumer runs on its machine. A machine that never comes back keeps
  its messages: several machines share Redis (the two-node recipe does).

Under ``TESTING`` (``JOBS_EAGER``) a task runs at once, in a thread the caller waits for,
as the web tests expect; `tests/web/test_job_queue.py` runs real consumers and kills one.
"""

from __future__ import annotations

import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import click
import dramatiq
import redis
from dramatiq.broker import Broker, Consumer, MessageProxy
from dramatiq.brokers.redis import RedisBroker
from dramatiq.common import compute_backoff, current_millis, dq_name
from flask import Flask, current_app
from flask.cli import AppGroup
from sqlalchemy import BigInteger, String, Text, delete, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.extensions import Model, db

#: The queue every task goes on.
QUEUE = "default"
#: Threads of a consumer: tasks run at once by one consumer process.
THREADS = 2
#: Milliseconds a task may run before the consumer stops it (TimeLimit).
TIME_LIMIT_MS = 30 * 60 * 1000
#: Milliseconds without a heartbeat after which Redis takes a consumer for dead.
HEARTBEAT_TIMEOUT_MS = 60_000
#: Of a million Redis commands, how many look for dead consumers (Dramatiq's default is
#: 1,000). An idle consumer polls its two queues about once a second each, so one
#: command in twenty looks about every ten seconds.
MAINTENANCE_CHANCE = 50_000
#: Seconds a Redis call of the queue may take (an enqueue included: a page waits for it).
REDIS_TIMEOUT = 2.0
#: Idle polls of the database queue between two looks for dead processes' messages.
RECOVER_EVERY = 30
#: Longest wait between two polls of an idle database queue (ms).
IDLE_POLL_MS = 1000

#: Tasks by name: what `task` registered (every app's broker declares them all).
_TASKS: dict[str, Callable[..., None]] = {}


class JobMessage(Model):
    """A message of the database queue (`DatabaseBroker`): queued while ``taken_by`` is
    NULL, then taken by one consumer process until it acknowledges it (the row goes)."""

    __tablename__ = "job_message"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    queue: Mapped[str] = mapped_column(String(64), index=True)
    #: When it may run (ms since the epoch): its enqueueing, or later for a delayed one.
    eta: Mapped[int] = mapped_column(BigInteger)
    body: Mapped[str] = mapped_column(Text)
    #: ``machine:pid:start`` of the consumer process running it, NULL while queued.
    taken_by: Mapped[str | None] = mapped_column(String(200), index=True)


class QueueUnavailable(Exception):
    """The queue could not take a task: Redis or the database is away."""


def task(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a function as the task `name` (its arguments: JSON values)."""

    def register(function: Callable[..., None]) -> Callable[..., None]:
        _TASKS[name] = function
        return function

    return register


def enqueue(name: str, *args: Any) -> None:
    """Send task `name` with `args` to the queue (after the caller's commit: the consumer
    reads what the task needs from the database). Under ``JOBS_EAGER`` it runs here and
    now, in a thread of its own, with an application context of its own."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    if app.config.get("JOBS_EAGER", app.testing):
        worker = threading.Thread(
            target=_run, args=(app, name, args), name=f"job-{name}", daemon=False
        )
        worker.start()
        worker.join()
        return
    try:
        broker(app).get_actor(name).send(*args)
    except (redis.RedisError, SQLAlchemyError, dramatiq.DramatiqError) as err:
        raise QueueUnavailable(name) from err


def _run(app: Flask, name: str, args: Iterable[Any]) -> None:
    """Task `name` in an application context of its own; the session is removed after."""
    with app.app_context():
        try:
            _TASKS[name](*args)
        except Exception:
            app.logger.exception("job %s%r failed", name, tuple(args))
            raise
        finally:
            db.session.remove()


def broker(app: Flask) -> Broker:
    """The app's broker, made once with every registered task declared on it."""
    made: Broker | None = app.extensions.get("jobs")
    if made is None:
        made = _make_broker(app)
        for name in _TASKS:
            dramatiq.Actor(
                _bound(app, name),
                broker=made,
                actor_name=name,
                queue_name=QUEUE,
                priority=0,
                options={"max_retries": 0, "time_limit": TIME_LIMIT_MS},
            )
        app.extensions["jobs"] = made
    return made


def _bound(app: Flask, name: str) -> Callable[..., None]:
    def run(*args: Any) -> None:
        _run(app, name, args)

    run.__name__ = name.replace("-", "_")
    return run


def _make_broker(app: Flask) -> Broker:
    url = app.config.get("JOBS_URL") or app.config.get("REDIS_URL")
    if url:
        timeout = float(app.config.get("JOBS_REDIS_TIMEOUT", REDIS_TIMEOUT))
        client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        return RedisBroker(  # type: ignore[no-untyped-call]
            client=client,
            namespace=app.config.get("JOBS_NAMESPACE", "scorekeeper-jobs"),
            heartbeat_timeout=int(app.config.get("JOBS_HEARTBEAT_TIMEOUT", HEARTBEAT_TIMEOUT_MS)),
            maintenance_chance=int(app.config.get("JOBS_MAINTENANCE_CHANCE", MAINTENANCE_CHANCE)),
        )
    with app.app_context():
        engine = db.engine
    return DatabaseBroker(engine, node=app.config.get("JOBS_NODE") or socket.gethostname())


# The database queue ----------------------------------------------------------------


def process_start(pid: int) -> str | None:
    """When process `pid` started (clock ticks since boot, from /proc), "" where /proc
    does not say, None if there is no such process."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        if os.path.isdir("/proc/self"):
            return None
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return None
        except PermissionError:
            return ""
        return ""
    except OSError:
        return ""
    return fields[19]  # starttime: the 22nd field, the 20th after the name


class DatabaseBroker(Broker):
    """Dramatiq's broker on the app's database: see the module's docstring."""

    def __init__(self, engine: Engine, *, node: str) -> None:
        super().__init__()
        self.engine = engine
        self.node = node
        self.queues: dict[str, bool] = {}
        pid = os.getpid()
        self.me = f"{node}:{pid}:{process_start(pid) or ''}"

    def consume(
        self,
        queue_name: str,
        prefetch: int = 1,
        timeout: int = 30000,
    ) -> Consumer:
        consumer = _DatabaseConsumer(self, queue_name, prefetch, timeout)
        self.recover()
        return consumer

    def declare_queue(self, queue_name: str) -> None:
        if queue_name in self.queues:
            return
        self.emit_before("declare_queue", queue_name)
        self.queues[queue_name] = True
        self.emit_after("declare_queue", queue_name)
        delayed = dq_name(queue_name)
        self.queues[delayed] = True
        self.delay_queues.add(delayed)
        self.emit_after("declare_delay_queue", delayed)

    def enqueue(self, message: dramatiq.Message[Any], *, delay: int | None = None) -> Any:
        queue_name = message.queue_name
        if delay is not None:
            queue_name = dq_name(queue_name)
            message = message.copy(queue_name=queue_name, options={"eta": current_millis() + delay})
        self.emit_before("enqueue", message, delay)
        with self.engine.begin() as conn:
            conn.execute(
                insert(JobMessage).values(
                    id=message.message_id,
                    queue=queue_name,
                    eta=message.options.get("eta", current_millis()),
                    body=message.encode().decode(),
                    taken_by=None,
                )
            )
        self.emit_after("enqueue", message, delay)
        return message

    def get_declared_queues(self) -> set[str]:
        return set(self.queues)

    def get_declared_delay_queues(self) -> set[str]:
        return set(self.delay_queues)

    def flush(self, queue_name: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(JobMessage).where(JobMessage.queue == queue_name))

    def flush_all(self) -> None:
        for queue_name in self.queues:
            self.flush(queue_name)

    def join(self, queue_name: str, *, timeout: int | None = None) -> None:
        raise NotImplementedError("follow the work in the database instead")

    def recover(self) -> int:
        """Queue again the messages that processes of this machine took and that no longer
        exist (their consumer was killed): how many."""
        mine = f"{self.node}:%"
        with self.engine.begin() as conn:
            holders = conn.scalars(
                select(JobMessage.taken_by).distinct().where(JobMessage.taken_by.like(mine))
            ).all()
            gone = [holder for holder in holders if holder and not self._alive(holder)]
            if not gone:
                return 0
            freed = conn.execute(
                update(JobMessage).where(JobMessage.taken_by.in_(gone)).values(taken_by=None)
            ).rowcount
        return int(freed or 0)

    def _alive(self, holder: str) -> bool:
        """Whether the process `holder` names (``machine:pid:start``) is still running."""
        if holder == self.me:
            return True
        _node, pid, start = holder.rsplit(":", 2)
        now = process_start(int(pid))
        return now is not None and (not start or not now or now == start)


class _DatabaseConsumer(Consumer):
    """Takes messages one at a time off a queue of `DatabaseBroker`, at most `prefetch`
    not yet acknowledged (a consumer leaves the rest to the others)."""

    def __init__(
        self, broker: DatabaseBroker, queue_name: str, prefetch: int, timeout: int
    ) -> None:
        self.broker = broker
        self.queue_name = queue_name
        self.prefetch = max(prefetch, 1)
        self.timeout = min(timeout, IDLE_POLL_MS)
        self.misses = 0
        self.polls = 0
        #: Ids of the messages taken and not yet acknowledged.
        self.outstanding: set[str] = set()

    def __next__(self) -> MessageProxy | None:
        taken = self._take() if len(self.outstanding) < self.prefetch else None
        if taken is not None:
            self.misses = 0
            message = dramatiq.Message.decode(taken.encode())
            self.outstanding.add(message.message_id)
            return MessageProxy(message)
        self.polls += 1
        if self.polls % RECOVER_EVERY == 0:
            self.broker.recover()
        self.misses, backoff_ms = compute_backoff(self.misses, max_backoff=self.timeout)
        time.sleep(backoff_ms / 1000)
        return None

    def _take(self) -> str | None:
        me = self.broker.me
        with self.broker.engine.begin() as conn:
            candidate = conn.execute(
                select(JobMessage.id, JobMessage.body)
                .where(
                    JobMessage.queue == self.queue_name,
                    JobMessage.taken_by.is_(None),
                    JobMessage.eta <= current_millis(),
                )
                .order_by(JobMessage.eta, JobMessage.id)
                .limit(1)
            ).first()
            if candidate is None:
                return None
            took = conn.execute(
                update(JobMessage)
                .where(JobMessage.id == candidate.id, JobMessage.taken_by.is_(None))
                .values(taken_by=me)
            ).rowcount
        return candidate.body if took == 1 else None

    def ack(self, message: MessageProxy) -> None:
        with self.broker.engine.begin() as conn:
            conn.execute(delete(JobMessage).where(JobMessage.id == message.message_id))
        self.outstanding.discard(message.message_id)

    def nack(self, message: MessageProxy) -> None:
        self.ack(message)  # no dead letters: the task keeps its outcome in its own rows

    def requeue(self, messages: Iterable[MessageProxy]) -> None:
        ids = [message.message_id for message in messages]
        self.outstanding.difference_update(ids)
        if ids:
            with self.broker.engine.begin() as conn:
                conn.execute(update(JobMessage).where(JobMessage.id.in_(ids)).values(taken_by=None))


def queued() -> int:
    """Messages of the database queue, taken or not (for the tests)."""
    return db.session.scalar(select(func.count()).select_from(JobMessage)) or 0


# The consumer ----------------------------------------------------------------------


def start_worker(app: Flask, threads: int | None = None) -> dramatiq.Worker:
    """Start consuming the app's queue in threads of this process (`consume` does it for
    the consumer; a script may too): the worker, to `stop` after."""
    made = broker(app)
    made.emit_after("process_boot")
    count = threads or int(app.config.get("JOBS_THREADS", THREADS))
    worker = dramatiq.Worker(made, worker_threads=count, worker_timeout=IDLE_POLL_MS)
    # A task is long: a consumer takes no more than it can run at once (Dramatiq's default
    # is twice as many), and leaves the others to the other consumers.
    worker.queue_prefetch = count
    worker.start()
    return worker


def consume(app: Flask, threads: int | None = None) -> None:
    """Run the app's tasks until SIGTERM or SIGINT: a graceful stop lets the running
    tasks finish (within the service manager's stop timeout)."""
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_args: stop.set())
    worker = start_worker(app, threads)
    app.logger.info("job consumer %s started (%s)", os.getpid(), type(broker(app)).__name__)
    try:
        stop.wait()
    finally:
        worker.stop()
        broker(app).close()


def init_app(app: Flask) -> None:
    """The ``flask jobs`` commands."""
    app.cli.add_command(_jobs_cli)


_jobs_cli = AppGroup("jobs", help="The job queue (league imports).")


@_jobs_cli.command("consume")
@click.option("--threads", type=int, default=None, help="Tasks run at once.")
def _consume(threads: int | None) -> None:
    """Run queued tasks until stopped (SIGTERM or Ctrl-C)."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    consume(app, threads)
