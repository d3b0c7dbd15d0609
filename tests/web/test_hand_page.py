"""A hand's page (games/hand.html) as a player reads it: who took the primiera in words
when the hand was entered that way, the best cards drawn as cards, and only the categories
the game plays (issue #26, point 9)."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.helpers import EN, IT
from tests.helpers.games import REFERENCE, record, start_game


def primiera_row(html: str) -> str:
    """The primiera row of the hand's counts table."""
    table = re.search(r'<table class="counts-table">.*?</table>', html, re.S)
    assert table, "no counts table"
    row = re.search(r'<tr><th scope="row">primiera</th>(.*?)</tr>', table.group(0), re.S)
    assert row, "no primiera row"
    return row.group(1)


def categories(html: str) -> list[str]:
    """The categories of the hand's breakdown, in order."""
    return re.findall(r'<tr class="points">\s*<th scope="row">([^<]+)</th>', html)


def test_a_primiera_entered_as_taken_by_a_side_says_who_in_words(client: FlaskClient) -> None:
    url = start_game(client)
    assert record(client, url).status_code == 302  # the reference hand: Anna took it
    row = primiera_row(client.get(f"{url}/hands/1", headers=EN).get_data(as_text=True))
    assert "Entered as taken by Anna." in row
    assert "colspan=" in row  # one sentence for the whole row, no cell per side
    assert "—" not in row


def test_a_primiera_taken_by_nobody_says_so_in_italian(client: FlaskClient) -> None:
    url = start_game(client)
    assert record(client, url, **(REFERENCE | {"primiera": "none"})).status_code == 302
    row = primiera_row(client.get(f"{url}/hands/1", headers=IT).get_data(as_text=True))
    assert "—" not in row
    assert "nessuno" in row


def test_a_hand_shows_only_the_categories_its_game_plays(client: FlaskClient) -> None:
    plain = start_game(client)
    record(client, plain)
    html = client.get(f"{plain}/hands/1", headers=EN).get_data(as_text=True)
    assert categories(html) == ["scope", "carte", "denari", "settebello", "primiera"]
    assert "Not played in this game." not in html
    assert "re bello" not in html
    assert "napola" not in html
    both = start_game(client, napola="y", re_bello="y")
    assert record(client, both, **(REFERENCE | {"re_bello": "0"})).status_code == 302
    html = client.get(f"{both}/hands/1", headers=EN).get_data(as_text=True)
    assert categories(html) == [
        "scope",
        "carte",
        "denari",
        "settebello",
        "primiera",
        "re bello",
        "napola",
    ]


def test_the_view_links_hand_page_says_the_same(client: FlaskClient) -> None:
    url = start_game(client)
    record(client, url)
    board = client.get(url).get_data(as_text=True)
    view = re.search(r"(/v/[\w-]+)\"", board)
    assert view
    html = client.get(f"{view.group(1)}/hands/1", headers=EN).get_data(as_text=True)
    assert "Entered as taken by Anna." in primiera_row(html)
    assert "napola" not in html
