"""A player's rating over time (`scorekeeper.ui.chart` draws it as SVG)."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from scorekeeper.leagues.standings import RatingPoint
from scorekeeper.ui.chart import Frame, Label, Series, line_chart

WIDTH = 320
HEIGHT = 160
PAD_LEFT = 40
PAD_RIGHT = 8
PAD_TOP = 10
PAD_BOTTOM = 20
#: At most this many points are drawn; longer histories are thinned evenly.
MAX_POINTS = 200


def rating_chart(points: Sequence[RatingPoint], title: str) -> Markup:
    """A line through the rating after each game, with the lowest and highest marked.

    ``title`` is the chart's accessible name (it also says the latest rating).
    """
    if len(points) > MAX_POINTS:
        step = (len(points) - 1) / (MAX_POINTS - 1)
        points = [points[round(i * step)] for i in range(MAX_POINTS)]
    values = [p.rating for p in points]
    low, high = min(values, default=0), max(values, default=0)
    if high == low:
        low, high = low - 10, high + 10
    count = max(len(values) - 1, 1)
    frame = Frame(WIDTH, HEIGHT, PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM, count, low, high)
    series = [Series(list(enumerate(values)), "chart-side-0")] if values else []
    labels = [
        Label(PAD_LEFT - 4, PAD_TOP + 4, str(high)),
        Label(PAD_LEFT - 4, HEIGHT - PAD_BOTTOM, str(low)),
    ]
    return line_chart(frame, series, title, labels)
