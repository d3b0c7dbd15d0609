"""Render the app's PNG icons from its SVG icons (run by hand after changing an SVG).

    .venv/bin/python tools/make_icons.py

Debian's Chromium (through Playwright, as the browser tests drive it) draws each SVG at
each size with a transparent background; the PNGs are committed next to the SVGs in
static/icons/, where the web app manifest and base.html point.
"""

from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
#: (source SVG, PNG written, size in px). The touch icon is the full-bleed (maskable)
#: drawing: iOS rounds the corners itself and fills transparency with black.
RENDERS = (
    ("icon.svg", "icon-192.png", 192),
    ("icon.svg", "icon-512.png", 512),
    ("icon-maskable.svg", "icon-maskable-192.png", 192),
    ("icon-maskable.svg", "icon-maskable-512.png", 512),
    ("icon-maskable.svg", "apple-touch-icon.png", 180),
)


def main() -> None:
    """Write every PNG of `RENDERS`."""
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        for source, target, size in RENDERS:
            data = base64.b64encode((ICONS / source).read_bytes()).decode("ascii")
            page.set_viewport_size({"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0;background:transparent}</style>"
                f'<img src="data:image/svg+xml;base64,{data}" width="{size}" height="{size}">'
            )
            page.locator("img").screenshot(path=str(ICONS / target), omit_background=True)
            print(f"{target}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    main()
