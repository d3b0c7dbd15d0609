"""League use cases, one function each: leagues, members, invitations, players, seasons.

Each function that changes data commits once (one transaction per user action) and
leaves the session clean when it refuses (it raises before writing, or rolls back).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from scorekeeper.accounts.models import User
from scorekeeper.audit import Subject
from scorekeeper.audit.rules import record_rules_change
from scorekeeper.extensions import db
from scorekeeper.games.models import NAME_MAX as PLAYER_NAME_MAX
from scorekeeper.games.models import Game
from scorekeeper.leagues import standings
from scorekeeper.leagues.errors import LeagueError
from scorekeeper.leagues.inputs import LeagueSetup
from scorekeeper.leagues.models import (
    Invitation,
    League,
    Membership,
    Player,
    Role,
    Season,
    name_key,
)
from scorekeeper.models import hash_token, utcnow


def create_league(owner: User, setup: LeagueSetup, *, commit: bool = True) -> League:
    """A new league owned (and joined as owner) by `owner` (``commit=False``: inside a
    larger transaction, as the import does)."""
    league = League(owner_id=owner.id)
    _apply(league, setup)
    db.session.add(league)
    db.session.flush()
    db.session.add(Membership(league_id=league.id, user_id=owner.id, role=Role.OWNER.key))
    if commit:
        db.session.commit()
    return league


def update_league(league: League, setup: LeagueSetup) -> None:
    """Change the name, visibility and default rules (games already started keep theirs:
    the league's next game is the first with the new rules); a change of rules goes into
    the league's history (`record_rules_change`)."""
    before = league.rules
    _apply(league, setup)
    record_rules_change(Subject.league(league.id), before, league.rules)
    db.session.commit()


def _apply(league: League, setup: LeagueSetup) -> None:
    league.name = setup.name.strip()
    league.is_public = setup.is_public
    league.rules = setup.rules
    if league.requires_confirmation != setup.requires_confirmation and league.id is not None:
        # The games still being played follow the league from their next hand on; a
        # finished game keeps what it was played under.
        db.session.execute(
            update(Game)
            .where(Game.league_id == league.id, Game.winner_side.is_(None))
            .values(requires_confirmation=setup.requires_confirmation)
        )
    league.requires_confirmation = setup.requires_confirmation


def leagues_of(user: User) -> list[tuple[League, Role]]:
    """The leagues `user` belongs to, with their role, by name."""
    rows = db.session.execute(
        select(League, Membership.role)
        .join(Membership, Membership.league_id == League.id)
        .where(Membership.user_id == user.id, League.importing.is_(False))
        .order_by(func.lower(League.name), League.id)
    ).all()
    return [(league, Role.parse(role)) for league, role in rows]


# Members and invitations ------------------------------------------------------------


def members(league: League) -> list[Membership]:
    """The members of `league`: owner first, then scorers, then viewers, by name."""
    order = {Role.OWNER.key: 0, Role.SCORER.key: 1, Role.VIEWER.key: 2}
    rows = db.session.scalars(
        select(Membership).where(Membership.league_id == league.id).join(Membership.user)
    ).all()
    return sorted(rows, key=lambda m: (order[m.role], m.user.username_key))


def set_member_role(membership: Membership, role: Role) -> None:
    """Make a member a scorer or a viewer (the owner stays the owner)."""
    if membership.role == Role.OWNER.key or role == Role.OWNER:
        raise LeagueError("owner_fixed", "role")
    membership.role = role.key
    db.session.commit()


def remove_member(membership: Membership) -> None:
    """Take a member out of the league (not the owner)."""
    if membership.role == Role.OWNER.key:
        raise LeagueError("owner_fixed")
    db.session.delete(membership)
    db.session.commit()


def create_invitation(league: League, role: Role, by: User) -> str:
    """A new invitation link's token (shown once; only its hash is stored)."""
    if role not in (Role.SCORER, Role.VIEWER):
        raise LeagueError("bad_role", "role")
    token = secrets.token_urlsafe(24)
    db.session.add(
        Invitation(
            league_id=league.id, role=role.key, token_hash=hash_token(token), created_by_id=by.id
        )
    )
    db.session.commit()
    return token


def invitations(league: League) -> list[Invitation]:
    """Every invitation of `league`, newest first."""
    return list(
        db.session.scalars(
            select(Invitation)
            .where(Invitation.league_id == league.id)
            .order_by(Invitation.created_at.desc(), Invitation.id.desc())
        )
    )


def revoke_invitation(invitation: Invitation) -> None:
    """Make an unused invitation link stop working."""
    if invitation.used_at is None and invitation.revoked_at is None:
        invitation.revoked_at = utcnow()
        db.session.commit()


def find_invitation(token: str) -> Invitation | None:
    """The invitation whose link carries `token`, if it is still open."""
    if not token or len(token) > 64:
        return None
    invitation = db.session.scalar(
        select(Invitation).where(Invitation.token_hash == hash_token(token))
    )
    return invitation if invitation is not None and invitation.is_open else None


def invited_to(invitation: Invitation) -> League:
    """The league an invitation is for."""
    return db.session.get_one(League, invitation.league_id)


def accept_invitation(token: str, user: User) -> League:
    """Join the invitation's league with its role (a member keeps a higher role).

    The link is used up atomically: of two people opening it at once, one joins and
    the other is told the link no longer works.
    """
    invitation = find_invitation(token)
    if invitation is None:
        raise LeagueError("invitation_closed")
    used = db.session.execute(
        update(Invitation)
        .where(
            Invitation.id == invitation.id,
            Invitation.used_at.is_(None),
            Invitation.revoked_at.is_(None),
        )
        .values(used_at=utcnow(), used_by_id=user.id)
    )
    if used.rowcount != 1:  # type: ignore[attr-defined]
        db.session.rollback()
        raise LeagueError("invitation_closed")
    role = Role.parse(invitation.role)
    membership = db.session.scalar(
        select(Membership).where(
            Membership.league_id == invitation.league_id, Membership.user_id == user.id
        )
    )
    if membership is None:
        db.session.add(Membership(league_id=invitation.league_id, user_id=user.id, role=role.key))
    elif Role.parse(membership.role) < role:
        membership.role = role.key
    league = db.session.get_one(League, invitation.league_id)
    db.session.commit()
    return league


# Players ------------------------------------------------------------------------------


def players(league: League) -> list[Player]:
    """The players of `league`, by name."""
    return list(
        db.session.scalars(
            select(Player).where(Player.league_id == league.id).order_by(Player.name_key)
        )
    )


def find_player(league: League, name: str) -> Player | None:
    """The player of `league` called `name` (any case, any spacing)."""
    return db.session.scalar(
        select(Player).where(Player.league_id == league.id, Player.name_key == name_key(name))
    )


def add_player(league: League, name: str, *, commit: bool = True) -> Player:
    """A new player in `league`; `LeagueError("name_taken")` if the name is used."""
    clean = " ".join(name.split())
    if not clean:
        raise LeagueError("name_required", "name")
    if len(clean) > PLAYER_NAME_MAX:
        raise LeagueError("name_too_long", "name")
    if find_player(league, clean) is not None:
        raise LeagueError("name_taken", "name")
    player = Player(league_id=league.id, name=clean, name_key=name_key(clean))
    db.session.add(player)
    try:
        if commit:
            db.session.commit()
        else:
            db.session.flush()
    except IntegrityError as err:
        db.session.rollback()
        raise LeagueError("name_taken", "name") from err
    return player


def rename_player(player: Player, name: str) -> None:
    """Give a player another name (unique in the league)."""
    clean = " ".join(name.split())
    other = find_player(db.session.get_one(League, player.league_id), clean)
    if other is not None and other.id != player.id:
        raise LeagueError("name_taken", "name")
    player.name = clean
    player.name_key = name_key(clean)
    db.session.commit()


def link_player(player: Player, user: User | None) -> None:
    """Link `player` to `user`'s account (None: unlink). One player per account per league."""
    if user is not None:
        taken = db.session.scalar(
            select(Player.id).where(
                Player.league_id == player.league_id,
                Player.user_id == user.id,
                Player.id != player.id,
            )
        )
        if taken is not None:
            raise LeagueError("already_linked", "user")
    player.user_id = user.id if user is not None else None
    try:
        db.session.commit()
    except IntegrityError as err:
        db.session.rollback()
        raise LeagueError("already_linked", "user") from err


def claim_player(player: Player, user: User) -> None:
    """A member says "this player is me": only for a player nobody has claimed yet."""
    if player.user_id is not None:
        raise LeagueError("claimed")
    link_player(player, user)


@dataclass(frozen=True)
class PlayerPage:
    """What a player's page shows: their line of the period, their rating after each game,
    their latest results, and the head-to-head against another player (if one is picked)."""

    line: standings.Line | None
    history: list[standings.RatingPoint]
    results: list[standings.Result]
    head_to_head: standings.HeadToHead | None

    @property
    def rating(self) -> int:
        """The rating now (the starting rating before any game)."""
        return self.history[-1].rating if self.history else standings.RATING_BASE


def player_page(player: Player, season: Season | None, against: Player | None) -> PlayerPage:
    """Everything a player's page shows, for ``season`` (``None``: all time)."""
    return PlayerPage(
        line=standings.player_line(player, season),
        history=standings.rating_history(player),
        results=standings.recent_results(player),
        head_to_head=standings.head_to_head(player, against) if against is not None else None,
    )


# Seasons ------------------------------------------------------------------------------


def seasons(league: League) -> list[Season]:
    """The seasons of `league`, the latest first."""
    return list(
        db.session.scalars(
            select(Season)
            .where(Season.league_id == league.id)
            .order_by(Season.starts_on.desc(), Season.id.desc())
        )
    )


def create_season(league: League, name: str, starts_on: date, ends_on: date) -> Season:
    """A new season; its dates must be in order and its name new in the league."""
    if starts_on > ends_on:
        raise LeagueError("dates_order", "ends_on")
    clean = " ".join(name.split())
    exists = db.session.scalar(
        select(Season.id).where(Season.league_id == league.id, Season.name == clean)
    )
    if exists is not None:
        raise LeagueError("season_taken", "name")
    season = Season(league_id=league.id, name=clean, starts_on=starts_on, ends_on=ends_on)
    db.session.add(season)
    db.session.flush()
    standings.refresh_season(season)
    db.session.commit()
    return season


def set_season_archived(season: Season, archived: bool) -> None:
    """Archive a finished season (still readable) or reopen it."""
    season.archived = archived
    db.session.commit()
