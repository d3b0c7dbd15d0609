"""Boards pushed in a real browser (static/js/games.js with data-events-url): polling set
to ten minutes, a hand saved elsewhere reaches a view link's board and an edit link's
board through the push server's stream at once."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from scorekeeper.live import game_channel
from scorekeeper.push import Hub
from tests.helpers import LiveServer
from tests.helpers.browser import PHONE
from tests.helpers.games import record, start_game
from tests.helpers.push import pushed_live_server, wait_for_followers
from tests.helpers.stores import redis_reachable

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

pytestmark = pytest.mark.skipif(not redis_reachable(), reason="no Redis at TEST_REDIS_URL")
#: The push servers' hubs, the last one the running test's.
HUBS: list[Hub] = []


@pytest.fixture
def pushed_server(migrated_database_url: str) -> Iterator[LiveServer]:
    """The app and the push server behind one address (as a proxy puts them), boards
    polling every ten minutes: only the push can bring a hand in time."""
    with pushed_live_server(
        migrated_database_url, LIVE_POLL_MS=600_000, LIVE_PUSH_POLL_MS=600_000
    ) as (server, hub):
        HUBS.append(hub)
        yield server


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
    wait_for_followers(HUBS[-1], game_channel(view.group(1).removeprefix("/v/")), 2)
    assert record(client, board).status_code == 302
    for page in (viewer, editor):
        expect(page.locator("#total-0")).not_to_have_text("0")
