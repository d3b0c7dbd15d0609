"""Chiamarsi fuori at the table (RULES.md section 8): the setting on the new game's form,
the board's "We're out", a claim stored once, judged at its hand's count and told in
words on the board, its history and the history of changes; a claim that travels with
its hand (made without signal); counting out in order."""

from __future__ import annotations

from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.games.models import GameClaim
from tests.helpers import csrf_token
from tests.helpers.games import form_keys, hand_points, hidden, record, start_game, totals

CLAIMS = {"chiamarsi_fuori": "y"}
EN = {"Accept-Language": "en"}


def claim(client: FlaskClient, url: str, side: int, **extra: str) -> object:
    """Tap "We're out" for ``side`` on the board at ``url``, as the page's form sends it."""
    html = client.get(url).get_data(as_text=True)
    data = {
        "csrf_token": hidden(html, "csrf_token"),
        "number": extra.pop("number", None) or _claim_number(html),
        "request_id": extra.pop("request_id", None) or _claim_request(html),
        "side": str(side),
        **extra,
    }
    return client.post(f"{url}/claim", data=data, headers=EN)


def _claim_number(html: str) -> str:
    part = html[html.index('id="claim-form"') :]
    return hidden(part, "number")


def _claim_request(html: str) -> str:
    part = html[html.index('id="claim-form"') :]
    return hidden(part, "request_id")


def claims_stored() -> int:
    return int(db.session.scalar(select(func.count()).select_from(GameClaim)) or 0)


def test_the_board_offers_the_claim_only_with_the_setting(client: FlaskClient) -> None:
    plain = start_game(client)
    assert 'id="claim-form"' not in client.get(plain).get_data(as_text=True)
    url = start_game(client, **CLAIMS)
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert 'id="claim-form"' in html
    assert "We\u2019re out" in html
    assert "Who claims to be out in hand 1?" in html
    assert "chiamarsi fuori" in html  # the rules' line


def test_a_right_claim_wins_the_game_whatever_the_others_have(client: FlaskClient) -> None:
    url = start_game(client, target="21", **CLAIMS)
    for _ in range(3):  # Anna 15, Bruno 0
        record(client, url, **hand_points(5, 0))
    response = claim(client, url, 0)
    assert response.status_code == 302
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert "Anna claims to be out in hand 4: decided at the count." in html
    assert 'id="claim-form"' not in html  # one claim a hand
    record(client, url, **hand_points(6, 0))  # Anna 21
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert totals(html) == [21, 0]
    assert "Winner: Anna" in html
    assert "Anna claims to be out in hand 4 with 21: wins." in html
    html = client.get(url).get_data(as_text=True)  # in Italian
    assert "Anna si chiama fuori alla mano 4 con 21: vince." in html
    history = client.get(f"{url}/history", headers=EN).get_data(as_text=True)
    assert "Claim to be out in hand 4" in history


def test_a_wrong_claim_loses_the_game(client: FlaskClient) -> None:
    url = start_game(client, target="21", **CLAIMS)
    record(client, url, **hand_points(5, 0))  # Anna 5, Bruno 0
    claim(client, url, 0)
    record(client, url, **hand_points(5, 0))  # Anna 10: short
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert totals(html) == [10, 0]
    assert "Winner: Bruno" in html
    assert "Anna claims to be out in hand 2 with 10 of 21: wrong, loses the game." in html


def test_a_wrong_claim_loses_the_hand_with_the_house_option(client: FlaskClient) -> None:
    url = start_game(client, target="21", claim_loses_hand="y", **CLAIMS)
    record(client, url, **hand_points(5, 0))
    claim(client, url, 0)
    record(client, url, **hand_points(5, 0))
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert totals(html) == [5, 0]
    assert 'class="status status-winner"' not in html
    assert "wrong, loses that hand&#39;s points." in html
    assert 'id="claim-form"' in html  # the next hand takes a claim again


def test_a_claim_is_stored_once_and_the_first_one_counts(client: FlaskClient, app) -> None:
    url = start_game(client, **CLAIMS)
    html = client.get(url).get_data(as_text=True)
    number, request = _claim_number(html), _claim_request(html)
    assert claim(client, url, 1, number=number, request_id=request).status_code == 302
    assert claim(client, url, 1, number=number, request_id=request).status_code == 302
    response = client.post(
        f"{url}/claim",
        data={
            "csrf_token": csrf_token(client, url),
            "number": number,
            "request_id": "another",
            "side": "0",
        },
        headers={**EN, "Accept": "application/json"},
    )
    assert response.status_code == 409
    assert "The claim of Bruno came first" in response.get_json()["message"]
    with app.app_context():
        assert claims_stored() == 1


def test_a_claim_for_a_hand_already_saved_is_refused(client: FlaskClient, app) -> None:
    url = start_game(client, **CLAIMS)
    html = client.get(url).get_data(as_text=True)
    number = _claim_number(html)
    record(client, url, **hand_points(2, 0))  # another phone saved hand 1 meanwhile
    response = client.post(
        f"{url}/claim",
        data={
            "csrf_token": hidden(html, "csrf_token"),
            "number": number,
            "request_id": "x",
            "side": "0",
        },
        headers={**EN, "Accept": "application/json"},
    )
    assert response.status_code == 409
    assert response.get_json()["status"] == "refused"
    with app.app_context():
        assert claims_stored() == 0


def test_bad_claims_are_400_or_refused_never_500(client: FlaskClient) -> None:
    plain = start_game(client)
    url = start_game(client, **CLAIMS)
    token = csrf_token(client, url)
    for side in ("", "x", "-1", "9"):
        data = {"csrf_token": token, "number": "1", "request_id": "k" + side, "side": side}
        assert client.post(f"{url}/claim", data=data).status_code in (302, 400)
    data = {"csrf_token": token, "number": "1", "request_id": "k", "side": "0"}
    response = client.post(f"{plain}/claim", data=data, headers={"Accept": "application/json"})
    assert response.status_code == 409
    assert client.post("/g/nope/claim", data=data).status_code == 404


def test_a_claim_kept_without_signal_travels_with_its_hand(client: FlaskClient, app) -> None:
    url = start_game(client, target="21", **CLAIMS)
    record(client, url, **hand_points(5, 0))
    data = form_keys(client, url) | hand_points(4, 0) | {"action": "save", "claim_side": "0"}
    assert client.post(f"{url}/hands", data=data).status_code == 302
    assert client.post(f"{url}/hands", data=data).status_code == 302  # sent again: once
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert "Anna claims to be out in hand 2 with 9 of 21: wrong, loses the game." in html
    with app.app_context():
        assert claims_stored() == 1


def test_counting_out_in_order_on_the_board(client: FlaskClient) -> None:
    url = start_game(client, target="21", count_in_order="y")
    for points in ((10, 0), (0, 6), (9, 0), (0, 6)):
        record(client, url, **hand_points(*points))
    assert totals(client.get(url).get_data(as_text=True)) == [19, 20]
    # Anna's 2 scope; Bruno's carte, denari, settebello and primiera: counted whole, 21
    # to 24; counted in order, the scope come first: 21 to 20, Anna is out.
    last = {
        "sides-0-cards": "18",
        "sides-0-denari": "4",
        "settebello": "1",
        "primiera": "1",
        "sides-0-scope": "2",
    }
    record(client, url, **last)
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert totals(html) == [21, 24]
    assert "Winner: Anna" in html
    assert "Anna reaches 21 counting out in order (at scope): wins." in html
