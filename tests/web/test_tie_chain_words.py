"""The tie chain in words: the new steps' reasons, the restart said next to a reason and
under the standings, and on the new-tournament form."""

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.tournaments import core, pages
from scorekeeper.tournaments.services import start
from tests.helpers.actions import post_form, signup
from tests.helpers.tournaments import EIGHT_PAIRS, create, play_round, tournament_of


@pytest.mark.parametrize(
    ("lang", "reason", "words"),
    [
        (
            "en",
            core.Reason("points_against", (("value", 4), ("other", 9))),
            "ahead on points conceded (4 to 9)",
        ),
        (
            "it",
            core.Reason("points_against", (("value", 4), ("other", 9))),
            "avanti per punti subiti (4 a 9)",
        ),
        (
            "en",
            core.Reason("partite_won", (("value", 3), ("other", 2))),
            "ahead on partite won (3 to 2)",
        ),
        (
            "it",
            core.Reason("partite_won", (("value", 3), ("other", 2))),
            "avanti per partite vinte (3 a 2)",
        ),
        (
            "en",
            core.Reason("head_to_head", (("value", 3), ("other", 0)), restarted=True),
            "ahead on head-to-head (3 to 0), the chain started again for the sides still level",
        ),
        (
            "it",
            core.Reason("head_to_head", (("value", 3), ("other", 0)), restarted=True),
            "per chi era ancora a pari merito",
        ),
    ],
)
def test_each_reason_in_words(app: Flask, lang: str, reason: core.Reason, words: str) -> None:
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert words in pages.reason_text(reason)


def test_the_form_and_the_standings_say_the_chain_restarts(app: Flask, client: FlaskClient) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "organiser")
    form = client.get("/tournaments/new").get_data(as_text=True)
    assert "the chain starts again from its first step for those still level" in form
    assert '<option value="partite_won">' in form or 'value="partite_won"' in form
    assert 'value="points_against"' in form
    pid = create(client)
    url = f"/tournaments/{pid}/entries"
    post_form(client, url, url, entries=EIGHT_PAIRS)
    post_form(client, url, f"/tournaments/{pid}/draw")
    with app.app_context():
        start(tournament_of(pid))
        play_round(tournament_of(pid))
    html = client.get(f"/tournaments/{pid}").get_data(as_text=True)
    assert "partite won, point difference, points scored, points conceded, a drawn card." in html
    assert "the chain starts again from its first step for those still level" in html
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "it"
    html = client.get(f"/tournaments/{pid}").get_data(as_text=True)
    assert "per questi si riparte dal primo criterio" in html
