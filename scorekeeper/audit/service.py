"""Record a change with who made it, and read a history back.

`record` is the one way to write an `AuditEvent`: one INSERT, in the caller's
transaction (never commits), so the change and its record are stored together or not
at all. Histories are read in one statement each (`events_for`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, insert, or_, select

from scorekeeper.audit.actor import Actor, actor_from_request
from scorekeeper.audit.models import AuditEvent, ChangeKind
from scorekeeper.extensions import db
from scorekeeper.models import utcnow


@dataclass(frozen=True)
class Subject:
    """What changed: a game's hand, a game, a tournament match, a league, a tournament
    (its own events, with the match they concern if any)."""

    game_id: int | None = None
    hand_number: int | None = None
    hand_id: int | None = None
    match_id: int | None = None
    league_id: int | None = None
    tournament_id: int | None = None

    @classmethod
    def hand(cls, game_id: int, number: int, hand_id: int) -> Subject:
        """Hand ``number`` of a game (the hand ``hand_id``)."""
        return cls(game_id=game_id, hand_number=number, hand_id=hand_id)

    @classmethod
    def match(cls, match_id: int) -> Subject:
        """A tournament match (its result)."""
        return cls(match_id=match_id)

    @classmethod
    def league(cls, league_id: int) -> Subject:
        """A league (an import)."""
        return cls(league_id=league_id)

    @classmethod
    def tournament(cls, tournament_id: int, match_id: int | None = None) -> Subject:
        """A tournament's own event (a correction of ``match_id``, a withdrawal)."""
        return cls(tournament_id=tournament_id, match_id=match_id)


def changed_fields(
    before: Mapping[str, Any] | None, after: Mapping[str, Any] | None
) -> dict[str, list[Any]]:
    """The fields that differ between ``before`` and ``after``, each ``[before, after]``
    (``None`` for a field one side lacks), in a stable order."""
    before, after = before or {}, after or {}
    keys = list(before) + [key for key in after if key not in before]
    return {
        key: [before.get(key), after.get(key)] for key in keys if before.get(key) != after.get(key)
    }


_INSERT = insert(AuditEvent.__table__)


def record(
    kind: ChangeKind,
    subject: Subject,
    before: Mapping[str, Any] | None,
    after: Mapping[str, Any] | None,
    actor: Actor | None = None,
    *,
    at: datetime | None = None,
) -> None:
    """Record one change of ``subject`` by ``actor`` (default: `actor_from_request`):
    its fields ``before`` and ``after`` (JSON values; ``None``: it did not exist), kept
    as the ones that changed. One INSERT, in the caller's transaction."""
    actor = actor or actor_from_request()
    db.session.execute(
        _INSERT,
        {
            "created_at": at or utcnow(),
            "kind": kind.value,
            "game_id": subject.game_id,
            "hand_number": subject.hand_number,
            "hand_id": subject.hand_id,
            "match_id": subject.match_id,
            "league_id": subject.league_id,
            "tournament_id": subject.tournament_id,
            "account_id": actor.account_id,
            "account_name": actor.account_name,
            "link": actor.link.value if actor.link is not None else None,
            "side": actor.side,
            "device_id": actor.device_id,
            "origin": actor.origin.value,
            "request_id": actor.request_id,
            "changes": changed_fields(before, after),
        },
    )


def events_for(
    *,
    game_ids: Sequence[int] = (),
    match_ids: Sequence[int] = (),
    league_id: int | None = None,
    tournament_id: int | None = None,
) -> list[AuditEvent]:
    """The changes of these games, matches (and league, tournament), oldest first: one
    statement."""
    conditions: list[ColumnElement[bool]] = []
    if game_ids:
        conditions.append(AuditEvent.game_id.in_(game_ids))
    if match_ids:
        conditions.append(AuditEvent.match_id.in_(match_ids))
    if league_id is not None:
        conditions.append(AuditEvent.league_id == league_id)
    if tournament_id is not None:
        conditions.append(AuditEvent.tournament_id == tournament_id)
    if not conditions:
        return []
    statement = select(AuditEvent).where(or_(*conditions)).order_by(AuditEvent.id)
    return list(db.session.scalars(statement))
