"""The board's empty hand form is rendered once per language, names and rules, then filled
in per board (games.board.blank_hand_form): it must be exactly what the form's macro draws
for a fresh form, with this board's own CSRF token, request id, hand number and links."""

from __future__ import annotations

import re

import pytest
from flask import Flask, get_template_attribute, url_for
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.games.forms import counts_form
from scorekeeper.games.models import Game
from tests.helpers.games import REFERENCE, form_keys, hidden, record, start_game

HOSTILE = ('<b>"Anna"</b> & co', "Bruno<script>alert(1)</script>")


def hand_form(html: str) -> str:
    match = re.search(
        r'<form method="post" action="[^"]*/hands" id="hand-form".*?</form>', html, re.S
    )
    assert match, "no hand form on the board"
    return match.group(0)


def macro_form(app: Flask, url: str, request_id: str, number: int, lang: str) -> str:
    """The macro's own rendering of a fresh form for the game at ``url``."""
    token = url.rsplit("/", 1)[1]
    with app.test_request_context(headers={"Accept-Language": lang}):
        game = db.session.execute(db.select(Game).order_by(Game.id.desc())).scalars().first()
        assert game is not None
        form = counts_form(game.side_names(), number=str(number))
        form.request_id.data = request_id
        render = get_template_attribute("games/_hand_form.html", "counts_form")
        outbox_attrs = get_template_attribute("games/_offline.html", "outbox_attrs")
        return str(
            render(
                form,
                game.rules,
                game.side_names(),
                None,
                url_for("games.record", token=token),
                url_for("games.preview", token=token),
                f"Save hand {number}" if lang == "en" else f"Salva la mano {number}",
                outbox_attrs(game, token),
            )
        )


def without_csrf(html: str) -> str:
    return re.sub(r'name="csrf_token" value="[^"]*"', "CSRF", html)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("variants", [{}, {"napola": "y", "re_bello": "y"}])
def test_the_blank_form_is_what_the_macro_draws(
    app: Flask, client: FlaskClient, lang: str, variants: dict[str, str]
) -> None:
    client.get(f"/lang/{lang}")
    url = start_game(client, names=HOSTILE, **variants)
    hand = REFERENCE | ({"re_bello": "0"} if variants else {})
    assert record(client, url, **hand).status_code == 302
    for number in (2, 3):  # the second board comes from the cache
        html = client.get(url).get_data(as_text=True)
        form = hand_form(html)
        assert hidden(form, "number") == str(number)
        expected = macro_form(app, url, hidden(form, "request_id"), number, lang)
        assert without_csrf(form) == without_csrf(expected.strip())
        assert "<script>alert" not in form
        assert "&lt;script&gt;" in form
        saved = client.post(f"{url}/hands", data=form_keys(client, url) | hand | {"action": "save"})
        assert saved.status_code == 302


def test_each_board_has_its_own_request_id_and_a_csrf_token_that_saves(
    client: FlaskClient,
) -> None:
    url = start_game(client)
    first, second = (hand_form(client.get(url).get_data(as_text=True)) for _ in range(2))
    assert hidden(first, "request_id") != hidden(second, "request_id")
    # (The CSRF token is signed with the time, so two boards may carry different ones.)
    other = start_game(client, names=("Anna", "Bruno"))
    form = hand_form(client.get(other).get_data(as_text=True))
    assert f'action="{other}/hands"' in form
    assert url not in form
    # The form filled in from the cache saves (its CSRF token is this session's).
    assert record(client, other).status_code == 302


def test_another_session_gets_its_own_csrf_token(app: Flask) -> None:
    one, two = app.test_client(), app.test_client()
    url = start_game(one)
    token = url.rsplit("/", 1)[1]
    tokens = []
    for client in (one, two):
        client.get(f"/g/{token}")  # the edit link works for anyone who has it
        tokens.append(
            hidden(hand_form(client.get(f"/g/{token}").get_data(as_text=True)), "csrf_token")
        )
    assert tokens[0] != tokens[1]
    assert record(two, url).status_code == 302
