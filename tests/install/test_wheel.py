"""An installed copy serves every kind of page: proved from a wheel built from the sources.

The wheel is built from a copy of the checkout without its compiled catalogs (as a fresh
clone is), installed into a folder of its own, and run from another folder with only that
one on PYTHONPATH, so nothing can come from the checkout: the packaged migrations upgrade a
fresh SQLite database, then the app serves each kind of page in Italian and in English.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import CSRF_INPUT

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]
NOT_SOURCES = shutil.ignore_patterns(
    ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
    ".hypothesis", ".coverage*", "instance", "node_modules", "*.mo", "*.sqlite3*",
)  # fmt: skip

# Run by the installed copy: start a game through its form, then GET one page of each kind
# in each language and print what came back as JSON.
SERVE_PAGES = """
import json, re, sys
import scorekeeper
from scorekeeper.extensions import db

app = scorekeeper.create_app()
client = app.test_client()
with client.get("/games/new") as page:
    token = re.search(sys.argv[1], page.get_data(as_text=True)).group(1)
form = {"csrf_token": token, "format": "2", "names-0": "Anna", "names-1": "Bruno",
        "target": "11", "first_dealer": "0"}
with client.post("/games/new", data=form) as started:
    board = started.headers["Location"]
paths = {"home": "/", "new game": "/games/new", "board": board, "primiera": "/primiera",
         "captures": "/check/capture", "hand check": "/check/hand", "rules": "/rules",
         "API docs": "/api", "static file": "/static/css/app.css", "favicon": "/favicon.ico"}
pages = {}
for lang in ("it", "en"):
    for kind, path in paths.items():
        with client.get(path, headers={"Accept-Language": lang}) as response:
            pages[f"{kind} {lang}"] = {"status": response.status_code,
                                       "type": response.mimetype,
                                       "text": response.get_data().decode("latin-1")}
with app.app_context():
    database = db.engine.url.database
json.dump({"module": scorekeeper.__file__, "database": database, "pages": pages}, sys.stdout)
"""


def _run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a command; its output, or a failure that shows it."""
    done = subprocess.run(
        [str(arg) for arg in args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    command = " ".join(str(arg) for arg in args)
    assert done.returncode == 0, f"{command[:200]} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Build and install the wheel, upgrade a fresh database, serve the pages: what came back."""
    tmp = tmp_path_factory.mktemp("packaging")
    source, dist, site, elsewhere = (tmp / name for name in ("source", "dist", "site", "run"))
    shutil.copytree(ROOT, source, ignore=NOT_SOURCES)
    elsewhere.mkdir()
    pip = (sys.executable, "-m", "pip", "--disable-pip-version-check", "-q")
    _run(*pip, "wheel", "--no-deps", "--no-index", "--no-build-isolation",
         "--check-build-dependencies", "-w", dist, source, cwd=elsewhere)  # fmt: skip
    (wheel,) = dist.glob("scorekeeper-*.whl")
    _run(*pip, "install", "--no-deps", "--no-index", "--target", site, wheel, cwd=elsewhere)

    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("SCOREKEEPER_", "FLASK_", "COV", "PYTHON", "TEST_DATABASE"))
    }
    env |= {
        "PYTHONPATH": str(site),
        "PYTHONSAFEPATH": "1",  # not even the working directory goes on sys.path
        "DATABASE_URL": f"sqlite:///{elsewhere / 'fresh.sqlite3'}",
        "SECRET_KEY": "packaging-test",
    }
    flask = (sys.executable, "-m", "flask", "--app", "scorekeeper")
    _run(*flask, "db", "upgrade", cwd=elsewhere, env=env)
    served = json.loads(
        _run(sys.executable, "-c", SERVE_PAGES, CSRF_INPUT.pattern, cwd=elsewhere, env=env)
    )
    served["site"] = site
    served["files"] = [path.relative_to(site).as_posix() for path in site.rglob("*")]
    return served


def test_the_app_runs_from_the_installed_copy(installed: dict[str, Any]) -> None:
    assert Path(installed["module"]).parent == installed["site"] / "scorekeeper"
    assert installed["database"].endswith("/run/fresh.sqlite3")


def test_the_wheel_holds_templates_static_files_catalogs_and_migrations(
    installed: dict[str, Any],
) -> None:
    files = set(installed["files"])
    # The checkout's top-level folders land inside the installed package (setup.py).
    for folder, pattern in [
        ("templates", "**/*.html"),
        ("templates", "**/*.js"),
        ("static", "**/*.*"),
        ("migrations", "*.*"),
        ("migrations/versions", "*.py"),
        ("scorekeeper/translations", "*/LC_MESSAGES/*.po"),
    ]:
        wanted = {
            "scorekeeper/" + path.relative_to(ROOT).as_posix().removeprefix("scorekeeper/")
            for path in (ROOT / folder).glob(pattern)
            if not path.name.startswith(".")  # .gitkeep
        }
        assert wanted, folder
        assert wanted <= files, sorted(wanted - files)
    assert "scorekeeper/translations/it/LC_MESSAGES/messages.mo" in files  # compiled by the build


@pytest.mark.parametrize(
    "kind",
    ["home", "new game", "board", "primiera", "captures", "hand check", "rules", "API docs"],
)
def test_every_kind_of_page_is_served_in_italian_and_english(
    installed: dict[str, Any], kind: str
) -> None:
    for lang, skip_link in (("it", "Vai al contenuto"), ("en", "Skip to content")):
        page = installed["pages"][f"{kind} {lang}"]
        assert (page["status"], page["type"]) == (200, "text/html"), (kind, lang)
        assert f'<html lang="{lang}">' in page["text"], (kind, lang)
        assert skip_link in page["text"], (kind, lang)
    assert "Anna" in installed["pages"]["board en"]["text"]


@pytest.mark.parametrize(
    ("kind", "path", "mimetype"),
    [
        ("static file", "static/css/app.css", "text/css"),
        ("favicon", "static/favicon.ico", "image/vnd.microsoft.icon"),
    ],
)
def test_static_files_are_served_from_the_package(
    installed: dict[str, Any], kind: str, path: str, mimetype: str
) -> None:
    page = installed["pages"][f"{kind} en"]
    assert (page["status"], page["type"]) == (200, mimetype)
    assert page["text"].encode("latin-1") == (ROOT / path).read_bytes()


def test_an_editable_install_serves_from_the_checkout(tmp_path: Path) -> None:
    """`pip install -e .`: the app reads templates/, static/ and migrations/ beside the package."""
    source, venv, elsewhere = (tmp_path / name for name in ("source", "venv", "run"))
    shutil.copytree(ROOT, source, ignore=NOT_SOURCES)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    python = venv / "bin" / "python"
    (site,) = venv.glob("lib/python3*/site-packages")
    # The test environment's packages (pip, setuptools, Babel, Flask...) seen by the new one.
    (site / "_test_environment.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run(python, "-m", "pip", "--disable-pip-version-check", "-q", "install", "--no-deps",
         "--no-index", "--no-build-isolation", "-e", source, cwd=tmp_path)  # fmt: skip
    elsewhere.mkdir()
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("SCOREKEEPER_", "FLASK_", "COV", "PYTHON", "TEST_DATABASE"))
    }
    env |= {
        "PYTHONSAFEPATH": "1",
        "DATABASE_URL": f"sqlite:///{elsewhere / 'fresh.sqlite3'}",
        "SECRET_KEY": "packaging-test",
    }
    _run(python, "-m", "flask", "--app", "scorekeeper", "db", "upgrade", cwd=elsewhere, env=env)
    served = json.loads(_run(python, "-c", SERVE_PAGES, CSRF_INPUT.pattern, cwd=elsewhere, env=env))
    assert Path(served["module"]) == source / "scorekeeper" / "__init__.py"
    assert not (source / "scorekeeper" / "templates").exists()
    for kind in ("board it", "new game en", "static file en"):
        assert served["pages"][kind]["status"] == 200, kind
    css = served["pages"]["static file en"]["text"].encode("latin-1")
    assert css == (source / "static" / "css" / "app.css").read_bytes()
