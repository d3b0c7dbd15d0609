"""League games: starting, attaching, scoring through the league, standings, ratings,
player pages, exports and the import round trip."""

from __future__ import annotations

import io
import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Hand, Seat
from scorekeeper.games.services import record_hand, revisions_of
from scorekeeper.leagues.models import League, LeagueResult, Player
from tests.helpers.actions import (
    as_user,
    create_league,
    import_file,
    invite,
    join,
    logout,
    post_form,
    signup,
)
from tests.helpers.games import record
from tests.helpers.games import start_game as start_casual_game
from tests.helpers.leagues import ids, start_league_game, win_for_side_a


@pytest.fixture
def scored(client: FlaskClient) -> str:
    """A league (owner "owner", scorer "scorer") where Anna beat Bruno once."""
    signup(client, "scorer")
    logout(client)
    signup(client, "owner")
    public_id = create_league(client)
    link = invite(client, public_id, "scorer")
    as_user(client, "scorer")
    join(client, link)
    board = start_league_game(client, public_id, "Anna", "Bruno")
    win_for_side_a(client, board)
    return public_id


def test_a_finished_game_enters_the_standings_at_once(
    app: Flask, client: FlaskClient, scored: str
) -> None:
    html = client.get(f"/leagues/{scored}/", headers={"Accept-Language": "en"}).get_data(
        as_text=True
    )
    rows = re.findall(
        r"<tr>\s*<td class=\"rank\">(\d)</td>\s*<td class=\"name\">\s*<a[^>]*>(\w+)</a>", html
    )
    assert rows == [("1", "Anna"), ("2", "Bruno")]
    with app.app_context():
        results = db.session.scalars(select(LeagueResult).order_by(LeagueResult.side)).all()
        assert [(r.won, r.points_for, r.points_against, r.hands) for r in results] == [
            (True, 15, 0, 3),
            (False, 0, 15, 3),
        ]
        assert results[0].scope == 3
        assert results[0].settebello == 3
        assert results[0].primiera == 3
        assert results[0].mu > results[1].mu


def test_an_unfinished_game_is_not_in_the_standings(app: Flask, client: FlaskClient) -> None:
    signup(client, "owner")
    public_id = create_league(client)
    board = start_league_game(client, public_id, "Anna", "Bruno")
    record(client, board)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(LeagueResult)) == 0
        game = db.session.scalars(select(Game)).one()
        assert game.league_id is not None
        assert all(seat.player_id for seat in game.seats)


def test_an_edited_game_updates_standings_and_ratings(
    app: Flask, client: FlaskClient, scored: str
) -> None:
    """A second game, then the first one's hands are edited so that Bruno wins it."""
    with app.app_context():
        anna, bruno = ids(app, Player, scored)
    board = start_league_game(client, scored, anna, bruno)
    win_for_side_a(client, board)
    with app.app_context():
        before = db.session.scalars(
            select(LeagueResult.mu).order_by(LeagueResult.game_id.desc(), LeagueResult.side)
        ).first()
        first_game = db.session.scalar(select(func.min(Game.id)))
    # Open the first game as a scorer through the league and turn every hand around.
    response = client.get(f"/leagues/{scored}/games/{first_game}/edit")
    assert response.status_code == 302
    sheet = response.headers["Location"]
    for number in (1, 2, 3):
        edit = f"{sheet}/hands/{number}/edit"
        page = client.get(edit).get_data(as_text=True)
        token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
        assert token
        fields = {
            "sides-0-cards": "18",
            "sides-0-denari": "4",
            "sides-0-scope": "0",
            "sides-1-cards": "22",
            "sides-1-denari": "6",
            "sides-1-scope": "1",
            "settebello": "1",
            "primiera": "1",
        }
        client.post(edit, data={"csrf_token": token.group(1), **fields})
    with app.app_context():
        first = db.session.scalars(
            select(LeagueResult)
            .where(LeagueResult.game_id == first_game)
            .order_by(LeagueResult.side)
        ).all()
        assert [r.won for r in first] == [False, True]
        after = db.session.scalars(
            select(LeagueResult.mu).order_by(LeagueResult.game_id.desc(), LeagueResult.side)
        ).first()
        assert after != before  # the later game was re-rated from the new starting point


def test_league_edit_token_is_personal_and_follows_the_role(
    app: Flask, client: FlaskClient, scored: str
) -> None:
    with app.app_context():
        game_id = db.session.scalar(select(Game.id))
    sheet = client.get(f"/leagues/{scored}/games/{game_id}/edit").headers["Location"]
    assert client.get(sheet).status_code == 200
    as_user(client, "owner")
    assert client.get(sheet).status_code == 404  # another user holding the scorer's link
    as_user(client, "anonymous")
    assert client.get(sheet).headers["Location"] == f"/account/login?next={sheet}"
    assert client.get(f"/leagues/{scored}/games/{game_id}/edit").status_code == 302


@pytest.mark.parametrize("who", ["viewer", "stranger"])
def test_viewers_and_strangers_cannot_open_or_start_games(
    app: Flask, client: FlaskClient, scored: str, who: str
) -> None:
    as_user(client, "owner")
    link = invite(client, scored, "viewer")
    logout(client)
    signup(client, who)
    if who == "viewer":
        join(client, link)
    with app.app_context():
        game_id = db.session.scalar(select(Game.id))
    expected = 403 if who == "viewer" else 404
    assert client.get(f"/leagues/{scored}/games/{game_id}/edit").status_code == expected
    assert client.get(f"/leagues/{scored}/games/new").status_code == expected
    assert client.get(f"/leagues/{scored}/games/attach").status_code == expected


def test_another_leagues_player_cannot_be_seated(app: Flask, client: FlaskClient) -> None:
    signup(client, "owner")
    mine = create_league(client, "Mine")
    start_league_game(client, mine, "Anna", "Bruno")
    other = create_league(client, "Other")
    with app.app_context():
        anna = ids(app, Player, mine)[0]
    url = f"/leagues/{other}/games/new"
    response = post_form(
        client,
        url,
        url,
        **{"players-0": str(anna), "players-1": "0", "new_names-1": "Carla", "first_dealer": "0"},
    )
    assert response.status_code == 422
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 1


def test_a_player_cannot_sit_twice(app: Flask, client: FlaskClient) -> None:
    signup(client, "owner")
    public_id = create_league(client)
    url = f"/leagues/{public_id}/games/new"
    response = post_form(
        client,
        url,
        url,
        **{
            "players-0": "0",
            "new_names-0": "Anna",
            "players-1": "0",
            "new_names-1": "anna",
            "first_dealer": "0",
        },
    )
    assert response.status_code == 422
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0
        assert db.session.scalar(select(func.count()).select_from(Player)) == 0


def test_attach_a_casual_game_by_its_edit_link(app: Flask, client: FlaskClient) -> None:
    signup(client, "owner")
    public_id = create_league(client)
    board = start_casual_game(client, ("Anna", "Bruno"))
    win_for_side_a(client, board)
    url = f"/leagues/{public_id}/games/attach"
    response = post_form(client, url, url, link="http://localhost" + board)
    assert response.status_code == 302
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(LeagueResult)) == 2
        assert sorted(db.session.scalars(select(Player.name))) == ["Anna", "Bruno"]
    again = post_form(client, url, url, link=board)
    assert again.status_code == 422
    wrong = post_form(client, url, url, link="/g/not-a-token")
    assert wrong.status_code == 422


def test_player_page_shows_rating_chart_and_head_to_head(
    app: Flask, client: FlaskClient, scored: str
) -> None:
    with app.app_context():
        anna, bruno = ids(app, Player, scored)
    page = client.get(
        f"/leagues/{scored}/players/{anna}?against={bruno}", headers={"Accept-Language": "en"}
    )
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert '<svg class="chart"' in html
    assert "style=" not in html
    assert "Anna against Bruno: 1 game, 1 won, 0 lost; game points 15–0." in html
    italian = client.get(
        f"/leagues/{scored}/players/{anna}?against={bruno}", headers={"Accept-Language": "it"}
    ).get_data(as_text=True)
    assert "Anna contro Bruno: 1 partita, 1 vinta, 0 perse; punti 15–0." in italian


def test_head_to_head_refuses_another_leagues_player(
    app: Flask, client: FlaskClient, scored: str
) -> None:
    as_user(client, "owner")
    other = create_league(client, "Other")
    post_form(client, f"/leagues/{other}/players", f"/leagues/{other}/players", name="Zeno")
    client.get("/")  # shows (and so clears) the flash message naming Zeno
    with app.app_context():
        anna = ids(app, Player, scored)[0]
        zeno = ids(app, Player, other)[0]
    page = client.get(f"/leagues/{scored}/players/{anna}?against={zeno}")
    assert page.status_code == 200
    assert "Zeno" not in page.get_data(as_text=True)
    assert client.get(f"/leagues/{scored}/players/{zeno}").status_code == 404


def test_standings_and_results_csv(client: FlaskClient, scored: str) -> None:
    standings = client.get(f"/leagues/{scored}/standings.csv")
    assert standings.mimetype == "text/csv"
    lines = standings.get_data(as_text=True).splitlines()
    assert lines[0].startswith("rank,player,games,won,lost")
    assert lines[1].startswith("1,Anna,1,1,0,100.0,15,0,3")
    results = client.get(f"/leagues/{scored}/results.csv").get_data(as_text=True).splitlines()
    assert len(results) == 3
    assert results[1].endswith(",1,Anna,15,1")


def test_csv_cells_cannot_become_formulas(client: FlaskClient) -> None:
    signup(client, "owner")
    public_id = create_league(client)
    board = start_league_game(client, public_id, "=HYPERLINK(1)", "Bruno")
    win_for_side_a(client, board)
    text = client.get(f"/leagues/{public_id}/standings.csv").get_data(as_text=True)
    assert ",'=HYPERLINK(1)," in text


def test_json_export_import_round_trip(app: Flask, client: FlaskClient, scored: str) -> None:
    as_user(client, "owner")
    post_form(
        client,
        f"/leagues/{scored}/seasons",
        f"/leagues/{scored}/seasons",
        name="2026",
        starts_on="2026-01-01",
        ends_on="2026-12-31",
    )
    exported = client.get(f"/leagues/{scored}/export.json").get_json()
    assert exported["players"]
    assert exported["games"][0]["hands"]
    response = import_file(client, json.dumps(exported).encode())
    assert response.status_code == 302, response.get_data(as_text=True)
    copy = re.match(r"/leagues/([\w-]+)/", response.headers["Location"])
    assert copy
    assert copy.group(1) != scored
    assert client.get(f"/leagues/{copy.group(1)}/export.json").get_json() == exported
    with app.app_context():
        league_id = db.session.scalar(select(League.id).where(League.public_id == copy.group(1)))
        hands = db.session.scalars(
            select(Hand).join(Game).where(Game.league_id == league_id).order_by(Hand.id)
        ).all()
        assert hands
        for hand in hands:  # one "create" revision each, as if recorded at the table
            (revision,) = revisions_of(hand)
            assert (revision.action, revision.number) == ("create", hand.number)
            assert (revision.mode, revision.entry) == (hand.mode, hand.entry)
            assert revision.totals == list(hand.totals)
    original = client.get(f"/leagues/{scored}/standings.csv").get_data(as_text=True)
    assert client.get(f"/leagues/{copy.group(1)}/standings.csv").get_data(as_text=True) == original


def _hostile(exported: dict, change: str) -> object:
    data = json.loads(json.dumps(exported))
    game = data["games"][0]
    if change == "not json":
        return "this is not json"
    if change == "kind":
        data["kind"] = "something else"
    elif change == "bad hand":
        game["hands"][0]["entry"]["sides"][0]["cards"] = 41
    elif change == "unknown seat":
        game["seats"][0] = 999
    elif change == "same player twice":
        game["seats"][1] = game["seats"][0]
    elif change == "name twice":
        data["players"].append({"id": 77, "name": "ANNA"})
    elif change == "wrong type":
        data["league"]["target"] = "11; DROP TABLE league"
    elif change == "too many seats":
        game["seats"] = game["seats"] * 3
    elif change == "bad mode":
        game["hands"][0]["mode"] = "magic"
    elif change == "hand not an object":
        game["hands"][0]["entry"] = ["sides"]
    return data


def _counts(app: Flask) -> list[int | None]:
    with app.app_context():
        return [
            db.session.scalar(select(func.count()).select_from(model))
            for model in (League, Player, Game, Seat, LeagueResult)
        ]


@pytest.mark.parametrize(
    "change",
    [
        "not json",
        "kind",
        "bad hand",
        "unknown seat",
        "same player twice",
        "name twice",
        "wrong type",
        "too many seats",
        "bad mode",
        "hand not an object",
    ],
)
def test_a_bad_import_changes_nothing(
    app: Flask, client: FlaskClient, scored: str, change: str
) -> None:
    as_user(client, "owner")
    exported = client.get(f"/leagues/{scored}/export.json").get_json()
    data = _hostile(exported, change)
    body = data.encode() if isinstance(data, str) else json.dumps(data).encode()
    counts = _counts(app)
    response = import_file(client, body)
    assert response.status_code == 422
    assert "Non è stato importato nulla" in response.get_data(as_text=True)
    assert _counts(app) == counts


def test_import_size_is_limited(app: Flask, client: FlaskClient) -> None:
    signup(client, "owner")
    app.config["LEAGUE_IMPORT_MAX_BYTES"] = 1000
    response = post_form(
        client, "/leagues/import", "/leagues/import", file=(io.BytesIO(b" " * 5000), "league.json")
    )
    assert response.status_code == 413


def test_export_is_for_the_owner(client: FlaskClient, scored: str) -> None:
    assert client.get(f"/leagues/{scored}/export.json").status_code == 403


def test_seed_demo_creates_a_valid_league(app: Flask, runner) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(args=["seed-demo", "--players", "6", "--games", "12", "--seed", "3"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Player)) == 6
        assert db.session.scalar(select(func.count()).select_from(Game)) == 12
        assert db.session.scalar(select(func.count()).select_from(LeagueResult)) == 24
        assert db.session.scalar(select(func.count()).where(Game.winner_side.is_(None))) == 0


def test_standings_are_written_in_the_transaction_of_the_hand(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hand that finishes a league game writes its results before the one commit; when
    that commit fails, the results go with the hand."""
    signup(client, "owner")
    public_id = create_league(client)
    board = start_league_game(client, public_id, "Anna", "Bruno")
    for _ in range(2):
        assert record(client, board).status_code == 302
    with app.app_context():
        game = db.session.scalars(select(Game)).one()
        stored = db.session.scalars(select(Hand).where(Hand.game_id == game.id)).first()
        assert stored is not None
        entry = stored.entered
        results_at_commit: list[int] = []

        def failing_commit() -> None:
            results_at_commit.append(
                db.session.scalar(select(func.count()).select_from(LeagueResult)) or 0
            )
            raise RuntimeError("the database went away")

        monkeypatch.setattr(db.session, "commit", failing_commit)
        with pytest.raises(RuntimeError):
            record_hand(game, 3, "the-third-hand", entry)
        monkeypatch.undo()
        db.session.rollback()
        assert results_at_commit == [2]  # written by the league's receiver, not yet committed
        assert db.session.scalar(select(func.count()).select_from(LeagueResult)) == 0
        assert db.session.scalar(select(func.count()).select_from(Hand)) == 2
        # The same hand, committed this time, enters the standings.
        record_hand(game, 3, "the-third-hand", entry)
        assert db.session.scalar(select(func.count()).select_from(LeagueResult)) == 2
