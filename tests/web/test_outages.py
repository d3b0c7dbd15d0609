"""The database goes away, or turns read-only, and comes back: the app's own error page
meanwhile (saying nothing was saved), and saves work again without a restart."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, func, select

from scorekeeper.extensions import db
from scorekeeper.games.models import Hand
from tests.helpers.actions import signup
from tests.helpers.games import form_keys, record, start_game
from tests.helpers.read_only import without_dac_override

ROOT = Path(__file__).resolve().parents[2]


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
        assert refused.status_code == 503  # read-only for now: try again
        assert "La mano non è stata salvata" in refused.get_data(as_text=True)
        read_only["on"] = False
        assert record(client, board).status_code == 302
        assert record(client, board).status_code == 302
        assert hands(prod_app) == 2
    finally:
        event.remove(engine, "connect", opened)


def test_a_sqlite_file_made_0400_then_0600_saves_again_by_itself(tmp_path: Path) -> None:
    """The real file modes, in a process they bind (as root: without CAP_DAC_OVERRIDE,
    see tests/helpers/read_only.py): while the file is 0400 a save is refused with a
    503 in the user's language and nothing is lost; once it is 0600 again, saves work
    without a restart, and the ``-shm`` file SQLite made 0400 meanwhile is 0600 again, so
    a new connection (a restart) writes too."""
    command = without_dac_override([sys.executable, "-m", "tests.helpers.read_only", str(tmp_path)])
    if command is None:
        pytest.skip("running as root without setpriv: file modes would bind nothing")
    done = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["first"] == 302
    assert report["modes_read_only"]["db"] == "0o400"
    assert report["read_only"] == 503
    assert report["read_only_retry_after"] == "30"
    assert "Per ora non si può salvare nulla" in report["read_only_page"]
    assert "La mano non è stata salvata" in report["read_only_page"]
    assert "The hand was not saved" in report["read_only_page_en"]
    assert report["hands_read_only"] == 1
    assert report["writable"] == [302, 302]
    assert report["hands_writable"] == 3
    assert report["modes_writable"] == {"db": "0o600", "-wal": "0o600", "-shm": "0o600"}
    assert report["writable_afresh"]
