"""The app's Flask class, whose templates see the environment's globals as a plain dict.

Jinja gives each template a ``ChainMap`` over the environment's globals, so that a global
added later still reaches a template loaded before. Every ``{% import %}`` and ``{% from
... import %}`` then compares the importing page's globals with the imported template's
(``Template._get_default_module``), key by key through the ``ChainMap``: about thirty
look-ups each, five imports on a board. Every global is set while the app is built (Flask
refuses ``add_template_global`` once it has served a request, and Jinja asks that globals
not change once a template is loaded), so each template's globals are a snapshot taken
when it is loaded, and that comparison is one set operation.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from flask import Flask
from flask.templating import Environment as FlaskEnvironment


class Environment(FlaskEnvironment):
    """Flask's template environment; a template's globals are a dict (see the module)."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """The environment's globals with the template's own over them, as one dict."""
        return {**self.globals, **(d or {})}


class App(Flask):
    """Flask, with `Environment` for its templates."""

    jinja_environment = Environment
