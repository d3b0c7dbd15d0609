"""Views of the `main` blueprint: home, health check, favicon, language switch."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import (
    Blueprint,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from scorekeeper import LOCALE_COOKIE, LOCALES

bp = Blueprint("main", __name__)


@bp.app_context_processor
def inject_locale() -> dict[str, object]:
    """Give every template the current locale and a link builder for the switch."""
    locale = get_locale()
    return {
        "current_locale": str(locale) if locale else current_app.config["BABEL_DEFAULT_LOCALE"],
        "locales": LOCALES,
        "lang_switch_url": lang_switch_url,
    }


def lang_switch_url(code: str) -> str:
    """URL that switches to language `code` and comes back to this page."""
    path = request.full_path if request.query_string else request.path
    return url_for("main.set_language", code=code, next=path)


def safe_next(target: str | None) -> str:
    """`target` if it is a path on this site, else the home page (no open redirects)."""
    fallback = url_for("main.index")
    if not target or not target.startswith("/") or target.startswith("//"):
        return fallback
    if "\\" in target or any(ord(ch) < 32 for ch in target):
        return fallback
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return fallback
    return target


@bp.get("/")
def index() -> ResponseReturnValue:
    """Say what the app is and link to what exists."""
    return render_template("main/index.html")


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    """Liveness check for load balancers and scripts."""
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8"}


@bp.get("/favicon.ico")
def favicon() -> ResponseReturnValue:
    """Browsers ask for /favicon.ico whatever the page says; serve it from static."""
    return current_app.send_static_file("favicon.ico")


@bp.get("/lang/<code>")
def set_language(code: str) -> ResponseReturnValue:
    """Remember the chosen language in a long-lived cookie and go back."""
    if code not in LOCALES:
        abort(404)
    response = redirect(safe_next(request.args.get("next")))
    response.set_cookie(
        LOCALE_COOKIE,
        code,
        max_age=current_app.config["LOCALE_COOKIE_MAX_AGE"],
        httponly=True,
        samesite="Lax",
        secure=request.is_secure,
    )
    return response
