"""Screenshots of the pages a player meets, as a designer looks at them (by hand, never a test):

    .venv/bin/python bench/screens.py [--root CHECKOUT] [--out DIR] [--width 360 412]
        [--pages home board] [--scheme light dark] [--lang it en]

Serves this checkout under gunicorn with a throwaway SQLite database (bench/pages.py),
starts games of two (no hand yet, one hand saved, near the end, won) and a demo league,
then takes full-page PNGs in headless Chromium on an emulated phone: each page at each
width, light and dark, Italian and English (``DIR/<page>-<width>-<scheme>-<lang>.png``).
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

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
            paths = _games(pages.Client(base), database_url)
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
                                if name == "cards-error":
                                    _refuse_a_hand(page)
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


def _games(client: pages.Client, database_url: str) -> dict[str, str]:
    """The games and league the screenshots show, by page name: their paths."""
    edit, _view = client.new_game(target=21)
    client.save_hand(edit, client.csrf(edit), 1, pages.random_hand(random.Random(3)))
    # A game near its end (to 11, 9-7): quanto manca says who closes with what.
    late, _late_view = client.new_game(target=11)
    token = client.csrf(late)
    for number, (a, b) in enumerate([(4, 0), (0, 4), (4, 0), (1, 3)], 1):
        client.save_hand(late, token, number, _hand(a, b))
    # A game not begun, and one won (12-0 to 11).
    fresh, _fresh_view = client.new_game(target=11)
    won, _won_view = client.new_game(target=11)
    token = client.csrf(won)
    for number in (1, 2, 3):
        client.save_hand(won, token, number, _hand(4, 0))
    standings, _player = pages.demo_league(database_url, client)
    return {
        "home": "/",
        "board": edit,
        "board-fresh": fresh,
        "board-won": won,
        "table": edit + "/table",
        "board-late": late,
        "table-late": late + "/table",
        "cards-error": edit + "/hands/cards",
        "cards": edit + "/hands/cards",
        "hand": edit + "/hands/1",
        "capture": "/check/capture",
        "checker": "/primiera",
        "checker-result": "/primiera?sides=2&s0=7D,1D,6C,1B,5S&s1=7C,7B,7S,2D,4D",
        "standings": standings,
    }


#: Anna takes the first 22 cards of the grid, Bruno the rest (as taps would).
_SHARE_THE_DECK = """() => {
    const codes = [...document.querySelectorAll('input[name="s0"]')].map(i => i.value);
    codes.forEach((code, k) => {
        const side = k < 22 ? "s0" : "s1";
        document.querySelector(`input[name="${side}"][value="${code}"]`).checked = true;
    });
}"""


def _refuse_a_hand(page: Any) -> None:
    """Send the card-by-card page a hand it refuses: its summary shows."""
    page.evaluate(_SHARE_THE_DECK)
    page.locator("#scope-0").fill("12")
    page.locator("#save-hand").click()
    page.locator("#errors").wait_for()
    page.wait_for_load_state("networkidle")


def _hand(a: int, b: int) -> dict[str, str]:
    """A two-player hand where A takes the first ``a`` of carte, denari, settebello and
    primiera and B the rest, and B makes ``b - (4 - a)`` scope on top."""
    scope = max(0, b - (4 - a))
    return {
        "sides-0-cards": "22" if a >= 1 else "18",
        "sides-1-cards": "18" if a >= 1 else "22",
        "sides-0-denari": "6" if a >= 2 else "4",
        "sides-1-denari": "4" if a >= 2 else "6",
        "sides-0-scope": "0",
        "sides-1-scope": str(scope),
        "settebello": "0" if a >= 3 else "1",
        "primiera": "0" if a >= 4 else "1",
    }


if __name__ == "__main__":
    main()
