"""What the players give a game, between the forms that read it and the services that use
it: the settings it starts with, and each hand as entered (stored as ``Hand.mode`` and
``Hand.entry``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.scoring import FORMATS, Rules


@dataclass(frozen=True)
class GameSettings:
    """What the players choose when a game starts.

    ``names`` are in seat order (seats alternate sides); ``first_dealer`` is a
    seat, or ``None`` to draw it at random.
    """

    format_key: str
    names: Sequence[str]
    target: int = 11
    napola: bool = False
    napoleone: bool = False
    re_bello: bool = False
    first_dealer: int | None = None

    def rules(self) -> Rules:
        """The scoring package's `Rules` for these settings (raises `InvalidGame` if none)."""
        return Rules(
            format=FORMATS[self.format_key],
            target=self.target,
            napola=self.napola,
            napoleone=self.napoleone,
            re_bello=self.re_bello,
        )


@dataclass(frozen=True)
class Entry:
    """A hand as entered: the mode and the JSON-able entry (see
    :func:`scorekeeper.games.services.score_entry`)."""

    mode: str
    data: Mapping[str, Any] = field(default_factory=dict)
