"""A venue screen pushed in a real browser (static/js/tournament-screen.js with
data-events-url): polling set to ten minutes, a hand saved at a table reaches the screen
through the push server's stream at once, the screen still cycling its views."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, closing
from typing import TYPE_CHECKING, Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games import services as game_services
from scorekeeper.live import tournament_channel
from scorekeeper.push import Hub, PushApp
from scorekeeper.tournaments import services
from scorekeeper.tournaments.venue import services as venue
from tests.helpers import LiveServer, empty_tables, make_test_config
from tests.helpers.push import pushed_live_server, served, wait_for_followers
from tests.helpers.stores import REDIS_URL, redis_reachable
from tests.helpers.tournaments import started_in, sweep, tournament_of

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.skipif(not redis_reachable(), reason="no Redis at TEST_REDIS_URL")
TV = {"viewport": {"width": 1920, "height": 1080}, "locale": "en-GB"}


@pytest.fixture
def pushed_server(migrated_database_url: str) -> Iterator[tuple[LiveServer, Hub]]:
    """The app and the push server behind one address (as a proxy puts them), screens
    (and boards) polling every ten minutes: only the push can bring a result in time."""
    with pushed_live_server(
        migrated_database_url,
        SCREEN_POLL_SECONDS=600,
        LIVE_POLL_MS=600_000,
        LIVE_PUSH_POLL_MS=600_000,
    ) as served:
        yield served


def test_a_hand_saved_at_a_table_reaches_the_screen_through_the_stream(
    browser: Browser, pushed_server: tuple[LiveServer, Hub]
) -> None:
    server, hub = pushed_server
    app = server.app
    pid = started_in(app)  # private: the screen follows its own link
    with app.test_request_context():
        t = tournament_of(pid)
        link = f"/tournaments/screen/{venue.new_screen_token(t)}"
        channel = tournament_channel(t.id)
        ((_stage, round_),) = services.rounds(t)
        match_id = services.matches(round_)[0].id
    context = browser.new_context(base_url=server.url, **TV)  # type: ignore[arg-type]
    try:
        tv = context.new_page()
        tv.goto(f"{link}?cycle=2")
        screen = tv.locator("#screen")
        expect(screen).to_have_attribute("data-events-url", re.compile(r"/events\?lang=en"))
        first = tv.locator(f"#screen-match-{match_id}")
        expect(first.locator(".screen-score")).not_to_contain_text("6–0")
        wait_for_followers(hub, channel, 1)
        with app.test_request_context():
            ((_stage, round_),) = services.rounds(tournament_of(pid))
            game = services.match_games(services.matches(round_)[0])[0]
            game_services.record_hand(game, 1, "hand-1", sweep(0, 2))
        expect(first.locator(".screen-score")).to_contain_text("6–0")
        # Still cycling by itself (a cycle of two seconds) after the pushed swap.
        views = tv.locator(".screen-slide")
        expect(views.nth(1)).to_have_class(re.compile(r"\bis-current\b"))
    finally:
        context.close()


def test_a_push_server_on_an_origin_of_its_own_reaches_a_public_screen(
    browser: Browser, migrated_database_url: str
) -> None:
    """As `make serve` runs them: the push server on its own port, the app's pages
    allowing it (Content-Security-Policy) and it allowing the app's origin (CORS)."""
    with ExitStack() as stack:
        push: list[PushApp] = []

        def to_push(environ: Any, start_response: Any) -> Iterable[bytes]:
            return push[0](environ, start_response)  # made once the app's port is known

        push_port = stack.enter_context(served(to_push))
        app = create_app(
            make_test_config(
                migrated_database_url,
                REDIS_URL=REDIS_URL,
                LIVE_PUSH_URL=f"http://127.0.0.1:{push_port}",
                SCREEN_POLL_SECONDS=600,
                LIVE_PUSH_POLL_MS=600_000,
            )
        )
        stack.callback(lambda: (empty_tables(app), dispose(app)))
        app_url = f"http://127.0.0.1:{stack.enter_context(served(app))}"
        hub = stack.enter_context(closing(Hub(REDIS_URL, app_url)))
        push.append(PushApp(hub, keepalive=1.0, longest=60.0, origins=frozenset({app_url})))
        pid = started_in(app, is_public=True)
        with app.test_request_context():
            t = tournament_of(pid)
            channel = tournament_channel(t.id)
            ((_stage, round_),) = services.rounds(t)
            match_id = services.matches(round_)[0].id
        context = browser.new_context(base_url=app_url, **TV)  # type: ignore[arg-type]
        stack.callback(context.close)
        tv = context.new_page()
        tv.goto(f"/tournaments/{pid}/screen")
        score = tv.locator(f"#screen-match-{match_id} .screen-score")
        expect(score).not_to_contain_text("6–0")
        wait_for_followers(hub, channel, 1)
        with app.test_request_context():
            ((_stage, round_),) = services.rounds(tournament_of(pid))
            game = services.match_games(services.matches(round_)[0])[0]
            game_services.record_hand(game, 1, "hand-1", sweep(0, 2))
        expect(score).to_contain_text("6–0")


def dispose(app: Flask) -> None:
    with app.app_context():
        db.engine.dispose()  # close its connections (the garbage collector would warn)
