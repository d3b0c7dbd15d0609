"""Accounts: sign up, log in (rate-limited), log out, change password, safe redirects."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper import create_app
from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from tests.actions import PASSWORD, login, logout, post_form, signup
from tests.helpers import make_test_config

EN = {"Accept-Language": "en"}


def test_signup_logs_in_and_hashes_the_password(app: Flask, client: FlaskClient) -> None:
    response = signup(client, "Anna")
    assert response.status_code == 302
    assert "Anna" in client.get("/", headers=EN).get_data(as_text=True)
    with app.app_context():
        user = db.session.scalars(select(User)).one()
        assert user.username == "Anna"
        assert user.password_hash.startswith(app.config["PASSWORD_HASH_METHOD"])
        assert PASSWORD not in user.password_hash


def test_username_is_unique_whatever_the_case(client: FlaskClient) -> None:
    signup(client, "Anna")
    logout(client)
    response = signup(client, "aNNa")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Questo nome utente è già preso" in html
    assert 'value="aNNa"' in html


@pytest.mark.parametrize(
    ("username", "password", "confirm", "message"),
    [
        ("", PASSWORD, PASSWORD, "Choose a username."),
        ("ab", PASSWORD, PASSWORD, "Between 3 and 40 characters."),
        ("anna bianchi", PASSWORD, PASSWORD, "Letters, digits, dots, dashes"),
        ("anna", "short", "short", "Between 8 and 128 characters."),
        ("anna", PASSWORD, PASSWORD + "x", "The two passwords are different."),
    ],
)
def test_signup_refuses_bad_input(
    client: FlaskClient, username: str, password: str, confirm: str, message: str
) -> None:
    client.set_cookie("lang", "en")
    response = post_form(
        client,
        "/account/signup",
        "/account/signup",
        username=username,
        password=password,
        confirm=confirm,
    )
    assert response.status_code == 200
    assert message in response.get_data(as_text=True)


def test_login_logout(client: FlaskClient) -> None:
    signup(client, "Anna")
    logout(client)
    assert "Anna" not in client.get("/").get_data(as_text=True)
    assert login(client, "ANNA").status_code == 302
    assert "Anna" in client.get("/").get_data(as_text=True)


def test_wrong_password_is_refused_in_the_users_language(client: FlaskClient) -> None:
    signup(client, "Anna")
    logout(client)
    response = login(client, "Anna", "wrong password")
    assert response.status_code == 200
    assert "Nome utente o password sbagliati" in response.get_data(as_text=True)
    response = login(client, "Nobody", "wrong password")
    assert "Nome utente o password sbagliati" in response.get_data(as_text=True)


def test_logout_needs_csrf(client: FlaskClient) -> None:
    signup(client, "Anna")
    assert client.post("/account/logout").status_code == 400
    assert "Anna" in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("target", "location"),
    [
        ("/leagues/", "/leagues/"),
        ("https://evil.example/", "/"),
        ("//evil.example/", "/"),
        ("/\\evil.example", "/"),
    ],
)
def test_login_redirects_only_to_this_site(client: FlaskClient, target: str, location: str) -> None:
    signup(client, "Anna")
    logout(client)
    response = login(client, "Anna", next=target)
    assert response.status_code == 302
    assert response.headers["Location"] == location


def test_login_page_keeps_next_from_the_query(client: FlaskClient) -> None:
    response = client.get("/leagues/")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/account/login?next=")
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'name="next" type="hidden" value="/leagues/"' in html


def _change_password(client: FlaskClient, new: str = "a new password") -> None:
    response = post_form(
        client,
        "/account/password",
        "/account/password",
        current=PASSWORD,
        password=new,
        confirm=new,
    )
    assert response.status_code == 302


def test_change_password(client: FlaskClient) -> None:
    signup(client, "Anna")
    wrong = post_form(
        client,
        "/account/password",
        "/account/password",
        current="not it",
        password="a new password",
        confirm="a new password",
    )
    assert "Questa non è la tua password attuale" in wrong.get_data(as_text=True)
    _change_password(client)
    logout(client)
    assert login(client, "Anna").status_code == 200
    assert login(client, "Anna", "a new password").status_code == 302


def _logged_in(client: FlaskClient) -> bool:
    response = client.get("/leagues/")
    if response.status_code == 302:
        assert response.headers["Location"].startswith("/account/login")
        return False
    assert response.status_code == 200
    return True


def test_changing_the_password_ends_the_other_sessions(app: Flask, client: FlaskClient) -> None:
    signup(client, "Anna")
    other = app.test_client()
    login(other, "Anna")
    remembered = app.test_client()  # only the remember-me cookie is left of this session
    login(remembered, "Anna", remember="y")
    remembered.delete_cookie("session")
    assert _logged_in(other) and _logged_in(remembered)

    _change_password(client)

    assert _logged_in(client)
    assert not _logged_in(other)
    assert not _logged_in(remembered)
    assert login(other, "Anna", "a new password").status_code == 302
    assert _logged_in(other)


def test_changing_the_password_keeps_this_devices_remember_me(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "Anna")
    logout(client)
    login(client, "Anna", remember="y")
    _change_password(client)
    client.delete_cookie("session")
    assert _logged_in(client)


@pytest.mark.parametrize(
    "session_id",
    [
        "{id}",
        "{id}:",
        "{id}:0123456789abcdef",
        ":{stamp}",
        "x:{stamp}",
        "{id}:{stamp}é",
        "²:{stamp}",
    ],
)
def test_a_malformed_or_old_session_id_is_logged_out(
    app: Flask, client: FlaskClient, session_id: str
) -> None:
    signup(client, "Anna")
    with app.app_context():
        user = db.session.scalars(select(User)).one()
        real = user.get_id()
        assert real == f"{user.id}:{user.password_stamp}"
    with client.session_transaction() as session:
        assert session["_user_id"] == real
        session["_user_id"] = session_id.format(id=user.id, stamp=user.password_stamp)
    assert not _logged_in(client)


def test_change_password_needs_login(client: FlaskClient) -> None:
    response = client.get("/account/password")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/account/login")


def test_session_cookie_is_httponly_and_lax(client: FlaskClient) -> None:
    response = signup(client, "Anna")
    cookies = response.headers.getlist("Set-Cookie")
    session = next(c for c in cookies if c.startswith("session="))
    assert "HttpOnly" in session
    assert "SameSite=Lax" in session
    assert "Secure" not in session


def test_secure_cookies_can_be_switched_on(make_app: Callable[..., Flask]) -> None:
    app = make_app(SESSION_COOKIE_SECURE=True)
    assert app.config["REMEMBER_COOKIE_SECURE"] is True


def test_passwords_are_hashed_with_scrypt_by_default(migrated_database_url: str) -> None:
    config = make_test_config(migrated_database_url)
    del config["PASSWORD_HASH_METHOD"]
    app = create_app(config)
    with app.app_context():
        from scorekeeper.accounts.services import _hash

        assert _hash(PASSWORD).startswith("scrypt:")


@pytest.fixture
def limited_client(make_app: Callable[..., Flask]) -> FlaskClient:
    """A client of an app with rate limits on (the other tests switch them off)."""
    return make_app(RATELIMIT_ENABLED=True, RATELIMIT_STORAGE_URI="memory://").test_client()


def test_failed_logins_are_rate_limited_with_a_clear_message(limited_client: FlaskClient) -> None:
    client = limited_client
    signup(client, "Anna")
    logout(client)
    for _ in range(5):
        assert login(client, "Anna", "wrong password").status_code == 200
    blocked = login(client, "anna", PASSWORD)
    assert blocked.status_code == 429
    html = blocked.get_data(as_text=True)
    assert "Troppi tentativi falliti" in html
    assert 'name="username"' in html
    assert "Retry-After" in blocked.headers
    # Another username from the same address is not blocked by Anna's counter.
    assert login(client, "Bruno", "wrong password").status_code == 200


def test_successful_logins_do_not_count(limited_client: FlaskClient) -> None:
    client = limited_client
    signup(client, "Anna")
    for _ in range(7):
        logout(client)
        assert login(client, "Anna").status_code == 302
