"""A league's file carries its confirmation: the league's setting, each game's, and where
each hand stands with the other side (the side that entered it, the sides it awaits, a
dispute with the disputing side's version); importing it gives back the same league,
whose standings count only what they counted before. A file from before confirmations
still imports, every hand confirmed. A player's page (rating, statistics) says how many
of their hands wait, as the standings do."""

from __future__ import annotations

import json
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.accounts.services import find_user
from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand, HandRevision, HandStatus
from scorekeeper.leagues import transfer
from scorekeeper.leagues.models import League, LeagueResult, Player
from tests.helpers.actions import import_file, post_form
from tests.helpers.games import form_keys, record
from tests.web.test_confirmation import (
    THEIRS,
    _confirm_form,
    _league,
    _send_confirm,
    _side_link,
)


def _export(client: FlaskClient, public_id: str) -> dict[str, Any]:
    response = client.get(f"/leagues/{public_id}/export.json")
    assert response.status_code == 200
    data: dict[str, Any] = json.loads(response.get_data())
    return data


def _played(app: Flask, client: FlaskClient) -> tuple[str, dict[str, Any]]:
    """Olga's league: Anna enters three hands; Bruno confirms the last and disputes the
    second; the first still awaits him. The league's id and its file."""
    public_id, board, clients = _league(app, client)
    anna, bruno = clients["anna"], clients["bruno"]
    for _ in range(3):
        assert record(anna, board).status_code == 302
    link = _side_link(app, 1)
    _send_confirm(bruno, _confirm_form(bruno, link))  # the newest question: hand 3
    dispute = f"{link}/hands/2/dispute"
    data = form_keys(bruno, dispute) | THEIRS | {"action": "save", "side": "1"}
    assert bruno.post(dispute, data=data).status_code == 302
    return public_id, _export(client, public_id)


def _statuses(app: Flask, league_id: int) -> list[tuple[int, str, int, int | None]]:
    with app.app_context():
        rows = db.session.execute(
            select(Hand.number, Hand.status, Hand.awaiting_sides, Hand.entered_side)
            .join(Game, Game.id == Hand.game_id)
            .where(Game.league_id == league_id)
            .order_by(Hand.number)
        )
        return [(n, s, a, e) for n, s, a, e in rows]


def test_the_file_carries_the_setting_and_each_hand_s_state(
    app: Flask, client: FlaskClient
) -> None:
    _public_id, data = _played(app, client)
    assert data["league"]["requires_confirmation"] is True
    (game,) = data["games"]
    assert game["requires_confirmation"] is True
    first, second, third = game["hands"]
    assert first["status"] == "awaiting"
    assert first["awaiting"] == [1]
    assert first["entered_side"] == 0
    assert second["status"] == "disputed"
    assert second["dispute"]["side"] == 1
    assert second["dispute"]["mode"] == "counts"
    assert "status" not in third  # confirmed: as a file from before confirmations says
    assert third["entered_side"] == 0


def test_a_league_with_confirmations_round_trips(app: Flask, client: FlaskClient) -> None:
    public_id, data = _played(app, client)
    with app.app_context():
        before = db.session.scalars(select(League.id).where(League.public_id == public_id)).one()
    response = import_file(client, json.dumps(data).encode())
    assert response.status_code == 302
    copy_id = response.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    assert _export(client, copy_id) == data
    with app.app_context():
        copy = db.session.scalars(select(League).where(League.public_id == copy_id)).one()
        assert copy.requires_confirmation
        after = copy.id
        # The dispute came along, with Bruno's version: the league's scorers can resolve it.
        disputes = db.session.scalars(
            select(HandRevision)
            .join(Game, Game.id == HandRevision.game_id)
            .where(Game.league_id == after, HandRevision.action == "dispute")
        ).all()
        assert [(d.number, d.side, d.totals) for d in disputes] == [(2, 1, [2, 2])]
        # A game with hands not confirmed counts in neither league's standings.
        assert (
            db.session.scalars(
                select(LeagueResult).where(LeagueResult.league_id.in_([before, after]))
            ).all()
            == []
        )
    assert _statuses(app, after) == _statuses(app, before)
    assert [status for _n, status, _a, _e in _statuses(app, after)] == [
        HandStatus.AWAITING,
        HandStatus.DISPUTED,
        HandStatus.CONFIRMED,
    ]


def test_a_file_from_before_confirmations_imports_every_hand_confirmed(
    app: Flask, client: FlaskClient
) -> None:
    _public_id, data = _played(app, client)
    del data["league"]["requires_confirmation"]
    for game in data["games"]:
        del game["requires_confirmation"]
        for hand in game["hands"]:
            for key in ("status", "awaiting", "entered_side", "dispute"):
                hand.pop(key, None)
    response = import_file(client, json.dumps(data).encode())
    assert response.status_code == 302
    copy_id = response.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    with app.app_context():
        copy = db.session.scalars(select(League).where(League.public_id == copy_id)).one()
        assert not copy.requires_confirmation
        copy_league = copy.id
    assert {status for _n, status, _a, _e in _statuses(app, copy_league)} == {HandStatus.CONFIRMED}


def test_a_hand_state_the_file_gets_wrong_is_refused(app: Flask, client: FlaskClient) -> None:
    _public_id, data = _played(app, client)
    hands = data["games"][0]["hands"]
    for change, where in (
        ({"status": "maybe"}, "games[0].hands[0].status"),
        ({"awaiting": [0]}, "games[0].hands[0].awaiting"),  # the side that entered it
        ({"awaiting": [5]}, "games[0].hands[0].awaiting[0]"),
        ({"dispute": {"side": 1, "mode": "counts", "entry": {}}}, "games[0].hands[0].dispute"),
        ({"status": "disputed"}, "games[0].hands[0].dispute"),  # no version of its own
    ):
        broken = json.loads(json.dumps(data))
        broken["games"][0]["hands"][0] = hands[0] | change
        with app.app_context():
            owner = find_user("olga")
            assert owner is not None
            with pytest.raises(transfer.ImportRefused) as refused:
                transfer.import_league(broken, owner)
            assert refused.value.where == where
    with app.app_context():
        assert len(db.session.scalars(select(League)).all()) == 1


def test_a_player_s_page_says_how_many_of_their_hands_wait(app: Flask, client: FlaskClient) -> None:
    public_id, _data = _played(app, client)
    with app.app_context():
        players = {
            p.name: p.id
            for p in db.session.scalars(
                select(Player).join(League).where(League.public_id == public_id)
            )
        }
    page = unescape(client.get(f"/leagues/{public_id}/players/{players['Anna']}").get_data(True))
    assert "1 mano in attesa di conferma · 1 mano contestata." in page
    assert "Il punteggio e le statistiche contano una partita quando ogni sua mano" in page
    english = client.get(
        f"/leagues/{public_id}/players/{players['Bruno']}", headers={"Accept-Language": "en"}
    )
    assert "1 hand awaiting confirmation · 1 hand disputed." in english.get_data(True)
    # The league's page says the ratings wait too.
    assert "Lo stesso vale per i punteggi." in unescape(
        client.get(f"/leagues/{public_id}/").get_data(True)
    )
    # A player who plays none of those games: nothing waits.
    post_form(
        client, f"/leagues/{public_id}/players", f"/leagues/{public_id}/players", name="Elena"
    )
    with app.app_context():
        elena = db.session.scalars(select(Player.id).where(Player.name == "Elena")).one()
    page = unescape(client.get(f"/leagues/{public_id}/players/{elena}").get_data(True))
    assert 'id="unconfirmed-count"' not in page
