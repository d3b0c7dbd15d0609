"""The board's first load on the wire, by hand (never as a test):

    .venv/bin/python bench/first_load.py [--root CHECKOUT] [--locale it-IT] [--lighthouse 3]

Serves the app of CHECKOUT (default: this one) under gunicorn on 127.0.0.1 with a
throwaway SQLite database, starts a game of two and saves three hands through its forms,
then opens the board with its hand form (the edit link) in a fresh Chromium profile on an
emulated phone and sums every response's size on the wire (headers and body as served,
gzip where the app compresses: Chromium's encodedDataLength, as bench/pages.py does).
Lists each file, so that a script loaded or not shows; `--lighthouse N` adds the median
of N Lighthouse runs (bench/node_modules: `make measure` installs it). `--root` measures
another checkout (e.g. main's tree, exported with `git archive`) with this script.
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

import pages  # bench/pages.py: the server, the client, the byte count


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=pages.ROOT, help="the app's checkout")
    parser.add_argument("--locale", default="en-GB", help="the phone's language (it-IT)")
    parser.add_argument("--lighthouse", type=int, default=0, help="Lighthouse runs (median)")
    args = parser.parse_args(argv)
    phone = pages.device
    pages.device = lambda playwright, **more: phone(playwright, locale=args.locale, **more)
    pages.ROOT = args.root.resolve()  # gunicorn runs the app found there
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-first-load-"))
    try:
        database_url = f"sqlite:///{workdir / 'bench.sqlite3'}"
        with pages.gunicorn(database_url, 1, pages.free_port()) as base:
            client = pages.Client(base)
            edit, _view = client.new_game(target=21)
            token = client.csrf(edit)
            rng = random.Random(3)
            for number in range(1, 4):
                client.save_hand(edit, token, number, pages.random_hand(rng))
            board = pages.PageFigures("board + hand form", edit)

            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=str(pages.CHROMIUM), headless=True, args=pages.CHROMIUM_ARGS
                )
                pages.first_load(browser, playwright, base, board)
                browser.close()
            if args.lighthouse:
                pages.lighthouse(base + edit, args.lighthouse, board)
        figures = f"{board.bytes} B, {board.requests} responses"
        print(f"{pages.ROOT}: {board.name}, {args.locale}, first load: {figures}")
        if board.lighthouse:
            print(f"  Lighthouse, median of {args.lighthouse}: {board.lighthouse}")
            print(f"  below 1: {board.lighthouse_notes}")
        for line in sorted(board.compressed):
            print(f"  gzip  {line}")
        for line in sorted(board.uncompressed):
            print(f"  plain {line}")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
