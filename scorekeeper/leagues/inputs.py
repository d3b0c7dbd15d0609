"""What an owner gives a league, between the form that reads it and the services that
store it."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.scoring import Rules


@dataclass(frozen=True)
class LeagueSetup:
    """What an owner chooses for a league: its name, visibility and the default rules
    of its games."""

    name: str
    is_public: bool
    rules: Rules
