"""A tournament's data out: its entrants, its matches (round, table, sides, each
partita's totals, the result) and its standings, as JSON and as CSV tables; and a
league's tournaments as a part of the league's own file (`LEAGUE_PART`), exported with
the league and imported with it into a new one, checked before anything is written.

The export says the same in every language: stages, structures and tie-break reasons
go out by their codes, entrants by their drawn number (and their names). A name that
a spreadsheet would run as a formula is quoted in the CSV (`csv_cell`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.models import Game
from scorekeeper.leagues import standings as league_standings
from scorekeeper.leagues.models import League
from scorekeeper.leagues.transfer import (
    FilePart,
    ImportRefused,
    csv_cell,
    json_bool,
    json_date,
    json_int,
    json_list,
    json_name,
    json_object,
)
from scorekeeper.scoring import TARGET_RANGE, InvalidGame, Rules
from scorekeeper.scoring.errors import N_
from scorekeeper.tournaments import core, services
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.inputs import FORMAT_KEYS
from scorekeeper.tournaments.models import (
    CLUB_MAX,
    Entrant,
    Entry,
    Match,
    MatchGame,
    MatchResult,
    Member,
    Role,
    Round,
    Stage,
    StageKind,
    Status,
    Structure,
    Tournament,
)
from scorekeeper.tournaments.services import ENTRIES_MAX

#: The CSV tables of an export, by the name in their address.
CSV_TABLES = ("entrants", "matches", "standings")
#: What the JSON export says it is.
FORMAT = "scorekeeper-tournament"
VERSION = 1


@dataclass(frozen=True)
class StandingsTable:
    """One table of the standings: of a stage, or of one of its groups (``group`` A, B...)."""

    stage: int
    group: str | None
    rows: tuple[core.Standing, ...]


def _group_letter(index: int | None) -> str | None:
    if index is None:
        return None
    return chr(ord("A") + index) if index < 26 else str(index + 1)


def standings_tables(tournament: Tournament) -> list[StandingsTable]:
    """The tables the standings page shows: each group's and all groups' of a groups
    stage before a knockout, else the whole table (none for a knockout alone, or
    before the draw)."""
    if tournament.seed is None or not services.entrants(tournament):
        return []
    first = tournament.stages[0]
    if first.kind == StageKind.KNOCKOUT.value or services.is_three(tournament):
        return []
    tables = []
    if first.kind == StageKind.GROUPS.value and len(tournament.stages) > 1:
        tables = [
            StandingsTable(first.number, _group_letter(index), rows)
            for index, rows in enumerate(services.group_standings(tournament, first))
        ]
    tables.append(StandingsTable(first.number, None, services.standings(tournament, stage=first)))
    return tables


def _entrant(row: Entrant) -> dict[str, Any]:
    return {
        "number": row.number,
        "names": list(row.names),
        "club": row.club,
        "seed": row.seed,
        "group": _group_letter(row.group_index),
    }


def _matches(tournament: Tournament) -> list[dict[str, Any]]:
    """Every match so far, stage by stage and round by round, byes included."""
    found = []
    for stage, round_ in services.rounds(tournament):
        for match in services.matches(round_):
            result = services.result_of(match)
            played = [] if match.is_bye else services.match_games(match)
            second, third = match.second, match.third
            found.append(
                {
                    "stage": stage.number,
                    "stage_kind": stage.kind,
                    "round": round_.number,
                    "table": match.table_number,
                    "group": _group_letter(match.group_index),
                    "first": match.first.number,
                    "second": second.number if second is not None else None,
                    **({"third": third.number} if third is not None else {}),
                    "best_of": match.games,
                    "target": match.target,
                    "games": [
                        {
                            "number": number,
                            "totals": list(games.stored_state(game).totals),
                            "winner": game.winner_side,
                        }
                        for number, game in enumerate(played, start=1)
                    ],
                    "result": None
                    if result is None
                    else {
                        "wins": list(result.wins),
                        "points": list(result.points),
                        "winner": _number_of(match, result.winner_id),
                        "by_hand": result.by_hand,
                    },
                }
            )
    return found


def _number_of(match: Match, entrant_id: int | None) -> int | None:
    if entrant_id is None:
        return None
    for side in (match.first, match.second, match.third):
        if side is not None and side.id == entrant_id:
            return int(side.number)
    return None


def _three_standing(row: core.ThreeStanding) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "entrant": row.entrant,
        "played": row.played,
        "firsts": row.firsts,
        "seconds": row.seconds,
        "thirds": row.thirds,
        "byes": row.byes,
        "points": row.points,
        "points_for": row.points_for,
    }


def _standings_part(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings of the JSON export (a 3-player table counts places)."""
    if services.is_three(tournament):
        if tournament.seed is None or not services.entrants(tournament):
            return []
        first = tournament.stages[0]
        rows = services.three_standings(tournament, first)
        return [{"stage": first.number, "group": None, "rows": [_three_standing(r) for r in rows]}]
    return [
        {
            "stage": table.stage,
            "group": table.group,
            "rows": [_standing(row) for row in table.rows],
        }
        for table in standings_tables(tournament)
    ]


def _standing(row: core.Standing) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "entrant": row.entrant,
        "played": row.played,
        "won": row.won,
        "drawn": row.drawn,
        "lost": row.lost,
        "points": row.points,
        "points_for": row.points_for,
        "points_against": row.points_against,
        "ahead": None if row.ahead is None else {"code": row.ahead.code, **dict(row.ahead.params)},
    }


def export_data(tournament: Tournament) -> dict[str, Any]:
    """The whole tournament as JSON-ready data."""
    league = services.league_of(tournament)
    champion = services.winner(tournament)
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            "name": tournament.name,
            "held_on": tournament.held_on.isoformat(),
            "structure": tournament.structure,
            "format": tournament.format_key,
            "status": tournament.status,
            "seed": tournament.seed,
            "league": league.public_id if league is not None else None,
            "tie_break": list(tournament.tie_break),
            "points": {
                "win": tournament.points_win,
                "draw": tournament.points_draw,
                "loss": tournament.points_loss,
                "bye": tournament.points_bye,
            },
            "entry_fee_cents": tournament.entry_fee_cents,
        },
        "stages": [
            {
                "number": stage.number,
                "kind": stage.kind,
                "best_of": stage.games,
                "target": stage.target,
                "final_best_of": stage.final_games,
                "final_target": stage.final_target,
            }
            for stage in tournament.stages
        ],
        "entrants": [_entrant(row) for row in services.entrants(tournament)],
        "matches": _matches(tournament),
        "standings": _standings_part(tournament),
        "winner": champion.number if champion is not None else None,
    }


def _csv(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def entrants_csv(tournament: Tournament) -> str:
    """The entrants: number, names, club, seed, group."""
    return _csv(
        ["number", "first_name", "second_name", "club", "seed", "group"],
        [
            [
                row.number,
                csv_cell(row.first_name),
                csv_cell(row.second_name or ""),
                csv_cell(row.club),
                row.seed or "",
                _group_letter(row.group_index) or "",
            ]
            for row in services.entrants(tournament)
        ],
    )


def matches_csv(tournament: Tournament) -> str:
    """The matches: where and when, the sides, each partita's totals, the result."""
    by_number = {row.number: row for row in services.entrants(tournament)}

    def name(number: int | None) -> str:
        return csv_cell(by_number[number].name) if number is not None else ""

    three = services.is_three(tournament)
    rows = []
    for match in _matches(tournament):
        result = match["result"] or {}
        wins, points = result.get("wins", ["", ""]), result.get("points", ["", ""])
        thirds: list[Any] = []
        if three:
            third = match.get("third")
            three_wins, three_points = result.get("wins", []), result.get("points", [])
            thirds = [
                third or "",
                name(third),
                three_wins[2] if len(three_wins) == 3 else "",
                three_points[2] if len(three_points) == 3 else "",
            ]
        rows.append(
            [
                match["stage"],
                match["stage_kind"],
                match["round"],
                match["table"] or "",
                match["group"] or "",
                match["first"],
                name(match["first"]),
                match["second"] or "",
                name(match["second"]),
                " ".join("-".join(str(t) for t in game["totals"]) for game in match["games"]),
                wins[0],
                wins[1],
                points[0],
                points[1],
                result.get("winner") or "",
                name(result.get("winner")),
                *thirds,
            ]
        )
    extra = ["third", "third_names", "wins_third", "points_third"] if three else []
    return _csv(
        [
            "stage",
            "stage_kind",
            "round",
            "table",
            "group",
            "first",
            "first_names",
            "second",
            "second_names",
            "games",
            "wins_first",
            "wins_second",
            "points_first",
            "points_second",
            "winner",
            "winner_names",
            *extra,
        ],
        rows,
    )


def standings_csv(tournament: Tournament) -> str:
    """The standings, table after table (``group`` empty: the whole stage); a 3-player
    table counts first, second and third places and byes."""
    by_number = {row.number: row for row in services.entrants(tournament)}
    if services.is_three(tournament):
        lines = _standings_part(tournament)
        fields = ["played", "firsts", "seconds", "thirds", "byes", "points", "points_for"]
        return _csv(
            ["stage", "group", "rank", "entrant", "names", *fields],
            [
                [
                    table["stage"],
                    "",
                    row["rank"],
                    row["entrant"],
                    csv_cell(by_number[row["entrant"]].name),
                    *(row[f] for f in fields),
                ]
                for table in lines
                for row in table["rows"]
            ],
        )
    rows = [
        [
            table.stage,
            table.group or "",
            row.rank,
            row.entrant,
            csv_cell(by_number[row.entrant].name),
            row.played,
            row.won,
            row.drawn,
            row.lost,
            row.points,
            row.points_for,
            row.points_against,
            row.ahead.code if row.ahead is not None else "",
        ]
        for table in standings_tables(tournament)
        for row in table.rows
    ]
    return _csv(
        [
            "stage",
            "group",
            "rank",
            "entrant",
            "names",
            "played",
            "won",
            "drawn",
            "lost",
            "points",
            "points_for",
            "points_against",
            "ahead_by",
        ],
        rows,
    )


def csv_table(tournament: Tournament, table: str) -> str:
    """One of `CSV_TABLES` as CSV."""
    return {"entrants": entrants_csv, "matches": matches_csv, "standings": standings_csv}[table](
        tournament
    )


# The league file's part: a league's tournaments, to import elsewhere ------------------

#: The key of a league file that holds the league's tournaments.
LEAGUE_KEY = "tournaments"
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
_STAGE_KEYS = frozenset(
    (
        "kind",
        "best_of",
        "target",
        "final_best_of",
        "final_target",
        "rounds",
        "group_size",
        "qualifiers",
        "third_place",
        "lines",
    )
)
_ENTRY_KEYS = frozenset(("names", "club", "seed", "withdrawn"))
_ENTRANT_KEYS = frozenset(("number", "names", "club", "seed", "group", "place"))
_ROUND_KEYS = frozenset(("stage", "number", "matches"))
_MATCH_KEYS = frozenset(
    ("table", "slot", "group", "first", "second", "third", "best_of", "target", "games", "result")
)
_RESULT_KEYS = frozenset(("wins", "points", "winner", "by_hand"))
_SEED_MAX = 2**63 - 1


def league_part(league: League, positions: Mapping[int, int]) -> list[dict[str, Any]]:
    """The league's tournaments as its file carries them (`FilePart.export`): settings,
    stages, entries, the draw's entrants and seed, every round's matches (a table of
    three with its ``third`` side) with their partite (by their place in the file's
    games) and results (a value per side: two, or three at a table of three)."""
    found = db.session.scalars(
        select(Tournament).where(Tournament.league_id == league.id).order_by(Tournament.id)
    )
    return [_tournament_part(tournament, positions) for tournament in found]


def _names_part(row: Entry | Entrant) -> dict[str, Any]:
    return {"names": list(row.names), "club": row.club, "seed": row.seed}


def _tournament_part(tournament: Tournament, positions: Mapping[int, int]) -> dict[str, Any]:
    stage_numbers = {stage.id: stage.number for stage in tournament.stages}
    number_of = {row.id: row.number for row in services.entrants(tournament)}
    return {
        "name": tournament.name,
        "held_on": tournament.held_on.isoformat(),
        "structure": tournament.structure,
        "rules": tournament.rules.to_json(),
        "tie_break": list(tournament.tie_break),
        "points": {
            "win": tournament.points_win,
            "draw": tournament.points_draw,
            "loss": tournament.points_loss,
            "bye": tournament.points_bye,
        },
        "entry_fee_cents": tournament.entry_fee_cents,
        "public": tournament.is_public,
        "seed": tournament.seed,
        "status": tournament.status,
        "stages": [
            {
                "kind": stage.kind,
                "best_of": stage.games,
                "target": stage.target,
                "final_best_of": stage.final_games,
                "final_target": stage.final_target,
                "rounds": stage.rounds,
                "group_size": stage.group_size,
                "qualifiers": stage.qualifiers,
                "third_place": stage.third_place,
                "lines": stage.lines,
            }
            for stage in tournament.stages
        ],
        "entries": [
            {**_names_part(row), "withdrawn": row.withdrawn} for row in services.entries(tournament)
        ],
        "entrants": [
            {
                "number": row.number,
                **_names_part(row),
                "group": row.group_index,
                "place": row.group_place,
            }
            for row in services.entrants(tournament)
        ],
        "rounds": [
            {
                "stage": stage_numbers[stage.id],
                "number": round_.number,
                "matches": [
                    _match_part(match, number_of, positions) for match in services.matches(round_)
                ],
            }
            for stage, round_ in services.rounds(tournament)
        ],
    }


def _match_part(
    match: Match, number_of: Mapping[int, int], positions: Mapping[int, int]
) -> dict[str, Any]:
    result = services.result_of(match)
    return {
        "table": match.table_number,
        "slot": match.slot,
        "group": match.group_index,
        "first": number_of[match.first_id],
        "second": number_of[match.second_id] if match.second_id is not None else None,
        **({"third": number_of[match.third_id]} if match.third_id is not None else {}),
        "best_of": match.games,
        "target": match.target,
        "games": [positions[game.id] for game in services.match_games(match)],
        "result": None
        if result is None
        else {
            "wins": list(result.wins),
            "points": list(result.points),
            "winner": number_of[result.winner_id] if result.winner_id is not None else None,
            "by_hand": result.by_hand,
        },
    }


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


#: Most tournaments one league file carries.
MAX_TOURNAMENTS = 200


def _choice(value: Any, where: str, choices: Sequence[str]) -> str:
    if value not in choices or not isinstance(value, str):
        raise ImportRefused(where, N_("must be one of %(choices)s"), choices=", ".join(choices))
    return value


def _optional_int(value: Any, where: str, low: int, high: int) -> int | None:
    return None if value is None else json_int(value, where, low, high)


def _names(value: Any, where: str, singles: bool) -> tuple[str, ...]:
    names = json_list(value, where, 1 if singles else 2)
    if not names:
        raise ImportRefused(where, N_("must be a list"))
    return tuple(json_name(name, f"{where}[{j}]") for j, name in enumerate(names))


def _club(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) > CLUB_MAX:
        raise ImportRefused(
            where, N_("must be text of at most %(maximum)s characters"), maximum=CLUB_MAX
        )
    return value


def _check_tournament(item: Any, where: str, games_in_file: int, used: set[int]) -> dict[str, Any]:
    spec = json_object(item, where, _TOURNAMENT_KEYS)
    for key in _TOURNAMENT_KEYS:
        if key not in spec:
            raise ImportRefused(f"{where}.{key}", N_("is missing"))
    try:
        rules = Rules.from_json(spec["rules"])
    except InvalidGame as err:
        raise ImportRefused(
            f"{where}.rules", N_("the rules refuse these settings (%(problem)s)"), problem=err
        ) from err
    _choice(rules.format.key, f"{where}.rules.format", FORMAT_KEYS)
    three = rules.format.key == services.THREE
    structure = Structure(_choice(spec["structure"], f"{where}.structure", STRUCTURES))
    if three:
        try:
            core.check_three_stages(StageKind.KNOCKOUT in services.stage_kinds(structure))
        except core.TournamentError as err:
            raise ImportRefused(
                f"{where}.structure", N_("a 3-player tournament has no knockout")
            ) from err
    status = _choice(spec["status"], f"{where}.status", STATUSES)
    seed = _optional_int(spec["seed"], f"{where}.seed", 0, _SEED_MAX)
    if seed is None and status != Status.SETUP.value:
        raise ImportRefused(f"{where}.seed", N_("is missing"))
    tie_break = json_list(spec["tie_break"], f"{where}.tie_break", len(TIE_BREAKS))
    for j, code in enumerate(tie_break):
        _choice(code, f"{where}.tie_break[{j}]", TIE_BREAKS)
    if len(set(tie_break)) != len(tie_break):
        raise ImportRefused(f"{where}.tie_break", N_("a step appears twice"))
    points = json_object(spec["points"], f"{where}.points", _POINTS_KEYS)
    win, draw, loss, bye = (
        json_int(points.get(key), f"{where}.points.{key}", 0, 99)
        for key in ("win", "draw", "loss", "bye")
    )
    if not win >= draw >= loss:
        raise ImportRefused(f"{where}.points", N_("points for a win, a draw, a loss out of order"))
    singles = rules.format.players_per_side == 1
    entrants = _check_entrants(spec["entrants"], f"{where}.entrants", singles)
    return {
        "name": json_name(spec["name"], f"{where}.name"),
        "held_on": json_date(spec["held_on"], f"{where}.held_on"),
        "structure": structure.value,
        "rules": rules,
        "tie_break": tie_break,
        "points": (win, draw, loss, bye),
        "entry_fee_cents": json_int(spec["entry_fee_cents"], f"{where}.entry_fee_cents", 0, 10**7),
        "public": json_bool(spec["public"], f"{where}.public"),
        "seed": seed,
        "status": status,
        "stages": _check_stages(spec["stages"], f"{where}.stages", structure, entrants, three),
        "entries": [
            _check_entry(entry, f"{where}.entries[{j}]", singles)
            for j, entry in enumerate(json_list(spec["entries"], f"{where}.entries", ENTRIES_MAX))
        ],
        "entrants": entrants,
        "rounds": _check_rounds(
            spec["rounds"],
            f"{where}.rounds",
            len(spec["stages"]),
            entrants,
            games_in_file,
            used,
            three,
        ),
    }


def _check_entry(item: Any, where: str, singles: bool) -> dict[str, Any]:
    entry = json_object(item, where, _ENTRY_KEYS)
    return {
        "names": _names(entry.get("names"), f"{where}.names", singles),
        "club": _club(entry.get("club"), f"{where}.club"),
        "seed": _optional_int(entry.get("seed"), f"{where}.seed", 1, ENTRIES_MAX),
        "withdrawn": json_bool(entry.get("withdrawn"), f"{where}.withdrawn"),
    }


def _check_entrants(value: Any, where: str, singles: bool) -> dict[int, dict[str, Any]]:
    found: dict[int, dict[str, Any]] = {}
    for j, item in enumerate(json_list(value, where, ENTRIES_MAX)):
        at = f"{where}[{j}]"
        entrant = json_object(item, at, _ENTRANT_KEYS)
        number = json_int(entrant.get("number"), f"{at}.number", 1, ENTRIES_MAX)
        if number in found:
            raise ImportRefused(f"{at}.number", N_("an entrant appears twice"))
        group = _optional_int(entrant.get("group"), f"{at}.group", 0, ENTRIES_MAX)
        place = _optional_int(entrant.get("place"), f"{at}.place", 0, ENTRIES_MAX)
        if (group is None) != (place is None):
            raise ImportRefused(
                f"{at}.place", N_("a group needs a place in it, and a place a group")
            )
        found[number] = {
            "number": number,
            "names": _names(entrant.get("names"), f"{at}.names", singles),
            "club": _club(entrant.get("club"), f"{at}.club"),
            "seed": _optional_int(entrant.get("seed"), f"{at}.seed", 1, ENTRIES_MAX),
            "group": group,
            "place": place,
        }
    return found


def _check_stages(
    value: Any, where: str, structure: Structure, entrants: Mapping[int, Any], three: bool
) -> list[dict[str, Any]]:
    kinds = services.stage_kinds(structure)
    items = json_list(value, where, len(kinds))
    if len(items) != len(kinds):
        raise ImportRefused(where, N_("the structure has %(count)s stages"), count=len(kinds))
    stages = []
    for j, (kind, item) in enumerate(zip(kinds, items, strict=True)):
        at = f"{where}[{j}]"
        stage = json_object(item, at, _STAGE_KEYS)
        _choice(stage.get("kind"), f"{at}.kind", (kind.value,))
        lines = stage.get("lines")
        if lines is not None:
            for k, line in enumerate(json_list(lines, f"{at}.lines", ENTRIES_MAX * 2)):
                if line is not None and (type(line) is not int or line not in entrants):
                    raise ImportRefused(f"{at}.lines[{k}]", N_("not an entrant of this tournament"))
        if three:
            for key in ("best_of", "final_best_of"):
                if stage.get(key) != 1:
                    raise ImportRefused(f"{at}.{key}", N_("a table of three plays one partita"))
        shape = services.StageShape(
            _optional_int(stage.get("rounds"), f"{at}.rounds", 1, services.ROUNDS_MAX),
            _optional_int(stage.get("group_size"), f"{at}.group_size", 2, ENTRIES_MAX),
            _optional_int(stage.get("qualifiers"), f"{at}.qualifiers", 1, ENTRIES_MAX),
        )
        try:
            services.stage_shape(structure, kind, shape)
        except TournamentRefused as refused:
            raise ImportRefused(f"{at}.{refused.field}", _SHAPE_REASONS[refused.key]) from None
        stages.append(
            {
                "kind": kind.value,
                "games": json_int(stage.get("best_of"), f"{at}.best_of", 1, services.GAMES_MAX),
                "target": json_int(stage.get("target"), f"{at}.target", *_TARGETS),
                "final_games": json_int(
                    stage.get("final_best_of"), f"{at}.final_best_of", 1, services.GAMES_MAX
                ),
                "final_target": json_int(
                    stage.get("final_target"), f"{at}.final_target", *_TARGETS
                ),
                **shape._asdict(),
                "third_place": json_bool(stage.get("third_place"), f"{at}.third_place"),
                "lines": lines,
            }
        )
    return stages


#: Why a stage's shape is refused (`services.stage_shape`'s keys), as the import says it.
_SHAPE_REASONS = {
    "rounds_range": N_("from 1 to 30 rounds"),
    "group_size_range": N_("groups of 3 to 8"),
    "qualifiers_range": N_("fewer qualifiers than the size of a group"),
    "stage_shape": N_("not what a stage of this kind in this structure has"),
}


def _check_rounds(
    value: Any,
    where: str,
    stages: int,
    entrants: Mapping[int, Any],
    games_in_file: int,
    used: set[int],
    three: bool,
) -> list[dict[str, Any]]:
    rounds = []
    seen: set[tuple[int, int]] = set()
    for j, item in enumerate(json_list(value, where, ROUNDS_LIMIT)):
        at = f"{where}[{j}]"
        round_ = json_object(item, at, _ROUND_KEYS)
        stage = json_int(round_.get("stage"), f"{at}.stage", 1, stages)
        number = json_int(round_.get("number"), f"{at}.number", 1, ROUNDS_LIMIT)
        if (stage, number) in seen:
            raise ImportRefused(f"{at}.number", N_("a round appears twice"))
        seen.add((stage, number))
        matches = json_list(round_.get("matches"), f"{at}.matches", ENTRIES_MAX)
        tables: set[int] = set()
        slots: set[int] = set()
        checked = []
        for k, match in enumerate(matches):
            one = _check_match(match, f"{at}.matches[{k}]", entrants, games_in_file, used, three)
            if one["table"] in tables or one["slot"] in slots:
                raise ImportRefused(f"{at}.matches[{k}]", N_("two matches at one table or slot"))
            if one["table"] is not None:
                tables.add(one["table"])
            if one["slot"] is not None:
                slots.add(one["slot"])
            checked.append(one)
        rounds.append({"stage": stage, "number": number, "matches": checked})
    return rounds


def _check_match(
    item: Any,
    where: str,
    entrants: Mapping[int, Any],
    games_in_file: int,
    used: set[int],
    three: bool,
) -> dict[str, Any]:
    """One match of a round: its sides entrants of the draw (a third at a table of the
    3-player format, none at a bye), its games the file's, its result one that ends it."""
    match = json_object(item, where, _MATCH_KEYS)
    first = _entrant_number(match.get("first"), f"{where}.first", entrants)
    second = None
    if match.get("second") is not None:
        second = _entrant_number(match.get("second"), f"{where}.second", entrants)
    if first == second:
        raise ImportRefused(f"{where}.second", N_("an entrant cannot meet itself"))
    third = _check_third(match, where, entrants, three, (first, second))
    table = _optional_int(match.get("table"), f"{where}.table", 1, ENTRIES_MAX)
    if (table is None) != (second is None):
        raise ImportRefused(f"{where}.table", N_("a match has a table, a bye none"))
    best_of = json_int(match.get("best_of"), f"{where}.best_of", 1, services.GAMES_MAX)
    if three and best_of != 1:
        raise ImportRefused(f"{where}.best_of", N_("a table of three plays one partita"))
    partite = json_list(match.get("games"), f"{where}.games", best_of)
    for k, position in enumerate(partite):
        if type(position) is not int or not 0 <= position < games_in_file:
            raise ImportRefused(f"{where}.games[{k}]", N_("not a game of this file"))
        if position in used:
            raise ImportRefused(f"{where}.games[{k}]", N_("a game is played in two matches"))
        used.add(position)
    if second is None and partite:
        raise ImportRefused(f"{where}.games", N_("a bye has no games"))
    return {
        "table": table,
        "slot": _optional_int(match.get("slot"), f"{where}.slot", 0, ENTRIES_MAX),
        "group": _optional_int(match.get("group"), f"{where}.group", 0, ENTRIES_MAX),
        "first": first,
        "second": second,
        "third": third,
        "games": best_of,
        "target": json_int(match.get("target"), f"{where}.target", *_TARGETS),
        "partite": partite,
        "result": _check_result(
            match.get("result"), f"{where}.result", (first, second, third), best_of
        ),
        "where": where,
    }


def _check_third(
    match: Mapping[str, Any],
    where: str,
    entrants: Mapping[int, Any],
    three: bool,
    others: tuple[int, int | None],
) -> int | None:
    """The third side of a match: there exactly at a table of the 3-player format (not
    at its byes, never in a tournament of two sides), an entrant not seated twice."""
    at = f"{where}.third"
    if not three:
        if "third" in match:
            raise ImportRefused(at, N_("only a 3-player tournament has a third side"))
        return None
    if others[1] is None:
        if match.get("third") is not None:
            raise ImportRefused(at, N_("a bye has no third side"))
        return None
    if match.get("third") is None:
        raise ImportRefused(at, N_("is missing"))
    third = _entrant_number(match["third"], at, entrants)
    if third in others:
        raise ImportRefused(at, N_("an entrant cannot meet itself"))
    return third


def _entrant_number(value: Any, where: str, entrants: Mapping[int, Any]) -> int:
    if type(value) is not int or value not in entrants:
        raise ImportRefused(where, N_("not an entrant of this tournament"))
    return value


def _check_result(
    value: Any, where: str, sides: tuple[int, int | None, int | None], best_of: int
) -> dict[str, Any] | None:
    """A match's result: partite won and game points per side (three at a table of
    three, else two), and the winner they give."""
    if value is None:
        return None
    first, second, third = sides
    count = 2 if third is None else 3
    result = json_object(value, where, _RESULT_KEYS)
    wins = json_list(result.get("wins"), f"{where}.wins", count)
    points = json_list(result.get("points"), f"{where}.points", count)
    if len(wins) != count or len(points) != count:
        if count == 3:
            raise ImportRefused(where, N_("wins and points are three numbers each"))
        raise ImportRefused(where, N_("wins and points are two numbers each"))
    wins = [json_int(w, f"{where}.wins[{k}]", 0, best_of) for k, w in enumerate(wins)]
    points = [json_int(p, f"{where}.points[{k}]", 0, 99_999) for k, p in enumerate(points)]
    winner = result.get("winner")
    if second is None:
        expected: int | None = first
    elif third is not None:
        expected = (first, second, third)[_three_winner(wins, points, where)]
    else:
        try:
            score = core.MatchLength(best_of).score([0] * wins[0] + [1] * wins[1])
        except core.TournamentError as err:
            raise ImportRefused(f"{where}.wins", N_("this result does not end the match")) from err
        if not score.is_over:
            raise ImportRefused(f"{where}.wins", N_("this result does not end the match"))
        expected = None if score.winner is None else (first, second)[score.winner]
    if winner != expected or isinstance(winner, bool):
        raise ImportRefused(f"{where}.winner", N_("not the winner these wins give"))
    return {
        "wins": tuple(wins),
        "points": tuple(points),
        "winner": winner,
        "by_hand": json_bool(result.get("by_hand"), f"{where}.by_hand"),
    }


def _three_winner(wins: Sequence[int], points: Sequence[int], where: str) -> int:
    """The side that won a table of three (`core.three_winner`, as a result entered by
    hand has it)."""
    try:
        return core.three_winner(wins, points)
    except core.ThreeResultError as error:
        if error.field == "wins":
            message = N_("one side wins the table's one partita")
        else:
            message = N_("the table's winner has the most game points")
        raise ImportRefused(f"{where}.{error.field}", message) from error


def write_league_part(
    league_id: int, tournaments: Sequence[dict[str, Any]], game_ids: Sequence[int], owner_id: int
) -> None:
    """Store the checked tournaments of a league file in the new league (`FilePart.write`),
    ``owner_id`` their organiser; a match's games are the new games at their places in
    the file. A match whose result was entered by hand then counts in the league as its
    result (`services.league_results`): its games' rows are written again and the
    league re-rated and its standings rebuilt once."""
    by_hand = [
        game_ids[position]
        for spec in tournaments
        for round_ in spec["rounds"]
        for match in round_["matches"]
        if match["result"] is not None and match["result"]["by_hand"]
        for position in match["partite"]
    ]
    for spec in tournaments:
        _write_tournament(league_id, spec, game_ids, owner_id)
    db.session.flush()
    if by_hand:
        for game_id in by_hand:
            league_standings.write_results(db.session.get_one(Game, game_id))
        league_standings.rebuild(league_id)
    db.session.flush()


def _write_tournament(
    league_id: int, spec: Mapping[str, Any], game_ids: Sequence[int], owner_id: int
) -> None:
    """One checked tournament of a league file, stored in the league."""
    win, draw, loss, bye = spec["points"]
    tournament = Tournament(
        name=spec["name"],
        held_on=spec["held_on"],
        organiser_id=owner_id,
        league_id=league_id,
        structure=spec["structure"],
        tie_break=spec["tie_break"],
        points_win=win,
        points_draw=draw,
        points_loss=loss,
        points_bye=bye,
        entry_fee_cents=spec["entry_fee_cents"],
        is_public=spec["public"],
        seed=spec["seed"],
        status=spec["status"],
    )
    tournament.rules = spec["rules"]
    db.session.add(tournament)
    db.session.flush()
    db.session.add(Member(tournament_id=tournament.id, user_id=owner_id, role=Role.ORGANISER.key))
    stages = [
        Stage(tournament_id=tournament.id, number=n, **s) for n, s in enumerate(spec["stages"], 1)
    ]
    db.session.add_all(stages)
    db.session.add_all(
        Entry(
            tournament_id=tournament.id,
            position=position,
            first_name=entry["names"][0],
            second_name=entry["names"][1] if len(entry["names"]) == 2 else None,
            club=entry["club"],
            seed=entry["seed"],
            withdrawn=entry["withdrawn"],
        )
        for position, entry in enumerate(spec["entries"], start=1)
    )
    entrants = {
        number: Entrant(
            tournament_id=tournament.id,
            number=number,
            first_name=entrant["names"][0],
            second_name=entrant["names"][1] if len(entrant["names"]) == 2 else None,
            club=entrant["club"],
            seed=entrant["seed"],
            group_index=entrant["group"],
            group_place=entrant["place"],
        )
        for number, entrant in spec["entrants"].items()
    }
    db.session.add_all(entrants.values())
    db.session.flush()
    for round_spec in spec["rounds"]:
        round_ = Round(
            tournament_id=tournament.id,
            stage_id=stages[round_spec["stage"] - 1].id,
            number=round_spec["number"],
        )
        db.session.add(round_)
        db.session.flush()
        for match_spec in round_spec["matches"]:
            _write_match(tournament, round_, match_spec, entrants, game_ids)


def _write_match(
    tournament: Tournament,
    round_: Round,
    spec: Mapping[str, Any],
    entrants: Mapping[int, Entrant],
    game_ids: Sequence[int],
) -> None:
    second, third = spec["second"], spec["third"]
    match = Match(
        tournament_id=tournament.id,
        round_id=round_.id,
        table_number=spec["table"],
        slot=spec["slot"],
        group_index=spec["group"],
        first_id=entrants[spec["first"]].id,
        second_id=entrants[second].id if second is not None else None,
        third_id=entrants[third].id if third is not None else None,
        format_key=tournament.format_key,
        games=spec["games"],
        target=spec["target"],
    )
    db.session.add(match)
    db.session.flush()
    for number, position in enumerate(spec["partite"], start=1):
        game = db.session.get_one(Game, game_ids[position])
        if game.format_key != tournament.format_key:
            raise ImportRefused(
                f"{spec['where']}.games[{number - 1}]", N_("a game of another format")
            )
        game.tournament_id = tournament.id
        db.session.add(MatchGame(match_id=match.id, game_id=game.id, number=number))
    result = spec["result"]
    if result is not None:
        winner, wins, points = result["winner"], result["wins"], result["points"]
        db.session.add(
            MatchResult(
                match_id=match.id,
                winner_id=entrants[winner].id if winner is not None else None,
                wins_first=wins[0],
                wins_second=wins[1],
                wins_third=wins[2] if len(wins) == 3 else None,
                points_first=points[0],
                points_second=points[1],
                points_third=points[2] if len(points) == 3 else None,
                by_hand=result["by_hand"],
            )
        )


#: The league file's part of a league's tournaments, registered by `scorekeeper.tournaments.games`.
LEAGUE_PART = FilePart(LEAGUE_KEY, league_part, check_league_part, write_league_part)
STRUCTURES = tuple(structure.value for structure in Structure)
STATUSES = tuple(status.value for status in Status)
TIE_BREAKS = tuple(step.value for step in core.TieBreak)
_TARGETS = (TARGET_RANGE.start, TARGET_RANGE.stop - 1)
#: Most rounds of one tournament a file carries.
ROUNDS_LIMIT = 64
