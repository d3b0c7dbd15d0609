"""What a tournament may be: the game formats it plays, its limits, and the kinds and
shapes of its stages (read from its settings; nothing stored is read here)."""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.tournaments import core
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import StageKind, Structure, Tournament

#: The 3-player format's key.
THREE = "3"
#: Longest match: the best of this many partite.
GAMES_MAX = 9
#: Most entries a tournament takes.
ENTRIES_MAX = 256
#: Most rounds of a Swiss or Danish stage.
ROUNDS_MAX = 30

_FIRST_STAGE = {
    Structure.GROUPS_KNOCKOUT: StageKind.GROUPS,
    Structure.ROUND_ROBIN: StageKind.GROUPS,
    Structure.SWISS: StageKind.SWISS,
    Structure.DANISH: StageKind.DANISH,
    Structure.KNOCKOUT: StageKind.KNOCKOUT,
    Structure.ROTATING: StageKind.ROTATING,
    Structure.CLUBS: StageKind.CLUBS,
}
#: The stages played in a number of rounds the organiser sets.
ROUND_KINDS = (StageKind.SWISS, StageKind.DANISH, StageKind.ROTATING, StageKind.CLUBS)


def is_three(tournament: Tournament) -> bool:
    """Whether ``tournament`` plays the 3-player format (three at each table)."""
    return tournament.format_key == THREE


def is_rotating(tournament: Tournament) -> bool:
    """Whether ``tournament`` is individual with rotating partners (players entered alone)."""
    return tournament.structure == Structure.ROTATING.value


def is_clubs(tournament: Tournament) -> bool:
    """Whether ``tournament`` is club against club."""
    return tournament.structure == Structure.CLUBS.value


def stage_kinds(structure: Structure) -> list[StageKind]:
    """The kinds of the stages of ``structure``, in order."""
    first = _FIRST_STAGE[structure]
    return [first, StageKind.KNOCKOUT] if structure is Structure.GROUPS_KNOCKOUT else [first]


class StageShape(NamedTuple):
    """A stage's rounds (Swiss, Danish), its groups' size and their qualifiers (groups);
    None where the stage has no such setting."""

    rounds: int | None
    group_size: int | None
    qualifiers: int | None


def stage_shape(
    structure: Structure, kind: StageKind, chosen: StageShape, *, everything: bool = True
) -> StageShape:
    """The shape a stage of ``kind`` in a ``structure`` tournament has, from the settings
    ``chosen``: a Swiss or Danish stage's rounds, a groups stage's size and qualifiers (a
    single round-robin is one group of everyone), nothing for a knockout.

    Raises `TournamentRefused` naming the setting out of range; with ``everything`` (a
    stored stage, as a league file carries it) also a setting the stage does not have,
    or a round-robin not made of one group of everyone, under the key ``stage_shape``.
    """
    shape = StageShape(None, None, None)
    if kind in ROUND_KINDS:
        if chosen.rounds is None or chosen.rounds not in range(1, ROUNDS_MAX + 1):
            raise TournamentRefused("rounds_range", "rounds")
        shape = StageShape(chosen.rounds, None, None)
    elif kind is StageKind.GROUPS and structure is Structure.GROUPS_KNOCKOUT:
        size = chosen.group_size
        if size is None or size not in range(3, 9):
            raise TournamentRefused("group_size_range", "group_size")
        if chosen.qualifiers not in range(1, size):
            raise TournamentRefused("qualifiers_range", "qualifiers")
        shape = StageShape(None, chosen.group_size, chosen.qualifiers)
    elif kind is StageKind.GROUPS:
        shape = StageShape(None, ENTRIES_MAX, None)  # a single round-robin
    if everything:
        for name, value in shape._asdict().items():
            if getattr(chosen, name) != value:
                raise TournamentRefused("stage_shape", name)
    return shape


def most_rounds(tournament: Tournament, count: int) -> int:
    """The most Swiss or Danish rounds ``count`` entrants can play without a rematch: one
    against each of the others (``count - 1``, or ``count`` with a bye each round), or
    at tables of three `core.most_rounds`."""
    if is_three(tournament):
        return core.most_rounds(count)
    if is_rotating(tournament):
        return core.most_rotating_rounds(count)
    return count - 1 + count % 2
