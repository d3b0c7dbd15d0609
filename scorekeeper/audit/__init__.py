"""Every change carries a name (issue 27, section 2).

Each stored change records, in its own transaction, who made it: `record` (one INSERT)
with the `Actor` of the request (`actor_from_request`: the account, the link that
spoke and for which side, the phone's device id, live or from the outbox, the request
id). Histories are said in words (`words.describe`), and printed result sheets carry a
signature over their content that their QR's page checks again (`sheet`).

Below games, tournaments and leagues (they call it at their write points); above the
shared helpers (`ui`, `grammar`, the models' base).
"""

from scorekeeper.audit.actor import (
    Actor,
    actor_from_request,
    note_link,
    note_token,
    register_link_prefix,
)
from scorekeeper.audit.models import AuditEvent, ChangeKind, LinkKind, Origin
from scorekeeper.audit.service import Subject, events_for, record

__all__ = [
    "Actor",
    "AuditEvent",
    "ChangeKind",
    "LinkKind",
    "Origin",
    "Subject",
    "actor_from_request",
    "events_for",
    "note_link",
    "note_token",
    "record",
    "register_link_prefix",
]
