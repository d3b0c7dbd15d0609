"""The venue's screen and score sheets, measured (run by hand, never a test):

    .venv/bin/python bench/venue.py                  # this checkout
    .venv/bin/python bench/venue.py --root /tmp/old  # another checkout (the code before)

A throwaway SQLite database; an organiser creates through the forms a public tournament
of ``--pairs`` pairs (groups of four, then a knockout) and starts it, and a knockout of
eight pairs (four tables) with and without the sides' confirmation. Reported:

- the screen at 1920 x 1080 in headless Chromium: the page's height (scrollHeight) and,
  where the screen cycles (``window.scorekeeperScreen``), the tallest of its views and
  whether each fits;
- the score sheets of four tables printed by Chromium (``page.pdf``, A4): pages counted;
- the screen's answer in-process (Flask test client, no network): wall ms median / p95
  and SQL statements, drawn in full (200) and, where the page has an ETag, unchanged
  (304 to ``If-None-Match``).

Only ever serves and requests 127.0.0.1.
"""

from __future__ import annotations

import argparse
import logging
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
parser.add_argument("--pairs", type=int, default=32)
parser.add_argument("--repeat", type=int, default=30)
ARGS = parser.parse_args()
sys.path.insert(0, str(ARGS.root.resolve()))

import flask_migrate  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402
from sqlalchemy import event  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.accounts.services import create_user  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

PASSWORD = "bench-password"
_CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]*)"')


def post(client: FlaskClient, form_url: str, action: str, **data: str) -> str:
    found = _CSRF.search(client.get(form_url).get_data(as_text=True))
    assert found, form_url
    response = client.post(action, data={"csrf_token": found.group(1), **data})
    assert response.status_code == 302, (action, response.status_code)
    return str(response.headers["Location"])


def tournament(client: FlaskClient, pairs: int, structure: str, confirm: bool) -> str:
    """A public tournament made, filled, drawn and started through the forms; its path."""
    fields = {
        "name": "Torneo di San Rocco",
        "held_on": "2026-08-16",
        "format": "2x2",
        "structure": structure,
        "group_size": "4",
        "qualifiers": "2",
        "games": "1",
        "target": "11",
        "knockout_games": "1",
        "knockout_target": "11",
        "final_games": "1",
        "final_target": "11",
        "preset": "scopa-2x2",
        "entry_fee": "5",
        "is_public": "y",
    }
    if confirm:
        fields["needs_confirmation"] = "y"
    location = post(client, "/tournaments/new", "/tournaments/new", **fields)
    base = f"/tournaments/{location.split('/')[2]}"
    lines = "\n".join(
        f"Giovannantonio Bartolomei{n} & Massimiliano Campobasso{n}" for n in range(1, pairs + 1)
    )
    post(client, f"{base}/entries", f"{base}/entries", entries=lines)
    post(client, f"{base}/entries", f"{base}/draw", seed="7")
    post(client, f"{base}/entries", f"{base}/start")
    return base


def figures(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):.1f} / {p95:.1f} ms"


def timed(app: Any, client: FlaskClient, url: str, headers: dict[str, str]) -> tuple[str, int, int]:
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

    def count(*_args: object) -> None:
        statements.append("")

    samples = []
    status = 0
    event.listen(engine, "before_cursor_execute", count)
    try:
        for _ in range(ARGS.repeat):
            statements.clear()
            start = time.perf_counter()
            response = client.get(url, headers=headers)
            samples.append((time.perf_counter() - start) * 1000)
            status = response.status_code
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return figures(samples), status, len(statements)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/venue.sqlite3",
                "SECRET_KEY": "bench",
                "RATELIMIT_ENABLED": False,
                "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
            }
        )
        with app.app_context():
            logging.disable(logging.INFO)
            flask_migrate.upgrade()
            create_user("organiser", PASSWORD)
        client = app.test_client()
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "it"
        post(client, "/account/login", "/account/login", username="organiser", password=PASSWORD)
        big = tournament(client, ARGS.pairs, "groups_knockout", confirm=False)
        sheets = [
            tournament(client, 8, "knockout", confirm=False) + "/print/sheets",
            tournament(client, 8, "knockout", confirm=True) + "/print/sheets",
        ]
        reader = app.test_client()  # the TV: no account
        screen = f"{big}/screen"
        full, status, count = timed(app, reader, screen, {})
        print(f"{ARGS.pairs} pairs in groups, the screen in-process: {status} {full}, {count} SQL")
        etag = reader.get(screen).headers.get("ETag")
        if etag:
            same, status, count = timed(app, reader, screen, {"If-None-Match": etag})
            print(f"  unchanged (If-None-Match): {status} {same}, {count} SQL")
        else:
            print("  no ETag: every poll draws the page again")
        if client.get(f"{big}/venue").status_code == 200:  # the screen's own link
            post(client, f"{big}/venue", f"{big}/venue/screen-link")
            found = re.search(
                r'id="screen-link-url">http://[^/]+(/[^<]+)<',
                client.get(f"{big}/venue").get_data(as_text=True),
            )
            assert found
            link = found.group(1)
            full, status, count = timed(app, reader, link, {})
            print(f"  by its own link: {status} {full}, {count} SQL")
            etag = reader.get(link).headers["ETag"]
            same, status, count = timed(app, reader, link, {"If-None-Match": etag})
            print(f"  by its own link, unchanged: {status} {same}, {count} SQL")
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            base_url = f"http://127.0.0.1:{server.server_port}"
            browser_figures(base_url, screen, sheets)
        finally:
            server.shutdown()
            thread.join(timeout=5)


def browser_figures(base_url: str, screen: str, sheets: list[str]) -> None:
    """The screen's height at 1920 x 1080 (each view's, where it cycles), and the sheets'
    pages printed by Chromium (the browser logged in as the organiser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB")
        tv = context.new_page()
        tv.goto(base_url + screen)
        height = tv.evaluate("document.documentElement.scrollHeight")
        print(f"screen at 1920 x 1080 in Chromium: page height {height} px")
        if tv.evaluate("!!window.scorekeeperScreen"):
            views = tv.locator(".screen-slide").count()
            tallest, fit = 0, 0
            for _ in range(views):
                shown = tv.evaluate(
                    """() => { const v = document.querySelector('.screen-slide.is-current');
                    return [document.documentElement.scrollHeight,
                            v.scrollHeight <= v.clientHeight + 1]; }"""
                )
                tallest = max(tallest, shown[0])
                fit += bool(shown[1])
                tv.evaluate("window.scorekeeperScreen.next()")
            print(f"  {views} views, the tallest page {tallest} px, {fit} of {views} fit")
        page = context.new_page()
        page.goto(base_url + "/account/login")
        page.locator('input[name="username"]').fill("organiser")
        page.locator('input[name="password"]').fill(PASSWORD)
        page.locator('form[action="/account/login"] button[type="submit"]').click()
        page.wait_for_load_state()
        for label, path in zip(("without", "with"), sheets, strict=True):
            page.goto(base_url + path)
            page.emulate_media(media="print")
            pdf = page.pdf(format="A4")
            count = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
            print(f"score sheets of 4 tables, {label} the sides' QR codes: {count} A4 pages")
            page.emulate_media(media="screen")
        browser.close()


if __name__ == "__main__":
    main()
