"""Fixtures for end-to-end tests: the app on a live server, driven by Debian's chromium.

Playwright's own browser download cannot work here, so the tests launch
/usr/bin/chromium. Without it (or without playwright) the tests are skipped, except
under CI=true, where that is a failure.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import pytest
from werkzeug.serving import BaseWSGIServer, make_server

from scorekeeper import create_app
from scorekeeper.extensions import db
from tests.helpers import LiveServer, close_when_sent, empty_tables, make_test_config
from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, PHONE

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright


try:
    import playwright as _playwright_package  # noqa: F401

    MISSING = "" if CHROMIUM.exists() else f"{CHROMIUM} is missing (apt-get install chromium)"
except ImportError:
    MISSING = "playwright is not installed (pip install playwright)"


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Without playwright the test modules cannot even be imported: leave them out,
    except under CI, where the import error must fail the run."""
    if MISSING.startswith("playwright") and os.environ.get("CI") != "true":
        return collection_path.name.startswith("test_")
    return None


def pytest_report_header() -> str | None:
    """Say once, at the top, why the e2e tests will not run."""
    return f"e2e tests skipped: {MISSING}" if MISSING else None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder `e2e` (deselect with `-m "not e2e"`)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.e2e)


def _skip_or_fail(reason: str) -> NoReturn:
    """Skip the e2e tests, or fail them when CI=true: CI must really run them."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"e2e tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session", autouse=True)
def _patient_expectations() -> None:
    """A state a test waits for can take longer than Playwright's 5 s on a loaded machine
    (a CI run's parallel workers beside the push server): wait for it up to 15 s. A test
    whose state comes waits no longer for it."""
    from playwright.sync_api import expect

    expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def live_server(migrated_database_url: str) -> Iterator[LiveServer]:
    """The app on a free local port, in a thread, using the session's test database.

    Open boards poll for news every 250 ms instead of every few seconds, so a test
    waiting for another phone's hand does not wait long."""
    app = create_app(make_test_config(migrated_database_url, LIVE_POLL_MS=250))
    server: BaseWSGIServer = make_server("127.0.0.1", 0, close_when_sent(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(app=app, url=f"http://127.0.0.1:{server.server_port}")
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
        with app.app_context():
            db.engine.dispose()  # close its connections (the garbage collector would warn)


@pytest.fixture(autouse=True)
def _empty_tables_after_each_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Leave the live server's database empty for the next test."""
    yield
    if "live_server" in request.fixturenames:
        empty_tables(request.getfixturevalue("live_server").app)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """The Playwright driver (sync API)."""
    if not CHROMIUM.exists():
        _skip_or_fail(f"{CHROMIUM} is missing (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _skip_or_fail("playwright is not installed (pip install playwright)")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Debian chromium, cut off from everything but 127.0.0.1."""
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture
def make_phone(
    playwright: Playwright, browser: Browser, live_server: LiveServer
) -> Iterator[Callable[..., Page]]:
    """`make_phone(width=360, locale="en-GB")`: a new page on an emulated Pixel 7.

    Relative URLs (`page.goto("/")`) go to the live server. Keyword arguments
    override the device, e.g. `width` for the viewport width.
    """
    contexts = []

    def new_page(width: int | None = None, **overrides: Any) -> Page:
        device = {k: v for k, v in playwright.devices[PHONE].items() if k != "default_browser_type"}
        if width is not None:
            device["viewport"] = {**device["viewport"], "width": width}
            device["screen"] = {**device["screen"], "width": width}
        device.setdefault("locale", "it-IT")
        device.update(overrides)
        context = browser.new_context(base_url=live_server.url, **device)
        contexts.append(context)
        return context.new_page()

    yield new_page
    for context in contexts:
        context.close()


@pytest.fixture
def phone(make_phone: Callable[..., Page]) -> Page:
    """A page on an emulated Pixel 7 (phone viewport, touch), pointed at the live server."""
    return make_phone()
