"""Build hook: compile the translation catalogs (.po to .mo) into the built package.

Everything else about the package is in pyproject.toml. The .mo files are not in git
(`make translations` compiles them in a checkout), so a wheel or `pip install .` made
from a fresh clone gets them here, compiled as `pybabel compile` would (fuzzy entries
left out).
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CATALOGS = "scorekeeper/translations/*/LC_MESSAGES/*.po"


class BuildPyWithCatalogs(build_py):
    """`build_py`, then a `.mo` next to every `.po` in the build folder."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path().glob(CATALOGS)):
            mo = Path(self.build_lib) / po.with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parts[-3])
            with mo.open("wb") as target:
                write_mo(target, catalog)


setup(cmdclass={"build_py": BuildPyWithCatalogs})
