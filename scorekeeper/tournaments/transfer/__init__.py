"""A tournament's data out: its entrants, its matches (round, table, sides, each
partita's totals, the result) and its standings, as JSON and as CSV tables; and a
league's tournaments as a part of the league's own file (`LEAGUE_PART`), exported with
the league and imported with it into a new one, checked before anything is written.

The export says the same in every language: stages, structures and tie-break reasons
go out by their codes, entrants by their drawn number (and their names). A name that
a spreadsheet would run as a formula is quoted in the CSV (`csv_cell`).

The package is split by job, each module importing only those below it (the
import-linter contract in pyproject.toml):

- `league_file`: the league file's part (`LEAGUE_PART`): out, checked, in;
- `csv_tables`: the CSV tables (entrants, matches, standings);
- `export`: the JSON export, and the standings tables the page and the CSV show;
- `league_export`: a league's tournaments as its file carries them;
- `league_check`: a tournament of the file checked (settings, entries, entrants);
- `league_check_stages`: its stages checked (as the structure has them);
- `league_check_rounds`: its rounds and matches checked (sides, partite, results);
- `league_write`: the checked tournaments written into the new league;
- `league_fields`: the file's key, the choices and limits of its fields.
"""

from scorekeeper.tournaments.transfer.csv_tables import (
    CSV_TABLES,
    csv_table,
    entrants_csv,
    matches_csv,
    standings_csv,
)
from scorekeeper.tournaments.transfer.export import (
    FORMAT,
    VERSION,
    StandingsTable,
    export_data,
    standings_tables,
)
from scorekeeper.tournaments.transfer.league_check import check_league_part
from scorekeeper.tournaments.transfer.league_export import league_part
from scorekeeper.tournaments.transfer.league_fields import (
    LEAGUE_KEY,
    MAX_TOURNAMENTS,
    ROUNDS_LIMIT,
    STATUSES,
    STRUCTURES,
    TIE_BREAKS,
)
from scorekeeper.tournaments.transfer.league_file import LEAGUE_PART
from scorekeeper.tournaments.transfer.league_write import write_league_part

__all__ = [
    "CSV_TABLES",
    "FORMAT",
    "LEAGUE_KEY",
    "LEAGUE_PART",
    "MAX_TOURNAMENTS",
    "ROUNDS_LIMIT",
    "STATUSES",
    "STRUCTURES",
    "TIE_BREAKS",
    "VERSION",
    "StandingsTable",
    "check_league_part",
    "csv_table",
    "entrants_csv",
    "export_data",
    "league_part",
    "matches_csv",
    "standings_csv",
    "standings_tables",
    "write_league_part",
]
