"""The import-linter contracts in pyproject.toml: kept by the code, and able to fail.

`make lint` runs ``lint-imports``; these tests make the suite say the same, and show on
a copy of the package that each kind of forbidden import (the circle games -> leagues
that a signal and a hook replaced, among others) breaks a contract.
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


#: An import each contract refuses, added to one module of a copy of the package, and the
#: start of the name of the contract it breaks.
BREAKING = {
    "games import leagues again (the old circle)": (
        "games/services.py",
        "from scorekeeper.leagues import games",
        "Imports point down",
    ),
    "the standing rows import the results again (the old type-level circle)": (
        "leagues/standings/rows.py",
        "from scorekeeper.leagues.standings.results import ResultSource",
        "League standings point down",
    ),
    "a form imports a service": (
        "games/forms.py",
        "from scorekeeper.games import services",
        "No form imports a service",
    ),
    "a blueprint imports the app package": (
        "main/views.py",
        "import scorekeeper",
        "Only the app factory's callers",
    ),
    "the scoring core imports Flask": (
        "scoring/cards.py",
        "import flask",
        "The scoring and tournament cores: no Flask",
    ),
    "the tournament core imports SQLAlchemy": (
        "tournaments/core/standings.py",
        "import sqlalchemy",
        "The scoring and tournament cores: no Flask",
    ),
    "a form imports a module of the tournaments' services package": (
        "tournaments/forms.py",
        "from scorekeeper.tournaments.services import settings",
        "No form imports a service",
    ),
    "a low tournament service imports a higher one": (
        "tournaments/services/queries.py",
        "from scorekeeper.tournaments.services import pairing",
        "Tournament services: a job imports only the jobs below it",
    ),
    "two tournament services of one layer import each other": (
        "tournaments/services/results.py",
        "from scorekeeper.tournaments.services import drawing",
        "Tournament services: a job imports only the jobs below it",
    ),
    "a tournament file check imports the writer": (
        "tournaments/transfer/league_fields.py",
        "from scorekeeper.tournaments.transfer import league_write",
        "Tournament transfer: a job imports only the jobs below it",
    ),
    "the tournament core imports the games": (
        "tournaments/core/swiss.py",
        "from scorekeeper.games import services",
        "The tournament core uses nothing of the app but the scoring core",
    ),
}


@pytest.mark.parametrize("case", BREAKING)
def test_a_forbidden_import_breaks_a_contract(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    """The same check on a copy of the package with one forbidden import added."""
    module, line, contract = BREAKING[case]
    shutil.copytree(ROOT / "scorekeeper", tmp_path / "scorekeeper", ignore=_not_python)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    changed = tmp_path / "scorekeeper" / module
    changed.write_text(changed.read_text() + f"\n{line}\n")
    # The graph is built from wherever `scorekeeper` is found: the copy, not the original.
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in sys.modules if m.split(".")[0] == "scorekeeper"]:
        monkeypatch.delitem(sys.modules, name)
    with working_directory(tmp_path):
        assert lint_imports(no_cache=True, no_logo=True) == 1
    report = capsys.readouterr().out
    broken = [row for row in report.splitlines() if row.endswith(" BROKEN")]
    assert any(row.startswith(contract) for row in broken), report


def _not_python(directory: str, names: list[str]) -> list[str]:
    """What the copy leaves out: everything but packages and Python files."""
    return [n for n in names if not (n.endswith(".py") or (Path(directory) / n).is_dir())]
