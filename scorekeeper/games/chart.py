"""The chart of the totals hand by hand, drawn on the server as SVG.

No chart script is downloaded: the board embeds this SVG. It carries no
``style`` attributes (the Content Security Policy forbids inline styles);
colours come from classes in ``static/css/app.css`` so they follow the
light and dark themes.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

WIDTH = 320
HEIGHT = 180
PAD_LEFT = 28
PAD_RIGHT = 8
PAD_TOP = 10
PAD_BOTTOM = 22


def totals_chart(
    running: Sequence[Sequence[int]],
    target: int,
    names: Sequence[str],
    title: str,
) -> Markup:
    """An SVG line per side through its totals after each hand, from 0 at hand 0.

    ``running[k]`` holds the sides' totals after hand ``k + 1``; a dashed line
    marks the ``target``. ``title`` is the chart's accessible name.
    """
    sides = len(names)
    hands = len(running)
    top = max([target, *(total for row in running for total in row)], default=target)
    top = max(top, 1)
    span_x = WIDTH - PAD_LEFT - PAD_RIGHT
    span_y = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(hand: int) -> float:
        return PAD_LEFT + (span_x * hand / hands if hands else 0)

    def y(total: int) -> float:
        return PAD_TOP + span_y * (1 - total / top)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(title)}</title>',
        f'<line class="chart-axis" x1="{PAD_LEFT}" y1="{y(0):.1f}" '
        f'x2="{WIDTH - PAD_RIGHT}" y2="{y(0):.1f}"/>',
        f'<line class="chart-axis" x1="{PAD_LEFT}" y1="{PAD_TOP}" '
        f'x2="{PAD_LEFT}" y2="{y(0):.1f}"/>',
        f'<line class="chart-target" x1="{PAD_LEFT}" y1="{y(target):.1f}" '
        f'x2="{WIDTH - PAD_RIGHT}" y2="{y(target):.1f}"/>',
        f'<text class="chart-label" x="{PAD_LEFT - 4}" y="{y(target) + 4:.1f}" '
        f'text-anchor="end">{target}</text>',
        f'<text class="chart-label" x="{PAD_LEFT - 4}" y="{y(0) + 4:.1f}" '
        'text-anchor="end">0</text>',
        f'<text class="chart-label" x="{WIDTH - PAD_RIGHT}" y="{HEIGHT - 4}" '
        f'text-anchor="end">{hands}</text>',
    ]
    for side in range(sides):
        points = [(x(0), y(0))] + [(x(k + 1), y(row[side])) for k, row in enumerate(running)]
        coords = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        parts.append(
            f'<polyline class="chart-line chart-side-{side}" points="{coords}">'
            f"<title>{escape(names[side])}</title></polyline>"
        )
        if running:
            last_x, last_y = points[-1]
            parts.append(
                f'<circle class="chart-dot chart-side-{side}" cx="{last_x:.1f}" '
                f'cy="{last_y:.1f}" r="3"/>'
            )
    parts.append("</svg>")
    return Markup("".join(parts))
