"""What is stored of every change: one `AuditEvent` row per change, written in the
change's own transaction (`scorekeeper.audit.service.record`).

A row names its subject by plain foreign keys (a game and a hand's number, a tournament
match, a league, a tournament itself: its corrections and withdrawals), the kind of
change, who made it (the account's id and its name at the time, which link spoke and for
which side, the phone's device id, live or from the outbox, the form's request id) and
the change itself: the fields that changed, each as ``[before, after]`` (JSON).
"""

from __future__ import annotations

import enum
from datetime import datetime

from sqlalchemy import JSON, CheckConstraint, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.extensions import Model
from scorekeeper.models import utcnow


class ChangeKind(enum.StrEnum):
    """What a change did (stored as its value)."""

    HAND_CREATED = "hand_created"
    HAND_EDITED = "hand_edited"
    HAND_REMOVED = "hand_removed"
    #: The other side confirmed, disputed, or an organiser resolved a dispute (of a hand
    #: or of a match's result: the subject says which).
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    RESOLVED = "resolved"
    RESULT_ENTERED = "result_entered"
    RESULT_CORRECTED = "result_corrected"
    RESULT_REOPENED = "result_reopened"
    LEAGUE_IMPORTED = "league_imported"
    #: A tournament's own history: a correction that changed who went on, the later
    #: matches it affected kept as played or cleared to be played again; a pair
    #: withdrawn (its open matches lost by forfeit), and its withdrawal undone.
    CORRECTION_KEPT = "correction_kept"
    CORRECTION_REPLAYED = "correction_replayed"
    PAIR_WITHDRAWN = "pair_withdrawn"
    WITHDRAWAL_UNDONE = "withdrawal_undone"
    #: A side claimed to be out during a hand (chiamarsi fuori).
    CLAIMED = "claimed"
    #: A league's or a tournament's house rules changed (from its next game on).
    RULES_CHANGED = "rules_changed"


class LinkKind(enum.StrEnum):
    """Which link spoke: a game's edit link, a league scorer's, a tournament table's
    score sheet, one side's own link; a page reached signed in, with no link (``page``).
    A view-only link never writes, so it never appears here."""

    EDIT = "edit"
    SCORER = "scorer"
    TABLE = "table"
    SIDE = "side"
    PAGE = "page"


class Origin(enum.StrEnum):
    """How the change reached the server: sent at once, sent later from the phone's
    outbox (kept without signal), or written by the app itself (an import)."""

    LIVE = "live"
    OUTBOX = "outbox"
    SYSTEM = "system"


def _in(column: str, values: type[enum.StrEnum]) -> str:
    return f"{column} IN ({', '.join(repr(v.value) for v in values)})"


#: Longest device id kept (the phone makes a UUID: 36 characters).
DEVICE_MAX = 64
NAME_MAX = 40


class AuditEvent(Model):
    """One stored change and who made it (see the module's docstring)."""

    __tablename__ = "audit_event"
    __table_args__ = (
        CheckConstraint(_in("kind", ChangeKind), name="kind"),
        CheckConstraint(f"link IS NULL OR {_in('link', LinkKind)}", name="link"),
        CheckConstraint(_in("origin", Origin), name="origin"),
        CheckConstraint("side IS NULL OR side >= 0", name="side"),
        CheckConstraint("hand_number IS NULL OR hand_number >= 1", name="hand_number"),
        CheckConstraint(
            "game_id IS NOT NULL OR match_id IS NOT NULL OR league_id IS NOT NULL"
            " OR tournament_id IS NOT NULL",
            name="subject",
        ),
        # A game's history, a match's, a league's: in order, without reading the rest.
        Index("ix_audit_event_game", "game_id", "id"),
        Index("ix_audit_event_match", "match_id", "id"),
        Index("ix_audit_event_league", "league_id", "id"),
        Index("ix_audit_event_tournament", "tournament_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    kind: Mapped[str] = mapped_column(String(24))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    hand_number: Mapped[int | None] = mapped_column(Integer)
    #: The hand's id, which stays when later hands move up (no foreign key: a removed
    #: hand's history keeps it).
    hand_id: Mapped[int | None] = mapped_column(Integer)
    match_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_match.id", ondelete="CASCADE")
    )
    league_id: Mapped[int | None] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"))
    #: A tournament's own event (a correction kept or replayed, a withdrawal).
    tournament_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE")
    )
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL")
    )
    #: The account's username when it made the change (kept if the account goes).
    account_name: Mapped[str | None] = mapped_column(String(NAME_MAX))
    link: Mapped[str | None] = mapped_column(String(8))
    side: Mapped[int | None] = mapped_column(Integer)
    device_id: Mapped[str | None] = mapped_column(String(DEVICE_MAX))
    origin: Mapped[str] = mapped_column(String(8), default=Origin.LIVE.value)
    request_id: Mapped[str | None] = mapped_column(String(64))
    #: The fields that changed, each ``[before, after]`` (``None``: it had none).
    changes: Mapped[dict[str, list[object]]] = mapped_column(JSON)
