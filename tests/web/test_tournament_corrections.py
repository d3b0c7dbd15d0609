"""Results that stay right after a correction: two results sent for one match over the
same version (the second refused and shown the stored one), the same result sent twice
(recorded once), and what a correction does to a tournament already further on."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.games import table_edit_token
from scorekeeper.tournaments.inputs import StageSetup
from scorekeeper.tournaments.models import Match, Role, Structure
from tests.helpers import EN, csrf_token
from tests.helpers.actions import login, logout
from tests.helpers.games import start_game
from tests.helpers.tournaments import (
    EIGHT_PAIRS,
    FOUR_PAIRS,
    PASSWORD,
    drawn,
    tournament_of,
    user,
)


@dataclass
class Running:
    """A started round-robin of four pairs, its organiser and a helper."""

    public_id: str
    match_ids: list[int]


@pytest.fixture
def running(app: Flask) -> Running:
    with app.test_request_context():
        organiser = user("organiser")
        t = drawn(organiser, FOUR_PAIRS, 1, Structure.ROUND_ROBIN, (StageSetup(1, 11),))
        services.set_member(t, user("helper"), Role.HELPER)
        matches = [m for m in services.matches(services.start(t)) if not m.is_bye]
        return Running(t.public_id, [m.id for m in matches])


def version_on_page(client: FlaskClient, public_id: str, match_id: int) -> str:
    """The result version the round page's form of the match carries."""
    html = client.get(f"/tournaments/{public_id}/rounds", headers=EN).get_data(as_text=True)
    found = re.search(rf'id="version-{match_id}" name="version"[^>]*value="(\d+)"', html)
    assert found, html
    return found.group(1)


def send(
    client: FlaskClient, public_id: str, match_id: int, version: str, won: int, lost: int
) -> TestResponse:
    """Send the result form of the match: the first side's game points ``won`` against
    ``lost`` (the first wins the partita when ``won`` is the larger)."""
    first_wins = won > lost
    return client.post(
        f"/tournaments/{public_id}/matches/{match_id}/result",
        data={
            "csrf_token": csrf_token(client, f"/tournaments/{public_id}/rounds"),
            "version": version,
            "wins_first": "1" if first_wins else "0",
            "wins_second": "0" if first_wins else "1",
            "points_first": str(won),
            "points_second": str(lost),
        },
        headers=EN,
    )


def stored(app: Flask, match_id: int) -> tuple[tuple[int, ...], int]:
    """The match's stored game points and its result version."""
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        result = services.result_of(match)
        assert result is not None
        return result.points, match.result_version


def test_a_second_result_over_the_same_version_is_refused_and_shown_the_stored_one(
    app: Flask, client: FlaskClient, running: Running
) -> None:
    """The organiser and a helper open the round page, both see the match waiting, and
    each sends a different result: the first is saved, the second is told the result
    changed meanwhile, sees the stored one in words, and keeps what it typed; sent again
    from that page (which now carries the stored version) it replaces it, knowingly."""
    pid, match_id = running.public_id, running.match_ids[0]
    login(client, "organiser", PASSWORD)
    organisers = version_on_page(client, pid, match_id)
    logout(client)
    login(client, "helper", PASSWORD)
    helpers = version_on_page(client, pid, match_id)
    assert organisers == helpers
    assert send(client, pid, match_id, helpers, 11, 4).status_code == 302
    logout(client)
    login(client, "organiser", PASSWORD)
    refused = send(client, pid, match_id, organisers, 6, 11)
    assert refused.status_code == 409
    html = refused.get_data(as_text=True)
    assert "Meanwhile a different result was saved for this match" in html
    assert "partite won 1–0, points 11–4" in html
    form = html.split(f'id="match-{match_id}"', 1)[1].split("</form>", 1)[0]
    assert '<details class="result-entry" open>' in form
    assert re.search(rf'id="points-first-{match_id}"[^>]*value="6"', form)
    assert re.search(rf'id="points-second-{match_id}"[^>]*value="11"', form)
    assert "Result saved" not in html
    assert stored(app, match_id) == ((11, 4), 1)
    now = re.search(r'name="version"[^>]*value="(\d+)"', form)
    assert now is not None
    assert now.group(1) == "1"
    assert send(client, pid, match_id, now.group(1), 6, 11).status_code == 302
    assert stored(app, match_id) == ((6, 11), 2)


def test_the_same_result_sent_twice_is_recorded_once_and_is_no_error(
    app: Flask, client: FlaskClient, running: Running
) -> None:
    """A double tap (or a retry after a lost answer) sends the same result twice over
    the same version: both are told it is saved, and it is counted once."""
    pid, match_id = running.public_id, running.match_ids[0]
    login(client, "helper", PASSWORD)
    version = version_on_page(client, pid, match_id)
    first = send(client, pid, match_id, version, 11, 4)
    again = send(client, pid, match_id, version, 11, 4)
    assert (first.status_code, again.status_code) == (302, 302)
    assert stored(app, match_id) == ((11, 4), 1)
    page = client.get(again.headers["Location"], headers=EN).get_data(as_text=True)
    assert "Result saved: Torneo di San Rocco · Round 1 · Table 1." in page
    assert "changed meanwhile" not in page


def test_a_result_the_table_recorded_meanwhile_refuses_a_different_one_typed(
    app: Flask, client: FlaskClient, running: Running
) -> None:
    """A helper's page was drawn while the match waited; meanwhile a result is stored
    (another helper's): the helper's different result, sent with the old version, is
    refused; without a version (a sender that knows none) nothing is checked."""
    pid, match_id = running.public_id, running.match_ids[1]
    login(client, "helper", PASSWORD)
    version = version_on_page(client, pid, match_id)
    with app.test_request_context():
        match = db.session.get_one(Match, match_id)
        services.enter_result(match, (0, 1), (3, 11), user("other"), seen=int(version))
    assert send(client, pid, match_id, version, 11, 9).status_code == 409
    assert stored(app, match_id) == ((3, 11), 1)


def test_next_round_asked_again_from_an_older_page_says_the_round_has_started(
    app: Flask, client: FlaskClient, running: Running
) -> None:
    """Two of the organiser's phones show round 1 complete; both press "Next round": the
    first makes round 2, the second is told round 2 has already started (not that some
    results are missing) and is shown it; one round 2 is made."""
    pid = running.public_id
    with app.test_request_context():
        scorer = user("scorer")
        for match_id in running.match_ids:
            match = db.session.get_one(Match, match_id)
            services.enter_result(match, (1, 0), (11, 2), scorer)
    phones = [client, app.test_client()]
    pages_ = []
    for phone in phones:
        login(phone, "organiser", PASSWORD)
        html = phone.get(f"/tournaments/{pid}/rounds", headers=EN).get_data(as_text=True)
        assert 'id="next-round-button"' in html
        pages_.append(html)
    answers = []
    for phone, html in zip(phones, pages_, strict=True):
        after = re.search(r'name="after" value="(\d+)"', html)
        assert after is not None
        response = phone.post(
            f"/tournaments/{pid}/next-round",
            data={"csrf_token": csrf_token(phone, "/account/login"), "after": after.group(1)},
            headers=EN,
        )
        assert response.status_code == 302
        answers.append(phone.get(response.headers["Location"], headers=EN))
    first, second = (answer.get_data(as_text=True) for answer in answers)
    assert "Round 2 is at its tables." in first
    assert "Round 2 has already started." in second
    assert "no result yet" not in second
    assert "Round-robin · Round 2" in second
    with app.app_context():
        t = services.rounds(tournament_of(pid))
        assert [r.number for _s, r in t] == [1, 2]
    italian = phones[1].post(
        f"/tournaments/{pid}/next-round",
        data={"csrf_token": csrf_token(phones[1], "/account/login"), "after": after.group(1)},
        headers={"Accept-Language": "it"},
    )
    shown = phones[1].get(italian.headers["Location"], headers={"Accept-Language": "it"})
    assert "Il turno 2 è già iniziato." in shown.get_data(as_text=True)


def test_a_tables_board_and_result_form_name_the_tournament_group_round_and_table(
    app: Flask, client: FlaskClient
) -> None:
    """The board a table's QR opens names where the match is played, one line at its
    top (in Italian too); a best of 3 also names its partita; the round page's result
    form and its saved message name the same; a game of no tournament has no such line."""
    with app.test_request_context():
        organiser = user("organiser")
        t = drawn(organiser, EIGHT_PAIRS, 7, Structure.GROUPS_KNOCKOUT, (StageSetup(1, 11),) * 2)
        first = services.start(t)
        match = next(m for m in services.matches(first) if m.group_index == 1)
        token = table_edit_token(services.match_games(match)[0])
        label = f"Torneo di San Rocco · Group B · Round 1 · Table {match.table_number}"
        italian = f"Torneo di San Rocco · Girone B · Turno 1 · Tavolo {match.table_number}"
        pid, match_id = t.public_id, match.id
        final = drawn(organiser, FOUR_PAIRS, 3, Structure.KNOCKOUT, (StageSetup(3, 11),))
        semi = services.matches(services.start(final))[0]
        semi_token = table_edit_token(services.match_games(semi)[0])
    board = client.get(f"/g/{token}", headers=EN).get_data(as_text=True)
    assert f'<p class="game-label" id="game-label">{label}</p>' in board
    assert board.index('id="game-label"') < board.index('id="board-bar"')
    board_it = client.get(f"/g/{token}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert f'id="game-label">{italian}</p>' in board_it
    semi_board = client.get(f"/g/{semi_token}", headers=EN).get_data(as_text=True)
    assert (
        'id="game-label">Torneo di San Rocco · Semifinals · Table 1 · Partita 1 of 3</p>'
        in semi_board
    )
    login(client, "organiser", PASSWORD)
    page = client.get(f"/tournaments/{pid}/rounds", headers=EN).get_data(as_text=True)
    assert f'id="result-label-{match_id}">{label}</p>' in page
    saved = send(client, pid, match_id, version_on_page(client, pid, match_id), 11, 4)
    shown = client.get(saved.headers["Location"], headers=EN).get_data(as_text=True)
    assert f"Result saved: {label}." in shown
    plain = client.get(start_game(client), headers=EN).get_data(as_text=True)
    assert 'id="board-bar"' in plain
    assert "game-label" not in plain
