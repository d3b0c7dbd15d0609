"""A league's tables and player pages show napola figures only where napola is played
(issue #26, point 9): never "Napola taken 0%" in a league that does not play it."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.leagues.models import Player
from tests.helpers import EN, IT
from tests.helpers.actions import create_league, signup
from tests.helpers.leagues import ids, start_league_game, win_for_side_a


def played_league(client: FlaskClient, **settings: str) -> str:
    """A league of Anna and Bruno with one finished game (Anna won); its public id."""
    signup(client, "owner")
    public_id = create_league(client, **settings)
    win_for_side_a(client, start_league_game(client, public_id, "Anna", "Bruno"))
    return public_id


def pages(app: Flask, client: FlaskClient, public_id: str, headers: dict[str, str]) -> list[str]:
    """The league's standings page and Anna's page."""
    anna = ids(app, Player, public_id)[0]
    return [
        client.get(f"/leagues/{public_id}/", headers=headers).get_data(as_text=True),
        client.get(f"/leagues/{public_id}/players/{anna}", headers=headers).get_data(as_text=True),
    ]


@pytest.mark.parametrize("headers", [EN, IT], ids=["en", "it"])
def test_a_league_without_napola_shows_no_napola(
    app: Flask, client: FlaskClient, headers: dict[str, str]
) -> None:
    public_id = played_league(client)
    standings, player = pages(app, client, public_id, headers)
    assert "Anna" in standings
    assert re.search(r"napola", standings, re.I) is None
    assert re.search(r"napola", player, re.I) is None
    assert "Primiera" in standings


def test_a_league_with_napola_shows_its_figures(app: Flask, client: FlaskClient) -> None:
    public_id = played_league(client, napola="y")
    standings, player = pages(app, client, public_id, EN)
    assert '<th scope="col">Napola</th>' in standings
    assert "Every figure: games, hands, scope, settebello, primiera, napola" in standings
    assert "<dt>Napola taken</dt><dd>0%</dd>" in player
