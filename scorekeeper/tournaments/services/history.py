"""The tournament's history: what happened to it that its rows alone do not say (a
correction that kept or replayed the later matches it affected, a pair withdrawn, its
withdrawal undone).

`record` is the one place every such event passes through: an audit event of the
tournament (`scorekeeper.audit`), in the change's own transaction, with who made it.
Its page (`pages.tournament_history`) says them with every match's results entered,
corrected, confirmed, disputed and resolved."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from scorekeeper import audit
from scorekeeper.accounts.models import User
from scorekeeper.audit.models import NAME_MAX
from scorekeeper.extensions import db
from scorekeeper.tournaments.models import Match, Tournament

#: The tournament's own events.
EVENTS = (
    audit.ChangeKind.CORRECTION_KEPT,
    audit.ChangeKind.CORRECTION_REPLAYED,
    audit.ChangeKind.PAIR_WITHDRAWN,
    audit.ChangeKind.WITHDRAWAL_UNDONE,
)


def record(
    tournament: Tournament,
    event: audit.ChangeKind,
    *,
    by: int | None,
    match_id: int | None = None,
    later: Sequence[int] = (),
    entrant_id: int | None = None,
    forfeits: Sequence[int] = (),
) -> None:
    """Record ``event`` (one of `EVENTS`) in the history of ``tournament``, in the
    change's transaction: ``by`` the user, the match corrected (its table) and the
    ``later`` matches it touched, or the entrant concerned and the matches it lost (or
    no longer lost) by ``forfeits``."""
    if event not in EVENTS:
        raise ValueError(f"{event!r} is not a tournament's event")
    after: dict[str, Any] = {}
    if match_id is not None:
        after["table"] = db.session.get_one(Match, match_id).table_number
    if later:
        after["later"] = list(later)
    if entrant_id is not None:
        after["entrant"] = entrant_id
    if forfeits:
        after["forfeits"] = list(forfeits)
    actor = audit.actor_from_request()
    if by is not None and actor.account_id != by:
        user = db.session.get_one(User, by)
        actor = replace(actor, account_id=by, account_name=str(user.username)[:NAME_MAX])
    audit.record(event, audit.Subject.tournament(tournament.id, match_id), None, after, actor)
