"""Screenshots of the pages a player meets, as a designer looks at them (by hand, never a test):

    .venv/bin/python bench/screens.py [--root CHECKOUT] [--out DIR] [--width 360 412]
        [--pages home board] [--scheme light dark] [--lang it en]

Serves this checkout under gunicorn with a throwaway SQLite database (bench/pages.py),
starts a game of two with one hand saved and a demo league, then takes full-page PNGs in
headless Chromium on an emulated phone: each page at each width, light and dark, Italian
and English (``DIR/<page>-<width>-<scheme>-<lang>.png``).
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pages  # bench/pages.py: the server, the client


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("screens"))
    parser.add_argument("--width", type=int, nargs="+", default=[360, 412])
    parser.add_argument("--pages", nargs="+", default=None, help="only these pages")
    parser.add_argument("--scheme", nargs="+", default=["light", "dark"])
    parser.add_argument("--lang", nargs="+", default=["it", "en"])
    parser.add_argument("--screen", action="store_true", help="what one screen shows only")
    parser.add_argument("--root", type=Path, default=pages.ROOT, help="the app's checkout")
    args = parser.parse_args(argv)
    pages.ROOT = args.root.resolve()  # gunicorn runs the app found there
    args.out.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-screens-"))
    try:
        database_url = f"sqlite:///{workdir / 'screens.sqlite3'}"
        with pages.gunicorn(database_url, 1, pages.free_port()) as base:
            client = pages.Client(base)
            edit, _view = client.new_game(target=21)
            client.save_hand(edit, client.csrf(edit), 1, pages.random_hand(random.Random(3)))
            standings, _player = pages.demo_league(database_url, client)
            paths = {
                "home": "/",
                "board": edit,
                "table": edit + "/table",
                "cards": edit + "/hands/cards",
                "hand": edit + "/hands/1",
                "capture": "/check/capture",
                "checker": "/primiera",
                "checker-result": "/primiera?sides=2&s0=7D,1D,6C,1B,5S&s1=7C,7B,7S,2D,4D",
                "standings": standings,
            }
            wanted = args.pages or list(paths)
            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=str(pages.CHROMIUM), headless=True, args=pages.CHROMIUM_ARGS
                )
                for lang in args.lang:
                    for scheme in args.scheme:
                        for width in args.width:
                            settings = pages.device(
                                playwright,
                                locale="it-IT" if lang == "it" else "en-GB",
                                color_scheme=scheme,
                            )
                            settings["viewport"] = {**settings["viewport"], "width": width}
                            context = browser.new_context(**settings)
                            page = context.new_page()
                            for name in wanted:
                                page.goto(base + paths[name])
                                page.wait_for_load_state("networkidle")
                                target = args.out / f"{name}-{width}-{scheme}-{lang}.png"
                                page.screenshot(path=str(target), full_page=not args.screen)
                                print(target)
                                if name == "table":  # also lying on the table, landscape
                                    size = page.viewport_size or settings["viewport"]
                                    page.set_viewport_size(
                                        {"width": size["height"], "height": width}
                                    )
                                    target = (
                                        args.out / f"{name}-landscape-{width}-{scheme}-{lang}.png"
                                    )
                                    page.screenshot(path=str(target))
                                    page.set_viewport_size(size)
                                    print(target)
                            context.close()
                browser.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
