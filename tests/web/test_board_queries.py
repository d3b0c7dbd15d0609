"""What a save and its board ask of the database: a fixed number of statements whatever
the game's length (no query per hand), and the cached winner a save writes equal to the
board's own replay."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.games.services import game_state, stored_state, stored_states
from tests.helpers import statements
from tests.helpers.games import form_keys, hand_points, start_game


def _save(client: FlaskClient, url: str, a: int, b: int) -> str:
    data = form_keys(client, url) | hand_points(a, b) | {"action": "save"}
    response = client.post(f"{url}/hands", data=data)
    assert response.status_code == 302
    return str(response.headers["Location"])


def test_a_save_and_its_board_make_as_many_statements_at_hand_2_as_at_hand_9(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client, target="61")
    counts = []
    for _ in range(9):
        with statements(app) as seen:
            board = _save(client, url, 3, 1)
            client.get(board)
        counts.append(len(seen))
    # The first save differs (no hand yet to read back); the rest never grow.
    assert len(set(counts[1:])) == 1, counts


def test_the_winner_a_save_caches_is_the_boards_replay(app: Flask, client: FlaskClient) -> None:
    url = start_game(client, target="11")
    for a, b in [(4, 0), (0, 4), (5, 0), (0, 6), (3, 1)]:
        _save(client, url, a, b)
        with app.app_context():
            game = db.session.scalars(select(Game)).one()
            assert stored_state(game) == game_state(game)
            assert game.winner_side == game_state(game).winner


def test_the_states_of_several_games_read_at_once_are_each_ones_own(
    app: Flask, client: FlaskClient
) -> None:
    """`stored_states` (a round page's live scores): each game's state as `stored_state`
    gives it, a game without hands among them, in one statement."""
    played, _fresh, won = (start_game(client, target=target) for target in ("61", "61", "11"))
    for a, b in [(4, 0), (0, 3)]:
        _save(client, played, a, b)
    for a, b in [(5, 0), (6, 0)]:
        _save(client, won, a, b)
    with app.app_context():
        games = list(db.session.scalars(select(Game).order_by(Game.id)))
        with statements(app) as seen:
            states = stored_states(games)
        assert len(seen) == 1
        assert states == {game.id: stored_state(game) for game in games}
        # 4-0, then 0-7 (the second side's four points and three scope); none; 5-0, 6-0.
        assert [states[game.id].totals for game in games] == [(4, 7), (0, 0), (11, 0)]
        assert states[games[2].id].winner == 0
        assert stored_states([]) == {}


def _reads_of_hands(seen: list[str]) -> list[str]:
    """The SELECTs among ``seen`` that read the hand or hand_side table."""
    return [
        statement
        for statement in seen
        if statement.lstrip().upper().startswith("SELECT")
        and re.search(r"\bFROM hand(_side)?\b", statement)
    ]


def test_a_save_reads_the_hand_count_and_its_request_id_in_one_statement(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client, target="61")
    _save(client, url, 3, 1)
    data = form_keys(client, url) | hand_points(1, 3) | {"action": "save"}
    with statements(app) as seen:
        assert client.post(f"{url}/hands", data=data).status_code == 302
    before_insert = seen[: next(i for i, s in enumerate(seen) if s.startswith("INSERT"))]
    assert len(_reads_of_hands(before_insert)) == 1, before_insert


def test_the_board_reads_its_hands_with_their_sides_in_one_statement(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client, target="61")
    board = ""
    for a, b in [(3, 1), (1, 3), (2, 2)]:
        board = _save(client, url, a, b)
    with statements(app) as seen:
        client.get(board)
    assert len(_reads_of_hands(seen)) == 1, seen


def _reads_of(table: str, seen: list[str]) -> list[str]:
    """The statements among ``seen`` that name ``table``."""
    return [statement for statement in seen if re.search(rf"\b{table}\b", statement)]


def test_a_casual_games_save_asks_nothing_of_the_leagues(app: Flask, client: FlaskClient) -> None:
    url = start_game(client, target="61")
    _save(client, url, 3, 1)
    data = form_keys(client, url) | hand_points(1, 3) | {"action": "save"}
    with statements(app) as seen:
        assert client.post(f"{url}/hands", data=data).status_code == 302
    assert _reads_of("league_result", seen) == []
    assert _reads_of("league", seen) == []


def test_the_board_reads_removed_hands_only_once_the_game_has_lost_one(
    app: Flask, client: FlaskClient
) -> None:
    url = start_game(client, target="61")
    board = ""
    for a, b in [(3, 1), (1, 3)]:
        board = _save(client, url, a, b)
    with statements(app) as seen:
        html = client.get(board).get_data(as_text=True)
    assert _reads_of("hand_revision", seen) == []
    assert 'id="removed-hands"' not in html
    data = {"csrf_token": form_keys(client, url)["csrf_token"], "number": "2"}
    assert client.post(f"{url}/undo", data=data).status_code == 302
    with statements(app) as seen:
        html = client.get(board).get_data(as_text=True)
    assert len(_reads_of("hand_revision", seen)) == 1
    assert 'id="removed-hands"' in html
    with app.app_context():
        assert db.session.scalars(select(Game.removed_count)).one() == 1


def test_the_pages_listing_this_browsers_games_read_their_names_at_once(
    app: Flask, client: FlaskClient
) -> None:
    start_game(client, names=("Anna", "Bruno"))

    def counts() -> list[int]:
        found = []
        for page in ("/", "/games/new"):
            with statements(app) as seen:
                assert client.get(page).status_code == 200
            found.append(len(seen))
        return found

    with_one = counts()
    for i in range(4):
        start_game(client, names=(f"Carla {i}", f"Dario {i}"))
    html = client.get("/games/new").get_data(as_text=True)
    assert "Carla 3" in html, "the name pickers offer the names of every game"
    assert counts() == with_one
