"""A tournament's history (issue 27): every correction that kept or replayed the later
matches, every withdrawal and its undoing is one audit row with the account that made
it, and the tournament's history page says them, with every match's results, newest
first, in English and in Italian; it is read by whoever reads the tournament."""

from __future__ import annotations

from datetime import date

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.accounts.models import User
from scorekeeper.audit import AuditEvent, ChangeKind
from scorekeeper.extensions import db
from scorekeeper.scoring import FORMATS, Rules
from scorekeeper.tournaments import services
from scorekeeper.tournaments.inputs import StageSetup, TournamentSetup
from scorekeeper.tournaments.models import Role, Status, Structure
from scorekeeper.tournaments.services.queries import group_numbers
from tests.helpers import EN, IT, csrf_token
from tests.helpers.actions import login, logout
from tests.helpers.tournaments import (
    EIGHT_PAIRS,
    GROUPS_THEN_FINAL,
    PASSWORD,
    confirming,
    correct_result,
    drawn,
    play_round,
    side_link,
    tournament_of,
    user,
)


def played_out(app: Flask) -> str:
    """Groups then a knockout played to its final, the lower number winning each match."""
    with app.test_request_context():
        t = drawn(
            user("organiser"), EIGHT_PAIRS, 7, Structure.GROUPS_KNOCKOUT, stages=GROUPS_THEN_FINAL
        )
        services.start(t)
        while t.status != Status.FINISHED.value:
            if not play_round(t):
                services.next_round(t)
        return t.public_id


def turned_group_match(app: Flask, public_id: str) -> tuple[int, tuple[int, int], int | None]:
    """Group A's match of its second and third, the points that make its second lose it
    (another pair goes on), and its table."""
    with app.app_context():
        t = tournament_of(public_id)
        second, third = sorted(group_numbers(t)[0])[1:3]
        for stage, round_ in services.rounds(t):
            for m in services.matches(round_):
                numbers = {side.number for side in (m.first, m.second) if side is not None}
                if stage.number == 1 and numbers == {second, third}:
                    points = (5, 11) if m.first.number == second else (11, 5)
                    return m.id, points, m.table_number
    raise AssertionError("no such match")


def events(app: Flask, kind: ChangeKind) -> list[AuditEvent]:
    with app.app_context():
        rows = db.session.scalars(select(AuditEvent).where(AuditEvent.kind == kind.value))
        found = list(rows)
        db.session.expunge_all()
        return found


def history(client: FlaskClient, public_id: str, headers: dict[str, str]) -> str:
    response = client.get(f"/tournaments/{public_id}/history", headers=headers)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_a_correction_that_keeps_the_later_matches_is_one_row_said_in_both_languages(
    app: Flask, client: FlaskClient
) -> None:
    """After the final, the organiser turns a group match so that another pair goes on
    and keeps the knockout as played: one audit row of the tournament, for that match,
    by the organiser's account, with the three later matches (two semifinals, the
    final); the history page says it first, in English and in Italian, linked from the
    tournament's page."""
    pid = played_out(app)
    match_id, points, table = turned_group_match(app, pid)
    login(client, "organiser", PASSWORD)
    assert correct_result(client, app, pid, match_id, points, "keep").status_code == 302
    (row,) = events(app, ChangeKind.CORRECTION_KEPT)
    with app.app_context():
        t = tournament_of(pid)
        organiser = db.session.scalars(select(User).where(User.username == "organiser")).one()
        assert (row.tournament_id, row.match_id) == (t.id, match_id)
        assert row.account_id == organiser.id
    assert row.account_name == "organiser"
    assert row.account_id is not None
    assert len(row.changes["later"][1]) == 3
    assert events(app, ChangeKind.CORRECTION_REPLAYED) == []
    show = client.get(f"/tournaments/{pid}", headers=EN).get_data(as_text=True)
    assert f'href="/tournaments/{pid}/history"' in show
    english = history(client, pid, EN)
    said = f"Correction of table {table} saved by organiser at "
    assert said in english
    assert "the 3 later matches stay as played" in english
    # Newest first: the correction before the results it corrected.
    assert english.index(said) < english.index("Result entered")
    assert "Result corrected by organiser" in english
    italian = history(client, pid, IT)
    assert f"Correzione del tavolo {table} salvata da organiser alle " in italian
    assert "i 3 incontri successivi restano come giocati" in italian


def test_a_correction_replayed_is_one_row_said_in_both_languages(
    app: Flask, client: FlaskClient
) -> None:
    """The same correction, the knockout to be played again: one row of its own kind, by
    the organiser; the history says the later matches go again."""
    pid = played_out(app)
    match_id, points, table = turned_group_match(app, pid)
    login(client, "organiser", PASSWORD)
    assert correct_result(client, app, pid, match_id, points, "replay").status_code == 302
    (row,) = events(app, ChangeKind.CORRECTION_REPLAYED)
    assert (row.match_id, row.account_name) == (match_id, "organiser")
    assert len(row.changes["later"][1]) == 3
    assert events(app, ChangeKind.CORRECTION_KEPT) == []
    english = history(client, pid, EN)
    assert f"Correction of table {table} saved by organiser at " in english
    assert "the 3 later matches are to be played again" in english
    italian = history(client, pid, IT)
    assert f"Correzione del tavolo {table} salvata da organiser alle " in italian
    assert "i 3 incontri successivi vanno rigiocati" in italian


def withdraw_and_undo(client: FlaskClient, public_id: str, entrant_id: int) -> None:
    base = f"/tournaments/{public_id}/entrants/{entrant_id}"
    for url in (f"{base}/withdraw", f"{base}/return"):
        token = csrf_token(client, "/account/login")
        assert client.post(url, data={"csrf_token": token}, headers=EN).status_code == 302


def open_entrant(app: Flask, public_id: str) -> tuple[int, tuple[str, ...]]:
    """An entrant at a table waiting for its result: its id and names."""
    with app.app_context():
        for _stage, round_ in services.rounds(tournament_of(public_id)):
            for m in services.matches(round_):
                if not m.is_bye and services.result_of(m) is None:
                    return m.first.id, m.first.names
    raise AssertionError("no open match")


def test_a_pair_withdrawn_and_taken_back_is_two_rows_said_in_both_languages(
    app: Flask, client: FlaskClient
) -> None:
    """Swiss, round 1 at its tables: the organiser withdraws a pair (its match lost by
    forfeit), then undoes it: one row each, by the organiser's account, naming the
    entrant and the forfeit; the history says the pair in the plural, the undoing first."""
    with app.test_request_context():
        t = drawn(user("organiser"), EIGHT_PAIRS, 7, Structure.SWISS, rounds=3)
        services.start(t)
        pid = t.public_id
    out, names = open_entrant(app, pid)
    assert len(names) == 2
    login(client, "organiser", PASSWORD)
    withdraw_and_undo(client, pid, out)
    (gone,) = events(app, ChangeKind.PAIR_WITHDRAWN)
    (back,) = events(app, ChangeKind.WITHDRAWAL_UNDONE)
    for row in (gone, back):
        assert row.account_name == "organiser"
        assert row.match_id is None
        assert row.changes["entrant"] == [None, out]
    assert len(gone.changes["forfeits"][1]) == 1
    english = history(client, pid, EN)
    pair_en = f"{names[0]} and {names[1]}"
    withdrawn = f"{pair_en} withdrawn by organiser at "
    undone = f"Withdrawal of {pair_en} undone by organiser at "
    assert withdrawn in english
    assert "1 match lost by forfeit" in english
    assert english.index(undone) < english.index(withdrawn)  # newest first
    italian = history(client, pid, IT)
    pair_it = f"{names[0]} e {names[1]}"
    assert f"{pair_it} ritirati da organiser alle " in italian
    assert "1 incontro perso a tavolino" in italian
    assert f"Ritiro di {pair_it} annullato da organiser alle " in italian


def test_a_single_player_withdrawn_is_said_in_the_singular(app: Flask, client: FlaskClient) -> None:
    """A tournament of single players: one withdrawn is "ritirato", not "ritirati"."""
    with app.test_request_context():
        setup = TournamentSetup(
            name="Torneo dei singoli",
            held_on=date(2026, 8, 16),
            structure=Structure.SWISS,
            rules=Rules(FORMATS["2"]),
            stages=(StageSetup(1, 11),),
            rounds=3,
        )
        t = services.create_tournament(user("organiser"), setup)
        services.add_entries(t, "Anna\nBruno\nCarla\nDario")
        services.draw(t, seed=3)
        services.start(t)
        pid = t.public_id
    out, names = open_entrant(app, pid)
    assert len(names) == 1
    login(client, "organiser", PASSWORD)
    withdraw_and_undo(client, pid, out)
    english = history(client, pid, EN)
    assert f"{names[0]} withdrawn by organiser at " in english
    assert f"Withdrawal of {names[0]} undone by organiser at " in english
    italian = history(client, pid, IT)
    assert f"{names[0]} ritirato da organiser alle " in italian
    assert "ritirati" not in italian
    assert "1 incontro perso a tavolino" in italian


def test_the_history_is_read_by_who_reads_the_tournament_and_no_stranger(
    app: Flask, client: FlaskClient
) -> None:
    """A private tournament's history: its viewer reads it; a stranger and a visitor
    without an account are not told it exists (404 / the login page)."""
    with app.test_request_context():
        t = drawn(user("organiser"), EIGHT_PAIRS, 7, Structure.SWISS, rounds=3)
        services.set_member(t, user("viewer"), Role.VIEWER)
        user("stranger")
        pid = t.public_id
    url = f"/tournaments/{pid}/history"
    login(client, "viewer", PASSWORD)
    assert client.get(url, headers=EN).status_code == 200
    logout(client)
    login(client, "stranger", PASSWORD)
    assert client.get(url, headers=EN).status_code == 404
    logout(client)
    assert client.get(url, headers=EN).status_code == 302
    assert client.get("/tournaments/no-such-one/history", headers=EN).status_code in (302, 404)


def test_a_sides_own_link_names_its_match_as_the_board_does(
    app: Flask, client: FlaskClient
) -> None:
    """A pair's own link heads its page with the board's label of its match: the
    tournament, the round and the table, in the page's language."""
    with app.test_request_context():
        t = confirming(user("organiser"))
        match = next(m for m in services.matches(services.rounds(t)[0][1]) if not m.is_bye)
        link, table = side_link(match, 0), match.table_number
    english = client.get(link, headers=EN).get_data(as_text=True)
    assert f'<h1 class="side-where">Torneo di San Rocco · Round 1 · Table {table}</h1>' in english
    italian = client.get(link, headers=IT).get_data(as_text=True)
    assert f'<h1 class="side-where">Torneo di San Rocco · Turno 1 · Tavolo {table}</h1>' in italian
