"""The import-linter contracts in pyproject.toml: kept by the code, and able to fail.

`make lint` runs ``lint-imports``; these tests make the suite say the same, and show on
a copy of the package that an upward import (the circle games -> leagues that a
signal and a hook replaced) breaks the layers contract.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def working_directory(path: Path) -> Iterator[None]:
    """Run the block in ``path`` (lint-imports reads pyproject.toml and imports from there)."""
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def test_the_import_contracts_are_kept() -> None:
    with working_directory(ROOT):
        assert lint_imports(no_cache=True, no_logo=True) == 0


def test_an_upward_import_breaks_the_layers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games importing leagues again, in a copy of the package: the contract is broken."""
    shutil.copytree(ROOT / "scorekeeper", tmp_path / "scorekeeper", ignore=_not_python)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    services = tmp_path / "scorekeeper" / "games" / "services.py"
    services.write_text(services.read_text() + "\nfrom scorekeeper.leagues import games\n")
    # The graph is built from wherever `scorekeeper` is found: the copy, not the original.
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in sys.modules if m.split(".")[0] == "scorekeeper"]:
        monkeypatch.delitem(sys.modules, name)
    with working_directory(tmp_path):
        assert lint_imports(no_cache=True, no_logo=True) == 1


def _not_python(directory: str, names: list[str]) -> list[str]:
    """What the copy leaves out: everything but packages and Python files."""
    return [n for n in names if not (n.endswith(".py") or (Path(directory) / n).is_dir())]
