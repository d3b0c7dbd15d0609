"""What an owner gives a league, between the form that reads it and the services that
store it."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.scoring import FORMATS, Rules


@dataclass(frozen=True)
class LeagueSettings:
    """What an owner chooses for a league: its name, visibility and default rules."""

    name: str
    is_public: bool
    format: str
    target: int
    napola: bool
    re_bello: bool
    napoleone: bool

    def rules(self) -> Rules:
        """The scoring package's `Rules` for these defaults (validates them)."""
        return Rules(
            format=FORMATS[self.format],
            target=self.target,
            napola=self.napola,
            re_bello=self.re_bello,
            napoleone=self.napoleone,
        )
