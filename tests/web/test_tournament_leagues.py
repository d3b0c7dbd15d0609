"""A tournament inside a league: offered only the leagues where its organiser may start
games, its matches are the league's games (each seat a league player), and a tournament
played to its winner changes the league's standings and ratings as its games finish."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, Seat
from scorekeeper.leagues import services as leagues
from scorekeeper.leagues import standings
from scorekeeper.leagues.models import League, Membership, Player
from scorekeeper.tournaments import services
from scorekeeper.tournaments.games import table_edit_token
from scorekeeper.tournaments.models import Match, Status
from tests.helpers import EN
from tests.helpers.actions import as_user, create_league, invite, join, logout, post_form, signup
from tests.helpers.games import record
from tests.helpers.tournaments import create, tournament_of

FOUR_PAIRS = "Anna & Bruno\nCarla & Dario\nElena & Fabio\nGina & Ivo"


@pytest.fixture
def club(client: FlaskClient) -> dict[str, str]:
    """The league "Bar Sport" (owner "owner", scorer "scorer", viewer "viewer") and the
    league "Circolo" of "stranger"; their public ids."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    for name in ("scorer", "viewer", "stranger"):
        signup(client, name)
        logout(client)
    as_user(client, "stranger")
    other = create_league(client, "Circolo")
    logout(client)
    signup(client, "owner")
    league = create_league(client, "Bar Sport")
    links = {role: invite(client, league, role) for role in ("scorer", "viewer")}
    for role, link in links.items():
        as_user(client, role)
        assert join(client, link).status_code == 302
    return {"league": league, "other": other}


def league_of(public_id: str) -> League:
    return db.session.scalars(select(League).where(League.public_id == public_id)).one()


def test_the_form_offers_only_the_leagues_where_one_may_start_games(
    client: FlaskClient, club: dict[str, str]
) -> None:
    """The owner and a scorer see the league; a viewer does not and is refused it, and a
    stranger's league is refused with a message (no 500)."""
    for who in ("owner", "scorer"):
        as_user(client, who)
        html = client.get("/tournaments/new").get_data(as_text=True)
        assert f'value="{club["league"]}"' in html
        assert "Bar Sport" in html
        assert "Circolo" not in html
        italian = client.get("/tournaments/new", headers={"Accept-Language": "it"})
        assert "I suoi incontri sono partite della lega" in italian.get_data(as_text=True)
    for who, league in (("viewer", club["league"]), ("owner", club["other"])):
        as_user(client, who)
        html = client.get("/tournaments/new").get_data(as_text=True)
        assert f'value="{league}"' not in html
        response = post_form(
            client,
            "/tournaments/new",
            "/tournaments/new",
            **{**_new(), "league": league},
        )
        assert response.status_code == 422, (who, response.status_code)
        assert "Choose one of your leagues where you may start games." in response.get_data(
            as_text=True
        )
    as_user(client, "viewer")
    response = post_form(
        client, "/tournaments/new", "/tournaments/new", **{**_new(), "league": "x" * 5000}
    )
    assert response.status_code == 422


def test_the_service_refuses_a_league_without_the_role(app: Flask, club: dict[str, str]) -> None:
    """Past the form: the service itself refuses a viewer's and a stranger's league."""
    from datetime import date

    from scorekeeper.accounts.models import User
    from scorekeeper.scoring import FORMATS, Rules
    from scorekeeper.tournaments.errors import TournamentRefused
    from scorekeeper.tournaments.inputs import StageSetup, TournamentSetup
    from scorekeeper.tournaments.models import Structure

    with app.app_context():
        league = league_of(club["league"])
        for name in ("viewer", "stranger"):
            someone = db.session.scalars(select(User).where(User.username == name)).one()
            setup = TournamentSetup(
                name="Torneo",
                held_on=date(2026, 8, 16),
                structure=Structure.KNOCKOUT,
                rules=Rules(FORMATS["2x2"]),
                stages=(StageSetup(1, 11),),
                league_id=league.id,
            )
            with pytest.raises(TournamentRefused) as refused:
                services.create_tournament(someone, setup)
            assert refused.value.key == "league_refused"


def _new() -> dict[str, str]:
    from tests.helpers.tournaments import NEW

    return {**NEW, "structure": "knockout", "final_games": "1", "final_target": "11"}


def test_a_league_tournament_played_to_its_winner_changes_the_league_standings(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, club: dict[str, str]
) -> None:
    """Four pairs in a knockout in the league: every game is a league game with league
    players at its seats (two names already players, the rest added); each match played
    on its table's board through the routes; the standings then count three games, as a
    rebuild from the hands finds them (nothing to correct)."""
    as_user(client, "owner")
    with app.app_context():
        league = league_of(club["league"])
        anna = leagues.add_player(league, "anna")  # an existing player, another case
        anna_id = anna.id
        assert standings.standings(league.id) == []
    pid = create(client, **{**_new(), "league": club["league"]})
    entries = f"/tournaments/{pid}/entries"
    assert post_form(client, entries, entries, entries=FOUR_PAIRS).status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/draw", seed="3").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/start").status_code == 302
    for _ in range(3):
        with app.app_context():
            t = tournament_of(pid)
            assert t.league_id == league_of(club["league"]).id
            open_games = [
                services.match_games(match)[-1]
                for _stage, round_ in services.rounds(t)
                for match in services.matches(round_)
                if services.result_of(match) is None
            ]
            if not open_games:
                break
            boards = [f"/g/{table_edit_token(game)}" for game in open_games]
        for board in boards:
            for _hand in range(3):  # side A reaches 15 and wins
                assert record(client, board).status_code == 302
    with app.app_context():
        t = tournament_of(pid)
        assert t.status == Status.FINISHED.value
        assert services.winner(t) is not None
        league = league_of(club["league"])
        played = db.session.scalars(select(Game).where(Game.tournament_id == t.id)).all()
        assert len(played) == 3
        assert {game.league_id for game in played} == {league.id}
        seats = db.session.scalars(
            select(Seat).where(Seat.game_id.in_([g.id for g in played]))
        ).all()
        assert all(seat.player_id is not None for seat in seats)
        players = {p.name_key: p.id for p in leagues.players(league)}
        assert set(players) == {"anna", "bruno", "carla", "dario", "elena", "fabio", "gina", "ivo"}
        assert players["anna"] == anna_id  # found by name, not added twice
        lines = standings.standings(league.id)
        assert sum(line.games for line in lines) == 3 * 4  # three games, four seats each
        assert sum(line.won for line in lines) == 3 * 2
        champion = services.winner(t)
        assert champion is not None
        by_name = {line.name.casefold(): line for line in lines}
        assert by_name[champion.first_name.casefold()].won == 2
        before = [(line.name, line.games, line.won, line.rating) for line in lines]
    html = client.get(f"/leagues/{club['league']}/", headers=EN).get_data(as_text=True)
    assert champion.first_name in html
    result = runner.invoke(args=["leagues", "rebuild", club["league"]])
    assert result.exit_code == 0, result.output
    assert "3 games, nothing changed" in result.output
    with app.app_context():
        after = standings.standings(league_of(club["league"]).id)
        assert [(line.name, line.games, line.won, line.rating) for line in after] == before


def test_a_league_tournament_refuses_a_name_twice_at_the_draw(
    client: FlaskClient, club: dict[str, str]
) -> None:
    """Each name is one league player: two entrants sharing a name are refused at the draw."""
    as_user(client, "owner")
    pid = create(client, **{**_new(), "league": club["league"]})
    entries = f"/tournaments/{pid}/entries"
    twice = "Anna & Bruno\nCarla & anna\nElena & Fabio\nGina & Ivo"
    assert post_form(client, entries, entries, entries=twice).status_code == 302
    response = post_form(client, entries, f"/tournaments/{pid}/draw", seed="3")
    assert response.status_code in (302, 422)
    page = client.get(entries, headers=EN).get_data(as_text=True)
    if response.status_code == 422:
        page = response.get_data(as_text=True)
    assert "a name is entered twice" in page


def test_a_removed_league_scorer_cannot_record_on_a_table_board(
    app: Flask, client: FlaskClient, club: dict[str, str]
) -> None:
    """The league's roles govern its tournament's games: a scorer records on the table's
    board, and once removed from the league can no longer; a visitor is asked to log in."""
    as_user(client, "owner")
    pid = create(client, **{**_new(), "league": club["league"]})
    entries = f"/tournaments/{pid}/entries"
    assert post_form(client, entries, entries, entries=FOUR_PAIRS).status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/draw", seed="3").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/start").status_code == 302
    with app.app_context():
        t = tournament_of(pid)
        ((_stage, round_),) = services.rounds(t)
        game = services.match_games(services.matches(round_)[0])[0]
        board = f"/g/{table_edit_token(game)}"
    as_user(client, "scorer")
    assert record(client, board).status_code == 302
    logout(client)
    assert client.get(board).status_code == 302  # to the login page
    with app.app_context():
        league = league_of(club["league"])
        scorer = db.session.scalars(
            select(Membership)
            .join(Membership.user)
            .where(Membership.league_id == league.id, Membership.role == "scorer")
        ).one()
        leagues.remove_member(scorer)
    as_user(client, "scorer")
    assert client.get(board).status_code == 404
    assert client.post(f"{board}/hands", data={}).status_code in (400, 404)
    with app.app_context():
        assert len(db.session.get_one(Game, game.id).hands) == 1
        assert db.session.scalar(select(Player.id).where(Player.name_key == "anna")) is not None


def test_the_tournament_names_its_league_only_to_those_who_may_see_it(
    app: Flask, client: FlaskClient, club: dict[str, str]
) -> None:
    """Its members read "in the league Bar Sport" with a link; a stranger is not told
    that a private league's tournament exists, even a public one (the league's roles
    govern its tournaments), and reads it, league named, once the league is public."""
    as_user(client, "owner")
    pid = create(client, **{**_new(), "league": club["league"], "is_public": "y"})
    link = f'in the league <a href="/leagues/{club["league"]}/">Bar Sport</a>'
    assert link in client.get(f"/tournaments/{pid}").get_data(as_text=True)
    as_user(client, "viewer")
    assert link in client.get(f"/tournaments/{pid}").get_data(as_text=True)
    as_user(client, "stranger")
    assert client.get(f"/tournaments/{pid}").status_code == 404
    with app.app_context():
        league_of(club["league"]).is_public = True
        db.session.commit()
    assert link in client.get(f"/tournaments/{pid}").get_data(as_text=True)


def _league_table(client: FlaskClient, league: str) -> dict[str, tuple[str, str]]:
    """The league page's standings table: each player's won–lost and points for–against."""
    html = client.get(f"/leagues/{league}/", headers=EN).get_data(as_text=True)
    table = html.split('class="data-table standings"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(
        r'<td class="name"><a [^>]*>([^<]+)</a></td>\s*'
        r'<td class="nowrap">([^<]+)</td>\s*<td class="nowrap">([^<]+)</td>',
        table,
    )
    return {name: (won_lost, points) for name, won_lost, points in rows}


def _rebuild(runner: FlaskCliRunner, league: str) -> str:
    result = runner.invoke(args=["leagues", "rebuild", "--", league])  # an id may start with "-"
    assert result.exit_code == 0, result.output
    return str(result.output)


def _lines(app: Flask, league: str) -> dict[str, tuple[int, int, int, int, int, int]]:
    """Each player's games, won, points for and against, hands and scope in the league."""
    with app.app_context():
        lines = standings.standings(league_of(league).id)
        return {
            line.name: (
                line.games,
                line.won,
                line.points_for,
                line.points_against,
                line.hands,
                line.scope,
            )
            for line in lines
        }


def _started_knockout(
    app: Flask, client: FlaskClient, league: str
) -> tuple[str, list[tuple[int, str, tuple[tuple[str, ...], tuple[str, ...]]]]]:
    """The owner's knockout of `FOUR_PAIRS` in the league, started: its public id and
    each first-round match's id, table board and the names of its two sides."""
    as_user(client, "owner")
    pid = create(client, **{**_new(), "league": league})
    entries = f"/tournaments/{pid}/entries"
    assert post_form(client, entries, entries, entries=FOUR_PAIRS).status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/draw", seed="3").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/start").status_code == 302
    with app.app_context():
        ((_stage, round_),) = services.rounds(tournament_of(pid))
        tables = []
        for match in services.matches(round_):
            game = services.match_games(match)[0]
            names = (match.first.names, match.second.names if match.second else ())
            tables.append((match.id, f"/g/{table_edit_token(game)}", names))
    return pid, tables


def _enter(
    client: FlaskClient, pid: str, match_id: int, wins: tuple[int, int], points: tuple[int, int]
) -> None:
    """Enter a match's result by hand through the form of the rounds page."""
    response = post_form(
        client,
        f"/tournaments/{pid}/rounds",
        f"/tournaments/{pid}/matches/{match_id}/result",
        wins_first=str(wins[0]),
        wins_second=str(wins[1]),
        points_first=str(points[0]),
        points_second=str(points[1]),
    )
    assert response.status_code == 302, response.get_data(as_text=True)


def _unchanged_by_rebuild(app: Flask, runner: FlaskCliRunner, league: str, games: int) -> None:
    """A rebuild of the league from scratch changes nothing: lines and ratings as kept."""

    def ratings() -> list[int]:
        with app.app_context():
            return [line.rating for line in standings.standings(league_of(league).id)]

    before, rated = _lines(app, league), ratings()
    assert f"{games} games, nothing changed" in _rebuild(runner, league)
    assert _lines(app, league) == before
    assert ratings() == rated


def test_a_result_entered_by_hand_counts_once_in_the_league_and_a_correction_replaces_it(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, club: dict[str, str]
) -> None:
    """Four pairs in a league knockout. Table 1 records one hand (A: 5 points and a
    scopa), then the organiser enters 1-0, 11 to 4: each of its four players has one
    league game with those points, the hand's scopa counted, on the league page too; a
    rebuild changes nothing. Corrected to 0-1, 7 to 11: still one game each, the winners
    swapped. Table 2 plays to its end on the board (one league game from its hands), then
    its points are corrected by hand: still one game each, the new points. A hand
    recorded at table 1 after its entry leaves the result as entered (its scopa counted).
    Every step, a rebuild from scratch finds the standings and ratings as they were kept."""
    pid, tables = _started_knockout(app, client, club["league"])
    (m1, board1, (firsts1, seconds1)), (m2, board2, (firsts2, seconds2)) = tables

    assert record(client, board1).status_code == 302  # A: 5 points, one scopa
    assert _lines(app, club["league"]) == {}  # the game is not over: nothing counts yet
    _enter(client, pid, m1, (1, 0), (11, 4))
    expected = {name: (1, 1, 11, 4, 1, 1) for name in firsts1}
    expected |= {name: (1, 0, 4, 11, 1, 0) for name in seconds1}
    assert _lines(app, club["league"]) == expected
    page = _league_table(client, club["league"])
    assert {name: page[name] for name in firsts1} == dict.fromkeys(firsts1, ("1–0", "11–4"))
    assert {name: page[name] for name in seconds1} == dict.fromkeys(seconds1, ("0–1", "4–11"))
    _unchanged_by_rebuild(app, runner, club["league"], 2)

    _enter(client, pid, m1, (0, 1), (7, 11))
    expected = {name: (1, 0, 7, 11, 1, 1) for name in firsts1}
    expected |= {name: (1, 1, 11, 7, 1, 0) for name in seconds1}
    assert _lines(app, club["league"]) == expected
    page = _league_table(client, club["league"])
    assert {name: page[name] for name in seconds1} == dict.fromkeys(seconds1, ("1–0", "11–7"))
    _unchanged_by_rebuild(app, runner, club["league"], 2)

    assert record(client, board1).status_code == 302  # a hand after the entry
    with app.app_context():
        result = services.result_of(db.session.get_one(Match, m1))
        assert result is not None
        assert result.by_hand
        assert (result.points_first, result.points_second) == (7, 11)
    expected = {name: (1, 0, 7, 11, 2, 2) for name in firsts1}
    expected |= {name: (1, 1, 11, 7, 2, 0) for name in seconds1}
    assert _lines(app, club["league"]) == expected
    _unchanged_by_rebuild(app, runner, club["league"], 2)

    for _hand in range(3):  # side A reaches 15 and wins table 2 on its board
        assert record(client, board2).status_code == 302
    played = {name: (1, 1, 15, 0, 3, 3) for name in firsts2}
    played |= {name: (1, 0, 0, 15, 3, 0) for name in seconds2}
    assert _lines(app, club["league"]) == expected | played
    _unchanged_by_rebuild(
        app, runner, club["league"], 3
    )  # the final's first game is on now, not finished
    _enter(client, pid, m2, (1, 0), (21, 9))  # the same winner: the final stays on
    corrected = {name: (1, 1, 21, 9, 3, 3) for name in firsts2}
    corrected |= {name: (1, 0, 9, 21, 3, 0) for name in seconds2}
    assert _lines(app, club["league"]) == expected | corrected
    _unchanged_by_rebuild(app, runner, club["league"], 3)


def test_a_3_player_league_tournament_counts_its_tables_as_league_games_of_three(
    app: Flask, client: FlaskClient, club: dict[str, str]
) -> None:
    """A table of three counts in the league as a casual league game of three does: one
    game a seat, the winner's won, and its hand-entered points."""
    as_user(client, "owner")
    pid = create(client, format="3", structure="round_robin", games="1", league=club["league"])
    entries = f"/tournaments/{pid}/entries"
    assert post_form(client, entries, entries, entries="Anna\nBruno\nCarla").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/draw", seed="1").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/start").status_code == 302
    with app.app_context():
        t = tournament_of(pid)
        ((_, round_),) = services.rounds(t)
        (match,) = services.matches(round_)
        match_id, first = match.id, match.first.first_name
    rounds = f"/tournaments/{pid}/rounds"
    response = post_form(
        client,
        rounds,
        f"/tournaments/{pid}/matches/{match_id}/result",
        wins_first="1",
        wins_second="0",
        wins_third="0",
        points_first="11",
        points_second="4",
        points_third="6",
    )
    assert response.status_code == 302
    with app.app_context():
        assert tournament_of(pid).status == Status.FINISHED.value
        lines = standings.standings(league_of(club["league"]).id)
        assert sorted(line.games for line in lines) == [1, 1, 1]
        by_name = {line.name: line for line in lines}
        assert by_name[first].won == 1
        assert sum(line.won for line in lines) == 1
