"""A variant is one change in the scoring package, plus its label and its migration.

Every form that chooses rules (a new game, a league's settings, the hand checker) and
the board's summary of a game's settings walk the variants of `Rules` (`VARIANTS`, with
their words in `ui.labels.VARIANT_LABELS`); these tests walk the same list, so a variant
added to `Rules` without its switch somewhere fails here.
"""

from __future__ import annotations

import re
from dataclasses import fields

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League
from scorekeeper.scoring import Rules
from scorekeeper.scoring.rules import VARIANTS
from scorekeeper.ui.labels import GAME_VARIANT_LABELS, VARIANT_LABELS
from tests.helpers.actions import create_league, signup
from tests.helpers.games import rules_line, start_game


def test_the_variants_are_the_on_off_settings_of_the_rules_each_with_its_words() -> None:
    on_off = [f.name for f in fields(Rules) if isinstance(getattr(Rules(), f.name), bool)]
    assert list(VARIANTS) == on_off
    assert len(VARIANTS) >= 3
    # A hand's variants, and a whole game's (chiamarsi fuori): each in one table.
    assert set(VARIANT_LABELS) | set(GAME_VARIANT_LABELS) == set(VARIANTS)
    assert not set(VARIANT_LABELS) & set(GAME_VARIANT_LABELS)


def _switch(html: str, name: str) -> str:
    """The checkbox input named ``name`` in ``html`` (the test fails if there is none)."""
    match = re.search(rf'<input[^>]*\bname="{name}"[^>]*>', html)
    assert match, f"no switch {name}"
    assert 'type="checkbox"' in match.group(0)
    return match.group(0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_form_that_chooses_rules_shows_every_variant(
    app: Flask, client: FlaskClient, variant: str
) -> None:
    signup(client, "owner")
    game_wide = variant in GAME_VARIANT_LABELS  # nothing for the hand checker to check
    with app.test_request_context():
        if game_wide:
            rules_label = checker_label = str(GAME_VARIANT_LABELS[variant][0])
        else:
            rules_label, checker_label = (str(label) for label in VARIANT_LABELS[variant])
    pages = [("/games/new", rules_label), ("/leagues/new", rules_label)]
    if not game_wide:
        pages.append(("/check/hand?mode=counts", checker_label))
    for url, label in pages:
        html = client.get(url).get_data(as_text=True)
        assert "checked" not in _switch(html, variant), url  # every variant is off by default
        assert label in html, url
    if game_wide:
        return
    checked = client.get(f"/check/hand?mode=counts&{variant}=1").get_data(as_text=True)
    assert "checked" in _switch(checked, variant)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_variant_chosen_on_a_form_is_stored_and_summed_up_on_the_board(
    app: Flask, client: FlaskClient, variant: str
) -> None:
    signup(client, "owner")
    board = start_game(client, **{variant: "y"})
    create_league(client, **{variant: "y"})
    with app.app_context():
        game_rules = db.session.scalars(select(Game)).one().rules
        league_rules = db.session.scalars(select(League)).one().rules
    for rules in (game_rules, league_rules):
        assert [name for name in VARIANTS if getattr(rules, name)] == [variant]
    html = client.get(board).get_data(as_text=True)
    with app.test_request_context(headers={"Accept-Language": "it"}):
        name = (
            str(GAME_VARIANT_LABELS[variant][1])
            if variant in GAME_VARIANT_LABELS
            else variant.replace("_", " ")
        )
    assert rules_line(html).split(" · ")[2:] == [name]
