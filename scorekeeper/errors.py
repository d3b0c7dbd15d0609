"""Error pages in the app's style and language; JSON errors under /api/."""

from __future__ import annotations

from flask import Flask, g, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import HTTPException, InternalServerError

from scorekeeper.extensions import login_manager
from scorekeeper.grammar import gettext as _
from scorekeeper.transactions import rollback, sqlite_read_only


def _messages() -> dict[int, tuple[str, str]]:
    """Title and explanation for each handled status, in the request's language."""
    return {
        400: (_("Bad request"), _("The request could not be understood. Please try again.")),
        403: (_("Forbidden"), _("You are not allowed to do that.")),
        404: (_("Page not found"), _("There is nothing at this address.")),
        405: (_("Method not allowed"), _("This address does not accept that method.")),
        413: (_("Too much data"), _("What was sent is too large.")),
        429: (_("Too many requests"), _("Too many requests in a short time: wait a minute.")),
        500: (_("Something went wrong"), _("An unexpected error happened on our side.")),
    }


#: Seconds a client is asked to wait when the SQLite file is read-only (503).
READ_ONLY_RETRY_AFTER = 30

#: The pages that save a hand: after a failed save, their error page says it was not saved.
HAND_SAVES = frozenset({"games.record", "games.record_cards"})


def _database_message() -> tuple[str, str]:
    """Title and explanation when the database failed the request: nothing was saved."""
    title = _("The database did not answer")
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return title, _("Nothing was changed. Try again in a moment.")
    if request.endpoint in HAND_SAVES:
        return title, _(
            "The hand was not saved. Go back and save it again in a moment: if the form "
            "is empty, type the hand again."
        )
    return title, _("Nothing was saved. Go back and try again in a moment.")


def handle_error(error: HTTPException) -> ResponseReturnValue:
    """Render an HTTP error as a page, or as JSON for the API.

    A 500 rolls the session back first (`rollback` never fails, even on a dead
    connection). When the database failed the request, the page says so and that
    nothing was saved; it is rendered without the database if need be (as logged out).
    A SQLite file that is read-only for now is a 503 with ``Retry-After``: try again.
    """
    code = error.code or 500
    if code >= 500:
        rollback()
    title, message = _messages().get(code, (error.name, error.description or ""))
    # Keep the headers the error carries (Allow on a 405), but not its HTML content type.
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    original = getattr(error, "original_exception", None)
    if isinstance(original, SQLAlchemyError):
        title, message = _database_message()
        if sqlite_read_only(original):  # the file is read-only for now: not our failure
            code, title = 503, _("Nothing can be saved right now")
            headers.append(("Retry-After", str(READ_ONLY_RETRY_AFTER)))
    if request.path.startswith("/api/"):
        return jsonify({"errors": [{"field": "", "message": message}]}), code, headers
    template = f"errors/{code}.html" if code in (400, 403, 404, 500) else "errors/error.html"
    context = {"code": code, "title": title, "message": message}
    try:
        page = render_template(template, **context)
    except SQLAlchemyError:  # the page's own reads (who is logged in) failed too
        rollback()
        g._login_user = login_manager.anonymous_user()
        page = render_template(template, **context)
    return page, code, headers


def register_error_handlers(app: Flask) -> None:
    """Attach `handle_error` to the statuses the app renders itself."""
    for code in (400, 403, 404, 405, 413, 429):
        app.register_error_handler(code, handle_error)
    # Unhandled exceptions reach this handler as an InternalServerError.
    app.register_error_handler(InternalServerError, handle_error)
