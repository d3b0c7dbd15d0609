"""The app's Flask class, whose templates see the environment's globals as a plain dict.

Jinja gives each template a ``ChainMap`` over the environment's globals, so that a global
added later still reaches a template loaded before. Every ``{% import %}`` and ``{% from
... import %}`` then compares the importing page's globals with the imported template's
(``Template._get_default_module``), key by key through the ``ChainMap``: about thirty
look-ups each, five imports on a board. Every global is set while the app is built (Flask
refuses ``add_template_global`` once it has served a request, and Jinja asks that globals
not change once a template is loaded), so each template's globals are a snapshot taken
when it is loaded, and that comparison is one set operation.

Its HTML templates are also sent without their indentation (`CompactIndentation`): the
lines a template indents for its reader are a twentieth of a board's first load.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, MutableMapping
from typing import Any

from flask import Flask
from flask.templating import Environment as FlaskEnvironment
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream

#: A line's indentation in a template's text.
_INDENT = re.compile(r"\n[ \t]+")
#: Where the text's whitespace is the content: kept as written.
_VERBATIM = re.compile(r"<(pre|textarea)\b", re.IGNORECASE)


class CompactIndentation(Extension):
    """An HTML template's own text loses the indentation at the start of its lines.

    Only the template's text changes, never what a value puts in (a name, a reason),
    nor the insides of a tag (a message's words), nor a ``<pre>`` or a ``<textarea>``,
    whose whitespace shows. The line breaks stay, so words on either side of one stay
    apart. Other templates (the service worker's script) are left as they are.
    """

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        """The template's tokens, its text without indentation (HTML templates only)."""
        html = (stream.name or "").endswith(".html")
        verbatim: str | None = None  # the tag whose end is awaited, or None
        for token in stream:
            if html and token.type == "data":
                value, verbatim = _compact(token.value, verbatim)
                yield Token(token.lineno, "data", value)
            else:
                yield token


def _compact(text: str, verbatim: str | None) -> tuple[str, str | None]:
    """`text` without indentation but between ``<pre>`` or ``<textarea>`` and its end
    (`verbatim`: the one open where `text` starts), and the one open where it ends."""
    parts = []
    while text:
        if verbatim is None:
            found = _VERBATIM.search(text)
            end = found.start() if found else len(text)
            parts.append(_INDENT.sub("\n", text[:end]))
            text = text[end:]
            if found:
                verbatim = found.group(1).lower()
                parts.append(text[: len(found.group(0))])
                text = text[len(found.group(0)) :]
        else:
            close = text.lower().find(f"</{verbatim}")
            if close < 0:
                parts.append(text)
                break
            parts.append(text[:close])
            text = text[close:]
            verbatim = None
    return "".join(parts), verbatim


class Environment(FlaskEnvironment):
    """Flask's template environment; a template's globals are a dict (see the module)."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """The environment's globals with the template's own over them, as one dict."""
        return {**self.globals, **(d or {})}


class App(Flask):
    """Flask, with `Environment` for its templates."""

    jinja_environment = Environment
    jinja_options = {  # noqa: RUF012  (Flask's own attribute, read once per app)
        **Flask.jinja_options,
        "extensions": [CompactIndentation],
    }
