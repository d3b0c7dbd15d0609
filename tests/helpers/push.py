"""The push server in tests (scorekeeper/push.py): the app and the push server served on
loopback, the events of a stream read, a wait for the push server's subscription, and the
templates the app renders meanwhile."""

from __future__ import annotations

import http.client
import json
import re
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, template_rendered
from redis import Redis
from werkzeug.serving import BaseWSGIServer, make_server

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.push import Hub, PushApp
from tests.helpers import LiveServer, close_when_sent, empty_tables, make_test_config
from tests.helpers.stores import REDIS_URL

#: The streams' paths: a view link's board, a venue screen's (its link, a public one).
EVENTS = re.compile(r"/v/[^/]+/events|/tournaments/(screen/[^/]+|[^/]+/screen)/events")


@contextmanager
def rendered(app: Flask) -> Iterator[list[str]]:
    """The names of the templates ``app`` renders meanwhile."""
    names: list[str] = []

    def seen(_sender: Flask, template: Any, **_extra: Any) -> None:
        names.append(str(template.name))

    template_rendered.connect(seen, app)
    try:
        yield names
    finally:
        template_rendered.disconnect(seen, app)


@contextmanager
def served(wsgi: Any) -> Iterator[int]:
    """``wsgi`` served on a loopback port (threads), for as long as the block lasts."""
    server = make_server("127.0.0.1", 0, close_when_sent(wsgi), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@contextmanager
def pushed_live_server(database_url: str, **config: Any) -> Iterator[tuple[LiveServer, Hub]]:
    """The app (with Redis and live push, and ``config``) and the push server behind one
    address, as a proxy puts them: the streams' paths (`EVENTS`) go to the push server."""
    app = create_app(
        make_test_config(database_url, REDIS_URL=REDIS_URL, LIVE_PUSH_URL="/", **config)
    )
    push: list[PushApp] = []

    def both(environ: Any, start_response: Any) -> Iterable[bytes]:
        if EVENTS.fullmatch(environ.get("PATH_INFO", "")):
            return push[0](environ, start_response)
        return app(environ, start_response)

    server: BaseWSGIServer = make_server("127.0.0.1", 0, close_when_sent(both), threaded=True)
    url = f"http://127.0.0.1:{server.server_port}"
    hub = Hub(REDIS_URL, url)
    push.append(PushApp(hub, keepalive=1.0, longest=60.0))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield LiveServer(app=app, url=url), hub
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
        hub.close()
        empty_tables(app)
        with app.app_context():
            db.engine.dispose()  # close its connections (the garbage collector would warn)


def wait_for_followers(hub: Hub, channel: str, count: int) -> None:
    """Until ``hub`` has ``count`` followers of ``channel``, subscribed on Redis (at most
    20 s)."""
    redis = Redis.from_url(REDIS_URL)
    try:
        for _ in range(200):
            following = len(hub.followers.get(channel, ()))
            subscribed = dict(redis.pubsub_numsub(channel)).get(channel.encode(), 0)  # type: ignore[no-untyped-call]
            if following >= count and subscribed >= 1:
                return
            threading.Event().wait(0.1)
    finally:
        redis.close()
    raise AssertionError(f"{count} followers of {channel} never came")


def read_event(stream: http.client.HTTPResponse, name: str = "board") -> dict[str, Any]:
    """The next event called ``name`` of a stream (comments and other events skipped)."""
    fields: dict[str, str] = {}
    while True:
        line = stream.readline().decode()
        if not line:
            raise AssertionError(f"the stream ended before a {name!r} event")
        line = line.rstrip("\n")
        if line == "" and fields.get("event") == name:
            data: dict[str, Any] = json.loads(fields["data"])
            return data
        if line == "":
            fields = {}
        elif not line.startswith(":"):
            key, _, value = line.partition(": ")
            fields[key] = value
