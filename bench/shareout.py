"""How long the share-out check takes (scoring/shareout.py): run by hand, never as a test.

    .venv/bin/python bench/shareout.py [--hands 1000] [--node]

For counts of 2, 3 and 4 sides taken from random share-outs of the 40 cards (the sides'
shares of very different sizes, napola and re bello on or off), entered three ways (best
cards shown; who took the primiera; nobody), and "nobody" with 3 or 4 sides one of which
always holds four suits (the search of ``_nobody_forced``), reports the CPU time of one
``share_out_errors`` call (its caches emptied before each, so every hand is searched
afresh) and of the whole counts validation: median, 99th percentile and the most, in
milliseconds. With ``--node``, the same entries through the phone's scorer
(``scoreEntry`` of static/js/scoring.js, validation and scoring), best of three runs each
(so with the phone's tables of suits already built).
Figures move between runs and machines, and with the machine's load.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.scoring import (
    DECK,
    FORMATS,
    Category,
    CountsEntry,
    InvalidHand,
    Rules,
    SideCards,
    SideCounts,
    counts_of,
    score_cards,
    validate_counts,
)
from scorekeeper.scoring.shareout import _best_denari, share_out_errors, suit_outcomes

ROOT = Path(__file__).resolve().parents[1]
NODE_TIMER = """
const S = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
const best = cases.map(() => Infinity);
for (let round = 0; round < 3; round++) {
  cases.forEach((c, i) => {
    const start = process.hrtime.bigint();
    S.scoreEntry(c.rules, "counts", c.entry);
    best[i] = Math.min(best[i], Number(process.hrtime.bigint() - start) / 1e6);
  });
}
console.log(JSON.stringify(best));
"""

Entry = tuple[Rules, list[SideCounts], int | None]


def entries(rng: random.Random, sides: int, hands: int) -> list[Entry]:
    """Counts of ``hands`` random share-outs of ``sides`` sides, each entered three ways."""
    fmt = next(f for f in FORMATS.values() if f.sides == sides)
    found: list[Entry] = []
    while len(found) < 3 * hands:
        rules = Rules(format=fmt, napola=rng.random() < 0.5, re_bello=rng.random() < 0.5)
        weights = [rng.random() ** 2 + 0.05 for _ in range(sides)]
        masks = [0] * sides
        for card in DECK:
            masks[rng.choices(range(sides), weights)[0]] |= card.bit
        try:
            score = score_cards(rules, [SideCards.from_mask(mask) for mask in masks])
        except InvalidHand:
            continue
        counts = counts_of(score)
        plain = [replace(side, primiera_cards=None) for side in counts]
        found += [
            (rules, counts, None),
            (rules, plain, score.awards[Category.PRIMIERA].winner),
            (rules, plain, None),
        ]
    return found


def forced_entries(rng: random.Random, hands: int) -> list[Entry]:
    """``hands`` entries of 3 or 4 sides saying nobody took the primiera, one side with
    denari and 21 to 30 cards outside them (it always holds four suits), the denari from
    a random share-out, the others' few cards outside denari shared at random."""
    found: list[Entry] = []
    while len(found) < hands:
        sides = rng.choice((3, 4))
        fmt = next(f for f in FORMATS.values() if f.sides == sides)
        rules = Rules(format=fmt, napola=rng.random() < 0.3, re_bello=rng.random() < 0.4)
        masks = [0] * sides
        masks[0] = DECK[rng.randrange(10)].bit
        for card in DECK[:10]:
            if not masks[0] & card.bit:
                masks[rng.randrange(sides)] |= card.bit
        for card in DECK[10:]:
            masks[0] |= card.bit
        for i in range(1, sides):  # a side takes two cards or none: lend it one to count
            if masks[i].bit_count() == 1:
                masks[i] |= DECK[10 + i].bit
                masks[0] &= ~DECK[10 + i].bit
        counts = counts_of(score_cards(rules, [SideCards.from_mask(mask) for mask in masks]))
        small = rng.randint(0, 9)
        outside = [30 - small] + [0] * (sides - 1)
        for _ in range(small):
            outside[rng.randrange(1, sides)] += 1
        plain = [
            replace(side, cards=side.denari + took, primiera_cards=None)
            for side, took in zip(counts, outside, strict=True)
        ]
        found.append((rules, plain, None))
    return found


def cpu_ms(
    work: list[Entry], call: Callable[[Rules, list[SideCounts], int | None], object]
) -> list[float]:
    """The CPU time of ``call(rules, sides, winner)`` on each entry, the cache emptied."""
    times = []
    for rules, sides, winner in work:
        _best_denari.cache_clear()
        suit_outcomes.cache_clear()
        start = time.process_time_ns()
        with contextlib.suppress(InvalidHand):
            call(rules, sides, winner)
        times.append((time.process_time_ns() - start) / 1e6)
    return times


def node_ms(work: list[Entry]) -> list[float] | None:
    """The phone scorer's time on each entry (best of three), or ``None`` without node."""
    node = shutil.which("node")
    if node is None:
        return None
    cases = [
        {"rules": rules.to_json(), "entry": CountsEntry(tuple(sides), winner).to_json()}
        for rules, sides, winner in work
    ]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cases.json"
        path.write_text(json.dumps(cases), encoding="utf-8")
        script = str(ROOT / "static" / "js" / "scoring.js")
        done = subprocess.run(
            [node, "-e", NODE_TIMER, script, str(path)], capture_output=True, text=True, check=True
        )
    times: list[float] = json.loads(done.stdout)
    return times


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[int(len(ordered) * 0.99)]
    return f"median {statistics.median(ordered):.3f}  p99 {p99:.3f}  most {ordered[-1]:.3f}"


def report(title: str, work: list[Entry], node: bool) -> None:
    """The figures of ``work``: the share-out check, the counts validation, the phone."""
    print(f"{title}, {len(work)} entries")
    print(f"  share-out check   {summary(cpu_ms(work, share_out_errors))}")
    print(f"  counts validation {summary(cpu_ms(work, validate_counts))}")
    if node:
        times = node_ms(work)
        print(f"  phone scorer      {summary(times) if times else 'node not installed'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--node", action="store_true")
    args = parser.parse_args()
    rng = random.Random(28)
    print("ms per hand (CPU); entries: best cards, who took the primiera, nobody")
    for sides in (2, 3, 4):
        report(f"{sides} sides", entries(rng, sides, args.hands), args.node)
    title = "3 or 4 sides, nobody, one side always holding four suits"
    report(title, forced_entries(rng, args.hands), args.node)


if __name__ == "__main__":
    main()
