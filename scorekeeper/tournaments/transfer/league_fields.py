"""What the league file's tournaments are made of: their key in the file, the choices
and limits of their fields, and the checks of one choice or optional number."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.leagues.transfer import ImportRefused, json_int
from scorekeeper.scoring import TARGET_RANGE
from scorekeeper.scoring.errors import N_
from scorekeeper.tournaments import core
from scorekeeper.tournaments.models import Status, Structure

#: The key of a league file that holds the league's tournaments.
LEAGUE_KEY = "tournaments"
#: Most tournaments one league file carries.
MAX_TOURNAMENTS = 200
#: Most rounds of one tournament a file carries.
ROUNDS_LIMIT = 64
#: The codes a tournament's structure, status and tie-break steps go by in the file.
STRUCTURES = tuple(structure.value for structure in Structure)
STATUSES = tuple(status.value for status in Status)
TIE_BREAKS = tuple(step.value for step in core.TieBreak)
#: The lowest and highest target of a stage or a match.
TARGETS = (TARGET_RANGE.start, TARGET_RANGE.stop - 1)
#: A knockout stage's own targets per round: written only when set (a file of a knockout
#: with none reads as before them), read when given.
ROUND_TARGETS = ("quarterfinal_target", "semifinal_target", "third_place_target")


def optional_int(value: Any, where: str, low: int, high: int) -> int | None:
    """``None``, or a whole number from ``low`` to ``high`` (`json_int`)."""
    return None if value is None else json_int(value, where, low, high)


def choice(value: Any, where: str, choices: Sequence[str]) -> str:
    """``value`` if it is one of the ``choices``."""
    if value not in choices or not isinstance(value, str):
        raise ImportRefused(where, N_("must be one of %(choices)s"), choices=", ".join(choices))
    return value
