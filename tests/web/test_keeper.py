"""Whose things a phone keeps (`scorekeeper.keeper`): every page names its keeper, the
same for an account wherever it logs in, another for another account, a fixed one for a
visitor; the offline page (everyone's) names none; and the list of games started in this
browser belongs to its keeper."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.keeper import ANONYMOUS, KEEPER_HEADER
from tests.helpers import EN
from tests.helpers.actions import login, logout, signup
from tests.helpers.games import start_game

META = re.compile(r'<meta name="sk-keeper" content="([^"]*)">')


def keeper(client: FlaskClient, url: str = "/") -> str:
    """The keeper a page names, in its header; its <meta> says the same."""
    response = client.get(url, headers=EN)
    assert response.status_code == 200
    header = response.headers[KEEPER_HEADER]
    found = META.search(response.get_data(as_text=True))
    assert found is not None
    assert found.group(1) == header
    return header


def test_every_page_names_its_keeper(app: Flask, client: FlaskClient) -> None:
    """A visitor's pages name the anonymous keeper; an account's name an opaque id, the
    same on another device; another account's another; log out: anonymous again."""
    assert keeper(client) == ANONYMOUS
    signup(client, "nadia")
    nadia = keeper(client)
    assert nadia != ANONYMOUS
    assert re.fullmatch(r"[0-9a-f]{32}", nadia)
    assert keeper(client, "/account/") == nadia
    other_device = app.test_client()
    login(other_device, "nadia")
    assert keeper(other_device, "/leagues/") == nadia
    signup(client, "nico")  # over nadia's session
    nico = keeper(client)
    assert nico not in (nadia, ANONYMOUS)
    logout(client)
    assert keeper(client) == ANONYMOUS
    board = start_game(client)
    assert keeper(client, board) == ANONYMOUS


def test_the_offline_page_names_no_keeper(client: FlaskClient) -> None:
    """The offline page is everyone's (kept in the worker's shell): its scripts must not
    take it for a change of account."""
    signup(client, "nadia")
    html = client.get("/offline/en").get_data(as_text=True)
    assert 'name="sk-keeper"' not in html
    assert "/static/js/page.js" in html  # the same chrome as every page


def test_the_games_started_here_belong_to_their_keeper(client: FlaskClient) -> None:
    """The home page lists the games started in this browser by whoever is here now: the
    next account to log in over the first does not find the first one's games, nor does
    a visitor after it logs out; the first account finds them again."""
    signup(client, "nico")
    logout(client)
    signup(client, "nadia")
    board = start_game(client, ("Anna", "Bruno"))
    token = board.rsplit("/", 1)[1]

    def listed() -> bool:
        return token in client.get("/", headers=EN).get_data(as_text=True)

    assert listed()
    login(client, "nico")
    assert not listed()
    logout(client)
    assert not listed()
    login(client, "nadia")
    assert listed()


def test_a_visitors_games_stay_the_visitors(client: FlaskClient) -> None:
    """Anonymous play: the games a visitor started stay listed for the next visit."""
    board = start_game(client, ("Anna", "Bruno"))
    token = board.rsplit("/", 1)[1]
    assert token in client.get("/", headers=EN).get_data(as_text=True)
    start_game(client, ("Carla", "Dario"))
    home = client.get("/", headers=EN).get_data(as_text=True)
    assert token in home
    assert "Carla" in home
