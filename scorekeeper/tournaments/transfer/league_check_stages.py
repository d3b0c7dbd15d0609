"""The stages of a league file's tournament checked: those its structure has, in order,
each with its match lengths and targets, its shape (`services.stage_shape`, as the
tournament form applies it) and a knockout's lines of entrants of the draw."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.leagues.transfer import ImportRefused, json_bool, json_int, json_list, json_object
from scorekeeper.scoring.errors import N_, N_plural
from scorekeeper.tournaments import services
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import StageKind, Structure
from scorekeeper.tournaments.services import ENTRIES_MAX
from scorekeeper.tournaments.transfer.league_fields import (
    ROUND_TARGETS,
    TARGETS,
    choice,
    optional_int,
)

_STAGE_KEYS = frozenset(
    (
        "kind",
        "best_of",
        "target",
        "final_best_of",
        "final_target",
        *ROUND_TARGETS,
        "rounds",
        "group_size",
        "qualifiers",
        "third_place",
        "lines",
    )
)
#: Why a stage's shape is refused (`services.stage_shape`'s keys), as the import says it.
_SHAPE_REASONS = {
    "rounds_range": N_("from 1 to 30 rounds"),
    "group_size_range": N_("groups of 3 to 8"),
    "qualifiers_range": N_("fewer qualifiers than the size of a group"),
    "stage_shape": N_("not what a stage of this kind in this structure has"),
}


def check_stages(
    value: Any, where: str, structure: Structure, entrants: Mapping[int, Any], three: bool
) -> list[dict[str, Any]]:
    """The stages ``structure`` has, checked (a table of three plays one partita)."""
    kinds = services.stage_kinds(structure)
    items = json_list(value, where, len(kinds))
    if len(items) != len(kinds):
        stages = N_plural("the structure has %(count)s stage", "the structure has %(count)s stages")
        raise ImportRefused(where, stages, count=len(kinds))
    return [
        _check_stage(item, f"{where}[{j}]", structure, kind, entrants, three)
        for j, (kind, item) in enumerate(zip(kinds, items, strict=True))
    ]


def _check_stage(
    item: Any,
    at: str,
    structure: Structure,
    kind: StageKind,
    entrants: Mapping[int, Any],
    three: bool,
) -> dict[str, Any]:
    """One stage of ``kind``: its lines, its match lengths and targets, its shape."""
    stage = json_object(item, at, _STAGE_KEYS)
    choice(stage.get("kind"), f"{at}.kind", (kind.value,))
    lines = stage.get("lines")
    if lines is not None:
        _check_lines(lines, f"{at}.lines", entrants)
    if three:
        for key in ("best_of", "final_best_of"):
            if stage.get(key) != 1:
                raise ImportRefused(f"{at}.{key}", N_("a table of three plays one partita"))
    shape = _check_shape(stage, at, structure, kind)
    return {
        "kind": kind.value,
        "games": json_int(stage.get("best_of"), f"{at}.best_of", 1, services.GAMES_MAX),
        "target": json_int(stage.get("target"), f"{at}.target", *TARGETS),
        "final_games": json_int(
            stage.get("final_best_of"), f"{at}.final_best_of", 1, services.GAMES_MAX
        ),
        "final_target": json_int(stage.get("final_target"), f"{at}.final_target", *TARGETS),
        **{key: optional_int(stage.get(key), f"{at}.{key}", *TARGETS) for key in ROUND_TARGETS},
        **shape._asdict(),
        "third_place": json_bool(stage.get("third_place"), f"{at}.third_place"),
        "lines": lines,
    }


def _check_lines(lines: Any, where: str, entrants: Mapping[int, Any]) -> None:
    """A knockout's lines: entrants of the draw, or empty (``null``: a bye)."""
    for k, line in enumerate(json_list(lines, where, ENTRIES_MAX * 2)):
        if line is not None and (type(line) is not int or line not in entrants):
            raise ImportRefused(f"{where}[{k}]", N_("not an entrant of this tournament"))


def _check_shape(
    stage: Mapping[str, Any], at: str, structure: Structure, kind: StageKind
) -> services.StageShape:
    """The stage's rounds, groups' size and qualifiers: what its kind has in ``structure``."""
    shape = services.StageShape(
        optional_int(stage.get("rounds"), f"{at}.rounds", 1, services.ROUNDS_MAX),
        optional_int(stage.get("group_size"), f"{at}.group_size", 2, ENTRIES_MAX),
        optional_int(stage.get("qualifiers"), f"{at}.qualifiers", 1, ENTRIES_MAX),
    )
    try:
        services.stage_shape(structure, kind, shape)
    except TournamentRefused as refused:
        raise ImportRefused(f"{at}.{refused.field}", _SHAPE_REASONS[refused.key]) from None
    return shape
