"""Actions shared by the account and league tests: sign up, log in, make a league."""

from __future__ import annotations

import io
import re
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import csrf_token

PASSWORD = "correct horse battery"


def signup(client: FlaskClient, username: str, password: str = PASSWORD) -> TestResponse:
    """Create an account through the form (which also logs the client in)."""
    token = csrf_token(client, "/account/signup")
    return client.post(
        "/account/signup",
        data={"csrf_token": token, "username": username, "password": password, "confirm": password},
    )


def login(
    client: FlaskClient, username: str, password: str = PASSWORD, **extra: Any
) -> TestResponse:
    """Log in through the form."""
    token = csrf_token(client, "/account/login")
    return client.post(
        "/account/login",
        data={"csrf_token": token, "username": username, "password": password, **extra},
    )


def logout(client: FlaskClient) -> TestResponse:
    """Log out through the header's button."""
    return client.post("/account/logout", data={"csrf_token": csrf_token(client, "/account/login")})


def as_user(client: FlaskClient, who: str) -> None:
    """Log the client in as ``who`` ("anonymous": stay logged out)."""
    logout(client)
    if who != "anonymous":
        assert login(client, who).status_code == 302


def post_form(client: FlaskClient, form_url: str, action: str, **data: Any) -> TestResponse:
    """POST `data` to `action` with a CSRF token taken from `form_url` (any page with a form)."""
    return client.post(action, data={"csrf_token": csrf_token(client, form_url), **data})


def import_file(client: FlaskClient, body: bytes, **headers: str) -> TestResponse:
    """Upload `body` as a league file and open the progress page it leads to (under
    TESTING the import is over by then): a redirect to the new league, or the refusal."""
    response = client.post(
        "/leagues/import",
        data={
            "csrf_token": csrf_token(client, "/leagues/import"),
            "file": (io.BytesIO(body), "f.json"),
        },
        headers=headers,
        content_type="multipart/form-data",
    )
    if response.status_code != 302:
        return response
    assert re.fullmatch(r"/leagues/imports/\d+", response.headers["Location"])
    return client.get(response.headers["Location"], headers=headers)


def create_league(client: FlaskClient, name: str = "Bar Sport", **settings: Any) -> str:
    """Create a league as the logged-in user; returns its public id."""
    data = {"name": name, "format": "2", "target": "11", **settings}
    response = post_form(client, "/leagues/new", "/leagues/new", **data)
    assert response.status_code == 302, response.get_data(as_text=True)
    match = re.match(r"/leagues/([\w-]+)/players", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def invite(client: FlaskClient, public_id: str, role: str) -> str:
    """As owner, create an invitation link and return its path."""
    members = f"/leagues/{public_id}/members"
    response = post_form(client, members, f"/leagues/{public_id}/invitations", role=role)
    assert response.status_code == 200
    match = re.search(r"http://localhost(/leagues/join/[\w-]+)", response.get_data(as_text=True))
    assert match
    return match.group(1)


def join(client: FlaskClient, link: str) -> TestResponse:
    """Accept an invitation link as the logged-in user."""
    return post_form(client, link, link)
