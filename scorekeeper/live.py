"""Live boards: a change to a game reaches the phones that follow it, cheaply.

Two parts, each for one side of a board's updates (static/js/games.js):

- **Push.** A transaction that changed games (`games.services.lock_game` calls
  `changed`) publishes, once it is committed, one message per game on Redis pub/sub
  (``REDIS_URL``): on the game's channel (`game_channel`: a hash of its view link, so
  no token travels) its new version; a tournament's game, and every change that locks a
  tournament or one of its matches (`tournament_changed`: the draw, a round, a result,
  the venue's screen link, clock and cycle), once on the tournament's channel
  (`tournament_channel`), for its venue screens to follow. Nothing is rendered here:
  the push server (`scorekeeper.push`, gunicorn's gevent worker) asks the app for the
  board once per change and language, and relays it to every phone that follows. Every
  Redis call has a short timeout; while Redis is away nothing is published (logged
  once) and the boards poll as they do without push. Without ``REDIS_URL``, the
  embedded default, nothing is published at all.
- **Polling, answered cheaply.** `VersionCheck`, in front of the Flask app, answers a
  view link's poll (``GET /v/<token>/live`` with ``If-None-Match``) from one indexed
  SQL row, the game's id and version, before Flask: no session, no ORM, no template.
  A poll it cannot answer so (the game changed, a logged-in phone, another language
  than the tag's) goes to the app as before; the headers of its 304 are those the app
  itself sent for one (`VersionCheck` remembers them).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from flask import Flask, current_app, has_app_context
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import BadSignature
from redis import Redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry
from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie, parse_etags

from scorekeeper.extensions import db
from scorekeeper.locale import DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

logger = logging.getLogger(__name__)

#: Seconds a Redis call may take (to connect, and to answer) before it counts as failed.
REDIS_TIMEOUT = 0.25
#: Seconds without trying Redis again after it failed (each process on its own).
REDIS_RETRY_AFTER = 30.0
#: The prefix of every channel.
PREFIX = "scorekeeper:live:"
#: The session's info key for the games changed in its transaction.
PENDING = "scorekeeper.live"
#: The session's info key for the tournaments changed in its transaction.
PENDING_TOURNAMENTS = "scorekeeper.live.tournaments"
#: The app's extension key for its `Publisher`.
EXTENSION = "scorekeeper.live"


def token_hash(view_token: str) -> str:
    """What names a game's channel: a SHA-256 of its view link's token (a channel's name
    may be read by whoever watches Redis: no token in it)."""
    return hashlib.sha256(view_token.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def game_channel(view_token: str) -> str:
    """The channel of the game whose view link's token is ``view_token``."""
    return f"{PREFIX}game:{token_hash(view_token)}"


def tournament_channel(tournament_id: int) -> str:
    """The channel of a tournament: one message per change to one of its games."""
    return f"{PREFIX}tournament:{tournament_id}"


#: How long Redis keeps a channel's last message (`last_key`): a day.
LAST_KEPT = 86400


def last_key(channel: str) -> str:
    """The Redis key holding ``channel``'s last message, which the push server tells a
    new follower at once, so that a board that already has it need not ask the app."""
    return f"{channel}:last"


# --------------------------------------------------------------------------- publishing


class Publisher:
    """Publishes on Redis pub/sub, never for long: every call has a short timeout and is
    tried once; after a failure Redis is left alone for ``retry_after`` seconds (a
    circuit breaker), with one warning in the log, and one info when it is back."""

    def __init__(
        self, url: str, timeout: float = REDIS_TIMEOUT, retry_after: float = REDIS_RETRY_AFTER
    ) -> None:
        self.redis = Redis.from_url(
            url,
            socket_connect_timeout=timeout,
            socket_timeout=timeout,
            retry=Retry(NoBackoff(), 0),
        )
        self.retry_after = retry_after
        self._lock = threading.Lock()
        self._away = False
        self._next_try = 0.0

    def publish(self, messages: Iterable[tuple[str, str]]) -> bool:
        """Publish each (channel, data) in one round trip; whether Redis took them."""
        batch = list(messages)
        if not batch or time.monotonic() < self._next_try:
            return False
        try:
            pipe = self.redis.pipeline(transaction=False)
            for channel, data in batch:
                pipe.publish(channel, data)
                pipe.set(last_key(channel), data, ex=LAST_KEPT)
            pipe.execute()
        except (RedisError, OSError) as error:
            with self._lock:
                first, self._away = not self._away, True
                self._next_try = time.monotonic() + self.retry_after
            if first:
                logger.warning(
                    "Redis is not answering (%s): boards are not pushed, they poll, "
                    "until it is back (tried again every %g s)",
                    error,
                    self.retry_after,
                )
            return False
        if self._away:
            with self._lock:
                back, self._away = self._away, False
            if back:
                logger.info("Redis answers again: boards are pushed")
        return True


def changed(game: Any) -> None:
    """Note that ``game`` (a `Game` whose version was just bumped) changes in the
    session's transaction: its followers hear of it once the transaction commits."""
    pending: dict[str, tuple[int, int | None]] = db.session.info.setdefault(PENDING, {})
    pending[game.view_token] = (game.version, game.tournament_id)


def tournament_changed(tournament_id: int) -> None:
    """Note that the tournament ``tournament_id`` (or one of its matches) changes in the
    session's transaction: its screens hear of it once the transaction commits."""
    pending: set[int] = db.session.info.setdefault(PENDING_TOURNAMENTS, set())
    pending.add(tournament_id)


def _messages(
    pending: dict[str, tuple[int, int | None]], tournaments: set[int]
) -> list[tuple[str, str]]:
    """One message per game changed, and one per tournament changed (however many of its
    games and matches changed in the transaction)."""
    messages = []
    tournaments = set(tournaments)
    for view_token, (version, tournament_id) in pending.items():
        messages.append((game_channel(view_token), json.dumps({"v": version})))
        if tournament_id is not None:
            tournaments.add(tournament_id)
    for tournament_id in sorted(tournaments):
        messages.append((tournament_channel(tournament_id), json.dumps({"tournament": "changed"})))
    return messages


def _after_commit(session: Session) -> None:
    pending = session.info.pop(PENDING, None) or {}
    tournaments = session.info.pop(PENDING_TOURNAMENTS, None) or set()
    if not (pending or tournaments) or not has_app_context():
        return
    publisher: Publisher | None = current_app.extensions.get(EXTENSION)
    if publisher is not None:
        publisher.publish(_messages(pending, tournaments))


def _after_rollback(session: Session) -> None:
    session.info.pop(PENDING, None)
    session.info.pop(PENDING_TOURNAMENTS, None)


# --------------------------------------------------------------------------- polling

#: A view link's poll, and the board's entity tag (games.views.board_etag).
_VIEW_POLL = re.compile(r"/v/([A-Za-z0-9_-]{1,100})/live")
_VIEW_ETAG = re.compile(r"g(\d+)-v(\d+)-([a-z]{2})-v")
_VERSION = text("SELECT id, version FROM game WHERE view_token = :token")


class VersionCheck:
    """WSGI middleware: a view link's poll whose tag is still the board's gets its 304
    from the game's row alone (the id and version of `_VERSION`), before the app.

    Only anonymous polls (no session or remember-me cookie: a logged-in phone's pages
    name their keeper, which the app knows) in the language the tag names; and only once
    the app answered such a poll itself, whose 304's headers are then sent again (the
    security headers, ``Vary``, the keeper: exactly what the app sends).
    """

    def __init__(
        self,
        app: WSGIApplication,
        engine: Callable[[], Engine],
        anonymous: Callable[[dict[str, str]], bool],
    ) -> None:
        self.app, self.engine, self.anonymous = app, engine, anonymous
        self.headers: list[tuple[str, str]] | None = None
        #: Polls answered here, and those passed to the app (for the figures).
        self.answered = 0

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        poll = self._poll(environ)
        if poll is None:
            return self.app(environ, start_response)
        token, tag = poll
        if self.headers is not None and self._unchanged(token, tag):
            self.answered += 1
            start_response("304 NOT MODIFIED", [("ETag", f'"{tag}"'), *self.headers])
            return []
        return self.app(environ, self._remembering(tag, start_response))

    def _poll(self, environ: WSGIEnvironment) -> tuple[str, str] | None:
        """The token and the tag of an anonymous view link's poll in this language."""
        if environ.get("REQUEST_METHOD") != "GET" or "HTTP_IF_NONE_MATCH" not in environ:
            return None
        match = _VIEW_POLL.fullmatch(environ.get("PATH_INFO", ""))
        if match is None:
            return None
        cookies = parse_cookie(environ.get("HTTP_COOKIE", ""))
        if not self.anonymous(cookies):
            return None
        chosen = cookies.get(LOCALE_COOKIE)
        if chosen not in LOCALES:
            accepted = parse_accept_header(environ.get("HTTP_ACCEPT_LANGUAGE"), LanguageAccept)
            chosen = accepted.best_match(LOCALES) or DEFAULT_LOCALE
        for tag in parse_etags(environ["HTTP_IF_NONE_MATCH"]).as_set():
            found = _VIEW_ETAG.fullmatch(tag)
            if found and found.group(3) == chosen:
                return match.group(1), tag
        return None

    def _unchanged(self, token: str, tag: str) -> bool:
        found = _VIEW_ETAG.fullmatch(tag)
        if found is None:
            return False
        try:
            with self.engine().connect() as connection:
                row = connection.execute(_VERSION, {"token": token}).one_or_none()
        except SQLAlchemyError:
            return False  # the app answers (its error page, if the database is away)
        return row is not None and (row.id, row.version) == (
            int(found.group(1)),
            int(found.group(2)),
        )

    def _remembering(self, tag: str, start_response: StartResponse) -> StartResponse:
        """``start_response``, keeping the headers of the app's own 304 for ``tag``."""

        def remember(status: str, headers: list[tuple[str, str]], *args: Any) -> Any:
            if status.startswith("304") and (f'"{tag}"', "ETag") in {(v, k) for k, v in headers}:
                left_out = {"etag", "set-cookie", "content-length"}
                self.headers = [(k, v) for k, v in headers if k.lower() not in left_out]
            return start_response(status, headers, *args)

        return remember


def init_app(app: Flask) -> None:
    """Publish the changes (with ``REDIS_URL``), and answer view links' polls cheaply."""
    url = app.config.get("REDIS_URL")
    if url:
        app.extensions[EXTENSION] = Publisher(url)
    if not event.contains(Session, "after_commit", _after_commit):
        event.listen(Session, "after_commit", _after_commit)
        event.listen(Session, "after_rollback", _after_rollback)
    with app.app_context():
        engine = db.engine
    app.wsgi_app = VersionCheck(app.wsgi_app, lambda: engine, _anonymity(app))  # type: ignore[method-assign]


def _anonymity(app: Flask) -> Callable[[dict[str, str]], bool]:
    """Whether a request's cookies are a visitor's who is not logged in: no remember-me
    cookie, and a session (Flask's signed cookie, kept for the CSRF token) without an
    account in it. A cookie that does not read counts as none, as Flask counts it."""
    session_cookie = app.config.get("SESSION_COOKIE_NAME", "session")
    remember_cookie = app.config.get("REMEMBER_COOKIE_NAME", "remember_token")
    interface = app.session_interface
    serializer = (
        interface.get_signing_serializer(app)
        if isinstance(interface, SecureCookieSessionInterface)
        else None
    )

    def anonymous(cookies: dict[str, str]) -> bool:
        if remember_cookie in cookies:
            return False
        value = cookies.get(session_cookie)
        if not value:
            return True
        if serializer is None:
            return False
        try:
            data = serializer.loads(value)
        except BadSignature:
            return True
        return not (isinstance(data, dict) and "_user_id" in data)

    return anonymous
