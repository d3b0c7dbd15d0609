"""What a phone's outbox meets on the server: the save route's JSON answers, the fresh
CSRF token, and the game as JSON on the board (to score hands offline)."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import Hand
from scorekeeper.games.services import find_by_edit_token, new_edit_link
from tests.helpers import csrf_token
from tests.helpers.games import REFERENCE, form_keys, page_texts, start_game

JSON = {"Accept": "application/json", "Accept-Language": "en"}


def _hands(app: Flask) -> list[tuple[int, str]]:
    with app.app_context():
        rows = db.session.execute(select(Hand.number, Hand.request_id).order_by(Hand.number))
        return [(row.number, row.request_id) for row in rows]


def _send(client: FlaskClient, url: str, data: dict[str, str], **headers: str) -> Any:
    return client.post(f"{url}/hands", data=data | {"action": "save"}, headers=JSON | headers)


def _fresh_token(client: FlaskClient, url: str) -> str:
    response = client.get(f"{url}/csrf")
    assert response.status_code == 200
    token: str = response.get_json()["csrf_token"]
    return token


def test_a_saved_hand_answers_with_the_server_totals(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    data = form_keys(client, url) | REFERENCE
    response = _send(client, url, data)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    body = response.get_json()
    assert body == {
        "status": "saved",
        "number": 1,
        "message": "Hand 1 saved.",
        "totals": [5, 0],
        "next_hand": 2,
        "winner": None,
        "spareggio": False,
    }
    # Sent again (the phone never heard the first answer): recorded once.
    again = _send(client, url, data).get_json()
    assert again["status"] == "already_saved"
    assert again["number"] == 1
    assert again["totals"] == [5, 0]
    assert _hands(app) == [(1, data["request_id"])]


def test_only_a_foreground_resend_flashes(client: FlaskClient) -> None:
    """A new hand is told by the board the script opens (``?saved=N``), never flashed; a
    hand sent again from the page (Save tapped after a lost answer) is flashed as already
    saved, and one sent from the outbox in the background flashes nothing."""
    url = start_game(client)
    client.get(url)  # the game's own "started" message is shown and gone
    data = form_keys(client, url) | REFERENCE
    foreground = {"X-Scorekeeper-Flash": "1"}
    assert _send(client, url, data, **foreground).get_json()["status"] == "saved"
    assert "saved." not in client.get(url, headers=JSON).text
    assert _send(client, url, data).get_json()["status"] == "already_saved"
    assert "saved." not in client.get(url, headers=JSON).text
    assert _send(client, url, data, **foreground).get_json()["status"] == "already_saved"
    assert "Hand 1 was already saved." in client.get(url, headers=JSON).text


def test_another_phones_hand_is_a_conflict(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    other = app.test_client()
    mine, theirs = form_keys(client, url), form_keys(other, url)
    assert _send(client, url, mine | REFERENCE).status_code == 200
    late = _send(other, url, theirs | REFERENCE | {"sides-0-cards": "30"})
    assert late.status_code == 409
    body = late.get_json()
    assert body["status"] == "refused"
    assert body["reason"] == "conflict"
    assert body["message"] == "another phone saved hand 1 first."
    assert body["next_hand"] == 2
    assert body["totals"] == [5, 0]
    assert _hands(app) == [(1, mine["request_id"])]


def test_a_hand_for_a_game_changed_meanwhile_is_a_conflict(app: Flask, client: FlaskClient) -> None:
    """Hand 2's form, sent after hand 1 was undone: the game is no longer at hand 2."""
    url = start_game(client)
    _send(client, url, form_keys(client, url) | REFERENCE)
    for_hand_2 = form_keys(client, url) | REFERENCE
    undo = {"csrf_token": for_hand_2["csrf_token"], "number": "1"}
    assert client.post(f"{url}/undo", data=undo).status_code == 302
    response = _send(client, url, for_hand_2)
    assert response.status_code == 409
    body = response.get_json()
    assert body["reason"] == "conflict"
    assert body["message"] == "the game was changed on another phone meanwhile."
    assert body["next_hand"] == 1
    assert _hands(app) == []


def test_a_hand_the_checks_refuse_comes_back_with_its_fields(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client)
    data = form_keys(client, url) | REFERENCE | {"sides-0-cards": "3"}
    response = _send(client, url, data)
    assert response.status_code == 422
    body = response.get_json()
    assert body["reason"] == "invalid"
    assert {"field": "sides[0].denari", "code": "denari_exceed_cards"} in [
        {"field": e["field"], "code": e["code"]} for e in body["errors"]
    ]
    assert all(error["message"] for error in body["errors"])
    assert _hands(app) == []


def test_a_form_refused_as_such_says_which_field(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    data = form_keys(client, url) | REFERENCE | {"sides-0-cards": "", "sides-1-cards": ""}
    body = _send(client, url, data).get_json()
    assert body["reason"] == "form"
    assert {"field": "sides-0-cards", "message": "Enter a number"} in body["errors"]
    assert _hands(app) == []


def test_a_queued_hand_is_sent_with_a_fresh_token(app: Flask, client: FlaskClient) -> None:
    """The token the page had may have expired offline: the outbox asks for a new one."""
    url = start_game(client)
    data = form_keys(client, url) | REFERENCE
    response = client.get(f"{url}/csrf")
    assert response.headers["Cache-Control"] == "no-store"
    assert response.mimetype == "application/json"
    with client.session_transaction() as session:
        session.clear()  # the browser was closed: its session (and page token) are gone
    assert _send(client, url, data).status_code == 400  # the old token is refused
    assert _send(client, url, data | {"csrf_token": _fresh_token(client, url)}).status_code == 200
    assert _hands(app) == [(1, data["request_id"])]


def test_the_save_route_still_needs_a_token(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    data = form_keys(client, url) | REFERENCE
    del data["csrf_token"]
    assert _send(client, url, data).status_code == 400
    assert _hands(app) == []


def test_no_token_for_a_link_that_opens_nothing(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    assert client.get("/g/not-a-game/csrf").status_code == 404
    with app.test_request_context():
        new_edit_link(find_by_edit_token(url.removeprefix("/g/")))
    assert client.get(f"{url}/csrf").status_code == 404  # revoked
    data = {"csrf_token": csrf_token(client, "/games/new"), "number": "1", "request_id": "r"}
    assert _send(client, url, data | REFERENCE).status_code == 404
    assert _hands(app) == []


def _page_json(html: str, name: str = "game-data") -> dict[str, Any]:
    """The JSON a page carries for its scripts in <script id=`name`>."""
    match = re.search(rf'<script type="application/json" id="{name}">(.*?)</script>', html)
    assert match, f"no {name} on the page"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def test_the_board_carries_what_the_phone_needs_to_score_offline(client: FlaskClient) -> None:
    url = start_game(client, ("Anna", "</script><b>Bruno</b>"))
    _send(client, url, form_keys(client, url) | REFERENCE)
    html = client.get(url).get_data(as_text=True)
    assert "</script><b>" not in html  # the names are escaped inside the script
    data = _page_json(html)
    assert data["rules"] == {
        "format": "2",
        "target": 11,
        "napola": False,
        "napoleone": False,
        "re_bello": False,
        "sum_choice": data["rules"]["sum_choice"],
        "chiamarsi_fuori": False,
        "claim_loses_hand": False,
        "count_in_order": False,
    }
    assert data["names"] == ["Anna", "</script><b>Bruno</b>"]
    assert data["hands"] == [[5, 0]]
    assert data["napoleone"] == [None]
    assert data["first_dealer"] == 0
    assert data["next_hand"] == 2
    assert data["totals"] == [5, 0]
    view = client.get(f"/v/{data['game']}").get_data(as_text=True)
    assert 'id="game-data"' not in view  # the view link records nothing


def test_the_pages_carry_the_words_of_the_phones_preview(client: FlaskClient) -> None:
    """A page carries the sides' names; the words every page shares are in the texts'
    script of its language, which the page names."""
    url = start_game(client)
    board = client.get(url, headers={"Accept-Language": "en"}).get_data(True)
    assert _page_json(board, "preview-texts") == {"names": ["Anna", "Bruno"]}
    english = page_texts(client, board)["preview-texts"]
    assert english["categories"]["re_bello"] == "re bello"
    assert "errors" not in english  # the scorer brings the templates, in every language
    italian = client.get(f"{url}/hands/cards", headers={"Accept-Language": "it"})
    assert _page_json(italian.get_data(as_text=True), "preview-texts") == {
        "names": ["Anna", "Bruno"]
    }
    texts = page_texts(client, italian.get_data(as_text=True))["preview-texts"]
    assert texts["cardsLeft"] == {
        "one": "Manca ancora %(count)s carta da assegnare.",
        "other": "Mancano ancora %(count)s carte da assegnare.",
    }
    assert texts["here"].startswith("Calcolati su questo telefono")


def test_the_pages_carry_how_many_hands_were_sent_in_each_plural_form(
    client: FlaskClient,
) -> None:
    """After the outbox sends, the phone says "1 mano inviata" / "2 mani inviate": the
    forms 1 and 2 take, for the script to choose."""
    url = start_game(client)
    page = client.get(url, headers={"Accept-Language": "it"}).text
    italian = page_texts(client, page)["offline-texts"]
    assert italian["handsSent"] == {
        "one": "%(count)s mano inviata.",
        "other": "%(count)s mani inviate.",
    }
    assert italian["recordAnyway"] == "Registra comunque un'altra mano"
    page = client.get(url, headers={"Accept-Language": "en"}).text
    english = page_texts(client, page)["offline-texts"]
    assert english["handsSent"] == {"one": "%(count)s hand sent.", "other": "%(count)s hands sent."}


def test_the_texts_script_is_kept_like_a_static_file(client: FlaskClient) -> None:
    """The words every page shares: one script per language, kept for good at the URL the
    pages name (its digest), briefly at any other, public (also to a logged-in phone),
    in the service worker's shell, and only for the app's languages."""
    url = start_game(client)
    board = client.get(url, headers={"Accept-Language": "it"}).text
    found = re.search(r'<script src="(/texts/it\.js\?v=\w+)" defer></script>', board)
    assert found
    named = client.get(found.group(1))
    assert named.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert named.mimetype == "text/javascript"
    assert "Accept-Language" not in named.headers.get("Vary", "")
    assert client.get("/texts/it.js?v=old").headers["Cache-Control"] == "public, max-age=300"
    assert client.get("/texts/xx.js").status_code == 404
    worker = client.get("/sw.js").text
    assert found.group(1) in worker
    english = page_texts(client, client.get(url, headers={"Accept-Language": "en"}).text)
    assert english["scope-tally-texts"]["plus"] == "+1 scopa"
    assert page_texts(client, board)["undo-texts"]["question"] == "Togliere la mano %(number)s?"
