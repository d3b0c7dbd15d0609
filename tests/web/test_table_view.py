"""The table view's page (issue 26): served for the edit and the view link, unchanged
while the game is (304), the far half turned with two sides, one link back.
(How it reads on a phone: tests/e2e/test_table_view.py.)"""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from tests.helpers.games import hand_points, record, start_game


def test_the_table_view_of_both_links(app: Flask, client: FlaskClient) -> None:
    board = start_game(client, ("Anna", "Bruno", "Carla", "Dario"), format="2x2")
    record(client, board, **hand_points(3, 0))  # 3-1
    page = client.get(f"{board}/table")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'id="table-total-0">3<' in html
    assert 'id="table-total-1">1<' in html
    assert html.count("table-turned") == 1
    assert f'href="{board}#record"' in html
    # In pairs the marks name the player: Anna dealt hand 1 (seat 0), Bruno deals hand 2
    # and Carla, on his right, plays first.
    assert '<span class="seat-mark mark-dealer">mazziere: Bruno</span>' in html
    assert '<span class="seat-mark mark-first">di mano: Carla</span>' in html
    # Unchanged while the game is.
    again = client.get(f"{board}/table", headers={"If-None-Match": page.headers["ETag"]})
    assert again.status_code == 304
    with app.app_context():
        game = db.session.scalars(select(Game)).one()
    view = client.get(f"/v/{game.view_token}/table").get_data(as_text=True)
    assert 'id="table-total-0">3<' in view
    assert f'href="/v/{game.view_token}#board"' in view
    assert client.get(f"/v/{board.rsplit('/', 1)[1]}/table").status_code == 404
    assert client.get("/g/" + "A" * 32 + "/table").status_code == 404


def test_three_sides_are_not_turned(client: FlaskClient) -> None:
    board = start_game(client, ("Anna", "Bruno", "Carla"), format="3")
    html = client.get(f"{board}/table").get_data(as_text=True)
    assert "table-turned" not in html
    assert 'id="table-total-2">0<' in html
