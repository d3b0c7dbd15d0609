"""Bad input gets a clear refusal, next to its field and in the user's language: numbers
no database holds, control characters, over-long hidden keys, choices that are none."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.games.models import Hand
from tests.helpers.actions import create_league, post_form, signup
from tests.helpers.games import REFERENCE, record, start_game


def errors(html: str) -> list[str]:
    """The text of every error list on the page."""
    return [
        unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found))).strip()
        for found in re.findall(r'<ul class="error"[^>]*>(.*?)</ul>', html, re.S)
    ]


def summary(html: str) -> list[str]:
    """The lines of the refused hand's summary, on top of the form."""
    found = re.search(r'<div class="error-summary"[^>]*>(.*?)</div>', html, re.S)
    assert found is not None, "no error summary"
    return [
        unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", line))).strip()
        for line in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)
    ]


def refused(client: FlaskClient, board: str, **fields: str) -> list[str]:
    """Send the reference hand with ``fields`` changed: refused (422), nothing saved."""
    response = record(client, board, **{**REFERENCE, **fields})
    assert response.status_code == 422
    return errors(response.get_data(as_text=True))


@pytest.fixture
def board(client: FlaskClient) -> str:
    client.set_cookie("lang", "en")
    return start_game(client)


def test_a_best_card_that_is_not_a_card_is_named(client: FlaskClient, board: str) -> None:
    assert refused(client, board, primiera="cards", **{"sides-0-best_D": "99D"}) == [
        "'99D' is not a card of denari."
    ]


def test_a_napola_run_without_napola_is_said(client: FlaskClient, board: str) -> None:
    assert refused(client, board, **{"sides-0-napola_run": "3"}) == [
        "napola is not played in this game"
    ]


@pytest.mark.parametrize("request_id", ["x" * 10_000, "a\x00b"])
def test_a_request_id_no_hand_can_keep_is_refused_with_a_message(
    app: Flask, client: FlaskClient, board: str, request_id: str
) -> None:
    response = record(client, board, **{**REFERENCE, "request_id": request_id})
    assert response.status_code == 422
    # A message of no field is said in the summary alone.
    assert summary(response.get_data(as_text=True)) == [
        "This form could not be read: open the page again and enter the hand."
    ]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Hand)) == 0


def test_a_count_beyond_any_number_is_too_large(client: FlaskClient, board: str) -> None:
    messages = refused(client, board, **{"sides-0-cards": "9" * 25})
    assert messages[0] == "This number is too large."


def test_a_nul_in_a_name_is_refused_next_to_it_in_italian(client: FlaskClient) -> None:
    """PostgreSQL cannot store a NUL; SQLite refuses it the same, in the user's language."""
    client.set_cookie("lang", "it")
    signup(client, "owner")
    league = create_league(client)
    url = f"/leagues/{league}/players"
    response = post_form(client, url, url, name="An\x00na")
    assert response.status_code == 422
    assert "Togli da questo testo i caratteri di controllo (come NUL)." in errors(
        response.get_data(as_text=True)
    )


def test_a_huge_season_in_the_query_is_no_season(client: FlaskClient) -> None:
    signup(client, "owner")
    league = create_league(client)
    for page in ("", "standings.csv", "players"):
        response = client.get(f"/leagues/{league}/{page}?season={'9' * 25}")
        assert response.status_code == 200, page


@pytest.mark.parametrize(
    "path",
    ["/g/{token}/hands/9999999999999999999999999", "/g/{token}%00", "/v/a%00b/hands/1"],
)
def test_urls_beyond_the_database_are_404(client: FlaskClient, board: str, path: str) -> None:
    token = board.rsplit("/", 1)[1]
    assert client.get(path.format(token=token)).status_code == 404
