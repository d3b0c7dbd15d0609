"""A deployment behind TLS: no cache keeps a secret, HSTS when asked, one switch for
every cookie's Secure flag, the client's address from trusted proxies only, and the
database file and instance folder private to the app's user."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

import flask_migrate
import pytest
from flask import Flask, request
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from tests.helpers import make_test_config
from tests.helpers.actions import create_league, invite, login, logout, post_form, signup
from tests.helpers.games import record, start_game


def _no_store(response: TestResponse) -> bool:
    return response.headers.get("Cache-Control") == "no-store"


def _new_game(client: FlaskClient) -> TestResponse:
    """Start a game through the form; the answer is the redirect to its edit link."""
    names = {"names-0": "Anna", "names-1": "Bruno"}
    return post_form(
        client, "/games/new", "/games/new", format="2", target="11", first_dealer="0", **names
    )


def test_the_home_page_with_edit_links_is_not_stored(client: FlaskClient) -> None:
    assert not _no_store(client.get("/"))  # nothing private yet: a cache may keep it
    created = _new_game(client)
    assert created.status_code == 302
    assert created.headers["Location"].startswith("/g/")
    assert _no_store(created)  # the redirect names the edit link and sets the cookie
    home = client.get("/")
    assert created.headers["Location"] in home.get_data(as_text=True)
    assert _no_store(home)


def test_pages_on_an_edit_link_are_not_stored_but_the_view_links_may_be(
    app: Flask, client: FlaskClient
) -> None:
    board = start_game(client)
    assert record(client, board).status_code == 302
    for url in (board, f"{board}/hands/1", f"{board}/hands/1/edit", f"{board}/live"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert _no_store(response), url
    with app.app_context():
        view = f"/v/{db.session.scalars(select(Game.view_token)).one()}"
    stranger = app.test_client()  # holds the view link only
    for url in (view, f"{view}/hands/1", f"{view}/live"):
        response = stranger.get(url)
        assert response.status_code == 200, url
        assert not _no_store(response), url


def test_logged_in_pages_exports_and_personal_redirects_are_not_stored(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "owner")
    public_id = create_league(client)
    base = f"/leagues/{public_id}"
    url = f"{base}/games/new"
    started = post_form(
        client,
        url,
        url,
        first_dealer="0",
        **{"players-0": "0", "new_names-0": "Anna", "players-1": "0", "new_names-1": "Bruno"},
    )
    assert started.status_code == 302
    with app.app_context():
        game_id = db.session.scalars(select(Game.id)).one()
    pages = ["/account/", "/account/password", "/leagues/", f"{base}/", f"{base}/members"]
    pages += [f"{base}/players", f"{base}/standings.csv", f"{base}/export.json"]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        assert _no_store(response), page
    personal = client.get(f"{base}/games/{game_id}/edit")
    assert personal.status_code == 302
    assert personal.headers["Location"].startswith("/g/")
    assert _no_store(personal)
    members = f"{base}/members"
    invitation = post_form(client, members, f"{base}/invitations", role="scorer")
    assert "/leagues/join/" in invitation.get_data(as_text=True)
    assert _no_store(invitation)
    assert invite(client, public_id, "viewer").startswith("/leagues/join/")
    # Static files are the same for everyone, logged in or not.
    for public in ("/static/css/app.css", "/favicon.ico"):
        with client.get(public) as response:
            assert response.status_code == 200, public
            assert not _no_store(response), public


def test_a_remembered_browser_gets_no_stored_pages(client: FlaskClient) -> None:
    signup(client, "Anna")
    logout(client)
    login(client, "Anna", remember="y")
    client.delete_cookie("session")
    assert _no_store(client.get("/"))


def _cookies(response: TestResponse) -> dict[str, str]:
    return {c.split("=", 1)[0]: c for c in response.headers.getlist("Set-Cookie")}


@pytest.mark.parametrize("secure", [False, True])
def test_one_setting_decides_every_cookies_secure_flag(
    make_app: Callable[..., Flask], secure: bool
) -> None:
    app = make_app(SESSION_COOKIE_SECURE=secure)
    assert app.config["REMEMBER_COOKIE_SECURE"] is secure
    client = app.test_client()
    # Over plain HTTP (a TLS proxy in front): the flag follows the setting, not the request.
    signup(client, "Anna")
    logout(client)
    logged_in = _cookies(login(client, "Anna", remember="y"))
    created = _new_game(client)
    game = _cookies(created)
    cookies = [logged_in["session"], logged_in["remember_token"], game["sk_games"]]
    cookies.append(game["sk_game_settings"])
    assert ["Secure" in c for c in cookies] == [secure] * 4


@pytest.mark.parametrize(("max_age", "header"), [(0, None), (63072000, "max-age=63072000")])
def test_hsts_is_sent_when_configured(
    make_app: Callable[..., Flask], max_age: int, header: str | None
) -> None:
    app = make_app(HSTS_MAX_AGE=max_age)
    client = app.test_client()
    for url in ("/", "/static/css/app.css", "/nowhere"):
        with client.get(url) as response:
            assert response.headers.get("Strict-Transport-Security") == header


def _address_seen(app: Flask) -> Callable[..., str]:
    """A probe: GET a route of `app` that echoes the client's address and scheme."""

    @app.get("/_probe")
    def probe() -> str:
        return f"{request.remote_addr} {request.scheme}"

    client = app.test_client()

    def seen(**headers: str) -> str:
        environ = {"REMOTE_ADDR": "10.0.0.1"}
        return client.get("/_probe", headers=headers, environ_base=environ).text

    return seen


def test_forwarded_headers_are_ignored_without_trusted_proxies(
    make_app: Callable[..., Flask],
) -> None:
    seen = _address_seen(make_app())
    assert seen() == "10.0.0.1 http"
    assert seen(**{"X-Forwarded-For": "6.6.6.6", "X-Forwarded-Proto": "https"}) == "10.0.0.1 http"


def test_the_client_address_comes_from_the_trusted_proxies_only(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(TRUSTED_PROXIES=1)
    seen = _address_seen(app)
    # The proxy appends the address it saw; what the client wrote before it is ignored.
    forwarded = {"X-Forwarded-For": "6.6.6.6, 198.51.100.9", "X-Forwarded-Proto": "https"}
    assert seen(**forwarded) == "198.51.100.9 https"
    two = _address_seen(make_app(TRUSTED_PROXIES=2))
    assert two(**forwarded) == "6.6.6.6 https"


def test_spoofed_forwarded_addresses_do_not_escape_the_login_limit(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(RATELIMIT_ENABLED=True, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    answers = [
        client.post(
            "/account/login",
            data={"username": "anna", "password": "guess"},
            headers={"X-Forwarded-For": f"203.0.113.{n}"},
        ).status_code
        for n in range(6)
    ]
    assert answers == [422] * 5 + [429]


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_default_database_and_the_instance_folder_are_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    instance = tmp_path / "instance"
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda _self: str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    old = os.umask(0o022)  # the usual umask: files 0644, folders 0755 unless asked
    try:
        app = create_app({"TESTING": True, "REDIS_URL": None})
        database = instance / "scorekeeper.sqlite3"
        assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{database}"
        assert (_mode(instance), _mode(database)) == (0o700, 0o600)
        with app.app_context():
            flask_migrate.upgrade()  # SQLite's journals take the database file's mode
            assert db.session.scalar(select(func.count()).select_from(Game)) == 0
            wal = Path(f"{database}-wal")
            assert wal.exists()
            assert _mode(wal) == 0o600
            db.engine.dispose()
        # Found too open (copied, restored from a backup): tightened on start.
        instance.chmod(0o755)
        database.chmod(0o644)
        create_app({"TESTING": True, "REDIS_URL": None})
        assert (_mode(instance), _mode(database)) == (0o700, 0o600)
    finally:
        os.umask(old)


def test_a_sqlite_file_elsewhere_is_created_private(tmp_path: Path) -> None:
    database = tmp_path / "club.sqlite3"
    create_app(make_test_config(f"sqlite:///{database}"))
    assert _mode(database) == 0o600
    create_app(make_test_config("sqlite://"))  # in memory: no file to make
