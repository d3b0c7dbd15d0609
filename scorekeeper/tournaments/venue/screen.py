"""The screen at the venue as slides: the round being played (a page of tables at a
time), each girone's table, the bracket, the standings, the prize list and the podium,
each sized to fit a 1920 x 1080 screen read from the back of the hall. The screen
cycles through them by itself (a script; without one, the page reloads on the next)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from scorekeeper.grammar import gettext as _
from scorekeeper.models import utcnow
from scorekeeper.tournaments import pages
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.venue import services as venue

#: Tables of a round on one slide (two columns of six), rows of a table on one slide.
TABLES_A_SLIDE = 12
ROWS_A_SLIDE = 8


@dataclass(frozen=True)
class Slide:
    """One view of the screen: ``kind`` (round, table, bracket, prizes, podium), a key
    that names it across refreshes, its title, and what it shows."""

    kind: str
    key: str
    title: str
    rows: list[pages.MatchRow] = field(default_factory=list)
    table: pages.Table | None = None
    table_rows: list[pages.TableRow] = field(default_factory=list)
    three_rows: list[pages.ThreeTableRow] = field(default_factory=list)


def _parts(items: list[object], size: int) -> list[list[object]]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def _paged(title: str, count: int, index: int) -> str:
    return title if count == 1 else f"{title} ({index}/{count})"


@dataclass(frozen=True)
class Screen:
    """What the screen shows: its slides, and the bracket, podium and prizes they draw."""

    slides: list[Slide]
    bracket: list[pages.BracketRound]
    podium: list[tuple[int, str]]
    prizes: venue.PrizeList


def screen(tournament: Tournament) -> Screen:
    """The screen's slides, in the order it shows them, each read once."""
    made: list[Slide] = []
    podium = pages.podium(tournament)
    if podium:
        made.append(Slide("podium", "podium", _("Podium")))
    for view in pages.current_rounds(pages.round_views(tournament)):
        title = f"{pages.stage_title(view.stage)} · {view.title}"
        parts = _parts(list(view.rows), TABLES_A_SLIDE)
        for index, part in enumerate(parts, start=1):
            made.append(
                Slide(
                    "round",
                    f"round-{view.round.id}-{index}",
                    _paged(title, len(parts), index),
                    rows=part,  # type: ignore[arg-type]
                )
            )
    for number, table in enumerate(pages.tables(tournament), start=1):
        rows: list[object] = list(table.three_rows or table.rows)
        parts = _parts(rows, ROWS_A_SLIDE)
        for index, part in enumerate(parts, start=1):
            three = bool(table.three_rows)
            made.append(
                Slide(
                    "table",
                    f"table-{number}-{index}",
                    _paged(table.title, len(parts), index),
                    table=table,
                    table_rows=[] if three else part,  # type: ignore[arg-type]
                    three_rows=part if three else [],  # type: ignore[arg-type]
                )
            )
    bracket = pages.bracket_rounds(tournament)
    if bracket:
        made.append(Slide("bracket", "bracket", _("Bracket")))
    prizes = venue.prize_list(tournament)
    if prizes.lines:
        made.append(Slide("prizes", "prizes", _("Prize list")))
    return Screen(made, bracket, podium, prizes)


@dataclass(frozen=True)
class ClockView:
    """The round clock as the screen draws it."""

    round_number: int
    running: bool
    left: int
    ends_ms: int | None
    now_ms: int


def clock_view(tournament: Tournament, now: datetime | None = None) -> ClockView | None:
    """The clock of the round being played, if started."""
    found = venue.clock(tournament)
    if found is None:
        return None
    now = now or utcnow()
    ends_ms = int(found.ends_at.timestamp() * 1000) if found.ends_at is not None else None
    return ClockView(
        found.round_number,
        found.running,
        found.seconds_left(now),
        ends_ms,
        int(now.timestamp() * 1000),
    )


def clock_text(view: ClockView) -> str:
    """ "Round 3 · 18:40 left", or "Round 3 · last hand" once the time is up."""
    if view.left <= 0:
        return _("Round %(number)d · last hand", number=view.round_number)
    minutes, seconds = divmod(view.left, 60)
    return _(
        "Round %(number)d · %(time)s left",
        number=view.round_number,
        time=f"{minutes}:{seconds:02d}",
    )
