"""The values the standings modules hand each other, below all of them but `ratings`.

`ResultRow` is made by `results` (and by an import, the demo, a tournament's result
source) and summed by `rows` and `bulk`; it lives here so that every module that uses it
imports it downwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.leagues.standings.ratings import MODEL


@dataclass
class ResultRow:
    """One player's result in one finished game: the columns of a `LeagueResult` row.

    ``mu`` and ``sigma`` start at the model's defaults until the game is rated.
    """

    league_id: int
    game_id: int
    player_id: int
    played_at: datetime
    side: int
    won: bool
    points_for: int
    points_against: int
    hands: int
    scope: int
    settebello: int
    primiera: int
    napola: int
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
