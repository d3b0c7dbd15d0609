"""The stateless scoring API, against the contract in API.md.

Every error case API.md names, the hand from API.md checked number by number,
the primiera endpoint, the languages of the messages, the OpenAPI document and
the docs page. The test app enforces CSRF, so every successful POST here also
shows that the API needs no CSRF token.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.api import services
from scorekeeper.api.openapi import EXAMPLE_D_ASSI, EXAMPLE_HAND
from scorekeeper.scoring import DECK, Card
from tests.helpers.hands import deal

SCORE = "/api/v1/score"
PRIMIERA = "/api/v1/primiera"
ENGLISH = {"Accept-Language": "en"}
CATEGORIES = ["scope", "carte", "denari", "settebello", "primiera", "re_bello", "napola"]

Body = dict[str, Any]


def hand_body(*sides: str, **extra: Any) -> Body:
    """A score request whose sides hold the cards named (``"*"``: every other card)."""
    return {"sides": [{"cards": [c.code for c in side.cards]} for side in deal(*sides)], **extra}


def post(client: FlaskClient, url: str, body: object, lang: str = "en") -> Any:
    return client.post(url, json=body, headers={"Accept-Language": lang})


def errors_of(response: Any, codes: list[str] | None = None) -> list[dict[str, str]]:
    """The response's errors (field and message), after checking the shape API.md gives
    every error body; the optional ``code`` of each (a check of the hand's) goes to
    ``codes`` when given."""
    body = response.get_json()
    assert set(body) == {"errors"}
    assert body["errors"]
    found = []
    for error in body["errors"]:
        assert set(error) - {"code"} == {"field", "message"}
        assert error["message"]
        if codes is not None and "code" in error:
            codes.append(error["code"])
        found.append({"field": error["field"], "message": error["message"]})
    return found


# --------------------------------------------------------------------------- scoring


def test_scope_no_hand_holds_are_refused_with_their_code(client: FlaskClient) -> None:
    # Two players, 17 + 1 scope: Bruno's scopa leaves Anna's next play without one (and
    # her play before it), so 18 scope are a hand only when one side made them all.
    anna = " ".join(f"{v}{s}" for s in "DCBS" for v in range(1, 10))
    body = hand_body(anna, "*")
    body["sides"][0]["scope"] = 17
    body["sides"][1]["scope"] = 1
    codes: list[str] = []
    errors = errors_of(post(client, "/api/v1/score", body, "it"), codes)
    assert codes == ["scope_table_split"]
    assert errors == [
        {
            "field": "scope",
            "message": "18 scope divise così non stanno in una mano: al massimo 17, perché "
            "dopo una scopa il giocatore seguente trova il tavolo vuoto e l'ultima giocata "
            "non è mai scopa",
        }
    ]
    body["sides"][1]["scope"] = 0
    body["sides"][0]["scope"] = 18
    # Anna sweeping on every play leaves Bruno an empty table every time: he takes
    # nothing, so his 4 cards are refused; with all 40 to Anna the hand is one.
    codes = []
    errors = errors_of(post(client, "/api/v1/score", body, "it"), codes)
    assert codes == ["scope_every_play"]
    assert errors[0]["field"] == "sides[1].cards"
    body["sides"][0]["cards"] = [*body["sides"][0]["cards"], *body["sides"][1]["cards"]]
    body["sides"][1]["cards"] = []
    assert post(client, "/api/v1/score", body).status_code == 200


def test_the_hand_from_api_md(client: FlaskClient) -> None:
    # Anna: 22 cards (carte), 6 denari with A-2-3 but no 4 (denari, napola 3), the
    # settebello, 2 scope; primiera 7D 6C 1B 5S = 21 + 18 + 16 + 15 = 70.
    # Bruno: 7C 7B 7S and 4D = 21 * 3 + 14 = 77 takes the primiera, and holds the 10D.
    response = post(client, SCORE, EXAMPLE_HAND)
    assert response.status_code == 200
    anna, bruno = response.get_json()["sides"]
    assert anna["name"] == "Anna"
    assert anna["points"] == {
        "scope": 2,
        "carte": 1,
        "denari": 1,
        "settebello": 1,
        "primiera": 0,
        "re_bello": 0,
        "napola": 3,
    }
    assert list(anna["points"]) == CATEGORIES
    assert anna["total"] == 8
    documented = ("cards", "denari", "primiera", "primiera_cards", "napola_run")
    assert {key: anna["detail"][key] for key in documented} == {
        "cards": 22,
        "denari": 6,
        "primiera": 70,
        "primiera_cards": {"D": "7D", "C": "6C", "B": "1B", "S": "5S"},
        "napola_run": 3,
    }
    assert bruno["points"] == dict.fromkeys(CATEGORIES, 0) | {"primiera": 1, "re_bello": 1}
    assert (bruno["total"], bruno["detail"]["primiera"], bruno["detail"]["cards"]) == (2, 77, 18)


def test_defaults_names_scope_and_rules(client: FlaskClient) -> None:
    # Side A: nine denari (not the 10D) and the 7 of coppe; B: the other 30 cards.
    response = post(client, SCORE, hand_body("1D 2D 3D 4D 5D 6D 7D 8D 9D 7C", "*"))
    assert response.status_code == 200
    a, b = response.get_json()["sides"]
    assert (a["name"], b["name"]) == ("A", "B")
    # Napola and re bello are off: A's run of nine denari and B's 10D score nothing.
    assert a["points"] == {**dict.fromkeys(CATEGORIES, 0), "denari": 1, "settebello": 1}
    assert a["detail"]["primiera"] is None  # no bastoni, no spade
    assert a["detail"]["primiera_cards"] == {"D": "7D", "C": "7C"}
    assert b["points"] == {**dict.fromkeys(CATEGORIES, 0), "carte": 1, "primiera": 1}
    assert response.get_json()["awards"]["napola"] == {
        "winner": None,
        "reason": "off",
        "margin": None,
    }


def test_cards_are_case_insensitive_in_and_upper_case_out(client: FlaskClient) -> None:
    body = hand_body("7D 6C 1B 5S", "*")
    body["sides"][0]["cards"] = ["7d", " 6c ", "1b", "5s"]
    response = post(client, SCORE, body)
    assert response.status_code == 200
    detail = response.get_json()["sides"][0]["detail"]
    assert detail["primiera_cards"] == {"D": "7D", "C": "6C", "B": "1B", "S": "5S"}


def test_three_sides_tied_at_the_top_for_carte(client: FlaskClient) -> None:
    # 14 + 14 + 12 cards: the two sides on 14 tie, so nobody takes carte.
    body = hand_body(
        " ".join(c.code for c in DECK[:14]), " ".join(c.code for c in DECK[14:28]), "*"
    )
    response = post(client, SCORE, body)
    assert response.status_code == 200
    sides = response.get_json()["sides"]
    assert [side["detail"]["cards"] for side in sides] == [14, 14, 12]
    assert [side["points"]["carte"] for side in sides] == [0, 0, 0]
    assert response.get_json()["awards"]["carte"]["reason"] == "tie"


def test_four_sides_are_accepted(client: FlaskClient) -> None:
    codes = [card.code for card in DECK]
    body = {"sides": [{"cards": codes[i::4]} for i in range(4)]}
    response = post(client, SCORE, body)
    assert response.status_code == 200
    assert [s["name"] for s in response.get_json()["sides"]] == ["A", "B", "C", "D"]


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.integers(2, 4).flatmap(lambda n: st.lists(st.integers(0, n - 1), min_size=40, max_size=40))
)
def test_any_partition_of_the_deck_scores_with_one_settebello(
    client: FlaskClient, owners: list[int]
) -> None:
    sides = max(max(owners) + 1, 2)
    piles: list[list[str]] = [[] for _ in range(sides)]
    for card, owner in zip(DECK, owners, strict=True):
        piles[owner].append(card.code.lower() if owner % 2 else card.code)
    response = post(client, SCORE, {"sides": [{"cards": pile} for pile in piles]})
    assert response.status_code == 200
    points = [side["points"]["settebello"] for side in response.get_json()["sides"]]
    assert sorted(points) == [0] * (sides - 1) + [1]
    assert points[owners[DECK.index(Card.SETTEBELLO)]] == 1


# --------------------------------------------------------------------------- 422


def _side(i: int, **fields: Any) -> Callable[[Body], None]:
    return lambda body: body["sides"][i].update(fields)


def _replace_card(i: int, j: int, text: object) -> Callable[[Body], None]:
    return lambda body: body["sides"][i]["cards"].__setitem__(j, text)


def _set(key: str, value: object) -> Callable[[Body], None]:
    return lambda body: body.__setitem__(key, value)


def _drop_last_card(body: Body) -> None:
    body["sides"][1]["cards"].remove("10S")


def _add_card_again(body: Body) -> None:
    body["sides"][1]["cards"].append("7d")


def _one_side(body: Body) -> None:
    body["sides"] = [{"cards": [card.code for card in DECK]}]


def _five_sides(body: Body) -> None:
    body["sides"] = [{"cards": [card.code for card in DECK[i::5]]} for i in range(5)]


def _without(key: str, i: int | None = None) -> Callable[[Body], None]:
    return lambda body: (body if i is None else body["sides"][i]).pop(key)


VALID = hand_body("7D 1D 2C", "*")  # side 0: 3 cards, side 1: the 37 others (10S is its last)

INVALID = [
    (_replace_card(1, 4, "11D"), "sides[1].cards[4]", "'11D' is not a card"),
    (_replace_card(0, 1, "7X"), "sides[0].cards[1]", "'7X' is not a card"),
    (_replace_card(0, 1, 7), "sides[0].cards[1]", "'7' is not a card"),
    (_replace_card(0, 1, None), "sides[0].cards[1]", "'null' is not a card"),
    (_add_card_again, "sides[1].cards[37]", "7D is entered twice"),
    (_drop_last_card, "sides", "no side took 10S"),
    (_one_side, "sides", "a hand needs between 2 and 4 sides, not 1"),
    (_five_sides, "sides", "a hand needs between 2 and 4 sides, not 5"),
    (_set("sides", []), "sides", "a hand needs between 2 and 4 sides, not 0"),
    (_side(0, scope=-1), "sides[0].scope", "cannot be negative"),
    (_side(1, scope=1.5), "sides[1].scope", "'1.5' is not a whole number"),
    (_side(1, scope=2.0), "sides[1].scope", "'2.0' is not a whole number"),
    (_side(0, scope="2"), "sides[0].scope", "'2' is not a whole number"),
    (_side(0, scope=True), "sides[0].scope", "'true' is not a whole number"),
    (_side(0, scope=None), "sides[0].scope", "'null' is not a whole number"),
    (_side(0, scope=2), "sides[0].scope", "at most 1 scopa for this side in one hand"),
    (_set("rules", {"foo": True}), "rules.foo", "'foo' is not a rule: use napola, re_bello"),
    (_set("rules", {"napola": 1}), "rules.napola", "must be true or false"),
    (_set("rules", {"re_bello": "yes"}), "rules.re_bello", "must be true or false"),
    (_set("rules", ["napola"]), "rules", "must be a JSON object"),
    (_set("extra", 1), "extra", "unknown field 'extra'"),
    (_set("sides", {"cards": []}), "sides", "must be a list of sides"),
    (_without("sides"), "sides", "this field is required"),
    (_side(0, scopa=1), "sides[0].scopa", "unknown field 'scopa'"),
    (_side(0, name=5), "sides[0].name", "must be text"),
    (_side(0, name="  "), "sides[0].name", "cannot be empty"),
    (_side(0, name="x" * 41), "sides[0].name", "at most 40 characters"),
    (
        _side(0, cards="7D 1D 2C"),
        "sides[0].cards",
        'must be a list of cards, such as ["7D", "10S"]',
    ),
    (_side(0, cards={"7D": 1}), "sides[0].cards", 'must be a list of cards, such as ["7D", "10S"]'),
    (_side(0, cards=["1S"] * 41), "sides[0].cards", "at most 40 cards"),
    (_without("cards", 0), "sides[0].cards", "this field is required"),
]


@pytest.mark.parametrize(("change", "field", "message"), INVALID)
def test_invalid_hands_are_refused_naming_the_field(
    client: FlaskClient, change: Callable[[Body], None], field: str, message: str
) -> None:
    body = copy.deepcopy(VALID)
    assert post(client, SCORE, body).status_code == 200
    change(body)
    response = post(client, SCORE, body)
    assert response.status_code == 422
    assert {"field": field, "message": message} in errors_of(response)


def test_a_side_that_is_not_an_object_gets_one_error(client: FlaskClient) -> None:
    body = copy.deepcopy(VALID)
    body["sides"][0] = "7D 1D 2C"
    response = post(client, SCORE, body)
    assert response.status_code == 422
    assert errors_of(response) == [{"field": "sides[0]", "message": "must be a JSON object"}]


def test_every_shape_error_is_listed_at_once(client: FlaskClient) -> None:
    body = copy.deepcopy(VALID)
    body["rules"] = {"napola": "si", "foo": 1}
    body["sides"][0].update(name=3, scope="1")
    body["sides"][1]["cards"][4] = "11D"
    response = post(client, SCORE, body)
    assert response.status_code == 422
    assert [e["field"] for e in errors_of(response)] == [
        "rules.napola",
        "rules.foo",
        "sides[0].name",
        "sides[0].scope",
        "sides[1].cards[4]",
    ]


def test_messages_follow_the_request_language(client: FlaskClient) -> None:
    body = copy.deepcopy(VALID)
    body["sides"][1]["cards"][4] = "11D"
    body["rules"] = {"napola": 1}
    italian = errors_of(post(client, SCORE, body, lang="it-IT,it;q=0.9"))
    assert italian == [
        {"field": "rules.napola", "message": "deve essere true o false"},
        {"field": "sides[1].cards[4]", "message": "'11D' non è una carta"},
    ]
    # Without Accept-Language the app's default, Italian, is used.
    response = client.post(SCORE, json=body)
    assert errors_of(response)[1]["message"] == "'11D' non è una carta"
    english = errors_of(post(client, SCORE, body, lang="en"))
    assert english[1]["message"] == "'11D' is not a card"


# --------------------------------------------------------------------------- 400, 405, 413, 500


@pytest.mark.parametrize(
    ("data", "content_type", "message"),
    [
        ('{"sides": [', "application/json", "the request body is not valid JSON"),
        ("{'sides': []}", "application/json", "the request body is not valid JSON"),
        (b"\xff\xfe{}", "application/json", "the request body is not valid JSON"),
        ("[" * 20000, "application/json", "the request body is not valid JSON"),
        ("", "application/json", "the request body is not valid JSON"),
        ("[]", "application/json", "the request body must be a JSON object"),
        ('"sides"', "application/json", "the request body must be a JSON object"),
        ("null", "application/json", "the request body must be a JSON object"),
        (
            json.dumps(VALID),
            "text/plain",
            "send JSON, with the header Content-Type: application/json",
        ),
        (
            "sides=1",
            "application/x-www-form-urlencoded",
            "send JSON, with the header Content-Type: application/json",
        ),
    ],
)
@pytest.mark.parametrize("url", [SCORE, PRIMIERA])
def test_bodies_that_are_not_a_json_object_are_400(
    client: FlaskClient, url: str, data: str | bytes, content_type: str, message: str
) -> None:
    response = client.post(url, data=data, content_type=content_type, headers=ENGLISH)
    assert response.status_code == 400
    assert response.is_json
    assert errors_of(response) == [{"field": "", "message": message}]


@pytest.mark.parametrize("url", [SCORE, PRIMIERA])
def test_oversize_bodies_are_413(app: Flask, client: FlaskClient, url: str) -> None:
    body = {"cards": ["7D"], "padding": "x" * app.config["MAX_CONTENT_LENGTH"]}
    response = post(client, url, body)
    assert response.status_code == 413
    assert errors_of(response) == [{"field": "", "message": "What was sent is too large."}]


@pytest.mark.parametrize("method", ["get", "put", "delete"])
@pytest.mark.parametrize("url", [SCORE, PRIMIERA])
def test_other_methods_are_405_in_json(client: FlaskClient, url: str, method: str) -> None:
    response = getattr(client, method)(url, headers=ENGLISH)
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]
    assert errors_of(response) == [
        {"field": "", "message": "This address does not accept that method."}
    ]


def test_an_internal_error_tells_nothing_about_the_server(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: object) -> None:
        raise RuntimeError("boom in /srv/scorekeeper/secret.py")

    monkeypatch.setattr(services, "score_hand", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # answer as in production, not re-raise
    response = post(client, SCORE, VALID)
    assert response.status_code == 500
    text = response.get_data(as_text=True)
    assert errors_of(response) == [
        {"field": "", "message": "An unexpected error happened on our side."}
    ]
    for leak in ("boom", "/srv", "secret", "Traceback", "RuntimeError"):
        assert leak not in text


# --------------------------------------------------------------------------- primiera


def test_primiera_from_api_md(client: FlaskClient) -> None:
    response = post(client, PRIMIERA, {"cards": ["7D", "7c", "6B", "1S", "3s"]})
    assert response.status_code == 200
    assert response.get_json() == {
        "primiera": 76,
        "complete": True,
        "best": {"D": "7D", "C": "7C", "B": "6B", "S": "1S"},
        "values": {"D": 21, "C": 21, "B": 18, "S": 16},
    }


@pytest.mark.parametrize(
    ("cards", "best", "values"),
    [
        (["7D", "10C", "8C"], {"D": "7D", "C": "8C"}, {"D": 21, "C": 10}),
        ([], {}, {}),
    ],
)
def test_primiera_missing_a_suit_is_null(
    client: FlaskClient, cards: list[str], best: dict[str, str], values: dict[str, int]
) -> None:
    response = post(client, PRIMIERA, {"cards": cards})
    assert response.status_code == 200
    assert response.get_json() == {
        "primiera": None,
        "complete": False,
        "best": best,
        "values": values,
    }


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"cards": ["7D", "1S", "7d"]}, "cards[2]", "7D is entered twice"),
        ({"cards": ["7D", "11D"]}, "cards[1]", "'11D' is not a card"),
        ({"cards": "7D"}, "cards", 'must be a list of cards, such as ["7D", "10S"]'),
        ({}, "cards", "this field is required"),
        ({"cards": [], "sides": []}, "sides", "unknown field 'sides'"),
    ],
)
def test_primiera_errors(client: FlaskClient, body: Body, field: str, message: str) -> None:
    response = post(client, PRIMIERA, body)
    assert response.status_code == 422
    assert errors_of(response) == [{"field": field, "message": message}]


# --------------------------------------------------------------------------- docs


def test_openapi_document_lists_both_endpoints(client: FlaskClient) -> None:
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    document = json.loads(response.get_data(as_text=True))
    assert document["openapi"].startswith("3.1")
    assert set(document["paths"]) == {SCORE, PRIMIERA}
    for path in document["paths"].values():
        assert set(path["post"]["responses"]) >= {"200", "400", "422"}
    schemas = document["components"]["schemas"]
    assert schemas["ScoreRequest"]["example"] == EXAMPLE_HAND
    points = schemas["ScoreResponse"]["properties"]["sides"]["items"]["properties"]["points"]
    assert points["required"] == CATEGORIES


def test_openapi_documents_the_rule_set_with_a_scopa_d_assi_example(client: FlaskClient) -> None:
    """``rule_set`` is optional (Scopa by default), and its example is what the API
    answers: the same cards scored as Scopa d'assi between two pairs."""
    document = json.loads(client.get("/api/v1/openapi.json").get_data(as_text=True))
    request = document["components"]["schemas"]["ScoreRequest"]
    assert "rule_set" not in request["required"]
    assert request["properties"]["rule_set"]["default"] == "scopa"
    assert request["properties"]["rule_set"]["examples"] == ["scopa-d-assi"]
    examples = document["paths"][SCORE]["post"]["requestBody"]["content"]["application/json"]
    assert examples["examples"]["scopa-d-assi"]["value"] == EXAMPLE_D_ASSI
    for example in examples["examples"].values():
        response = post(client, SCORE, example["value"])
        assert response.status_code == 200, response.get_data(as_text=True)
        assert response.get_json()["rule_set"] == example["value"].get("rule_set", "scopa")
    docs = client.get("/api", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert 'Per esempio, una smazzata di scopa d\'assi: <code>"rule_set": "scopa-d-assi"<' in (
        unescape(docs)
    )


@pytest.mark.parametrize(
    ("lang", "title", "sentence"),
    [
        ("en", "Scoring API", "Two JSON endpoints score what they are given"),
        ("it", "API di conteggio", "Due indirizzi JSON contano quello che ricevono"),
    ],
)
def test_docs_page_in_both_languages(
    client: FlaskClient, lang: str, title: str, sentence: str
) -> None:
    response = client.get("/api", headers={"Accept-Language": lang})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f"<h1>{title}</h1>" in html
    assert sentence in html
    assert "curl -s http://localhost/api/v1/score" in html
    assert 'href="/api/v1/openapi.json"' in html


def test_home_page_links_to_the_api_docs(client: FlaskClient) -> None:
    assert 'href="/api"' in client.get("/").get_data(as_text=True)


def test_a_script_in_a_loop_is_rate_limited_with_a_json_error(make_app):
    client = make_app(RATELIMIT_ENABLED=True, API_RATE_LIMIT="2/minute").test_client()
    body = {"cards": ["7D"]}
    assert [client.post("/api/v1/primiera", json=body).status_code for _ in range(2)] == [200, 200]
    refused = client.post("/api/v1/primiera", json=body, headers={"Accept-Language": "en"})
    assert refused.status_code == 429
    assert refused.is_json
    assert refused.get_json()["errors"][0]["field"] == ""
    assert "wait a minute" in refused.get_json()["errors"][0]["message"]
