"""Whose things a phone keeps: the *keeper* of each page.

A phone keeps things for use without signal: the boards it opened and their QR codes
(the service worker's cache, templates/main/sw.js), the hand being typed (drafts)
and the hands not sent yet (the outbox; both static/js/outbox.js), and the
list of the games started in this browser (`scorekeeper.games.cookies`). They belong to
whoever kept them: the account logged in then, or nobody (anonymous play). Every page
names its keeper (`keeper_id`): in the ``X-Scorekeeper-Keeper`` header of every HTML
response, which the service worker reads, and in the page's
``<meta name="sk-keeper">``, which the page's scripts read (static/js/page.js). Both
compare it with the keeper they stored with their kept things and, when it differs (the
phone changed account: a log-in over another, a log-out, "log out everywhere" from
another device), empty them before the page shows.

The id is opaque: an HMAC of the account's number under the app's secret key (nothing
to read in it, nothing to forge), the same on every device and session of one account;
`ANONYMOUS` for a visitor, so what is kept through a game's links without an account
stays for the next anonymous page.
"""

from __future__ import annotations

import hashlib
import hmac

from flask import Flask, current_app
from flask_login import current_user
from werkzeug.wrappers import Response

#: The response header that names a page's keeper.
KEEPER_HEADER = "X-Scorekeeper-Keeper"
#: The keeper of a visitor who is not logged in.
ANONYMOUS = "anonymous"
_SALT = b"scorekeeper.keeper:"


def keeper_id() -> str:
    """The keeper of this request: `ANONYMOUS`, or an opaque id of the logged-in account."""
    if not getattr(current_user, "is_authenticated", False):
        return ANONYMOUS
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, _SALT + str(current_user.id).encode(), hashlib.sha256).hexdigest()[:32]


def name_the_keeper(response: Response) -> Response:
    """After each request: name the keeper on every HTML response (the service worker
    compares it with the keeper of the boards it keeps)."""
    if response.mimetype == "text/html":
        response.headers[KEEPER_HEADER] = keeper_id()
    return response


def init_app(app: Flask) -> None:
    """Name the keeper of every page: its header, and ``keeper()`` for the templates."""
    app.after_request(name_the_keeper)
    app.context_processor(lambda: {"keeper": keeper_id})
