"""The checkers' use cases: read what the grid sent, ask the scoring package, report."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from scorekeeper.checks.grid import GridSide, grid_sides, read_grid, side_labels, upper_codes
from scorekeeper.messages import error_message
from scorekeeper.scoring import (
    CaptureOptions,
    Card,
    InvalidPlay,
    Primiera,
    PrimieraContest,
    SumChoice,
    captures,
    contest,
)


@dataclass(frozen=True)
class PrimieraCheck:
    """What the primiera checker shows: the grid as sent and, when valid, each side's primiera.

    ``primiere`` is empty when the input was refused or no card was tapped;
    ``contest`` is set when two or more sides were compared.
    """

    grid: list[GridSide]
    labels: list[str]
    piles: tuple[tuple[Card, ...], ...]
    primiere: tuple[Primiera, ...]
    contest: PrimieraContest | None


def side_names(count: int) -> list[str]:
    """The grid field of each side: ``s0``, ``s1``..."""
    return [f"s{i}" for i in range(count)]


def check_primiera(args: MultiDict[str, str], count: int) -> PrimieraCheck:
    """The primiera of each of ``count`` piles sent in ``args`` and who takes the point."""
    names = side_names(count)
    labels = side_labels(args, count)
    read = read_grid(args, names)
    grid = grid_sides(read, names, labels)
    if read.piles is None or read.empty:
        return PrimieraCheck(grid, labels, (), (), None)
    primiere = tuple(Primiera.of(pile) for pile in read.piles)
    result = contest(primiere) if count > 1 else None
    return PrimieraCheck(grid, labels, read.piles, primiere, result)


@dataclass(frozen=True)
class CaptureCheck:
    """What the capture checker shows: the grid as sent and, when valid, every legal capture.

    ``options`` is ``None`` until the table and exactly one played card are valid.
    """

    grid: list[GridSide]
    options: CaptureOptions | None
    played_missing: bool


TABLE, PLAYED = "table", "played"


def check_capture(
    args: MultiDict[str, str], sum_choice: SumChoice, last_play: bool
) -> CaptureCheck:
    """Every legal capture of the played card sent in ``args`` from the table sent with it."""
    table_read, played_read = read_grid(args, [TABLE]), read_grid(args, [PLAYED])
    table_errors, played_errors = list(table_read.errors[0]), list(played_read.errors[0])
    options = None
    played = played_read.piles[0] if played_read.piles else ()
    if len(played) > 1:
        played_errors.append(gettext("Choose only one card played."))
    elif table_read.piles is not None and len(played) == 1:
        try:
            options = captures(table_read.piles[0], played[0], sum_choice, last_play=last_play)
        except InvalidPlay as invalid:
            table_errors += [error_message(error) for error in invalid.errors]
    grid = [
        GridSide(TABLE, gettext("Table"), upper_codes(table_read.texts[0]), table_errors),
        GridSide(
            PLAYED,
            gettext("Played card"),
            upper_codes(played_read.texts[0]),
            played_errors,
            single=True,
        ),
    ]
    return CaptureCheck(grid, options, played_read.piles is not None and not played)
