"""A SQLite file made read-only (mode 0400) under a running app, then writable again.

Run as a program, in a process that file modes really bind:

    python -m tests.helpers.read_only <folder>

As root, file modes bind nothing (CAP_DAC_OVERRIDE): the test runs this under
``setpriv`` without that capability (and CAP_DAC_READ_SEARCH), still as root, so the
kernel checks the owner's bits as for any user: `without_dac_override` gives the
command. The program prints, as JSON, what each step answered: the app's own statuses
and pages, the file modes, the hands stored. Nothing here fakes SQLite's state: the
``-shm`` file SQLite makes while the file is read-only is the one that stays.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import stat
import sys
from pathlib import Path
from typing import Any

#: Capabilities that let root read and write whatever the file modes say.
DAC_CAPABILITIES = ("dac_override", "dac_read_search")


def without_dac_override(command: list[str]) -> list[str] | None:
    """``command`` in a process whose file modes bind: itself when not root, under
    ``setpriv`` without the capabilities that bypass them as root; None without setpriv."""
    if os.geteuid() != 0:
        return command
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    dropped = ",".join(f"-{name}" for name in DAC_CAPABILITIES)
    return [setpriv, f"--bounding-set={dropped}", f"--inh-caps={dropped}", *command]


def modes(database: Path) -> dict[str, str]:
    """The database file's mode and its journals' (absent: none)."""
    found = {}
    for suffix in ("", "-wal", "-shm"):
        path = Path(f"{database}{suffix}")
        if path.exists():
            found[suffix or "db"] = oct(stat.S_IMODE(path.stat().st_mode))
    return found


def hands(database: Path) -> int:
    """The hands stored, read with SQLite itself (read-only, so it changes nothing)."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return int(connection.execute("SELECT count(*) FROM hand").fetchone()[0])
    finally:
        connection.close()


def writable_afresh(database: Path) -> bool:
    """Whether a new connection (as after a restart) may write: a row added, then
    rolled back."""
    connection = sqlite3.connect(database)
    try:
        connection.execute("INSERT INTO rate_limit (key, hits, expires_at) VALUES ('probe', 1, 0)")
    except sqlite3.OperationalError:
        return False
    finally:
        connection.rollback()
        connection.close()
    return True


def scenario(folder: Path) -> dict[str, Any]:
    """Save a hand; make the file 0400 (the app's connections closed meanwhile, as
    after a quiet spell); save; make it 0600; save twice; close every connection and
    write with a new one, as after a restart: statuses, pages, modes, hands."""
    import flask_migrate

    from scorekeeper import create_app
    from scorekeeper.extensions import db
    from tests.helpers import make_test_config
    from tests.helpers.games import record, start_game

    database = folder / "scorekeeper.sqlite3"
    app = create_app(
        make_test_config(f"sqlite:///{database}", PROPAGATE_EXCEPTIONS=False, TESTING=False)
    )
    with app.app_context():
        flask_migrate.upgrade()
        engine = db.engine
    client = app.test_client()
    board = start_game(client)
    report: dict[str, Any] = {"first": record(client, board).status_code}
    engine.dispose()  # every connection closed, as when the workers are quiet
    database.chmod(0o400)
    refused = record(client, board, headers={"Accept-Language": "it"})
    refused_en = record(client, board, headers={"Accept-Language": "en"})
    report |= {
        "read_only": refused.status_code,
        "read_only_page": refused.get_data(as_text=True),
        "read_only_page_en": refused_en.get_data(as_text=True),
        "read_only_retry_after": refused.headers.get("Retry-After"),
        "modes_read_only": modes(database),
        "hands_read_only": hands(database),
    }
    database.chmod(0o600)
    report["writable"] = [record(client, board).status_code for _ in range(2)]
    report["modes_writable"] = modes(database)
    report["hands_writable"] = hands(database)
    engine.dispose()
    report["writable_afresh"] = writable_afresh(database)
    return report


if __name__ == "__main__":
    sys.stdout.write(json.dumps(scenario(Path(sys.argv[1]))))
