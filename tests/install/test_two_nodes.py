"""The "many clubs" recipe, tested here (issue 30, "two nodes"): bench/two_nodes.py starts
two app servers behind HAProxy (deploy/two-nodes/haproxy.cfg), sharing PostgreSQL through
PgBouncer (deploy/two-nodes/pgbouncer.ini) and Redis, puts tables and viewers on them and
kills one node with ``kill -9`` mid-load. Every hand acknowledged through the balancer is
stored exactly once, every board equals the sum of its hands, and the viewers on both
nodes see every acknowledged hand (a viewer of the killed node through the balancer
afterwards); the balancer sends the live streams (a board's, a venue screen's) to the
push servers. Speed is not asserted (bench/two_nodes.py reports it).

HAProxy and PgBouncer are Debian's packages; `make test` installs them as it installs
Chromium (`make two-nodes`).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]


def test_two_nodes_behind_haproxy_lose_nothing_when_one_is_killed() -> None:
    for program in ("haproxy", "pgbouncer"):
        assert shutil.which(program, path="/usr/bin:/usr/sbin:/bin:/sbin"), (
            f"{program} missing: make two-nodes"
        )
    options = ["--tables", "6", "--followed", "2", "--seconds", "12", "--pause", "0.5"]
    run = subprocess.run(
        [sys.executable, "bench/two_nodes.py", *options, "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.stdout, run.stderr[-3000:]
    result = json.loads(run.stdout)
    assert result["exactly_once"]["ok"], result
    assert result["exactly_once"]["acknowledged"] > 0, result
    assert result["saves"]["after_kill"]["count"] > 0, result  # node 2 went on alone
    assert result["after"] == {
        "unvalidated_constraints": 0,
        "hands_without_sides": 0,
        "boards_not_equal_to_their_hands": 0,
    }, result
    # The balancer sends the live streams to the push servers: a board's hand pushed.
    assert result["push"]["board_stream_status"] == 200, result
    assert result["push"]["board_pushed_after_s"] is not None, result
    assert result["push"]["screen_stream_by_push_server"], result
    for node in ("node1", "node2"):
        followers = result["followers"][node]
        assert followers["acknowledged_hands"] > 0, result
        assert followers["missed"] == 0, result
    assert run.returncode == 0, run.stderr[-3000:]
