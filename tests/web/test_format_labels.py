"""A format has one name wherever the app shows it, in English and in Italian: the forms
that choose one (a game's, the hand checker's, a league's, a tournament's), the rules page,
a league's new game and a tournament's header all say `format_label`'s words."""

from __future__ import annotations

import html as html_text
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.scoring import FORMATS
from scorekeeper.ui.labels import format_label
from tests.helpers.actions import create_league, signup
from tests.helpers.tournaments import create

#: Each format's one name, by language (a change of name is a change here, on purpose).
NAMES = {
    "en": {
        "2": "2 players",
        "3": "3 players, each for themselves",
        "2x2": "4 players in 2 teams of 2",
        "4": "4 players, each for themselves",
        "2x3": "6 players in 2 teams of 3",
        "3x2": "6 players in 3 teams of 2",
    },
    "it": {
        "2": "2 giocatori",
        "3": "3 giocatori, ognuno per sé",
        "2x2": "4 giocatori in 2 squadre da 2",
        "4": "4 giocatori, ognuno per sé",
        "2x3": "6 giocatori in 2 squadre da 3",
        "3x2": "6 giocatori in 3 squadre da 2",
    },
}
LANGUAGES = list(NAMES)


def page(client: FlaskClient, url: str, language: str) -> str:
    response = client.get(url, headers={"Accept-Language": language})
    assert response.status_code == 200, url
    return html_text.unescape(response.get_data(as_text=True))


def radio_names(html: str) -> dict[str, str]:
    """The options of the radio group ``format``: the name shown, by format key."""
    found = re.findall(r'name="format" type="radio" value="([^"]+)"> <span>([^<]*)</span>', html)
    return dict(found)


def option_names(html: str) -> dict[str, str]:
    """The options of the select ``format``: the name shown, by format key."""
    select = re.search(r'<select [^>]*name="format">(.*?)</select>', html, re.S)
    assert select, "no format select"
    return dict(re.findall(r'<option (?:selected )?value="([^"]+)">([^<]*)</option>', select[1]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_names_are_format_label_s(app: Flask, language: str) -> None:
    with app.test_request_context(headers={"Accept-Language": language}):
        assert {key: format_label(fmt) for key, fmt in FORMATS.items()} == NAMES[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_that_offers_a_format_names_it_alike(client: FlaskClient, language: str) -> None:
    names = NAMES[language]
    assert radio_names(page(client, "/games/new", language)) == names
    assert option_names(page(client, "/check/hand", language)) == names
    rules = page(client, "/rules", language)
    listed = re.findall(r"<li>([^<·]*) · ", rules)
    assert [name for name in listed if name in names.values()] == list(names.values())
    signup(client, "organiser")
    league = radio_names(page(client, "/leagues/new", language))
    assert league == {key: names[key] for key in ("2", "3", "2x2")}
    tournament = radio_names(page(client, "/tournaments/new", language))
    assert tournament == {key: names[key] for key in ("2", "2x2", "3")}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", ["2", "2x2", "3"])
def test_a_league_and_a_tournament_name_their_format_alike(
    client: FlaskClient, language: str, key: str
) -> None:
    name = NAMES[language][key]
    signup(client, "organiser")
    league = create_league(client, format=key)
    assert f": {name}, " in page(client, f"/leagues/{league}/games/new", language)
    settings = {"structure": "round_robin", "preset": "scopa-2x2"} if key == "3" else {}
    tournament = create(client, format=key, **settings)
    assert f" · {name} · " in page(client, f"/tournaments/{tournament}", language)
