"""Rule sets through the app (RULES.md section 8): chosen on the new-game form, stored,
summed up on the board in one line, read by the board's checks, the hand and capture
checkers, the stateless API, and a league's export and import."""

from __future__ import annotations

import html as html_text
import json
import re
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues import transfer
from scorekeeper.leagues.models import League
from scorekeeper.scoring import DECK, AssoOnAsso, AssoSweep, Rules
from scorekeeper.scoring.rulesets import RULE_SETS
from tests.helpers import EN, IT
from tests.helpers.actions import create_league, signup
from tests.helpers.games import form_keys, record, rules_line, start_game
from tests.helpers.leagues import start_league_game, upload_league_file

PAIRS = ("Anna", "Bruno", "Carla", "Dario")


def stored(app: Flask) -> Rules:
    with app.app_context():
        return db.session.scalars(select(Game).order_by(Game.id.desc())).first().rules  # type: ignore[union-attr]


def test_the_new_game_form_offers_every_rule_set_scopa_first(client: FlaskClient) -> None:
    html = client.get("/games/new", headers=EN).get_data(as_text=True)
    keys = re.findall(r'name="rule_set"[^>]*value="([^"]+)"', html)
    assert keys == list(RULE_SETS)
    assert re.search(r'<input checked[^>]*name="rule_set"[^>]*value="scopa"', html)
    assert "Scopone scientifico: in pairs, ten cards each, none to the table" in html
    italian = client.get("/games/new", headers=IT).get_data(as_text=True)
    assert "Scopone scientifico: a coppie, dieci carte a testa, nessuna in tavola" in italian


def test_a_scopone_game_is_stored_and_shown_in_one_line(app: Flask, client: FlaskClient) -> None:
    url = start_game(
        client, PAIRS, rule_set="scopone-scientifico", format="2x2", target="21", napola="y"
    )
    rules = stored(app)
    assert (rules.rule_set.key, rules.format.key, rules.target, rules.napola) == (
        "scopone-scientifico",
        "2x2",
        21,
        True,
    )
    assert rules_line(client.get(url, headers=EN).get_data(as_text=True)) == (
        "Scopone scientifico · to 21 · napola"
    )
    italian = client.get(url, headers=IT).get_data(as_text=True)
    assert rules_line(italian) == "Scopone scientifico · ai 21 · napola"


def test_a_game_without_a_rule_set_is_scopa(app: Flask, client: FlaskClient) -> None:
    url = start_game(client)
    assert stored(app).rule_set is RULE_SETS["scopa"]
    assert rules_line(client.get(url, headers=EN).get_data(as_text=True)) == "Scopa · to 11"


def test_scopone_is_refused_at_a_seating_it_is_not_played_at(client: FlaskClient) -> None:
    data = {"rule_set": "scopone-scientifico", "format": "2", "target": "11"}
    data |= {"names-0": "Anna", "names-1": "Bruno", "first_dealer": "0"}
    page = client.get("/games/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    assert token
    response = client.post("/games/new", data=data | {"csrf_token": token.group(1)}, headers=EN)
    assert response.status_code == 422
    assert "Scopone scientifico is played with: 4 players in 2 teams of 2" in response.get_data(
        as_text=True
    )


def test_scopa_d_assi_keeps_its_house_choices(app: Flask, client: FlaskClient) -> None:
    url = start_game(
        client,
        PAIRS,
        rule_set="scopa-d-assi",
        format="2x2",
        target="31",
        asso_sweep="scopa",
        asso_on_asso="takes-all",
    )
    rules = stored(app)
    assert (rules.asso_sweep, rules.asso_on_asso) == (AssoSweep.SCOPA, AssoOnAsso.TAKES_ALL)
    assert rules_line(client.get(url, headers=EN).get_data(as_text=True)) == (
        "Scopa d'assi · to 31 · an asso's sweep is a scopa · an asso takes all on an asso"
    )


@pytest.mark.parametrize(
    ("target", "italian"),
    [("31", "ai 31"), ("11", "agli 11"), ("21", "ai 21"), ("8", "agli 8"), ("1", "all'1")],
)
def test_the_line_of_rules_says_the_target_as_italian_does(
    client: FlaskClient, target: str, italian: str
) -> None:
    """ "Si gioca ai 31", "agli 11": the preposition takes the article the number reads
    with (the tournaments' "to %(target)d" is the same message)."""
    url = start_game(client, PAIRS, rule_set="scopa-d-assi", format="2x2", target=target)
    page = client.get(url, headers=IT).get_data(as_text=True)
    assert rules_line(page) == f"Scopa d'assi · {italian}"
    english = client.get(url, headers=EN).get_data(as_text=True)
    assert rules_line(english) == f"Scopa d'assi · to {target}"


def test_a_hand_opens_in_the_hand_checker_with_the_house_choices(client: FlaskClient) -> None:
    url = start_game(
        client, PAIRS, rule_set="scopa-d-assi", format="2x2", target="31", asso_sweep="scopa"
    )
    assert record(client, url).status_code == 302
    page = client.get(f"{url}/hands/1", headers=EN).get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)" id="open-in-checker">', page)
    assert link is not None
    query = html_text.unescape(link.group(1))
    assert "rule_set=scopa-d-assi" in query
    assert "asso_sweep=scopa" in query
    assert "asso_on_asso" not in query  # the championship's choice, a default
    checker = client.get(query, headers=EN).get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="asso_sweep"[^>]*value="scopa"', checker)
    assert re.search(r'<input checked[^>]*name="asso_on_asso"[^>]*value="takes-asso"', checker)


def test_only_the_new_game_form_seats_the_rule_set_s_own_format(client: FlaskClient) -> None:
    """The new game's seating follows the rule set chosen (js/rulesets.js); a league's,
    a tournament's and the checkers' stay as chosen."""
    new = client.get("/games/new", headers=EN).get_data(as_text=True)
    assert re.search(r'id="rule-set-fields"[^>]*data-follow-format', new)
    checker = client.get("/check/hand", headers=EN).get_data(as_text=True)
    assert 'id="rule-set-fields"' in checker
    assert "data-follow-format" not in checker


def test_house_choices_sent_with_scopa_are_left_at_their_defaults(
    app: Flask, client: FlaskClient
) -> None:
    start_game(client, asso_sweep="scopa", asso_on_asso="takes-all")
    rules = stored(app)
    assert (rules.asso_sweep, rules.asso_on_asso) == (AssoSweep.NOT_SCOPA, AssoOnAsso.TAKES_ASSO)


def _save_counts(
    client: FlaskClient, url: str, scope: tuple[int, int], other: int = 2
) -> tuple[int, str]:
    """Save a hand as counts (pair A every denaro and all but ``other`` cards, pair B
    ``other``) with ``scope``: the status and the page."""
    fields = {"sides-0-cards": str(40 - other), "sides-0-denari": "10", "settebello": "0"}
    fields |= {"sides-0-scope": str(scope[0]), "sides-1-scope": str(scope[1]), "primiera": "0"}
    fields |= {"sides-1-cards": str(other), "sides-1-denari": "0"}
    data = form_keys(client, url) | fields | {"action": "save"}
    response = client.post(f"{url}/hands", data=data, headers=EN)
    return response.status_code, response.get_data(as_text=True)


def test_the_board_checks_scope_by_the_rule_sets_deal(client: FlaskClient) -> None:
    # Scopone: 40 plays from an empty table, 19 scope at most, and then the other pair
    # meets an empty table at every play and takes nothing; Scopa: 36 plays, 18.
    scopone = start_game(client, PAIRS, rule_set="scopone-scientifico", format="2x2")
    assert _save_counts(client, scopone, (19, 0), other=0)[0] == 302
    status, page = _save_counts(client, scopone, (19, 0))
    assert status == 422
    assert "this side cannot have taken cards" in page
    assert _save_counts(client, scopone, (18, 0))[0] == 302
    assert _save_counts(client, scopone, (19, 1))[0] == 422
    scopa = start_game(client, PAIRS, format="2x2")
    assert _save_counts(client, scopa, (19, 0), other=0)[0] == 422
    assert _save_counts(client, scopa, (17, 0))[0] == 302


def test_the_hand_checker_takes_a_rule_set_by_name(client: FlaskClient) -> None:
    anna = ",".join(card.code for card in DECK[:38])
    query = {"mode": "cards", "s0": anna, "rest": "1", "scope0": "19", "scope1": "0"}
    scopone = client.get(
        "/check/hand?" + urlencode(query | {"rule_set": "scopone-scientifico"}), headers=EN
    )
    scopa = client.get("/check/hand?" + urlencode(query | {"format": "2x2"}), headers=EN)
    assert "at most 18 scope" in scopa.get_data(as_text=True)
    html = scopone.get_data(as_text=True)
    assert "at most" not in html
    assert re.search(r'<input checked[^>]*name="rule_set"[^>]*value="scopone-scientifico"', html)


def test_the_capture_checker_plays_asso_pigliatutto(client: FlaskClient) -> None:
    query = {"table": "5D,3B,9S", "played": "1C"}
    scopa = client.get("/check/capture?" + urlencode(query), headers=EN).get_data(as_text=True)
    assert "Nothing can be taken" in scopa
    assi = client.get(
        "/check/capture?" + urlencode(query | {"rule_set": "scopa-d-assi"}), headers=EN
    ).get_data(as_text=True)
    assert "Asso pigliatutto: the asso takes every card on the table." in assi
    assert "an asso's sweep is not a scopa" in html_text.unescape(assi)
    home = client.get(
        "/check/capture?" + urlencode(query | {"rule_set": "scopa-d-assi", "asso_sweep": "scopa"}),
        headers=EN,
    ).get_data(as_text=True)
    assert "Scopa! It takes the whole table." in home
    # The asso takes by no sum: no "3 + 5 + 9 = 1" under its sweep.
    assert "= 1<" not in assi
    assert "= 1<" not in home


def test_the_capture_checker_shows_the_sum_a_card_takes_by(client: FlaskClient) -> None:
    query = {"table": "5D,3B,9S", "played": "8C", "rule_set": "scopa-d-assi"}
    page = client.get("/check/capture?" + urlencode(query), headers=EN).get_data(as_text=True)
    assert "<p>3 + 5 = 8</p>" in page


@pytest.mark.parametrize(
    ("rule_set", "sides", "scope", "status"),
    [
        (None, 2, 19, 422),
        ("scopone-scientifico", 2, 19, 200),
        ("scopone-scientifico", 3, 0, 422),
        ("scopa-d-assi", 3, 0, 200),
        ("briscola", 2, 0, 422),
    ],
)
def test_the_api_takes_a_rule_set_by_name(
    client: FlaskClient, rule_set: str | None, sides: int, scope: int, status: int
) -> None:
    cards = [card.code for card in DECK]
    # Three sides, two with a card each (card by card, any share-out of the deck scores);
    # two, the second with none (after 19 scope of the first it takes nothing).
    piles = [cards[:38], cards[38:39], cards[39:]] if sides == 3 else [cards, []]
    body: dict[str, object] = {
        "sides": [{"cards": pile, "scope": scope if i == 0 else 0} for i, pile in enumerate(piles)]
    }
    if rule_set is not None:
        body["rule_set"] = rule_set
    response = client.post("/api/v1/score", json=body, headers=EN)
    assert response.status_code == status, response.get_json()
    answer = response.get_json()
    if status == 200:
        assert answer["rule_set"] == rule_set
        assert answer["sides"][0]["points"]["scope"] == scope
    elif rule_set == "briscola":
        assert answer["errors"][0]["field"] == "rule_set"


def test_the_primiera_api_takes_a_rule_set_and_refuses_an_unknown_one(
    client: FlaskClient,
) -> None:
    cards = ["7D", "7C", "6B", "1S"]
    ok = client.post("/api/v1/primiera", json={"cards": cards, "rule_set": "scopa-d-assi"})
    assert ok.status_code == 200
    assert ok.get_json()["primiera"] == 76
    refused = client.post("/api/v1/primiera", json={"cards": cards, "rule_set": "cirulla"})
    assert refused.status_code == 422
    assert refused.get_json()["errors"][0]["field"] == "rule_set"


def test_a_league_file_keeps_the_rule_sets_and_a_scopa_file_reads_as_before(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "owner")
    public_id = create_league(
        client, "Circolo", format="2x2", target="31", rule_set="scopa-d-assi", asso_sweep="scopa"
    )
    start_league_game(client, public_id, *PAIRS)
    with app.app_context():
        league = db.session.scalars(select(League).where(League.public_id == public_id)).one()
        data = transfer.export_league(league)
    assert (data["league"]["rule_set"], data["league"]["asso_sweep"]) == ("scopa-d-assi", "scopa")
    assert "asso_on_asso" not in data["league"]  # its default is left out
    (game,) = data["games"]
    assert game["rule_set"] == "scopa-d-assi"
    data["league"]["name"] = "Copia"
    status, _text = upload_league_file(client, json.dumps(data).encode(), EN)
    assert status == 200
    with app.app_context():
        copy = db.session.scalars(select(League).where(League.name == "Copia")).one()
        assert transfer.export_league(copy) == data
        imported = db.session.scalars(select(Game).where(Game.league_id == copy.id)).one()
        assert imported.rules.rule_set.key == "scopa-d-assi"
    # A file written before rule sets (no rule_set key) reads as Scopa.
    plain = json.loads(json.dumps(data))
    for spec in (plain["league"], *plain["games"]):
        for key in ("rule_set", "asso_sweep", "asso_on_asso"):
            spec.pop(key, None)
    plain["league"]["name"] = "Vecchio"
    assert upload_league_file(client, json.dumps(plain).encode(), EN)[0] == 200
    with app.app_context():
        old = db.session.scalars(select(League).where(League.name == "Vecchio")).one()
        assert old.rules.rule_set.key == "scopa"
