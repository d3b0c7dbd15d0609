"""Build hook: put the top-level folders and the compiled catalogs into the built package.

Everything else about the package is in pyproject.toml. In a checkout ``templates/``,
``static/`` and ``migrations/`` sit beside the package, as the project's layout has them;
an installed copy needs them inside it (``scorekeeper.data_folder`` looks there first), so
the build copies them in (MANIFEST.in puts them in a source distribution). The .mo files
are not in git (`make translations` compiles them in a checkout), so a wheel or
`pip install .` made from a fresh clone gets them here, compiled as `pybabel compile`
would (fuzzy entries left out). An editable install reads all of them from the checkout.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CATALOGS = "scorekeeper/translations/*/LC_MESSAGES/*.po"
DATA_FOLDERS = ("templates", "static", "migrations")
NOT_DATA = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


class BuildPyWithData(build_py):
    """`build_py`, then the data folders and a `.mo` next to every `.po` in the build."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        package = Path(self.build_lib) / "scorekeeper"
        for folder in DATA_FOLDERS:
            shutil.copytree(folder, package / folder, ignore=NOT_DATA, dirs_exist_ok=True)
        for po in sorted(Path().glob(CATALOGS)):
            mo = Path(self.build_lib) / po.with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parts[-3])
            with mo.open("wb") as target:
                write_mo(target, catalog)


setup(cmdclass={"build_py": BuildPyWithData})
