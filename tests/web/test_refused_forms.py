"""Every refused form answers 422 with its page shown again, and what was typed kept."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.leagues.models import Player
from tests.helpers.actions import create_league, post_form, signup
from tests.helpers.games import REFERENCE, record, start_game
from tests.helpers.leagues import ids

#: (form page, where it posts or None for the same page, what is sent, what is shown again)
REFUSED = {
    "sign up": (
        "/account/signup",
        None,
        {"username": "ab", "password": "correct horse", "confirm": "correct horse"},
        'value="ab"',
    ),
    "log in": (
        "/account/login",
        None,
        {"username": "owner", "password": "not the password"},
        'value="owner"',
    ),
    "change password": (
        "/account/password",
        None,
        {"current": "not the password", "password": "a new pass", "confirm": "a new pass"},
        "This is not your current password.",
    ),
    "new game": (
        "/games/new",
        None,
        {"format": "2", "names-0": "Anna", "names-1": "", "target": "11", "first_dealer": "0"},
        'value="Anna"',
    ),
    "new league": (
        "/leagues/new",
        None,
        {"name": "Circolo", "format": "2", "target": "1000"},
        'value="Circolo"',
    ),
    "league settings": (
        "/leagues/{league}/settings",
        None,
        {"name": "Circolo", "format": "2", "target": "0"},
        'value="Circolo"',
    ),
    "player": ("/leagues/{league}/players", None, {"name": " anna "}, 'value=" anna "'),
    "season": (
        "/leagues/{league}/seasons",
        None,
        {"name": "Autunno", "starts_on": "2026-12-01", "ends_on": "2026-09-01"},
        'value="Autunno"',
    ),
    "invitation": (
        "/leagues/{league}/members",
        "/leagues/{league}/invitations",
        {"role": "owner"},
        "Not a valid choice",
    ),
    "link a player": (
        "/leagues/{league}/players/{anna}/link",
        None,
        {"user": "99999"},
        "Not a valid choice",
    ),
    "league game": (
        "/leagues/{league}/games/new",
        None,
        {"players-0": "0", "new_names-0": "", "players-1": "0", "new_names-1": "Bruno"},
        'value="Bruno"',
    ),
    "attach a game": (
        "/leagues/{league}/games/attach",
        None,
        {"link": "https://example.org/g/no-such-game"},
        'value="https://example.org/g/no-such-game"',
    ),
}


@pytest.mark.parametrize("name", REFUSED)
def test_a_refused_form_is_422_with_the_input_kept(
    app: Flask, client: FlaskClient, name: str
) -> None:
    client.set_cookie("lang", "en")
    signup(client, "owner")
    league = create_league(client)
    post_form(client, f"/leagues/{league}/players", f"/leagues/{league}/players", name="Anna")
    anna = ids(app, Player, league)[0]
    page, action, data, kept = REFUSED[name]
    page = page.format(league=league, anna=anna)
    response = post_form(client, page, (action or page).format(league=league), **data)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert kept in response.get_data(as_text=True)


def test_a_refused_hand_is_422_with_the_input_kept(client: FlaskClient) -> None:
    board = start_game(client)
    response = record(client, board, **{**REFERENCE, "sides-0-cards": "41"})
    assert response.status_code == 422
    assert 'value="41"' in response.get_data(as_text=True)


def test_a_hand_previewed_with_mistakes_is_422(client: FlaskClient) -> None:
    """The Preview button on a hand the scoring package refuses: its reasons, nothing saved."""
    board = start_game(client)
    response = record(client, board, action="preview", **{**REFERENCE, "sides-0-cards": "41"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'value="41"' in html
    assert "da 0 a 40 carte" in html  # the scoring package's reason, next to the field
