"""Which entries of the conformance corpus a scorer accepts: run by hand, never as a test.

    .venv/bin/python bench/impossible.py [--before REV] [--hands 20000]

Builds the hands of the phone scorer's conformance corpus (tests/helpers/conformance.py,
its seed: random hands of every format and rule set, as cards and as counts, many of them
altered, and the generators on the edge of RULES.md section 6) and has the scoring
package of this tree, and with ``--before`` that of the commit REV (checked out in a
temporary git worktree), score each one. Reports how many each accepts and, between the
two, the entries one accepts and the other refuses, by the first error's code: what the
checks added since REV refuse that the code before accepted, and anything the other way.
Each tree scores in a process of its own, so the two packages never meet.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: Run in a tree's own process: each case's verdict, "ok" or the first error's code.
SCORER = """
import json, sys
sys.path.insert(0, sys.argv[1])
from scorekeeper.scoring import InvalidHand, Rules, read_entry
verdicts = []
for case in json.load(open(sys.argv[2], encoding="utf-8")):
    try:
        read_entry(case["mode"], case["entry"]).score(Rules.from_json(case["rules"]))
        verdicts.append("ok")
    except InvalidHand as refused:
        verdicts.append(refused.errors[0].code.value)
json.dump(verdicts, sys.stdout)
"""


def verdicts(tree: Path, cases: Path) -> list[str]:
    """Each case's verdict by the scoring package of ``tree``."""
    done = subprocess.run(
        [sys.executable, "-c", SCORER, str(tree), str(cases)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
    )
    found: list[str] = json.loads(done.stdout)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="a commit to compare with")
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()
    from tests.conformance.test_js_scorer import SEED
    from tests.helpers.conformance import build

    with tempfile.TemporaryDirectory() as folder:
        cases = Path(folder) / "hands.json"
        hands = build(SEED, args.hands, 0, 0, 0)["hands"]
        cases.write_text(json.dumps(hands), encoding="utf-8")
        now = verdicts(ROOT, cases)
        print(f"{len(hands)} hands; this tree accepts {now.count('ok')}")
        if not args.before:
            return
        old = Path(folder) / "before"
        git = shutil.which("git") or "git"
        subprocess.run(
            [git, "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(old), args.before],
            check=True,
        )
        try:
            then = verdicts(old, cases)
        finally:
            subprocess.run(
                [git, "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=True
            )
        print(f"{args.before} accepts {then.count('ok')}")
        refused = Counter(b for a, b in zip(then, now, strict=True) if a == "ok" != b)
        loosened = Counter(a for a, b in zip(then, now, strict=True) if b == "ok" != a)
        print(f"accepted before, refused now: {sum(refused.values())}")
        for code, count in refused.most_common():
            print(f"  {code:28} {count}")
        print(f"refused before, accepted now: {sum(loosened.values())}")
        for code, count in loosened.most_common():
            print(f"  {code:28} {count}")


if __name__ == "__main__":
    main()
