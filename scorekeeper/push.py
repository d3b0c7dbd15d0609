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

Venue screens (static/js/tournament-screen.js) follow a tournament:
``GET /tournaments/screen/<token>/events`` (the screen's own link) or
``GET /tournaments/<public_id>/screen/events`` (a public tournament), with ``lang``,
``cycle`` (the page's) and ``v`` (the version the screen shows; on a reconnection the
browser's ``Last-Event-ID``). The screen is asked of the app first, as an anonymous
screen asks it (no cookie but the language, no redirect followed): only a 200 or a 304
opens the stream (a revoked link, a private tournament without the link: 404, nothing
sent; no answer from the app: 503, the screen polls and tries again later; screens
opening at once with the same page share one ask), and the answer names the
tournament's channel (``X-Scorekeeper-Channel``); a 200 is sent at once (the screen was
behind). At each message on that channel the page is asked again, once per page, cycle
and language (with the version last sent, so an unchanged screen costs a 304), and its
changing part (``<main id="screen">``) goes to
every screen following it: ``event: screen`` with ``{"version": ..., "html": ...}``
(without ``html`` when the app did not answer: the screen asks itself). News that comes
while a page is being asked is folded into one more ask once it is done. When the app
refuses the page (the link revoked meanwhile, the tournament made private), its
screens get ``event: gone`` and their streams end.
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

from scorekeeper.live import game_channel, last_key, tournament_channel
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
#: A venue screen's stream: the screen's own link, or a tournament's public screen.
_SCREEN_EVENTS = re.compile(
    r"(/tournaments/(?:screen/[A-Za-z0-9_-]{1,64}|[A-Za-z0-9_-]{1,64}/screen))/events"
)
#: A screen's version, as its ETag (tournaments/venue/version.py: hex digits).
_VERSION = re.compile(r"[0-9a-f]{1,64}")
#: What a tournament's channel starts with.
TOURNAMENT_PREFIX = tournament_channel(0).removesuffix("0")
#: The app's header naming a screen's channel (tournaments/venue/screen_page.py).
CHANNEL_HEADER = "X-Scorekeeper-Channel"
#: What a screen whose page the app refuses gets before its stream ends.
GONE = b"event: gone\ndata: {}\n\n"
#: What a stream starts with: how soon the browser comes back after a cut, and a comment.
HELLO = b"retry: 3000\n: following\n\n"
PING = b": keep-alive\n\n"


@dataclass(eq=False)
class Follower:
    """One stream: what it reads (a phone: the view link, its language; a screen: its
    page), its channel, and what waits to be sent to it (None: the end)."""

    token: str
    locale: str
    channel: str = ""
    #: A venue screen's page (path and query), asked of the app at each change.
    screen: str | None = None
    inbox: queue.Queue[bytes | None] = field(default_factory=queue.Queue)

    def __post_init__(self) -> None:
        if not self.channel:
            self.channel = game_channel(self.token)


@dataclass(frozen=True)
class ScreenAnswer:
    """The app's answer for a screen's page: its status (0: no answer), its version
    (ETag), the tournament's channel and, with a 200, the page."""

    status: int
    version: str = ""
    channel: str = ""
    html: str = ""

    @property
    def allowed(self) -> bool:
        """Whether an anonymous screen may follow it (the page shown, or unchanged)."""
        return self.status in (200, 304) and self.channel.startswith(TOURNAMENT_PREFIX)


@dataclass
class _Ask:
    """An ask of the app under way, and its answer once done."""

    answer: ScreenAnswer = field(default_factory=lambda: ScreenAnswer(0))
    done: threading.Event = field(default_factory=threading.Event)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A screen's page that redirects (to the log-in page: a private tournament) is
    refused, not followed."""

    def redirect_request(self, *_args: Any, **_kwargs: Any) -> None:
        return None


_NO_REDIRECT = urllib.request.build_opener(_NoRedirect)


def screen_part(html: str) -> str:
    """What changes of a screen's page: its ``<main id="screen">`` (the whole page when
    it has none)."""
    start, end = html.find('<main id="screen"'), html.rfind("</main>")
    return html[start : end + len("</main>")] if 0 <= start < end else html


def screen_event(answer: ScreenAnswer) -> bytes:
    """The event bringing a screen its new version (its part, when the app gave it)."""
    news: dict[str, Any] = {"version": answer.version}
    if answer.status == 200:
        news["html"] = screen_part(answer.html)
    name = f"id: {answer.version}\n" if answer.version else ""
    return f"{name}event: screen\ndata: {json.dumps(news)}\n\n".encode()


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
        #: The version last sent to a screen page's followers, by (page, language).
        self.screen_versions: dict[tuple[str, str], str] = {}
        #: The screen pages being asked of the app: whether news came meanwhile.
        self._asking: dict[tuple[str, str], bool] = {}
        #: The screens' opening asks under way, by (page, language, version shown).
        self._asks: dict[tuple[str, str, str], _Ask] = {}
        self._listener: threading.Thread | None = None
        self._closed = threading.Event()

    def follow(self, token: str, locale: str) -> Follower | None:
        """A new follower of the view link ``token``, or None when this process is full."""
        return self.add(Follower(token, locale))

    def add(self, follower: Follower) -> Follower | None:
        """``follower`` following its channel, or None when this process is full."""
        channel = follower.channel
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

    def follow_screen(self, page: str, locale: str, seen: str) -> Follower | int:
        """A new follower of the venue screen ``page`` (``seen``: the version it shows,
        sent at once when the app has a newer one), or the status refusing it: 404 when
        the app refuses the page to an anonymous screen, 503 when it did not answer (the
        screen polls, and tries again later) or this process is full. Screens opening
        their streams at once (a hall's screens, a push server restarted) with the same
        page, language and version share one ask."""
        answer = self._ask_once(page, locale, seen)
        if answer.status == 0 or answer.status >= 500:
            return 503
        if not answer.allowed:
            return 404
        follower = Follower("", locale, channel=answer.channel, screen=page)
        if answer.status == 200:
            follower.inbox.put(screen_event(answer))
        with self._lock:
            known = self.screen_versions.get((page, locale))
            if known is None or answer.status == 200:
                self.screen_versions[(page, locale)] = answer.version or seen
        return self.add(follower) or 503

    def leave(self, follower: Follower) -> None:
        channel = follower.channel
        with self._lock:
            group = self.followers.get(channel, set())
            if follower in group:
                group.discard(follower)
                self.count -= 1
            if not group and channel in self.followers:
                del self.followers[channel]
                self._changes.put(("unsubscribe", channel))
            if follower.screen is not None and not any(
                f.screen == follower.screen and f.locale == follower.locale for f in group
            ):
                self.screen_versions.pop((follower.screen, follower.locale), None)

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
        per language, the same bytes to each follower of that language (a tournament's
        channel: `relay_screens`)."""
        if channel.startswith(TOURNAMENT_PREFIX):
            self.relay_screens(channel)
            return
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

    def relay_screens(self, channel: str) -> None:
        """A tournament changed: each screen page its screens follow (per language) is
        asked of the app once, and its answer sent to each of them. News that comes while
        a page is being asked makes one more ask once it is done, not one each."""
        with self._lock:
            pages = {(f.screen, f.locale) for f in self.followers.get(channel, ()) if f.screen}
        for key in sorted(pages):
            page, locale = key
            with self._lock:
                if key in self._asking:
                    self._asking[key] = True  # asked again once the ask under way is done
                    continue
                self._asking[key] = False
            while True:
                self._send_screen(channel, page, locale)
                with self._lock:
                    if not self._asking[key]:
                        del self._asking[key]
                        break
                    self._asking[key] = False

    def _send_screen(self, channel: str, page: str, locale: str) -> None:
        with self._lock:
            seen = self.screen_versions.get((page, locale), "")
        answer = self.ask_screen(page, locale, seen)
        if answer.status == 304:
            return
        with self._lock:
            followers = [
                f
                for f in self.followers.get(channel, ())
                if f.screen == page and f.locale == locale
            ]
            if answer.status == 200:
                self.screen_versions[(page, locale)] = answer.version
        if answer.status == 0 or answer.status >= 500:
            event = screen_event(ScreenAnswer(0))  # no page: each screen asks itself
        elif not answer.allowed:
            for follower in followers:  # refused now (a revoked link): nothing more
                follower.inbox.put(GONE)
                follower.inbox.put(None)
            return
        else:
            event = screen_event(answer)
        for follower in followers:
            follower.inbox.put(event)

    def _ask_once(self, page: str, locale: str, seen: str) -> ScreenAnswer:
        """`ask_screen`, one ask at a time for the same question: who asks while it is
        under way gets its answer."""
        key = (page, locale, seen)
        with self._lock:
            asking = self._asks.get(key)
            mine = asking is None
            if asking is None:
                asking = self._asks[key] = _Ask()
        if mine:
            try:
                asking.answer = self.ask_screen(page, locale, seen)
            finally:
                with self._lock:
                    del self._asks[key]
                asking.done.set()
        else:
            asking.done.wait(APP_TIMEOUT + 1)
        return asking.answer

    def ask_screen(self, page: str, locale: str, seen: str = "") -> ScreenAnswer:
        """The app's answer for the screen ``page`` as an anonymous screen in ``locale``
        that shows the version ``seen`` asks for it (no redirect followed)."""
        headers = {"Cookie": f"{LOCALE_COOKIE}={locale}", "Accept-Language": locale}
        if seen:
            headers["If-None-Match"] = f'"{seen}"'
        request = urllib.request.Request(f"{self.app_url}{page}", headers=headers)  # noqa: S310
        try:
            with _NO_REDIRECT.open(request, timeout=APP_TIMEOUT) as answer:
                status, found = answer.status, answer.headers
                html = answer.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            status, found, html = error.code, error.headers, ""
            error.close()
        except (urllib.error.URLError, OSError, ValueError) as error:
            logger.warning("push: no screen from the app (%s): the screens ask themselves", error)
            return ScreenAnswer(0)
        version = (found.get("ETag") or "").removeprefix("W/").strip('"')
        return ScreenAnswer(status, version, found.get(CHANNEL_HEADER) or "", html)

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


def _screen_page(path: str, environ: WSGIEnvironment) -> str:
    """The screen's page a stream follows: its path, with the page's cycle if any."""
    cycle = parse_qs(environ.get("QUERY_STRING", "")).get("cycle", [""])[0]
    if cycle.isdigit() and 1 <= int(cycle) <= 300:
        return f"{path}?cycle={int(cycle)}"
    return path


def _seen(environ: WSGIEnvironment) -> str:
    """The version the screen shows: the last event's id on a reconnection, else ``v``."""
    seen = (
        environ.get("HTTP_LAST_EVENT_ID")
        or parse_qs(environ.get("QUERY_STRING", "")).get("v", [""])[0]
    )
    return seen if _VERSION.fullmatch(seen) else ""


def _not_found(start_response: StartResponse) -> Iterator[bytes]:
    start_response("404 NOT FOUND", [("Content-Type", "text/plain")])
    return iter([b"not found"])


class PushApp:
    """The WSGI app: ``/v/<token>/events``, the venue screens' streams and ``/healthz``.

    Behind the site's own proxy the streams are same-origin; served on an origin of its
    own, the pages' origins (``origins``: the app's LIVE_PUSH_URL's pages, say
    ``https://scopa.example.org``) are allowed to read them (CORS, no credentials)."""

    def __init__(
        self,
        hub: Hub,
        longest: float = LONGEST,
        keepalive: float = KEEPALIVE,
        origins: frozenset[str] = frozenset(),
    ) -> None:
        self.hub, self.longest, self.keepalive = hub, longest, keepalive
        self.origins = origins

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterator[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == "/healthz":
            start_response("200 OK", [("Content-Type", "text/plain")])
            return iter([b"ok"])
        match = _EVENTS.fullmatch(path)
        screen = _SCREEN_EVENTS.fullmatch(path)
        if (match is None and screen is None) or environ.get("REQUEST_METHOD") != "GET":
            return _not_found(start_response)
        if screen is not None:
            found = self.hub.follow_screen(
                _screen_page(screen.group(1), environ), _locale(environ), _seen(environ)
            )
            if found == 404:
                return _not_found(start_response)
            follower = found if isinstance(found, Follower) else None
            retry_after = "10" if found == 503 else "60"
        elif match is not None:
            follower, retry_after = self.hub.follow(match.group(1), _locale(environ)), "60"
        if follower is None:
            start_response("503 SERVICE UNAVAILABLE", [("Retry-After", retry_after)])
            return iter([b""])
        headers = [
            ("Content-Type", "text/event-stream; charset=utf-8"),
            ("Cache-Control", "no-store"),
            ("X-Accel-Buffering", "no"),  # nginx: no buffering of the stream
            ("X-Content-Type-Options", "nosniff"),
        ]
        if self.origins:
            headers.append(("Vary", "Origin"))
            if (origin := environ.get("HTTP_ORIGIN", "")) in self.origins:
                headers.append(("Access-Control-Allow-Origin", origin))
        start_response("200 OK", headers)
        return self.stream(follower)

    def stream(self, follower: Follower) -> Iterator[bytes]:
        """What the follower is sent, until ``longest`` seconds have passed."""
        deadline = time.monotonic() + self.longest
        try:
            # A board is told its game's last version; a screen was sent its page already
            # when behind (`Hub.follow_screen`).
            yield HELLO + (self.hub.hello(follower) if follower.screen is None else b"")
            while (left := deadline - time.monotonic()) > 0:
                try:
                    sent = follower.inbox.get(timeout=min(self.keepalive, left))
                except queue.Empty:
                    yield PING
                    continue
                if sent is None:
                    return
                yield sent
        finally:
            self.hub.leave(follower)


def create_push_app(redis_url: str | None = None, app_url: str | None = None) -> PushApp:
    """The push server for ``REDIS_URL`` and the app at ``SCOREKEEPER_PUSH_APP_URL``."""
    redis_url = redis_url or os.environ.get("REDIS_URL") or ""
    app_url = app_url or os.environ.get("SCOREKEEPER_PUSH_APP_URL") or "http://127.0.0.1:8000"
    if not redis_url:
        raise RuntimeError("the push server needs REDIS_URL (the app's Redis)")
    return PushApp(Hub(redis_url, app_url))
