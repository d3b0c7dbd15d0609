"""Views of the `main` blueprint: home, health check, favicon, language switch, and the
installable app: its manifest, its service worker and the page it shows offline."""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import force_locale

from scorekeeper.games.cookies import your_games
from scorekeeper.grammar import gettext as _
from scorekeeper.keeper import KEEPER_HEADER
from scorekeeper.locale import DEFAULT_LOCALE, LOCALES, remember_locale, select_locale
from scorekeeper.main import shell
from scorekeeper.ui.outbox import texts_script
from scorekeeper.ui.redirects import safe_next

bp = Blueprint("main", __name__)
bp.app_url_defaults(shell.add_static_version)
bp.after_app_request(shell.cache_static)
bp.record_once(lambda state: shell.install_template_url_for(state.app))

#: The colours of the installed app's splash screen and title bar: the page's own
#: background (app.css ``--bg``, light; base.html's theme-color metas have both schemes).
MANIFEST_COLOURS = {"background_color": "#ffffff", "theme_color": "#ffffff"}
#: Where the app keeps its service worker, built: (static files' signature, script).
SERVICE_WORKER = "scorekeeper.service_worker"
#: The manifest's icons: (file in static/icons, sizes, purpose).
MANIFEST_ICONS = (
    ("icon-192.png", "192x192", "any"),
    ("icon-512.png", "512x512", "any"),
    ("icon-maskable-192.png", "192x192", "maskable"),
    ("icon-maskable-512.png", "512x512", "maskable"),
    ("icon.svg", "any", "any"),
)


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


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """The web app manifest, in the page's language (``?lang=``, else as for a page)."""
    code = request.args.get("lang")
    with force_locale(code if code in LOCALES else select_locale()):
        body = {
            "id": "/",
            "name": _("Scorekeeper for Scopa"),
            "short_name": _("Scorekeeper"),
            "description": _("Scopa scores at the table: every hand, the totals and the winner."),
            "lang": code if code in LOCALES else select_locale(),
            "dir": "ltr",
            "start_url": url_for("main.index"),
            "scope": "/",
            "display": "standalone",
            **MANIFEST_COLOURS,
            "icons": [
                {
                    "src": url_for("static", filename=f"icons/{name}"),
                    "sizes": sizes,
                    "type": "image/svg+xml" if name.endswith(".svg") else "image/png",
                    "purpose": purpose,
                }
                for name, sizes, purpose in MANIFEST_ICONS
            ],
        }
    response = jsonify(body)
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/texts/<code>.js")
def texts(code: str) -> ResponseReturnValue:
    """What the pages' scripts say in one language (ui/outbox.py): a file like a static
    one, kept for good at the URL with its digest (``?v=``, `shell.texts_url`)."""
    if code not in LOCALES:
        abort(404)
    body, digest = texts_script(code)
    response = Response(body, mimetype="text/javascript")
    fresh = request.args.get("v") == digest
    response.headers["Cache-Control"] = shell.IMMUTABLE if fresh else shell.SHORT
    return response


def texts_pages() -> list[str]:
    """The texts' script's URL in each language, with its digest."""
    return [shell.texts_url(code) for code in LOCALES]


def offline_pages() -> dict[str, str]:
    """The offline page's URL in each language."""
    return {code: url_for("main.offline", code=code) for code in LOCALES}


def _render_offline(lang: str) -> str:
    with force_locale(lang):
        return render_template(
            "main/offline.html",
            boards_cache=shell.BOARDS_CACHE,
            fetched_header=shell.FETCHED_HEADER,
        )


@bp.get("/offline/<code>")
def offline(code: str) -> ResponseReturnValue:
    """The page the service worker shows for a page it cannot reach and does not keep."""
    if code not in LOCALES:
        abort(404)
    response = make_response(_render_offline(code))
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    """The service worker, with the list of files it keeps and their version filled in.

    The version covers the static files, the offline pages as rendered now and the
    worker's own source: a change to any of them is a new worker that installs a new
    cache (the browser compares the script byte for byte). Browsers ask for it on every
    navigation: it is built once per set of static files (and on every request while
    templates reload, in development).
    """
    key = shell.static_signature()
    built = current_app.extensions.get(SERVICE_WORKER)
    if built is None or built[0] != key or current_app.jinja_env.auto_reload:
        built = (key, _build_service_worker())
        current_app.extensions[SERVICE_WORKER] = built
    response = Response(built[1], mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


def _build_service_worker() -> str:
    pages = offline_pages()
    loader = current_app.jinja_env.loader
    source = loader.get_source(current_app.jinja_env, "main/sw.js")[0] if loader else ""
    words = texts_pages()
    version = shell.shell_version(
        [
            source.encode(),
            *(_render_offline(code).encode() for code in pages),
            *(url.encode() for url in words),
        ]
    )
    return render_template(
        "main/sw.js",
        version=version,
        shell=[*shell.shell_urls(), *pages.values(), *words],
        offline=pages,
        default_lang=DEFAULT_LOCALE,
        boards_cache=shell.BOARDS_CACHE,
        fetched_header=shell.FETCHED_HEADER,
        logout=[url_for("accounts.logout"), url_for("accounts.logout_everywhere")],
        keeper_header=KEEPER_HEADER,
    )
