"""Names people give are text people can read: NFC, no invisible characters, never only
blanks; usernames compared in NFKC with case folded, and none that looks like another."""

from __future__ import annotations

import re
import unicodedata
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import Seat
from scorekeeper.leagues.models import Player
from tests.helpers.actions import create_league, logout, post_form, signup
from tests.helpers.games import start_game

INVISIBLE = (
    "Remove the invisible characters (such as a right-to-left mark or a zero-width space)"
    " from this name."
)
BLANK = "A name needs at least one visible character."
#: Names that show other than they are, or show nothing.
HIDDEN = {
    "right-to-left override": "Anna\u202egnp.exe",
    "left-to-right isolate": "\u2066Anna\u2069",
    "zero-width space": "An\u200bna",
    "zero-width joiner": "Anna\u200d",
    "byte order mark": "\ufeffAnna",
}
BLANKS = {
    "Hangul filler": "\u3164",
    "combining marks alone": "\u0301\u0301",
    "braille blank": "\u2800 \u2800",
}


def errors(html: str) -> list[str]:
    return [
        unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found))).strip()
        for found in re.findall(r'<ul class="error"[^>]*>(.*?)</ul>', html, re.S)
    ]


def add_player(client: FlaskClient, league: str, name: str) -> tuple[int, list[str]]:
    url = f"/leagues/{league}/players"
    response = post_form(client, url, url, name=name)
    return response.status_code, errors(response.get_data(as_text=True))


@pytest.fixture
def league(client: FlaskClient) -> str:
    client.set_cookie("lang", "en")
    signup(client, "owner")
    return create_league(client)


@pytest.mark.parametrize("name", HIDDEN.values(), ids=HIDDEN.keys())
def test_invisible_characters_are_refused_in_names(
    client: FlaskClient, league: str, name: str
) -> None:
    assert add_player(client, league, name) == (422, [INVISIBLE])


@pytest.mark.parametrize("name", BLANKS.values(), ids=BLANKS.keys())
def test_a_name_that_shows_nothing_is_refused(client: FlaskClient, league: str, name: str) -> None:
    assert add_player(client, league, name) == (422, [BLANK])


def test_names_are_kept_in_nfc(app: Flask, client: FlaskClient, league: str) -> None:
    """An "e" and a combining accent is the same name as a precomposed "è"."""
    decomposed = unicodedata.normalize("NFD", "Niccolò")
    assert decomposed != "Niccolò"
    assert add_player(client, league, decomposed)[0] == 302
    assert add_player(client, league, "Niccolò") == (
        422,
        ["There is already a player with this name in the league."],
    )
    start_game(client, (decomposed, "Bruno"))
    with app.app_context():
        assert db.session.scalars(select(Player.name)).all() == ["Niccolò"]
        assert "Niccolò" in db.session.scalars(select(Seat.name)).all()


def test_names_on_the_new_game_form_are_checked(client: FlaskClient) -> None:
    client.set_cookie("lang", "en")
    url = "/games/new"
    response = post_form(
        client,
        url,
        url,
        format="2",
        target="11",
        first_dealer="0",
        **{"names-0": HIDDEN["right-to-left override"], "names-1": "Bruno"},
    )
    assert response.status_code == 422
    assert INVISIBLE in errors(response.get_data(as_text=True))


@pytest.mark.parametrize(
    "lookalike",
    [
        "\u0391nna",  # Greek capital Alpha
        "\u0410nna",  # Cyrillic capital A
        "\uff21nna",  # full-width A (NFKC)
        "ANNA",  # case
        "anna",
        "\u0430nna",  # Cyrillic small a
        "Ann\u0430",
        "\U0001d400nna",  # mathematical bold A
    ],
)
def test_a_username_that_looks_like_another_is_refused(client: FlaskClient, lookalike: str) -> None:
    client.set_cookie("lang", "en")
    assert signup(client, "Anna").status_code == 302
    logout(client)
    response = signup(client, lookalike)
    assert response.status_code == 422
    assert errors(response.get_data(as_text=True)) in (
        ["This username is taken. Choose another."],
        ["This username looks like an existing one. Choose another."],
    )


def test_usernames_that_only_look_alike_to_nobody_are_both_allowed(client: FlaskClient) -> None:
    assert signup(client, "paolo").status_code == 302
    logout(client)
    assert signup(client, "paola").status_code == 302
    logout(client)
    for lookalike in ("pao1o", "pa0lo"):  # a digit one for an "l", a zero for an "o"
        assert signup(client, lookalike).status_code == 422
