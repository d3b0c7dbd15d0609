"""Boards pushed in a real browser (static/js/games.js with data-events-url): polling set
to ten minutes, a hand saved elsewhere reaches a view link's board and an edit link's
board through the push server's stream at once."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect
from redis import Redis
from werkzeug.serving import BaseWSGIServer, make_server

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.live import game_channel
from scorekeeper.push import Hub, PushApp
from tests.helpers import LiveServer, close_when_sent, empty_tables, make_test_config
from tests.helpers.browser import PHONE
from tests.helpers.games import record, start_game
from tests.helpers.stores import REDIS_URL, redis_reachable

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

pytestmark = pytest.mark.skipif(not redis_reachable(), reason="no Redis at TEST_REDIS_URL")
_EVENTS = re.compile(r"/v/[^/]+/events")
#: The push servers' hubs, the last one the running test's.
HUBS: list[Hub] = []


@pytest.fixture
def pushed_server(migrated_database_url: str) -> Iterator[LiveServer]:
    """The app and the push server behind one address (as a proxy puts them), boards
    polling every ten minutes: only the push can bring a hand in time."""
    app = create_app(
        make_test_config(
            migrated_database_url,
            LIVE_POLL_MS=600_000,
            LIVE_PUSH_POLL_MS=600_000,
            REDIS_URL=REDIS_URL,
            LIVE_PUSH_URL="/",
        )
    )
    push: list[PushApp] = []

    def both(environ: Any, start_response: Any) -> Iterable[bytes]:
        if _EVENTS.fullmatch(environ.get("PATH_INFO", "")):
            return push[0](environ, start_response)
        return app(environ, start_response)

    server: BaseWSGIServer = make_server("127.0.0.1", 0, close_when_sent(both), threaded=True)
    url = f"http://127.0.0.1:{server.server_port}"
    HUBS.append(Hub(REDIS_URL, url))
    push.append(PushApp(HUBS[-1], keepalive=1.0, longest=60.0))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield LiveServer(app=app, url=url)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
        HUBS[-1].close()
        empty_tables(app)
        with app.app_context():
            db.engine.dispose()  # close its connections (the garbage collector would warn)


def wait_for_followers(token: str, count: int) -> None:
    """Until the push server of `pushed_server` has ``count`` followers of ``token``'s
    game, subscribed on Redis (at most 20 s)."""
    channel = game_channel(token)
    redis = Redis.from_url(REDIS_URL)
    try:
        for _ in range(200):
            hub = HUBS[-1]
            following = len(hub.followers.get(channel, ()))
            subscribed = dict(redis.pubsub_numsub(channel)).get(channel.encode(), 0)  # type: ignore[no-untyped-call]
            if following >= count and subscribed >= 1:
                return
            threading.Event().wait(0.1)
    finally:
        redis.close()
    raise AssertionError(f"{count} followers never came")


@pytest.fixture
def open_phone(
    playwright: Playwright, browser: Browser, pushed_server: LiveServer
) -> Iterator[Callable[[], Page]]:
    contexts = []

    def new_page() -> Page:
        device = {k: v for k, v in playwright.devices[PHONE].items() if k != "default_browser_type"}
        context = browser.new_context(base_url=pushed_server.url, locale="en-GB", **device)
        contexts.append(context)
        return context.new_page()

    yield new_page
    for context in contexts:
        context.close()


def test_a_saved_hand_reaches_the_view_and_edit_boards_through_the_stream(
    pushed_server: LiveServer, open_phone: Callable[[], Page]
) -> None:
    client = pushed_server.app.test_client()
    board = start_game(client)
    html = client.get(board).get_data(as_text=True)
    view = re.search(r'href="[^"]*(/v/[^"/]+)"', html)
    assert view is not None
    viewer, editor = open_phone(), open_phone()
    viewer.goto(view.group(1))
    editor.goto(board)
    for page in (viewer, editor):
        expect(page.locator("#total-0")).to_have_text("0")
        assert page.locator("#live").get_attribute("data-events-url")
    # Both streams open and the push server subscribed to the game's channel.
    wait_for_followers(view.group(1).removeprefix("/v/"), 2)
    assert record(client, board).status_code == 302
    for page in (viewer, editor):
        expect(page.locator("#total-0")).not_to_have_text("0")
