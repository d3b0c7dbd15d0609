"""The push server: boards sent to the phones that follow them, as server-sent events.

    gunicorn -k gevent -w 1 --worker-connections 20000 -b 127.0.0.1:8001 \\
        'scorekeeper.push:create_push_app()'

with ``REDIS_URL`` (the app's) and ``SCOREKEEPER_PUSH_APP_URL`` (where this server reaches
the app, say ``http://127.0.0.1:8000``). A plain WSGI app, apart from the Flask app: a
phone following a board holds a connection open for as long as it looks, which a
gevent worker keeps for a few kilobytes, where the app's workers (threads) would each
be held.

``GET /v/<token>/events`` (``?lang=it|en``) follows the game of the view link ``token``:
its channel on Redis (`scorekeeper.live.game_channel`), to which the app publishes the
game's new version after each change. At each message this server asks the app once
for the board (``GET /v/<token>/live``, in each language its followers read) and sends
the same bytes to all of them: ``{"v": version, "etag": ..., "html": ...}`` (without
``html`` when the app did not answer: the phone asks itself). A board is so rendered
once per change and language, whatever the number of followers. Every ``KEEPALIVE``
seconds a comment keeps the connection (and proxies) awake; after ``LONGEST`` seconds
the stream ends and the browser's EventSource opens it again.

The token is never checked here (no database): a wrong one follows a channel nobody
publishes on, and hears nothing. The pages that follow (static/js/games.js) keep
polling, rarely while the stream is open, as before when it is not.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from redis import Redis
from redis.exceptions import RedisError

from scorekeeper.live import game_channel, last_key
from scorekeeper.locale import DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment

logger = logging.getLogger(__name__)

#: Seconds between two comments on an idle stream.
KEEPALIVE = 20.0
#: Seconds a stream lasts before the browser opens it again.
LONGEST = 3600.0
#: Followers one process holds at most (more: 503, and the phone polls).
MOST_FOLLOWERS = 20000
#: Seconds the app may take to give a board.
APP_TIMEOUT = 5.0
_EVENTS = re.compile(r"/v/([A-Za-z0-9_-]{1,100})/events")
#: What a stream starts with: how soon the browser comes back after a cut, and a comment.
HELLO = b"retry: 3000\n: following\n\n"
PING = b": keep-alive\n\n"


@dataclass(eq=False)
class Follower:
    """One phone's stream: what it reads (the view link, its language) and what waits
    to be sent to it."""

    token: str
    locale: str
    inbox: queue.Queue[bytes] = field(default_factory=queue.Queue)


class Hub:
    """The followers of each channel, one Redis subscription for all of them, and the
    relay of each message (`relay`)."""

    def __init__(self, redis_url: str, app_url: str) -> None:
        self.redis = Redis.from_url(redis_url, socket_connect_timeout=2.0)
        #: For plain reads (`hello`), never waiting long.
        self.store = Redis.from_url(redis_url, socket_connect_timeout=1.0, socket_timeout=1.0)
        self.app_url = app_url.rstrip("/")
        self.followers: dict[str, set[Follower]] = {}
        self.count = 0
        self._lock = threading.Lock()
        #: (un)subscriptions for the listener to make: ("subscribe", channel), ...
        self._changes: queue.Queue[tuple[str, str]] = queue.Queue()
        self._listener: threading.Thread | None = None
        self._closed = threading.Event()

    def follow(self, token: str, locale: str) -> Follower | None:
        """A new follower of the view link ``token``, or None when this process is full."""
        follower, channel = Follower(token, locale), game_channel(token)
        with self._lock:
            if self.count >= MOST_FOLLOWERS:
                return None
            self.count += 1
            group = self.followers.setdefault(channel, set())
            group.add(follower)
            if len(group) == 1:
                self._changes.put(("subscribe", channel))
            if self._listener is None:
                self._listener = threading.Thread(target=self._listen, daemon=True)
                self._listener.start()
        return follower

    def leave(self, follower: Follower) -> None:
        channel = game_channel(follower.token)
        with self._lock:
            group = self.followers.get(channel, set())
            if follower in group:
                group.discard(follower)
                self.count -= 1
            if not group and channel in self.followers:
                del self.followers[channel]
                self._changes.put(("unsubscribe", channel))

    def _listen(self) -> None:
        """Read Redis's messages and hand each to `relay` (in a thread of its own, so
        that one slow board holds no other); (un)subscribe as followers come and go.
        Without Redis, tries again every second: the phones poll meanwhile."""
        while not self._closed.is_set():
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
            try:
                with self._lock:
                    channels = list(self.followers)
                if channels:
                    pubsub.subscribe(*channels)
                while not self._closed.is_set():
                    self._apply_changes(pubsub)
                    message = pubsub.get_message(timeout=0.2)
                    if message and message.get("type") == "message":
                        news = (_text(message["channel"]), _text(message["data"]))
                        threading.Thread(target=self.relay, args=news, daemon=True).start()
            except (RedisError, OSError) as error:
                logger.warning("push: Redis is not answering (%s); trying again", error)
                self._closed.wait(1.0)
            finally:
                pubsub.close()

    def close(self) -> None:
        """Stop listening and close the connections to Redis (a server stopping)."""
        self._closed.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
        self.redis.close()
        self.store.close()

    def _apply_changes(self, pubsub: Any) -> None:
        while True:
            try:
                action, channel = self._changes.get_nowait()
            except queue.Empty:
                return
            with self._lock:
                wanted = channel in self.followers
            if action == "subscribe" and wanted:
                pubsub.subscribe(channel)
            elif action == "unsubscribe" and not wanted:
                pubsub.unsubscribe(channel)

    def hello(self, follower: Follower) -> bytes:
        """What a new follower is told first: the last version published for its game
        (``{"v": null}`` when Redis has none or does not answer), so that a board which
        already shows it need not ask the app for it."""
        try:
            last = self.store.get(last_key(game_channel(follower.token)))
            version = int(json.loads(_text(last))["v"]) if last is not None else None
        except (RedisError, OSError, ValueError, KeyError, TypeError):
            version = None
        return f"event: hello\ndata: {json.dumps({'v': version})}\n\n".encode()

    def relay(self, channel: str, data: str) -> None:
        """Send the news of ``channel`` to its followers: the board, asked of the app once
        per language, the same bytes to each follower of that language."""
        try:
            version = int(json.loads(data)["v"])
        except (ValueError, KeyError, TypeError):
            return
        with self._lock:
            group = list(self.followers.get(channel, ()))
        by_locale: dict[str, list[Follower]] = {}
        for follower in group:
            by_locale.setdefault(follower.locale, []).append(follower)
        for locale, followers in by_locale.items():
            event = self.event(followers[0].token, locale, version)
            for follower in followers:
                follower.inbox.put(event)

    def event(self, token: str, locale: str, version: int) -> bytes:
        """The event telling a board's followers of its version ``version``: with the
        board (and its tag) when the app gives it, in ``locale``."""
        news: dict[str, Any] = {"v": version}
        request = urllib.request.Request(  # noqa: S310 (the app's own URL, http)
            f"{self.app_url}/v/{token}/live",
            headers={"Cookie": f"{LOCALE_COOKIE}={locale}", "Accept-Language": locale},
        )
        try:
            with urllib.request.urlopen(request, timeout=APP_TIMEOUT) as answer:  # noqa: S310
                etag = (answer.headers.get("ETag") or "").removeprefix("W/").strip('"')
                news |= {"etag": etag, "html": answer.read().decode("utf-8")}
        except (urllib.error.URLError, OSError, ValueError) as error:
            logger.warning("push: no board from the app (%s): the phones ask themselves", error)
        return f"id: {version}\nevent: board\ndata: {json.dumps(news)}\n\n".encode()


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _locale(environ: WSGIEnvironment) -> str:
    asked = parse_qs(environ.get("QUERY_STRING", "")).get("lang", [""])[0]
    return asked if asked in LOCALES else DEFAULT_LOCALE


class PushApp:
    """The WSGI app: ``/v/<token>/events`` and ``/healthz``."""

    def __init__(self, hub: Hub, longest: float = LONGEST, keepalive: float = KEEPALIVE) -> None:
        self.hub, self.longest, self.keepalive = hub, longest, keepalive

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterator[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == "/healthz":
            start_response("200 OK", [("Content-Type", "text/plain")])
            return iter([b"ok"])
        match = _EVENTS.fullmatch(path)
        if match is None or environ.get("REQUEST_METHOD") != "GET":
            start_response("404 NOT FOUND", [("Content-Type", "text/plain")])
            return iter([b"not found"])
        follower = self.hub.follow(match.group(1), _locale(environ))
        if follower is None:
            start_response("503 SERVICE UNAVAILABLE", [("Retry-After", "60")])
            return iter([b""])
        start_response(
            "200 OK",
            [
                ("Content-Type", "text/event-stream; charset=utf-8"),
                ("Cache-Control", "no-store"),
                ("X-Accel-Buffering", "no"),  # nginx: no buffering of the stream
                ("X-Content-Type-Options", "nosniff"),
            ],
        )
        return self.stream(follower)

    def stream(self, follower: Follower) -> Iterator[bytes]:
        """What the follower is sent, until ``longest`` seconds have passed."""
        deadline = time.monotonic() + self.longest
        try:
            yield HELLO + self.hub.hello(follower)
            while (left := deadline - time.monotonic()) > 0:
                try:
                    yield follower.inbox.get(timeout=min(self.keepalive, left))
                except queue.Empty:
                    yield PING
        finally:
            self.hub.leave(follower)


def create_push_app(redis_url: str | None = None, app_url: str | None = None) -> PushApp:
    """The push server for ``REDIS_URL`` and the app at ``SCOREKEEPER_PUSH_APP_URL``."""
    redis_url = redis_url or os.environ.get("REDIS_URL") or ""
    app_url = app_url or os.environ.get("SCOREKEEPER_PUSH_APP_URL") or "http://127.0.0.1:8000"
    if not redis_url:
        raise RuntimeError("the push server needs REDIS_URL (the app's Redis)")
    return PushApp(Hub(redis_url, app_url))
