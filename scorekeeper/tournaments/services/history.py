"""The tournament's history: what happened to it that its rows alone do not say (a
correction that kept or replayed the later matches it affected, a pair withdrawn).

`record` is the one place every such event passes through. The tournament keeps no
history of its own yet: the audit log of changes (who, from which device, when) is
being built as its own module; until it is wired in here, an event is written to the
app's log under ``scorekeeper.tournaments.history``, in words a person can read."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from scorekeeper.tournaments.models import Tournament

_log = logging.getLogger("scorekeeper.tournaments.history")


def record(
    tournament: Tournament,
    event: str,
    *,
    by: int | None,
    match_id: int | None = None,
    later: Sequence[int] = (),
    entrant_id: int | None = None,
) -> None:
    """Record ``event`` in the history of ``tournament`` (in the change's transaction):
    ``by`` the user, the match corrected and the ``later`` matches it touched, or the
    entrant concerned. Events: ``correction_kept`` (a correction that changes who went on
    or won, the later matches kept as played), ``correction_replayed`` (those matches
    cleared, to be played again), ``withdrawn`` and ``withdrawal_undone``."""
    _log.info(
        "tournament %s: %s by user %s (match %s, later matches %s, entrant %s)",
        tournament.public_id,
        event,
        by,
        match_id,
        list(later),
        entrant_id,
    )
