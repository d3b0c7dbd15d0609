"""Responses on the wire: static files compressed, HTML pages never (BREACH)."""

from __future__ import annotations

import gzip

import brotli  # flask-compress depends on it
import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

from scorekeeper.ui.static import static_digest


@pytest.mark.parametrize(
    "path", ["/static/css/app.css", "/static/js/games.js", "/static/icons/icon.svg", "/favicon.ico"]
)
def test_static_files_are_compressed_when_the_browser_accepts_it(
    client: FlaskClient, path: str
) -> None:
    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": "br"})
    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert brotli.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data)


@pytest.mark.parametrize("path", ["/static/css/app.css", "/static/js/games.js"])
def test_a_compressed_static_file_is_still_revalidated(client: FlaskClient, path: str) -> None:
    etag = client.get(path, headers={"Accept-Encoding": "br"}).headers["ETag"]
    again = client.get(path, headers={"Accept-Encoding": "br", "If-None-Match": etag})
    assert again.status_code == 304


@pytest.mark.parametrize("path", ["/", "/games/new"])
def test_html_pages_are_never_compressed(client: FlaskClient, path: str) -> None:
    """Pages carry the CSRF token and edit links and echo the URL: compressing them
    would let a length-measuring attacker guess those secrets (BREACH)."""
    response = client.get(path, headers={"Accept-Encoding": "gzip, br, zstd"})
    assert response.status_code == 200
    assert response.headers.get("Content-Encoding") is None


@pytest.mark.parametrize("path", ["/static/css/app.css", "/static/js/games.js"])
def test_static_files_are_gzipped_for_a_client_that_accepts_only_gzip(
    client: FlaskClient, path: str
) -> None:
    """Static files are sent as streams: gzip must be among the streaming encodings."""
    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data)


def _versioned(app: Flask, filename: str) -> str:
    with app.test_request_context():
        return url_for("static", filename=filename)


@pytest.mark.parametrize("filename", ["css/app.css", "js/games.js", "icons/icon.svg"])
def test_a_static_file_by_its_digest_is_cached_for_a_year_unrevalidated(
    app: Flask, client: FlaskClient, filename: str
) -> None:
    url = _versioned(app, filename)
    assert f"v={static_digest_of(app, filename)}" in url
    for encoding in ("identity", "gzip", "br"):
        response = client.get(url, headers={"Accept-Encoding": encoding})
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize("query", ["", "?v=000000000000", "?v="])
def test_a_static_file_without_its_digest_is_cached_briefly(
    client: FlaskClient, query: str
) -> None:
    response = client.get("/static/css/app.css" + query)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=300"
    assert "immutable" not in response.headers["Cache-Control"]


def test_pages_are_not_cached_as_static_files(client: FlaskClient) -> None:
    assert "immutable" not in client.get("/").headers.get("Cache-Control", "")
    assert client.get("/static/css/missing.css?v=abc").status_code == 404


def static_digest_of(app: Flask, filename: str) -> str | None:
    with app.app_context():
        return static_digest(filename)


@pytest.mark.parametrize("path", ["/static/js/games.js", "/favicon.ico"])
def test_a_file_carries_no_header_it_needs_not(client: FlaskClient, path: str) -> None:
    """A file is the same for every language, and its name is in its URL; its security
    headers stay. A missing file's page (HTML, in the browser's language) keeps its Vary."""
    response = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    for name in ("Content-Disposition", "Last-Modified", "Accept-Ranges"):
        assert name not in response.headers, name
    assert response.headers["ETag"]  # what revalidates it
    assert "Accept-Language" not in response.headers["Vary"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")
    missing = client.get("/static/js/no-such-file.js")
    assert missing.status_code == 404
    assert "Accept-Language" in missing.headers["Vary"]
