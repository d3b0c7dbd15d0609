"""The one authorization check every tournament route goes through (as leagues have).

`require_role(public_id, role)` answers, for the current user:

- a logged-in member whose role is at least `role`: allowed;
- anyone at all reading (`Role.VIEWER`) a public tournament: allowed, read-only;
- a visitor who is not logged in and is not allowed: sent to the login page, whether
  or not the tournament exists (so the answer reveals nothing);
- a logged-in stranger to a private tournament (or to an id that does not exist, or a
  removed member): 404, the same answer, so its existence is never revealed;
- a member (or a stranger to a public tournament) asking for more than they have: 403.

A tournament that belongs to a league is governed by the league's roles too: its
results are the league's. The role a user holds there (`effective_role`) is bounded by
their league role, read on every request, so a member the league's owner removes or
lowers to viewer loses every write at once, whatever their tournament role:

- the league's owner: organiser (they answer for the league's results, and finish a
  tournament whose organiser they removed);
- a league scorer: their tournament role, at least viewer;
- a league viewer: viewer, whatever their tournament role (reads only);
- anyone else (a stranger to the league, a removed member, a tournament helper who is
  not in the league): nothing; they read the tournament only when both it and its
  league are public, and a private league's tournaments answer them 404.

The table links of a league tournament's games open its boards only for the league's
scorers and owner (the league's edit guard, `scorekeeper.leagues.games`), and the pages
hand those links only to who may write here.

Objects inside a tournament (entries, matches, members) are fetched with
`get_in_tournament`, which answers 404 for an id of another tournament.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

from flask import abort
from flask_login import current_user
from sqlalchemy import select

from scorekeeper.extensions import db, login_manager
from scorekeeper.leagues import access as league_access
from scorekeeper.leagues.models import League
from scorekeeper.leagues.models import Role as LeagueRole
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Member, Role, Tournament

T = TypeVar("T")


@dataclass(frozen=True)
class Access:
    """A tournament and what the current user may do in it (`role` None: public reader)."""

    tournament: Tournament
    role: Role | None

    def can(self, role: Role) -> bool:
        """Whether the current user holds at least `role`."""
        return self.role is not None and self.role >= role


def member_role(tournament: Tournament, user: Any) -> Role | None:
    """`user`'s role in `tournament` as its members list says, or None for a stranger
    or a visitor (what they may do: `effective_role`)."""
    if not getattr(user, "is_authenticated", False):
        return None
    key = db.session.scalar(
        select(Member.role).where(Member.tournament_id == tournament.id, Member.user_id == user.id)
    )
    return Role.parse(key) if key else None


def _league(tournament: Tournament) -> League | None:
    return None if tournament.league_id is None else db.session.get(League, tournament.league_id)


def effective_role(tournament: Tournament, user: Any) -> Role | None:
    """What `user` may do in `tournament`: their member role, bounded in a league's
    tournament by their league role (see the module's docstring); None: nothing."""
    held = member_role(tournament, user)
    if tournament.league_id is None:
        return held
    league = _league(tournament)
    in_league = None if league is None else league_access.member_role(league, user)
    if league is None or league.importing or in_league is None:
        return None
    if in_league >= LeagueRole.OWNER:
        return Role.ORGANISER
    if in_league >= LeagueRole.SCORER:
        return held or Role.VIEWER
    return Role.VIEWER


def readable_by_anyone(tournament: Tournament) -> bool:
    """Whether anyone at all may read `tournament`: it is public, and so is its league."""
    if not tournament.is_public or tournament.league_id is None:
        return tournament.is_public
    league = _league(tournament)
    return league is not None and league.is_public and not league.importing


def tournaments_of(user: Any) -> list[tuple[Tournament, Role]]:
    """The tournaments ``user`` is a member of, with what they may do in each (those
    their league keeps them out of left out), the latest first."""
    roles = ((t, effective_role(t, user)) for t, _ in services.tournaments_of(user))
    return [(tournament, role) for tournament, role in roles if role is not None]


def _login_first() -> NoReturn:
    abort(login_manager.unauthorized())


def require_role(public_id: str, role: Role) -> Access:  # noqa: RET503  (abort never returns)
    """The tournament at `public_id` if the current user holds `role` in it (bounded by
    their league role in a league's tournament); else 302/403/404."""
    tournament = db.session.scalar(select(Tournament).where(Tournament.public_id == public_id))
    logged_in = bool(current_user.is_authenticated)
    if tournament is None:
        if not logged_in:
            _login_first()
        abort(404)
    held = effective_role(tournament, current_user)
    if held is not None and held >= role:
        return Access(tournament, held)
    public = readable_by_anyone(tournament)
    if held is None and public and role == Role.VIEWER:
        return Access(tournament, None)
    if not logged_in:
        _login_first()
    if held is None and not public:
        abort(404)
    abort(403)


def require_side_holder(tournament: Tournament) -> None:
    """A side's link is a key for anyone holding it, but in a league's tournament only in
    a league member's hands (any role: the players confirm their own results): a visitor
    is sent to log in, anyone the league keeps out (a stranger, a removed member) gets 404,
    as for the tournament's pages."""
    if tournament.league_id is None:
        return
    if not current_user.is_authenticated:
        _login_first()
    if effective_role(tournament, current_user) is None:
        abort(404)


def get_in_tournament(model: type[T], access: Access, object_id: int) -> T:
    """The `model` row `object_id` if it belongs to this tournament, else 404."""
    row = db.session.get(model, object_id)
    if row is None or getattr(row, "tournament_id", None) != access.tournament.id:
        abort(404)
    return row
