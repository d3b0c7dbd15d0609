"""A tournament's page names the circuits it counts for, linked, and each circuit's page
links back: only the circuits the reader may open (issue 29)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Structure
from tests.helpers import EN, IT
from tests.helpers.actions import as_user, post_form, signup
from tests.helpers.tournaments import drawn, play_round

CIRCUIT = {"season": "2026", "points": "25 18 15", "taking_part": "1", "best_of": ""}


def circuit(client: FlaskClient, name: str, **settings: str) -> str:
    """A circuit made through the form by the logged-in user: its public id."""
    data = {**CIRCUIT, "name": name, **settings}
    response = post_form(client, "/circuits/new", "/circuits/new", **data)
    assert response.status_code == 302
    found = re.fullmatch(r"/circuits/([\w-]+)", response.headers["Location"])
    assert found
    return found.group(1)


def final_of(app: Flask, organiser: str, *, finish: bool) -> str:
    """A public knockout of two pairs run by ``organiser``, played out if ``finish``."""
    with app.app_context():
        user = db.session.scalars(select(User).where(User.username == organiser)).one()
        t = drawn(user, "Anna & Bruno\nCarla & Dario", 1, Structure.KNOCKOUT, is_public=True)
        if finish:
            services.start(t)
            play_round(t)
        return t.public_id


def test_the_tournament_page_lists_its_circuits_and_they_link_back(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "organiser")
    tid = final_of(app, "organiser", finish=True)
    public = circuit(client, "Grand Prix della Valle", is_public="y")
    private = circuit(client, "Coppa del Circolo")
    alone = circuit(client, "Trofeo d\u2019Inverno", is_public="y")
    for pid in (public, private):
        response = post_form(
            client, f"/circuits/{pid}", f"/circuits/{pid}/tournaments", tournament=tid
        )
        assert response.status_code == 302
    page = client.get(f"/tournaments/{tid}", headers=IT).get_data(as_text=True)
    section = page.split('id="circuits"', 1)[1].split("</section>", 1)[0]
    assert "Questo torneo conta per 2 circuiti" in section
    assert f'href="/circuits/{public}"' in section
    assert f'href="/circuits/{private}"' in section  # the organiser's own, private
    assert f"/circuits/{alone}" not in section  # a circuit it is not in
    assert "Grand Prix della Valle" in section
    english = client.get(f"/tournaments/{tid}", headers=EN).get_data(as_text=True)
    assert "This tournament counts for 2 circuits" in english
    # Each circuit's page links back to the tournament.
    for pid in (public, private):
        html = client.get(f"/circuits/{pid}").get_data(as_text=True)
        assert f'href="/tournaments/{tid}"' in html
    # A visitor sees the public circuit only; the private one is not even named.
    as_user(client, "anonymous")
    seen = client.get(f"/tournaments/{tid}", headers=IT).get_data(as_text=True)
    assert "Questo torneo conta per 1 circuito" in seen
    assert f'href="/circuits/{public}"' in seen
    assert private not in seen
    assert "Coppa del Circolo" not in seen


def test_a_tournament_in_no_circuit_shows_no_circuit_section(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "organiser")
    tid = final_of(app, "organiser", finish=False)
    page = client.get(f"/tournaments/{tid}", headers=EN).get_data(as_text=True)
    assert 'id="circuits"' not in page
