"""The scoring package's input errors in the user's language.

The scoring package reports a problem as a code, a field and parameters with
an English template marked for extraction (``N_``); this is the one place that
turns it into the words shown next to a field or returned by the API.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask_babel import gettext

from scorekeeper.scoring import InputError


def error_message(error: InputError) -> str:
    """The error's message, translated into the current locale."""
    message: str = gettext(error.template, **{k: str(v) for k, v in error.params.items()})
    return message


def messages_by_field(errors: Iterable[InputError]) -> dict[str, list[str]]:
    """Translated messages grouped by field path (``""`` for the hand as a whole)."""
    grouped: dict[str, list[str]] = {}
    for error in errors:
        grouped.setdefault(error.field, []).append(error_message(error))
    return grouped
