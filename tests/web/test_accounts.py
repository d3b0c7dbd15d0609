"""Accounts: sign up, log in (rate-limited), log out, change password, safe redirects."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper import create_app
from scorekeeper.accounts.models import User, UserSession
from scorekeeper.extensions import db
from scorekeeper.models import hash_token
from tests.helpers import EN, csrf_token, make_test_config
from tests.helpers.actions import PASSWORD, login, logout, post_form, signup


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
    assert response.status_code == 422
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
    assert response.status_code == 422
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
    assert response.status_code == 422
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
    assert login(client, "Anna").status_code == 422
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
    assert _logged_in(other)
    assert _logged_in(remembered)

    _change_password(client)

    assert _logged_in(client)
    assert not _logged_in(other)
    assert not _logged_in(remembered)
    assert login(other, "Anna", "a new password").status_code == 302
    assert _logged_in(other)


def test_changing_the_password_keeps_this_devices_remember_me(client: FlaskClient) -> None:
    signup(client, "Anna")
    logout(client)
    login(client, "Anna", remember="y")
    _change_password(client)
    client.delete_cookie("session")
    assert _logged_in(client)


@pytest.mark.parametrize(
    "session_id",
    [
        lambda user, _token: str(user.id),  # the plain numbers of the first sessions
        lambda user, _token: f"{user.id}:",
        lambda user, _token: f"{user.id}:0123456789abcdef",  # a password stamp of old
        lambda user, token: f"{user.id}:{token}",
        lambda _user, token: f"{token}x",
        lambda _user, token: token[:-1],
        lambda _user, token: token[:-1] + "é",
        lambda _user, token: "²" + token[1:],
        lambda _user, token: token[:-1] + ("A" if token[-1] != "A" else "B"),
    ],
)
def test_a_malformed_or_old_session_id_is_logged_out(
    app: Flask, client: FlaskClient, session_id: Callable[[User, str], str]
) -> None:
    signup(client, "Anna")
    with app.app_context():
        user = db.session.scalars(select(User)).one()
        stored = db.session.scalars(select(UserSession)).one()
    with client.session_transaction() as session:
        real = session["_user_id"]
        assert stored.token_hash == hash_token(real) != real
        session["_user_id"] = session_id(user, real)
    assert not _logged_in(client)


def _copy_cookies(source: FlaskClient, target: FlaskClient) -> None:
    for name in ("session", "remember_token"):
        cookie = source.get_cookie(name)
        if cookie is not None:
            target.set_cookie(name, cookie.value)


def _session_count(app: Flask) -> int:
    with app.app_context():
        return len(db.session.scalars(select(UserSession)).all())


def test_logout_ends_the_session_on_the_server(app: Flask, client: FlaskClient) -> None:
    signup(client, "Anna")
    remembered = app.test_client()
    login(remembered, "Anna", remember="y")
    session_copy, remember_copy = app.test_client(), app.test_client()
    _copy_cookies(client, session_copy)
    _copy_cookies(remembered, remember_copy)
    remember_copy.delete_cookie("session")  # only the remember-me cookie is left
    assert _logged_in(session_copy)
    assert _logged_in(remember_copy)
    assert _session_count(app) == 2

    logout(client)
    logout(remembered)

    assert not _logged_in(client)
    assert not _logged_in(remembered)
    assert not _logged_in(session_copy)
    assert not _logged_in(remember_copy)
    assert _session_count(app) == 0


def test_logging_out_ends_only_this_session(app: Flask, client: FlaskClient) -> None:
    signup(client, "Anna")
    other = app.test_client()
    login(other, "Anna")
    logout(client)
    assert _logged_in(other)


def test_account_page_counts_the_devices_and_logs_out_everywhere(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "Anna")
    other = app.test_client()
    login(other, "Anna")
    remembered = app.test_client()
    login(remembered, "Anna", remember="y")
    remembered.delete_cookie("session")
    copy = app.test_client()
    _copy_cookies(other, copy)

    page = client.get("/account/", headers=EN).get_data(as_text=True)
    assert "logged in on 3 devices" in page
    assert 'action="/account/logout-everywhere"' in page
    assert 'href="/account/"' in page  # the header's link to this page

    response = post_form(client, "/account/", "/account/logout-everywhere")
    assert response.status_code == 302
    assert "Hai chiuso la sessione su ogni dispositivo" in client.get("/").get_data(as_text=True)
    for browser in (client, other, remembered, copy):
        assert not _logged_in(browser)
    assert _session_count(app) == 0
    assert login(other, "Anna").status_code == 302
    assert _logged_in(other)


def test_logout_everywhere_needs_csrf_and_a_login(app: Flask, client: FlaskClient) -> None:
    assert client.post("/account/logout-everywhere").status_code == 400
    anonymous = post_form(client, "/account/login", "/account/logout-everywhere")
    assert anonymous.status_code == 302
    assert anonymous.headers["Location"].startswith("/account/login")
    signup(client, "Anna")
    assert client.post("/account/logout-everywhere").status_code == 400
    assert _logged_in(client)
    assert _session_count(app) == 1


def test_an_expired_session_is_logged_out(app: Flask, client: FlaskClient) -> None:
    signup(client, "Anna")
    with app.app_context():
        stored = db.session.scalars(select(UserSession)).one()
        stored.expires_at = datetime.now(UTC) - timedelta(seconds=1)
        db.session.commit()
    assert not _logged_in(client)


def test_a_session_lasts_as_long_as_its_cookie(app: Flask, client: FlaskClient) -> None:
    signup(client, "Anna")
    login(app.test_client(), "Anna", remember="y")
    with app.app_context():
        first, remembered = db.session.scalars(select(UserSession).order_by(UserSession.id))
        days = [(s.expires_at - s.created_at).days for s in (first, remembered)]
    assert days == [31, 365]


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
        db.engine.dispose()


@pytest.fixture
def limited_client(limited_app: Flask) -> FlaskClient:
    """A client of an app with rate limits on, in the database and in Redis."""
    return limited_app.test_client()


def test_failed_logins_are_rate_limited_with_a_clear_message(limited_client: FlaskClient) -> None:
    client = limited_client
    signup(client, "Anna")
    logout(client)
    for _ in range(5):
        assert login(client, "Anna", "wrong password").status_code == 422
    blocked = login(client, "anna", PASSWORD)
    assert blocked.status_code == 429
    html = blocked.get_data(as_text=True)
    assert "Troppi tentativi falliti" in html
    assert 'name="username"' in html
    assert "Retry-After" in blocked.headers
    # Another username from the same address is not blocked by Anna's counter.
    assert login(client, "Bruno", "wrong password").status_code == 422


def test_successful_logins_do_not_count(limited_client: FlaskClient) -> None:
    client = limited_client
    signup(client, "Anna")
    for _ in range(7):
        logout(client)
        assert login(client, "Anna").status_code == 302


def _from(client: FlaskClient, address: str) -> FlaskClient:
    """Make `client` send its requests from `address`."""
    client.environ_base["REMOTE_ADDR"] = address
    return client


def test_a_limited_username_is_free_for_its_owner_elsewhere(limited_app: Flask) -> None:
    owner = _from(limited_app.test_client(), "192.0.2.1")
    signup(owner, "Anna")
    logout(owner)
    attacker = _from(limited_app.test_client(), "198.51.100.7")
    for _ in range(5):
        assert login(attacker, "Anna", "guess").status_code == 422
    assert login(attacker, "Anna", "guess").status_code == 429
    # Refused attempts try no password, so they count against nothing else.
    for _ in range(96):
        assert login(attacker, "anna", "guess").status_code == 429
    assert login(attacker, "Bruno", "guess").status_code == 422  # 6 of the address's 20
    assert login(owner, "Anna").status_code == 302


def test_many_usernames_from_one_address_are_limited(limited_app: Flask) -> None:
    sprayer = _from(limited_app.test_client(), "198.51.100.7")
    for n in range(20):
        assert login(sprayer, f"user{n}", "Password1").status_code == 422
    sprayer.set_cookie("lang", "en")
    blocked = login(sprayer, "someone-else", "Password1")
    assert blocked.status_code == 429
    message = re.search(r"Too many failed attempts\. Try again in (\d+ \w+)\.", blocked.text)
    assert message
    assert message.group(1).endswith(("seconds", "minute"))
    neighbour = _from(limited_app.test_client(), "192.0.2.1")
    assert login(neighbour, "someone-else", "Password1").status_code == 422


def test_one_username_from_many_addresses_has_a_looser_limit(limited_app: Flask) -> None:
    for n in range(20):
        bot = _from(limited_app.test_client(), f"203.0.113.{n + 1}")
        for _ in range(5):
            assert login(bot, "Anna", "guess").status_code == 422
    last = _from(limited_app.test_client(), "203.0.113.200")
    assert login(last, "Anna", "guess").status_code == 429


def test_signups_from_one_address_are_limited_with_a_clear_message(limited_app: Flask) -> None:
    client = _from(limited_app.test_client(), "198.51.100.7")
    for n in range(20):
        logout(client)
        assert signup(client, f"player{n}").status_code == 302
    token = csrf_token(client, "/account/signup")
    blocked = client.post(
        "/account/signup",
        data={"csrf_token": token, "username": "one-more", "password": PASSWORD},
        headers=EN,
    )
    assert blocked.status_code == 429
    html = blocked.get_data(as_text=True)
    assert "Too many new accounts from this address. Try again in" in html
    assert 'value="one-more"' in html
    assert "Retry-After" in blocked.headers
    elsewhere = _from(limited_app.test_client(), "192.0.2.1")
    assert signup(elsewhere, "one-more").status_code == 302


@pytest.mark.parametrize("remember", [False, True])
def test_logging_in_over_a_session_ends_it(app: Flask, client: FlaskClient, remember: bool) -> None:
    """Logged in as nadia (cookie C1), then as nico in the same browser: C1 (or nadia's remember-me
    cookie) logs nobody in any more, nadia's session is gone from the server, nico's works."""
    signup(client, "nico")
    logout(client)
    signup(client, "nadia")
    if remember:
        logout(client)
        login(client, "nadia", remember="y")
    held = app.test_client()  # a copy of nadia's cookies, as a thief or another tab holds them
    _copy_cookies(client, held)
    if remember:
        held.delete_cookie("session")  # only the remember-me cookie is left
    assert _logged_in(held)
    assert "nadia" in held.get("/account/", headers=EN).get_data(as_text=True)

    assert login(client, "nico").status_code == 302

    assert held.get("/account/").status_code == 302  # to the log-in page
    assert not _logged_in(held)
    assert "nico" in client.get("/account/", headers=EN).get_data(as_text=True)
    assert client.get_cookie("remember_token") is None  # nadia's, cleared with its session
    with app.app_context():
        users = {u.id: u.username for u in db.session.scalars(select(User))}
        assert [users[s.user_id] for s in db.session.scalars(select(UserSession))] == ["nico"]


def test_signing_up_over_a_session_ends_it(app: Flask, client: FlaskClient) -> None:
    """A new account made in a logged-in browser replaces that session too."""
    signup(client, "nadia")
    held = app.test_client()
    _copy_cookies(client, held)
    signup(client, "nico")
    assert not _logged_in(held)
    assert _logged_in(client)


def test_logging_in_rotates_the_session_cookie(client: FlaskClient) -> None:
    """Nothing of the session cookie from before a log-in survives it (session fixation):
    a value planted in it is gone, and the cookie is a new one."""
    signup(client, "nadia")
    logout(client)
    with client.session_transaction() as session:
        session["planted"] = "by someone else"
    before = client.get_cookie("session")
    assert before is not None
    assert login(client, "nadia").status_code == 302
    after = client.get_cookie("session")
    assert after is not None
    assert after.value != before.value
    with client.session_transaction() as session:
        assert "planted" not in session
        assert "_user_id" in session
