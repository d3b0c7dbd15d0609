"""The rows of a board's history are rendered once and kept (games.board.history_rows):
a kept row must never show what another board, language, link or version of the game
would (names, points, running totals, the link to the hand's page)."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.helpers import EN, IT
from tests.helpers.games import REFERENCE, hidden, record, start_game

HOSTILE = ('<b>"Anna"</b> & co', "Bruno<script>alert(1)</script>")


def row(html: str, number: int) -> str:
    match = re.search(rf'<li id="hand-{number}" class="hand-row.*?</li>', html, re.S)
    assert match, f"no row of hand {number}"
    return match.group(0)


def view_url(client: FlaskClient, url: str) -> str:
    html = client.get(url).get_data(as_text=True)
    match = re.search(r'(http://localhost)?(/v/[\w-]+)"', html)
    assert match
    return match.group(2)


def test_a_kept_row_follows_language_link_and_names(client: FlaskClient) -> None:
    url = start_game(client, names=HOSTILE)
    record(client, url)
    english = row(client.get(url, headers=EN).get_data(as_text=True), 1)
    assert "Hand 1" in english
    assert "Dealt by" in english
    assert f'href="{url}/hands/1"' in english
    assert "&lt;script&gt;" in english
    assert "<script>alert" not in english
    italian = row(client.get(url, headers=IT).get_data(as_text=True), 1)
    assert "Mano 1" in italian
    assert "Hand 1" not in italian
    view = view_url(client, url)
    followed = row(client.get(view, headers=EN).get_data(as_text=True), 1)
    assert f'href="{view}/hands/1"' in followed
    assert url not in followed
    # Another game with other names: its own rows, none of the first game's.
    other = start_game(client, names=("Carla", "Dario"))
    record(client, other)
    theirs = row(client.get(other, headers=EN).get_data(as_text=True), 1)
    assert "Carla +5" in theirs
    assert "Anna" not in theirs
    assert url not in theirs


def test_a_kept_row_follows_a_correction_before_it(client: FlaskClient) -> None:
    url = start_game(client)
    record(client, url)
    record(client, url, **(REFERENCE | {"sides-0-scope": "0"}))
    before = client.get(url, headers=EN).get_data(as_text=True)
    assert "5–0" in row(before, 1)
    assert "9–0" in row(before, 2)
    form = client.get(f"{url}/hands/1/edit", headers=EN).get_data(as_text=True)
    data = {"csrf_token": hidden(form, "csrf_token"), "action": "save"}
    data |= {"sides-0-cards": "18", "sides-1-cards": "22", "sides-0-denari": "6"}
    data |= {"sides-1-denari": "4", "settebello": "1", "primiera": "1"}
    data |= {"sides-0-scope": "0", "sides-1-scope": "2"}
    assert client.post(f"{url}/hands/1/edit", data=data, headers=EN).status_code == 302
    after = client.get(url, headers=EN).get_data(as_text=True)
    assert "1–5" in row(after, 1)
    assert "Bruno +5" in row(after, 1)
    assert "5–5" in row(after, 2)  # hand 2 itself did not change; its running total did
