"""Responses on the wire: static files compressed, HTML pages never (BREACH)."""

from __future__ import annotations

import brotli  # flask-compress depends on it
import pytest
from flask.testing import FlaskClient


@pytest.mark.parametrize(
    "path", ["/static/css/app.css", "/static/js/games.js", "/static/img/suits.svg", "/favicon.ico"]
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
