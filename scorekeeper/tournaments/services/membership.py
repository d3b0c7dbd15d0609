"""A tournament's members: who organises it, helps or watches, and the tournaments a
user is a member of."""

from __future__ import annotations

from sqlalchemy import delete, select

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.leagues.models import Membership
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import Member, Role, Tournament
from scorekeeper.transactions import in_transaction


def tournaments_of(user: User) -> list[tuple[Tournament, Role]]:
    """The tournaments ``user`` is a member of, with their role, the latest first."""
    rows = db.session.execute(
        select(Tournament, Member.role)
        .join(Member, Member.tournament_id == Tournament.id)
        .where(Member.user_id == user.id)
        .order_by(Tournament.held_on.desc(), Tournament.id.desc())
    ).all()
    return [(tournament, Role.parse(role)) for tournament, role in rows]


def members(tournament: Tournament) -> list[Member]:
    """The members of ``tournament``: organiser first, then helpers, then viewers."""
    rows = db.session.scalars(select(Member).where(Member.tournament_id == tournament.id))
    return sorted(rows, key=lambda m: (-Role.parse(m.role), m.id))


def set_member(tournament: Tournament, user: User, role: Role) -> Member:
    """Make ``user`` a helper or a viewer of ``tournament`` (a member changes role); in a
    league's tournament only a member of the league (whose league role still bounds what
    they may do here: `scorekeeper.tournaments.access`)."""
    if role is Role.ORGANISER:
        raise TournamentRefused("organiser_fixed", "role")
    if tournament.league_id is not None and not db.session.scalar(
        select(Membership.id).where(
            Membership.league_id == tournament.league_id, Membership.user_id == user.id
        )
    ):
        raise TournamentRefused("not_in_league", "username")

    def save() -> Member:
        member = db.session.scalar(
            select(Member).where(Member.tournament_id == tournament.id, Member.user_id == user.id)
        )
        if member is None:
            member = Member(tournament_id=tournament.id, user_id=user.id, role=role.key)
            db.session.add(member)
        elif member.role == Role.ORGANISER.key:
            raise TournamentRefused("organiser_fixed", "role")
        else:
            member.role = role.key
        db.session.flush()
        return member

    return in_transaction(save)


def remove_member(member: Member) -> None:
    """Take a member out of the tournament (not the organiser)."""
    if member.role == Role.ORGANISER.key:
        raise TournamentRefused("organiser_fixed")
    member_id = member.id
    in_transaction(lambda: db.session.execute(delete(Member).where(Member.id == member_id)))
