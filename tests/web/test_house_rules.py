"""A club's house rules (issue 28, section 3): a league and a tournament keep a named rule
set with its options; every game they start inherits it and shows it on the board; a
change applies from the next game only, and their history says it."""

from __future__ import annotations

import re
from html import unescape

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.audit import AuditEvent
from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League
from scorekeeper.tournaments import services
from tests.helpers import EN, IT
from tests.helpers.actions import create_league, login, post_form, signup
from tests.helpers.games import rules_line
from tests.helpers.leagues import start_league_game
from tests.helpers.tournaments import EIGHT_PAIRS, PASSWORD, create, drawn, tournament_of, user

PAIRS = ("Anna", "Bruno", "Carla", "Dario")


def _settings(client: FlaskClient, league: str, **changes: str) -> None:
    url = f"/leagues/{league}/settings"
    data = {"name": "Circolo", "format": "2x2", "target": "21", **changes}
    response = post_form(client, url, url, **data)
    assert response.status_code == 302, response.get_data(as_text=True)


def test_a_league_s_rule_set_applies_from_its_next_game(app: Flask, client: FlaskClient) -> None:
    signup(client, "owner")
    league = create_league(
        client, "Circolo", format="2x2", target="21", rule_set="scopone-scientifico", napola="y"
    )
    before = start_league_game(client, league, *PAIRS)
    assert rules_line(client.get(before, headers=IT).get_data(as_text=True)) == (
        "Scopone scientifico · ai 21 · napola"
    )
    _settings(client, league, rule_set="scopa-d-assi", asso_sweep="scopa")
    after = start_league_game(client, league, "Anna", "Bruno", "Carla", "Dario")
    # The game started before keeps its rules; the next one has the league's new ones.
    assert rules_line(client.get(before, headers=EN).get_data(as_text=True)) == (
        "Scopone scientifico · to 21 · napola"
    )
    assert rules_line(client.get(after, headers=EN).get_data(as_text=True)) == (
        "Scopa d'assi · to 21 · an asso's sweep is a scopa"
    )
    with app.app_context():
        rule_sets = db.session.scalars(select(Game.rule_set_key).order_by(Game.id)).all()
        assert rule_sets == ["scopone-scientifico", "scopa-d-assi"]
        stored = db.session.scalars(select(League)).one().rules
        assert (stored.rule_set.key, stored.napola) == ("scopa-d-assi", False)
    page = client.get(f"/leagues/{league}/settings", headers=EN).get_data(as_text=True)
    history = unescape(re.search(r'id="rules-history">(.*?)</section>', page, re.S).group(1))  # type: ignore[union-attr]
    assert "Rules changed by owner at" in history
    assert "from the next game, Scopa d'assi · to 21 · an asso's sweep is a scopa" in history
    italian = client.get(f"/leagues/{league}/settings", headers=IT).get_data(as_text=True)
    assert "dalla prossima partita, Scopa d&#39;assi · ai 21" in italian


def test_saving_the_same_rules_records_no_change(app: Flask, client: FlaskClient) -> None:
    signup(client, "owner")
    league = create_league(client, "Circolo", format="2x2", target="21")
    _settings(client, league)
    _settings(client, league, is_public="y")
    with app.app_context():
        assert db.session.scalars(select(AuditEvent.kind)).all() == []


def test_a_league_refuses_a_rule_set_at_a_seating_it_is_not_played_at(
    client: FlaskClient,
) -> None:
    signup(client, "owner")
    league = create_league(client, "Circolo")
    url = f"/leagues/{league}/settings"
    response = post_form(
        client, url, url, name="Circolo", format="2", target="11", rule_set="scopone-classico"
    )
    assert response.status_code == 422
    assert "Scopone classico si gioca con: 4 giocatori in 2 squadre da 2" in response.get_data(
        as_text=True
    )


def test_a_tournament_s_house_rules_apply_from_the_next_partita(
    app: Flask, client: FlaskClient
) -> None:
    with app.test_request_context():
        t = drawn(user("organiser"), EIGHT_PAIRS, seed=3)
        public_id = t.public_id
        db.session.commit()
    login(client, "organiser", PASSWORD)
    url = f"/tournaments/{public_id}/rules"
    page = client.get(url, headers=EN).get_data(as_text=True)
    assert 'id="house-rules-link"' in page
    response = post_form(client, url, url, rule_set="scopone-scientifico", re_bello="y")
    assert response.status_code == 302, response.get_data(as_text=True)
    with app.test_request_context():
        t = tournament_of(public_id)
        assert (t.rules.rule_set.key, t.rules.re_bello, t.rules.format.key) == (
            "scopone-scientifico",
            True,
            "2x2",
        )
        services.start(t)
        db.session.commit()
        games = db.session.scalars(select(Game).where(Game.tournament_id == t.id)).all()
        assert games
        assert {game.rules.rule_set.key for game in games} == {"scopone-scientifico"}
    history = client.get(f"/tournaments/{public_id}/history", headers=EN).get_data(as_text=True)
    assert "Rules changed by organiser at" in unescape(history)
    assert "from the next game, Scopone scientifico · to 11 · re bello" in unescape(history)
    header = client.get(url, headers=EN).get_data(as_text=True)
    assert "Scopone scientifico · re bello" in unescape(header)


def test_a_tournament_refuses_a_rule_set_its_format_does_not_play(
    app: Flask, client: FlaskClient
) -> None:
    with app.test_request_context():
        t = drawn(user("organiser"), EIGHT_PAIRS, seed=3)
        public_id = t.public_id
        db.session.commit()
    login(client, "organiser", PASSWORD)
    url = f"/tournaments/{public_id}/rules"
    assert post_form(client, url, url, rule_set="briscola").status_code == 422
    signup(client, "stranger")
    assert client.get(url).status_code in (403, 404)


def test_a_new_tournament_keeps_the_rule_set_chosen(app: Flask, client: FlaskClient) -> None:
    signup(client, "organiser")
    public_id = create(client, rule_set="scopa-d-assi", asso_on_asso="takes-all")
    with app.app_context():
        rules = tournament_of(public_id).rules
        assert (rules.rule_set.key, rules.asso_on_asso.value) == ("scopa-d-assi", "takes-all")
    page = client.get(f"/tournaments/{public_id}/entries", headers=EN).get_data(as_text=True)
    assert "Scopa d'assi" in unescape(page)
