"""What is stored of a game played at the table: the game, its seats, its hands.

A hand is kept twice over: the raw entry exactly as the players gave it
(``Hand.entry``, JSON, so it can be re-scored and re-edited) and the scoring
package's result per side (``HandSide``: counts and points per category), so
that standings and statistics can be computed in SQL. Every change to a hand
is kept in ``HandRevision``. The scoring package is the only place with rules:
these tables only store what it computed, guarded by CHECK constraints that
make impossible rows unstorable.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.extensions import Model
from scorekeeper.grammar import Side
from scorekeeper.models import utcnow
from scorekeeper.scoring import (
    DECK_SIZE,
    DENARI_IN_DECK,
    FORMATS,
    MARGIN_RANGE,
    NAPOLA_MIN,
    PRIMIERA_MAX,
    RULE_SETS,
    TARGET_RANGE,
    AssoOnAsso,
    AssoSweep,
    EntryMode,
    HandEntry,
    Rules,
    read_entry,
)
from scorekeeper.scoring.rules import VARIANTS

#: Longest player name a seat accepts.
NAME_MAX = 40
#: Length of the tokens in links (``secrets.token_urlsafe(24)`` gives 32 characters).
TOKEN_LENGTH = 64
ENTRY_MODES = (EntryMode.COUNTS.value, EntryMode.CARDS.value)
REVISION_ACTIONS = ("create", "edit", "delete", "confirm", "dispute", "resolve")


class HandStatus:
    """Where a hand stands with the other side(s) (`Hand.status`): ``CONFIRMED`` (every
    side accepts it: a game that needs no confirmation stores its hands so), ``AWAITING``
    (some side has still to confirm it: `Hand.awaiting_sides`) or ``DISPUTED`` (a side
    said it went otherwise: locked until a referee resolves it)."""

    CONFIRMED = "confirmed"
    AWAITING = "awaiting"
    DISPUTED = "disputed"


HAND_STATUSES = (HandStatus.CONFIRMED, HandStatus.AWAITING, HandStatus.DISPUTED)


def sides_of_mask(mask: int) -> tuple[int, ...]:
    """The sides a bit mask holds (bit ``k``: side ``k``), in order."""
    return tuple(side for side in range(mask.bit_length()) if mask >> side & 1)


def mask_of_sides(sides: Iterable[int]) -> int:
    """The bit mask of ``sides`` (`sides_of_mask`'s inverse)."""
    mask = 0
    for side in sides:
        mask |= 1 << side
    return mask


def _in(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


def _values(kind: type[enum.StrEnum]) -> tuple[str, ...]:
    return tuple(member.value for member in kind)


_DEFAULT = Rules()


class RulesColumns:
    """The rules a game is played by (a league's: the defaults of its games), stored.

    One column per setting of :class:`Rules` a table keeps (the format by its key, the
    target, a boolean per variant in `VARIANTS`; the sum choice is the capture checker's
    alone), the check constraints written once from the scoring package's own
    `FORMATS` and `TARGET_RANGE` (`rules_constraints`), and ``rules`` to read and write
    them as the one :class:`Rules` value.
    """

    format_key: Mapped[str] = mapped_column(String(8), default=_DEFAULT.format.key)
    target: Mapped[int] = mapped_column(Integer, default=_DEFAULT.target)
    #: The rule set by its key (`RULE_SETS`; every row stored before rule sets: Scopa).
    #: No CHECK lists the keys, so that a new rule set needs no migration; rows are
    #: written from `Rules` only, and read back through `rule_set`.
    rule_set_key: Mapped[str] = mapped_column(
        String(32), default=_DEFAULT.rule_set.key, server_default=_DEFAULT.rule_set.key
    )
    #: Asso pigliatutto's house choices (their defaults in a rule set without it).
    asso_sweep: Mapped[str] = mapped_column(
        String(16), default=_DEFAULT.asso_sweep.value, server_default=_DEFAULT.asso_sweep.value
    )
    asso_on_asso: Mapped[str] = mapped_column(
        String(16),
        default=_DEFAULT.asso_on_asso.value,
        server_default=_DEFAULT.asso_on_asso.value,
    )
    #: The lead a side needs to win at the target (1: none, every row stored before; 2:
    #: "ai 15 con 2 di scarto"). A tournament's is its own column of old (where 0 also
    #: reads as none).
    margin: Mapped[int] = mapped_column(
        Integer, default=_DEFAULT.margin, server_default=str(_DEFAULT.margin)
    )

    @staticmethod
    def rules_constraints(*, margin: bool = True) -> tuple[CheckConstraint, ...]:
        """The table's CHECK constraints on the rules (new objects for each table); a
        table keeping its margin in a column of its own (``margin=False``) checks it."""
        margins = (
            CheckConstraint(
                f"margin BETWEEN {MARGIN_RANGE.start} AND {MARGIN_RANGE.stop - 1}", name="margin"
            ),
        )
        return (
            *(margins if margin else ()),
            CheckConstraint(_in("format_key", tuple(FORMATS)), name="format_key"),
            CheckConstraint(
                f"target BETWEEN {TARGET_RANGE.start} AND {TARGET_RANGE.stop - 1}", name="target"
            ),
            CheckConstraint(_in("asso_sweep", _values(AssoSweep)), name="asso_sweep"),
            CheckConstraint(_in("asso_on_asso", _values(AssoOnAsso)), name="asso_on_asso"),
        )

    @property
    def rules(self) -> Rules:
        """The stored settings as the scoring package knows them (one frozen `Rules` per
        set of values: a board asks for them a dozen times)."""
        return _rules_of_values(tuple(getattr(self, name) for name in RULES_COLUMNS))

    @rules.setter
    def rules(self, rules: Rules) -> None:
        for name, value in rules_values(rules).items():
            setattr(self, name, value)


# A column per variant (`VARIANTS`, the on/off settings of Rules): a new variant of the
# scoring package is a new column here, and a migration.
for _variant in VARIANTS:
    column = mapped_column(Boolean, nullable=False, default=getattr(_DEFAULT, _variant))
    setattr(RulesColumns, _variant, column)


#: The names of the `RulesColumns`.
RULES_COLUMNS = (
    "format_key",
    "target",
    *VARIANTS,
    "rule_set_key",
    "asso_sweep",
    "asso_on_asso",
    "margin",
)


def rules_values(rules: Rules) -> dict[str, Any]:
    """The `RulesColumns` values of ``rules`` (for a row inserted in bulk)."""
    return {
        "format_key": rules.format.key,
        "target": rules.target,
        **{name: getattr(rules, name) for name in VARIANTS},
        "rule_set_key": rules.rule_set.key,
        "asso_sweep": rules.asso_sweep.value,
        "asso_on_asso": rules.asso_on_asso.value,
        "margin": rules.margin,
    }


@lru_cache(maxsize=512)
def _rules_of_values(values: tuple[Any, ...]) -> Rules:
    return rules_of(dict(zip(RULES_COLUMNS, values, strict=True)))


def rules_of(values: Mapping[str, Any]) -> Rules:
    """The :class:`Rules` of `RulesColumns` values (`rules_values`, or a row's mapping)."""
    variants = {name: values[name] for name in VARIANTS}
    return Rules(
        format=FORMATS[values["format_key"]],
        target=values["target"],
        **variants,
        rule_set=RULE_SETS[values.get("rule_set_key") or _DEFAULT.rule_set.key],
        asso_sweep=AssoSweep(values.get("asso_sweep") or _DEFAULT.asso_sweep),
        asso_on_asso=AssoOnAsso(values.get("asso_on_asso") or _DEFAULT.asso_on_asso),
        # A tournament's margin of old is 0 for none.
        margin=max(values.get("margin") or _DEFAULT.margin, _DEFAULT.margin),
    )


class Game(RulesColumns, Model):
    """One game (partita) with its settings and the two links that reach it.

    ``view_token`` is the read-only link as it is; only a SHA-256 hash of the
    edit token is stored, so a leaked database does not give edit rights.
    ``version`` grows on every change and is the board's ETag. ``winner_side``
    caches the scoring package's verdict for lists; the board recomputes it.
    """

    __tablename__ = "game"
    __table_args__ = (
        *RulesColumns.rules_constraints(),
        CheckConstraint("first_dealer >= 0", name="first_dealer"),
        CheckConstraint("version >= 1", name="version"),
        CheckConstraint("removed_count >= 0", name="removed_count"),
        CheckConstraint("winner_side IS NULL OR winner_side >= 0", name="winner_side"),
        # A league's latest games without reading all of them.
        Index("ix_game_league_created", "league_id", "created_at", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    view_token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True)
    edit_token_hash: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True)
    first_dealer: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=1)
    winner_side: Mapped[int | None] = mapped_column(Integer)
    #: How many of its hands were removed or undone (its "delete" revisions): a board
    #: reads them only when there are some.
    removed_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: Whether each hand entered by one side awaits the other side(s)' confirmation
    #: (set from the game's league or tournament when it starts; a casual game: off).
    requires_confirmation: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false()
    )
    #: The league the game counts for (None: a casual game).
    league_id: Mapped[int | None] = mapped_column(ForeignKey("league.id", ondelete="SET NULL"))
    #: The tournament the game is a partita of (None: not a tournament's).
    tournament_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament.id", ondelete="SET NULL")
    )
    rematch_of_id: Mapped[int | None] = mapped_column(
        ForeignKey("game.id", ondelete="SET NULL"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.seat", cascade="all, delete-orphan"
    )
    hands: Mapped[list[Hand]] = relationship(
        back_populates="game", order_by="Hand.number", cascade="all, delete-orphan"
    )

    def sides(self) -> list[Side]:
        """Each side as sentences name it: its players (`Side`, "Anna e Carla")."""
        fmt = FORMATS[self.format_key]
        names = {seat.seat: seat.name for seat in self.seats}
        return [
            Side(tuple(names.get(s, "?") for s in fmt.seats_of_side(side)))
            for side in range(fmt.sides)
        ]

    def side_names(self) -> list[str]:
        """Each side's players joined in the page's language: ``["Anna e Carla", ...]``."""
        return [str(side) for side in self.sides()]

    def seat_name(self, seat: int) -> str:
        """The name of the player in ``seat``."""
        return next((s.name for s in self.seats if s.seat == seat), "?")


class Seat(Model):
    """A player at the table. Seats are numbered from 0 counter-clockwise;
    ``side`` is the scoring package's ``Format.side_of_seat`` stored for SQL."""

    __tablename__ = "seat"
    __table_args__ = (
        UniqueConstraint("game_id", "seat", name="uq_seat_game_id_seat"),
        CheckConstraint("seat >= 0", name="seat"),
        CheckConstraint("side >= 0 AND side <= seat", name="side"),
        CheckConstraint("length(trim(name)) > 0", name="name"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    side: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    #: The league player in this seat (league games only).
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("league_player.id", ondelete="SET NULL"), index=True
    )

    game: Mapped[Game] = relationship(back_populates="seats")


class Hand(Model):
    """One hand (smazzata) of a game as entered: by counts or by cards.

    ``number`` is unique in the game (two phones saving hand 5 at once store
    it once); ``request_id`` is the form's idempotency key (a resend of the
    same form stores nothing new). ``napoleone_side`` is the scoring package's
    verdict, kept so the game can be replayed from the stored rows.
    """

    __tablename__ = "hand"
    __table_args__ = (
        UniqueConstraint("game_id", "number", name="uq_hand_game_id_number"),
        UniqueConstraint("game_id", "request_id", name="uq_hand_game_id_request_id"),
        CheckConstraint("number >= 1", name="number"),
        CheckConstraint(_in("mode", ENTRY_MODES), name="mode"),
        CheckConstraint("napoleone_side IS NULL OR napoleone_side >= 0", name="napoleone_side"),
        CheckConstraint(_in("status", HAND_STATUSES), name="status"),
        # Confirmed: nobody is awaited; awaiting: somebody is.
        CheckConstraint(
            "(status = 'confirmed') = (awaiting_sides = 0) OR status = 'disputed'",
            name="awaiting_sides",
        ),
        CheckConstraint("entered_side IS NULL OR entered_side >= 0", name="entered_side"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    request_id: Mapped[str] = mapped_column(String(64))
    mode: Mapped[str] = mapped_column(String(8))
    entry: Mapped[dict[str, object]] = mapped_column(JSON)
    napoleone_side: Mapped[int | None] = mapped_column(Integer)
    #: `HandStatus`: confirmed, awaiting the other side(s), or disputed.
    status: Mapped[str] = mapped_column(
        String(10), default=HandStatus.CONFIRMED, server_default=HandStatus.CONFIRMED
    )
    #: The sides whose confirmation the hand awaits, as a bit mask (`awaiting`).
    awaiting_sides: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: The side that entered it, when the link or the account said (None: not known).
    entered_side: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    game: Mapped[Game] = relationship(back_populates="hands")
    sides: Mapped[list[HandSide]] = relationship(
        back_populates="hand",
        order_by="HandSide.side",
        cascade="all, delete-orphan",
        lazy="selectin",  # a board shows every hand's sides: one query, not one per hand
    )

    @property
    def entered(self) -> HandEntry:
        """The hand as the players entered it, read back from ``mode`` and ``entry``."""
        return read_entry(self.mode, self.entry)

    @entered.setter
    def entered(self, entry: HandEntry) -> None:
        self.mode = entry.mode.value
        self.entry = entry.to_json()

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's points in this hand."""
        return tuple(side.total for side in self.sides)

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The sides whose confirmation the hand awaits, in order."""
        return sides_of_mask(self.awaiting_sides)


class HandSide(Model):
    """One side's counts and points in one hand, as the scoring package computed them.

    ``primiera`` is the side's primiera sum (``None`` when counts were entered
    with who took it, or the side lacks a suit).
    """

    __tablename__ = "hand_side"
    __table_args__ = (
        CheckConstraint("side >= 0", name="side"),
        CheckConstraint(f"cards BETWEEN 0 AND {DECK_SIZE}", name="cards"),
        CheckConstraint(
            f"denari BETWEEN 0 AND {DENARI_IN_DECK} AND denari <= cards", name="denari"
        ),
        CheckConstraint(
            f"napola_run = 0 OR napola_run BETWEEN {NAPOLA_MIN} AND {DENARI_IN_DECK}",
            name="napola_run",
        ),
        CheckConstraint("scope >= 0", name="scope"),
        CheckConstraint(
            f"primiera IS NULL OR primiera BETWEEN 0 AND {PRIMIERA_MAX}", name="primiera"
        ),
        CheckConstraint(
            "carte_points IN (0, 1) AND denari_points IN (0, 1) AND settebello_points IN (0, 1)"
            " AND primiera_points IN (0, 1) AND re_bello_points IN (0, 1)",
            name="one_point",
        ),
        CheckConstraint(
            "scope_points = scope AND napola_points IN (0, napola_run)", name="counted_points"
        ),
        CheckConstraint(
            "total = scope_points + carte_points + denari_points + settebello_points"
            " + primiera_points + re_bello_points + napola_points",
            name="total",
        ),
    )

    hand_id: Mapped[int] = mapped_column(
        ForeignKey("hand.id", ondelete="CASCADE"), primary_key=True
    )
    side: Mapped[int] = mapped_column(Integer, primary_key=True)
    cards: Mapped[int] = mapped_column(Integer)
    denari: Mapped[int] = mapped_column(Integer)
    settebello: Mapped[bool] = mapped_column(Boolean)
    re_bello: Mapped[bool] = mapped_column(Boolean)
    napola_run: Mapped[int] = mapped_column(Integer)
    scope: Mapped[int] = mapped_column(Integer)
    primiera: Mapped[int | None] = mapped_column(Integer)
    scope_points: Mapped[int] = mapped_column(Integer)
    carte_points: Mapped[int] = mapped_column(Integer)
    denari_points: Mapped[int] = mapped_column(Integer)
    settebello_points: Mapped[int] = mapped_column(Integer)
    primiera_points: Mapped[int] = mapped_column(Integer)
    re_bello_points: Mapped[int] = mapped_column(Integer)
    napola_points: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)

    hand: Mapped[Hand] = relationship(back_populates="sides")


class HandRevision(Model):
    """One change to a hand (created, edited, removed, confirmed, disputed, resolved) with
    the entry it had then (a dispute: the entry the disputing side says it was).

    Kept when the hand is removed (``hand_id`` becomes NULL; ``number`` says
    which hand it was at the time). ``side`` is the side that confirmed or disputed,
    ``reason`` why a referee resolved a dispute or corrected a confirmed hand, and
    ``request_id`` the form that asked (a confirmation sent twice is stored once).
    """

    __tablename__ = "hand_revision"
    __table_args__ = (
        CheckConstraint(_in("action", REVISION_ACTIONS), name="action"),
        CheckConstraint(_in("mode", ENTRY_MODES), name="mode"),
        CheckConstraint("number >= 1", name="number"),
        CheckConstraint("side IS NULL OR side >= 0", name="side"),
        UniqueConstraint("game_id", "request_id", name="uq_hand_revision_game_id_request_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    hand_id: Mapped[int | None] = mapped_column(
        ForeignKey("hand.id", ondelete="SET NULL"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(8))
    mode: Mapped[str] = mapped_column(String(8))
    entry: Mapped[dict[str, object]] = mapped_column(JSON)
    totals: Mapped[list[int]] = mapped_column(JSON)
    side: Mapped[int | None] = mapped_column(Integer)
    reason: Mapped[str | None] = mapped_column(Text)
    request_id: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PendingConfirmation(Model):
    """A side's confirmation of a hand the server does not have yet: the other side's
    phone scanned a QR of it while both phones were offline, and synced first. Named by
    the hand's client id (``Hand.request_id``, the key of the form that saves it) and
    the digest of its points (`scorekeeper.games.scanned.points_digest`); applied once,
    when the hand lands with the same points, then removed. ``request_id`` is the
    confirmation's own key (sent again, it is stored once)."""

    __tablename__ = "pending_confirmation"
    __table_args__ = (
        CheckConstraint("side >= 0", name="side"),
        UniqueConstraint(
            "game_id", "request_id", name="uq_pending_confirmation_game_id_request_id"
        ),
        Index("ix_pending_confirmation_game_id_hand_request_id", "game_id", "hand_request_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    hand_request_id: Mapped[str] = mapped_column(String(64))
    side: Mapped[int] = mapped_column(Integer)
    digest: Mapped[str] = mapped_column(String(200))
    request_id: Mapped[str] = mapped_column(String(64))
    #: Who scanned and sent it (`scorekeeper.audit.actor_json`): the history names that
    #: phone when the confirmation is applied, not the one that brought the hand.
    actor: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GameClaim(Model):
    """A side's claim to be out during a hand (chiamarsi fuori, RULES.md section 8).

    ``hand_number`` is the hand being played when the side claimed (the next one to be
    entered); the first claim of a hand is the one that counts, and the database keeps
    only it. ``request_id`` is the tap's own key: sent twice (from the phone's outbox
    after the line dropped), it is stored once. The scoring package judges the claim at
    that hand's count (`scorekeeper.scoring.claims`).
    """

    __tablename__ = "game_claim"
    __table_args__ = (
        UniqueConstraint("game_id", "hand_number", name="uq_game_claim_game_id_hand_number"),
        UniqueConstraint("game_id", "request_id", name="uq_game_claim_game_id_request_id"),
        CheckConstraint("hand_number >= 1", name="hand_number"),
        CheckConstraint("side >= 0", name="side"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    hand_number: Mapped[int] = mapped_column(Integer)
    side: Mapped[int] = mapped_column(Integer)
    request_id: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
