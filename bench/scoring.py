"""How fast hands are scored: run by hand, never as a test.

    .venv/bin/python bench/scoring.py            (or: make bench)

Reports hands scored per second by ``score_cards`` from cards on one core (per
second of this process's CPU time, so other programs on the machine matter
less; the wall-clock rate is printed beside it), and
the in-process latency of ``POST /api/v1/score`` through Flask's test client
(parsing, checking, scoring and JSON both ways; no network, no server).
Figures move between runs and machines: compare runs from the same machine.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.scoring import DECK, Rules, SideCards, score_cards  # noqa: E402


def random_hand(rng: random.Random) -> tuple[Rules, list[SideCards]]:
    """A valid hand: the 40 cards dealt at random among 2 to 4 sides, random settings."""
    sides = rng.randint(2, 4)
    piles: list[list] = [[] for _ in range(sides)]
    for card in DECK:
        piles[rng.randrange(sides)].append(card)
    rules = Rules(napola=rng.random() < 0.5, re_bello=rng.random() < 0.5).with_sides(sides)
    return rules, [SideCards(tuple(pile), scope=min(len(pile) // 4, 3)) for pile in piles]


def hands_per_second(rng: random.Random, seconds: float) -> tuple[float, float, int]:
    """Score a fixed set of random hands over and over for about ``seconds`` of CPU time.

    Returns hands per second of this process's CPU time (what one core does, even
    when other programs share the machine), per second of wall time, and the count.
    """
    hands = [random_hand(rng) for _ in range(2000)]
    scored = 0
    cpu, wall = time.process_time(), time.perf_counter()
    while time.process_time() - cpu < seconds:
        for rules, sides in hands:
            score_cards(rules, sides)
        scored += len(hands)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return scored / cpu, scored / wall, scored


def api_latencies(rng: random.Random, requests: int) -> list[float]:
    """Milliseconds per ``POST /api/v1/score`` through the test client."""
    # The API's rate limit (API_RATE_LIMIT) would refuse a benchmark loop: measure the scoring.
    app = create_app(
        {"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": "sqlite://", "RATELIMIT_ENABLED": False}
    )
    client = app.test_client()
    bodies = []
    for _ in range(requests):
        rules, sides = random_hand(rng)
        bodies.append(
            {
                "rules": {"napola": rules.napola, "re_bello": rules.re_bello},
                "sides": [
                    {"cards": [card.code for card in side.cards], "scope": side.scope}
                    for side in sides
                ],
            }
        )
    for body in bodies[:100]:  # warm up: first-request set-up, translations, caches
        client.post("/api/v1/score", json=body)
    latencies = []
    for body in bodies:
        start = time.perf_counter()
        response = client.post("/api/v1/score", json=body, headers={"Accept-Language": "en"})
        latencies.append((time.perf_counter() - start) * 1000)
        if response.status_code != 200:
            raise SystemExit(
                f"unexpected {response.status_code}: {response.get_data(as_text=True)}"
            )
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="scoring time (default 5)")
    parser.add_argument("--requests", type=int, default=2000, help="API requests (default 2000)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    cpu_rate, wall_rate, scored = hands_per_second(rng, args.seconds)
    latencies = api_latencies(rng, args.requests)
    p99 = statistics.quantiles(latencies, n=100)[98]
    rows = [
        ("score_cards per CPU second", f"{cpu_rate:,.0f} hands/s", f"{scored:,} hands"),
        ("score_cards per wall second", f"{wall_rate:,.0f} hands/s", "lower if the CPU is shared"),
        ("POST /api/v1/score median", f"{statistics.median(latencies):.3f} ms", "wall time"),
        ("POST /api/v1/score p99", f"{p99:.3f} ms", f"{len(latencies):,} requests"),
    ]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Python {sys.version.split()[0]}, seed {args.seed}, load average {load}")
    for name, value, note in rows:
        print(f"{name:<28} {value:>16}  {note}")


if __name__ == "__main__":
    main()
