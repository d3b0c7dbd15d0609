"""Venue screens pushed (scorekeeper/push.py, static/js/tournament-screen.js): a change to
a tournament is published on its channel once committed, and the push server asks the
screen's page once per change and language and sends its changing part to every screen
that follows; the screen's own link is honoured by the stream as by the page (a revoked
link gets nothing, a private tournament's stream needs the link)."""

from __future__ import annotations

import http.client
import json
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager

import pytest
from flask import Flask
from redis import Redis

from scorekeeper.extensions import db
from scorekeeper.games import services as game_services
from scorekeeper.live import tournament_channel
from scorekeeper.push import Hub, PushApp, ScreenAnswer
from scorekeeper.tournaments import services
from scorekeeper.tournaments.venue import services as venue
from tests.helpers import EN
from tests.helpers.push import read_event, rendered, served, wait_for_followers
from tests.helpers.stores import REDIS_URL, closed_port, redis_reachable
from tests.helpers.tournaments import started_in, sweep, tournament_of

pytestmark = pytest.mark.skipif(not redis_reachable(), reason="no Redis at TEST_REDIS_URL")


def screen_link(app: Flask, public_id: str) -> str:
    """The screen's own link (made now): its path."""
    with app.test_request_context():
        return f"/tournaments/screen/{venue.new_screen_token(tournament_of(public_id))}"


def record_first_hand(app: Flask, public_id: str) -> None:
    """A hand (6-0) at the first table of the round, as its phone records it."""
    with app.test_request_context():
        ((_stage, round_),) = services.rounds(tournament_of(public_id))
        game = services.match_games(services.matches(round_)[0])[0]
        game_services.record_hand(game, 1, "hand-1", sweep(0, 2))


@contextmanager
def push_server(app: Flask) -> Iterator[tuple[Hub, int]]:
    """The app and a push server asking it, each on its loopback port: the hub, and the
    push server's port."""
    with served(app) as app_port:
        hub = Hub(REDIS_URL, f"http://127.0.0.1:{app_port}")
        with closing(hub), served(PushApp(hub, keepalive=1.0)) as push_port:
            yield hub, push_port


def open_stream(
    port: int, path: str
) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    return connection, connection.getresponse()


def test_a_screen_follows_its_link_pushed_a_result_rendered_once_per_language(
    make_app: Callable[..., Flask],
) -> None:
    """Three screens follow a private tournament's screen link (two English, one
    Italian, each with the version it shows): a hand saved at a table reaches each with
    the new screen, the page drawn once per language, not once per screen."""
    app = make_app(REDIS_URL=REDIS_URL, LIVE_PUSH_URL="/")
    pid = started_in(app)
    link = screen_link(app, pid)
    client = app.test_client()
    page = client.get(link, headers=EN)
    html = page.get_data(as_text=True)
    shown = page.headers["ETag"].strip('"')
    assert f'data-events-url="{link}/events?lang=en"' in html
    assert page.headers["X-Scorekeeper-Channel"] == tournament_channel(tournament_of_id(app, pid))
    italian = client.get(link, headers={"Accept-Language": "it"}).headers["ETag"].strip('"')
    with push_server(app) as (hub, port):
        streams = [
            open_stream(port, f"{link}/events?lang=en&v={shown}"),
            open_stream(port, f"{link}/events?lang=en&v={shown}"),
            open_stream(port, f"{link}/events?lang=it&v={italian}"),
        ]
        for _connection, stream in streams:
            assert stream.status == 200
            assert stream.headers["Content-Type"].startswith("text/event-stream")
        wait_for_followers(hub, tournament_channel(tournament_of_id(app, pid)), 3)
        with rendered(app) as templates:
            record_first_hand(app, pid)
            news = [read_event(stream, "screen") for _connection, stream in streams]
        for connection, _stream in streams:
            connection.close()
    assert news[0] == news[1] != news[2]
    assert news[0]["version"] != shown
    assert news[0]["html"].startswith('<main id="screen"')
    assert news[0]["html"].endswith("</main>")
    assert "6–0" in news[0]["html"]
    assert f'data-version="{news[0]["version"]}"' in news[0]["html"]
    assert 'lang="it"' not in news[2]["html"]
    assert "Girone A" in news[2]["html"]
    assert templates.count("tournaments/screen.html") == 2  # once per language


def tournament_of_id(app: Flask, public_id: str) -> int:
    with app.app_context():
        return tournament_of(public_id).id


def test_a_stream_opened_behind_gets_the_screen_at_once(make_app: Callable[..., Flask]) -> None:
    """A screen whose version is old (or none) gets the current screen as it opens the
    stream; one that shows the current version gets nothing but the stream."""
    app = make_app(REDIS_URL=REDIS_URL, LIVE_PUSH_URL="/")
    pid = started_in(app, is_public=True)
    client = app.test_client()
    path = f"/tournaments/{pid}/screen"
    shown = client.get(path, headers=EN).headers["ETag"].strip('"')
    assert f'data-events-url="{path}/events?lang=en"' in client.get(path, headers=EN).get_data(
        as_text=True
    )
    with push_server(app) as (_hub, port):
        connection, stream = open_stream(port, f"{path}/events?lang=en&v=0a0a")
        with closing(connection):
            news = read_event(stream, "screen")
        assert news["version"] == shown
        assert 'data-slide="round-' in news["html"]
        connection, stream = open_stream(port, f"{path}/events?lang=en&v={shown}")
        with closing(connection):
            assert stream.status == 200
            assert stream.readline().startswith(b"retry:")
            assert stream.readline() == b": following\n"
            assert stream.readline() == b"\n"
            assert stream.readline() == b": keep-alive\n"  # nothing was sent: it is current


def test_a_revoked_link_and_a_private_tournaments_public_stream_get_nothing(
    make_app: Callable[..., Flask],
) -> None:
    """A screen link's stream is refused (404) once the link is revoked, and a stream
    open when it is revoked hears "gone" and ends; a private tournament's screen has no
    stream but its link's (its public screen's stream is 404, as its page is to an
    anonymous screen), nor does an unknown link."""
    app = make_app(REDIS_URL=REDIS_URL, LIVE_PUSH_URL="/")
    pid = started_in(app)
    link = screen_link(app, pid)
    channel = tournament_channel(tournament_of_id(app, pid))
    with push_server(app) as (hub, port):
        for refused in (f"/tournaments/{pid}/screen/events", "/tournaments/screen/nope/events"):
            connection, stream = open_stream(port, f"{refused}?lang=en")
            with closing(connection):
                assert stream.status == 404
        connection, stream = open_stream(port, f"{link}/events?lang=en")
        with closing(connection):
            assert stream.status == 200
            read_event(stream, "screen")  # no version shown: the screen, at once
            wait_for_followers(hub, channel, 1)
            with app.test_request_context():
                venue.revoke_screen_token(tournament_of(pid))
            assert read_event(stream, "gone") == {}
            assert stream.read() == b""  # the stream ended
        connection, stream = open_stream(port, f"{link}/events?lang=en")
        with closing(connection):
            assert stream.status == 404
        assert hub.count == 0


def test_every_change_to_a_tournament_is_published_once_on_its_channel(
    make_app: Callable[..., Flask],
) -> None:
    """A hand at a table and the round clock each publish one message on the
    tournament's channel, once committed; without live push the screen names no stream."""
    app = make_app(REDIS_URL=REDIS_URL)
    pid = started_in(app, is_public=True)
    assert "data-events-url" not in app.test_client().get(f"/tournaments/{pid}/screen").get_data(
        as_text=True
    )
    redis = Redis.from_url(REDIS_URL)
    pubsub = redis.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
    pubsub.subscribe(tournament_channel(tournament_of_id(app, pid)))
    try:
        record_first_hand(app, pid)
        with app.test_request_context():
            venue.start_clock(tournament_of(pid), 40)
        messages = []
        for _ in range(50):  # at most 5 s
            message = pubsub.get_message(timeout=0.1)
            if message:
                messages.append(json.loads(message["data"]))
            if len(messages) == 2:
                break
        assert messages == [{"tournament": "changed"}] * 2
        assert pubsub.get_message(timeout=0.2) is None  # once each
    finally:
        pubsub.close()
        redis.close()
    with app.app_context():
        db.session.remove()


def test_the_screens_version_names_its_channel_on_a_304_too(
    make_app: Callable[..., Flask],
) -> None:
    """What the push server reads from the cheap answer (one statement): the channel."""
    app = make_app(REDIS_URL=REDIS_URL, LIVE_PUSH_URL="/")
    pid = started_in(app)
    link = screen_link(app, pid)
    client = app.test_client()
    tag = client.get(link, headers=EN).headers["ETag"]
    unchanged = client.get(link, headers={**EN, "If-None-Match": tag})
    assert unchanged.status_code == 304
    assert unchanged.headers["X-Scorekeeper-Channel"] == tournament_channel(
        tournament_of_id(app, pid)
    )
    assert re.fullmatch(r"[0-9a-f]+", tag.strip('"'))


def test_a_push_server_on_another_origin_is_allowed_by_the_pages_policy(
    make_app: Callable[..., Flask],
) -> None:
    """Its origin only is added to connect-src; the site's own address adds nothing."""
    own = make_app(REDIS_URL=REDIS_URL, LIVE_PUSH_URL="/")
    policy = own.test_client().get("/").headers["Content-Security-Policy"]
    assert "connect-src" not in policy
    other = make_app(REDIS_URL=REDIS_URL, LIVE_PUSH_URL="https://push.example.org/live/")
    policy = other.test_client().get("/").headers["Content-Security-Policy"]
    assert policy.startswith("default-src 'self';")
    assert policy.endswith("; connect-src 'self' https://push.example.org")


def test_a_screen_stream_the_app_cannot_answer_is_a_503_not_a_refusal() -> None:
    """The app away (nothing on its port): 503 with a short Retry-After (the screen polls
    and opens its stream again later), where a refused page is 404."""
    hub = Hub(REDIS_URL, f"http://127.0.0.1:{closed_port()}")
    with closing(hub), served(PushApp(hub, keepalive=1.0)) as port:
        connection, stream = open_stream(port, "/tournaments/screen/some-link/events?lang=en")
        with closing(connection):
            assert stream.status == 503
            assert stream.headers["Retry-After"] == "10"
        assert hub.count == 0


class NotifyingEvent(threading.Event):
    """An event that says when someone starts waiting on it."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting = threading.Event()

    def wait(self, timeout: float | None = None) -> bool:
        self.waiting.set()
        return super().wait(timeout)


def test_screens_opening_at_once_share_one_ask_of_the_app() -> None:
    """While the app is asked for a page (a screen opening its stream), a second screen
    opening the same page in the same language at the same version waits for that
    answer: the app is asked once."""
    entered, release = threading.Event(), threading.Event()
    asks: list[tuple[str, str, str]] = []

    class SlowHub(Hub):
        def ask_screen(self, page: str, locale: str, seen: str = "") -> ScreenAnswer:
            asks.append((page, locale, seen))
            entered.set()
            release.wait(10)
            return ScreenAnswer(304, seen, tournament_channel(1))

    hub = SlowHub(REDIS_URL, f"http://127.0.0.1:{closed_port()}")
    key = ("/tournaments/screen/link", "en", "abc")
    answers: list[ScreenAnswer] = []
    with closing(hub):
        first = threading.Thread(target=lambda: answers.append(hub._ask_once(*key)))
        first.start()
        assert entered.wait(10)
        shared = NotifyingEvent()
        hub._asks[key].done = shared  # the first ask sets it once answered
        second = threading.Thread(target=lambda: answers.append(hub._ask_once(*key)))
        second.start()
        assert shared.waiting.wait(10)  # the second screen waits for the first's answer
        release.set()
        first.join(10)
        second.join(10)
    assert asks == [key]
    assert answers == [ScreenAnswer(304, "abc", tournament_channel(1))] * 2
    assert hub._asks == {}
