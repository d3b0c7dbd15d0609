"""The tournament pages: a tournament run from creation to its winner through the forms,
every route's refusals by role, CSRF, bad input next to its field, hostile names."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.games import services as game_services
from scorekeeper.games.models import Game
from scorekeeper.tournaments import pages, services
from scorekeeper.tournaments.games import match_table_token, table_edit_token
from scorekeeper.tournaments.inputs import StageSetup
from scorekeeper.tournaments.models import Entry, Match, Member, Status, Structure
from tests.helpers import EN, csrf_token, statements
from tests.helpers.actions import as_user, logout, post_form, signup
from tests.helpers.fuzz import HOSTILE as FUZZ
from tests.helpers.fuzz import page_forms
from tests.helpers.tournaments import (
    EIGHT_PAIRS,
    FOUR_PAIRS,
    GROUPS_THEN_FINAL,
    NEW,
    TWO_PAIRS,
    create,
    drawn,
    sweep,
    tournament_of,
    user,
)

WHO = ("organiser", "helper", "viewer", "removed", "stranger", "anonymous")
#: No "&", "+", "/" or brackets: they would split or refuse the entry line.
HOSTILE = "<img src=x onerror=alert`1`>"


def open_matches(app: Flask, public_id: str) -> list[tuple[int, int, int]]:
    """The open matches (id, games, first entrant's number, ...) of the tournament."""
    with app.app_context():
        t = tournament_of(public_id)
        found = []
        for _stage, round_ in services.rounds(t):
            for match in services.matches(round_):
                if not match.is_bye and services.result_of(match) is None:
                    found.append((match.id, match.games, match.first.number))
        return found


def enter(client: FlaskClient, public_id: str, match_id: int, games: int) -> int:
    """Enter a result by hand for the match: the first side wins every partita needed."""
    needed = games // 2 + 1
    url = f"/tournaments/{public_id}/rounds"
    return post_form(
        client,
        url,
        f"/tournaments/{public_id}/matches/{match_id}/result",
        wins_first=str(needed),
        wins_second="0",
        points_first=str(11 * needed),
        points_second="4",
    ).status_code


@dataclass
class World:
    """A private groups-then-knockout tournament of eight pairs, drawn, with a helper, a
    viewer, a removed member and a stranger."""

    public_id: str
    ids: dict[str, int]


@pytest.fixture
def world(app: Flask, client: FlaskClient) -> World:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"  # the messages checked are English
    for name in ("helper", "viewer", "removed", "stranger"):
        signup(client, name)
        logout(client)
    signup(client, "organiser")
    public_id = create(client)
    members = f"/tournaments/{public_id}/members"
    for name, role in (("helper", "helper"), ("viewer", "viewer"), ("removed", "helper")):
        assert post_form(client, members, members, username=name, role=role).status_code == 302
    entries = f"/tournaments/{public_id}/entries"
    assert post_form(client, entries, entries, entries=EIGHT_PAIRS).status_code == 302
    assert post_form(client, entries, f"/tournaments/{public_id}/draw", seed="7").status_code == 302
    with app.app_context():
        t = tournament_of(public_id)
        removed = db.session.scalars(
            select(Member).where(Member.tournament_id == t.id).order_by(Member.id.desc())
        ).first()
        assert removed is not None
        entry = db.session.scalars(select(Entry).where(Entry.tournament_id == t.id)).first()
        assert entry is not None
        viewer = db.session.scalars(
            select(Member).where(Member.tournament_id == t.id, Member.role == "viewer")
        ).one()
        ids = {"member": removed.id, "viewer": viewer.id, "entry": entry.id}
    assert post_form(client, members, f"{members}/{ids['member']}/remove").status_code == 302
    logout(client)
    return World(public_id, ids)


def test_a_tournament_runs_from_the_form_to_its_winner(
    app: Flask, client: FlaskClient, world: World
) -> None:
    """Draw shown with its seed, drawn again, started; every match entered by hand on the
    round page; next round; the knockout fills in; the winner and the podium."""
    pid = world.public_id
    as_user(client, "organiser")
    html = client.get(f"/tournaments/{pid}/entries", headers=EN).get_data(as_text=True)
    assert 'class="draw-seed">7<' in html
    assert "Group A" in html
    assert "Group B" in html
    standings = client.get(f"/tournaments/{pid}", headers=EN).get_data(as_text=True)
    assert standings.count('class="data-table tournament-standings"') == 3  # A, B, all
    assert "All groups" in standings
    # Each table scrolls sideways on a narrow phone: a named region a keyboard can scroll.
    regions = re.findall(
        r'<div class="table-wrap" role="region" aria-labelledby="([\w-]+)" tabindex="0">',
        standings,
    )
    assert len(set(regions)) == 3
    assert all(f'<h2 id="{region}">' in standings for region in regions)
    entries = f"/tournaments/{pid}/entries"
    assert post_form(client, entries, f"/tournaments/{pid}/draw", seed="7").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/start").status_code == 302
    rounds = f"/tournaments/{pid}/rounds"
    html = client.get(rounds, headers=EN).get_data(as_text=True)
    assert "Table 4" in html
    assert "not started" in html
    assert html.count("/g/T.") >= 4  # each table's board
    for _ in range(10):
        open_now = open_matches(app, pid)
        if not open_now:
            break
        for match_id, games, _number in open_now:
            assert enter(client, pid, match_id, games) == 302
        page = client.get(rounds, headers=EN).get_data(as_text=True)
        if 'id="next-round-button"' in page:
            assert post_form(client, rounds, f"/tournaments/{pid}/next-round").status_code == 302
    with app.app_context():
        assert tournament_of(pid).status == Status.FINISHED.value
    html = client.get(f"/tournaments/{pid}", headers=EN).get_data(as_text=True)
    assert 'id="podium"' in html
    assert "Winner" in html
    assert "Semifinals" in html
    assert "Final" in html
    assert "Level on points, sides are ordered by: head-to-head" in html
    screen = client.get(f"/tournaments/{pid}/screen", headers=EN).get_data(as_text=True)
    assert 'id="podium"' in screen
    assert "finished" in screen
    printed = client.get(f"/tournaments/{pid}/print/standings", headers=EN)
    assert printed.status_code == 200
    assert "Bracket" in printed.get_data(as_text=True)


def test_a_table_plays_on_its_board_from_its_score_sheet(
    app: Flask, client: FlaskClient, world: World
) -> None:
    """The score sheet carries the QR of the table's board; a hand recorded there shows
    on the round page as playing, with its live score."""
    pid = world.public_id
    as_user(client, "organiser")
    post_form(client, f"/tournaments/{pid}/entries", f"/tournaments/{pid}/start")
    rounds = f"/tournaments/{pid}/rounds"
    with app.app_context():
        t = tournament_of(pid)
        (_stage, first_round), *_ = services.rounds(t)
        match = services.matches(first_round)[0]
        match_id = match.id
        game = services.match_games(match)[0]
        token = table_edit_token(game)
        game_services.record_hand(game, 1, "first-hand", sweep(0, 2))
    html = client.get(rounds, headers=EN).get_data(as_text=True)
    assert f'id="match-{match_id}"' in html
    assert 'playing</span> <span class="live-score">6–0' in html
    italian = client.get(rounds, headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "Tavolo 1" in italian
    assert 'in corso</span> <span class="live-score">6–0' in italian
    sheets = client.get(f"/tournaments/{pid}/print/sheets", headers=EN)
    assert sheets.status_code == 200
    assert sheets.headers["Cache-Control"] == "no-store"
    sheet = sheets.get_data(as_text=True)
    links = re.findall(r"http://localhost(/tournaments/table/[\w.-]+)</p>", sheet)
    assert len(links) == 4  # a sheet per table
    assert f'src="{links[0]}/qr.svg"' in sheet
    logout(client)  # the table's phone: no account
    qr = client.get(f"{links[0]}/qr.svg")
    assert qr.status_code == 200
    assert qr.mimetype == "image/svg+xml"
    board = client.get(links[0])
    assert board.status_code == 302
    assert board.headers["Location"] == f"/g/{token}"
    assert board.headers["Cache-Control"] == "no-store"
    assert client.get(board.headers["Location"]).status_code == 200
    assert client.get(links[0] + "x").status_code == 404


def test_one_sheet_serves_every_partita_of_a_best_of_three(app: Flask, client: FlaskClient) -> None:
    """The sheet's link opens the board of the partita on now: partita 1, then, once it
    is won, partita 2; a new edit link for partita 1 revokes the sheet."""
    with app.test_request_context():
        organiser = user("organiser")
        t = drawn(organiser, TWO_PAIRS, 1, Structure.KNOCKOUT, (StageSetup(3, 11),))
        services.start(t)
        ((_stage, round_),) = services.rounds(t)
        (match,) = services.matches(round_)
        first = services.match_games(match)[0]
        link = f"/tournaments/table/{match_table_token(match, first)}"
        first_board = f"/g/{table_edit_token(first)}"
    assert client.get(link).headers["Location"] == first_board
    with app.test_request_context():
        game = services.match_games(db.session.get_one(Match, match.id))[0]
        game_services.record_hand(game, 1, "partita-1", sweep(0, 7))
        second = services.match_games(db.session.get_one(Match, match.id))
        assert len(second) == 2
        second_board = f"/g/{table_edit_token(second[1])}"
    assert client.get(link).headers["Location"] == second_board
    with app.test_request_context():
        game_services.new_edit_link(db.session.get_one(Game, first.id))
    assert client.get(link).status_code == 404


def test_a_board_whose_winner_went_on_leads_to_its_view_link(
    app: Flask, client: FlaskClient
) -> None:
    """The table that just won a semifinal, once the final is on, opens its board and
    sends its hands: the board is shown read-only with the reason (it was a 404), and
    nothing is saved; the phone's script gets its 404 as for a revoked link."""
    with app.test_request_context():
        organiser = user("organiser")
        t = drawn(organiser, FOUR_PAIRS, 8)
        semi, other = services.matches(services.start(t))
        (game,) = services.match_games(semi)
        token, view_token, game_id = table_edit_token(game), game.view_token, game.id
        game_services.record_hand(game, 1, "semi", sweep(0, 7))
        (other_game,) = services.match_games(other)
        game_services.record_hand(other_game, 1, "other", sweep(0, 7))
        assert services.moved_on(db.session.get_one(Match, semi.id))
    board = client.get(f"/g/{token}", headers=EN)
    assert board.status_code == 302
    assert board.headers["Location"] == f"/v/{view_token}"
    shown = client.get(board.headers["Location"], headers=EN).get_data(as_text=True)
    assert "its winner has gone on to the next round" in shown
    assert 'id="total-0">11<' in shown
    italian = client.get(f"/g/{token}", headers={"Accept-Language": "it"})
    assert italian.status_code == 302
    shown = client.get(italian.headers["Location"]).get_data(as_text=True)
    assert "è passato al turno successivo" in shown
    sent = client.post(f"/g/{token}/hands", data={"csrf_token": csrf_token(client, "/games/new")})
    assert sent.status_code == 302
    assert sent.headers["Location"] == f"/v/{view_token}"
    script = client.post(
        f"/g/{token}/hands",
        data={"csrf_token": csrf_token(client, "/games/new")},
        headers={"Accept": "application/json"},
    )
    assert script.status_code == 404
    assert client.get(f"/g/{token}/live").status_code == 404
    with app.app_context():
        assert len(db.session.get_one(Game, game_id).hands) == 1


def test_a_result_is_corrected_and_bad_results_refused_next_to_the_field(
    app: Flask, client: FlaskClient, world: World
) -> None:
    pid = world.public_id
    as_user(client, "organiser")
    entries = f"/tournaments/{pid}/entries"
    post_form(client, entries, f"/tournaments/{pid}/start")
    as_user(client, "helper")
    match_id, games, _ = open_matches(app, pid)[0]
    url = f"/tournaments/{pid}/matches/{match_id}/result"
    rounds = f"/tournaments/{pid}/rounds"
    response = post_form(
        client, rounds, url, wins_first="0", wins_second="0", points_first="3", points_second="2"
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert f'id="result-errors-{match_id}"' in html
    assert "This result does not end the match" in html or "partite" in html
    response = post_form(
        client, rounds, url, wins_first="x", wins_second="0", points_first="3", points_second="2"
    )
    assert response.status_code == 422
    assert enter(client, pid, match_id, games) == 302
    response = post_form(
        client, rounds, url, wins_first="0", wins_second="1", points_first="3", points_second="11"
    )
    assert response.status_code == 302
    with app.app_context():
        result = services.result_of(db.session.get_one(Match, match_id))
        assert result is not None
        assert (result.wins_first, result.wins_second) == (0, 1)
        assert result.by_hand


def test_a_finished_matchs_result_form_is_drawn_when_asked_for(
    app: Flask, client: FlaskClient, world: World
) -> None:
    """Only the matches waiting for their result carry the form for it; a finished one,
    in this round or an earlier one, has a link that opens the round page with that
    match's form, open, and the correction it sends is saved. A viewer gets neither the
    forms nor the links."""
    pid = world.public_id
    as_user(client, "organiser")
    entries, rounds = f"/tournaments/{pid}/entries", f"/tournaments/{pid}/rounds"
    post_form(client, entries, f"/tournaments/{pid}/start")
    first_round = open_matches(app, pid)
    for match_id, games, _number in first_round:
        assert enter(client, pid, match_id, games) == 302
    assert post_form(client, rounds, f"/tournaments/{pid}/next-round").status_code == 302
    second_round = open_matches(app, pid)
    assert second_round
    as_user(client, "helper")
    done, done_games, _number = second_round.pop()
    assert enter(client, pid, done, done_games) == 302
    html = client.get(rounds, headers=EN).get_data(as_text=True)
    forms = set(map(int, re.findall(r'action="/tournaments/[\w-]+/matches/(\d+)/result"', html)))
    assert forms == {match_id for match_id, _games, _number in second_round}
    assert f'href="/tournaments/{pid}/rounds?correct={done}#match-{done}"' in html
    earlier, games, _number = first_round[0]
    link = f"/tournaments/{pid}/rounds?correct={earlier}#match-{earlier}"
    assert f'href="{link}">Correct the result</a>' in html
    asked = client.get(f"{rounds}?correct={earlier}", headers=EN).get_data(as_text=True)
    assert f"/matches/{earlier}/result" in asked
    match = asked.split(f'id="match-{earlier}"', 1)[1]
    assert match.index('<details class="result-entry" open>') < match.index("</li>")
    url = f"/tournaments/{pid}/matches/{earlier}/result"
    needed = games // 2 + 1
    response = post_form(
        client,
        f"{rounds}?correct={earlier}",
        url,
        wins_first=str(needed),
        wins_second="0",
        points_first=str(11 * needed),
        points_second="9",
    )
    assert response.status_code == 302
    with app.app_context():
        result = services.result_of(db.session.get_one(Match, earlier))
        assert result is not None
        assert result.by_hand
        assert result.points_second == 9
    huge = client.get(f"{rounds}?correct=99999999999999999999999999", headers=EN)
    assert huge.status_code == 200
    assert huge.get_data(as_text=True).count('/result"') == len(second_round)
    as_user(client, "viewer")
    seen = client.get(f"{rounds}?correct={earlier}", headers=EN).get_data(as_text=True)
    assert '/result"' not in seen
    assert "?correct=" not in seen


def test_the_round_page_reads_each_round_at_once(
    app: Flask, client: FlaskClient, world: World
) -> None:
    """The sides of every match are read in one statement, and the live scores of a
    round's tables in one, however many matches (they were read match by match)."""
    pid = world.public_id
    as_user(client, "organiser")
    post_form(client, f"/tournaments/{pid}/entries", f"/tournaments/{pid}/start")
    with app.app_context():
        ((_stage, first_round),) = services.rounds(tournament_of(pid))
        matches = services.matches(first_round)
        assert len(matches) == 4
        for match in matches[:2]:
            game = services.match_games(match)[0]
            game_services.record_hand(game, 1, f"hand-{match.id}", sweep(0, 2))
    with statements(app) as seen:
        html = client.get(f"/tournaments/{pid}/rounds", headers=EN).get_data(as_text=True)
    assert html.count('playing</span> <span class="live-score">6–0') == 2
    assert html.count('class="match match-waiting"') == 2
    assert sum("FROM tournament_entrant" in statement for statement in seen) == 1
    assert sum(bool(re.search(r"FROM hand\b", statement)) for statement in seen) == 1


def read_pages(pid: str) -> list[str]:
    return [
        f"/tournaments/{pid}",
        f"/tournaments/{pid}/entries",
        f"/tournaments/{pid}/rounds",
        f"/tournaments/{pid}/screen",
        f"/tournaments/{pid}/print/standings",
        f"/tournaments/{pid}/history",
    ]


@pytest.mark.parametrize("public", [False, True])
def test_every_route_answers_each_role_as_it_should(
    app: Flask, client: FlaskClient, world: World, public: bool
) -> None:
    pid = world.public_id
    with app.app_context():
        tournament_of(pid).is_public = public
        db.session.commit()
    as_user(client, "organiser")
    post_form(client, f"/tournaments/{pid}/entries", f"/tournaments/{pid}/start")
    match_id = open_matches(app, pid)[0][0]
    outsider_read = 200 if public else 404
    hidden = 403 if public else 404
    reads = {
        "organiser": 200,
        "helper": 200,
        "viewer": 200,
        "removed": outsider_read,
        "stranger": outsider_read,
        "anonymous": 200 if public else 302,
    }
    helper_pages = {"organiser": 200, "helper": 200, "viewer": 403}
    organiser_pages = {"organiser": 200, "helper": 403, "viewer": 403}
    # The organiser last: its actions (the viewer removed, the stranger added) would
    # change the others' answers.
    for who in (*WHO[1:], WHO[0]):
        as_user(client, who)
        for page in read_pages(pid):
            response = client.get(page)
            assert response.status_code == reads[who], (who, page)
        outsider = 302 if who == "anonymous" else hidden
        sheets = client.get(f"/tournaments/{pid}/print/sheets").status_code
        assert sheets == helper_pages.get(who, outsider), who
        members = client.get(f"/tournaments/{pid}/members").status_code
        assert members == organiser_pages.get(who, outsider), who
        token = csrf_token(client, "/account/login")
        posts = {
            f"/tournaments/{pid}/entries": {"entries": "X & Y"},
            f"/tournaments/{pid}/entries/{world.ids['entry']}": {"action": "withdraw"},
            f"/tournaments/{pid}/draw": {},
            f"/tournaments/{pid}/start": {},
            f"/tournaments/{pid}/next-round": {},
            f"/tournaments/{pid}/members": {"username": "stranger", "role": "helper"},
            f"/tournaments/{pid}/members/{world.ids['viewer']}/remove": {},
        }
        for url, data in posts.items():
            status = client.post(url, data={"csrf_token": token, **data}).status_code
            if who == "organiser":
                assert status in (302, 422), (who, url, status)
            else:
                expected = 403 if who in ("helper", "viewer") else outsider
                assert status == expected, (who, url, status)
        result = client.post(
            f"/tournaments/{pid}/matches/{match_id}/result",
            data={
                "csrf_token": token,
                "wins_first": "1",
                "wins_second": "0",
                "points_first": "11",
                "points_second": "3",
            },
        ).status_code
        expected = {"organiser": 302, "helper": 302, "viewer": 403}.get(who, outsider)
        assert result == expected, (who, result)
    with app.app_context():
        t = tournament_of(pid)
        named = {name for _member, name in pages.members_named(t)}
        assert named == {"organiser", "helper", "stranger"}  # as the organiser alone did
    as_user(client, "anonymous")
    assert client.get("/tournaments/").status_code == 302
    assert client.get("/tournaments/new").status_code == 302


def test_unknown_and_huge_ids_are_404(client: FlaskClient, world: World) -> None:
    pid = world.public_id
    as_user(client, "organiser")
    token = csrf_token(client, "/account/login")
    huge = "9" * 25
    for url in (
        f"/tournaments/{pid}/entries/{huge}",
        f"/tournaments/{pid}/entries/999999",
        f"/tournaments/{pid}/matches/{huge}/result",
        f"/tournaments/{pid}/matches/999999/result",
        f"/tournaments/{pid}/members/{huge}/remove",
        f"/tournaments/{pid}/members/{world.ids['member']}/remove",  # removed already
        "/tournaments/no-such-tournament/draw",
        "/tournaments/an%00na/start",
    ):
        assert client.post(url, data={"csrf_token": token}).status_code == 404, url
    assert client.get("/tournaments/no-such-tournament").status_code == 404
    assert client.get("/tournaments/an%00na/screen").status_code == 404


def test_csrf_is_enforced(client: FlaskClient, world: World) -> None:
    pid = world.public_id
    as_user(client, "organiser")
    assert client.post(f"/tournaments/{pid}/entries", data={"entries": "X & Y"}).status_code == 400
    assert client.post("/tournaments/new", data=NEW).status_code == 400


def test_bad_input_is_refused_next_to_its_field(client: FlaskClient, world: World) -> None:
    pid = world.public_id
    as_user(client, "organiser")
    cases = [
        ({"name": ""}, "Type a name."),
        ({"name": "x" * 61}, "At most 60 characters."),
        ({"name": "an\x00na"}, "Remove the control characters"),
        ({"target": "9" * 25}, "This number is too large."),
        ({"target": "0"}, "A whole number from 1 to 999."),
        ({"structure": "swiss", "rounds": ""}, "Type the number of rounds."),
        ({"entry_fee": "five"}, "An amount in euros"),
        ({"structure": "knockout", "games": "1", "final_games": "1", "knockout_games": "3"}, None),
        ({"qualifiers": "4"}, "Fewer qualifiers than the size of a group."),
        ({"tie_break-0": "points_for", "tie_break-1": "points_for"}, "at most once"),
        ({"tie_break-2": "no_such_step"}, "Not a valid choice"),
    ]
    for data, message in cases:
        response = post_form(client, "/tournaments/new", "/tournaments/new", **{**NEW, **data})
        if message is None:
            assert response.status_code == 302
            continue
        assert response.status_code == 422, data
        html = response.get_data(as_text=True)
        assert message in html, (data, html[:200])
        assert 'class="error"' in html
    entries = f"/tournaments/{pid}/entries"
    response = post_form(client, entries, entries, entries="Anna & Bruno\nA & B & C\n")
    assert response.status_code == 422
    assert "Line 2:" in response.get_data(as_text=True)
    response = post_form(client, entries, entries, entries="Anna\x00 & Bruno")
    assert response.status_code == 422
    assert "Remove the control characters" in response.get_data(as_text=True)
    response = post_form(client, entries, f"/tournaments/{pid}/draw", seed="9" * 25)
    assert response.status_code == 422
    assert "This number is too large." in response.get_data(as_text=True)
    members = f"/tournaments/{pid}/members"
    response = post_form(client, members, members, username="nobody", role="helper")
    assert response.status_code == 422
    assert "No account has this username." in response.get_data(as_text=True)


def test_the_tie_break_chain_is_chosen_on_the_form(app: Flask, client: FlaskClient) -> None:
    """The Italian chain is the default; another order, cut short, is kept and explained."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "organiser")
    html = client.get("/tournaments/new").get_data(as_text=True)
    assert html.count('<option selected value="head_to_head">') == 1
    default = create(client)
    chosen = {"tie_break-0": "points_for", "tie_break-1": "head_to_head", "tie_break-2": ""}
    pid = create(client, **chosen, **{"tie_break-3": "drawn_card"})
    with app.app_context():
        assert tournament_of(default).tie_break == [
            "head_to_head",
            "classifica_avulsa",
            "partite_won",
            "point_difference",
            "points_for",
            "points_against",
            "drawn_card",
        ]
        assert tournament_of(pid).tie_break == ["points_for", "head_to_head"]
    url = f"/tournaments/{pid}/entries"
    post_form(client, url, url, entries=EIGHT_PAIRS)
    post_form(client, url, f"/tournaments/{pid}/draw")
    html = client.get(f"/tournaments/{pid}").get_data(as_text=True)
    assert "sides are ordered by: points scored, head-to-head." in html


@pytest.mark.usefixtures("world")
def test_hostile_names_are_escaped_on_every_page(client: FlaskClient) -> None:
    as_user(client, "organiser")
    pid = create(client, name=HOSTILE, structure="round_robin")
    entries = f"/tournaments/{pid}/entries"
    listed = f"{HOSTILE} & Bruno ({HOSTILE})\nCarla & Dario\nElena & Fabio"
    assert post_form(client, entries, entries, entries=listed).status_code == 302
    post_form(client, entries, f"/tournaments/{pid}/draw")
    post_form(client, entries, f"/tournaments/{pid}/start")
    urls = [*read_pages(pid), f"/tournaments/{pid}/print/sheets", f"/tournaments/{pid}/members"]
    for page in [*urls, "/tournaments/"]:
        html = client.get(page).get_data(as_text=True)
        assert HOSTILE not in html, page
        assert "&lt;img src=x" in html, page


def test_every_field_of_every_tournament_form_takes_hostile_values_without_a_5xx(
    client: FlaskClient, world: World
) -> None:
    """Each field of each form on the organiser's pages (drawn, then running), one at a
    time, set to a number no database holds, a NUL byte or 10,000 characters: refused
    or accepted, never a server error."""
    pid = world.public_id
    as_user(client, "organiser")
    failures = []
    seen: set[tuple[str, tuple[str, ...]]] = set()
    pages_of = ["/tournaments/new", f"/tournaments/{pid}/entries", f"/tournaments/{pid}/members"]
    for stage in ("drawn", "running"):
        if stage == "running":
            post_form(client, f"/tournaments/{pid}/entries", f"/tournaments/{pid}/start")
            pages_of = [f"/tournaments/{pid}/rounds"]
        for url in pages_of:
            for action, form in page_forms(client, url):
                key = (action, tuple(sorted(form.data)))
                if form.method != "POST" or key in seen or action.endswith("/remove"):
                    continue
                seen.add(key)
                for name in form.data:
                    for value in FUZZ:
                        status = client.post(action, data={**form.data, name: value}).status_code
                        if status >= 500:
                            failures.append((action, name, value[:20], status))
    assert len(seen) >= 6  # new, entries, an entry, the draw, members, a result
    assert failures == []


@pytest.mark.parametrize(
    ("structure", "fmt", "entries", "extra"),
    [
        ("round_robin", "2x2", "A & B\nC & D\nE & F", {}),
        ("swiss", "2", "Anna\nBruno\nCarla\nDario\nElena", {"rounds": "3"}),
        ("danish", "2x2", "A & B\nC & D\nE & F\nG & H", {"rounds": "2"}),
        ("knockout", "2x2", "A & B\nC & D\nE & F\nG & H\nI & L", {"final_games": "1"}),
        ("groups_knockout", "2x2", "Anna\nBruno\nCarla\nDario\nElena\nFabio\nGina\nIvo", {}),
    ],
)
def test_each_structure_is_created_drawn_and_started_from_the_forms(
    app: Flask, client: FlaskClient, structure: str, fmt: str, entries: str, extra: dict[str, str]
) -> None:
    """Every structure the form offers, 2 players or pairs (singles paired at the draw):
    drawn and started, its first round at its tables (a bye for an odd count)."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "organiser")
    pid = create(client, structure=structure, format=fmt, **extra)
    url = f"/tournaments/{pid}/entries"
    assert post_form(client, url, url, entries=entries).status_code == 302
    assert post_form(client, url, f"/tournaments/{pid}/draw").status_code == 302
    assert post_form(client, url, f"/tournaments/{pid}/start").status_code == 302
    html = client.get(f"/tournaments/{pid}/rounds").get_data(as_text=True)
    assert re.search(r"Table \d+</span>", html)  # a knockout's tables follow its slots
    with app.app_context():
        t = tournament_of(pid)
        assert t.status == Status.RUNNING.value
        assert t.structure == structure
        assert t.format_key == fmt
        odd = len(services.entrants(t)) % 2 == 1
    if odd and structure != "knockout":
        assert "bye" in html


def test_table_links_are_shown_to_helpers_only_and_never_cached(
    app: Flask, client: FlaskClient, world: World
) -> None:
    """The round page carries each table's edit link for helpers (never stored by a
    cache); a viewer, and anyone reading a public tournament, see none."""
    pid = world.public_id
    as_user(client, "organiser")
    post_form(client, f"/tournaments/{pid}/entries", f"/tournaments/{pid}/start")
    with app.app_context():
        tournament_of(pid).is_public = True
        db.session.commit()
    as_user(client, "helper")
    response = client.get(f"/tournaments/{pid}/rounds")
    assert "/g/T." in response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store"
    for who in ("viewer", "anonymous"):
        as_user(client, who)
        for url in read_pages(pid):
            html = client.get(url).get_data(as_text=True)
            assert "/g/" not in html, (who, url)
            assert "/result" not in html, (who, url)


def set_entry(client: FlaskClient, url: str, action: str, seed: str = "") -> int:
    """POST an entry's form (its field ``action`` clashes with `post_form`'s)."""
    token = csrf_token(client, "/account/login")
    data = {"csrf_token": token, "action": action, "seed": seed}
    return client.post(url, data=data).status_code


def test_seeds_withdrawals_and_late_entries_undo_the_draw(
    app: Flask, client: FlaskClient, world: World
) -> None:
    """Before the start, seeding or withdrawing an entry, or a late entry, undoes the
    draw (to be drawn again); after the start they are refused with a message."""
    pid = world.public_id
    as_user(client, "organiser")
    url = f"/tournaments/{pid}/entries"
    entry = f"{url}/{world.ids['entry']}"
    assert set_entry(client, entry, "seed", "1") == 302
    html = client.get(url).get_data(as_text=True)
    assert "seed 1" in html
    with app.app_context():
        assert tournament_of(pid).status == Status.SETUP.value
    post_form(client, url, f"{url.rsplit('/', 1)[0]}/draw")
    assert set_entry(client, entry, "withdraw") == 302
    html = client.get(url).get_data(as_text=True)
    assert 'class="withdrawn"' in html
    assert "Take back" in html
    with app.app_context():
        assert tournament_of(pid).status == Status.SETUP.value
    assert set_entry(client, entry, "withdraw") == 302  # back in
    post_form(client, url, f"/tournaments/{pid}/draw")
    assert post_form(client, url, url, entries="Late & Comer").status_code == 302
    with app.app_context():
        t = tournament_of(pid)
        assert t.status == Status.SETUP.value
        assert len(services.entries(t)) == 9
    post_form(client, url, url, entries="Ultimo & Arrivato")  # ten: groups of 3 and 4
    assert post_form(client, url, f"/tournaments/{pid}/draw").status_code == 302
    assert post_form(client, url, f"/tournaments/{pid}/start").status_code == 302
    assert set_entry(client, entry, "seed", "2") == 302
    flashed = client.get(url).get_data(as_text=True)
    assert "The tournament has already started: the draw is fixed." in flashed
    assert 'action="/tournaments/' + pid + '/draw"' not in flashed  # no draw once started


def test_more_than_forty_sides_level_before_any_result_are_no_5xx(
    app: Flask, client: FlaskClient
) -> None:
    """42 pairs in one round-robin, all level on nothing played: the drawn card (one
    deck holds 40) ranks them on every page that shows the table."""
    signup(client, "organiser")
    with app.test_request_context():
        organiser = db.session.scalars(select(User).where(User.username == "organiser")).one()
        t = drawn(
            organiser,
            "\n".join(f"P{2 * n} & P{2 * n + 1}" for n in range(42)),
            3,
            Structure.ROUND_ROBIN,
        )
        pid = t.public_id
    for url in read_pages(pid):
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize(
    ("structure", "settings", "english", "italian"),
    [
        (Structure.ROUND_ROBIN, {}, "Round-robin · Round 1", "Girone unico · Turno 1"),
        (
            Structure.GROUPS_KNOCKOUT,
            {"stages": GROUPS_THEN_FINAL, "group_size": 4, "qualifiers": 2},
            "Groups · Round 1",
            "Gironi · Turno 1",
        ),
    ],
    ids=["round_robin", "groups_knockout"],
)
def test_a_round_is_headed_by_what_its_stage_is(
    app: Flask,
    client: FlaskClient,
    structure: Structure,
    settings: dict[str, object],
    english: str,
    italian: str,
) -> None:
    """A single round-robin's round is headed "Round-robin" (one group of everyone), the
    groups before a knockout "Groups", on the round page, the screen and the sheets, in
    English and in Italian."""
    signup(client, "organiser")
    with app.test_request_context():
        organiser = db.session.scalars(select(User).where(User.username == "organiser")).one()
        t = drawn(organiser, EIGHT_PAIRS, 3, structure, **settings)  # type: ignore[arg-type]
        services.start(t)
        pid = t.public_id
    for url in ("rounds", "screen", "print/sheets"):
        for language, heading in (("en", english), ("it", italian)):
            page = client.get(f"/tournaments/{pid}/{url}", headers={"Accept-Language": language})
            assert page.status_code == 200, url
            assert heading in page.get_data(as_text=True), (url, language)


def test_no_tie_reason_is_shown_before_a_round_robin_has_a_result(
    app: Flask, client: FlaskClient
) -> None:
    """Eight pairs in a round-robin, started, nothing played: every row is level on
    nothing and the drawn card's order is no reason worth a line; none is shown."""
    signup(client, "organiser")
    with app.test_request_context():
        organiser = db.session.scalars(select(User).where(User.username == "organiser")).one()
        t = drawn(organiser, EIGHT_PAIRS, 3, Structure.ROUND_ROBIN)
        services.start(t)
        pid = t.public_id
    for url in (f"/tournaments/{pid}", f"/tournaments/{pid}/screen"):
        html = client.get(url, headers=EN).get_data(as_text=True)
        assert "Anna" in html, url
        assert "tie-reason" not in html, url
