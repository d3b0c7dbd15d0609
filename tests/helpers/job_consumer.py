"""A job consumer for the tests (`python -m tests.helpers.job_consumer`), as
``flask --app scorekeeper jobs consume`` runs it, that says on its standard output what
it did, for the test that drives it to read (never a sleep):

- ``held <games>`` when an import has committed its chunk that brings it to
  ``HOLD_AT_GAMES`` games (the environment's), after which the import waits for ever:
  the test kills the process there;
- ``done <task> <args>`` when a task was processed and its message acknowledged.

Imports are written ``IMPORT_CHUNK`` games a transaction (the environment's, or 2). The
app is configured by the environment as in production (DATABASE_URL, SCOREKEEPER_*).
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any

from dramatiq import Middleware

from scorekeeper import create_app, jobs
from scorekeeper.leagues import transfer


class _Reporter(Middleware):  # type: ignore[misc]
    """Says when a task's message was acknowledged (``done``) or rejected (``failed``):
    after the task, once the queue has forgotten it."""

    def after_ack(self, _broker: Any, message: Any) -> None:
        print("done", message.actor_name, *message.args, flush=True)

    def after_nack(self, _broker: Any, message: Any) -> None:
        print("failed", message.actor_name, *message.args, flush=True)


def _hold(at: int) -> None:
    def held(_league_id: int, games: int) -> None:
        if games == at:
            print("held", games, flush=True)
            threading.Event().wait()  # until the test kills this process

    transfer.chunk_stored.connect(held, weak=False)


def main() -> None:
    transfer.IMPORT_CHUNK = int(os.environ.get("IMPORT_CHUNK", "2"))
    if hold := os.environ.get("HOLD_AT_GAMES"):
        _hold(int(hold))
    app = create_app()
    jobs.broker(app).add_middleware(_Reporter())
    print("consuming", os.getpid(), flush=True)
    sys.stdout.flush()
    jobs.consume(app, threads=1)


if __name__ == "__main__":
    main()
