"""A hand as the players entered it, between the forms that read it and the services that
store it (the stored ``Hand.mode`` and ``Hand.entry``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Entry:
    """A hand as entered: the mode and the JSON-able entry (see
    :func:`scorekeeper.games.services.score_entry`)."""

    mode: str
    data: Mapping[str, Any] = field(default_factory=dict)
