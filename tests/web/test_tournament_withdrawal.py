"""A pair that leaves mid-tournament: withdrawn by the organiser after a confirmation,
its matches still to play lost by forfeit (a tavolino), the standings following, the
pair paired no more (Swiss, round-robin, knockout), undone until a round is added."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.inputs import StageSetup
from scorekeeper.tournaments.models import Entrant, Match, Role, Structure
from tests.helpers import EN, IT, csrf_token
from tests.helpers.actions import login, logout
from tests.helpers.tournaments import (
    EIGHT_PAIRS,
    FOUR_PAIRS,
    PASSWORD,
    drawn,
    play_match,
    play_round,
    tournament_of,
    user,
)


def withdraw(client: FlaskClient, public_id: str, entrant_id: int) -> TestResponse:
    """Confirm the withdrawal of the entrant from its confirmation page."""
    url = f"/tournaments/{public_id}/entrants/{entrant_id}/withdraw"
    return client.post(url, data={"csrf_token": csrf_token(client, url)}, headers=EN)


def entrant_id(app: Flask, public_id: str, number: int) -> int:
    with app.app_context():
        return next(e.id for e in services.entrants(tournament_of(public_id)) if e.number == number)


def open_match_of(app: Flask, public_id: str, number: int) -> int | None:
    """The match of entrant ``number`` waiting for its result, if any."""
    with app.app_context():
        for _stage, round_ in services.rounds(tournament_of(public_id)):
            for m in services.matches(round_):
                numbers = {side.number for side in (m.first, m.second) if side is not None}
                if not m.is_bye and number in numbers and services.result_of(m) is None:
                    return m.id
        return None


def test_a_pair_withdrawn_mid_swiss_loses_by_forfeit_and_is_paired_no_more(
    app: Flask, client: FlaskClient
) -> None:
    """Swiss, round 2 at its tables: the organiser opens the withdrawal of pair 8, is
    shown the match it loses, confirms; that match is its opponent's, a tavolino, 11 to
    0; the standings mark the pair withdrawn (in Italian too); round 3 pairs the seven
    others (one of them has the bye), never pair 8."""
    with app.test_request_context():
        t = drawn(user("organiser"), EIGHT_PAIRS, 7, Structure.SWISS, rounds=3)
        services.start(t)
        play_round(t)
        services.next_round(t)
        pid = t.public_id
    match_id = open_match_of(app, pid, 8)
    assert match_id is not None
    out = entrant_id(app, pid, 8)
    login(client, "organiser", PASSWORD)
    entries = client.get(f"/tournaments/{pid}/entries", headers=EN).get_data(as_text=True)
    assert f'href="/tournaments/{pid}/entrants/{out}/withdraw"' in entries
    asked = client.get(f"/tournaments/{pid}/entrants/{out}/withdraw", headers=EN)
    page = asked.get_data(as_text=True)
    assert "Torneo di San Rocco · Round 2 · Table" in page
    assert 'id="confirm-withdrawal"' in page
    with app.app_context():
        assert services.result_of(db.session.get_one(Match, match_id)) is None  # not yet
    done = withdraw(client, pid, out)
    assert done.status_code == 302
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        result = services.result_of(match)
        assert result is not None
        assert result.forfeit
        assert result.winner_id != out
        assert sorted(result.points) == [0, 11]
    rounds = client.get(f"/tournaments/{pid}/rounds", headers=EN).get_data(as_text=True)
    assert "by forfeit" in rounds
    standings = client.get(f"/tournaments/{pid}", headers=EN).get_data(as_text=True)
    assert standings.count('class="badge badge-withdrawn">Withdrawn pair</span>') == 1
    italian = client.get(f"/tournaments/{pid}", headers=IT).get_data(as_text=True)
    assert 'class="badge badge-withdrawn">Ritirata</span>' in italian
    with app.test_request_context():
        t = tournament_of(pid)
        play_round(t)
        third = services.next_round(t)
        seated = {
            side.number
            for m in services.matches(third)
            for side in (m.first, m.second)
            if side is not None
        }
        assert seated == set(range(1, 8))
        assert sum(1 for m in services.matches(third) if m.is_bye) == 1


def test_a_withdrawal_is_undone_until_the_next_round_is_drawn(
    app: Flask, client: FlaskClient
) -> None:
    with app.test_request_context():
        t = drawn(user("organiser"), EIGHT_PAIRS, 7, Structure.SWISS, rounds=3)
        services.start(t)
        pid = t.public_id
    match_id = open_match_of(app, pid, 3)
    out = entrant_id(app, pid, 3)
    login(client, "organiser", PASSWORD)
    assert withdraw(client, pid, out).status_code == 302
    entries = client.get(f"/tournaments/{pid}/entries", headers=EN).get_data(as_text=True)
    undo = f"/tournaments/{pid}/entrants/{out}/return"
    assert f'action="{undo}"' in entries
    token = csrf_token(client, "/account/login")
    back = client.post(undo, data={"csrf_token": token}, headers=EN)
    assert back.status_code == 302
    shown = client.get(back.headers["Location"], headers=EN).get_data(as_text=True)
    assert "are back in the tournament." in shown
    with app.app_context():
        assert services.result_of(db.session.get_one(Match, match_id)) is None
        assert not db.session.get_one(Entrant, out).withdrawn
    assert withdraw(client, pid, out).status_code == 302
    with app.test_request_context():
        t = tournament_of(pid)
        play_round(t)
        services.next_round(t)
    entries = client.get(f"/tournaments/{pid}/entries", headers=EN).get_data(as_text=True)
    assert f'action="{undo}"' not in entries
    refused = client.post(undo, data={"csrf_token": token}, headers=EN)
    page = client.get(refused.headers["Location"], headers=EN).get_data(as_text=True)
    assert "can no longer be undone" in page
    with app.app_context():
        assert db.session.get_one(Entrant, out).withdrawn


def test_a_round_robin_forfeits_the_withdrawn_pairs_later_matches_as_they_are_made(
    app: Flask, client: FlaskClient
) -> None:
    """Round-robin: pair 2 withdraws after round 1; round 2's match against it is made
    already lost by it, a tavolino, so its opponent has the win."""
    with app.test_request_context():
        t = drawn(user("organiser"), FOUR_PAIRS, 1, Structure.ROUND_ROBIN, (StageSetup(1, 11),))
        services.start(t)
        play_round(t)
        pid = t.public_id
    out = entrant_id(app, pid, 2)
    login(client, "organiser", PASSWORD)
    assert withdraw(client, pid, out).status_code == 302
    with app.test_request_context():
        t = tournament_of(pid)
        second = services.next_round(t)
        (against,) = [m for m in services.matches(second) if out in m.side_ids]
        result = services.result_of(against)
        assert result is not None
        assert result.forfeit
        assert result.winner_id != out
        row = next(row for row in services.standings(t) if row.entrant == 2)
        assert (row.played, row.won) == (2, 0)  # round 1 lost to pair 1, round 2 a tavolino


def test_a_knockout_pair_that_withdraws_sends_its_opponent_on(
    app: Flask, client: FlaskClient
) -> None:
    """Knockout: a semifinalist withdraws; its opponent goes on, and the final is made
    when the other semifinal ends."""
    with app.test_request_context():
        t = drawn(user("organiser"), FOUR_PAIRS, 8)
        semi, other = services.matches(services.start(t))
        pid = t.public_id
        leaving = semi.first_id
        staying = semi.second_id
        other_id = other.id
    login(client, "organiser", PASSWORD)
    assert withdraw(client, pid, leaving).status_code == 302
    with app.test_request_context():
        play_match(db.session.get_one(Match, other_id), 0)
        t = tournament_of(pid)
        (_s, _semis), (_s2, final) = services.rounds(t)
        (made,) = services.matches(final)
        assert staying in made.side_ids
        assert leaving not in made.side_ids


def test_only_the_organiser_withdraws_a_pair(app: Flask, client: FlaskClient) -> None:
    with app.test_request_context():
        t = drawn(user("organiser"), FOUR_PAIRS, 8)
        services.set_member(t, user("helper"), Role.HELPER)
        services.start(t)
        pid = t.public_id
    out = entrant_id(app, pid, 1)
    login(client, "helper", PASSWORD)
    url = f"/tournaments/{pid}/entrants/{out}/withdraw"
    assert client.get(url).status_code == 403
    token = csrf_token(client, "/account/login")
    assert client.post(url, data={"csrf_token": token}).status_code == 403
    logout(client)
    login(client, "organiser", PASSWORD)
    assert client.get(f"/tournaments/{pid}/entrants/999999/withdraw").status_code == 404
    assert re.search("Withdraw", client.get(url, headers=EN).get_data(as_text=True))


def test_a_league_tournament_with_a_withdrawal_goes_out_and_comes_back_the_same(
    app: Flask,
) -> None:
    """A league's Swiss tournament in which a pair withdrew: its forfeit counts nothing
    in the league (no partita was played); the league's file carries the withdrawal and
    the forfeit, and comes back the same; a rebuild of the league changes nothing."""
    import copy

    from scorekeeper.leagues import services as leagues
    from scorekeeper.leagues import transfer as league_transfer
    from scorekeeper.leagues.inputs import LeagueSetup
    from scorekeeper.leagues.standings.repair import rebuild_league
    from scorekeeper.scoring import FORMATS, Rules
    from scorekeeper.tournaments import transfer

    with app.test_request_context():
        owner = user("owner")
        league = leagues.create_league(
            owner, LeagueSetup("Bar Sport", False, Rules(FORMATS["2x2"]))
        )
        t = drawn(owner, EIGHT_PAIRS, 7, Structure.SWISS, rounds=2, league_id=league.id)
        services.start(t)
        leaving = next(e for e in services.entrants(t) if e.number == 8)
        services.withdraw(leaving, owner)
        play_round(t)
        services.next_round(t)
        play_round(t)
        db.session.commit()
        exported = transfer.export_data(t)
        assert [e["number"] for e in exported["entrants"] if e["withdrawn"]] == [8]
        forfeits = [m for m in exported["matches"] if m["result"] and m["result"]["forfeit"]]
        assert len(forfeits) == 1
        file = league_transfer.export_league(league)
        (part,) = file["tournaments"]
        assert [e["withdrawn_rounds"] for e in part["entrants"] if "withdrawn_rounds" in e] == [1]
        copied = league_transfer.import_league(copy.deepcopy(file), user("other"))
        assert league_transfer.export_league(copied) == file
        assert not rebuild_league(league.id).changed
        db.session.rollback()
