"""The one authorization check every tournament route goes through (as leagues have).

`require_role(public_id, role)` answers, for the current user:

- a logged-in member whose role is at least `role`: allowed;
- anyone at all reading (`Role.VIEWER`) a public tournament: allowed, read-only;
- a visitor who is not logged in and is not allowed: sent to the login page, whether
  or not the tournament exists (so the answer reveals nothing);
- a logged-in stranger to a private tournament (or to an id that does not exist, or a
  removed member): 404, the same answer, so its existence is never revealed;
- a member (or a stranger to a public tournament) asking for more than they have: 403.

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
    """`user`'s role in `tournament`, or None for a stranger or a visitor."""
    if not getattr(user, "is_authenticated", False):
        return None
    key = db.session.scalar(
        select(Member.role).where(Member.tournament_id == tournament.id, Member.user_id == user.id)
    )
    return Role.parse(key) if key else None


def _login_first() -> NoReturn:
    abort(login_manager.unauthorized())


def require_role(public_id: str, role: Role) -> Access:  # noqa: RET503  (abort never returns)
    """The tournament at `public_id` if the current user holds `role` in it; else
    302/403/404."""
    tournament = db.session.scalar(select(Tournament).where(Tournament.public_id == public_id))
    logged_in = bool(current_user.is_authenticated)
    if tournament is None:
        if not logged_in:
            _login_first()
        abort(404)
    held = member_role(tournament, current_user)
    if held is not None and held >= role:
        return Access(tournament, held)
    if held is None and tournament.is_public and role == Role.VIEWER:
        return Access(tournament, None)
    if not logged_in:
        _login_first()
    if held is None and not tournament.is_public:
        abort(404)
    abort(403)


def get_in_tournament(model: type[T], access: Access, object_id: int) -> T:
    """The `model` row `object_id` if it belongs to this tournament, else 404."""
    row = db.session.get(model, object_id)
    if row is None or getattr(row, "tournament_id", None) != access.tournament.id:
        abort(404)
    return row
