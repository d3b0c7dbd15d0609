"""The `db` marker is given by tests/conftest.py to every test that uses the test
database, and to no other: a copy of that conftest collects a test using `app`, one
using `client`, one using `make_app` and a pure unit test (nothing is run)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

CONFTEST = Path(__file__).resolve().parent.parent / "conftest.py"


def test_a_test_using_the_database_is_marked_db_and_a_pure_one_is_not(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeini("[pytest]\nmarkers =\n    db: needs the database\n")
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makepyfile(
        test_probe="""
        def test_with_app(app):
            pass

        def test_with_client(client):
            pass

        def test_with_make_app(make_app):
            pass

        def test_pure():
            assert 1 + 1 == 2
        """
    )
    items, _ = pytester.inline_genitems()
    marked = {item.name: item.get_closest_marker("db") is not None for item in items}
    assert marked == {
        "test_with_app": True,
        "test_with_client": True,
        "test_with_make_app": True,
        "test_pure": False,
    }
