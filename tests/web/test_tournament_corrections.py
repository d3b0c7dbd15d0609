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
from scorekeeper.tournaments.models import Match, Role, Status, Structure
from scorekeeper.tournaments.services.queries import group_numbers
from tests.helpers import EN, csrf_token
from tests.helpers.actions import login, logout
from tests.helpers.games import start_game
from tests.helpers.tournaments import (
    EIGHT_PAIRS,
    FOUR_PAIRS,
    GROUPS_THEN_FINAL,
    PASSWORD,
    correct_result,
    drawn,
    play_round,
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


def game_label(board: str) -> str:
    """The text of the board's line that names where its game is played."""
    found = re.search(r'<p class="game-label" id="game-label"[^>]*>(.*?)</p>', board, re.S)
    assert found, board
    return re.sub(r"<[^>]+>", "", found.group(1))


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
    assert game_label(board) == label
    assert board.index('id="game-label"') < board.index('id="board-bar"')
    board_it = client.get(f"/g/{token}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert game_label(board_it) == italian
    semi_board = client.get(f"/g/{semi_token}", headers=EN).get_data(as_text=True)
    assert game_label(semi_board) == "Torneo di San Rocco · Semifinals · Table 1 · Partita 1 of 3"
    login(client, "organiser", PASSWORD)
    page = client.get(f"/tournaments/{pid}/rounds", headers=EN).get_data(as_text=True)
    assert f'id="result-label-{match_id}">{label}</p>' in page
    saved = send(client, pid, match_id, version_on_page(client, pid, match_id), 11, 4)
    shown = client.get(saved.headers["Location"], headers=EN).get_data(as_text=True)
    assert f"Result saved: {label}." in shown
    plain = client.get(start_game(client), headers=EN).get_data(as_text=True)
    assert 'id="board-bar"' in plain
    assert "game-label" not in plain


def played_out(app: Flask, structure: Structure, entries: str, **settings: object) -> str:
    """A tournament of ``structure`` played to its end through its tables, the lower
    entrant number winning every match; its public id (organiser: "organiser")."""
    with app.test_request_context():
        t = drawn(user("organiser"), entries, 7, structure, **settings)  # type: ignore[arg-type]
        services.start(t)
        while t.status != Status.FINISHED.value:
            if not play_round(t):
                services.next_round(t)
        return t.public_id


def group_matches(app: Flask, public_id: str) -> dict[tuple[int, int], int]:
    """The first stage's matches by their two entrant numbers (lower first)."""
    with app.app_context():
        t = tournament_of(public_id)
        found = {}
        for stage, round_ in services.rounds(t):
            if stage.number == 1:
                for m in services.matches(round_):
                    if not m.is_bye and m.second is not None:
                        pair = sorted((m.first.number, m.second.number))
                        found[(pair[0], pair[1])] = m.id
        return found


def status_of(app: Flask, public_id: str) -> str:
    with app.app_context():
        return tournament_of(public_id).status


def knockout_numbers(app: Flask, public_id: str) -> set[int]:
    """The entrant numbers in the knockout's first round."""
    with app.app_context():
        t = tournament_of(public_id)
        return {
            side.number
            for stage, round_ in services.rounds(t)
            if stage.kind == "knockout" and round_.number == 1
            for m in services.matches(round_)
            for side in (m.first, m.second)
            if side is not None
        }


def test_a_group_score_corrected_after_the_final_keeps_the_tournament_finished(
    app: Flask, client: FlaskClient
) -> None:
    """Groups, then a knockout, played to the final; the organiser corrects a group
    match's score (the same winner, the same qualifiers): the tournament stays finished
    and its podium stays on its page; no question asked."""
    pid = played_out(app, Structure.GROUPS_KNOCKOUT, EIGHT_PAIRS, stages=GROUPS_THEN_FINAL)
    match_id = next(iter(group_matches(app, pid).values()))
    login(client, "organiser", PASSWORD)
    with app.app_context():
        result = services.result_of(db.session.get_one(Match, match_id))
        assert result is not None
        points = result.points
    corrected = (points[0], 3) if points[0] > points[1] else (3, points[1])
    response = correct_result(client, app, pid, match_id, corrected)
    assert response.status_code == 302
    assert status_of(app, pid) == Status.FINISHED.value
    show = client.get(f"/tournaments/{pid}", headers=EN).get_data(as_text=True)
    assert 'id="podium"' in show
    assert ">Finished</strong>" in show


def test_a_group_correction_that_changes_the_qualifiers_asks_then_keeps_the_knockout(
    app: Flask, client: FlaskClient
) -> None:
    """After the final, the organiser turns a group match round so that another pair
    qualifies: nothing is saved yet, the page names the knockout's matches it affects
    and offers to replay or keep them; keeping them saves the correction, leaves the
    knockout as played and the tournament finished."""
    pid = played_out(app, Structure.GROUPS_KNOCKOUT, EIGHT_PAIRS, stages=GROUPS_THEN_FINAL)
    groups = group_matches(app, pid)
    second, third = _second_and_third_of_a_group(app, pid)
    match_id = groups[(second, third)]
    before = knockout_numbers(app, pid)
    login(client, "organiser", PASSWORD)
    flipped = _lost_by(app, match_id, second)
    asked = correct_result(client, app, pid, match_id, flipped)
    assert asked.status_code == 200
    html = asked.get_data(as_text=True)
    assert "This correction changes who went on" in html
    assert html.count("<strong>Torneo di San Rocco · Semifinals · Table") == 2
    assert "<strong>Torneo di San Rocco · Final · Table 1</strong>" in html
    assert 'id="keep-later"' in html
    assert 'id="replay-later"' in html
    assert _result_points(app, match_id) != flipped  # nothing saved yet
    kept = correct_result(client, app, pid, match_id, flipped, later="keep")
    assert kept.status_code == 302
    assert _result_points(app, match_id) == flipped
    assert status_of(app, pid) == Status.FINISHED.value
    assert knockout_numbers(app, pid) == before
    page = client.get(kept.headers["Location"], headers=EN).get_data(as_text=True)
    assert "The later matches were kept as they were played." in page


def test_a_group_correction_replayed_draws_the_knockout_again_from_the_new_tables(
    app: Flask, client: FlaskClient
) -> None:
    """The same correction, replayed: the knockout's matches are cleared and its first
    round is drawn again with the pair that now qualifies; the tournament runs again."""
    pid = played_out(app, Structure.GROUPS_KNOCKOUT, EIGHT_PAIRS, stages=GROUPS_THEN_FINAL)
    second, third = _second_and_third_of_a_group(app, pid)
    match_id = group_matches(app, pid)[(second, third)]
    assert second in knockout_numbers(app, pid)
    login(client, "organiser", PASSWORD)
    flipped = _lost_by(app, match_id, second)
    replayed = correct_result(client, app, pid, match_id, flipped, later="replay")
    assert replayed.status_code == 302
    assert status_of(app, pid) == Status.RUNNING.value
    now = knockout_numbers(app, pid)
    assert third in now
    assert second not in now
    with app.app_context():
        t = tournament_of(pid)
        knockout_rounds = [r for s, r in services.rounds(t) if s.kind == "knockout"]
        assert [r.number for r in knockout_rounds] == [1]
        assert all(services.result_of(m) is None for m in services.matches(knockout_rounds[0]))
    page = client.get(replayed.headers["Location"], headers=EN).get_data(as_text=True)
    assert "cleared, to be played again" in page


def test_a_helper_cannot_make_a_correction_that_changes_who_went_on(
    app: Flask, client: FlaskClient
) -> None:
    pid = played_out(app, Structure.GROUPS_KNOCKOUT, EIGHT_PAIRS, stages=GROUPS_THEN_FINAL)
    second, third = _second_and_third_of_a_group(app, pid)
    match_id = group_matches(app, pid)[(second, third)]
    with app.test_request_context():
        services.set_member(tournament_of(pid), user("helper"), Role.HELPER)
    login(client, "helper", PASSWORD)
    flipped = _lost_by(app, match_id, second)
    for later in ("", "keep", "replay"):
        refused = correct_result(client, app, pid, match_id, flipped, later=later)
        assert refused.status_code == 422
        assert "only the organiser can make it" in refused.get_data(as_text=True)
    assert _result_points(app, match_id) != flipped


def test_a_swiss_round_corrected_after_the_next_is_paired_asks_and_replays_it(
    app: Flask, client: FlaskClient
) -> None:
    """Swiss, round 2 paired and played: turning a round-1 result round names round 2's
    matches (paired from the old standings); replaying clears round 2, and "Next round"
    pairs it again."""
    with app.test_request_context():
        t = drawn(user("organiser"), EIGHT_PAIRS, 7, Structure.SWISS, rounds=3)
        first = services.start(t)
        play_round(t)
        services.next_round(t)
        play_round(t)
        pid = t.public_id
        match = next(m for m in services.matches(first) if not m.is_bye)
        match_id, first_number = match.id, match.first.number
    login(client, "organiser", PASSWORD)
    flipped = _lost_by(app, match_id, first_number)
    asked = correct_result(client, app, pid, match_id, flipped)
    assert asked.status_code == 200
    assert asked.get_data(as_text=True).count("· Round 2 · Table") == 4
    replayed = correct_result(client, app, pid, match_id, flipped, later="replay")
    assert replayed.status_code == 302
    with app.app_context():
        assert [r.number for _s, r in services.rounds(tournament_of(pid))] == [1]
    rounds = f"/tournaments/{pid}/rounds"
    page = client.get(rounds, headers=EN).get_data(as_text=True)
    after = re.search(r'name="after" value="(\d+)"', page)
    assert after is not None
    made = client.post(
        f"/tournaments/{pid}/next-round",
        data={"csrf_token": csrf_token(client, rounds), "after": after.group(1)},
    )
    assert made.status_code == 302
    with app.app_context():
        assert [r.number for _s, r in services.rounds(tournament_of(pid))] == [1, 2]


def test_a_semifinal_turned_round_after_the_final_is_replayed_not_kept(
    app: Flask, client: FlaskClient
) -> None:
    """A knockout played to the end: turning a semifinal round names the final, offers
    no "keep" (the old winner played it), and replaying makes the final again with the
    new winner in it."""
    pid = played_out(app, Structure.KNOCKOUT, FOUR_PAIRS, stages=(StageSetup(1, 11),))
    with app.app_context():
        (_s, semis), (_s2, final) = services.rounds(tournament_of(pid))
        semi = services.matches(semis)[0]
        semi_id, winner = semi.id, semi.first.number
        loser = semi.second.number if semi.second else 0
        winner = min(winner, loser)
        loser = max(semi.first.number, loser)
    login(client, "organiser", PASSWORD)
    flipped = _lost_by(app, semi_id, winner)
    asked = correct_result(client, app, pid, semi_id, flipped)
    html = asked.get_data(as_text=True)
    assert asked.status_code == 200
    assert "Torneo di San Rocco · Final · Table 1" in html
    assert 'id="keep-later"' not in html
    assert correct_result(client, app, pid, semi_id, flipped, later="keep").status_code == 422
    assert correct_result(client, app, pid, semi_id, flipped, later="replay").status_code == 302
    assert status_of(app, pid) == Status.RUNNING.value
    with app.app_context():
        (_s, _semis), (_s2, final) = services.rounds(tournament_of(pid))
        (again,) = services.matches(final)
        assert loser in (again.first.number, again.second.number if again.second else 0)
        assert services.result_of(again) is None


def _second_and_third_of_a_group(app: Flask, public_id: str) -> tuple[int, int]:
    """Group A's second and third (the lower number wins every match)."""
    with app.app_context():
        numbers = sorted(group_numbers(tournament_of(public_id))[0])
        return numbers[1], numbers[2]


def _lost_by(app: Flask, match_id: int, number: int) -> tuple[int, int]:
    """Game points that make entrant ``number`` lose the one-partita match, 11 to 5."""
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        return (5, 11) if match.first.number == number else (11, 5)


def _result_points(app: Flask, match_id: int) -> tuple[int, ...]:
    with app.app_context():
        result = services.result_of(db.session.get_one(Match, match_id))
        assert result is not None
        return result.points
