"""The app shell a phone keeps for offline use: versioned static URLs and the version.

Every static URL the app builds carries a digest of the file (``/static/css/app.css?v=
3f2a...``, through `add_static_version`), so a page always asks for the files it was
rendered with: a page from a new version of the app never meets an old copy of a
stylesheet kept by the service worker, and the service worker's cache of one version
holds one consistent set of files. `shell_version` is what names that cache: a digest
of every static file and of what else the worker keeps (the offline pages, its own
source), so any change to them installs a new, complete cache.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from flask import current_app, get_template_attribute, has_request_context, request, url_for
from flask.sansio.app import App
from flask_babel import get_locale
from jinja2.runtime import Context
from jinja2.utils import pass_context
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorekeeper.ui.outbox import texts_script
from scorekeeper.ui.static import DIGEST_CHARS, static_digest, static_digests

#: The service worker's cache of boards (``main/sw.js``, ``static/js/offline.js``). Its
#: entries outlive app versions; change the suffix when a kept board would no longer work
#: with the current files.
BOARDS_CACHE = "sk-boards-v1"
#: The response header in which the worker notes when it fetched a kept board (ms).
FETCHED_HEADER = "X-Scorekeeper-Fetched"
#: A static file asked for by its current digest never changes: kept a year, never
#: revalidated. Any other URL of it (no digest, an old one) may change soon.
IMMUTABLE = "public, max-age=31536000, immutable"
SHORT = "public, max-age=300"
_URLS = "scorekeeper.template_urls"
_URLS_KEPT = 4096


def add_static_version(endpoint: str | None, values: dict[str, Any]) -> None:
    """URL defaults: a static file's URL carries its digest (``?v=...``)."""
    if endpoint == "static" and "v" not in values and "filename" in values:
        digest = static_digest(str(values["filename"]))
        if digest is not None:
            values["v"] = digest


def template_url_for(endpoint: str, **values: Any) -> str:
    """The templates' ``url_for``, each URL built once (a board names some thirty, and
    building each through the URL map was a tenth of its render).

    A URL depends on the endpoint, the values, where the app is served (its root, and
    host and scheme for an external one) and, for a static file while templates reload,
    the file's digest (`add_static_version`, `static_digests`): the memo's key. It is the
    app's, cleared when it grows past a few thousand URLs (each game's links are its own).
    """
    if not has_request_context() or endpoint.startswith("."):  # "." is the blueprint's
        return url_for(endpoint, **values)
    here = request._get_current_object()  # type: ignore[attr-defined]
    try:
        key: tuple[Any, ...] = (
            here.script_root,
            here.host,
            here.scheme,
            endpoint,
            frozenset(values.items()),
        )
    except TypeError:  # a list among the values: built as it comes
        return url_for(endpoint, **values)
    if endpoint == "static" and "filename" in values:
        key += static_digests((str(values["filename"]),))
    urls: dict[tuple[Any, ...], str] = current_app.extensions.setdefault(_URLS, {})
    url = urls.get(key)
    if url is None:
        if len(urls) >= _URLS_KEPT:
            urls.clear()
        url = urls[key] = url_for(endpoint, **values)
    return url


def texts_url(language: str | None = None) -> str:
    """The URL of the scripts' words in ``language`` (the page's), with their digest: kept
    for good by the browser and the service worker, as a static file (`main.texts`)."""
    if language is None:
        language = str(get_locale())
    return template_url_for("main.texts", code=language, v=texts_script(language)[1])


def install_template_url_for(app: App) -> None:
    """Give `app`'s templates `template_url_for` as their ``url_for``, `chrome` and
    `texts_url`."""
    app.jinja_env.globals["url_for"] = template_url_for
    app.jinja_env.globals["chrome"] = chrome
    app.jinja_env.globals["texts_url"] = texts_url


#: The static files the chrome names: a new version of one renders the chrome again.
_CHROME_FILES = (
    "icons/apple-touch-icon.png",
    "css/app.css",
    "js/page.js",
)
_CHROME = "scorekeeper.chrome"
_CHROME_KEPT = 256


@pass_context
def chrome(context: Context, part: str) -> Markup:
    """Macro ``part`` of ``_chrome.html``, the parts of every page's frame that depend
    only on the page's language and where the app is served (its links, menu, footer):
    rendered once for each and kept by the app (they were a tenth of a board's CPU).

    The key holds the language and the app's root, host and scheme; while templates
    reload, also the digests of the static files the parts name, so that a changed
    stylesheet is named by its new digest at once (`static_digests`).
    """
    locale = str(context["current_locale"])
    here = request._get_current_object()  # type: ignore[attr-defined]
    key = (part, locale, here.script_root, here.host, here.scheme, *static_digests(_CHROME_FILES))
    parts: dict[tuple[str | None, ...], Markup] = current_app.extensions.setdefault(_CHROME, {})
    markup = parts.get(key)
    if markup is None:
        if len(parts) >= _CHROME_KEPT:
            parts.clear()
        macro = get_template_attribute("_chrome.html", part)
        markup = parts[key] = Markup(macro(locale))  # noqa: S704  (the macro's output, escaped by it)
    return markup


def static_files() -> list[str]:
    """Every file of the static folder, as paths relative to it (sorted, no dot files)."""
    folder = current_app.static_folder
    if folder is None:
        return []
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in files:
            if not name.startswith("."):
                found.append(Path(root, name).relative_to(folder).as_posix())
    return sorted(found)


def shell_urls() -> list[str]:
    """The URLs of every static file, versioned, and of the favicon."""
    return [url_for("static", filename=name) for name in static_files()] + [url_for("main.favicon")]


def static_signature() -> tuple[tuple[str, str | None], ...]:
    """Every static file with its digest: what changes when any of them does."""
    return tuple((name, static_digest(name)) for name in static_files())


def shell_version(extra: Iterable[bytes]) -> str:
    """The version of the app shell: a digest of every static file's name and digest and
    of `extra` (the other things the service worker keeps, and its own source)."""
    whole = hashlib.sha256()
    for name, digest in static_signature():
        whole.update(f"{name}\0{digest}\0".encode())
    for part in extra:
        whole.update(hashlib.sha256(part).digest())
    return whole.hexdigest()[:DIGEST_CHARS]


def cache_static(response: Response) -> Response:
    """After each request: how long a browser keeps a static file.

    ``IMMUTABLE`` when the URL carries the file's current digest (``?v=...``, what every
    page asks for): a board loads without one revalidation round trip per file. A URL
    without it, or with another digest (a page of an older version), gets ``SHORT``: its
    content is today's file, which that URL may not name tomorrow.
    """
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    filename = (request.view_args or {}).get("filename")
    wanted = request.args.get("v")
    fresh = wanted is not None and filename is not None and wanted == static_digest(filename)
    response.headers["Cache-Control"] = IMMUTABLE if fresh else SHORT
    response.expires = None
    return response
