"""Leagues: who may see and score them, their players and their seasons.

A league is addressed by an unguessable `public_id` (never its integer id), so a
private league's address cannot be guessed and a public one is shared by link.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.accounts.models import User
from scorekeeper.extensions import Model
from scorekeeper.games.models import RulesColumns
from scorekeeper.models import StoredRole, new_public_id, utcnow

NAME_MAX = 60


class Role(StoredRole):
    """What a member may do; each role includes the ones below it."""

    VIEWER = 1
    SCORER = 2
    OWNER = 3


ROLE_KEYS = tuple(role.key for role in Role)
_ROLE_KEYS_SQL = ", ".join(f"'{key}'" for key in ROLE_KEYS)


def name_key(name: str) -> str:
    """The form of a name that uniqueness is checked on (case- and space-insensitive)."""
    return " ".join(name.split()).casefold()


class League(RulesColumns, Model):
    """A group that plays regularly, with default rules for its games (``rules``)."""

    __tablename__ = "league"
    __table_args__ = RulesColumns.rules_constraints()

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, default=new_public_id)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    owner_id: Mapped[int] = mapped_column(ForeignKey("user_account.id"), index=True)
    is_public: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Whether a hand entered by one side awaits the other side(s)' confirmation, and
    #: the standings count only games whose every hand is confirmed.
    requires_confirmation: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false()
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: Still being imported: nobody sees it until the import's last transaction.
    importing: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    owner: Mapped[User] = relationship()

    def __repr__(self) -> str:
        return f"<League {self.name!r}>"


class LeagueImport(Model):
    """An import (see `scorekeeper.leagues.imports`): one per user. While it runs it holds
    the file it writes (``document``), the league its latest ``attempt`` writes and the
    games stored so far; once done or failed it keeps its outcome (the league, or
    ``error``) for its progress page, until the user's next import.
    """

    __tablename__ = "league_import"
    __table_args__ = (
        CheckConstraint("status IN ('running', 'done', 'failed')", name="status_known"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), unique=True
    )
    status: Mapped[str] = mapped_column(String(8), default="running", server_default="running")
    #: Deliveries of its task so far (the queue delivers at least once): the latest alone
    #: may write.
    attempt: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    league_id: Mapped[int | None] = mapped_column(
        ForeignKey("league.id", ondelete="SET NULL"), index=True
    )
    games_done: Mapped[int] = mapped_column(Integer, default=0)
    games_total: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: The file as JSON text (its shape checked), while the import runs.
    document: Mapped[str | None] = mapped_column(Text)
    #: Why it failed: ``{"where": ..., "template": ..., "params": {...}}`` (see
    #: `transfer.ImportRefused`), shown in the reader's language.
    error: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    league: Mapped[League | None] = relationship()


class Membership(Model):
    """A user's role in a league (one row per league and user)."""

    __tablename__ = "membership"
    __table_args__ = (
        UniqueConstraint("league_id", "user_id", name="uq_membership_league_user"),
        CheckConstraint(f"role IN ({_ROLE_KEYS_SQL})", name="role_known"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    role: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    user: Mapped[User] = relationship()


class Invitation(Model):
    """A link that makes whoever opens it a member with `role`, once (logged out, they
    create their account on its page first).

    Only a SHA-256 hash of the link's token is stored: the database never holds
    a usable link. An owner can revoke it until it is used.
    """

    __tablename__ = "invitation"
    __table_args__ = (CheckConstraint("role IN ('scorer', 'viewer')", name="role_known"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(8))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_by_id: Mapped[int] = mapped_column(ForeignKey("user_account.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    used_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"))

    created_by: Mapped[User] = relationship(foreign_keys=[created_by_id])
    used_by: Mapped[User | None] = relationship(foreign_keys=[used_by_id])

    @property
    def is_open(self) -> bool:
        """Neither revoked nor used yet."""
        return self.revoked_at is None and self.used_at is None


class Player(Model):
    """Someone who plays in a league: a name, optionally linked to an account."""

    __tablename__ = "league_player"
    __table_args__ = (
        UniqueConstraint("league_id", "name_key", name="uq_league_player_name"),
        UniqueConstraint("league_id", "user_id", name="uq_league_player_user"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(NAME_MAX))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: The player's latest OpenSkill rating (None before their first finished game).
    mu: Mapped[float | None] = mapped_column(Float)
    sigma: Mapped[float | None] = mapped_column(Float)

    user: Mapped[User | None] = relationship()

    def __repr__(self) -> str:
        return f"<Player {self.name!r}>"


class Season(Model):
    """A named date range of a league; archived when finished (still readable)."""

    __tablename__ = "season"
    __table_args__ = (
        CheckConstraint("starts_on <= ends_on", name="dates_in_order"),
        UniqueConstraint("league_id", "name", name="uq_season_league_name"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date] = mapped_column(Date)
    archived: Mapped[bool] = mapped_column(Boolean, default=False)


class Counted:
    """The counts of a result that standings add up: game points for and against, hands
    played, and of those hands the scope made and the settebello, primiera and napola
    taken by the player's side. (Points against: the best other side's points.)"""

    points_for: Mapped[int] = mapped_column(Integer)
    points_against: Mapped[int] = mapped_column(Integer)
    hands: Mapped[int] = mapped_column(Integer)
    scope: Mapped[int] = mapped_column(Integer)
    settebello: Mapped[int] = mapped_column(Integer)
    primiera: Mapped[int] = mapped_column(Integer)
    napola: Mapped[int] = mapped_column(Integer)


class LeagueResult(Counted, Model):
    """One player's result in one finished league game, with their rating after it.

    Rows are written by `scorekeeper.leagues.standings.game_changed` in the same
    transaction as the hand that finished (or changed) the game; the `Standing` rows
    are sums of them, and a player's rating over time is one indexed query.
    """

    __tablename__ = "league_result"
    __table_args__ = (
        UniqueConstraint("game_id", "player_id", name="uq_league_result_game_player"),
        CheckConstraint("hands >= 1", name="hands"),
        CheckConstraint(
            "scope >= 0 AND settebello BETWEEN 0 AND hands AND primiera BETWEEN 0 AND hands"
            " AND napola BETWEEN 0 AND hands",
            name="counts",
        ),
        CheckConstraint("sigma > 0", name="sigma"),
        Index("ix_league_result_league_player", "league_id", "player_id"),
        Index("ix_league_result_league_played", "league_id", "played_at", "game_id"),
        Index("ix_league_result_player_played", "player_id", "played_at", "game_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"))
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("league_player.id", ondelete="CASCADE"))
    played_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    side: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)


class Standing(Counted, Model):
    """A player's (or a pair's) totals over one period, kept up to date as games change.

    One row per league, period (``season_id``; NULL for all time) and player; pairs
    have ``partner_id`` set (the partner with the higher id, so each pair has one row).
    Rows are the sums of the `LeagueResult` rows of the period, refreshed by
    `scorekeeper.leagues.standings` for the players of a game whenever the game
    changes, so reading a table costs one row per player whatever the number of games.
    """

    __tablename__ = "league_standing"
    __table_args__ = (
        CheckConstraint("partner_id IS NULL OR partner_id > player_id", name="pair_once"),
        CheckConstraint("games >= 1 AND won BETWEEN 0 AND games", name="games"),
        CheckConstraint(
            "points_for >= 0 AND points_against >= 0 AND hands >= games AND scope >= 0"
            " AND settebello BETWEEN 0 AND hands AND primiera BETWEEN 0 AND hands"
            " AND napola BETWEEN 0 AND hands",
            name="counts",
        ),
        # One row per (league, period, player, partner); NULL periods and partners
        # compare equal through COALESCE, which SQLite and PostgreSQL both index.
        Index(
            "uq_league_standing_line",
            "league_id",
            func.coalesce(text("season_id"), 0),
            "player_id",
            func.coalesce(text("partner_id"), 0),
            unique=True,
        ),
        Index("ix_league_standing_player", "player_id"),
        Index("ix_league_standing_partner", "partner_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"))
    season_id: Mapped[int | None] = mapped_column(
        ForeignKey("season.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("league_player.id", ondelete="CASCADE"))
    partner_id: Mapped[int | None] = mapped_column(
        ForeignKey("league_player.id", ondelete="CASCADE")
    )
    games: Mapped[int] = mapped_column(Integer)
    won: Mapped[int] = mapped_column(Integer)
