"""The one authorization check every league route goes through.

`require_role(public_id, role)` answers, for the current user:

- a logged-in member whose role is at least `role`: allowed;
- anyone at all reading (`Role.VIEWER`) a public league: allowed, read-only;
- a visitor who is not logged in and is not allowed: sent to the login page, whether
  or not the league exists (so the answer reveals nothing);
- a logged-in stranger to a private league (or to an id that does not exist): 404,
  the same answer, so a private league's existence is never revealed;
- a member (or a stranger to a public league) asking for more than they have: 403.

Objects inside a league (players, seasons, invitations, games) are fetched with
`get_in_league`, which answers 404 for an id that belongs to another league.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

from flask import abort
from flask_login import current_user
from sqlalchemy import select

from scorekeeper.extensions import db, login_manager
from scorekeeper.leagues.models import League, Membership, Role

T = TypeVar("T")


@dataclass(frozen=True)
class Access:
    """A league and what the current user may do in it (`role` None: public reader)."""

    league: League
    role: Role | None

    def can(self, role: Role) -> bool:
        """Whether the current user holds at least `role`."""
        return self.role is not None and self.role >= role


def member_role(league: League, user: Any) -> Role | None:
    """`user`'s role in `league`, or None for a stranger or a visitor."""
    if not getattr(user, "is_authenticated", False):
        return None
    key = db.session.scalar(
        select(Membership.role).where(
            Membership.league_id == league.id, Membership.user_id == user.id
        )
    )
    return Role.parse(key) if key else None


def _login_first() -> NoReturn:
    abort(login_manager.unauthorized())


def require_role(public_id: str, role: Role) -> Access:  # noqa: RET503  (abort never returns)
    """The league at `public_id` if the current user holds `role` in it; else 302/403/404
    (a league still being imported is not there yet)."""
    league = db.session.scalar(
        select(League).where(League.public_id == public_id, League.importing.is_(False))
    )
    logged_in = bool(current_user.is_authenticated)
    if league is None:
        if not logged_in:
            _login_first()
        abort(404)
    held = member_role(league, current_user)
    if held is not None and held >= role:
        return Access(league, held)
    if held is None and league.is_public and role == Role.VIEWER:
        return Access(league, None)
    if not logged_in:
        _login_first()
    if held is None and not league.is_public:
        abort(404)
    abort(403)


def get_in_league(model: type[T], access: Access, object_id: int) -> T:
    """The `model` row `object_id` if it belongs to this league, else 404."""
    row = db.session.get(model, object_id)
    if row is None or getattr(row, "league_id", None) != access.league.id:
        abort(404)
    return row
