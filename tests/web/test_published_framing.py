"""A public results page (/published/<id>) may be shown in a frame by a club's site;
every other page, and a member's view of a private tournament's, never (issue 29)."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.datastructures import Headers

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Structure
from tests.helpers import IT
from tests.helpers.actions import as_user, post_form, signup
from tests.helpers.tournaments import drawn, play_round


def finished_final(app: Flask, organiser: str, *, public: bool) -> str:
    """A finished knockout of two pairs run by ``organiser``: its public id."""
    with app.app_context():
        user = db.session.scalars(select(User).where(User.username == organiser)).one()
        t = drawn(user, "Anna & Bruno\nCarla & Dario", 1, Structure.KNOCKOUT, is_public=public)
        services.start(t)
        play_round(t)
        return t.public_id


def framed_by(headers: Headers) -> str:
    """The ``frame-ancestors`` directive of the page's Content-Security-Policy."""
    csp = headers["Content-Security-Policy"]
    (directive,) = [d.strip() for d in csp.split(";") if "frame-ancestors" in d]
    return directive


def never_framed(headers: Headers) -> bool:
    return framed_by(headers) == "frame-ancestors 'none'" and headers["X-Frame-Options"] == "DENY"


def test_only_the_public_results_page_may_be_framed(app: Flask, client: FlaskClient) -> None:
    signup(client, "organiser")
    pid = finished_final(app, "organiser", public=True)
    as_user(client, "anonymous")
    page = client.get(f"/published/{pid}")
    assert page.status_code == 200
    assert framed_by(page.headers) == "frame-ancestors *"
    assert "X-Frame-Options" not in page.headers
    # The rest of the policy is unchanged.
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    # Every other page keeps 'none': the tournament's own pages, the podium, the
    # spreadsheet, the home page, an address that does not exist.
    for url in (
        f"/tournaments/{pid}",
        f"/tournaments/{pid}/rounds",
        f"/published/{pid}/podium.svg",
        f"/published/{pid}/standings.csv",
        "/",
        "/published/no-such-tournament",
    ):
        response = client.get(url)
        assert never_framed(response.headers), url


def test_a_private_tournament_s_pages_are_never_framed(app: Flask, client: FlaskClient) -> None:
    signup(client, "organiser")
    pid = finished_final(app, "organiser", public=False)
    # The organiser's own view (with the buttons that make a results link).
    member = client.get(f"/published/{pid}")
    assert member.status_code == 200
    assert never_framed(member.headers)
    made = post_form(client, f"/published/{pid}", f"/published/{pid}/link")
    link = made.headers["Location"]
    as_user(client, "anonymous")
    through_link = client.get(link)
    assert through_link.status_code == 200
    assert never_framed(through_link.headers)


def test_the_sites_that_may_frame_it_are_set_and_checked(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(
        PUBLISHED_FRAME_ANCESTORS="https://circolo.example.org https://bad.example;script-src"
    )
    client = app.test_client()
    signup(client, "organiser")
    pid = finished_final(app, "organiser", public=True)
    as_user(client, "anonymous")
    headers = client.get(f"/published/{pid}").headers
    # A source that would end the directive is left out, not sent.
    assert framed_by(headers) == "frame-ancestors https://circolo.example.org"
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert never_framed(client.get(f"/tournaments/{pid}").headers)


def test_the_organiser_names_the_sites_that_may_frame_it(app: Flask, client: FlaskClient) -> None:
    signup(client, "organiser")
    pid = finished_final(app, "organiser", public=True)
    show = f"/tournaments/{pid}"
    form = client.get(show, headers=IT).get_data(as_text=True)
    assert 'id="framing"' in form
    assert "Siti che possono mostrare la pagina dei risultati in un riquadro" in form
    sites = "https://circolo.example.org  https://www.bar-sport.it:8443"
    assert post_form(client, show, f"/published/{pid}/framing", sites=sites).status_code == 302
    saved = client.get(show, headers=IT).get_data(as_text=True)
    assert 'value="https://circolo.example.org https://www.bar-sport.it:8443"' in saved
    as_user(client, "anonymous")
    headers = client.get(f"/published/{pid}").headers
    assert framed_by(headers) == (
        "frame-ancestors https://circolo.example.org https://www.bar-sport.it:8443"
    )
    assert never_framed(client.get(show).headers)
    # A bad site is refused, the list kept; emptied, the app's default again.
    as_user(client, "organiser")
    bad = post_form(client, show, f"/published/{pid}/framing", sites="circolo; script-src *")
    assert bad.status_code == 302
    refused = client.get(show, headers=IT).get_data(as_text=True)
    assert "Scrivi gli indirizzi dei siti separati da spazi" in refused
    assert framed_by(client.get(f"/published/{pid}").headers).endswith("bar-sport.it:8443")
    assert post_form(client, show, f"/published/{pid}/framing", sites="").status_code == 302
    assert framed_by(client.get(f"/published/{pid}").headers) == "frame-ancestors *"


def test_only_the_organiser_sets_the_sites(app: Flask, client: FlaskClient) -> None:
    signup(client, "organiser")
    pid = finished_final(app, "organiser", public=True)
    signup(client, "stranger")
    assert 'id="framing"' not in client.get(f"/tournaments/{pid}").get_data(as_text=True)
    response = post_form(client, "/circuits/new", f"/published/{pid}/framing", sites="*")
    assert response.status_code == 403
    as_user(client, "anonymous")
    url = f"/published/{pid}/framing"
    response = post_form(client, "/account/login", url, sites="https://evil.example")
    assert response.status_code in (302, 403)
    assert framed_by(client.get(f"/published/{pid}").headers) == "frame-ancestors *"
