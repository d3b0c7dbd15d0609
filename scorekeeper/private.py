"""Responses that carry a secret or private data are never stored by any cache.

One after-request rule (:func:`no_store_when_private`, registered by `create_app`)
sends ``Cache-Control: no-store`` on every such response, whatever the view set:

- anything a logged-in browser gets (account pages, private league pages, the
  members page with a new invitation link, exports, the redirect that carries a
  personal edit token), and any response that sets a cookie;
- every page under an edit link (``/g/<token>/...``: boards, hands, QR codes);
- every page of a browser whose "your games" cookie lists edit links (the home
  page shows them): the code that reads that cookie calls :func:`mark_private`.

Static files are never private; the view link's pages (read-only) may be cached.
"""

from __future__ import annotations

from flask import current_app, g, request, session
from werkzeug.wrappers import Response

#: The prefix of every page reached with a game's edit link.
EDIT_LINK_PREFIX = "/g/"
#: Endpoints that serve the same public file to everyone.
PUBLIC_ENDPOINTS = frozenset({"static", "main.favicon", "main.texts"})


def mark_private() -> None:
    """Say that this request's response holds a secret (it will not be cached)."""
    g.private_response = True


def is_private(response: Response) -> bool:
    """Whether `response` may hold a secret or data meant for this browser alone."""
    if request.endpoint in PUBLIC_ENDPOINTS:
        return False
    remember_cookie = current_app.config.get("REMEMBER_COOKIE_NAME", "remember_token")
    return bool(
        g.get("private_response")
        or request.path.startswith(EDIT_LINK_PREFIX)
        or "_user_id" in session
        or remember_cookie in request.cookies
        or "Set-Cookie" in response.headers
    )


def no_store_when_private(response: Response) -> Response:
    """After each request: ``Cache-Control: no-store`` on a private response."""
    if is_private(response):
        response.headers["Cache-Control"] = "no-store"
    return response
