"""Who may read and edit a circuit, answered as a tournament's `require_role` answers:

- its organiser: everything;
- anyone at all: reads a public circuit;
- a visitor who is not logged in and may not: sent to log in (whether or not the circuit
  exists, so the answer reveals nothing);
- a logged-in stranger to a private circuit (or an id that does not exist): 404;
- anyone but the organiser asking to change a public circuit: 403.

A tournament is added to a circuit only by who organises both (`may_add`).
"""

from __future__ import annotations

from typing import Any, NoReturn

from flask import abort
from flask_login import current_user
from sqlalchemy import select

from scorekeeper.extensions import db, login_manager
from scorekeeper.tournaments.access import effective_role, readable_by_anyone
from scorekeeper.tournaments.circuits.models import Circuit
from scorekeeper.tournaments.models import Role, Tournament


def _login_first() -> NoReturn:
    abort(login_manager.unauthorized())


def is_organiser(circuit: Circuit, user: Any) -> bool:
    """Whether ``user`` runs ``circuit``."""
    return bool(getattr(user, "is_authenticated", False)) and circuit.organiser_id == user.id


def require_circuit(public_id: str, *, edit: bool = False) -> Circuit:  # noqa: RET503
    """The circuit at ``public_id`` if the current user may read it (``edit``: change
    it); else 302/403/404."""
    circuit = db.session.scalar(select(Circuit).where(Circuit.public_id == public_id))
    logged_in = bool(current_user.is_authenticated)
    if circuit is None:
        if not logged_in:
            _login_first()
        abort(404)
    if is_organiser(circuit, current_user):
        return circuit
    if circuit.is_public and not edit:
        return circuit
    if not logged_in:
        _login_first()
    if not circuit.is_public:
        abort(404)
    abort(403)


def may_add(tournament: Tournament, user: Any) -> bool:
    """Whether ``user`` organises ``tournament`` (and so may put it in a circuit)."""
    role = effective_role(tournament, user)
    return role is not None and role >= Role.ORGANISER


def may_read(tournament: Tournament, user: Any) -> bool:
    """Whether ``user`` may open ``tournament``'s page (a circuit links it only then)."""
    return readable_by_anyone(tournament) or effective_role(tournament, user) is not None
