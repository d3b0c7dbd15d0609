"""What the players give a game when it starts, between the form that reads it and the
services that use it. Each hand as entered is the scoring package's typed entry
(:class:`~scorekeeper.scoring.CardsEntry` or :class:`~scorekeeper.scoring.CountsEntry`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.scoring import Rules


@dataclass(frozen=True)
class GameSetup:
    """What the players choose when a game starts: the rules, and what is not a rule.

    ``names`` are in seat order (seats alternate sides); ``first_dealer`` is a
    seat, or ``None`` to draw it at random; ``requires_confirmation``: each hand
    entered by one side awaits the other side(s)' confirmation.
    """

    rules: Rules
    names: Sequence[str]
    first_dealer: int | None = None
    requires_confirmation: bool = False
