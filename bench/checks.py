"""First-load weight of the checker pages: run by hand, never as a test.

    .venv/bin/python bench/checks.py

For each checker page (primiera, capture, hand by cards and by counts, rules), the
bytes of the HTML and of everything it loads on an empty cache (stylesheets, scripts,
the suit sprite, the favicon), as the app serves them through Flask's test client:
uncompressed bodies, no headers, no network, and what gzip (level 6) would make of
them, as a compressing proxy would send them; bench/pages.py measures the wire in a
real browser.
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app

PAGES = [
    "/primiera",
    "/primiera?sides=4",
    "/check/capture",
    "/check/hand",
    "/check/hand?format=4",
    "/check/hand?mode=counts&format=4&napola=1&re_bello=1",
    "/rules",
]
ASSETS = re.compile(r'(?:href|src)="(/static/[^"#]+|/favicon\.ico)')


def main() -> None:
    """Print one line per page: HTML bytes, asset bytes, total, and the total gzipped."""
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": "sqlite://"}
    )
    client = app.test_client()
    print(f"{'page':56} {'html':>7} {'assets':>7} {'total':>7} {'gzipped':>8}")
    for url in PAGES:
        html = client.get(url).get_data()
        assets = sorted(set(ASSETS.findall(html.decode())) | {"/favicon.ico"})
        bodies = [client.get(asset).get_data() for asset in assets]
        weight = sum(len(body) for body in bodies)
        zipped = sum(len(gzip.compress(body, 6)) for body in [html, *bodies])
        print(f"{url:56} {len(html):7} {weight:7} {len(html) + weight:7} {zipped:8}")


if __name__ == "__main__":
    main()
