"""Instructions per game of saves with their boards, counted by callgrind (run by hand).

A time varies with whatever else the machine is doing; an instruction count does not.
This runs `bench/board.py` under ``valgrind --tool=callgrind`` twice, with one game and
with ``--games`` games (both after its warm-up game), and prints the difference per
game: ``--hands`` saves with their boards, plus starting the game, the whole process
(the test client's work too). Then the same two runs counting only inside the app for
the measured requests (bench/board.py runs them inside ``operator.call``): the app's
instructions per save of the last hand with its board, the figure the issue's 10 ms is
about. Two runs go at once (one per core). Needs valgrind (``apt-get install
valgrind``); takes three or four minutes.

    .venv/bin/python bench/instructions.py
    .venv/bin/python bench/instructions.py --app-root /tmp/before   # another checkout
    .venv/bin/python bench/instructions.py --database-url postgresql://postgres@127.0.0.1/test
    .venv/bin/python bench/instructions.py --app-only   # the app's count alone

``--app-root`` counts the app of another checkout (``git worktree add /tmp/before
<commit>``, its catalogs compiled with ``pybabel compile -d scorekeeper/translations``),
with this checkout's `bench/board.py`.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLLECTED = re.compile(r"Collected : (\d+)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=4, help="games of the longer run")
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--app-root", type=Path, default=ROOT)
    parser.add_argument(
        "--app-only",
        action="store_true",
        help="count only the app's instructions per save (half the time)",
    )
    parser.add_argument(
        "--database-url",
        help="PostgreSQL to count on (bench/board.py's throwaway databases next to it); "
        "only the app's side is counted, not the server's processes",
    )
    args = parser.parse_args()
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        sys.exit("valgrind is not installed: apt-get install valgrind")
    with tempfile.TemporaryDirectory() as folder:
        whole = None if args.app_only else _counted(valgrind, folder, args, app_only=False)
        app = _counted(valgrind, folder, args, app_only=True)
    if whole is not None:
        per_game = (whole[args.games] - whole[1]) / (args.games - 1)
        print(
            f"{args.app_root}: {per_game / 1e6:.1f} M instructions per game "
            f"({args.hands} saves with their boards, and starting the game)"
        )
    per_save = (app[args.games] - app[1]) / (args.games - 1)
    print(
        f"{args.app_root}: {per_save / 1e6:.2f} M instructions of the app per save of "
        f"hand {args.hands} with its board"
    )


def _counted(
    valgrind: str, folder: str, args: argparse.Namespace, app_only: bool
) -> dict[int, int]:
    """Instructions counted by callgrind in runs of one game and of ``args.games`` games
    (both at once, one per core): the whole process, or (``app_only``) the app's work
    for the measured saves alone (inside ``operator.call``: see bench/board.py)."""
    only = ["--collect-atstart=no", "--toggle-collect=_operator_call"] if app_only else []
    runs = {
        games: subprocess.Popen(
            [
                valgrind,
                "--tool=callgrind",
                *only,
                f"--callgrind-out-file={folder}/callgrind.{games}.{int(app_only)}",
                sys.executable,
                "-c",
                # The app of the checkout asked for is imported first, so that
                # this bench/board.py (which puts this checkout on the path) uses it.
                "import runpy, sys; sys.path.insert(0, sys.argv[1]); import scorekeeper; "
                "sys.argv = [sys.argv[2], *sys.argv[3:]]; "
                "runpy.run_path(sys.argv[0], run_name='__main__')",
                str(args.app_root.resolve()),
                str(ROOT / "bench" / "board.py"),
                f"--games={games}",
                f"--hands={args.hands}",
                *([f"--database-url={args.database_url}"] if args.database_url else []),
            ],
            cwd=args.app_root,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for games in (1, args.games)
    }
    counts = {}
    for games, run in runs.items():
        _out, err = run.communicate()
        found = COLLECTED.search(err)
        if run.returncode != 0 or found is None:
            sys.exit(f"the run of {games} game(s) failed:\n{err[-2000:]}")
        counts[games] = int(found.group(1))
    return counts


if __name__ == "__main__":
    main()
