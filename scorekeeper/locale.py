"""The language of a page: Italian or English, chosen by the switch, else the browser.

The switch (``main.set_language``) keeps the choice in the long-lived ``lang`` cookie;
`select_locale` is Flask-Babel's locale selector, and `template_context` gives every
template the current locale and the switch's links.
"""

from __future__ import annotations

from flask import current_app, request, url_for
from flask_babel import get_locale
from werkzeug.wrappers import Response

LOCALES = ("it", "en")
DEFAULT_LOCALE = "it"
LOCALE_COOKIE = "lang"


def select_locale() -> str:
    """The language of this request: the switch's cookie, then the browser, then Italian."""
    chosen = request.cookies.get(LOCALE_COOKIE)
    if chosen in LOCALES:
        return chosen
    return request.accept_languages.best_match(LOCALES) or DEFAULT_LOCALE


def remember_locale(response: Response, code: str) -> None:
    """Keep the chosen language in the long-lived ``lang`` cookie."""
    response.set_cookie(
        LOCALE_COOKIE,
        code,
        max_age=current_app.config["LOCALE_COOKIE_MAX_AGE"],
        httponly=True,
        samesite="Lax",
        secure=request.is_secure,
    )


def template_context() -> dict[str, object]:
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
