"""The lock files agree with pyproject.toml: each range is pinned, to a version inside it.

`make lock` rewrites them; this fails when a dependency was added or its range changed
without that (a fresh clone would then install something else than pyproject.toml asks).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
RUNTIME = [Requirement(line) for line in PROJECT["dependencies"]]
TEST = [Requirement(line) for line in PROJECT["optional-dependencies"]["test"]]


def pins(lock: str) -> dict[str, str]:
    """`{name: version}` of the lock's pins that apply here (markers evaluated)."""
    pinned = {}
    for line in (ROOT / lock).read_text().splitlines():
        if not line or line[0] in "# ":
            continue
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate():
            (spec,) = requirement.specifier
            assert spec.operator == "==", line
            pinned[canonicalize_name(requirement.name)] = spec.version
    return pinned


@pytest.mark.parametrize(
    ("lock", "requirements"),
    [("requirements.lock", RUNTIME), ("requirements-test.lock", RUNTIME + TEST)],
)
def test_every_range_is_pinned_inside_it(lock: str, requirements: list[Requirement]) -> None:
    pinned = pins(lock)
    for requirement in requirements:
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{name} is not in {lock}: run `make lock`"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"{lock} pins {name}=={pinned[name]}, outside {requirement}: run `make lock`"
        )


def test_the_test_lock_installs_the_same_runtime() -> None:
    runtime, test = pins("requirements.lock"), pins("requirements-test.lock")
    assert {name: test.get(name) for name in runtime} == runtime
