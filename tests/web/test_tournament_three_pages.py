"""The pages of a 3-player tournament: created on the form, drawn, its tables of three
on the round page, the sheets and the screen, results entered by hand with three sides
(and refused next to the field), the standings with their tie-break, the winner, the
exports."""

from __future__ import annotations

import csv
import io
import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Match, Status
from tests.helpers import EN
from tests.helpers.actions import as_user, logout, post_form, signup
from tests.helpers.tournaments import NEW, create, tournament_of

SIX = "\n".join(f"Player {i}" for i in range(1, 7))
THREE = {**NEW, "format": "3", "structure": "round_robin", "preset": "scopa-2x2"}


def open_tables(app: Flask, public_id: str) -> list[tuple[int, list[int]]]:
    """The open tables: match id and the entrant numbers seated, in side order."""
    with app.app_context():
        t = tournament_of(public_id)
        found = []
        for _stage, round_ in services.rounds(t):
            for match in services.matches(round_):
                if not match.is_bye and services.result_of(match) is None:
                    sides = [s.number for s in (match.first, match.second, match.third) if s]
                    found.append((match.id, sides))
        return found


def enter_three(
    client: FlaskClient, pid: str, match_id: int, wins: tuple[str, ...], points: tuple[str, ...]
) -> tuple[int, str]:
    """POST a result of three sides; the status and the page."""
    fields = {
        f"{kind}_{side}": value
        for kind, values in (("wins", wins), ("points", points))
        for side, value in zip(("first", "second", "third"), values, strict=False)
    }
    response = post_form(
        client,
        f"/tournaments/{pid}/rounds",
        f"/tournaments/{pid}/matches/{match_id}/result",
        **fields,
    )
    return response.status_code, response.get_data(as_text=True)


@pytest.fixture(autouse=True)
def english(client: FlaskClient) -> None:
    """The messages checked are English."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def started(client: FlaskClient) -> str:
    """A 3-player round-robin of six, created on the form, drawn and started."""
    signup(client, "helper")
    logout(client)
    signup(client, "organiser")
    pid = create(client, **THREE)
    members = f"/tournaments/{pid}/members"
    assert post_form(client, members, members, username="helper", role="helper").status_code == 302
    entries = f"/tournaments/{pid}/entries"
    assert post_form(client, entries, entries, entries=SIX).status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/draw", seed="4").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/start").status_code == 302
    return pid


def test_the_form_offers_three_players(client: FlaskClient) -> None:
    signup(client, "organiser")
    html = client.get("/tournaments/new", headers=EN).get_data(as_text=True)
    assert 'value="3"' in html
    assert "3 players, each for themselves" in html
    # the tie-break chain chosen on the form is for two sides: the form says so
    assert "With three players at a table the order is fixed" in html
    italian = client.get("/tournaments/new", headers={"Accept-Language": "it"})
    assert "Con tre giocatori al tavolo" in italian.get_data(as_text=True)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"structure": "knockout"}, "The 3-player format has no knockout"),
        ({"structure": "groups_knockout"}, "The 3-player format has no knockout"),
        ({"games": "3"}, "A table of three plays one partita"),
    ],
)
def test_the_form_refuses_what_a_table_of_three_cannot_play(
    client: FlaskClient, settings: dict[str, str], message: str
) -> None:
    signup(client, "organiser")
    response = post_form(client, "/tournaments/new", "/tournaments/new", **{**THREE, **settings})
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_pairs_are_refused_in_a_3_player_tournament(client: FlaskClient) -> None:
    signup(client, "organiser")
    pid = create(client, **THREE)
    entries = f"/tournaments/{pid}/entries"
    response = post_form(client, entries, entries, entries="Anna & Bruno")
    assert response.status_code == 422
    assert "A tournament of 3 players takes single players only." in response.get_data(as_text=True)


def test_a_3_player_tournament_runs_from_the_form_to_its_winner(
    app: Flask, client: FlaskClient, started: str
) -> None:
    pid = started
    rounds = f"/tournaments/{pid}/rounds"
    html = client.get(rounds).get_data(as_text=True)
    assert html.count('class="side-c"') == 2  # two tables of three
    assert "Table 2" in html
    assert 'id="wins-third-' in html
    sheets = client.get(f"/tournaments/{pid}/print/sheets").get_data(as_text=True)
    assert sheets.count('class="sheet"') == 2
    assert sheets.count('<th scope="col">Player') == 6  # a column per player
    as_user(client, "helper")
    for _ in range(10):
        tables = open_tables(app, pid)
        if not tables:
            as_user(client, "organiser")
            page = client.get(rounds).get_data(as_text=True)
            if 'id="next-round-button"' not in page:
                break
            assert post_form(client, rounds, f"/tournaments/{pid}/next-round").status_code == 302
            as_user(client, "helper")
            continue
        for match_id, seats in tables:
            best = seats.index(min(seats))  # the lowest number wins each table
            wins = tuple("1" if side == best else "0" for side in range(3))
            points = tuple("11" if side == best else str(side) for side in range(3))
            status, _ = enter_three(client, pid, match_id, wins, points)
            assert status == 302
    with app.app_context():
        t = tournament_of(pid)
        assert t.status == Status.FINISHED.value
        winner = services.winner(t)
        assert winner is not None
        assert winner.number == 1
        winner_name = winner.name
    html = client.get(f"/tournaments/{pid}").get_data(as_text=True)
    assert 'id="podium"' in html
    assert "Winner" in html
    assert winner_name in html
    assert "three-standings" in html
    assert " · 3 players, each for themselves · " in html  # the header names the format
    italian = client.get(f"/tournaments/{pid}", headers={"Accept-Language": "it"})
    assert " · 3 giocatori, ognuno per sé · " in italian.get_data(as_text=True)
    assert "Level on points, sides are ordered by: matches won, game points" in html
    screen = client.get(f"/tournaments/{pid}/screen").get_data(as_text=True)
    assert 'id="podium"' in screen
    printed = client.get(f"/tournaments/{pid}/print/standings")
    assert printed.status_code == 200
    check_exports(client, pid)


def check_exports(client: FlaskClient, pid: str) -> None:
    """The JSON and CSV exports of the finished 3-player round-robin of six."""
    data = json.loads(client.get(f"/tournaments/{pid}/export.json").get_data(as_text=True))
    assert data["winner"] == 1
    assert data["tournament"]["format"] == "3"
    assert all(len(m["result"]["points"]) == 3 for m in data["matches"] if "third" in m)
    assert data["standings"][0]["rows"][0]["firsts"] >= 1
    matches = list(
        csv.reader(
            io.StringIO(client.get(f"/tournaments/{pid}/export/matches.csv").get_data(as_text=True))
        )
    )
    assert matches[0][-4:] == ["third", "third_names", "wins_third", "points_third"]
    assert all(row[-4] for row in matches[1:])
    table = list(
        csv.reader(
            io.StringIO(
                client.get(f"/tournaments/{pid}/export/standings.csv").get_data(as_text=True)
            )
        )
    )
    assert table[0][5:8] == ["played", "firsts", "seconds"]
    assert table[1][3] == "1"


@pytest.mark.parametrize(
    ("wins", "points", "message"),
    [
        (("1", "1", "0"), ("11", "11", "0"), "1 for its winner, 0 for the other two"),
        (("1", "0", "0"), ("5", "11", "0"), "The winner of the partita has more points"),
        (("1", "0"), ("11", "0"), "Type a number."),
        (("1", "0", "x"), ("11", "0", "0"), "Not a valid integer value."),
        (("1", "0", "0"), ("11", "0", "-3"), "A whole number from 0 to 99999."),
    ],
)
def test_a_bad_result_of_three_is_refused_next_to_the_field(
    app: Flask,
    client: FlaskClient,
    started: str,
    wins: tuple[str, ...],
    points: tuple[str, ...],
    message: str,
) -> None:
    as_user(client, "helper")
    match_id, _ = open_tables(app, started)[0]
    status, html = enter_three(client, started, match_id, wins, points)
    assert status == 422
    assert f'id="result-errors-{match_id}"' in html
    assert message in html
    with app.app_context():
        assert services.result_of(db.session.get_one(Match, match_id)) is None


def test_two_helpers_entering_the_same_result_record_it_once(
    app: Flask, client: FlaskClient, started: str
) -> None:
    as_user(client, "helper")
    match_id, _ = open_tables(app, started)[0]
    for _ in range(2):
        assert enter_three(client, started, match_id, ("0", "0", "1"), ("3", "4", "11"))[0] == 302
    as_user(client, "organiser")
    assert enter_three(client, started, match_id, ("0", "0", "1"), ("3", "4", "11"))[0] == 302
    with app.app_context():
        result = services.result_of(db.session.get_one(Match, match_id))
        assert result is not None
        assert result.points == (3, 4, 11)
        assert result.by_hand


@pytest.mark.parametrize(("who", "status"), [("anonymous", 302), ("stranger", 404)])
def test_only_helpers_enter_a_result_of_three(
    app: Flask, client: FlaskClient, started: str, who: str, status: int
) -> None:
    match_id, _ = open_tables(app, started)[0]
    if who == "stranger":
        logout(client)
        signup(client, "stranger")
    else:
        logout(client)
    response = post_form(
        client,
        "/account/login",
        f"/tournaments/{started}/matches/{match_id}/result",
        wins_first="1",
        wins_second="0",
        wins_third="0",
        points_first="11",
        points_second="0",
        points_third="0",
    )
    assert response.status_code == status
    with app.app_context():
        assert services.result_of(db.session.get_one(Match, match_id)) is None


def test_no_tie_reason_is_shown_between_players_who_have_played_nothing(
    app: Flask, client: FlaskClient, started: str
) -> None:
    """Before any table is played, no row of the table says why it is above the next
    (only the draw orders them); once one table is in, its last player, level on no
    points with those yet to play, is above them on game points, and they still say
    nothing, on the tournament page, the screen and the printed standings."""
    pid = started
    pages = (
        f"/tournaments/{pid}",
        f"/tournaments/{pid}/screen",
        f"/tournaments/{pid}/print/standings",
    )
    for url in pages:
        html = client.get(url).get_data(as_text=True)
        assert "three-standings" in html, url
        assert "tie-reason" not in html, url
    match_id, _seats = open_tables(app, pid)[0]
    status, _ = enter_three(client, pid, match_id, ("1", "0", "0"), ("11", "7", "5"))
    assert status == 302
    for url in pages:
        html = client.get(url).get_data(as_text=True)
        assert html.count("tie-reason") == 1, url
        assert "ahead on game points (5 to 0)" in html, url
        assert "the draw's order (number" not in html, url
