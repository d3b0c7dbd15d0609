"""Circuits (Grand Prix): created, tournaments added, the ranking page, screen and
spreadsheet, and who may see and change them."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.circuits.models import Circuit
from scorekeeper.tournaments.models import Structure, Tournament
from tests.helpers.actions import as_user, post_form, signup
from tests.helpers.tournaments import drawn, play_round

CIRCUIT = {
    "name": "Grand Prix della Valle",
    "season": "2026",
    "points": "25 18 15 12 10 8 6 4 2 1",
    "taking_part": "1",
    "best_of": "",
}


def finished_final(organiser_name: str, entries: str, seed: int) -> str:
    """A finished knockout of two pairs run by ``organiser_name``: its public id (in an
    app context)."""
    from scorekeeper.accounts.models import User

    organiser = db.session.scalars(select(User).where(User.username == organiser_name)).one()
    t = drawn(organiser, entries, seed, Structure.KNOCKOUT)
    services.start(t)
    play_round(t)
    db.session.refresh(t)
    assert t.status == "finished"
    return t.public_id


def new_circuit(client: FlaskClient, **settings: str) -> str:
    response = post_form(client, "/circuits/new", "/circuits/new", **{**CIRCUIT, **settings})
    assert response.status_code == 302, response.get_data(as_text=True)
    found = re.fullmatch(r"/circuits/([\w-]+)", response.headers["Location"])
    assert found
    return found.group(1)


def add(client: FlaskClient, circuit: str, tournament: str) -> None:
    response = post_form(
        client, f"/circuits/{circuit}", f"/circuits/{circuit}/tournaments", tournament=tournament
    )
    assert response.status_code == 302


def ranking_rows(html: str) -> list[tuple[str, str, str]]:
    """(rank, player, points) of each line of the ranking table."""
    body = html.split('class="data-table circuit-ranking"', 1)[1].split("</tbody>", 1)[0]
    rows = re.findall(
        r'<tr>\s*<td>(\d+)</td>\s*<td class="name">([^<]+)</td>\s*<td><strong>(\d+)</strong>', body
    )
    return [(rank, player, points) for rank, player, points in rows]


def test_a_circuit_of_three_tournaments_ranks_its_players(app: Flask, client: FlaskClient) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "organiser")
    form = client.get("/circuits/new").get_data(as_text=True)
    assert 'value="25 18 15 12 10 8 6 4 2 1"' in form
    pid = new_circuit(client)
    with app.app_context():
        first = finished_final("organiser", "Anna & Bruno\nCarla & Dario", 1)
        second = finished_final("organiser", "Anna & Bruno\nCarla & Dario", 2)
        third = finished_final("organiser", "Anna & Carla\nBruno & Dario", 3)
        winners = []
        for public_id in (first, second, third):
            t = db.session.scalars(
                select(Tournament).where(Tournament.public_id == public_id)
            ).one()
            winner = services.winner(t)
            assert winner is not None
            winners.append(set(winner.names))
    page = client.get(f"/circuits/{pid}").get_data(as_text=True)
    assert first in page  # offered in the add form
    for public_id in (first, second, third):
        add(client, pid, public_id)
    html = client.get(f"/circuits/{pid}").get_data(as_text=True)
    # Each final gives its winners 25 and its losers 18.
    expected = {
        name: sum(25 if name in won else 18 for won in winners)
        for name in ("Anna", "Bruno", "Carla", "Dario")
    }
    rows = ranking_rows(html)
    assert {player: int(points) for _, player, points in rows} == expected
    assert [int(points) for _, _, points in rows] == sorted(expected.values(), reverse=True)
    assert "Points by place: 25 · 18 · 15" in html
    # The screen and the spreadsheet say the same.
    screen = client.get(f"/circuits/{pid}/screen").get_data(as_text=True)
    assert ranking_rows(screen) == rows
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "it"
    sheet = client.get(f"/circuits/{pid}/ranking.csv")
    assert sheet.status_code == 200
    body = sheet.data
    assert body.startswith(b"\xef\xbb\xbf")
    lines = body.decode("utf-8-sig").split("\r\n")
    assert lines[0].startswith("Posizione;Giocatore;Punti;Tornei giocati;")
    assert lines[1].split(";")[2] == rows[0][2]
    # Taken out, a tournament no longer counts.
    post_form(client, f"/circuits/{pid}", f"/circuits/{pid}/tournaments/{third}/remove")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    after = ranking_rows(client.get(f"/circuits/{pid}").get_data(as_text=True))
    assert sum(int(p) for _, _, p in after) == 2 * (25 + 25 + 18 + 18)


def test_the_organisers_own_table_and_best_results(app: Flask, client: FlaskClient) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "organiser")
    pid = new_circuit(client, points="10 5", taking_part="0", best_of="1")
    with app.app_context():
        one = finished_final("organiser", "Anna & Bruno\nCarla & Dario", 1)
        two = finished_final("organiser", "Anna & Bruno\nCarla & Dario", 2)
    add(client, pid, one)
    add(client, pid, two)
    html = client.get(f"/circuits/{pid}").get_data(as_text=True)
    points = {int(p) for _, _, p in ranking_rows(html)}
    assert points <= {10, 5}  # only the best result counts
    assert "Only the best result counts." in html


@pytest.mark.parametrize(
    ("points", "message"),
    [("", "Type the points"), ("5 10", "each no more than the one before"), ("x", "whole numbers")],
)
def test_a_bad_points_table_is_refused_next_to_its_field(
    client: FlaskClient, points: str, message: str
) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "organiser")
    response = post_form(client, "/circuits/new", "/circuits/new", **{**CIRCUIT, "points": points})
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_strangers_are_refused(app: Flask, client: FlaskClient) -> None:
    signup(client, "organiser")
    pid = new_circuit(client)
    with app.app_context():
        final = finished_final("organiser", "Anna & Bruno\nCarla & Dario", 1)
    add(client, pid, final)
    pages = [f"/circuits/{pid}", f"/circuits/{pid}/screen", f"/circuits/{pid}/ranking.csv"]
    # A visitor is sent to log in; a logged-in stranger gets 404 for a private circuit.
    as_user(client, "anonymous")
    for url in [*pages, f"/circuits/{pid}/edit"]:
        response = client.get(url)
        assert response.status_code == 302, url
        assert "/account/login" in response.headers["Location"]
    signup(client, "stranger")
    for url in [*pages, f"/circuits/{pid}/edit"]:
        assert client.get(url).status_code == 404, url
    # The stranger cannot add a tournament of theirs, change or empty the circuit.
    assert post_form(client, "/circuits/", f"/circuits/{pid}/edit", **CIRCUIT).status_code == 404
    removed = post_form(client, "/circuits/", f"/circuits/{pid}/tournaments/{final}/remove")
    assert removed.status_code == 404
    # Made public: anyone reads it, nobody else changes it.
    as_user(client, "organiser")
    post_form(client, f"/circuits/{pid}/edit", f"/circuits/{pid}/edit", **CIRCUIT, is_public="y")
    as_user(client, "anonymous")
    for url in pages:
        assert client.get(url).status_code == 200, url
    as_user(client, "stranger")
    assert client.get(f"/circuits/{pid}/edit").status_code == 403
    assert post_form(client, "/circuits/", f"/circuits/{pid}/edit", **CIRCUIT).status_code == 403
    removed = post_form(client, "/circuits/", f"/circuits/{pid}/tournaments/{final}/remove")
    assert removed.status_code == 403
    # The stranger's ranking view does not link the organiser's private tournament.
    html = client.get(f"/circuits/{pid}").get_data(as_text=True)
    assert f"/tournaments/{final}" not in html
    with app.app_context():
        assert db.session.scalars(select(Circuit)).one().name == CIRCUIT["name"]


def test_only_a_tournament_one_organises_can_be_added(app: Flask, client: FlaskClient) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "other")
    with app.app_context():
        theirs = finished_final("other", "Anna & Bruno\nCarla & Dario", 1)
    as_user(client, "anonymous")
    signup(client, "organiser")
    pid = new_circuit(client)
    assert theirs not in client.get(f"/circuits/{pid}").get_data(as_text=True)
    response = post_form(
        client, f"/circuits/{pid}", f"/circuits/{pid}/tournaments", tournament=theirs
    )
    assert response.status_code == 302
    html = client.get(f"/circuits/{pid}").get_data(as_text=True)
    assert "No tournament in the circuit yet." in html
    assert "Choose a tournament you run." in html or "Not a valid choice" in html
