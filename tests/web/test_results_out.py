"""Results out: the spreadsheet an Italian Excel or Calc opens as it is, the public
results page for the club's site (never a private tournament's), and the podium image."""

from __future__ import annotations

import csv
import io

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Structure
from tests.helpers.actions import as_user, post_form, signup
from tests.helpers.tournaments import drawn, play_round

ROUND_ROBIN = "=Anna & Bruno (Circolo Aurora)\nCarla & Nicolò\nElena & Fabio\nGina & <Ivo>"


def finished(
    app: Flask, organiser: str, *, public: bool, structure: Structure = Structure.ROUND_ROBIN
) -> str:
    """A finished tournament of four pairs (a single round-robin; entrant 1 beats all)."""
    with app.app_context():
        user = db.session.scalars(select(User).where(User.username == organiser)).one()
        t = drawn(user, ROUND_ROBIN, 5, structure, is_public=public)
        services.start(t)
        while True:
            play_round(t)
            db.session.refresh(t)
            if t.status == "finished":
                return t.public_id
            services.next_round(t)


def test_the_spreadsheet_opens_in_an_italian_excel(app: Flask, client: FlaskClient) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "it"
    signup(client, "organiser")
    pid = finished(app, "organiser", public=False)
    response = client.get(f"/published/{pid}/standings.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Cache-Control"] == "no-store"
    body = response.data
    assert body.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM: Excel reads "Nicolò"
    text = body.decode("utf-8")[1:]
    assert "\r\n" in text
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    header, lines = rows[0], [row for row in rows[1:] if row]
    assert header[:5] == ["Tabella", "Posizione", "Iscritto", "Circolo", "Punti"]
    standings = [row for row in lines if row[0] == "Classifica"]
    assert len(standings) == 4
    assert [row[1] for row in standings] == ["1", "2", "3", "4"]
    # Points, partite and the difference are numbers (a negative one too, not a formula);
    # game points per match are a decimal with a comma.
    last = standings[-1]
    assert int(last[12]) < 0
    assert "," in standings[0][13]
    assert float(standings[0][13].replace(",", ".")) > 0
    # A name a spreadsheet would run as a formula is quoted.
    names = [row[2] for row in standings]
    assert "'=Anna / Bruno" in names
    assert "Carla / Nicolò" in names
    podium = [row for row in lines if row[0] == "Podio"]
    assert [row[1] for row in podium] == ["1", "2", "3"]


def test_the_public_results_page_shows_a_public_tournament_to_anyone(
    app: Flask, client: FlaskClient
) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "organiser")
    pid = finished(app, "organiser", public=True)
    as_user(client, "anonymous")
    response = client.get(f"/published/{pid}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'id="podium"' in html
    assert "tournament-standings" in html
    assert 'class="btn print-btn"' in html
    assert "https://wa.me/?text=" in html
    assert "share-podium-btn" in html
    assert "&lt;Ivo&gt;" in html  # names escaped
    assert "<Ivo>" not in html
    assert 'id="private-note"' not in html
    image = client.get(f"/published/{pid}/podium.svg")
    assert image.status_code == 200
    assert image.mimetype == "image/svg+xml"
    svg = image.get_data(as_text=True)
    assert svg.startswith("<svg")
    assert "&lt;Ivo&gt;" in svg
    assert ">1</text>" in svg
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "it"
    html = client.get(f"/published/{pid}").get_data(as_text=True)
    assert "Condividi il podio" in html
    assert "Invia su WhatsApp" in html


def test_a_private_tournament_is_never_published(app: Flask, client: FlaskClient) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "organiser")
    pid = finished(app, "organiser", public=False)
    urls = [f"/published/{pid}", f"/published/{pid}/podium.svg"]
    # Its members see the page (not cached), told it is theirs alone.
    response = client.get(urls[0])
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert 'id="private-note"' in response.get_data(as_text=True)
    assert "wa.me" not in response.get_data(as_text=True)
    # A visitor and a stranger get the answer of an id that does not exist.
    as_user(client, "anonymous")
    for url in [*urls, "/published/no-such-tournament", "/published/no-such/podium.svg"]:
        assert client.get(url).status_code == 404, url
    signup(client, "stranger")
    for url in urls:
        assert client.get(url).status_code == 404, url
    assert client.get(f"/published/{pid}/standings.csv").status_code == 404
    as_user(client, "anonymous")
    assert client.get(f"/published/{pid}/standings.csv").status_code == 302


def test_no_podium_image_before_the_end(app: Flask, client: FlaskClient) -> None:
    signup(client, "organiser")
    with app.app_context():
        user = db.session.scalars(select(User).where(User.username == "organiser")).one()
        t = drawn(user, ROUND_ROBIN, 5, Structure.ROUND_ROBIN, is_public=True)
        services.start(t)
        pid = t.public_id
    assert client.get(f"/published/{pid}/podium.svg").status_code == 404
    html = client.get(f"/published/{pid}").get_data(as_text=True)
    assert "share-podium-btn" not in html


def test_a_results_link_opens_a_private_tournament_until_taken_back(
    app: Flask, client: FlaskClient
) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "organiser")
    pid = finished(app, "organiser", public=False)
    page = client.get(f"/published/{pid}").get_data(as_text=True)
    assert "Make a results link" in page
    made = post_form(client, f"/published/{pid}", f"/published/{pid}/link")
    assert made.status_code == 302
    link = made.headers["Location"]
    assert link.startswith("/published/link/")
    first = client.get(link)
    assert first.status_code == 200
    assert "Results link made" in first.get_data(as_text=True)
    # Anyone with the address sees the page and the podium, never cached.
    as_user(client, "anonymous")
    response = client.get(link)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    html = response.get_data(as_text=True)
    assert 'id="podium"' in html
    assert "https://wa.me/?text=" in html
    assert 'id="private-note"' not in html
    assert client.get(f"{link}/podium.svg").status_code == 200
    assert client.get(f"/published/{pid}").status_code == 404  # the tournament's own address
    # A stranger cannot make or take back the link.
    signup(client, "stranger")
    assert post_form(client, "/circuits/new", f"/published/{pid}/link").status_code == 404
    assert post_form(client, "/circuits/new", f"/published/{pid}/link/revoke").status_code == 404
    assert client.get(link).status_code == 200
    # A new link replaces the old; taken back, none opens anything.
    as_user(client, "organiser")
    second = post_form(client, f"/published/{pid}", f"/published/{pid}/link").headers["Location"]
    assert client.get(link).status_code == 404
    assert client.get(second).status_code == 200
    assert "Take the results link back" in client.get(f"/published/{pid}").get_data(as_text=True)
    post_form(client, f"/published/{pid}", f"/published/{pid}/link/revoke")
    as_user(client, "anonymous")
    assert client.get(second).status_code == 404
    assert client.get(f"{second}/podium.svg").status_code == 404
