"""Live boards (scorekeeper/live.py, scorekeeper/push.py): a view link's unchanged poll is
answered from the game's row alone, a committed change is published once on Redis, and
the push server relays the board, rendered once, to every phone that follows."""

from __future__ import annotations

import http.client
import json
import logging
import re
import threading
from collections.abc import Callable
from contextlib import closing
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from redis import Redis

from scorekeeper.live import VersionCheck, game_channel
from scorekeeper.push import Hub, PushApp
from tests.helpers import statements
from tests.helpers.games import record, start_game
from tests.helpers.push import read_event, rendered, served
from tests.helpers.stores import REDIS_URL, closed_port, redis_reachable

needs_redis = pytest.mark.skipif(not redis_reachable(), reason="no Redis at TEST_REDIS_URL")


def view_token(client: FlaskClient, board: str) -> str:
    """The view link's token, read from the board."""
    html = client.get(board).get_data(as_text=True)
    match = re.search(r'href="[^"]*/v/([^"/]+)"', html)
    assert match is not None
    return match.group(1)


def version_check(app: Flask) -> VersionCheck:
    middleware = app.wsgi_app
    assert isinstance(middleware, VersionCheck)
    return middleware


def test_an_unchanged_view_link_poll_is_a_304_from_the_games_row_alone(
    app: Flask, client: FlaskClient
) -> None:
    """The first poll is the app's (its 304's headers remembered); the next ones run one
    SQL statement, no ORM query and no template, with the very same headers."""
    token = view_token(client, start_game(client))
    first = client.get(f"/v/{token}/live", headers={"Accept-Language": "en"})
    tag = first.headers["ETag"]
    by_app = client.get(f"/v/{token}/live", headers={"Accept-Language": "en", "If-None-Match": tag})
    assert by_app.status_code == 304
    check = version_check(app)
    answered = check.answered
    with statements(app) as seen, rendered(app) as templates:
        cheap = client.get(
            f"/v/{token}/live", headers={"Accept-Language": "en", "If-None-Match": tag}
        )
    assert cheap.status_code == 304
    assert check.answered == answered + 1
    assert templates == []
    assert len(seen) == 1
    assert seen[0].startswith("SELECT id, version FROM game")
    assert sorted(cheap.headers.items()) == sorted(by_app.headers.items())


def test_a_poll_the_row_cannot_answer_goes_to_the_app(app: Flask, client: FlaskClient) -> None:
    """A changed game gets its new board; a tag in another language than the phone's, a
    logged-in phone (an account in its session) and an unknown token are the app's to answer."""
    board = start_game(client)
    token = view_token(client, board)
    tag = client.get(f"/v/{token}/live", headers={"Accept-Language": "en"}).headers["ETag"]
    client.get(f"/v/{token}/live", headers={"Accept-Language": "en", "If-None-Match": tag})
    check = version_check(app)
    answered = check.answered
    italian = client.get(
        f"/v/{token}/live", headers={"Accept-Language": "it", "If-None-Match": tag}
    )
    assert italian.status_code == 200
    assert italian.headers["ETag"].endswith('-it-v"')
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    client.set_cookie("session", serializer.dumps({"_user_id": "1"}))
    logged_in = client.get(
        f"/v/{token}/live", headers={"Accept-Language": "en", "If-None-Match": tag}
    )
    assert logged_in.status_code == 304
    client.delete_cookie("session")
    assert check.answered == answered  # both went to the app
    unknown = client.get(
        "/v/no-such-token/live", headers={"Accept-Language": "en", "If-None-Match": tag}
    )
    assert unknown.status_code == 404
    assert record(client, board).status_code == 302
    changed = client.get(
        f"/v/{token}/live", headers={"Accept-Language": "en", "If-None-Match": tag}
    )
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    assert check.answered == answered


@needs_redis
def test_a_committed_change_publishes_the_games_new_version(
    make_app: Callable[..., Flask],
) -> None:
    """Once per save, after its commit, on the channel of the game's view link."""
    app = make_app(REDIS_URL=REDIS_URL)
    client = app.test_client()
    board = start_game(client)
    token = view_token(client, board)
    redis = Redis.from_url(REDIS_URL)
    pubsub = redis.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
    pubsub.subscribe(game_channel(token))
    try:
        assert record(client, board).status_code == 302
        message = None
        for _ in range(50):  # at most 5 s
            message = pubsub.get_message(timeout=0.1)
            if message:
                break
        assert message is not None
        assert json.loads(message["data"]) == {"v": 2}
        assert pubsub.get_message(timeout=0.2) is None  # once
    finally:
        pubsub.close()
        redis.close()


def test_without_redis_a_save_is_not_held_and_the_log_says_so_once(
    make_app: Callable[..., Flask], caplog: pytest.LogCaptureFixture
) -> None:
    """Redis named but away: saves work, and one warning says boards poll meanwhile."""
    app = make_app(REDIS_URL=f"redis://127.0.0.1:{closed_port()}/0")
    client = app.test_client()
    board = start_game(client)
    with caplog.at_level(logging.WARNING, logger="scorekeeper.live"):
        assert record(client, board).status_code == 302
        assert record(client, board).status_code == 302
    warnings = [r for r in caplog.records if r.name == "scorekeeper.live"]
    assert len(warnings) == 1
    assert "boards are not pushed" in warnings[0].getMessage()


@needs_redis
def test_the_push_server_sends_every_follower_the_board_rendered_once(
    make_app: Callable[..., Flask],
) -> None:
    """Three phones follow a view link, two in English and one in Italian: a saved hand
    reaches each with its board, rendered once per language."""
    app = make_app(REDIS_URL=REDIS_URL)
    client = app.test_client()
    board = start_game(client)
    token = view_token(client, board)
    with served(app) as app_port:
        hub = Hub(REDIS_URL, f"http://127.0.0.1:{app_port}")
        with closing(hub), served(PushApp(hub, keepalive=1.0)) as push_port:
            phones = []
            for lang in ("en", "en", "it"):
                phone = http.client.HTTPConnection("127.0.0.1", push_port, timeout=10)
                phone.request("GET", f"/v/{token}/events?lang={lang}")
                stream = phone.getresponse()
                assert stream.status == 200
                assert stream.headers["Content-Type"].startswith("text/event-stream")
                phones.append((phone, stream))
            channel = game_channel(token)
            redis = Redis.from_url(REDIS_URL)
            try:
                for _ in range(100):  # the hub subscribed (at most 10 s)
                    numsub = dict(redis.pubsub_numsub(channel))  # type: ignore[no-untyped-call]
                    if numsub.get(channel.encode(), 0) >= 1:
                        break
                    threading.Event().wait(0.1)
            finally:
                redis.close()
            with rendered(app) as templates:
                assert record(client, board).status_code == 302
                news = [read_event(stream) for _phone, stream in phones]
            for phone, _stream in phones:
                phone.close()
    assert [n["v"] for n in news] == [2, 2, 2]
    assert [n["etag"].split("-")[1:] for n in news] == [["v2", "en", "v"]] * 2 + [["v2", "it", "v"]]
    assert news[0]["html"] == news[1]["html"] != news[2]["html"]
    assert 'id="total-0"' in news[0]["html"]
    assert templates.count("games/_live.html") == 2  # once per language, not per phone


def read_hello(stream: http.client.HTTPResponse) -> dict[str, Any]:
    """A stream's first event, which must be its ``hello``."""
    fields: dict[str, str] = {}
    while True:
        line = stream.readline().decode().rstrip("\n")
        if line == "" and fields:
            assert fields.get("event") == "hello", fields
            data: dict[str, Any] = json.loads(fields["data"])
            return data
        if line and not line.startswith(":") and not line.startswith("retry"):
            name, _, value = line.partition(": ")
            fields[name] = value


@needs_redis
def test_a_new_follower_is_told_the_games_last_version_first(
    make_app: Callable[..., Flask],
) -> None:
    """A phone opening the stream learns at once which version the game is at, so that a
    board already showing it asks the app nothing (js/games.js); before any save was
    published the stream says it does not know."""
    app = make_app(REDIS_URL=REDIS_URL)
    client = app.test_client()
    board = start_game(client)
    token = view_token(client, board)
    hub = Hub(REDIS_URL, "http://127.0.0.1:9")
    with closing(hub), served(PushApp(hub, keepalive=1.0)) as push_port:

        def hello() -> dict[str, Any]:
            phone = http.client.HTTPConnection("127.0.0.1", push_port, timeout=10)
            try:
                phone.request("GET", f"/v/{token}/events?lang=en")
                return read_hello(phone.getresponse())
            finally:
                phone.close()

        assert hello() == {"v": None}
        assert record(client, board).status_code == 302
        assert hello() == {"v": 2}
        assert record(client, board).status_code == 302
        assert hello() == {"v": 3}
