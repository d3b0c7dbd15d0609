"""The chart of the totals hand by hand (`scorekeeper.ui.chart` draws it as SVG)."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from scorekeeper.ui.chart import Frame, Label, Series, line_chart

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
    hands = len(running)
    top = max([target, *(total for row in running for total in row)], default=target)
    frame = Frame(WIDTH, HEIGHT, PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM, hands, 0, max(top, 1))
    series = [
        Series(
            [(0, 0)] + [(k + 1, row[side]) for k, row in enumerate(running)],
            f"chart-side-{side}",
            name,
            dot=bool(running),
        )
        for side, name in enumerate(names)
    ]
    labels = [
        Label(PAD_LEFT - 4, frame.y(target) + 4, str(target)),
        Label(PAD_LEFT - 4, frame.y(0) + 4, "0"),
        Label(WIDTH - PAD_RIGHT, HEIGHT - 4, str(hands)),
    ]
    return line_chart(frame, series, title, labels, target=target)
