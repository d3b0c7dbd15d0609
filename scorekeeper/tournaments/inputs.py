"""What an organiser gives a tournament, between the form that reads it and the services
that store it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from scorekeeper.scoring import Rules
from scorekeeper.tournaments.core import ITALIAN, Points, TieBreak
from scorekeeper.tournaments.models import Structure

#: Game formats a tournament plays: one against one (singles), pairs, and three at each
#: table each for themselves (`core.threes`: round-robin or Swiss, never a knockout).
FORMAT_KEYS = ("2", "2x2", "3")


@dataclass(frozen=True)
class StageSetup:
    """How one stage's matches are played: best of ``games`` partite to ``target``
    (a knockout's final: ``final_games`` to ``final_target``, default the same)."""

    games: int = 1
    target: int = 11
    final_games: int | None = None
    final_target: int | None = None
    #: A knockout's semifinals' own target (``None``: the stage's ``target``).
    semifinal_target: int | None = None
    #: Its quarterfinals' and third-place match's own targets, as ``semifinal_target``.
    quarterfinal_target: int | None = None
    third_place_target: int | None = None


@dataclass(frozen=True)
class TournamentSetup:
    """Everything an organiser chooses when creating a tournament.

    ``rules`` is the preset of every game (its target is replaced by each stage's);
    ``stages`` the first stage (groups, round-robin, Swiss, Danish or knockout) and,
    for groups then knockout, the knockout. ``rounds`` is the number of Swiss or
    Danish rounds; ``group_size`` and ``qualifiers`` the groups' size and how many of
    each go through.
    """

    name: str
    held_on: date
    structure: Structure
    rules: Rules
    stages: tuple[StageSetup, ...] = (StageSetup(),)
    tie_break: tuple[TieBreak, ...] = ITALIAN
    points: Points = field(default_factory=Points)
    entry_fee_cents: int = 0
    is_public: bool = False
    #: Whether a result entered by one side awaits the other side's confirmation (the
    #: new-tournament form offers it on; here off, as every tournament before it).
    needs_confirmation: bool = False
    league_id: int | None = None
    rounds: int | None = None
    group_size: int = 4
    qualifiers: int = 2
    third_place: bool = False
    #: The lead a partita is won by ("ai 15 con 2 di scarto": 2; 0: none).
    margin: int = 0
