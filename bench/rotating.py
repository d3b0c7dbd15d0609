"""How long rotating partners take to pair: every round of 8 to 64 players (n - 1 rounds
each, the most there can be), and how many repeated meetings each round needed.

Run by hand, never a test: .venv/bin/python bench/rotating.py
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.tournaments.core import RotatingRound, rotating_round


def main() -> None:
    """Print, for each number of players, the time of all its rounds and of the slowest
    one, and the repeated meetings of each round."""
    for count in (8, 12, 16, 24, 32, 48, 64):
        players = list(range(1, count + 1))
        random.Random(count).shuffle(players)
        history: list[RotatingRound] = []
        slowest = 0.0
        start = time.perf_counter()
        for _ in range(count - 1):
            began = time.perf_counter()
            history.append(rotating_round(players, history))
            slowest = max(slowest, time.perf_counter() - began)
        total = time.perf_counter() - start
        repeats = [r.repeats for r in history]
        first = next((i for i, r in enumerate(repeats, 1) if r), None)
        print(
            f"{count:3d} players, {count - 1:2d} rounds: {total:6.2f} s in all,"
            f" slowest round {slowest * 1000:6.0f} ms; first repeated meeting in round {first}"
        )


if __name__ == "__main__":
    main()
