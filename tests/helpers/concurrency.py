"""Work run in threads at once, each with its own app context (its own session and
connection), for the tests of what many phones do at the same time."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask

from scorekeeper.extensions import db

T = TypeVar("T")
#: Longest wait at a barrier: only ever reached when a run is broken (then it fails).
STUCK = 30


def in_threads(app: Flask, count: int, work: Callable[[int], T]) -> list[T | BaseException]:
    """``work(i)`` in `count` threads at once, each in its own app context (so its own
    session); what each returned or raised."""
    outcomes: list[Any] = [None] * count
    start = threading.Barrier(count)

    def run(i: int) -> None:
        with app.app_context():
            try:
                start.wait(STUCK)
                outcomes[i] = work(i)
            except BaseException as error:
                outcomes[i] = error
            finally:
                db.session.remove()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(STUCK * 2)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes
