"""Line charts drawn on the server as SVG (a game's totals, a player's rating): no script.

The SVG carries no ``style`` attributes (the Content Security Policy forbids inline
styles): colours come from the ``.chart-*`` classes of ``static/css/app.css``, so they
follow the light and dark themes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape


@dataclass(frozen=True)
class Frame:
    """The chart's box in pixels (``width`` by ``height``, with its paddings) and the
    data range it shows: ``x`` from 0 to ``x_max``, ``y`` from ``y_low`` (the bottom
    axis) to ``y_high``."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    x_max: float
    y_low: float
    y_high: float

    def x(self, value: float) -> float:
        """The pixel column of ``value`` (the left axis when the range is empty)."""
        span = self.width - self.left - self.right
        return self.left + (span * value / self.x_max if self.x_max else 0)

    def y(self, value: float) -> float:
        """The pixel row of ``value`` (higher values higher up)."""
        span = self.height - self.top - self.bottom
        return self.top + span * (self.y_high - value) / (self.y_high - self.y_low)


@dataclass(frozen=True)
class Series:
    """One line through ``points`` (data units), drawn with the class ``chart-line
    <css>``; ``name`` is its tooltip, ``dot`` marks its last point."""

    points: Sequence[tuple[float, float]]
    css: str
    name: str | None = None
    dot: bool = False


@dataclass(frozen=True)
class Label:
    """A number by an axis, right-aligned at the pixel ``x``, ``y``."""

    x: float
    y: float
    text: str


def _n(value: float) -> str:
    """A coordinate to a tenth, without a trailing ".0" (a board carries about forty)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def line_chart(
    frame: Frame,
    series: Sequence[Series],
    title: str,
    labels: Sequence[Label] = (),
    target: float | None = None,
) -> Markup:
    """An SVG of the axes, a dashed line at ``target`` (if any), ``labels`` and every
    line of ``series``; ``title`` is its accessible name."""
    bottom, right = frame.y(frame.y_low), frame.width - frame.right
    parts = [
        f'<svg class="chart" viewBox="0 0 {frame.width} {frame.height}" role="img" '
        f'aria-labelledby="chart-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(title)}</title>',
        f'<line class="chart-axis" x1="{frame.left}" y1="{_n(bottom)}" '
        f'x2="{right}" y2="{_n(bottom)}"/>',
        f'<line class="chart-axis" x1="{frame.left}" y1="{frame.top}" '
        f'x2="{frame.left}" y2="{_n(bottom)}"/>',
    ]
    if target is not None:
        parts.append(
            f'<line class="chart-target" x1="{frame.left}" y1="{_n(frame.y(target))}" '
            f'x2="{right}" y2="{_n(frame.y(target))}"/>'
        )
    parts += [
        f'<text class="chart-label" x="{_n(label.x)}" y="{_n(label.y)}" '
        f'text-anchor="end">{escape(label.text)}</text>'
        for label in labels
    ]
    for line in series:
        pixels = [(frame.x(x), frame.y(y)) for x, y in line.points]
        coords = " ".join(f"{_n(px)},{_n(py)}" for px, py in pixels)
        opening = f'<polyline class="chart-line {line.css}" points="{coords}"'
        if line.name is None:
            parts.append(opening + "/>")
        else:
            parts.append(f"{opening}><title>{escape(line.name)}</title></polyline>")
        if line.dot and pixels:
            last_x, last_y = pixels[-1]
            parts.append(
                f'<circle class="chart-dot {line.css}" cx="{_n(last_x)}" cy="{_n(last_y)}" r="3"/>'
            )
    parts.append("</svg>")
    return Markup("".join(parts))  # noqa: S704 (numbers and CSS names; every name is escaped)
