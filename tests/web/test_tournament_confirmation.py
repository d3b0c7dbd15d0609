"""The other side confirms a tournament's results: a side enters the result from its own
link, the other confirms it (on its own link, or on the phone passed across) or disputes
it; the organiser's result counts at once, a confirmed one is locked, a dispute is
decided by the organiser with a reason; only confirmed results count (standings, the
knockout's next match, the next round)."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.inputs import StageSetup
from scorekeeper.tournaments.models import (
    Confirmation,
    Match,
    Member,
    Role,
    Structure,
)
from tests.helpers import EN, IT
from tests.helpers.actions import PASSWORD, login, logout, post_form, signup
from tests.helpers.confirming import (
    Table,
    enter_result,
    first_match,
    match_confirmations,
    match_result,
)
from tests.helpers.tournaments import (
    NEW,
    confirming,
    create,
    play_match,
    side_link,
    tournament_of,
    user,
)
from tests.helpers.tournaments import PASSWORD as TOURNAMENT_PASSWORD


def _confirm(client: FlaskClient, link: str, side: int) -> int:
    """Tap "we confirm" for ``side`` on the page of ``link`` (the CSRF token from any
    page: a locked result's page has no form left)."""
    return post_form(client, "/account/login", f"{link}/confirm", side=str(side)).status_code


def _played(app: Flask, public_id: str) -> int:
    """How many matches the standings count, over all entrants."""
    with app.app_context():
        return sum(row.played for row in services.standings(tournament_of(public_id)))


def test_the_form_asks_for_confirmation_by_default(app: Flask, client: FlaskClient) -> None:
    """A new tournament's form has the setting on; sent on it is stored on, and a form sent
    without it (as every tournament made before it) stores it off."""
    signup(client, "organiser")
    html = client.get("/tournaments/new", headers=EN).get_data(as_text=True)
    box = re.search(r"<input[^>]*needs_confirmation[^>]*>", html)
    assert box is not None
    assert "checked" in box.group(0)
    on = create(client, needs_confirmation="y")
    off = create(client)
    with app.app_context():
        assert tournament_of(on).needs_confirmation is True
        assert tournament_of(off).needs_confirmation is False
    assert NEW.get("needs_confirmation") is None


def test_a_side_enters_and_the_other_confirms_on_its_own_link(
    app: Flask, client: FlaskClient, table: Table
) -> None:
    """Side 0 enters: the result awaits side 1 and counts nowhere; side 0 cannot confirm
    it; side 1 confirms from its own link, twice (recorded once); then it counts."""
    first, second = table.links
    assert enter_result(client, first) == 302
    result = match_result(app, table.match_id)
    assert result is not None
    assert (result.state, result.entered_side, result.by_hand) == ("awaiting", 0, True)
    assert _played(app, table.public_id) == 0
    page = client.get(first, headers=EN).get_data(as_text=True)
    assert "Awaiting confirmation by" in page
    assert "Pass the phone to" in page
    show = client.get(f"/tournaments/{table.public_id}", headers=EN)
    assert show.status_code in (302, 404)  # private: the link opens the match, not the rest
    # The entering side cannot confirm its own result.
    assert _confirm(client, first, 0) == 302
    assert match_result(app, table.match_id).state == "awaiting"  # type: ignore[union-attr]
    assert "the other side confirms it, not you" in client.get(first, headers=EN).get_data(
        as_text=True
    )
    assert match_confirmations(app, table.match_id) == []
    # The other side, on its own phone: "We confirm", twice.
    other = app.test_client()
    other.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    html = other.get(second).get_data(as_text=True)
    assert "We confirm this result" in html
    assert "We dispute this result" in html
    assert _confirm(other, second, 1) == 302
    assert _confirm(other, second, 1) == 302
    assert match_confirmations(app, table.match_id) == [(1, 1, None)]
    assert match_result(app, table.match_id).state == "confirmed"  # type: ignore[union-attr]
    assert _played(app, table.public_id) == 2
    html = other.get(second).get_data(as_text=True)
    assert "Confirmed by" in html
    assert "only the organiser can correct it" in html
    # Locked: neither side enters another result any more.
    assert enter_result(client, first, points="11-9") == 422
    assert match_result(app, table.match_id).points == (11, 4)  # type: ignore[union-attr]


def test_the_phone_passed_across_confirms_in_one_tap(
    app: Flask, client: FlaskClient, table: Table
) -> None:
    """On side 0's phone, passed across: "Bruno e Dario confermano" in Italian, one tap."""
    first, _second = table.links
    assert enter_result(client, first) == 302
    html = client.get(first, headers=IT).get_data(as_text=True)
    with app.app_context():
        match = db.session.get_one(Match, table.match_id)
        assert match.second is not None
        them = " e ".join(match.second.names)
    assert f"{them} confermano" in html
    assert f"In attesa di conferma di {them}" in html
    assert _confirm(client, first, 1) == 302
    assert match_confirmations(app, table.match_id) == [(1, 0, None)]
    assert match_result(app, table.match_id).state == "confirmed"  # type: ignore[union-attr]
    assert f"Confermato da {them}" in client.get(first, headers=IT).get_data(as_text=True)


def test_the_same_result_from_the_other_side_confirms_it_a_different_one_disputes_it(
    app: Flask, client: FlaskClient, table: Table
) -> None:
    """The other side entering the very result confirms it; on another table, entering a
    different one is a dispute."""
    first, second = table.links
    assert enter_result(client, first) == 302
    assert enter_result(client, second) == 302
    assert match_result(app, table.match_id).state == "confirmed"  # type: ignore[union-attr]
    with app.app_context():
        t = tournament_of(table.public_id)
        _stage, round_ = services.rounds(t)[0]
        other = [m for m in services.matches(round_) if not m.is_bye][1]
        links = side_link(other, 0), side_link(other, 1)
    assert enter_result(client, links[0]) == 302
    assert enter_result(client, links[1], "0-1", "4-11") == 302
    result = match_result(app, other.id)
    assert result is not None
    assert (result.state, result.disputed_side) == ("disputed", 1)
    assert (result.disputed_wins, result.disputed_points) == ([0, 1], [4, 11])


def test_a_dispute_is_locked_and_the_organiser_decides_it_with_a_reason(
    app: Flask, client: FlaskClient, table: Table
) -> None:
    """Side 1 disputes ("Contestiamo", with its version): locked for the sides; the
    organiser sees both versions on the tournament page and decides, with a reason."""
    first, second = table.links
    assert enter_result(client, first) == 302
    dispute = post_form(
        client,
        second,
        f"{second}/dispute",
        side="1",
        wins_first="0",
        wins_second="1",
        points_first="6",
        points_second="11",
    )
    assert dispute.status_code == 302
    result = match_result(app, table.match_id)
    assert result is not None
    assert result.state == "disputed"
    assert "Disputed by" in client.get(first, headers=EN).get_data(as_text=True)
    # Locked: the sides can neither confirm nor enter again.
    assert _confirm(client, second, 1) == 302
    assert enter_result(client, first, points="11-2") == 422
    assert match_result(app, table.match_id).state == "disputed"  # type: ignore[union-attr]
    assert _played(app, table.public_id) == 0
    # The organiser sees both versions and decides.
    assert login(client, "organiser", TOURNAMENT_PASSWORD).status_code == 302
    show = f"/tournaments/{table.public_id}"
    html = client.get(show, headers=EN).get_data(as_text=True)
    assert "Disputed results" in html
    assert 'class="entered-version">11–4<' in html
    assert 'class="disputed-version">6–11<' in html
    assert "1 result awaits confirmation" in html
    action = f"/tournaments/{table.public_id}/matches/{table.match_id}/resolve"
    assert post_form(client, show, action, version="disputed", reason="").status_code == 302
    assert match_result(app, table.match_id).state == "disputed"  # type: ignore[union-attr]
    reason = "Il foglio firmato dice 6 a 11"
    assert post_form(client, show, action, version="disputed", reason=reason).status_code == 302
    result = match_result(app, table.match_id)
    assert result is not None
    assert (result.state, result.points, result.reason) == ("confirmed", (6, 11), reason)
    assert _played(app, table.public_id) == 2
    assert "Disputed results" not in client.get(show, headers=EN).get_data(as_text=True)
    # The match's history names each step: entered and disputed through the sides'
    # links, resolved by the organiser with the reason.
    sheet = f"/tournaments/{table.public_id}/matches/{table.match_id}/sheet"
    history = client.get(sheet, headers=EN).get_data(as_text=True)
    assert "Result disputed through" in history
    assert "Dispute over the result resolved by organiser" in history
    assert "reason: “Il foglio firmato dice 6 a 11”" in history
    logout(client)
    assert reason in client.get(first, headers=EN).get_data(as_text=True)


def test_the_organisers_result_counts_at_once_and_a_locked_one_needs_his_reason(
    app: Flask, client: FlaskClient, table: Table
) -> None:
    """The organiser's result is confirmed at once (and says so); a helper cannot correct
    a confirmed result; the organiser corrects it only with a reason."""
    with app.app_context():
        helper = user("helper")
        t = tournament_of(table.public_id)
        db.session.add(Member(tournament_id=t.id, user_id=helper.id, role=Role.HELPER.key))
        db.session.commit()
    rounds = f"/tournaments/{table.public_id}/rounds"
    action = f"/tournaments/{table.public_id}/matches/{table.match_id}/result"
    fields = {"wins_first": "1", "wins_second": "0", "points_first": "11", "points_second": "3"}
    assert login(client, "organiser", TOURNAMENT_PASSWORD).status_code == 302
    response = post_form(client, rounds, action, **fields)
    assert response.status_code == 302
    assert "confirmed at once" in client.get(rounds, headers=EN).get_data(as_text=True)
    assert match_result(app, table.match_id).state == "confirmed"  # type: ignore[union-attr]
    assert _played(app, table.public_id) == 2
    # A helper cannot correct it.
    logout(client)
    assert login(client, "helper", TOURNAMENT_PASSWORD).status_code == 302
    refused = post_form(client, rounds, action, **{**fields, "points_second": "5"})
    assert refused.status_code == 422
    assert "only the organiser can correct it" in refused.get_data(as_text=True)
    # The organiser: not without a reason; with one, yes.
    logout(client)
    assert login(client, "organiser", TOURNAMENT_PASSWORD).status_code == 302
    refused = post_form(client, rounds, action, **{**fields, "points_second": "5"})
    assert refused.status_code == 422
    assert "Write the reason" in refused.get_data(as_text=True)
    assert match_result(app, table.match_id).points == (11, 3)  # type: ignore[union-attr]
    done = post_form(client, rounds, action, **{**fields, "points_second": "5", "reason": "x"})
    assert done.status_code == 302
    result = match_result(app, table.match_id)
    assert result is not None
    assert (result.points, result.reason, result.state) == ((11, 5), "x", "confirmed")


def test_a_helpers_result_awaits_both_sides(app: Flask, client: FlaskClient, table: Table) -> None:
    """A helper's result awaits every side at the table: one side confirming is not
    enough; the second makes it count."""
    with app.app_context():
        helper = user("helper")
        t = tournament_of(table.public_id)
        db.session.add(Member(tournament_id=t.id, user_id=helper.id, role=Role.HELPER.key))
        db.session.commit()
    assert login(client, "helper", TOURNAMENT_PASSWORD).status_code == 302
    rounds = f"/tournaments/{table.public_id}/rounds"
    action = f"/tournaments/{table.public_id}/matches/{table.match_id}/result"
    fields = {"wins_first": "1", "wins_second": "0", "points_first": "11", "points_second": "3"}
    assert post_form(client, rounds, action, **fields).status_code == 302
    html = client.get(rounds, headers=EN).get_data(as_text=True)
    assert "awaiting confirmation" in html
    assert "Link of" in html
    logout(client)
    first, second = table.links
    assert _confirm(client, first, 0) == 302
    assert match_result(app, table.match_id).state == "awaiting"  # type: ignore[union-attr]
    assert _confirm(client, second, 1) == 302
    assert match_result(app, table.match_id).state == "confirmed"  # type: ignore[union-attr]


def test_next_round_waits_for_every_confirmation(app: Flask, client: FlaskClient) -> None:
    """Every result of round 1 entered, one still unconfirmed: "Next round" is refused
    with a message that says why; once confirmed, round 2 starts. The screen marks it."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    with app.app_context():
        t = confirming(user("organiser"))
        _stage, round_ = services.rounds(t)[0]
        matches = [m for m in services.matches(round_) if not m.is_bye]
        links = [(side_link(m, 0), side_link(m, 1)) for m in matches]
        pid = t.public_id
    for first, _second in links:
        assert enter_result(client, first) == 302
    for _first, second in links[1:]:
        assert _confirm(client, second, 1) == 302
    assert login(client, "organiser", TOURNAMENT_PASSWORD).status_code == 302
    rounds = f"/tournaments/{pid}/rounds"
    html = client.get(rounds, headers=EN).get_data(as_text=True)
    assert "still awaits confirmation" in html
    assert post_form(client, rounds, f"/tournaments/{pid}/next-round").status_code == 302
    html = client.get(rounds, headers=EN).get_data(as_text=True)
    assert "still await the other side&#39;s confirmation" in html
    with app.app_context():
        assert len(services.rounds(tournament_of(pid))) == 1
    screen = client.get(f"/tournaments/{pid}/screen", headers=EN).get_data(as_text=True)
    assert screen.count("badge-unconfirmed") == 1
    assert "1 result awaits confirmation" in screen
    printed = client.get(f"/tournaments/{pid}/print/standings", headers=EN).get_data(as_text=True)
    assert "1 result awaits confirmation" in printed
    assert _confirm(client, links[0][1], 1) == 302
    assert post_form(client, rounds, f"/tournaments/{pid}/next-round").status_code == 302
    with app.app_context():
        assert len(services.rounds(tournament_of(pid))) == 2


def test_a_knockout_waits_for_the_confirmation(app: Flask, client: FlaskClient) -> None:
    """A semifinal's winner goes on only once the other side confirms: the final is
    made after both semifinals are confirmed, and the champion after the final is."""
    with app.app_context():
        t = confirming(user("organiser"), structure=Structure.KNOCKOUT)
        _stage, round_ = services.rounds(t)[0]
        semis = [m for m in services.matches(round_) if not m.is_bye]
        links = [(side_link(m, 0), side_link(m, 1)) for m in semis]
        pid = t.public_id
    assert len(links) == 2

    def rounds_now() -> int:
        with app.app_context():
            return len(services.rounds(tournament_of(pid)))

    for first, _second in links:
        assert enter_result(client, first) == 302
    assert rounds_now() == 1  # the final waits
    assert _confirm(client, links[0][1], 1) == 302
    assert rounds_now() == 1
    assert _confirm(client, links[1][1], 1) == 302
    assert rounds_now() == 2
    with app.app_context():
        t = tournament_of(pid)
        final = services.matches(services.rounds(t)[1][1])[0]
        final_links = side_link(final, 0), side_link(final, 1)
    assert enter_result(client, final_links[1], "0-1", "3-11") == 302
    with app.app_context():
        t = tournament_of(pid)
        assert (t.status, services.winner(t)) == ("running", None)
    assert _confirm(client, final_links[0], 0) == 302
    with app.app_context():
        t = tournament_of(pid)
        assert t.status == "finished"
        assert services.winner(t) is not None


def test_a_result_from_the_games_awaits_both_sides_and_then_locks_the_board(
    app: Flask,
) -> None:
    """A match played out on the table's shared sheet (no side known) awaits both sides;
    confirmed, its board refuses further hands."""
    from scorekeeper.games.hooks import EditRefused
    from scorekeeper.tournaments.games import guard_tournament_game

    with app.app_context():
        t = confirming(user("organiser"))
        match = first_match(t)
        play_match(match, 0)
        result = services.result_of(match)
        assert result is not None
        assert services.awaiting_sides(match, result) == [0, 1]
        services.confirm(match, 0, through=0, by=None)
        services.confirm(match, 1, through=1, by=None)
        assert services.result_of(match).state == "confirmed"  # type: ignore[union-attr]
        with pytest.raises(EditRefused):
            guard_tournament_game(services.match_games(match)[0])


def test_a_signed_in_member_confirms_with_his_account(
    app: Flask, client: FlaskClient, table: Table
) -> None:
    """Confirmed from a side's link while signed in: the confirmation names the account."""
    first, second = table.links
    assert enter_result(client, first) == 302
    other = app.test_client()
    with app.app_context():
        bruno = user("bruno")
        bruno_id = bruno.id
    assert login(other, "bruno", TOURNAMENT_PASSWORD).status_code == 302
    assert _confirm(other, second, 1) == 302
    assert match_confirmations(app, table.match_id) == [(1, 1, bruno_id)]


def test_a_confirmation_is_one_request_and_one_row(
    app: Flask, client: FlaskClient, table: Table
) -> None:
    """A confirmation is one POST (its redirect shows the page the side is on); sent
    three times, one row."""
    first, second = table.links
    assert enter_result(client, first) == 302
    from tests.helpers import csrf_token

    token = csrf_token(client, second)
    for _ in range(3):
        response = client.post(f"{second}/confirm", data={"csrf_token": token, "side": "1"})
        assert response.status_code == 302
        assert response.headers["Location"] == second
    with app.app_context():
        count = db.session.scalar(select(func.count()).select_from(Confirmation))
    assert count == 1


def test_a_side_link_that_is_not_current_is_404(client: FlaskClient, table: Table) -> None:
    """A forged or altered side link answers 404, as does its QR code."""
    first, _second = table.links
    assert client.get(first + "x").status_code == 404
    assert client.get("/tournaments/side/nope/qr.svg").status_code == 404
    assert client.get(first + "/qr.svg").status_code == 200
    assert client.post("/tournaments/side/nope/confirm").status_code in (400, 404)


def test_existing_settings_keep_their_meaning(app: Flask, client: FlaskClient) -> None:
    """A tournament made without the setting (every tournament before it) counts every
    result as it is entered, as before, and has no side links."""
    with app.app_context():
        from tests.helpers.tournaments import drawn

        t = drawn(user("organiser"), "A & B\nC & D", 1, Structure.KNOCKOUT, (StageSetup(1, 11),))
        services.start(t)
        match = first_match(t)
        assert client.get(side_link(match, 1)).status_code == 404
        play_match(match, 0)
        assert services.result_of(match).state == "confirmed"  # type: ignore[union-attr]
        assert tournament_of(t.public_id).status == "finished"


assert PASSWORD  # the accounts' password differs from the tournaments' helper's


def test_a_league_tournament_counts_a_result_in_the_league_once_confirmed(
    app: Flask, client: FlaskClient
) -> None:
    """In a league tournament a result entered from a side's link counts in the league's
    standings only once the other side confirms it."""
    from scorekeeper.leagues import standings
    from scorekeeper.leagues.models import League
    from tests.helpers.actions import create_league

    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "owner")
    league = create_league(client, "Bar Sport")
    pid = create(
        client, structure="knockout", final_games="1", league=league, needs_confirmation="y"
    )
    entries = f"/tournaments/{pid}/entries"
    pairs = "Anna & Bruno\nCarla & Dario\nElena & Fabio\nGina & Ivo"
    assert post_form(client, entries, entries, entries=pairs).status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/draw", seed="3").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/start").status_code == 302
    with app.app_context():
        match = first_match(tournament_of(pid))
        first, second = side_link(match, 0), side_link(match, 1)
        league_id = db.session.scalars(select(League.id).where(League.public_id == league)).one()

    def games_counted() -> int:
        with app.app_context():
            return sum(line.games for line in standings.standings(league_id))

    assert enter_result(client, first) == 302
    assert games_counted() == 0
    assert _confirm(client, second, 1) == 302
    assert games_counted() == 4  # the four players of the table, one game each


def test_a_table_of_three_awaits_both_other_sides(app: Flask, client: FlaskClient) -> None:
    """At a table of three, a result entered by one player awaits the other two; the
    first confirmation is not enough, the second makes it count."""
    from tests.helpers.tournaments import three_drawn

    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    with app.app_context():
        t = three_drawn(user("organiser"), 6, 5, needs_confirmation=True)
        services.start(t)
        match = first_match(t)
        links = [side_link(match, side) for side in range(3)]
    html = client.get(links[0]).get_data(as_text=True)
    assert 'name="points_third"' in html
    entered = post_form(
        client,
        "/account/login",
        f"{links[0]}/result",
        wins_first="1",
        wins_second="0",
        wins_third="0",
        points_first="11",
        points_second="5",
        points_third="3",
    )
    assert entered.status_code == 302
    assert "and by" in client.get(links[0]).get_data(as_text=True)
    assert _confirm(client, links[1], 1) == 302
    assert match_result(app, match.id).state == "awaiting"  # type: ignore[union-attr]
    assert _confirm(client, links[2], 2) == 302
    assert match_result(app, match.id).state == "confirmed"  # type: ignore[union-attr]
