"""CSV for a spreadsheet set to Italian: what Excel and LibreOffice Calc open by a double
click, in columns, with the accents right.

An Italian spreadsheet takes the comma as its decimal sign, so its CSV separates fields
with semicolons; a decimal is written with a comma ("12,50"); the file is UTF-8 with a
byte-order mark (without it Excel reads "Nicolò" as "NicolÃ²"); lines end in CRLF. A
text cell that a spreadsheet would run as a formula is quoted (`csv_cell`); whole numbers
stay numbers (a negative difference is a number, not a formula).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from scorekeeper.leagues.transfer import csv_cell

#: The byte-order mark that tells a spreadsheet the file is UTF-8.
BOM = "\ufeff"
MIMETYPE = "text/csv; charset=utf-8"


def cell(value: object) -> str:
    """One cell: a whole number as it is, a decimal with a comma and two places, text
    guarded against formulas, ``None`` empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:.2f}".replace(".", ",")
    return csv_cell(str(value))


def spreadsheet_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> bytes:
    """The table (its header first) as the bytes of an Italian spreadsheet's CSV."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([cell(text) for text in header])
    writer.writerows([cell(value) for value in row] for row in rows)
    return (BOM + out.getvalue()).encode("utf-8")
