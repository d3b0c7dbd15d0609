"""League imports: hostile files are refused with where and why, in the user's language."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import unescape
from typing import Any, TypeAlias

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper import jobs
from scorekeeper.accounts.services import create_user, find_user
from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand, HandRevision
from scorekeeper.leagues import demo, imports, transfer
from scorekeeper.leagues.models import League, LeagueImport, LeagueResult, Player
from tests.helpers import EN, IT
from tests.helpers.actions import signup
from tests.helpers.games import record, start_game, totals
from tests.helpers.leagues import send_league_file, upload_league_file

Change = Callable[[dict[str, Any]], object]


def _counts() -> tuple[int, ...]:
    return tuple(
        db.session.scalar(select(func.count()).select_from(model)) or 0
        for model in (League, Player, Game, Hand, HandRevision, LeagueResult)
    )


def _league_file(app: Flask, username: str = "owner") -> dict[str, Any]:
    """A small valid league file (5 games of a demo league) exported by `username`."""
    with app.app_context():
        owner = find_user(username) or create_user(username, "a long password")
        return transfer.export_league(demo.seed_league(owner, "Demo", 4, 5, seed=7))


def _running() -> int:
    """Imports under way (a finished one keeps its row, for its progress page)."""
    return db.session.scalar(select(func.count()).where(LeagueImport.status == "running")) or 0


def _post(client: FlaskClient, body: bytes, headers: dict[str, str]) -> str:
    """Post `body` as a league file; the progress page it redirects to (at once)."""
    response = send_league_file(client, body, headers, follow=False)
    assert response.status_code == 302, response.get_data(as_text=True)[-500:]
    location = response.headers["Location"]
    assert re.fullmatch(r"/leagues/imports/\d+", location), location
    return location


#: An app, its client logged in as "owner", a league file and the counts of the rows.
_Importer: TypeAlias = tuple[Flask, FlaskClient, dict[str, Any], tuple[int, ...]]


@pytest.fixture
def importer(app: Flask) -> _Importer:
    """The app, its client logged in as "owner", a league file of owner's and the rows'
    counts before any import."""
    client = app.test_client()
    signup(client, "owner")
    data = _league_file(app)
    with app.app_context():
        return app, client, data, _counts()


@contextmanager
def _killed_after_a_chunk(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Imports die (`SystemExit`) after their first chunk is committed, cleaning nothing
    (as a worker killed mid-import would)."""
    monkeypatch.setattr(imports, "abandon", lambda *_args: None)

    def killed(_league_id: int, **_games: int) -> None:
        raise SystemExit("worker killed")

    transfer.chunk_stored.connect(killed)
    try:
        yield
    finally:
        transfer.chunk_stored.disconnect(killed)
        monkeypatch.undo()


def test_a_file_nested_200000_levels_deep_is_refused_not_a_crash(client: FlaskClient) -> None:
    signup(client, "owner")
    body = b"[" * 200_000 + b"]" * 200_000
    status, page = upload_league_file(client, body, EN)
    assert status == 422
    assert "Nothing was imported. The file nests lists or objects too deeply" in page
    status, page = upload_league_file(client, b'{"a":' * 200_000 + b"1" + b"}" * 200_000, IT)
    assert status == 422
    assert "Non è stato importato nulla. Il file annida liste o oggetti" in page


def test_a_megabyte_of_unknown_keys_in_a_hand_is_refused_and_nothing_is_stored(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "owner")
    data = _league_file(app)
    data["games"][2]["hands"][1]["entry"]["sides"][0]["notes"] = "x" * 1_000_000
    with app.app_context():
        before = _counts()
    status, page = upload_league_file(client, json.dumps(data).encode(), EN)
    assert status == 422
    assert "games[2].hands[1].sides[0].notes: unknown field 'notes'" in page
    with app.app_context():
        assert _counts() == before


def _set(path: tuple[object, ...], value: object) -> Change:
    """A change to the file: the value at `path` becomes `value`."""

    def change(data: dict[str, Any]) -> None:
        *inner, last = path
        target: Any = data
        for key in inner:
            target = target[key]
        target[last] = value

    return change


_HAND = ("games", 1, "hands", 0)
_COUNTS_HAND = {
    "mode": "counts",
    "entry": {
        "sides": [
            {
                "cards": 40,
                "denari": 10,
                "settebello": True,
                "re_bello": False,
                "napola_run": 0,
                "scope": 0,
            },
            {
                "scope": 0,
                "napola_run": 0,
                "re_bello": False,
                "settebello": False,
                "denari": 0,
                "cards": 0,
            },
        ],
        "primiera": 0,
    },
}

WRONG_TYPES = [
    pytest.param(_set(("version",), True), r"^file: this is not a league", id="version true"),
    pytest.param(_set(("version",), 1.0), r"^file: this is not a league", id="version 1.0"),
    pytest.param(_set(("league", "name"), 7), r"^league\.name: must be a name", id="name number"),
    pytest.param(_set(("league", "public"), "yes"), r"^league\.public: must be true", id="public"),
    pytest.param(_set(("players",), {"0": "Anna"}), r"^players: must be a list", id="players"),
    pytest.param(_set(("players", 0, "id"), "0"), r"^players\[0\]\.id: must be a whole", id="id"),
    pytest.param(_set(("players", 0, "id"), 0.0), r"^players\[0\]\.id: must be a whole", id="id"),
    pytest.param(
        _set(("games", 1, "seats", 0), True),
        r"^games\[1\]\.seats\[0\]: not a player",
        id="seat true",
    ),
    pytest.param(
        _set(("games", 1, "seats", 0), 1.0), r"^games\[1\]\.seats\[0\]: not a player", id="seat 1.0"
    ),
    pytest.param(
        _set(("games", 1, "first_dealer"), "0"), r"^games\[1\]\.first_dealer: must be a whole"
    ),
    pytest.param(
        _set(("games", 1, "played_at"), 1767225600), r"^games\[1\]\.played_at: must be a date"
    ),
    pytest.param(
        _set(("games", 1, "played_at"), "0001-01-01T00:00:00+01:00"),
        r"^games\[1\]\.played_at: must be a date",
        id="played_at before year 1 in UTC",
    ),
    pytest.param(_set(("games", 1, "hands"), "all of them"), r"^games\[1\]\.hands: must be a list"),
    pytest.param(_set((*_HAND,), "7D"), r"^games\[1\]\.hands\[0\]: must be an object"),
    pytest.param(_set((*_HAND, "mode"), 1), r"^games\[1\]\.hands\[0\]\.mode: must be counts"),
    pytest.param(
        _set((*_HAND, "entry", "sides", 0, "scope"), "1"),
        r"^games\[1\]\.hands\[0\]\.sides\[0\]\.scope: ",
        id="scope as text",
    ),
    pytest.param(
        _set((*_HAND, "entry", "sides", 0, "cards", 0), 7),
        r"^games\[1\]\.hands\[0\]\.sides\[0\]\.cards\[0\]: ",
        id="a card as a number",
    ),
    pytest.param(
        _set(("seasons", 0, "archived"), "no"),
        r"^seasons\[0\]\.archived: must be true or false",
        id="archived as text",
    ),
]


@pytest.mark.parametrize(("change", "reason"), WRONG_TYPES)
def test_a_wrong_type_anywhere_is_refused_with_where_it_is(
    app: Flask, change: Change, reason: str
) -> None:
    data = _league_file(app)
    change(data)
    with app.app_context():
        owner = find_user("owner")
        assert owner is not None
        before = _counts()
        with pytest.raises(transfer.ImportRefused, match=reason):
            transfer.import_league(data, owner)
        assert _counts() == before


@pytest.mark.parametrize("flag", ["settebello", "re_bello"])
def test_a_boolean_of_an_import_hand_given_as_text_is_refused_in_the_users_language(
    app: Flask, client: FlaskClient, flag: str
) -> None:
    signup(client, "owner")
    data = _league_file(app)
    data["games"][1]["hands"][0] = json.loads(json.dumps(_COUNTS_HAND))
    data["games"][1]["hands"][0]["entry"]["sides"][1][flag] = "false"
    body = json.dumps(data).encode()
    with app.app_context():
        before = _counts()
    status, page = upload_league_file(client, body, EN)
    assert status == 422
    assert f"Nothing was imported. games[1].hands[0].sides[1].{flag}: must be true or false" in page
    status, page = upload_league_file(client, body, IT)
    assert status == 422
    assert f"games[1].hands[0].sides[1].{flag}: deve essere true o false" in page
    with app.app_context():
        assert _counts() == before


def test_refusals_of_the_file_itself_are_in_the_users_language(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "owner")
    data = _league_file(app)
    data["games"][3]["seats"] = [0]
    status, page = upload_league_file(client, json.dumps(data).encode(), IT)
    assert status == 422
    assert "Non è stato importato nulla. games[3].seats: il formato 2 richiede 2 posti" in page


def test_what_is_stored_of_an_import_is_the_entry_as_read_never_the_file(app: Flask) -> None:
    """Counts sent with keys in any order and no best cards are stored in the engine's
    own form (`CountsEntry.to_json`: ``primiera_cards`` null), in the hand and in its
    revision."""
    data = _league_file(app)
    data["games"][1]["hands"][0] = json.loads(json.dumps(_COUNTS_HAND))
    with app.app_context():
        owner = find_user("owner")
        assert owner is not None
        league = transfer.import_league(data, owner)
        game_id = db.session.scalars(
            select(Game.id).where(Game.league_id == league.id).order_by(Game.created_at, Game.id)
        ).all()[1]
        hand = db.session.scalars(select(Hand).where(Hand.game_id == game_id, Hand.number == 1))
        stored = hand.one()
        (revision,) = db.session.scalars(
            select(HandRevision).where(HandRevision.hand_id == stored.id)
        )
        sent: Any = _COUNTS_HAND["entry"]
        expected = {
            "sides": [{**side, "primiera_cards": None} for side in sent["sides"]],
            "primiera": 0,
        }
        assert stored.entry == expected
        assert revision.entry == expected


# An import in short transactions, one at a time per user ---------------------------


class Paused:
    """An import running in a thread, held after its first chunk of games is committed
    while the ``with`` block runs; `error` is what it raised, `league_id` what it made."""

    def __init__(self, app: Flask, data: dict[str, Any], username: str) -> None:
        self.reached = threading.Event()
        self.go_on = threading.Event()
        self.error: BaseException | None = None
        self.league_id: int | None = None
        self._thread = threading.Thread(target=self._run, args=(app, data, username))

    def _hold(self, _league_id: int, games: int) -> None:
        if threading.get_ident() == self._thread.ident and games == transfer.IMPORT_CHUNK:
            self.reached.set()
            assert self.go_on.wait(60), "the test never resumed the import"

    def _run(self, app: Flask, data: dict[str, Any], username: str) -> None:
        with app.app_context():
            try:
                owner = find_user(username)
                assert owner is not None
                self.league_id = transfer.import_league(data, owner).id
            except BaseException as err:  # handed to the test on leaving
                self.error = err
            finally:
                db.session.remove()
                self.reached.set()

    def __enter__(self) -> Paused:
        transfer.chunk_stored.connect(self._hold)
        self._thread.start()
        assert self.reached.wait(60), "the import never paused"
        if self.error is not None:
            raise self.error
        return self

    def __exit__(self, *_exc: object) -> None:
        self.go_on.set()
        self._thread.join(60)
        transfer.chunk_stored.disconnect(self._hold)


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Imports written two games per transaction (a 5-game file takes three)."""
    monkeypatch.setattr(transfer, "IMPORT_CHUNK", 2)


@pytest.mark.usefixtures("small_chunks")
def test_a_hand_is_saved_at_another_table_while_an_import_is_under_way(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "owner")
    data = _league_file(app)
    data["league"]["name"] = "Imported"
    table = app.test_client()
    board = start_game(table)
    with Paused(app, data, "owner") as paused:
        # The import has committed its first chunk and waits: the tables save meanwhile
        # (on SQLite a write lock held across chunks fails this with "database is locked").
        response = record(table, board)
        assert response.status_code == 302, response.get_data(as_text=True)[-500:]
        assert totals(table.get(board).get_data(as_text=True)) != [0, 0]
        # ... and the league being imported is nowhere to be seen yet.
        assert "Imported" not in client.get("/leagues/").get_data(as_text=True)
        with app.app_context():
            hidden = db.session.scalars(select(League).where(League.importing.is_(True))).one()
            public_id = hidden.public_id
        assert client.get(f"/leagues/{public_id}/").status_code == 404
    assert paused.error is None
    assert client.get(f"/leagues/{public_id}/").status_code == 200
    assert "Imported" in client.get("/leagues/").get_data(as_text=True)
    with app.app_context():
        copy = db.session.get_one(League, paused.league_id)
        assert transfer.export_league(copy) == data
        assert _running() == 0


@pytest.mark.usefixtures("small_chunks")
def test_an_import_refused_in_its_last_chunk_removes_what_the_first_ones_wrote(
    app: Flask,
) -> None:
    data = _league_file(app)
    data["games"][-1]["hands"][0]["entry"]["sides"][0]["cards"] = ["7D", "7D"]
    with app.app_context():
        owner = find_user("owner")
        assert owner is not None
        before = _counts()
        with pytest.raises(transfer.ImportRefused, match=r"^games\[4\]\.hands\[0\]\.sides"):
            transfer.import_league(data, owner)
        assert _counts() == before
        assert _running() == 0


@pytest.mark.usefixtures("small_chunks")
def test_one_import_at_a_time_per_user_and_any_number_queued_on_the_server(app: Flask) -> None:
    clients = {name: app.test_client() for name in ("owner", "other", "third")}
    for name, client in clients.items():
        signup(client, name)
    data = _league_file(app)
    body = json.dumps(data).encode()
    with Paused(app, data, "owner"):
        status, page = upload_league_file(clients["owner"], body, EN)
        assert status == 409
        assert "An import of yours is already running: try again when it has finished." in page
        status, page = upload_league_file(clients["owner"], body, IT)
        assert "Una tua importazione è già in corso: riprova quando è finita." in page
        with Paused(app, data, "other"):
            # No server-wide refusal: the queue's consumers take imports as they can.
            status, _page = upload_league_file(clients["third"], body, EN)
            assert status == 200
    status, _page = upload_league_file(clients["owner"], body, EN)
    assert status == 200
    with app.app_context():
        assert _running() == 0
        assert db.session.scalar(select(func.count()).where(League.name == "Demo")) == 1 + 4


def _job_id() -> int:
    """The one import job's id."""
    return db.session.scalars(select(LeagueImport.id)).one()


@pytest.mark.usefixtures("small_chunks")
def test_an_import_cut_short_by_a_killed_consumer_is_written_again_once_never_shown_half(
    importer: _Importer, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, client, data, before = importer
    with _killed_after_a_chunk(monkeypatch), app.app_context():
        owner = find_user("owner")
        assert owner is not None
        with pytest.raises(SystemExit):
            transfer.import_league(data, owner)
        db.session.remove()
    with app.app_context():
        assert _running() == 1
        half = db.session.scalars(select(League).where(League.importing.is_(True))).one()
        assert client.get(f"/leagues/{half.public_id}/").status_code == 404
        job_id = _job_id()
    # The queue delivers the task again (its consumer died before acknowledging it).
    with app.app_context():
        transfer.import_task(job_id)
    with app.app_context():
        assert _running() == 0
        assert db.session.scalars(select(League.importing)).all() == [False, False]
        assert imports.hidden_leagues() == []
        league_ids = db.session.scalars(select(League.id)).all()
        copy = db.session.get_one(League, max(league_ids))
        assert transfer.export_league(copy) == data
        games_now = db.session.scalar(select(func.count()).select_from(Game))
        assert games_now == before[2] + len(data["games"])
        after = _counts()
    # A delivery after it finished (at least once may be twice) changes nothing.
    with app.app_context():
        transfer.import_task(job_id)
    with app.app_context():
        assert _counts() == after


def test_imports_are_rate_limited_per_user(limited_app: Flask) -> None:
    limited_app.config["LEAGUE_IMPORT_RATE_LIMIT"] = "2 per minute"
    client = limited_app.test_client()
    signup(client, "owner")
    body = json.dumps(_league_file(limited_app)).encode()
    assert upload_league_file(client, body, EN)[0] == 200
    assert upload_league_file(client, body, EN)[0] == 200
    status, page = upload_league_file(client, body, EN)
    assert status == 429
    assert "Nothing was imported. Too many imports in a short time: wait a bit." in page
    other = limited_app.test_client()
    signup(other, "other")
    assert upload_league_file(other, body, EN)[0] == 200


def test_a_file_with_more_hands_than_an_import_can_take_is_refused_before_any_work(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    signup(client, "owner")
    data = _league_file(app)
    hands = sum(len(game["hands"]) for game in data["games"])
    monkeypatch.setattr(transfer, "MAX_HANDS", hands - 1)
    with app.app_context():
        before = _counts()
    status, page = upload_league_file(client, json.dumps(data).encode(), IT)
    assert status == 422
    assert f"games: {hands} smazzate in tutto: un file può portarne al massimo {hands - 1}" in page
    status, page = upload_league_file(client, json.dumps(data).encode(), EN)
    assert f"games: {hands} hands in all: one file can bring at most {hands - 1}" in page
    with app.app_context():
        assert _counts() == before
        assert _running() == 0


@pytest.mark.usefixtures("small_chunks")
def test_an_attempt_overtaken_by_a_later_delivery_writes_nothing_more(app: Flask) -> None:
    data = _league_file(app)
    with app.app_context():
        before = _counts()
    with Paused(app, data, "owner") as paused, app.app_context():
        # Delivered again while the first attempt waits (its consumer was taken for dead):
        # the new attempt removes what the first wrote and writes the whole league.
        league_id = transfer.run_import(_job_id())
        assert league_id is not None
    assert isinstance(paused.error, imports.ImportAbandoned)
    with app.app_context():
        assert _running() == 0
        assert imports.hidden_leagues() == []
        copy = db.session.get_one(League, league_id)
        assert transfer.export_league(copy) == data
        games_now = db.session.scalar(select(func.count()).select_from(Game))
        assert games_now == before[2] + len(data["games"])


# In the background, followed on a progress page ------------------------------------


@pytest.mark.usefixtures("small_chunks")
def test_an_import_runs_outside_the_request_and_its_page_shows_how_far_it_is(
    app: Flask, client: FlaskClient
) -> None:
    seen: list[tuple[int, str, str]] = []  # status, page, thread of each look at the page
    signup(client, "owner")
    data = _league_file(app)

    def look(league_id: int, **_games: int) -> None:
        # In the import's own thread, after each chunk: what its page says meanwhile.
        job_id = db.session.scalar(
            select(LeagueImport.id).where(LeagueImport.league_id == league_id)
        )
        response = client.get(f"/leagues/imports/{job_id}", headers=IT)
        page = unescape(response.get_data(as_text=True))
        seen.append((response.status_code, page, threading.current_thread().name))

    transfer.chunk_stored.connect(look)
    try:
        progress = _post(client, json.dumps(data).encode(), EN)
    finally:
        transfer.chunk_stored.disconnect(look)
    assert [status for status, _page, _thread in seen] == [200, 200, 200]
    _status, page, thread = seen[0]
    assert thread != threading.main_thread().name
    assert "2 di 5 partite" in page
    assert '<meta http-equiv="refresh" content="2">' in page
    assert "4 di 5 partite" in seen[1][1]
    assert "5 di 5 partite" in seen[2][1]
    # Done: the page leads to the new league.
    response = client.get(progress, headers=EN)
    assert response.status_code == 302
    league_page = client.get(response.headers["Location"], headers=EN)
    assert league_page.status_code == 200
    assert "League imported." in league_page.get_data(as_text=True)
    with app.app_context():
        league = db.session.scalars(select(League).order_by(League.id.desc())).first()
        assert league is not None
        assert response.headers["Location"] == f"/leagues/{league.public_id}/"
        assert transfer.export_league(league) == data
        assert _running() == 0


def test_an_imports_page_is_its_users_alone(app: Flask, client: FlaskClient) -> None:
    signup(client, "owner")
    data = _league_file(app)
    with app.app_context():
        owner = find_user("owner")
        assert owner is not None
        job_id = transfer.queue_import(data, owner)  # stored, not run yet
    page = client.get(f"/leagues/imports/{job_id}", headers=EN)
    assert page.status_code == 200
    assert "0 of 5 games" in page.get_data(as_text=True)
    other = app.test_client()
    signup(other, "other")
    assert other.get(f"/leagues/imports/{job_id}").status_code == 404
    assert other.get(f"/leagues/imports/{job_id + 1}").status_code == 404
    assert client.get("/leagues/imports/99999999999999999999").status_code == 404
    anonymous = app.test_client().get(f"/leagues/imports/{job_id}")
    assert anonymous.status_code == 302
    assert anonymous.headers["Location"].startswith("/account/login")


@pytest.mark.usefixtures("small_chunks")
def test_a_file_refused_in_the_background_shows_why_and_leaves_nothing(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "owner")
    data = _league_file(app)
    data["games"][4]["seats"] = [0]  # in the last chunk: the first two are written first
    with app.app_context():
        before = _counts()
    progress = _post(client, json.dumps(data).encode(), IT)
    response = client.get(progress, headers=IT)
    page = unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert "Non è stato importato nulla. games[4].seats: il formato 2 richiede 2 posti" in page
    assert 'action="/leagues/import"' in page  # the form, to send the fixed file again
    page = unescape(client.get(progress, headers=EN).get_data(as_text=True))
    assert "Nothing was imported. games[4].seats: format 2 needs 2 seats" in page
    with app.app_context():
        assert _counts() == before
        assert _running() == 0
    data["games"][4]["seats"] = [0, 1]
    fixed = client.get(_post(client, json.dumps(data).encode(), EN))
    assert fixed.status_code == 302


@pytest.mark.usefixtures("small_chunks")
def test_an_import_whose_consumer_died_shows_its_progress_until_delivered_again(
    importer: _Importer, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, client, data, before = importer

    def dies_after_its_first_chunk(_name: str, job_id: int) -> None:
        with pytest.raises(SystemExit):
            transfer.run_import(job_id)

    with _killed_after_a_chunk(monkeypatch):
        monkeypatch.setattr(jobs, "enqueue", dies_after_its_first_chunk)
        progress = _post(client, json.dumps(data).encode(), EN)
    with app.app_context():
        assert _running() == 1
        assert db.session.scalars(select(League.importing)).all() == [False, True]
        job_id = _job_id()
    response = client.get(progress, headers=IT)
    assert response.status_code == 200
    assert "2 di 5 partite" in unescape(response.get_data(as_text=True))
    with app.app_context():
        transfer.import_task(job_id)  # the queue's next delivery
    response = client.get(progress, headers=EN)
    assert response.status_code == 302
    with app.app_context():
        assert _running() == 0
        assert imports.hidden_leagues() == []
        games_now = db.session.scalar(select(func.count()).select_from(Game))
        assert games_now == before[2] + len(data["games"])


def test_an_import_whose_message_was_lost_is_replaced_by_the_users_next_upload(
    importer: _Importer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A web worker killed between the job's commit and its enqueueing leaves a job that
    never begins: the user's next upload replaces it (one under way would refuse it)."""
    app, client, data, before = importer
    with monkeypatch.context() as lost:
        lost.setattr(jobs, "enqueue", lambda *_args: None)
        progress = _post(client, json.dumps(data).encode(), EN)
    assert "0 of 5 games" in client.get(progress, headers=EN).get_data(as_text=True)
    with app.app_context():
        lost_job = _job_id()
    status, page = upload_league_file(client, json.dumps(data).encode(), EN)
    assert status == 200
    assert "League imported." in page
    with app.app_context():
        assert _running() == 0
        transfer.import_task(lost_job)  # its message, found after all: nothing to do
        games_now = db.session.scalar(select(func.count()).select_from(Game))
        assert games_now == before[2] + len(data["games"])


#: A hand an older file may hold: Anna took 3 denari but shows no best denaro, which the
#: scorer reads as her lacking denari (a suit left blank is one the side holds none of).
_BLANK_DENARO_HAND = {
    "mode": "counts",
    "entry": {
        "sides": [
            {
                "cards": 16,
                "denari": 3,
                "settebello": False,
                "re_bello": False,
                "napola_run": 0,
                "scope": 0,
                "primiera_cards": ["7C", "7B", "7S"],
            },
            {
                "cards": 24,
                "denari": 7,
                "settebello": True,
                "re_bello": False,
                "napola_run": 0,
                "scope": 0,
                "primiera_cards": ["7D", "6C", "6B", "6S"],
            },
        ],
        "primiera": None,
    },
}


@pytest.mark.usefixtures("small_chunks")
def test_a_stored_hand_with_a_blank_suit_it_took_is_refused_naming_the_hand(
    app: Flask, client: FlaskClient
) -> None:
    """An import re-scores every hand with the checks of the form: a hand whose best cards
    leave blank a suit the side took is refused with where it is and what to mark, and
    nothing of the file is kept (the hand is in the last chunk, after two are written)."""
    signup(client, "owner")
    data = _league_file(app)
    data["games"][4]["hands"][0] = json.loads(json.dumps(_BLANK_DENARO_HAND))
    body = json.dumps(data).encode()
    with app.app_context():
        before = _counts()
    where = "games[4].hands[0].sides[0].primiera_cards"
    status, page = upload_league_file(client, body, EN)
    assert status == 422
    assert f"Nothing was imported. {where}: this side took 3 denari: mark its best denaro" in page
    status, page = upload_league_file(client, body, IT)
    assert status == 422
    assert f"{where}: questa parte ha preso 3 denari: segna il suo denaro migliore" in page
    with app.app_context():
        assert _counts() == before
        assert _running() == 0
    # Marked, the same hand is one a deal gives, and the file is imported.
    data["games"][4]["hands"][0]["entry"]["sides"][0]["primiera_cards"] = ["6D", "7C", "7B", "7S"]
    status, _page = upload_league_file(client, json.dumps(data).encode(), EN)
    assert status == 200
    with app.app_context():
        assert _counts()[0] == before[0] + 1
