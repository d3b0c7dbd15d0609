"""The URL converters of every route: what a URL may hold before a view looks it up.

``<int:...>`` stops at a database integer's range and ``<token>`` (the default, a path
segment) refuses control characters: either way the rule does not match, so the URL is a
404 like any other address that names nothing, on SQLite as on PostgreSQL (which refuses
a NUL in text and overflows past BIGINT).
"""

from __future__ import annotations

from typing import Any

from werkzeug.routing import IntegerConverter, Map, UnicodeConverter, ValidationError

from scorekeeper.ui.text import INT_MAX, has_control_characters


class BoundedIntConverter(IntegerConverter):
    """``<int:...>``: a whole number that a database integer holds (at most ``INT_MAX``)."""

    def __init__(self, url_map: Map, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", INT_MAX)
        super().__init__(url_map, *args, **kwargs)


class TextConverter(UnicodeConverter):
    """``<name>`` and ``<string:name>``: a path segment without control characters."""

    def to_python(self, value: str) -> str:
        if has_control_characters(value):
            raise ValidationError
        return value


CONVERTERS = {"int": BoundedIntConverter, "default": TextConverter, "string": TextConverter}
