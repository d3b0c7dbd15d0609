"""The language of a page: Italian or English, chosen by the switch, else the browser.

The switch (``main.set_language``) keeps the choice in the long-lived ``lang`` cookie;
`select_locale` is Flask-Babel's locale selector, `template_context` gives every
template the current locale and the switch's links, and `install_template_gettext` makes
the templates' ``_()``, ``ngettext()`` and ``side_gettext()`` look the request's catalog up
once and follow the app's grammar (scorekeeper.grammar: a side's number, Italian's
prepositions before a value).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from babel.support import NullTranslations
from flask import Flask, current_app, g, request, url_for
from flask_babel import get_locale, get_translations
from jinja2.runtime import Context
from jinja2.utils import pass_context
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorekeeper.grammar import Side, as_side, current_language, fit_words

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
        "this_page": this_page,
    }


#: Query parameters that only tell a page what has just happened (the board opened as
#: ``?saved=N`` after a save says "Hand N saved"): a way back to the page leaves them out.
NOTE_PARAMS = frozenset({"saved"})


def this_page() -> str:
    """This page's path and query, to come back to after switching the language or
    logging in, without its `NOTE_PARAMS`."""
    if not request.query_string:
        return request.path
    kept = [(k, v) for k, v in request.args.items(multi=True) if k not in NOTE_PARAMS]
    return f"{request.path}?{urlencode(kept)}" if kept else request.path


def lang_switch_url(code: str) -> str:
    """URL that switches to language `code` and comes back to this page."""
    return url_for("main.set_language", code=code, next=this_page())


def install_template_gettext(app: Flask) -> None:
    """The templates' ``_()``, ``ngettext()``... with the request's catalog looked up once.

    Flask-Babel's template callables resolve the domain, the locale and its catalog
    cache on every call, and a board makes some 80 of them; the locale is chosen once per
    request (`select_locale`), so is its catalog here. ``_()`` and ``gettext()``, nearly
    all of them, are `template_gettext`; ``ngettext()`` is `template_ngettext` and
    ``side_gettext()`` `template_side_gettext`.
    """
    env = app.jinja_env
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: _request_translations().ugettext(s),
        ngettext=lambda s, p, n: _request_translations().ungettext(s, p, n),
        pgettext=lambda c, s: _request_translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _request_translations().unpgettext(c, s, p, n),
        newstyle=True,
    )
    env.globals["_"] = env.globals["gettext"] = template_gettext
    env.globals["ngettext"] = template_ngettext
    env.globals["side_gettext"] = template_side_gettext


@pass_context
def template_gettext(context: Context, string: str, **variables: Any) -> str:
    """Jinja's newstyle ``gettext`` in one call instead of three: ``string`` in the
    request's language, marked safe where the template escapes (its variables are then
    escaped), and always %-formatted, so that ``%%`` is a ``%`` with or without
    variables. The text of a call without variables is kept per catalog."""
    autoescape = bool(context.eval_ctx.autoescape)
    translations = _request_translations()
    if not variables:
        return _translated(translations, string, autoescape)
    return _formatted(translations.ugettext(string), variables, autoescape)


@pass_context
def template_ngettext(
    context: Context, singular: str, plural: str, num: int, **variables: Any
) -> str:
    """Jinja's newstyle ``ngettext``: the form ``num`` takes (``%(num)s`` is ``num``),
    marked safe where the template escapes, the words before the values fitted to them."""
    variables.setdefault("num", num)
    text = _request_translations().ungettext(singular, plural, num)
    return _formatted(text, variables, bool(context.eval_ctx.autoescape))


@pass_context
def template_side_gettext(
    context: Context, singular: str, plural: str, side: Side | str, **variables: Any
) -> str:
    """A message about ``side`` (``%(side)s``), singular or plural as the side is
    (`scorekeeper.grammar.side_gettext`)."""
    side = as_side(side)
    return template_ngettext(context, singular, plural, side.number, side=str(side), **variables)


def _formatted(text: str, variables: dict[str, Any], autoescape: bool) -> str:
    text = fit_words(text, variables, current_language())
    # The catalog's text is the app's own, as Jinja takes it; Markup's % escapes the values.
    return (Markup(text) if autoescape else text) % variables  # noqa: S704


@lru_cache(maxsize=4096)
def _translated(translations: NullTranslations, string: str, autoescape: bool) -> str:
    text = translations.ugettext(string)
    return (Markup(text) if autoescape else text) % {}  # noqa: S704  (the app's own text)


def _request_translations() -> NullTranslations:
    """Flask-Babel's `get_translations`, kept on `g` while the request's locale stays the
    same (`g` reached once per call: a board makes some fifty). A `force_locale` block
    (the service worker's offline page in each language) sets another locale object,
    and leaving it puts the first one back: either way the catalog is looked up again."""
    try:
        request_g = g._get_current_object()  # werkzeug's LocalProxy: the app context's g
    except RuntimeError:  # outside an app context: Flask-Babel's own answer (no translation)
        return get_translations()
    kept: tuple[object, NullTranslations] | None = request_g.get("template_translations")
    if kept is None or kept[0] is not _chosen_locale(request_g):
        translations = get_translations()  # chooses the request's locale if not yet done
        kept = request_g.template_translations = (_chosen_locale(request_g), translations)
    return kept[1]


def _chosen_locale(request_g: Any) -> object:
    """The locale object Flask-Babel chose (or `force_locale` set) for this request, as it
    keeps it on `g` (its ``_flask_babel`` namespace, see `flask_babel.get_locale`)."""
    return getattr(request_g.get("_flask_babel"), "babel_locale", None)
