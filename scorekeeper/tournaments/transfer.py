"""A tournament's data out: its entrants, its matches (round, table, sides, each
partita's totals, the result) and its standings, as JSON and as CSV tables.

The export says the same in every language: stages, structures and tie-break reasons
go out by their codes, entrants by their drawn number (and their names). A name that
a spreadsheet would run as a formula is quoted in the CSV (`csv_cell`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.games import services as games
from scorekeeper.leagues.transfer import csv_cell
from scorekeeper.tournaments import core, services
from scorekeeper.tournaments.models import Entrant, StageKind, Tournament

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
    if first.kind == StageKind.KNOCKOUT.value:
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
            second = match.second
            found.append(
                {
                    "stage": stage.number,
                    "stage_kind": stage.kind,
                    "round": round_.number,
                    "table": match.table_number,
                    "group": _group_letter(match.group_index),
                    "first": match.first.number,
                    "second": second.number if second is not None else None,
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
                        "wins": [result.wins_first, result.wins_second],
                        "points": [result.points_first, result.points_second],
                        "winner": _number_of(match, result.winner_id),
                        "by_hand": result.by_hand,
                    },
                }
            )
    return found


def _number_of(match: Any, entrant_id: int | None) -> int | None:
    if entrant_id is None:
        return None
    if entrant_id == match.first_id:
        return int(match.first.number)
    return int(match.second.number)


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
        "standings": [
            {
                "stage": table.stage,
                "group": table.group,
                "rows": [_standing(row) for row in table.rows],
            }
            for table in standings_tables(tournament)
        ],
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

    rows = []
    for match in _matches(tournament):
        result = match["result"] or {}
        wins, points = result.get("wins", ["", ""]), result.get("points", ["", ""])
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
            ]
        )
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
        ],
        rows,
    )


def standings_csv(tournament: Tournament) -> str:
    """The standings, table after table (``group`` empty: the whole stage)."""
    by_number = {row.number: row for row in services.entrants(tournament)}
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
