"""The database queue (`jobs.DatabaseBroker`) on the test database: a consumer takes no
more than its prefetch, acknowledges by deleting, and a consumer's start gives back the
messages of dead processes of its machine, never another machine's."""

from __future__ import annotations

import dramatiq
from flask import Flask
from sqlalchemy import select, update

from scorekeeper import jobs
from scorekeeper.extensions import db

DEAD = "here:999999999:1"  # no process has this pid (above Linux's pid_max)


def _broker(app: Flask) -> jobs.DatabaseBroker:
    with app.app_context():
        broker = jobs.DatabaseBroker(db.engine, node="here")
    broker.declare_queue("q")
    return broker


def _send(broker: jobs.DatabaseBroker, *args: object) -> str:
    message: dramatiq.Message[object] = dramatiq.Message(
        queue_name="q", actor_name="a", args=args, kwargs={}, options={}
    )
    return str(broker.enqueue(message).message_id)


def _holders(app: Flask) -> dict[str, str | None]:
    with app.app_context():
        rows = db.session.execute(select(jobs.JobMessage.id, jobs.JobMessage.taken_by))
        return {row.id: row.taken_by for row in rows}


def test_a_consumer_takes_no_more_than_its_prefetch_and_an_ack_deletes(app: Flask) -> None:
    broker = _broker(app)
    first, second = _send(broker, 1), _send(broker, 2)
    consumer = broker.consume("q", prefetch=1, timeout=10)
    taken = next(consumer)
    assert taken is not None
    assert taken.args == (1,)
    assert next(consumer) is None  # one outstanding: the second stays for the others
    assert _holders(app) == {first: broker.me, second: None}
    consumer.ack(taken)
    again = next(consumer)
    assert again is not None
    assert again.args == (2,)
    consumer.ack(again)
    assert _holders(app) == {}


def test_a_consumer_gives_back_what_dead_processes_of_its_machine_held(app: Flask) -> None:
    broker = _broker(app)
    dead, elsewhere, live = _send(broker, 1), _send(broker, 2), _send(broker, 3)
    holders = {dead: DEAD, elsewhere: "there:999999999:1", live: broker.me}
    with app.app_context():
        for message_id, holder in holders.items():
            db.session.execute(
                update(jobs.JobMessage)
                .where(jobs.JobMessage.id == message_id)
                .values(taken_by=holder)
            )
        db.session.commit()
    consumer = broker.consume("q", prefetch=1, timeout=10)  # a start looks
    assert _holders(app) == {dead: None, elsewhere: "there:999999999:1", live: broker.me}
    taken = next(consumer)
    assert taken is not None
    assert taken.args == (1,)
