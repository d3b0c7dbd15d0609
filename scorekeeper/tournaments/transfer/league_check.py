"""The league file's tournaments checked before anything is written: every field's type
and range, the rules and structure, entries and the draw's entrants (their stages:
`league_check_stages`; their rounds and matches: `league_check_rounds`). A refusal
(`ImportRefused`) names the part that is wrong and says why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.leagues.transfer import (
    ImportRefused,
    json_bool,
    json_date,
    json_int,
    json_list,
    json_name,
    json_object,
)
from scorekeeper.scoring import InvalidGame, Rules
from scorekeeper.scoring.errors import N_
from scorekeeper.tournaments import core, services
from scorekeeper.tournaments.models import CLUB_MAX, StageKind, Status, Structure
from scorekeeper.tournaments.services import ENTRIES_MAX
from scorekeeper.tournaments.transfer.league_check_rounds import check_rounds
from scorekeeper.tournaments.transfer.league_check_stages import check_stages
from scorekeeper.tournaments.transfer.league_fields import (
    LEAGUE_KEY,
    MAX_TOURNAMENTS,
    STATUSES,
    STRUCTURES,
    TIE_BREAKS,
    choice,
    optional_int,
)

_TOURNAMENT_KEYS = frozenset(
    (
        "name",
        "held_on",
        "structure",
        "rules",
        "tie_break",
        "points",
        "entry_fee_cents",
        "public",
        "seed",
        "status",
        "stages",
        "entries",
        "entrants",
        "rounds",
    )
)
_POINTS_KEYS = frozenset(("win", "draw", "loss", "bye"))
_ENTRY_KEYS = frozenset(("names", "club", "seed", "withdrawn"))
_ENTRANT_KEYS = frozenset(("number", "names", "club", "seed", "group", "place", "withdrawn_rounds"))
_SEED_MAX = 2**63 - 1


def check_league_part(value: Any, games_in_file: int) -> list[dict[str, Any]]:
    """The tournaments of a league file, checked (`FilePart.check`): every field's type
    and range, stages as the structure has them, entrants, rounds and matches that name
    entrants of the draw (a third side exactly at the 3-player format's tables), each of
    the file's games played in one match at most, results that end their match. Raises
    `ImportRefused` naming the part that is wrong."""
    used: set[int] = set()
    items = json_list(value, LEAGUE_KEY, MAX_TOURNAMENTS)
    return [
        _check_tournament(item, f"{LEAGUE_KEY}[{i}]", games_in_file, used)
        for i, item in enumerate(items)
    ]


def _check_tournament(item: Any, where: str, games_in_file: int, used: set[int]) -> dict[str, Any]:
    """One tournament of the file, checked, as `write_league_part` stores it."""
    spec = json_object(item, where, _TOURNAMENT_KEYS)
    for key in _TOURNAMENT_KEYS:
        if key not in spec:
            raise ImportRefused(f"{where}.{key}", N_("is missing"))
    rules = _check_rules(spec["rules"], f"{where}.rules")
    three = rules.format.key == services.THREE
    structure = _check_structure(spec["structure"], f"{where}.structure", three)
    status, seed = _check_status(spec, where)
    tie_break = _check_tie_break(spec["tie_break"], f"{where}.tie_break")
    points = _check_points(spec["points"], f"{where}.points")
    singles = rules.format.players_per_side == 1
    entrants = _check_entrants(spec["entrants"], f"{where}.entrants", singles)
    return {
        "name": json_name(spec["name"], f"{where}.name"),
        "held_on": json_date(spec["held_on"], f"{where}.held_on"),
        "structure": structure.value,
        "rules": rules,
        "tie_break": tie_break,
        "points": points,
        "entry_fee_cents": json_int(spec["entry_fee_cents"], f"{where}.entry_fee_cents", 0, 10**7),
        "public": json_bool(spec["public"], f"{where}.public"),
        "seed": seed,
        "status": status,
        "stages": check_stages(spec["stages"], f"{where}.stages", structure, entrants, three),
        "entries": _check_entries(spec["entries"], f"{where}.entries", singles),
        "entrants": entrants,
        "rounds": check_rounds(
            spec["rounds"],
            f"{where}.rounds",
            len(spec["stages"]),
            entrants,
            games_in_file,
            used,
            three,
        ),
    }


def _check_rules(value: Any, where: str) -> Rules:
    """The rules, as the games take them, of a format the tournaments play."""
    try:
        rules = Rules.from_json(value)
    except InvalidGame as err:
        raise ImportRefused(
            where, N_("the rules refuse these settings (%(problem)s)"), problem=err
        ) from err
    choice(rules.format.key, f"{where}.format", services.FORMAT_KEYS)
    return rules


def _check_structure(value: Any, where: str, three: bool) -> Structure:
    """The structure (with no knockout for the 3-player format)."""
    structure = Structure(choice(value, where, STRUCTURES))
    if three:
        try:
            core.check_three_stages(StageKind.KNOCKOUT in services.stage_kinds(structure))
        except core.TournamentError as err:
            raise ImportRefused(where, N_("a 3-player tournament has no knockout")) from err
    return structure


def _check_status(spec: Mapping[str, Any], where: str) -> tuple[str, int | None]:
    """The status, and the draw's seed (there once the tournament is drawn)."""
    status = choice(spec["status"], f"{where}.status", STATUSES)
    seed = optional_int(spec["seed"], f"{where}.seed", 0, _SEED_MAX)
    if seed is None and status != Status.SETUP.value:
        raise ImportRefused(f"{where}.seed", N_("is missing"))
    return status, seed


def _check_tie_break(value: Any, where: str) -> list[Any]:
    """The tie-break chain: known steps, none twice."""
    tie_break = json_list(value, where, len(TIE_BREAKS))
    for j, code in enumerate(tie_break):
        choice(code, f"{where}[{j}]", TIE_BREAKS)
    if len(set(tie_break)) != len(tie_break):
        raise ImportRefused(where, N_("a step appears twice"))
    return tie_break


def _check_points(value: Any, where: str) -> tuple[int, int, int, int]:
    """The match points of a win, a draw, a loss (in that order, down) and a bye."""
    points = json_object(value, where, _POINTS_KEYS)
    win, draw, loss, bye = (
        json_int(points.get(key), f"{where}.{key}", 0, 99) for key in ("win", "draw", "loss", "bye")
    )
    if not win >= draw >= loss:
        raise ImportRefused(where, N_("points for a win, a draw, a loss out of order"))
    return win, draw, loss, bye


def _check_entries(value: Any, where: str, singles: bool) -> list[dict[str, Any]]:
    """The entry list."""
    return [
        _check_entry(entry, f"{where}[{j}]", singles)
        for j, entry in enumerate(json_list(value, where, ENTRIES_MAX))
    ]


def _check_entry(item: Any, where: str, singles: bool) -> dict[str, Any]:
    """One entry: names, club, seed, withdrawn."""
    entry = json_object(item, where, _ENTRY_KEYS)
    return {
        "names": _names(entry.get("names"), f"{where}.names", singles),
        "club": _club(entry.get("club"), f"{where}.club"),
        "seed": optional_int(entry.get("seed"), f"{where}.seed", 1, ENTRIES_MAX),
        "withdrawn": json_bool(entry.get("withdrawn"), f"{where}.withdrawn"),
    }


def _check_entrants(value: Any, where: str, singles: bool) -> dict[int, dict[str, Any]]:
    """The draw's entrants by number: names, club, seed, and a group with a place in it."""
    found: dict[int, dict[str, Any]] = {}
    for j, item in enumerate(json_list(value, where, ENTRIES_MAX)):
        at = f"{where}[{j}]"
        entrant = json_object(item, at, _ENTRANT_KEYS)
        number = json_int(entrant.get("number"), f"{at}.number", 1, ENTRIES_MAX)
        if number in found:
            raise ImportRefused(f"{at}.number", N_("an entrant appears twice"))
        group = optional_int(entrant.get("group"), f"{at}.group", 0, ENTRIES_MAX)
        place = optional_int(entrant.get("place"), f"{at}.place", 0, ENTRIES_MAX)
        if (group is None) != (place is None):
            raise ImportRefused(
                f"{at}.place", N_("a group needs a place in it, and a place a group")
            )
        found[number] = {
            "number": number,
            "names": _names(entrant.get("names"), f"{at}.names", singles),
            "club": _club(entrant.get("club"), f"{at}.club"),
            "seed": optional_int(entrant.get("seed"), f"{at}.seed", 1, ENTRIES_MAX),
            "group": group,
            "place": place,
            "withdrawn_rounds": optional_int(
                entrant.get("withdrawn_rounds"), f"{at}.withdrawn_rounds", 1, 10_000
            ),
        }
    return found


def _names(value: Any, where: str, singles: bool) -> tuple[str, ...]:
    """A single's name, or a pair's one or two."""
    names = json_list(value, where, 1 if singles else 2)
    if not names:
        raise ImportRefused(where, N_("must be a list"))
    return tuple(json_name(name, f"{where}[{j}]") for j, name in enumerate(names))


def _club(value: Any, where: str) -> str:
    """A club's name (empty for none)."""
    if not isinstance(value, str) or len(value) > CLUB_MAX:
        raise ImportRefused(
            where, N_("must be text of at most %(maximum)s characters"), maximum=CLUB_MAX
        )
    return value
