"""`make run` serves on the port the environment names (`PORT=5400 make run`), 5000 by
default, and the README says so. Read from make's dry run: nothing is installed or served."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def dry_run(**env: str) -> str:
    """What `make run` would run, with ``env`` added to the environment."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    environ = {k: v for k, v in os.environ.items() if k not in ("PORT", "MAKEFLAGS")}
    done = subprocess.run(
        ["make", "-n", "run"],
        cwd=ROOT,
        env={**environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_make_run_serves_on_port_from_the_environment() -> None:
    assert re.search(r"flask --app scorekeeper run --port 5400\b", dry_run(PORT="5400"))


def test_make_run_serves_on_5000_by_default() -> None:
    assert re.search(r"flask --app scorekeeper run --port 5000\b", dry_run())


def test_the_readme_says_how_to_choose_the_port() -> None:
    assert "PORT=5400 make run" in (ROOT / "README.md").read_text(encoding="utf-8")
