"""How fast hands are scored: run by hand, never as a test.

    .venv/bin/python bench/scoring.py            (or: make bench)

Reports, for hands of 2, 3 and 4 sides, how many hands one core scores per
second of this process's CPU time (so other programs on the machine matter
less; the process is also pinned to one CPU):

- *engine*: from cards already held as the engine's types (``SideCards``,
  built before the clock starts), through ``score_cards``;
- *texts*: from the stored JSON of a cards entry (card codes as text), read
  and scored the way a game does it (``read_entry("cards", data).score(rules)``);

and the in-process latency of ``POST /api/v1/score`` through Flask's test
client (parsing, checking, scoring and JSON both ways; no network, no server),
as the median wall time and the median CPU time of a request, beside the CPU
time of the same requests sent to a view that does nothing (what the test
client, Flask and the app's own hooks cost, whatever the view does).

The script also runs against an older checkout of the code, to measure a
"before" in the same run: ``python bench/scoring.py --code /tmp/old-checkout``
(or copy this file there). Where that code lacks the typed entries, the texts
figure falls back to what games did then: ``parse_hand_cards``, ``SideCards``
and ``score_cards``. Figures move between runs and machines: compare runs from
the same machine, at the same time.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SIDES = (2, 3, 4)


def load(code: Path) -> Any:
    """Import the scoring package of the checkout at ``code``."""
    sys.path.insert(0, str(code))
    from scorekeeper import scoring

    return scoring


def random_deals(scoring: Any, rng: random.Random, sides: int, count: int) -> list[Any]:
    """``count`` valid hands of ``sides`` sides: the 40 cards dealt at random, random
    settings, a few scope; each as ``(rules, card codes per side, scope per side)``."""
    deals = []
    for _ in range(count):
        piles: list[list[str]] = [[] for _ in range(sides)]
        for card in scoring.DECK:
            piles[rng.randrange(sides)].append(card.code)
        rules = scoring.Rules(
            napola=rng.random() < 0.5,
            re_bello=rng.random() < 0.5,
            napoleone=rng.random() < 0.2,
        ).with_sides(sides)
        deals.append((rules, piles, [min(len(pile) // 4, 3) for pile in piles]))
    return deals


def per_cpu_second(work: Callable[[], int], seconds: float) -> float:
    """Run ``work`` (which returns how many hands it scored) for about ``seconds`` of
    CPU time; hands per CPU second."""
    work()  # warm up: caches, first calls
    scored = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        scored += work()
    return scored / (time.process_time() - start)


def engine_rate(scoring: Any, deals: list[Any], seconds: float) -> float:
    """Hands per CPU second by ``score_cards`` from ready ``SideCards``."""
    hands = [
        (
            rules,
            [
                scoring.SideCards(tuple(map(scoring.Card.parse, pile)), s)
                for pile, s in zip(piles, scope, strict=True)
            ],
        )
        for rules, piles, scope in deals
    ]
    score_cards = scoring.score_cards

    def work() -> int:
        for rules, sides in hands:
            score_cards(rules, sides)
        return len(hands)

    return per_cpu_second(work, seconds)


def texts_rate(scoring: Any, deals: list[Any], seconds: float) -> tuple[float, str]:
    """Hands per CPU second from a stored cards entry's JSON, and how it was read."""
    entries = [
        (
            rules,
            {"sides": [{"cards": pile, "scope": s} for pile, s in zip(piles, scope, strict=True)]},
        )
        for rules, piles, scope in deals
    ]
    if hasattr(scoring, "read_entry"):
        read_entry = scoring.read_entry

        def work() -> int:
            for rules, data in entries:
                read_entry("cards", data).score(rules)
            return len(entries)

        return per_cpu_second(work, seconds), "read_entry(...).score"

    parse, side_cards, score_cards = (
        scoring.parse_hand_cards,
        scoring.SideCards,
        scoring.score_cards,
    )

    def old_work() -> int:  # what games/services.score_entry did
        for rules, data in entries:
            sides = data["sides"]
            parsed = parse([side["cards"] for side in sides])
            score_cards(
                rules,
                [
                    side_cards(cards, side["scope"])
                    for cards, side in zip(parsed, sides, strict=True)
                ],
            )
        return len(entries)

    return per_cpu_second(old_work, seconds), "parse_hand_cards + score_cards"


def api_latencies(scoring: Any, rng: random.Random, requests: int) -> dict[str, list[float]]:
    """Wall and CPU milliseconds per ``POST /api/v1/score`` through the test client, and
    the CPU milliseconds of the same bodies posted to a view that does nothing (the
    cost of the test client, Flask and the app's own request hooks)."""
    from scorekeeper import create_app
    from scorekeeper.extensions import csrf

    # The API's rate limit (API_RATE_LIMIT) would refuse a benchmark loop: measure the scoring.
    app = create_app(
        {"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": "sqlite://", "RATELIMIT_ENABLED": False}
    )

    def nothing() -> str:
        return ""

    app.add_url_rule("/bench/nothing", view_func=csrf.exempt(nothing), methods=["POST"])
    client = app.test_client()
    bodies = []
    for _ in range(requests):
        rules, piles, scope = random_deals(scoring, rng, rng.randint(2, 4), 1)[0]
        bodies.append(
            {
                "rules": {"napola": rules.napola, "re_bello": rules.re_bello},
                "sides": [{"cards": p, "scope": s} for p, s in zip(piles, scope, strict=True)],
            }
        )
    headers = {"Accept-Language": "en"}
    times: dict[str, list[float]] = {"wall": [], "cpu": [], "nothing": []}
    for url, wall, cpu in (
        ("/bench/nothing", [], times["nothing"]),
        ("/api/v1/score", times["wall"], times["cpu"]),
    ):
        for body in bodies[:200]:  # warm up: first-request set-up, translations, caches
            client.post(url, json=body, headers=headers)
        for body in bodies:
            start, start_cpu = time.perf_counter(), time.process_time()
            response = client.post(url, json=body, headers=headers)
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            if response.status_code != 200:
                raise SystemExit(
                    f"unexpected {response.status_code}: {response.get_data(as_text=True)}"
                )
    times["server"] = server_times(app, bodies, headers)
    return times


def server_times(app: Any, bodies: list[dict[str, Any]], headers: dict[str, str]) -> list[float]:
    """CPU milliseconds of the app itself per ``POST /api/v1/score``, as a WSGI server calls it.

    The request's environ is built beforehand (a server parses the HTTP request, not the
    app), so this is Flask, the app's hooks, parsing, scoring and the JSON answer, without
    the test client's own work of building requests and reading answers.
    """
    from werkzeug.test import EnvironBuilder

    prepared = []
    for body in bodies:
        builder = EnvironBuilder(path="/api/v1/score", method="POST", json=body, headers=headers)
        environ = builder.get_environ()
        prepared.append((environ, environ["wsgi.input"].read()))
        builder.close()

    def start_response(status: str, _headers: Any, _exc_info: Any = None) -> None:
        if not status.startswith("200"):
            raise SystemExit(f"unexpected {status}")

    times = []
    for round_ in range(2):  # the first round warms up
        for environ, data in prepared:
            start = time.process_time()
            answer = app(dict(environ, **{"wsgi.input": io.BytesIO(data)}), start_response)
            b"".join(answer)
            answer.close()
            if round_:
                times.append((time.process_time() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="CPU seconds per figure (default 3)"
    )
    parser.add_argument("--requests", type=int, default=3000, help="API requests (default 3000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--code",
        type=Path,
        default=Path(__file__).resolve().parent.parent,
        help="the checkout whose code is measured (default: this one)",
    )
    parser.add_argument("--cpu", type=int, default=None, help="the CPU to pin to (default: last)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[-1] if args.cpu is None else args.cpu})
    scoring = load(args.code.resolve())
    rng = random.Random(args.seed)

    rows = []
    how = ""
    for sides in SIDES:
        deals = random_deals(scoring, rng, sides, 2000)
        engine = engine_rate(scoring, deals, args.seconds)
        texts, how = texts_rate(scoring, deals, args.seconds)
        rows.append((sides, engine, texts))
    times = api_latencies(scoring, rng, args.requests)

    load_now = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"code {args.code}, Python {sys.version.split()[0]}, seed {args.seed}, load {load_now}")
    print(f"{'hands per CPU second':<44}" + "".join(f"{f'{n} sides':>12}" for n in SIDES))
    print(
        f"{'engine: score_cards from SideCards':<44}" + "".join(f"{e:>12,.0f}" for _, e, _ in rows)
    )
    print(f"{'texts: ' + how:<44}" + "".join(f"{t:>12,.0f}" for _, _, t in rows))
    wall, cpu = times["wall"], times["cpu"]
    p99 = statistics.quantiles(wall, n=100)[98]
    print(
        f"POST /api/v1/score ({len(wall):,} requests, 2-4 sides): median "
        f"{statistics.median(wall):.3f} ms wall, {statistics.median(cpu):.3f} ms CPU; "
        f"p99 {p99:.3f} ms wall"
    )
    print(
        f"POST /api/v1/score in the app (WSGI call, request prebuilt as a server hands it): "
        f"median {statistics.median(times['server']):.3f} ms CPU"
    )
    print(
        f"the same bodies POSTed to a view that does nothing: median "
        f"{statistics.median(times['nothing']):.3f} ms CPU"
    )


if __name__ == "__main__":
    main()
