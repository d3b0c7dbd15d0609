"""mypy sees the models (STYLE.md, practice 19): a model is no `Any` to it.

`scorekeeper.extensions.Model` is ``db.Model`` at run time and the typed declarative base to
mypy; these tests show both halves: mypy refuses what no model has, and what mypy is told of
every model's ``__table__`` (a Table) holds at run time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api
from sqlalchemy import Table

from scorekeeper.accounts.models import User
from scorekeeper.extensions import Model, db
from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League
from scorekeeper.tournaments.models import Tournament

ROOT = Path(__file__).resolve().parents[2]

#: A model of each feature, misused twice: an attribute it lacks, a column's wrong type.
MISUSE = """\
from scorekeeper.accounts.models import User
from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League
from scorekeeper.tournaments.models import Tournament


def misuse(user: User, game: Game, league: League, tournament: Tournament) -> None:
    user.no_such_attribute
    game.no_such_attribute
    league.no_such_attribute
    tournament.no_such_attribute
    version: str = game.version
"""


def test_mypy_refuses_what_no_model_has(
    tmp_path: Path, pytestconfig: pytest.Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The project's own mypy settings on a snippet; its cache kept between runs (a cold
    run reads SQLAlchemy and Flask, several seconds; a warm one about one)."""
    snippet = tmp_path / "misuse.py"
    snippet.write_text(MISUSE)
    # In pytest's cache folder (when its cache plugin runs), apart from the .mypy_cache
    # that `make typecheck` keeps.
    kept = getattr(pytestconfig, "cache", None)
    cache = kept.mkdir("mypy") if kept is not None else tmp_path / "mypy-cache"
    monkeypatch.chdir(ROOT)  # mypy_path ("typings") is read from the working directory
    out, err, status = api.run(
        ["--config-file", "pyproject.toml", "--cache-dir", str(cache), str(snippet)]
    )
    errors = sorted(
        line.split(": error: ", 1)[1] for line in out.splitlines() if ": error: " in line
    )
    assert errors == sorted(
        [
            *(
                f'"{name}" has no attribute "no_such_attribute"  [attr-defined]'
                for name in ("User", "Game", "League", "Tournament")
            ),
            'Incompatible types in assignment (expression has type "int", variable has type'
            ' "str")  [assignment]',
        ]
    ), out + err
    assert status == 1


def test_the_models_base_is_flask_sqlalchemys_at_run_time() -> None:
    assert Model is db.Model
    for model in (User, Game, League, Tournament):
        assert issubclass(model, db.Model)


def test_every_model_is_mapped_to_a_table() -> None:
    """What `Base` tells mypy of ``__table__``: a Table (Core's insert and update take it)."""
    mappers = Model.registry.mappers
    assert {User, Game, League, Tournament} <= {mapper.class_ for mapper in mappers}
    for mapper in mappers:
        assert isinstance(mapper.class_.__table__, Table), mapper
