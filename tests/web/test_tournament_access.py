"""Who may do what in a tournament: `access.require_role` answers as leagues do."""

from __future__ import annotations

import pytest
from flask import Flask, g
from werkzeug.exceptions import HTTPException

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db, login_manager
from scorekeeper.tournaments import services
from scorekeeper.tournaments.access import require_role
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import Member, Role
from tests.helpers.tournaments import tournament, user

NAMES = ("organiser", "helper", "viewer", "removed", "stranger")


def answer(public_id: str, role: Role) -> int:
    """What `require_role` answers: 200, or the status it aborts with."""
    try:
        require_role(public_id, role)
    except HTTPException as refused:
        return refused.response.status_code if refused.response else int(refused.code or 0)
    return 200


@pytest.mark.parametrize("public", [False, True])
def test_roles_are_refused_as_in_leagues(app: Flask, public: bool) -> None:
    """The organiser may do everything, a helper enter results, a viewer read; a
    stranger or a removed member gets 404 for a private tournament, a visitor the log-in
    page; asking for more than one holds is 403."""
    with app.test_request_context():
        users = {name: user(name) for name in NAMES}
        t = tournament(users["organiser"], is_public=public)
        services.set_member(t, users["helper"], Role.HELPER)
        services.set_member(t, users["viewer"], Role.VIEWER)
        removed = services.set_member(t, users["removed"], Role.HELPER)
        services.remove_member(removed)
        public_id = t.public_id
        expected = {
            "organiser": {Role.VIEWER: 200, Role.HELPER: 200, Role.ORGANISER: 200},
            "helper": {Role.VIEWER: 200, Role.HELPER: 200, Role.ORGANISER: 403},
            "viewer": {Role.VIEWER: 200, Role.HELPER: 403, Role.ORGANISER: 403},
        }
        outsider = {Role.VIEWER: 200, Role.HELPER: 403, Role.ORGANISER: 403}
        hidden = dict.fromkeys(Role, 404)
        for name in ("removed", "stranger"):
            expected[name] = outsider if public else hidden
        for name, answers in expected.items():
            g._login_user = db.session.get_one(User, users[name].id)  # as Flask-Login keeps it
            assert {role: answer(public_id, role) for role in Role} == answers, name
            assert answer("no-such-tournament", Role.VIEWER) == 404
        g._login_user = login_manager.anonymous_user()
        visitor = {Role.VIEWER: 200 if public else 302, Role.HELPER: 302, Role.ORGANISER: 302}
        assert {role: answer(public_id, role) for role in Role} == visitor
        assert answer("no-such-tournament", Role.VIEWER) == 302


def test_the_organiser_stays_the_organiser(app: Flask) -> None:
    with app.test_request_context():
        organiser = user("organiser")
        t = tournament(organiser)
        with pytest.raises(TournamentRefused, match="organiser_fixed"):
            services.set_member(t, organiser, Role.VIEWER)
        with pytest.raises(TournamentRefused, match="organiser_fixed"):
            services.set_member(t, user("other"), Role.ORGANISER)
        (member,) = services.members(t)
        with pytest.raises(TournamentRefused, match="organiser_fixed"):
            services.remove_member(member)
        assert db.session.get(Member, member.id) is not None
