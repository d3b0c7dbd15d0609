"""The database goes away, or turns read-only, and comes back: the app's own error page
meanwhile (saying nothing was saved), and saves work again without a restart."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, func, select

from scorekeeper.extensions import db
from scorekeeper.games.models import Hand
from tests.helpers.actions import signup
from tests.helpers.games import form_keys, record, start_game


@pytest.fixture
def prod_app(make_app: Callable[..., Flask]) -> Flask:
    """An app that answers errors as in production (the error page, not a re-raise)."""
    return make_app(PROPAGATE_EXCEPTIONS=False)


def hands(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Hand)) or 0


class Outage:
    """While ``down``, the database fails everything: connecting, every statement and
    every rollback (the dead connection of a stopped server)."""

    def __init__(self, app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
        self.down = False
        with app.app_context():
            self.engine = db.engine
        dialect = self.engine.dialect
        self.error = dialect.loaded_dbapi.OperationalError
        rollback = dialect.do_rollback

        def failing_rollback(connection: Any) -> None:
            self.fail()
            rollback(connection)

        monkeypatch.setattr(dialect, "do_rollback", failing_rollback)
        for name in ("do_connect", "do_execute", "do_execute_no_params", "do_executemany"):
            event.listen(self.engine, name, self.on_event)

    def fail(self) -> None:
        if self.down:
            raise self.error("the database server is not answering")

    def on_event(self, *_args: Any) -> None:
        self.fail()

    def close(self) -> None:
        for name in ("do_connect", "do_execute", "do_execute_no_params", "do_executemany"):
            event.remove(self.engine, name, self.on_event)


@pytest.fixture
def outage(prod_app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[Outage]:
    found = Outage(prod_app, monkeypatch)
    yield found
    found.down = False
    found.close()


def test_during_an_outage_every_page_is_the_apps_error_page_in_the_users_language(
    prod_app: Flask, outage: Outage
) -> None:
    client = prod_app.test_client()
    signup(client, "anna")  # logged in: every page reads the session from the database
    board = start_game(client)
    client.get(board)
    outage.down = True
    for url in ("/", board, "/leagues/", "/account/"):
        response = client.get(url, headers={"Accept-Language": "it"})
        page = response.get_data(as_text=True)
        assert response.status_code == 500, url
        assert "Il database non ha risposto" in page, url
        assert "Non è stato modificato nulla" in page, url


def test_a_page_read_just_before_the_database_went_away_is_still_sent(
    prod_app: Flask, outage: Outage
) -> None:
    """The end-of-request rollback meets the dead connection: the page read is sent."""
    going = {"down": False}

    @prod_app.after_request
    def go_down(response: Any) -> Any:
        outage.down = going["down"]
        return response

    client = prod_app.test_client()
    board = start_game(client)
    going["down"] = True
    response = client.get(board)
    going["down"] = False
    assert response.status_code == 200
    outage.down = False
    assert client.get(board).status_code == 200


def test_a_save_during_an_outage_says_the_hand_was_not_saved(
    prod_app: Flask, outage: Outage
) -> None:
    client = prod_app.test_client()
    board = start_game(client)
    data = form_keys(client, board) | {"sides-0-cards": "22", "sides-0-denari": "6"}
    data |= {"settebello": "0", "primiera": "0", "action": "save"}
    outage.down = True
    response = client.post(f"{board}/hands", data=data, headers={"Accept-Language": "en"})
    page = response.get_data(as_text=True)
    assert response.status_code == 500
    assert "The hand was not saved" in page
    assert "if the form is empty, type the hand again" in page
    italian = client.post(f"{board}/hands", data=data, headers={"Accept-Language": "it"})
    assert "La mano non è stata salvata" in italian.get_data(as_text=True)
    outage.down = False
    # The database is back: the same form saves, without a restart.
    assert client.post(f"{board}/hands", data=data).status_code == 302
    assert hands(prod_app) == 1


def test_sqlite_made_read_only_then_writable_saves_again_without_a_restart(
    prod_app: Flask,
) -> None:
    """Connections opened while the file was read-only stay read-only (here: SQLite's
    ``query_only``, as root ignores file modes); the pool must drop them."""
    with prod_app.app_context():
        engine = db.engine
    if engine.dialect.name != "sqlite":
        pytest.skip("SQLite's read-only file")
    read_only = {"on": False}

    def opened(connection: Any, _record: Any) -> None:
        if read_only["on"]:
            connection.execute("PRAGMA query_only = ON")

    event.listen(engine, "connect", opened)
    try:
        client = prod_app.test_client()
        board = start_game(client)
        engine.dispose()
        read_only["on"] = True
        refused = record(client, board)
        assert refused.status_code == 500
        assert "La mano non è stata salvata" in refused.get_data(as_text=True)
        read_only["on"] = False
        assert record(client, board).status_code == 302
        assert record(client, board).status_code == 302
        assert hands(prod_app) == 2
    finally:
        event.remove(engine, "connect", opened)
