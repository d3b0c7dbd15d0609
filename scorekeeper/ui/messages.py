"""The scoring package's input errors in the user's language.

The scoring package reports a problem as a code, a field and parameters with
an English template marked for extraction (``N_``); this is the one place that
turns it into the words shown next to a field or returned by the API.

An error's ``field`` is a path: ``""`` for the hand as a whole, a group such as
``"settebello"``, or a side's field (``"sides[1].denari"``, ``"sides[0].cards[3]"`` for
one card), which :meth:`SidePath.parse` reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.grammar import gettext, ngettext
from scorekeeper.scoring import InputError


def error_message(error: InputError) -> str:
    """The error's message, translated into the current locale; a message that says a
    count in the form the count takes (`InputError.plural`: "al massimo 1 scopa")."""
    params = {k: str(v) for k, v in error.params.items()}
    counted = error.plural
    if counted is not None:
        plural, count = counted
        return ngettext(error.template, plural, count, **params)
    return gettext(error.template, **params)


def messages_by_field(errors: Iterable[InputError]) -> dict[str, list[str]]:
    """Translated messages grouped by field path (``""`` for the hand as a whole)."""
    grouped: dict[str, list[str]] = {}
    for error in errors:
        grouped.setdefault(error.field, []).append(error_message(error))
    return grouped


#: A side's numbers in a hand entered as counts: each is a field of its own on every form.
SIDE_NUMBERS = ("cards", "denari", "scope", "napola_run")

_SIDE_PATH = re.compile(r"sides\[(\d+)\]\.(\w+)(?:\[(\d+)\])?")


@dataclass(frozen=True)
class SidePath:
    """An error path into one side: ``sides[0].cards[3]`` is side 0, ``cards``, item 3."""

    side: int
    name: str
    item: int | None = None

    @classmethod
    def parse(cls, path: str) -> SidePath | None:
        """The side path ``path`` is, or ``None`` (the hand as a whole, a group)."""
        match = _SIDE_PATH.fullmatch(path)
        if match is None:
            return None
        item = match.group(3)
        return cls(int(match.group(1)), match.group(2), int(item) if item is not None else None)
