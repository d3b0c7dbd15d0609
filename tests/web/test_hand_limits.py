"""The limits of RULES.md section 6 that span sides (scope for the whole table, best
cards consistent with the counts), refused next to the field they are about: on the
board's hand forms and in the hand checker, in English and in Italian."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from flask.testing import FlaskClient

from scorekeeper.scoring import DECK
from tests.helpers import EN, IT
from tests.helpers.games import form_keys, hidden, start_game

#: Anna takes the denari and the coppe, Bruno the rest: 20 cards each.
ANNA = [card.code for card in DECK[:20]]
SCOPE_EN = "the scope add up to 20, but a hand holds at most 18"
SCOPE_IT = "le scope sommano a 20, ma una mano ne ha al massimo 18"
NAPOLA_EN = "a napola run of 6 holds 6D, so the best denaro of this side is 6D or better"
NAPOLA_IT = "una napola di 6 comprende 6D, quindi il denaro migliore di questa parte è 6D"


def messages(html: str, list_id: str) -> str:
    """The text of the list of messages with id `list_id` (it must be on the page)."""
    match = re.search(rf'<ul class="error" id="{re.escape(list_id)}">(.*?)</ul>', html, re.S)
    assert match, f"no messages at {list_id}"
    return match.group(1)


@pytest.mark.parametrize(("headers", "message"), [(EN, SCOPE_EN), (IT, SCOPE_IT)])
def test_board_counts_refuses_scope_beyond_the_table(
    client: FlaskClient, headers: dict[str, str], message: str
) -> None:
    url = start_game(client)
    fields = {"sides-0-cards": "20", "sides-0-denari": "5", "settebello": "0", "primiera": "0"}
    fields |= {"sides-0-scope": "10", "sides-1-scope": "10"}
    data = form_keys(client, url) | fields | {"action": "save"}
    response = client.post(f"{url}/hands", data=data, headers=headers)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    # Below the sides' counts, scope among them, with what was typed kept.
    assert message in messages(html, "count-errors")
    assert re.search(r'id="sides-1-scope"[^>]*value="10"', html)


@pytest.mark.parametrize(("headers", "message"), [(EN, SCOPE_EN), (IT, SCOPE_IT)])
def test_board_cards_refuses_scope_beyond_the_table(
    client: FlaskClient, headers: dict[str, str], message: str
) -> None:
    url = start_game(client)
    page = client.get(f"{url}/hands/cards").get_data(as_text=True)
    data = {name: hidden(page, name) for name in ("csrf_token", "request_id", "number")}
    data |= {"mode": "cards", "s0": ANNA, "rest": "1", "scope-0": "10", "scope-1": "10"}
    response = client.post(f"{url}/hands/cards", data=data | {"action": "save"}, headers=headers)
    assert response.status_code == 422
    assert message in messages(response.get_data(as_text=True), "scope-errors")


@pytest.mark.parametrize(("headers", "message"), [(EN, NAPOLA_EN), (IT, NAPOLA_IT)])
def test_board_counts_refuses_a_best_denaro_below_the_napola(
    client: FlaskClient, headers: dict[str, str], message: str
) -> None:
    # Anna's napola run of 6 is 1D to 6D: her best denaro cannot be the asso.
    url = start_game(client, napola="y")
    fields = {"sides-0-cards": "22", "sides-0-denari": "6", "sides-0-napola_run": "6"}
    fields |= {"settebello": "1", "primiera": "cards"}
    fields |= {f"sides-0-best_{code[-1]}": code for code in ("1D", "7C", "7B", "7S")}
    fields |= {f"sides-1-best_{code[-1]}": code for code in ("7D", "6C", "6B", "6S")}
    data = form_keys(client, url) | fields | {"action": "save"}
    response = client.post(f"{url}/hands", data=data, headers=headers)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in messages(html, "best-cards-0-errors")
    assert "best-cards-1-errors" not in html


def checker(client: FlaskClient, params: dict[str, str], headers: dict[str, str]) -> str:
    """The hand checker's page for `params` (a refusal is still a 200 page, no result)."""
    response = client.get("/check/hand?" + urlencode(params), headers=headers)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "breakdown-table" not in html
    return html


@pytest.mark.parametrize(("headers", "message"), [(EN, SCOPE_EN), (IT, SCOPE_IT)])
def test_checker_refuses_scope_beyond_the_table_both_ways(
    client: FlaskClient, headers: dict[str, str], message: str
) -> None:
    scope = {"scope0": "10", "scope1": "10"}
    by_cards = {"mode": "cards", "format": "2", "s0": ",".join(ANNA), "rest": "1"}
    by_counts = {"mode": "counts", "format": "2", "cards0": "20", "cards1": "20"}
    by_counts |= {"denari0": "5", "denari1": "5", "settebello": "0", "primiera": "0"}
    for params in (by_cards, by_counts):
        html = checker(client, params | scope, headers)
        assert message in messages(html, "scope-group-errors"), params["mode"]


@pytest.mark.parametrize(("headers", "message"), [(EN, NAPOLA_EN), (IT, NAPOLA_IT)])
def test_checker_refuses_a_best_denaro_below_the_napola(
    client: FlaskClient, headers: dict[str, str], message: str
) -> None:
    params = {"mode": "counts", "format": "2", "napola": "1", "napola_run0": "6"}
    params |= {"cards0": "22", "cards1": "18", "denari0": "6", "denari1": "4", "settebello": "1"}
    params |= {"best0": "1D,7C,7B,7S", "best1": "7D,6C,6B,6S"}
    html = checker(client, params, headers)
    assert message in messages(html, "best0-errors")
    assert re.search(r'<input aria-describedby="[^"]*best0-errors"[^>]*id="best0"', html)


BEATEN_EN = (
    "this side cannot have taken the primiera: its best denaro is 8D at most, and the side "
    "with the settebello took 27 cards that are not denari"
)
BEATEN_IT = (
    "questa parte non può aver preso la primiera: il suo denaro migliore può essere al "
    "massimo 8D, e la parte con il settebello ha preso 27 carte che non sono denari"
)


@pytest.mark.parametrize(("headers", "message"), [(EN, BEATEN_EN), (IT, BEATEN_IT)])
def test_board_counts_refuses_a_primiera_no_share_out_gives(
    client: FlaskClient, headers: dict[str, str], message: str
) -> None:
    # Bruno's napola of 7 leaves Anna the fante, cavallo and re of denari: 73 at best with
    # the three other sevens, and Bruno's 27 other cards hold the three sixes (75).
    url = start_game(client, napola="y")
    fields = {"sides-0-cards": "6", "sides-0-denari": "3", "sides-1-cards": "34"}
    fields |= {"sides-1-denari": "7", "sides-1-napola_run": "7", "settebello": "1"}
    data = form_keys(client, url) | fields | {"action": "save"}
    response = client.post(f"{url}/hands", data=data | {"primiera": "0"}, headers=headers)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in html
    assert re.search(r'id="sides-0-cards"[^>]*value="6"', html)
    # Bruno's primiera, as any share-out of these counts gives: saved.
    response = client.post(f"{url}/hands", data=data | {"primiera": "1"}, headers=headers)
    assert response.status_code == 302
