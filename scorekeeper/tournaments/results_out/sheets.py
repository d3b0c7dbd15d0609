"""A tournament's results as a spreadsheet set to Italian reads them (`spreadsheet`):
every standings table as the page shows it, one line a side, with the reason of each
decided tie in words, and the podium once the tournament is over. The headers and the
words are in the page's language; the figures are numbers a spreadsheet can add up."""

from __future__ import annotations

from scorekeeper.grammar import gettext as _
from scorekeeper.tournaments import pages
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.results_out.spreadsheet import spreadsheet_csv


def _average(points: int, played: int) -> float | None:
    """Game points per match played (a decimal, written with a comma), or none."""
    return points / played if played else None


def standings_sheet(tournament: Tournament) -> bytes:
    """The standings tables, then the podium, as an Italian spreadsheet's CSV."""
    by_number = pages.names(tournament)
    tables = pages.tables(tournament)
    three = any(table.three_rows for table in tables)
    if three:
        header = [
            _("Standings table"),
            _("Place"),
            _("Entrant"),
            _("Club"),
            _("Points"),
            _("Played"),
            _("First places"),
            _("Second places"),
            _("Third places"),
            _("Byes"),
            _("Game points"),
            _("Game points per match"),
            _("Tie-break"),
        ]
    else:
        header = [
            _("Standings table"),
            _("Place"),
            _("Entrant"),
            _("Club"),
            _("Points"),
            _("Played"),
            _("Won"),
            _("Drawn"),
            _("Lost"),
            _("Partite won"),
            _("Points scored"),
            _("Points conceded"),
            _("Point difference"),
            _("Game points per match"),
            _("Tie-break"),
        ]
    rows: list[list[object]] = []
    for table in tables:
        for three_row in table.three_rows:
            s3 = three_row.standing
            club = by_number[s3.entrant].club if s3.entrant in by_number else ""
            rows.append(
                [
                    table.title,
                    s3.rank,
                    three_row.name,
                    club,
                    s3.points,
                    s3.played,
                    s3.firsts,
                    s3.seconds,
                    s3.thirds,
                    s3.byes,
                    s3.points_for,
                    _average(s3.points_for, s3.played),
                    three_row.reason,
                ]
            )
        for row in table.rows:
            s = row.standing
            club = by_number[s.entrant].club if s.entrant in by_number else ""
            rows.append(
                [
                    table.title,
                    s.rank,
                    row.name,
                    club,
                    s.points,
                    s.played,
                    s.won,
                    s.drawn,
                    s.lost,
                    s.partite_won,
                    s.points_for,
                    s.points_against,
                    s.difference,
                    _average(s.points_for, s.played),
                    row.reason,
                ]
            )
    for place, name in pages.podium(tournament):
        rows.append([_("Podium"), place, name, *[None] * (len(header) - 3)])
    return spreadsheet_csv(header, rows)
