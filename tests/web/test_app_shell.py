"""The installable app: manifest, icons, service worker, offline page, versioned static
URLs, and the board's offline line and wake/share controls (as the server sends them)."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path
from urllib.parse import unquote

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.main.shell import BOARDS_CACHE, FETCHED_HEADER
from scorekeeper.main.views import _render_offline
from tests.helpers import serve_static_copy
from tests.helpers.games import record, start_game

STATIC = Path(__file__).resolve().parents[2] / "static"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SHELL_LINE = re.compile(r"^var SHELL = (\[.*\]);$", re.MULTILINE)
VERSION_LINE = re.compile(r'^var VERSION = "([0-9a-f]+)";$', re.MULTILINE)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG, from its header."""
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def version(client: FlaskClient) -> str:
    """The version /sw.js announces."""
    match = VERSION_LINE.search(client.get("/sw.js").get_data(as_text=True))
    assert match, "no version in /sw.js"
    return match.group(1)


@pytest.mark.parametrize(
    ("lang", "name", "short_name"),
    [
        ("it", "Segnapunti per la Scopa", "Segnapunti"),
        ("en", "Scorekeeper for Scopa", "Scorekeeper"),
    ],
)
def test_the_manifest_speaks_the_language_asked(
    client: FlaskClient, lang: str, name: str, short_name: str
) -> None:
    response = client.get(f"/manifest.webmanifest?lang={lang}")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["lang"] == lang
    assert (manifest["name"], manifest["short_name"]) == (name, short_name)
    assert manifest["description"]
    assert manifest["start_url"] == "/"
    assert manifest["scope"] == "/"
    assert manifest["id"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["background_color"] == "#ffffff"
    assert manifest["theme_color"] == "#ffffff"


def test_the_manifest_without_a_language_follows_the_browser(client: FlaskClient) -> None:
    english = client.get("/manifest.webmanifest", headers={"Accept-Language": "en-GB"})
    assert english.get_json(force=True)["lang"] == "en"
    assert client.get("/manifest.webmanifest?lang=de").get_json(force=True)["lang"] == "it"


def test_the_manifest_icons_exist_at_their_sizes(client: FlaskClient) -> None:
    icons = client.get("/manifest.webmanifest").get_json(force=True)["icons"]
    purposes = {(icon["sizes"], icon["purpose"]) for icon in icons}
    assert {("192x192", "any"), ("512x512", "any"), ("any", "any")} <= purposes
    assert {("192x192", "maskable"), ("512x512", "maskable")} <= purposes
    for icon in icons:
        response = client.get(icon["src"])
        assert response.status_code == 200, icon["src"]
        assert response.mimetype == icon["type"]
        if icon["type"] == "image/png":
            width, height = png_size(response.data)
            assert f"{width}x{height}" == icon["sizes"]
        else:
            assert response.data.startswith(b"<svg")


def test_every_page_links_the_manifest_the_icons_and_the_worker(client: FlaskClient) -> None:
    html = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=en">' in html
    for colour, scheme in (("#ffffff", "light"), ("#121212", "dark")):
        meta = (
            f'<meta name="theme-color" content="{colour}" media="(prefers-color-scheme: {scheme})">'
        )
        assert meta in html
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', html)
    assert touch
    assert png_size(client.get(touch.group(1)).data) == (180, 180)
    assert re.search(r'<script src="/static/js/page\.js\?v=\w+" defer data-worker="/sw\.js"', html)


def test_the_theme_colours_are_the_pages_backgrounds(app: Flask) -> None:
    css = Path(str(app.static_folder), "css", "app.css").read_text()
    light, dark = re.findall(r"--bg: (#[0-9a-f]{6});", css)[:2]
    assert (light, dark) == ("#ffffff", "#121212")


def test_static_urls_carry_the_digest_of_their_file(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert urls
    for url in urls:
        assert re.fullmatch(r"/static/[\w/.-]+\?v=[0-9a-f]{12}", url), url
        assert client.get(url).status_code == 200


def test_the_worker_is_served_at_the_root_and_always_checked(client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert "Service-Worker-Allowed" not in response.headers
    body = response.get_data(as_text=True)
    assert f'var BOARDS = "{BOARDS_CACHE}";' in body
    assert f'var FETCHED = "{FETCHED_HEADER}";' in body
    assert 'var LOGOUT = ["/account/logout", "/account/logout-everywhere"];' in body


def test_the_worker_keeps_every_static_file_and_the_offline_pages(client: FlaskClient) -> None:
    match = SHELL_LINE.search(client.get("/sw.js").get_data(as_text=True))
    assert match
    shell = set(json.loads(match.group(1)))
    assert {"/offline/it", "/offline/en", "/favicon.ico"} <= shell
    paths = {url.split("?")[0] for url in shell}
    for name in ("css/app.css", "js/games.js", "icons/icon.svg", "icons/icon-192.png"):
        assert f"/static/{name}" in paths
    for url in shell:
        assert client.get(url).status_code == 200, url


def test_the_version_is_stable_and_changes_with_a_static_file(
    app: Flask, client: FlaskClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.jinja_env.auto_reload = True  # in development: files change under the running app
    static = serve_static_copy(app, tmp_path, monkeypatch)
    first = version(client)
    assert version(client) == first
    css = static / "css" / "app.css"
    css.write_text(css.read_text() + "\n/* next */\n")
    changed = version(client)
    assert changed != first
    (static / "js" / "new.js").write_text("/* a new file */\n")
    assert version(client) not in (first, changed)
    assert "/static/js/new.js?v=" in client.get("/sw.js").get_data(as_text=True)


def test_a_running_app_reads_each_static_file_once(
    app: Flask, client: FlaskClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In production a release restarts the app: a file changed under it keeps the digest
    it was first read with, in the version and in every page's links."""
    assert not app.jinja_env.auto_reload
    static = serve_static_copy(app, tmp_path, monkeypatch)
    first = version(client)
    link = re.search(r"/static/css/app\.css\?v=\w+", client.get("/").get_data(as_text=True))
    assert link
    css = static / "css" / "app.css"
    css.write_text(css.read_text() + "\n/* next */\n")
    assert version(client) == first
    assert link.group(0) in client.get("/").get_data(as_text=True)
    app.jinja_env.auto_reload = True
    assert version(client) != first
    assert link.group(0) not in client.get("/").get_data(as_text=True)


def test_the_version_is_the_same_for_everyone(client: FlaskClient, app: Flask) -> None:
    anonymous = version(client)
    other = app.test_client()
    other.set_cookie("lang", "en")
    assert version(other) == anonymous


@pytest.mark.parametrize(
    ("lang", "heading"), [("it", "Nessuna connessione"), ("en", "No connection")]
)
def test_the_offline_page_in_each_language(client: FlaskClient, lang: str, heading: str) -> None:
    response = client.get(f"/offline/{lang}", headers={"Accept-Language": "de"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert f"<h1>{heading}</h1>" in html
    assert f'data-cache="{BOARDS_CACHE}"' in html
    assert re.search(r'<script src="/static/js/offline\.js\?v=\w+" defer>', html)
    assert client.get("/offline/de").status_code == 404


def test_one_request_renders_each_language_in_its_own_words(app: Flask) -> None:
    """The worker's version is made from the offline page in each language, rendered in one
    request: each page in its language, its menu and footer too, whichever comes first."""
    with app.test_request_context("/sw.js", headers={"Accept-Language": "en"}):
        pages = {code: _render_offline(code) for code in ("it", "en", "it")}
    assert "<h1>Nessuna connessione</h1>" in pages["it"]
    assert ">Nuova partita</a>" in pages["it"]
    assert "Segnapunti per la Scopa" in pages["it"]
    assert "<h1>No connection</h1>" in pages["en"]
    assert ">New game</a>" in pages["en"]
    assert "Scorekeeper for Scopa" in pages["en"]


@pytest.mark.parametrize(
    ("lang", "menu", "footer"),
    [
        ("it", "Nuova partita", "Segnapunti per la Scopa"),
        ("en", "New game", "Scorekeeper for Scopa"),
    ],
)
def test_the_pages_after_the_worker_keep_their_language(
    client: FlaskClient, lang: str, menu: str, footer: str
) -> None:
    """The menu and footer every page shares are kept once rendered: the worker, which
    renders both languages in one request, leaves each language's own."""
    assert client.get("/sw.js").status_code == 200
    html = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert re.search(rf'<ul class="menu-list">\s*<li><a href="/games/new">{menu}</a>', html)
    assert re.search(rf'<footer class="site-footer">\s*<p>{footer} ·', html)


def test_the_offline_page_has_no_account_links(client: FlaskClient) -> None:
    html = client.get("/offline/en").get_data(as_text=True)
    assert "/account/login" not in html
    assert "csrf_token" not in html


def test_the_board_has_the_offline_line_and_the_wake_toggle(client: FlaskClient) -> None:
    board = start_game(client)
    html = client.get(board, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert re.search(
        r'<p class="offline-line" id="offline-line" role="status" hidden\s+'
        r'data-text="Offline · last updated at \{time\}"',
        html,
    )
    assert re.search(
        r'<a class="tool tool-share" href="#share" id="share-tool"><span>Share</span></a>', html
    )
    assert re.search(
        r'id="wake-toggle" aria-pressed="false" hidden>.*?<span>Screen on</span></button>', html
    )
    # The wake lock's code comes with the live board's, in games.js: fewer requests.
    assert re.search(r'<script src="/static/js/games\.js\?v=\w+" defer>', html)
    assert "wakelock.js" not in html
    assert "navigator.wakeLock.request" in (STATIC / "js" / "games.js").read_text()


def whatsapp_text(html: str) -> str:
    """The message of the board's WhatsApp link."""
    match = re.search(r'href="https://wa\.me/\?text=([^"]+)"', html)
    assert match, "no WhatsApp link"
    return unquote(match.group(1).replace("&amp;", "&"))


def test_whatsapp_gets_the_view_link_and_the_score(client: FlaskClient) -> None:
    board = start_game(client, ("Anna & Co", "<Bruno>"))
    html = client.get(board, headers={"Accept-Language": "en"}).get_data(as_text=True)
    view = re.search(r'id="view-link">([^<]+)<', html)
    assert view
    expected = f"Scopa, Anna & Co – <Bruno>: 0–0. Follow the game: {view.group(1)}"
    assert whatsapp_text(html) == expected
    assert 'data-share-playing="Scopa, {names}: {score}. Follow the game:"' in html
    assert "<Bruno>" not in html  # escaped everywhere else


def test_once_the_game_is_over_the_message_is_the_result(client: FlaskClient) -> None:
    board = start_game(client, target="5")
    record(client, board)
    html = client.get(board, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert whatsapp_text(html).startswith("Scopa, Anna – Bruno: 5–0. Winner: Anna http")


CARDS_CSS = re.compile(r'<link rel="stylesheet" href="/static/css/cards\.css\?v=\w+">')


def test_only_the_pages_that_draw_cards_load_cards_css(client: FlaskClient) -> None:
    """The board (a lighter first load) draws no card: its badges, verdicts and the
    breakdown of a hand are in app.css; the card-by-card page and the checkers load it."""
    board = start_game(client)
    html = client.get(board).get_data(as_text=True)
    assert not CARDS_CSS.search(html)
    for page in (f"{board}/hands/cards", "/primiera", "/check/capture", "/check/hand", "/rules"):
        assert CARDS_CSS.search(client.get(page).get_data(as_text=True)), page
    app_css = (STATIC / "css" / "app.css").read_text()
    cards_css = (STATIC / "css" / "cards.css").read_text()
    for rule in (".badge {", ".verdict {", ".breakdown-table {", "details > summary {"):
        assert rule in app_css, rule
        assert rule not in cards_css, rule
