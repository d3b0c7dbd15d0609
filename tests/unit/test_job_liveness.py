"""How the database queue tells a dead consumer from a live one (`jobs.DatabaseBroker`):
by its process, on its machine, with the process's start time against a reused pid."""

from __future__ import annotations

import subprocess
import sys

from sqlalchemy import create_engine

from scorekeeper import jobs


def _broker() -> jobs.DatabaseBroker:
    return jobs.DatabaseBroker(create_engine("sqlite://"), node="here")


def test_a_running_process_is_alive_and_a_finished_one_is_not() -> None:
    broker = _broker()
    other = subprocess.Popen([sys.executable, "-c", "input()"], stdin=subprocess.PIPE)
    try:
        start = jobs.process_start(other.pid)
        assert start  # Linux's /proc says when it started
        assert broker._alive(f"here:{other.pid}:{start}")
        # The same pid with another start time: the pid was reused, the holder is dead.
        assert not broker._alive(f"here:{other.pid}:{int(start) + 1}")
    finally:
        assert other.stdin is not None
        other.stdin.close()
        other.wait()
    assert jobs.process_start(other.pid) is None
    assert not broker._alive(f"here:{other.pid}:{start}")


def test_the_broker_names_itself_and_is_alive() -> None:
    broker = _broker()
    assert broker.me.startswith("here:")
    assert broker._alive(broker.me)
