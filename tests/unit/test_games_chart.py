"""The server-drawn SVG charts: the totals hand by hand, a player's rating."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

from scorekeeper.games.chart import HEIGHT, PAD_BOTTOM, PAD_LEFT, totals_chart
from scorekeeper.leagues.chart import HEIGHT as RATING_HEIGHT
from scorekeeper.leagues.chart import PAD_BOTTOM as RATING_PAD_BOTTOM
from scorekeeper.leagues.chart import rating_chart
from scorekeeper.leagues.standings import RatingPoint

SVG = "{http://www.w3.org/2000/svg}"


def _points(svg: str, side: int) -> list[tuple[float, float]]:
    root = ET.fromstring(svg)
    for line in root.iter(f"{SVG}polyline"):
        if f"chart-side-{side}" in line.get("class", ""):
            return [tuple(map(float, p.split(","))) for p in line.get("points", "").split()]
    raise AssertionError(f"no line for side {side}")


def test_one_line_per_side_from_zero_through_each_hand() -> None:
    svg = str(totals_chart([(5, 0), (6, 4), (11, 6)], 11, ["Anna", "Bruno"], "Totals"))
    anna, bruno = _points(svg, 0), _points(svg, 1)
    assert len(anna) == len(bruno) == 4  # hand 0 and three hands
    assert anna[0] == bruno[0] == (PAD_LEFT, HEIGHT - PAD_BOTTOM)
    xs = [x for x, _ in anna]
    assert xs == sorted(xs)
    assert len(set(xs)) == 4
    assert anna[-1][1] < bruno[-1][1]  # higher total, higher on the chart (smaller y)
    assert anna[-1][1] == _target_y(svg)  # Anna ends on the target line


def _target_y(svg: str) -> float:
    root = ET.fromstring(svg)
    target = next(e for e in root.iter(f"{SVG}line") if e.get("class") == "chart-target")
    return float(target.get("y1", "nan"))


def test_target_line_and_scale_grow_past_the_target() -> None:
    low = str(totals_chart([(3, 2)], 11, ["A", "B"], "t"))
    high = str(totals_chart([(22, 2)], 11, ["A", "B"], "t"))
    assert _target_y(high) > _target_y(low)  # the scale now reaches 22: the target moves down
    assert _points(high, 0)[-1][1] < _target_y(high)


def test_accessible_escaped_and_without_style() -> None:
    svg = str(totals_chart([(1, 2, 3)], 11, ["<b>", "Bruno", "Carla & Dario"], "Totals <hand>"))
    assert 'role="img"' in svg
    assert "<title" in svg
    assert "&lt;b&gt;" in svg
    assert "Carla &amp; Dario" in svg
    assert "Totals &lt;hand&gt;" in svg
    assert "style" not in svg
    assert len(re.findall("<polyline", svg)) == 3
    ET.fromstring(svg)  # well-formed


def test_empty_game_draws_axes_and_target_only() -> None:
    svg = str(totals_chart([], 21, ["A", "B"], "t"))
    ET.fromstring(svg)
    assert "<circle" not in svg
    assert ">21</text>" in svg


def test_rating_chart_is_drawn_by_the_same_helper() -> None:
    """A player's rating chart: one line, higher ratings higher up, its range labelled."""
    when = datetime(2026, 1, 1, tzinfo=UTC)
    svg = str(rating_chart([RatingPoint(when, r) for r in (1000, 1040, 990)], "Anna <1>"))
    line = _points(svg, 0)
    assert len(line) == 3
    assert line[1][1] < line[0][1] < line[2][1]  # 1040 highest, 990 lowest
    assert line[2][1] == RATING_HEIGHT - RATING_PAD_BOTTOM  # the lowest on the bottom axis
    assert ">1040</text>" in svg
    assert ">990</text>" in svg
    assert "Anna &lt;1&gt;" in svg
    assert "style" not in svg
    assert "<polyline" not in str(rating_chart([], "nobody yet"))
