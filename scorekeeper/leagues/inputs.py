"""What an owner gives a league, between the form that reads it and the services that
store it."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.scoring import Rules


@dataclass(frozen=True)
class LeagueSetup:
    """What an owner chooses for a league: its name, visibility, the default rules of
    its games, and whether results need the other side's confirmation."""

    name: str
    is_public: bool
    rules: Rules
    requires_confirmation: bool = False
