"""Views of the `main` blueprint: home, health check, favicon, language switch."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, request
from flask.typing import ResponseReturnValue

from scorekeeper.games.cookies import your_games
from scorekeeper.locale import LOCALES, remember_locale
from scorekeeper.ui.redirects import safe_next

bp = Blueprint("main", __name__)


@bp.get("/")
def index() -> ResponseReturnValue:
    """Say what the app is, link to what exists, and list the games started in this browser."""
    return render_template("main/index.html", your_games=your_games())


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
    remember_locale(response, code)
    return response
