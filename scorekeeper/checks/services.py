"""The checkers' use cases: read what the grid sent, ask the scoring package, report."""

from __future__ import annotations

from dataclasses import dataclass

from werkzeug.datastructures import MultiDict

from scorekeeper.checks.grid import GridSide, grid_sides, read_grid, side_labels
from scorekeeper.scoring import Card, Primiera, PrimieraContest, contest


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
