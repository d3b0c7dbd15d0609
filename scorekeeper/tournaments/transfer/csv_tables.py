"""A tournament's export as CSV tables: its entrants, its matches and its standings. A
name that a spreadsheet would run as a formula is quoted (`csv_cell`)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from typing import Any

from scorekeeper.leagues.transfer import csv_cell
from scorekeeper.tournaments import core, services
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.transfer.export import (
    StandingsTable,
    group_letter,
    matches_part,
    standings_part,
    standings_tables,
)

#: The CSV tables of an export, by the name in their address.
CSV_TABLES = ("entrants", "matches", "standings")
_MATCH_COLUMNS = (
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
)
#: The matches table's columns of a 3-player tournament's third side.
_THIRD_COLUMNS = ("third", "third_names", "wins_third", "points_third")
_STANDING_COLUMNS = (
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
)
#: What a 3-player table counts of each entrant.
_THREE_FIELDS = ("played", "firsts", "seconds", "thirds", "byes", "points", "points_for")


def _csv(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A table as CSV text, its header first."""
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
                group_letter(row.group_index) or "",
            ]
            for row in services.entrants(tournament)
        ],
    )


def matches_csv(tournament: Tournament) -> str:
    """The matches: where and when, the sides, each partita's totals, the result."""
    name = _namer(tournament)
    three = services.is_three(tournament)
    rows = [_match_line(match, name, three=three) for match in matches_part(tournament)]
    return _csv([*_MATCH_COLUMNS, *(_THIRD_COLUMNS if three else ())], rows)


def _namer(tournament: Tournament) -> Callable[[int | None], str]:
    """The cell of an entrant's names by number, safe in a spreadsheet ("" for none)."""
    by_number = {row.number: row for row in services.entrants(tournament)}

    def name(number: int | None) -> str:
        return csv_cell(by_number[number].name) if number is not None else ""

    return name


def _match_line(
    match: dict[str, Any], name: Callable[[int | None], str], *, three: bool
) -> list[Any]:
    """The line of one match of the JSON export (`matches_part`)."""
    result = match["result"] or {}
    wins, points = result.get("wins", ["", ""]), result.get("points", ["", ""])
    return [
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
        *(_third_cells(match, result, name) if three else []),
    ]


def _third_cells(
    match: dict[str, Any], result: dict[str, Any], name: Callable[[int | None], str]
) -> list[Any]:
    """The third side's cells of a match of three: number, names, wins and points."""
    third = match.get("third")
    three_wins, three_points = result.get("wins", []), result.get("points", [])
    return [
        third or "",
        name(third),
        three_wins[2] if len(three_wins) == 3 else "",
        three_points[2] if len(three_points) == 3 else "",
    ]


def standings_csv(tournament: Tournament) -> str:
    """The standings, table after table (``group`` empty: the whole stage); a 3-player
    table counts first, second and third places and byes."""
    name = _namer(tournament)
    if services.is_three(tournament):
        return _csv(
            ["stage", "group", "rank", "entrant", "names", *_THREE_FIELDS],
            [
                [
                    table["stage"],
                    "",
                    row["rank"],
                    row["entrant"],
                    name(row["entrant"]),
                    *(row[f] for f in _THREE_FIELDS),
                ]
                for table in standings_part(tournament)
                for row in table["rows"]
            ],
        )
    rows = [
        _standing_line(table, row, name)
        for table in standings_tables(tournament)
        for row in table.rows
    ]
    return _csv(_STANDING_COLUMNS, rows)


def _standing_line(
    table: StandingsTable, row: core.Standing, name: Callable[[int | None], str]
) -> list[Any]:
    """The line of one entrant of a table of matches of two."""
    return [
        table.stage,
        table.group or "",
        row.rank,
        row.entrant,
        name(row.entrant),
        row.played,
        row.won,
        row.drawn,
        row.lost,
        row.points,
        row.points_for,
        row.points_against,
        row.ahead.code if row.ahead is not None else "",
    ]


def csv_table(tournament: Tournament, table: str) -> str:
    """One of `CSV_TABLES` as CSV."""
    return {"entrants": entrants_csv, "matches": matches_csv, "standings": standings_csv}[table](
        tournament
    )
