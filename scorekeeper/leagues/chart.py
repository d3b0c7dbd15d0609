"""A player's rating over time, drawn on the server as SVG (no chart script).

No ``style`` attributes (the Content Security Policy forbids them): colours come
from the ``.chart-*`` classes of ``static/css/app.css`` (the game chart's too), so
they follow the theme.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from scorekeeper.leagues.standings import RatingPoint

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
    span_x = WIDTH - PAD_LEFT - PAD_RIGHT
    span_y = HEIGHT - PAD_TOP - PAD_BOTTOM
    count = max(len(values) - 1, 1)

    def xy(i: int, value: int) -> str:
        x = PAD_LEFT + span_x * i / count
        y = PAD_TOP + span_y * (high - value) / (high - low)
        return f"{x:.1f},{y:.1f}"

    line = " ".join(xy(i, v) for i, v in enumerate(values))
    bottom = HEIGHT - PAD_BOTTOM
    right = WIDTH - PAD_RIGHT
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
        f'<line class="chart-axis" x1="{PAD_LEFT}" y1="{bottom}" x2="{right}" y2="{bottom}"/>',
        f'<line class="chart-axis" x1="{PAD_LEFT}" y1="{PAD_TOP}" x2="{PAD_LEFT}" y2="{bottom}"/>',
        _label(PAD_LEFT - 4, PAD_TOP + 4, high),
        _label(PAD_LEFT - 4, bottom, low),
    ]
    if values:
        parts.append(f'<polyline class="chart-line chart-side-0" points="{line}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _label(x: float, y: float, value: int) -> str:
    return f'<text class="chart-label" x="{x}" y="{y}" text-anchor="end">{value}</text>'
