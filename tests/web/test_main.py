"""The home page, language switch, error pages, security headers and health check."""

from __future__ import annotations

import flask_babel
import pytest
from flask import Flask, template_rendered
from flask.testing import FlaskClient
from jinja2 import Environment, Template

from scorekeeper import locale
from tests.helpers.games import start_game


def test_home_defaults_to_italian(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<html lang="it">' in html
    assert "Segnapunti per la Scopa" in html


def test_home_follows_the_browser_language(client: FlaskClient) -> None:
    response = client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"})
    html = response.get_data(as_text=True)
    assert '<html lang="en">' in html
    assert "Scorekeeper for Scopa" in html


def test_unknown_browser_language_falls_back_to_italian(client: FlaskClient) -> None:
    response = client.get("/", headers={"Accept-Language": "de-DE,fr;q=0.8"})
    assert '<html lang="it">' in response.get_data(as_text=True)


def test_language_switch_sets_cookie_and_returns(client: FlaskClient) -> None:
    response = client.get("/lang/en?next=/healthz")
    assert response.status_code == 302
    assert response.headers["Location"] == "/healthz"
    cookie = client.get_cookie("lang")
    assert cookie is not None
    assert cookie.value == "en"
    assert cookie.http_only
    # The cookie beats the browser's preference.
    html = client.get("/", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert '<html lang="en">' in html
    assert 'href="/lang/it?next=/"' in html


def test_the_switch_comes_back_with_the_pages_query(client: FlaskClient) -> None:
    """The language links (and log in) come back to this page with its query, all but a
    note of what just happened (``saved``)."""
    html = client.get("/?a=1&saved=3&b=x+y", headers={"Accept-Language": "it"}).text
    assert 'href="/lang/en?next=/?a%3D1%26b%3Dx%2By"' in html
    assert 'href="/account/login?next=/?a%3D1%26b%3Dx%2By"' in html


def test_language_switch_rejects_unknown_language(client: FlaskClient) -> None:
    assert client.get("/lang/de").status_code == 404
    assert client.get_cookie("lang") is None


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example",
        "\\\\evil.example",
        "javascript:alert(1)",
        "evil.example",
        "/\r\nLocation: https://evil.example",
        "/\x00evil",
        "",
    ],
)
def test_language_switch_is_not_an_open_redirect(client: FlaskClient, target: str) -> None:
    response = client.get("/lang/it", query_string={"next": target})
    assert response.status_code == 302
    assert response.headers["Location"] == "/"


def test_404_page_in_the_app_style_and_language(client: FlaskClient) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert "Pagina non trovata" in html
    assert 'class="site-header"' in html
    english = client.get("/no-such-page", headers={"Accept-Language": "en"})
    assert "Page not found" in english.get_data(as_text=True)


def test_api_errors_are_json(client: FlaskClient) -> None:
    response = client.get("/api/no-such-thing", headers={"Accept-Language": "en"})
    assert response.status_code == 404
    assert response.is_json
    assert response.get_json() == {
        "errors": [{"field": "", "message": "There is nothing at this address."}]
    }


def test_security_headers_on_every_response(client: FlaskClient) -> None:
    for url in ("/", "/healthz", "/no-such-page", "/static/css/app.css"):
        headers = client.get(url).headers
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"
        assert headers["X-Frame-Options"] == "DENY"
        csp = headers["Content-Security-Policy"]
        assert "default-src 'self'" in csp
        assert "script-src 'self'" in csp
        assert "frame-ancestors 'none'" in csp


def test_no_inline_script_or_style(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200  # an error page would pass what follows
    html = response.get_data(as_text=True)
    assert "<script>" not in html
    assert "<style" not in html
    assert "style=" not in html


def test_healthz(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok"


def test_favicon(client: FlaskClient) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response.data[:4] == b"\x00\x00\x01\x00"


def test_only_the_home_page_is_given_the_browsers_games(app: Flask, client: FlaskClient) -> None:
    """The home view passes the games started in this browser; no context processor
    offers them (and so no query) to every other page."""
    board = start_game(client)
    contexts: dict[str, dict[str, object]] = {}

    def rendered(_sender: Flask, template: Template, context: dict[str, object]) -> None:
        contexts[template.name or ""] = context

    with template_rendered.connected_to(rendered, app):
        home = client.get("/").get_data(as_text=True)
        client.get("/rules")
    games = contexts["main/index.html"]["your_games"]
    assert isinstance(games, list)
    assert [token for _, token in games] == [board.rsplit("/", 1)[1]]
    assert f'href="{board}"' in home
    assert "your_games" not in contexts["checks/rules.html"]


def test_a_page_looks_its_catalog_up_once_for_all_its_translations(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The templates' ``_()`` resolve the request's translations once (a board has some
    80 of them), and in each request's own language."""
    looked_up: list[object] = []

    def get_translations() -> object:
        looked_up.append(None)
        return flask_babel.get_translations()

    board = start_game(client)
    monkeypatch.setattr(locale, "get_translations", get_translations)
    italian = client.get(board).get_data(as_text=True)
    assert len(looked_up) == 1
    english = client.get(board, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert len(looked_up) == 2
    assert "<summary>Carta migliore per seme, per decidere la primiera</summary>" in italian
    assert "<summary>Best card in each suit, to decide the primiera</summary>" in english


@pytest.mark.parametrize("autoescape", [True, False])
@pytest.mark.parametrize(
    ("source", "values"),
    [
        ('{{ _("Share") }}', {}),
        ('{{ _("100%% sure") }}', {}),
        ('{{ _("Entered as taken by %(side)s.", side=who) }}', {"who": "<b>Anna & Bruno</b>"}),
        ('{{ gettext("Target %(target)s", target=21) }}', {}),
        ('{{ ngettext("after %(num)d game", "after %(num)d games", 2) }}', {}),
    ],
)
def test_the_templates_gettext_is_jinjas_newstyle_gettext(
    app: Flask, autoescape: bool, source: str, values: dict[str, str]
) -> None:
    """``_()``, ``gettext()`` and ``ngettext()`` in one call say what Jinja's own newstyle
    gettext says where no word is fitted to a value (scorekeeper.grammar):
    the translation, escaped values where the template escapes, ``%%`` as ``%``; the
    same text again from the kept one, in each request's language."""
    jinja = Environment(extensions=["jinja2.ext.i18n"])  # Jinja's own, as it comes
    jinja.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: flask_babel.get_translations().ugettext(s),
        ngettext=lambda s, p, n: flask_babel.get_translations().ungettext(s, p, n),
        newstyle=True,
    )
    template = "{% autoescape " + str(autoescape).lower() + " %}" + source + "{% endautoescape %}"
    for language in ("it", "en", "it"):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            ours = app.jinja_env.from_string(template).render(values)
            assert ours == jinja.from_string(template).render(values)
            assert ours == app.jinja_env.from_string(template).render(values)
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        english = app.jinja_env.from_string(template).render(values)
    if "Entered" in source:
        assert ("&lt;b&gt;Anna &amp; Bruno&lt;/b&gt;" in english) == autoescape
        assert english.startswith("Entered as taken by ")
    if "100" in source:
        assert english == "100% sure"
