"""No input gives a 5xx: every route's URL values, and every field of every form a page
shows, with numbers no database holds, NUL bytes and over-long text (on SQLite and, with
TEST_DATABASE_URL, on PostgreSQL).

The routes come from the app's url_map, so a new route is fuzzed too (and fails here
until `VALID` says what a good value of a new URL argument is).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.routing import IntegerConverter, Rule

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues.models import Invitation, LeagueImport, Membership, Player, Season
from tests.helpers import make_test_config
from tests.helpers.actions import create_league, import_file, invite, post_form, signup
from tests.helpers.fuzz import HOSTILE, HUGE, LONG, page_forms
from tests.helpers.games import record, start_game
from tests.helpers.leagues import ids, start_league_game


def _rules() -> list[Rule]:
    app = create_app(make_test_config("sqlite://"))
    return sorted(
        (rule for rule in app.url_map.iter_rules() if rule.endpoint != "static"),
        key=lambda rule: rule.rule,
    )


RULES = {rule.rule: rule for rule in _rules()}


@dataclass
class World:
    """A logged-in owner's league with a player, season, invitation and a game, and a
    casual game with a hand: a good value for every URL argument."""

    values: dict[str, str]
    view_token: str
    join_token: str


@pytest.fixture
def world(app: Flask, client: FlaskClient) -> World:
    """See `World`."""
    signup(client, "owner")
    league = create_league(client, "Circolo")
    post_form(client, f"/leagues/{league}/players", f"/leagues/{league}/players", name="Anna")
    post_form(
        client,
        f"/leagues/{league}/seasons",
        f"/leagues/{league}/seasons",
        name="2026",
        starts_on="2026-01-01",
        ends_on="2026-12-31",
    )
    join = invite(client, league, "scorer")
    league_board = start_league_game(client, league, "Anna", "Bruno")
    board = start_game(client)
    assert record(client, board).status_code == 302
    token = board.rsplit("/", 1)[1]
    copied = import_file(client, client.get(f"/leagues/{league}/export.json").get_data())
    assert copied.status_code == 302
    with app.app_context():
        import_job = db.session.scalars(select(LeagueImport.id)).one()
        game = db.session.scalar(select(Game).where(Game.league_id.is_(None)))
        assert game is not None
        view_token = game.view_token
        league_game = db.session.scalar(select(Game.id).where(Game.league_id.is_not(None)))
    assert league_board
    values = {
        "token": token,
        "public_id": league,
        "number": "1",
        "season_id": str(ids(app, Season, league)[0]),
        "player_id": str(ids(app, Player, league)[0]),
        "membership_id": str(ids(app, Membership, league)[-1]),
        "invitation_id": str(ids(app, Invitation, league)[0]),
        "game_id": str(league_game),
        "job_id": str(import_job),
        "kind": "edit",
        "code": "en",
        # Tournament ids: under a league's public id they are a 404, never a 5xx (the
        # tournament pages' own tests give them a tournament).
        "entry_id": "1",
        "entrant_id": "1",
        "match_id": "1",
        "member_id": "1",
        "table": "standings",  # a tournament export's table
        "day": "2026-08-16",  # a league evening's result sheet
        "signature": "not-a-signature",  # a result sheet's (refused: 400, never a 5xx)
        "tournament_id": "not-a-tournament",  # a circuit's tournament (by its public id)
    }
    return World(values, view_token, join.rsplit("/", 1)[1])


def url_of(rule: Rule, world: World, **override: str) -> str:
    """The rule's URL with good values (the view or invitation token where it takes one)."""
    values = dict(world.values)
    if rule.rule.startswith("/v/"):
        values["token"] = world.view_token
    elif rule.rule.startswith("/leagues/join/"):
        values["token"] = world.join_token
    values.update(override)
    url = rule.rule
    for argument in rule.arguments:
        assert argument in values, f"add a good value of <{argument}> to World ({rule.rule})"
        url = re.sub(rf"<(?:[\w]+:)?{argument}>", values[argument].replace("\\", r"\\"), url)
    return url


def methods(rule: Rule) -> list[str]:
    return sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})


def test_hostile_url_values_are_a_404_never_a_5xx(client: FlaskClient, world: World) -> None:
    """On every route: a number beyond any database integer in ``<int:...>`` is a 404, a
    control character in any other argument too, and a 10,000-character value is never a
    server error. (One world for all routes; every failure is listed.)"""
    failures = []
    for rule in RULES.values():
        for argument in rule.arguments:
            is_int = isinstance(rule._converters[argument], IntegerConverter)
            for value in (HUGE,) if is_int else ("a\x00b", "a\x01b", LONG):
                url = url_of(rule, world, **{argument: value})
                expected = 404 if is_int or value != LONG else None
                for method in methods(rule):
                    status = client.open(url, method=method).status_code
                    if status >= 500 or (expected is not None and status != expected):
                        failures.append((method, rule.rule, argument, value[:20], status))
    assert failures == []


def test_hostile_form_fields_are_refused_never_a_5xx(client: FlaskClient, world: World) -> None:
    """Every field of every form on every page (GET routes), one at a time, set to each
    hostile value with the others as the page has them: refused or accepted, never a
    server error. A form met on several pages is fuzzed once."""
    failures = []
    seen: set[tuple[str, str, tuple[str, ...]]] = set()
    for rule in RULES.values():
        if "GET" not in (rule.methods or ()):
            continue
        for action, form in page_forms(client, url_of(rule, world)):
            key = (action, form.method, tuple(sorted(form.data)))
            if key in seen:
                continue
            seen.add(key)
            for name in form.data:
                for value in HOSTILE:
                    data = {**form.data, name: value}
                    if form.method == "POST":
                        status = client.post(action, data=data).status_code
                    else:
                        status = client.get(action, query_string=data).status_code
                    if status >= 500:
                        failures.append((rule.rule, action, name, value[:20], status))
    assert len(seen) > 20  # the pages' forms were found
    assert failures == []


@pytest.mark.parametrize("path", ["/api/v1/score", "/api/v1/primiera"])
def test_json_nested_too_deep_is_a_400_with_a_reason(client: FlaskClient, path: str) -> None:
    """A JSON body nested deeper than Python can read is refused with a reason."""
    depth = 5_000  # within the request size limit, far past the recursion limit
    for body in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        response = client.post(
            path, data=body, content_type="application/json", headers={"Accept-Language": "en"}
        )
        assert response.status_code == 400
        assert response.get_json()["errors"][0]["message"] == "the request body is not valid JSON"


def test_json_responses_hold_lazy_text_as_text(app: Flask) -> None:
    """A lazy translation sent as JSON is its text (an apostrophe stays one)."""
    from scorekeeper.ui.text import lazy_gettext

    with app.test_request_context(headers={"Accept-Language": "it"}):
        message = lazy_gettext("'%(text)s' is not a card", text="x")
        assert json.loads(app.json.dumps({"m": message})) == {"m": "'x' non è una carta"}
        assert app.json.dumps([lazy_gettext("Nobody")]) == json.dumps(["Nessuno"])
