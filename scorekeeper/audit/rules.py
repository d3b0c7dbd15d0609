"""A club's house rules change (issue 28, section 3): a league's or a tournament's rules,
as the one `Rules` value, kept in the audit log when they change, so that its history
says what changed, who changed it and when. Games already started keep their own rules:
a change applies from the next game on (the caller stores it; this only records it)."""

from __future__ import annotations

from sqlalchemy import select

from scorekeeper.audit import words
from scorekeeper.audit.models import AuditEvent, ChangeKind
from scorekeeper.audit.service import Subject, record
from scorekeeper.extensions import db
from scorekeeper.scoring import Rules


def record_rules_change(subject: Subject, before: Rules, after: Rules) -> bool:
    """Record that ``subject``'s rules went from ``before`` to ``after`` (each whole, as
    `Rules.to_json`), in the caller's transaction; nothing when they are the same.
    Whether anything changed."""
    if before == after:
        return False
    record(
        ChangeKind.RULES_CHANGED, subject, {"rules": before.to_json()}, {"rules": after.to_json()}
    )
    return True


def rules_history(subject: Subject) -> list[words.Line]:
    """The changes of a league's or a tournament's rules in words, newest first
    ("Rules changed by Anna at 21:14: from the next game, Scopone scientifico · to 21")."""
    statement = select(AuditEvent).where(AuditEvent.kind == ChangeKind.RULES_CHANGED.value)
    if subject.league_id is not None:
        statement = statement.where(AuditEvent.league_id == subject.league_id)
    else:
        statement = statement.where(AuditEvent.tournament_id == subject.tournament_id)
    events = list(db.session.scalars(statement.order_by(AuditEvent.id)))
    return list(reversed(words.describe(events, words.Names())))
