"""The tests' own layout: helpers live in tests/helpers, fixtures in conftest.py files, and
no module of the tests imports a test module or a conftest.py (issue #25).

A test module that imports another one ties the two together (changing or removing one
breaks the other, and importing it runs its module-level setup again); a conftest.py is
pytest's to import, under a name of its choosing.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
#: Modules of the tests that are neither test modules, conftest.py nor helpers: the
#: frozen first scoring engine the differential test compares against (code under test).
NOT_HELPERS = ("oracle/scoring_v1/",)


def imports_of(source: str, package: str) -> Iterator[tuple[int, str]]:
    """Each module that ``source`` (a module of ``package``) imports anywhere, also
    inside a function, with its line. ``from package import name`` gives
    ``package.name`` too, as the name may be a module."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, node.module] if node.module else parts)
            else:
                base = node.module or ""
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def is_test_module(name: str) -> bool:
    """A test module or a conftest.py of the tests."""
    last = name.rpartition(".")[2]
    return name.startswith("tests.") and (last.startswith("test_") or last == "conftest")


def test_no_module_of_the_tests_imports_a_test_module_or_a_conftest() -> None:
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        package = ".".join(path.parent.relative_to(ROOT).parts)
        for line, name in imports_of(path.read_text(encoding="utf-8"), package):
            if is_test_module(name):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert found == [], "move what is shared to tests/helpers (fixtures to a conftest.py)"


def test_helpers_live_in_tests_helpers() -> None:
    """Outside tests/helpers: test modules, conftest.py files and package markers only."""
    stray = [
        path.relative_to(TESTS).as_posix()
        for path in sorted(TESTS.rglob("*.py"))
        if not path.name.startswith("test_")
        and path.name not in ("conftest.py", "__init__.py")
        and not path.relative_to(TESTS).as_posix().startswith(("helpers/", *NOT_HELPERS))
    ]
    assert stray == [], "helper modules belong in tests/helpers"


def test_the_import_check_sees_every_form_of_import() -> None:
    """Absolute, from-package, relative and function-local imports of a test module or a
    conftest are all found, a helper's are not (else the check would pass vacuously)."""
    source = """
import tests.web.test_a
from tests.web.test_b import helper
from tests.web import test_c
from .test_d import helper
from . import test_e, games
from ..e2e.conftest import LiveServer
from tests.helpers import csrf_token
from tests.helpers.games import start_game
import tests.helpers.flows

def f():
    from tests.unit.test_f import helper
"""
    found = {name for _, name in imports_of(source, "tests.web") if is_test_module(name)}
    assert found == {
        "tests.web.test_a",
        "tests.web.test_b",
        "tests.web.test_c",
        "tests.web.test_d",
        "tests.web.test_e",
        "tests.e2e.conftest",
        "tests.unit.test_f",
    }
