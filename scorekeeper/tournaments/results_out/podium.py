"""The podium as an image to share: an SVG of 1080 x 1080 (a square, as chat apps show
it) with the tournament's name and date, and the first three on their steps. Made on the
server from the names alone; the page draws it onto a canvas to share it as a PNG."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import escape

SIZE = 1080
#: Where each place's step stands: its centre, its height and colour.
_STEPS = {1: (540, 420, "#d4a017"), 2: (200, 310, "#b8bec4"), 3: (880, 230, "#c07a3a")}
_STEP_WIDTH = 320
_GROUND = 940


def _font_size(lines: Sequence[str], largest: int, width: int = _STEP_WIDTH) -> int:
    """The largest size (down to 22) at which the longest line fits ``width`` (a letter
    is about 0.56 of the size wide)."""
    longest = max((len(line) for line in lines), default=1)
    return max(22, min(largest, int(width / (0.56 * max(longest, 1)))))


def _name_lines(names: Sequence[str]) -> list[str]:
    """A step's names, one player a line ("Anna / Bruno" on two), at most six lines."""
    lines = [part for name in names for part in name.split(" / ")]
    return lines[:6]


def podium_svg(title: str, subtitle: str, podium: Sequence[tuple[int, str]], footer: str) -> str:
    """The podium image: ``title`` (the tournament) and ``subtitle`` (its date) on top,
    each of ``podium``'s (place, name) on its step (two sharing third stand on one),
    ``footer`` at the bottom."""
    by_place: dict[int, list[str]] = {}
    for place, name in podium:
        by_place.setdefault(min(place, 3), []).append(name)
    title_size = _font_size([title], 64, SIZE - 120)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}"'
        f' viewBox="0 0 {SIZE} {SIZE}" role="img" aria-label="{escape(title)}">',
        f'<rect width="{SIZE}" height="{SIZE}" fill="#0b5d3b"/>',
        '<g font-family="system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial,'
        ' sans-serif" text-anchor="middle" fill="#ffffff">',
        f'<text x="540" y="120" font-size="{title_size}" font-weight="700">{escape(title)}</text>',
        f'<text x="540" y="180" font-size="34" fill="#d8efe2">{escape(subtitle)}</text>',
    ]
    for place, (centre, height, colour) in _STEPS.items():
        if place == 3 and not by_place.get(3):
            continue  # two sides only: no third step
        top = _GROUND - height
        left = centre - _STEP_WIDTH // 2
        parts.append(
            f'<rect x="{left}" y="{top}" width="{_STEP_WIDTH}" height="{height}" rx="12"'
            f' fill="{colour}"/>'
        )
        parts.append(
            f'<text x="{centre}" y="{top + 110}" font-size="110" font-weight="800"'
            f' fill="#0b3d27">{place}</text>'
        )
        lines = _name_lines(by_place.get(place, []))
        size = _font_size(lines, 40)
        for row, line in enumerate(reversed(lines)):
            y = top - 24 - row * int(size * 1.2)
            parts.append(
                f'<text x="{centre}" y="{y}" font-size="{size}" font-weight="600">'
                f"{escape(line)}</text>"
            )
    parts.append(
        f'<text x="540" y="{_GROUND + 80}" font-size="30" fill="#d8efe2">{escape(footer)}</text>'
    )
    parts.append("</g></svg>")
    return "\n".join(parts)
