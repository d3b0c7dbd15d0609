"""Recording a hand card by card with the shared card grid."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import Hand
from scorekeeper.scoring import DECK, FORMATS, Rules, SideCards, parse_cards, score_cards
from tests.helpers import EN
from tests.helpers.games import hidden, start_game, totals

ANNA = [  # 22 cards: A-2-3 of denari (napola), the settebello, the re bello, ...
    *("1D", "2D", "3D", "7D", "10D", "6D", "7C", "6C", "1B", "5S", "4S"),
    *("3S", "2S", "1S", "8S", "9S", "10S", "8C", "9C", "10C", "8B", "9B"),
]
BRUNO = [card.code for card in DECK if card.code not in ANNA]


def _form(client: FlaskClient, url: str) -> dict[str, str]:
    html = client.get(f"{url}/hands/cards").get_data(as_text=True)
    return {name: hidden(html, name) for name in ("csrf_token", "request_id", "number")} | {
        "mode": "cards",
        "scope-0": "0",
        "scope-1": "0",
    }


def _post(client: FlaskClient, url: str, data: dict[str, object], path: str = "/hands/cards"):  # type: ignore[no-untyped-def]
    return client.post(url + path, data=data, headers=EN)


def _checked(html: str, side: str) -> set[str]:
    return set(re.findall(rf'name="{side}" value="(\w+)" checked', html))


def test_cards_page_has_the_grid_and_scope(client: FlaskClient) -> None:
    url = start_game(client)
    board = client.get(url, headers=EN).get_data(as_text=True)
    assert f'href="{url}/hands/cards" id="enter-by-cards"' in board
    html = client.get(f"{url}/hands/cards", headers=EN).get_data(as_text=True)
    assert len(re.findall(r'name="s0" value="\w+"', html)) == 40
    assert len(re.findall(r'name="s1" value="\w+"', html)) == 40
    assert 'name="rest"' in html
    assert '<label for="scope-0">Scope of Anna</label>' in html
    assert 'id="save-hand"' in html
    assert "cardgrid.js" in html


def test_the_cards_page_stays_light(client: FlaskClient) -> None:
    """Its HTML is never compressed (BREACH): the 80 cards of the two grids are each a
    label, an input, a face and the card's name, drawn by cards.css from the input's
    value, so the first load stays under the issue's 50 KB on the wire."""
    url = start_game(client)
    html = client.get(f"{url}/hands/cards", headers=EN).get_data(as_text=True)
    assert (
        '<label class="card-pick"><input type="checkbox" name="s0" value="9C">'
        '<span class="card-face"><i>knight of coppe</i></span></label>'
    ) in html
    assert len(html.encode()) < 24_000


def test_a_hand_by_cards_scores_like_the_scoring_package(app: Flask, client: FlaskClient) -> None:
    url = start_game(client, napola="y", re_bello="y")
    data = _form(client, url) | {"s0": ANNA, "rest": "1", "scope-0": "2", "action": "save"}
    response = _post(client, url, data)
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    rules = Rules(format=FORMATS["2"], napola=True, re_bello=True)
    expected = score_cards(
        rules, [SideCards(tuple(parse_cards(ANNA)), 2), SideCards(tuple(parse_cards(BRUNO)))]
    )
    html = client.get(url).get_data(as_text=True)
    assert totals(html) == list(expected.totals)
    with app.app_context():
        hand = db.session.scalar(select(Hand))
        assert hand is not None
        assert hand.mode == "cards"
        assert sorted(hand.entry["sides"][1]["cards"]) == sorted(BRUNO)
        assert [s.napola_run for s in hand.sides] == [3, 0]
        assert hand.sides[0].primiera == expected.sides[0].primiera.total  # type: ignore[union-attr]


def test_cards_left_without_a_side_are_refused_and_taps_kept(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client)
    data = _form(client, url) | {"s0": ANNA, "s1": BRUNO[:-2], "action": "save"}
    response = _post(client, url, data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "no side took" in html
    assert _checked(html, "s0") == set(ANNA)
    assert _checked(html, "s1") == set(BRUNO[:-2])
    with app.app_context():
        assert db.session.scalar(select(Hand)) is None


@pytest.mark.parametrize(
    ("fields", "message", "where"),
    [
        ({"s1": [*BRUNO, "7D"]}, "7D is entered twice", "hand-cards-s1-errors"),
        ({"s1": [*BRUNO, "11D"]}, "&#39;11D&#39; is not a card", "hand-cards-s1-errors"),
        ({"s1": BRUNO, "scope-0": "12"}, "at most 11 scope", "scope-0-errors"),
        ({"s1": BRUNO, "scope-1": "x"}, "&#39;x&#39; is not a whole number", "scope-1-errors"),
    ],
)
def test_bad_cards_or_scope_are_refused_where_they_are(
    client: FlaskClient, fields: dict[str, object], message: str, where: str
) -> None:
    url = start_game(client)
    data = _form(client, url) | {"s0": ANNA, "action": "save"} | fields
    response = _post(client, url, data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    errors = re.search(rf'id="{where}">(.*?)</ul>', html, re.S)
    assert errors, html[html.index("<main") :][:4000]
    assert message in errors.group(1), html[html.index("<main") :][:4000]


def test_cards_preview_counts_down_then_scores(client: FlaskClient) -> None:
    url = start_game(client)
    data = _form(client, url) | {"s0": ANNA[:5]}
    fragment = _post(client, url, data, "/hands/preview").get_data(as_text=True)
    assert "35 cards still to give." in fragment
    fragment = _post(client, url, data | {"s0": ANNA, "rest": "1"}, "/hands/preview").get_data(
        as_text=True
    )
    assert "breakdown-table" in fragment
    assert "primiera" in fragment
    assert "7D 7C 1B 1S" in fragment  # Anna's best cards


def test_preview_button_on_the_cards_page(client: FlaskClient) -> None:
    url = start_game(client)
    data = _form(client, url) | {"s0": ANNA, "rest": "1", "action": "preview"}
    response = _post(client, url, data)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "breakdown-table" in html
    assert _checked(html, "s1") == set(BRUNO)


def test_cards_page_needs_csrf_and_the_edit_link(client: FlaskClient) -> None:
    url = start_game(client)
    data = _form(client, url) | {"s0": ANNA, "rest": "1"}
    del data["csrf_token"]
    assert _post(client, url, data).status_code == 400
    assert client.get("/g/nope/hands/cards").status_code == 404


def test_correct_a_hand_entered_by_cards(client: FlaskClient) -> None:
    url = start_game(client)
    _post(client, url, _form(client, url) | {"s0": ANNA, "rest": "1", "action": "save"})
    before = totals(client.get(url).get_data(as_text=True))
    page = client.get(f"{url}/hands/1/edit", headers=EN)
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Correct hand 1" in html
    assert _checked(html, "s0") == set(ANNA)
    assert _checked(html, "s1") == set(BRUNO)
    swapped = {"csrf_token": hidden(html, "csrf_token"), "mode": "cards", "action": "save"}
    swapped |= {"s0": BRUNO, "s1": ANNA, "scope-0": "0", "scope-1": "0"}
    assert _post(client, url, swapped, "/hands/1/edit").status_code == 302
    after = totals(client.get(url).get_data(as_text=True))
    assert after == list(reversed(before))
    history = client.get(f"{url}/hands/1", headers=EN).get_data(as_text=True)
    assert "corrected" in history
    assert "by cards" in history


def test_pairs_by_cards(client: FlaskClient) -> None:
    url = start_game(client, ("Anna", "Bruno", "Carla", "Dario"), format="2x2")
    html = client.get(f"{url}/hands/cards", headers=EN).get_data(as_text=True)
    assert "Anna and Carla" in html
    data = _form(client, url) | {"s0": ANNA, "rest": "1", "action": "save"}
    assert _post(client, url, data).status_code == 302


def test_three_sides_give_every_card(client: FlaskClient) -> None:
    url = start_game(client, ("Anna", "Bruno", "Carla"), format="3")
    html = client.get(f"{url}/hands/cards").get_data(as_text=True)
    assert 'name="rest"' not in html
    assert 'name="s2"' in html
    codes = [card.code for card in DECK]
    data = _form(client, url) | {"scope-2": "0", "action": "save"}
    data |= {"s0": codes[:14], "s1": codes[14:27], "s2": codes[27:]}
    assert _post(client, url, data).status_code == 302


def test_a_cards_hand_opens_in_the_hand_checker(client: FlaskClient) -> None:
    url = start_game(client)
    _post(client, url, _form(client, url) | {"s0": ANNA, "rest": "1", "action": "save"})
    page = client.get(f"{url}/hands/1", headers=EN).get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)" id="open-in-checker">', page)
    assert link is not None
    assert "mode=cards" in link.group(1)
    checker = client.get(link.group(1).replace("&amp;", "&"), headers=EN).get_data(as_text=True)
    footer = re.compile(r"<tfoot>(.*?)</tfoot>", re.S)
    ours, theirs = footer.search(page), footer.search(checker)
    assert ours
    assert theirs
    assert ours.group(1) == theirs.group(1)
