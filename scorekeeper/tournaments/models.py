"""Tournaments: who runs them, who plays, the stages, rounds and matches, and the results.

A tournament is addressed by an unguessable `public_id`, as a league is. Its rules
(`RulesColumns`: the format and the variants; ``target`` is the first stage's) are the
preset of every game it starts; each stage says how long its matches are and to how
many points its partite go. Every match is played as one or more games of the app
(`MatchGame`), and its result (`MatchResult`, one per match) comes from them or is
entered by hand.
"""

from __future__ import annotations

import enum
from datetime import date, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    ForeignKeyConstraint,
    Integer,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.extensions import Model
from scorekeeper.games.models import NAME_MAX as PLAYER_NAME_MAX
from scorekeeper.games.models import RulesColumns
from scorekeeper.models import StoredRole, new_public_id, utcnow

NAME_MAX = 60
CLUB_MAX = 60


class Role(StoredRole):
    """What a member of a tournament may do; each role includes the ones below it."""

    VIEWER = 1
    HELPER = 2
    ORGANISER = 3


class Status(enum.Enum):
    """Where a tournament is: entries open, drawn (redrawable), running, finished."""

    SETUP = "setup"
    DRAWN = "drawn"
    RUNNING = "running"
    FINISHED = "finished"


class Structure(enum.Enum):
    """How the tournament is played, stage after stage."""

    GROUPS_KNOCKOUT = "groups_knockout"
    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"
    DANISH = "danish"
    KNOCKOUT = "knockout"
    #: Individual: players enter alone and change partner every round (baraonda).
    ROTATING = "rotating"
    #: Club against club: every pair of one club meets a pair of the other.
    CLUBS = "clubs"


class StageKind(enum.Enum):
    """A stage: groups (round-robin in each), Swiss, Danish, a knockout, rounds with
    rotating partners, or club against club."""

    GROUPS = "groups"
    SWISS = "swiss"
    DANISH = "danish"
    KNOCKOUT = "knockout"
    ROTATING = "rotating"
    CLUBS = "clubs"


class ResultState(enum.Enum):
    """Where a match's result is: counted (confirmed, or entered where no confirmation is
    asked), awaiting the confirmation of the sides that did not enter it, or disputed
    by one of them (locked until the organiser resolves it)."""

    CONFIRMED = "confirmed"
    AWAITING = "awaiting"
    DISPUTED = "disputed"


def _in(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


ROLE_KEYS = tuple(role.key for role in Role)
STATUS_KEYS = tuple(status.value for status in Status)
STRUCTURE_KEYS = tuple(structure.value for structure in Structure)
STAGE_KEYS = tuple(kind.value for kind in StageKind)
RESULT_STATE_KEYS = tuple(state.value for state in ResultState)
REASON_MAX = 200


class Tournament(RulesColumns, Model):
    """A tournament: its settings, its draw's seed and where it is (`Status`)."""

    __tablename__ = "tournament"
    __table_args__ = (
        *RulesColumns.rules_constraints(margin=False),
        CheckConstraint(_in("status", STATUS_KEYS), name="status_known"),
        CheckConstraint(_in("structure", STRUCTURE_KEYS), name="structure_known"),
        CheckConstraint("entry_fee_cents >= 0", name="entry_fee"),
        CheckConstraint(
            "points_win >= points_draw AND points_draw >= points_loss AND points_loss >= 0"
            " AND points_bye >= 0",
            name="points_order",
        ),
        CheckConstraint("status = 'setup' OR seed IS NOT NULL", name="seed_when_drawn"),
        CheckConstraint("margin BETWEEN 0 AND 9", name="margin"),
        # The key of a match's own copy of the format (`Match.format_key`).
        UniqueConstraint("id", "format_key", name="uq_tournament_format"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, default=new_public_id)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    held_on: Mapped[date] = mapped_column(Date)
    organiser_id: Mapped[int] = mapped_column(ForeignKey("user_account.id"), index=True)
    league_id: Mapped[int | None] = mapped_column(
        ForeignKey("league.id", ondelete="SET NULL"), index=True
    )
    structure: Mapped[str] = mapped_column(String(16))
    #: The tie-break chain, in order: the codes of `core.TieBreak`.
    tie_break: Mapped[list[str]] = mapped_column(JSON)
    points_win: Mapped[int] = mapped_column(Integer, default=3)
    points_draw: Mapped[int] = mapped_column(Integer, default=1)
    points_loss: Mapped[int] = mapped_column(Integer, default=0)
    points_bye: Mapped[int] = mapped_column(Integer, default=3)
    entry_fee_cents: Mapped[int] = mapped_column(Integer, default=0)
    is_public: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Whether a result entered by one side awaits the other side's confirmation
    #: (`ResultState`); tournaments older than the setting do not ask for it.
    needs_confirmation: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: The lead a partita must be won by ("ai 15 con 2 di scarto": 2; 1, or 0 in a row
    #: stored before games kept a margin: none), the margin of its rules: its games are
    #: won only by it, and a result entered whose winner is not that far ahead is refused
    #: (`services.results.check_margin`).
    margin: Mapped[int] = mapped_column(Integer, default=1, server_default="0")
    #: The draw's seed: shown, and the same seed draws the same again.
    seed: Mapped[int | None] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(8), default=Status.SETUP.value)
    #: Grows on every change that must run one at a time (the draw, a new round).
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    stages: Mapped[list[Stage]] = relationship(order_by="Stage.number")

    def __repr__(self) -> str:
        return f"<Tournament {self.name!r}>"


class Member(Model):
    """A user's role in a tournament (one row per tournament and user)."""

    __tablename__ = "tournament_member"
    __table_args__ = (
        UniqueConstraint("tournament_id", "user_id", name="uq_tournament_member_user"),
        CheckConstraint(_in("role", ROLE_KEYS), name="role_known"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    role: Mapped[str] = mapped_column(String(10))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Names:
    """One player or two (a pair), their club (``""`` for none) and seed (1 the best)."""

    first_name: Mapped[str] = mapped_column(String(PLAYER_NAME_MAX))
    second_name: Mapped[str | None] = mapped_column(String(PLAYER_NAME_MAX))
    club: Mapped[str] = mapped_column(String(CLUB_MAX), default="")
    seed: Mapped[int | None] = mapped_column(Integer)

    @property
    def names(self) -> tuple[str, ...]:
        """The one or two names."""
        if self.second_name is None:
            return (self.first_name,)
        return (self.first_name, self.second_name)


class Entry(Names, Model):
    """One line of the entry list, as typed: a pair or a single, its club and seed."""

    __tablename__ = "tournament_entry"
    __table_args__ = (
        UniqueConstraint("tournament_id", "position", name="uq_tournament_entry_position"),
        CheckConstraint("length(trim(first_name)) > 0", name="first_name"),
        CheckConstraint("second_name IS NULL OR length(trim(second_name)) > 0", name="second_name"),
        CheckConstraint("seed IS NULL OR seed >= 1", name="seed"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)


class Entrant(Names, Model):
    """A side of the tournament as the draw made it, numbered from 1 (`core.Entrant`).

    ``group`` (0 for group A) and ``group_place`` (its order in the group, which
    fixes the round-robin schedule) are set by a draw into groups.
    """

    __tablename__ = "tournament_entrant"
    __table_args__ = (
        UniqueConstraint("tournament_id", "number", name="uq_tournament_entrant_number"),
        CheckConstraint("number >= 1", name="number"),
        CheckConstraint("seed IS NULL OR seed >= 1", name="seed"),
        CheckConstraint("(group_index IS NULL) = (group_place IS NULL)", name="group_place"),
        CheckConstraint("withdrawn_rounds IS NULL OR withdrawn_rounds >= 1", name="withdrawn"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    group_index: Mapped[int | None] = mapped_column(Integer)
    group_place: Mapped[int | None] = mapped_column(Integer)
    #: Withdrawn mid-tournament (``None``: playing on): how many rounds the tournament had
    #: then. Its matches from then on are lost by forfeit; undone while no round is added.
    withdrawn_rounds: Mapped[int | None] = mapped_column(Integer)

    @property
    def withdrawn(self) -> bool:
        """Whether the pair left the tournament (its remaining matches lost by forfeit)."""
        return self.withdrawn_rounds is not None

    @property
    def name(self) -> str:
        """The names as a sheet shows them: ``"Anna / Bruno"``."""
        return " / ".join(self.names)


class Stage(Model):
    """A stage of the tournament: its kind and how its matches are played.

    ``games`` is the best of N of its matches and ``target`` the points of each
    partita; a knockout's final may be longer (``final_games``, ``final_target``), and
    its quarterfinals, semifinals and third-place match go to ``quarterfinal_target``,
    ``semifinal_target`` and ``third_place_target`` where set.
    ``rounds`` is the number of Swiss or Danish rounds; ``group_size`` and
    ``qualifiers`` (per group) shape a groups stage; ``lines`` is a knockout's
    bracket once known (the entrant numbers of round 1, ``null`` a bye).
    """

    __tablename__ = "tournament_stage"
    __table_args__ = (
        UniqueConstraint("tournament_id", "number", name="uq_tournament_stage_number"),
        CheckConstraint(_in("kind", STAGE_KEYS), name="kind_known"),
        CheckConstraint("number >= 1", name="number"),
        CheckConstraint("games BETWEEN 1 AND 9 AND final_games BETWEEN 1 AND 9", name="games"),
        CheckConstraint(
            "target BETWEEN 1 AND 999 AND final_target BETWEEN 1 AND 999", name="target"
        ),
        CheckConstraint("rounds IS NULL OR rounds >= 1", name="rounds"),
        CheckConstraint(
            "semifinal_target IS NULL OR semifinal_target BETWEEN 1 AND 999",
            name="semifinal_target",
        ),
        CheckConstraint(
            "quarterfinal_target IS NULL OR quarterfinal_target BETWEEN 1 AND 999",
            name="quarterfinal_target",
        ),
        CheckConstraint(
            "third_place_target IS NULL OR third_place_target BETWEEN 1 AND 999",
            name="third_place_target",
        ),
        CheckConstraint("group_size IS NULL OR group_size >= 2", name="group_size"),
        CheckConstraint("qualifiers IS NULL OR qualifiers >= 1", name="qualifiers"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))
    games: Mapped[int] = mapped_column(Integer, default=1)
    target: Mapped[int] = mapped_column(Integer, default=11)
    final_games: Mapped[int] = mapped_column(Integer, default=1)
    final_target: Mapped[int] = mapped_column(Integer, default=11)
    semifinal_target: Mapped[int | None] = mapped_column(Integer)
    #: A knockout's quarterfinals' and third-place match's own targets (``None``: the
    #: stage's ``target``), as ``semifinal_target``.
    quarterfinal_target: Mapped[int | None] = mapped_column(Integer)
    third_place_target: Mapped[int | None] = mapped_column(Integer)
    rounds: Mapped[int | None] = mapped_column(Integer)
    group_size: Mapped[int | None] = mapped_column(Integer)
    qualifiers: Mapped[int | None] = mapped_column(Integer)
    third_place: Mapped[bool] = mapped_column(Boolean, default=False)
    lines: Mapped[list[int | None] | None] = mapped_column(JSON)


class Round(Model):
    """A round of a stage (a knockout's round 1 is its first, the final its last)."""

    __tablename__ = "tournament_round"
    __table_args__ = (
        UniqueConstraint("stage_id", "number", name="uq_tournament_round_number"),
        CheckConstraint("number >= 1", name="number"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    stage_id: Mapped[int] = mapped_column(ForeignKey("tournament_stage.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Match(Model):
    """Two entrants at a numbered table (three in the 3-player format: ``third``), or
    one entrant's bye (no table, no second, no third).

    ``format_key`` is the tournament's format, copied and held to it by a foreign key on
    (tournament, format), so that the database itself sees that a third side is set
    exactly on the tables of a 3-player tournament.

    ``games`` is the match's best of N and ``target`` its partite's points; ``slot``
    is a knockout match's place in its round (0 at the top; the third-place match is
    slot 1 of the final's round), ``None`` elsewhere; ``group_index`` the group of a
    groups stage's match.
    """

    __tablename__ = "tournament_match"
    __table_args__ = (
        UniqueConstraint("round_id", "table_number", name="uq_tournament_match_table"),
        UniqueConstraint("round_id", "slot", name="uq_tournament_match_slot"),
        CheckConstraint("first_id <> second_id", name="sides_distinct"),
        CheckConstraint("third_id <> first_id AND third_id <> second_id", name="third_distinct"),
        CheckConstraint("(second_id IS NULL) = (table_number IS NULL)", name="bye_no_table"),
        CheckConstraint(
            "(third_id IS NOT NULL) = (format_key = '3' AND second_id IS NOT NULL)",
            name="third_when_three",
        ),
        ForeignKeyConstraint(
            ["tournament_id", "format_key"],
            ["tournament.id", "tournament.format_key"],
            name="fk_tournament_match_format",
            ondelete="CASCADE",
        ),
        CheckConstraint("table_number IS NULL OR table_number >= 1", name="table_number"),
        CheckConstraint(
            "(first_partner_id IS NULL) = (second_partner_id IS NULL)"
            " AND (first_partner_id IS NULL OR (second_id IS NOT NULL AND third_id IS NULL))",
            name="partners",
        ),
        CheckConstraint("games BETWEEN 1 AND 9", name="games"),
        CheckConstraint("target BETWEEN 1 AND 999", name="target"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    round_id: Mapped[int] = mapped_column(ForeignKey("tournament_round.id", ondelete="CASCADE"))
    table_number: Mapped[int | None] = mapped_column(Integer)
    slot: Mapped[int | None] = mapped_column(Integer)
    group_index: Mapped[int | None] = mapped_column(Integer)
    first_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_entrant.id", ondelete="CASCADE"), index=True
    )
    second_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_entrant.id", ondelete="CASCADE"), index=True
    )
    third_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_entrant.id", ondelete="CASCADE"), index=True
    )
    first_partner_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_entrant.id", ondelete="CASCADE"), index=True
    )
    second_partner_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_entrant.id", ondelete="CASCADE"), index=True
    )
    format_key: Mapped[str] = mapped_column(String(8))
    games: Mapped[int] = mapped_column(Integer, default=1)
    target: Mapped[int] = mapped_column(Integer, default=11)
    #: Grows on every change to the match (its lock, as a game's version is).
    version: Mapped[int] = mapped_column(Integer, default=1)
    #: Grows on every change of its result (written, corrected, forgotten): the version a
    #: result form carries, so that a result typed over one it never saw is refused.
    result_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    round: Mapped[Round] = relationship()
    first: Mapped[Entrant] = relationship(foreign_keys=[first_id])
    second: Mapped[Entrant | None] = relationship(foreign_keys=[second_id])
    third: Mapped[Entrant | None] = relationship(foreign_keys=[third_id])
    first_partner: Mapped[Entrant | None] = relationship(foreign_keys=[first_partner_id])
    second_partner: Mapped[Entrant | None] = relationship(foreign_keys=[second_partner_id])

    @property
    def is_bye(self) -> bool:
        """Whether this is an entrant's bye, not a match at a table."""
        return self.second_id is None

    @property
    def pairs(self) -> tuple[tuple[Entrant, ...], ...]:
        """Who plays for each side, in the game's side order: with rotating partners two
        players a side, elsewhere the side's entrant alone."""
        partners = (self.first_partner, self.second_partner, None)
        return tuple(
            (side,) if partner is None else (side, partner)
            for side, partner in zip((self.first, self.second, self.third), partners, strict=True)
            if side is not None
        )

    @property
    def side_ids(self) -> tuple[int, ...]:
        """The entrants at the table in the game's side order (a bye: the one)."""
        return tuple(i for i in (self.first_id, self.second_id, self.third_id) if i is not None)


class MatchGame(Model):
    """A game of the app played as partita ``number`` of a match (side 0: the first)."""

    __tablename__ = "tournament_match_game"
    __table_args__ = (
        UniqueConstraint("match_id", "number", name="uq_tournament_match_game_number"),
        CheckConstraint("number >= 1", name="number"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("tournament_match.id", ondelete="CASCADE"))
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), unique=True)
    number: Mapped[int] = mapped_column(Integer)


class MatchResult(Model):
    """The result of a match: partite won and game points per side, the winner.

    ``wins_third`` and ``points_third`` are set exactly for a match of three sides.
    ``winner_id`` is ``None`` for a drawn match; ``by_hand`` says it was entered (or
    corrected) by the organiser, a helper or a side at the table, ``entered_by_id`` who
    (an account), ``entered_side`` which side at the table (its index in the match's
    side order; ``None``: the organiser, a helper or the games on the shared sheet).

    ``state`` (`ResultState`): only a confirmed result counts in the standings and moves
    a knockout on. A dispute keeps the side's own version (``disputed_*``) beside the
    entered one until the organiser resolves it; ``reason`` is the organiser's reason
    for the last resolution or correction of a locked result.
    """

    __tablename__ = "tournament_match_result"
    __table_args__ = (
        CheckConstraint(
            "wins_first >= 0 AND wins_second >= 0 AND points_first >= 0 AND points_second >= 0",
            name="counts",
        ),
        CheckConstraint(
            "(wins_third IS NULL) = (points_third IS NULL)"
            " AND (wins_third IS NULL OR (wins_third >= 0 AND points_third >= 0))",
            name="third_counts",
        ),
        CheckConstraint(_in("state", RESULT_STATE_KEYS), name="state_known"),
        CheckConstraint(
            "(state = 'disputed') = (disputed_side IS NOT NULL)"
            " AND (disputed_side IS NULL) = (disputed_wins IS NULL)"
            " AND (disputed_side IS NULL) = (disputed_points IS NULL)",
            name="dispute_complete",
        ),
        CheckConstraint(
            "entered_side IS NULL OR entered_side BETWEEN 0 AND 2", name="entered_side"
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_match.id", ondelete="CASCADE"), unique=True
    )
    winner_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_entrant.id", ondelete="CASCADE")
    )
    wins_first: Mapped[int] = mapped_column(Integer)
    wins_second: Mapped[int] = mapped_column(Integer)
    points_first: Mapped[int] = mapped_column(Integer)
    points_second: Mapped[int] = mapped_column(Integer)
    wins_third: Mapped[int | None] = mapped_column(Integer)
    points_third: Mapped[int | None] = mapped_column(Integer)
    by_hand: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Lost by forfeit ("a tavolino"): a side withdrew; no partita was played.
    forfeit: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    entered_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL")
    )
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    state: Mapped[str] = mapped_column(
        String(10), default=ResultState.CONFIRMED.value, server_default="confirmed"
    )
    entered_side: Mapped[int | None] = mapped_column(Integer)
    disputed_side: Mapped[int | None] = mapped_column(Integer)
    disputed_wins: Mapped[list[int] | None] = mapped_column(JSON(none_as_null=True))
    disputed_points: Mapped[list[int] | None] = mapped_column(JSON(none_as_null=True))
    reason: Mapped[str | None] = mapped_column(String(REASON_MAX))

    @property
    def is_confirmed(self) -> bool:
        """Whether the result counts: confirmed (or never needing it)."""
        return self.state == ResultState.CONFIRMED.value

    @property
    def wins(self) -> tuple[int, ...]:
        """Partite won per side, in the match's side order (two sides or three)."""
        third = () if self.wins_third is None else (self.wins_third,)
        return (self.wins_first, self.wins_second, *third)

    @property
    def points(self) -> tuple[int, ...]:
        """Game points per side, in the match's side order (two sides or three)."""
        third = () if self.points_third is None else (self.points_third,)
        return (self.points_first, self.points_second, *third)


class Confirmation(Model):
    """A side's confirmation of a match's result: ``side`` the side that confirmed (its
    index in the match's side order), ``through_side`` the side whose link it came
    through (another side's: the phone was passed across; ``None``: a helper's page),
    ``user_id`` the account signed in, if any. One per result and side: a double tap
    or a retry finds the row."""

    __tablename__ = "tournament_result_confirmation"
    __table_args__ = (
        UniqueConstraint("result_id", "side", name="uq_tournament_result_confirmation_side"),
        CheckConstraint("side BETWEEN 0 AND 2", name="side"),
        CheckConstraint("through_side IS NULL OR through_side BETWEEN 0 AND 2", name="through"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    result_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_match_result.id", ondelete="CASCADE"), index=True
    )
    side: Mapped[int] = mapped_column(Integer)
    through_side: Mapped[int | None] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
