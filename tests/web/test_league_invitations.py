"""A league's invitation as the owner hands it on (copy, share, QR) and as an invitee
without an account meets it: what the link is for, then an account made on the same page
that lands in the league with the invited role (issue #26, point 10)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.games.qr import qr_svg
from scorekeeper.leagues.models import Invitation, Membership
from tests.helpers import EN, IT, csrf_token
from tests.helpers.actions import PASSWORD, create_league, invite, logout, post_form, signup


def owner_invites(client: FlaskClient, role: str = "scorer") -> tuple[str, str]:
    """ "Carla" makes the league "Bar Sport" and an invitation; the client is left logged
    out. Returns the league's public id and the invitation's path."""
    signup(client, "Carla")
    public_id = create_league(client, "Bar Sport")
    link = invite(client, public_id, role)
    logout(client)
    return public_id, link


def role_of(app: Flask, username: str) -> str | None:
    with app.app_context():
        return db.session.scalar(
            select(Membership.role)
            .join(User, Membership.user_id == User.id)
            .where(User.username == username)
        )


def test_the_new_invitation_can_be_copied_shared_and_scanned(client: FlaskClient) -> None:
    client.set_cookie("lang", "en")
    signup(client, "Carla")
    public_id = create_league(client, "Bar Sport")
    members = f"/leagues/{public_id}/members"
    response = post_form(client, members, f"/leagues/{public_id}/invitations", role="viewer")
    html = response.get_data(as_text=True)
    link = re.search(r'<a href="(http://localhost/leagues/join/[\w-]+)" id="invite-link">', html)
    assert link, html
    url = link.group(1)
    # The copy and share buttons hand on the link just above them (games.js).
    buttons = html.split('id="invite-link">', 1)[1].split("</div>", 1)[0]
    assert 'class="btn copy-btn"' in buttons
    assert 'class="btn btn-primary share-btn"' in buttons
    assert "Join Bar Sport, our Scopa league:" in html
    assert 'class="btn whatsapp-link"' in html  # the fallback without a share sheet
    assert "js/games.js" in html  # its links' part
    qr = re.search(r'<img class="qr" src="([^"]+)"', html)
    assert qr
    image = client.get(qr.group(1))
    assert image.status_code == 200
    assert image.mimetype == "image/svg+xml"
    assert image.data == qr_svg(url)
    assert image.headers["Cache-Control"] == "no-store"  # it carries the invitation


def test_the_qr_code_of_a_used_or_unknown_invitation_is_404(client: FlaskClient) -> None:
    _public_id, link = owner_invites(client)
    signup(client, "Dario")
    assert post_form(client, link, link).status_code == 302
    assert client.get(f"{link}/qr.svg").status_code == 404
    assert client.get("/leagues/join/nope/qr.svg").status_code == 404


def test_a_revoked_invitation_shows_no_qr_and_signs_nobody_up(
    app: Flask, client: FlaskClient
) -> None:
    public_id, link = owner_invites(client)
    form = csrf_token(client, link)  # the page as the invitee opened it, before the revoke
    as_owner = app.test_client()
    as_owner.post(
        "/account/login",
        data={
            "csrf_token": csrf_token(as_owner, "/account/login"),
            "username": "Carla",
            "password": PASSWORD,
        },
    )
    with app.app_context():
        (invitation_id,) = db.session.scalars(select(Invitation.id)).all()
    members = f"/leagues/{public_id}/members"
    revoke = f"/leagues/{public_id}/invitations/{invitation_id}/revoke"
    assert post_form(as_owner, members, revoke).status_code == 302
    with app.app_context():
        assert db.session.get_one(Invitation, invitation_id).revoked_at is not None
    assert client.get(f"{link}/qr.svg").status_code == 404
    assert client.get(link).status_code == 404
    data = {"username": "Dario", "password": PASSWORD, "confirm": PASSWORD}
    assert client.post(link, data={"csrf_token": form, **data}).status_code == 404
    with app.app_context():
        assert db.session.scalar(select(User).where(User.username == "Dario")) is None


def test_logged_out_the_invitation_says_what_it_is_for(client: FlaskClient) -> None:
    _public_id, link = owner_invites(client)
    response = client.get(link, headers=EN)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Join Bar Sport" in html
    assert "<dt>Invited by</dt><dd>Carla</dd>" in html
    assert "<dt>Role</dt><dd>Scorer: records and corrects games</dd>" in html
    assert 'name="username"' in html
    assert "Create the account and join" in html
    assert f'href="/account/login?next={link}"' in html
    assert response.headers["Cache-Control"] == "no-store"
    italian = client.get(link, headers=IT).get_data(as_text=True)
    assert "<dt>Ti invita</dt><dd>Carla</dd>" in italian


def test_signing_up_from_the_invitation_lands_in_the_league(
    app: Flask, client: FlaskClient
) -> None:
    public_id, link = owner_invites(client, "scorer")
    client.set_cookie("lang", "en")
    data = {"username": "Dario", "password": PASSWORD, "confirm": PASSWORD}
    response = client.post(link, data={"csrf_token": csrf_token(client, link), **data})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/leagues/{public_id}/"
    assert role_of(app, "Dario") == "scorer"
    league = client.get(response.headers["Location"], headers=EN).get_data(as_text=True)
    assert "You joined Bar Sport." in league
    assert "New league game" in league  # a scorer's button
    # The link is used up.
    logout(client)
    assert client.get(link).status_code == 404


def test_a_refused_sign_up_keeps_the_invitation(app: Flask, client: FlaskClient) -> None:
    _public_id, link = owner_invites(client)
    data = {"username": "Carla", "password": PASSWORD, "confirm": PASSWORD}
    response = client.post(link, data={"csrf_token": csrf_token(client, link), **data}, headers=EN)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "This username is taken." in html
    assert "Join Bar Sport" in html
    assert role_of(app, "Carla") == "owner"
    short = {"username": "Dario", "password": "x", "confirm": "x"}
    response = client.post(link, data={"csrf_token": csrf_token(client, link), **short})
    assert response.status_code == 422
    with app.app_context():
        assert db.session.scalar(select(User).where(User.username == "Dario")) is None


def test_logged_in_the_invitation_joins_with_one_tap(app: Flask, client: FlaskClient) -> None:
    public_id, link = owner_invites(client, "viewer")
    signup(client, "Dario")
    html = client.get(link, headers=EN).get_data(as_text=True)
    assert "<dt>Invited by</dt><dd>Carla</dd>" in html
    assert 'name="username"' not in html
    response = post_form(client, link, link)
    assert response.status_code == 302
    assert response.headers["Location"] == f"/leagues/{public_id}/"
    assert role_of(app, "Dario") == "viewer"


def test_sign_ups_from_an_invitation_count_with_the_sign_up_page(limited_app: Flask) -> None:
    """One budget of new accounts per address, whichever form makes them; joining while
    logged in makes none and is not counted."""
    client = limited_app.test_client()
    client.environ_base["REMOTE_ADDR"] = "198.51.100.9"
    _public_id, link = owner_invites(client)  # Carla's account: the first of 20
    for n in range(18):
        assert signup(client, f"player{n}").status_code == 302
        logout(client)
    data = {"username": "last", "password": PASSWORD, "confirm": PASSWORD}
    assert (
        client.post(link, data={"csrf_token": csrf_token(client, link), **data}).status_code == 302
    )
    logout(client)
    # The 21st account from this address: refused, as the invitation's one was counted.
    more = {"username": "one-more", "password": PASSWORD, "confirm": PASSWORD}
    assert (
        client.post(
            "/account/signup", data={"csrf_token": csrf_token(client, "/account/signup"), **more}
        ).status_code
        == 429
    )
