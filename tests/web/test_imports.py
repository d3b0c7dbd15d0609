"""League imports: hostile files are refused with where and why, in the user's language."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from scorekeeper.accounts.services import create_user, find_user
from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand, HandRevision
from scorekeeper.leagues import demo, transfer
from scorekeeper.leagues.models import League, LeagueResult, Player
from tests.actions import signup
from tests.helpers import csrf_token

EN = {"Accept-Language": "en"}
IT = {"Accept-Language": "it"}
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


def _upload(client: FlaskClient, body: bytes, headers: dict[str, str]) -> tuple[int, str]:
    """Post `body` as a league file; the status and the page's text.

    The form is encoded here, in memory: the test client would spool a body over
    500 KB to a temporary file that it never closes (a ResourceWarning)."""
    boundary, form = encode_multipart(
        {
            "csrf_token": csrf_token(client, "/leagues/import"),
            "file": FileStorage(io.BytesIO(body), "league.json"),
        }
    )
    response = client.post(
        "/leagues/import",
        data=form,
        headers=headers,
        content_type=f"multipart/form-data; boundary={boundary}",
    )
    return response.status_code, unescape(response.get_data(as_text=True))


def test_a_file_nested_200000_levels_deep_is_refused_not_a_crash(client: FlaskClient) -> None:
    signup(client, "owner")
    body = b"[" * 200_000 + b"]" * 200_000
    status, page = _upload(client, body, EN)
    assert status == 422
    assert "Nothing was imported. The file nests lists or objects too deeply" in page
    status, page = _upload(client, b'{"a":' * 200_000 + b"1" + b"}" * 200_000, IT)
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
    status, page = _upload(client, json.dumps(data).encode(), EN)
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
    status, page = _upload(client, body, EN)
    assert status == 422
    assert f"Nothing was imported. games[1].hands[0].sides[1].{flag}: must be true or false" in page
    status, page = _upload(client, body, IT)
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
    status, page = _upload(client, json.dumps(data).encode(), IT)
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
