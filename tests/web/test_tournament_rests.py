"""Rotating partners with players left over (rests, a bye each), a player who leaves
between rounds, and clubs of different sizes in club against club (issue 29)."""

from __future__ import annotations

from collections import Counter

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.tournaments import pages, services
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.inputs import StageSetup
from scorekeeper.tournaments.models import Entrant, Match, Status, Structure, Tournament
from tests.helpers import EN, IT
from tests.helpers.actions import post_form, signup
from tests.helpers.tournaments import (
    drawn,
    play_match,
    play_round,
    started,
    tournament,
    tournament_of,
    user,
)

TEN = "\n".join(f"Giocatore {n}" for n in range(1, 11))
NINE = TEN.rsplit("\n", 1)[0]
UNEVEN_CLUBS = """\
Anna & Bruno (Circolo Aurora)
Carla & Dario (Circolo Aurora)
Elena & Fabio (Bar Sport)
Gina & Ivo (Bar Sport)
Luca & Marta (Bar Sport)
"""


def rotating(organiser: User, entries: str, rounds: int, seed: int = 29) -> Tournament:
    """A rotating-partners tournament of ``entries``, drawn from ``seed`` and started."""
    t = tournament(organiser, Structure.ROTATING, (StageSetup(1, 11),), rounds=rounds)
    services.add_entries(t, entries)
    services.draw(t, seed=seed)
    services.start(t)
    return t


def seated_numbers(match: Match) -> list[int]:
    return [e.number for side in match.pairs for e in side]


def current_matches(t: Tournament) -> list[Match]:
    _, current = services.rounds(t)[-1]
    return services.matches(current)


def test_ten_players_rest_two_a_round_each_once_and_a_rest_counts_as_a_win(
    app: Flask,
) -> None:
    with app.test_request_context():
        t = rotating(user("organiser"), TEN, rounds=5)
        rested: list[int] = []
        partners: Counter[frozenset[int]] = Counter()
        for number in range(1, 6):
            matches = current_matches(t)
            tables = [m for m in matches if not m.is_bye]
            rests = [m.first.number for m in matches if m.is_bye]
            assert [m.table_number for m in tables] == [1, 2]
            assert len(rests) == 2
            seated = [n for m in tables for n in seated_numbers(m)]
            assert sorted(seated + rests) == list(range(1, 11))
            rested.extend(rests)
            for m in tables:
                first, second = (frozenset(e.number for e in side) for side in m.pairs)
                partners.update([first, second])
            play_round(t)
            if number < 5:
                services.next_round(t)
        # Everyone rested exactly once in five rounds; nobody partnered anyone twice.
        assert sorted(rested) == list(range(1, 11))
        assert max(partners.values()) == 1
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        table = services.standings(t)
        assert [row.played for row in table] == [4] * 10
        # A rest is worth the points of a win (3), no game points.
        assert sum(row.points for row in table) == 3 * (2 * 2 * 5) + 3 * 10
        assert services.rests(t, t.stages[0]) == dict.fromkeys(range(1, 11), 1)
        shown = pages.tables(t)[0]
        assert {row.rests for row in shown.rows} == {1}
        notes = " ".join(pages.format_notes(t))
        assert "Con 10 giocatori, a ogni turno ne riposano 2" in notes
        assert "Un turno di riposo vale come un incontro vinto: 3 punti in classifica" in notes


def test_the_standings_say_the_rests_in_italian_and_english(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "organiser")
    pid = started(client, NINE, structure="rotating", rounds="4")
    with app.test_request_context():
        t = tournament_of(pid)
        play_round(t)
        services.next_round(t)
        play_round(t)
    italian = client.get(f"/tournaments/{pid}", headers=IT).get_data(as_text=True)
    assert italian.count("1 turno di riposo") == 2
    assert "Con 9 giocatori, a ogni turno ne riposa 1: chi ha riposato meno finora" in italian
    english = client.get(f"/tournaments/{pid}", headers=EN).get_data(as_text=True)
    assert english.count("1 round resting") == 2
    assert "With 9 players, 1 rests each round" in english
    published = client.get(f"/published/{pid}", headers=IT).get_data(as_text=True)
    assert published.count("1 turno di riposo") == 2
    assert "Un turno di riposo vale come un incontro vinto: 3 punti in classifica" in published
    form = client.get("/tournaments/new", headers=IT).get_data(as_text=True)
    assert "chi resta senza tavolo riposa a turno" in form


def test_a_player_leaves_between_rounds_and_is_seated_no_more(app: Flask) -> None:
    with app.test_request_context():
        organiser = user("organiser")
        t = rotating(organiser, "\n".join(f"P{n}" for n in range(1, 13)), rounds=4)
        leaving = db.session.get_one(Entrant, current_matches(t)[0].first_id)
        with pytest.raises(TournamentRefused, match="withdraw_rotating"):
            services.withdraw(leaving, organiser)  # their table is still playing
        play_round(t)
        services.withdraw(leaving, organiser)
        with pytest.raises(TournamentRefused, match="already_withdrawn"):
            services.withdraw(leaving, organiser)
        assert services.can_undo(leaving)
        services.next_round(t)
        assert not services.can_undo(leaving)
        for _ in range(3):
            matches = current_matches(t)
            seated = [n for m in matches if not m.is_bye for n in seated_numbers(m)]
            rests = [m.first.number for m in matches if m.is_bye]
            assert leaving.number not in seated + rests
            assert len(seated) == 8
            assert len(rests) == 3
            play_round(t)
            if services.rounds(t)[-1][1].number < 4:
                services.next_round(t)
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        row = next(r for r in services.standings(t) if r.entrant == leaving.number)
        assert row.played == 1  # their round-1 result stays
        assert [r.withdrawn for r in pages.tables(t)[0].rows].count(True) == 1


def test_a_rotating_withdrawal_keeps_four_players(app: Flask) -> None:
    with app.test_request_context():
        organiser = user("organiser")
        t = rotating(organiser, "\n".join(f"P{n}" for n in range(1, 6)), rounds=2)
        play_round(t)
        first, second = services.entrants(t)[:2]
        services.withdraw(first, organiser)
        with pytest.raises(TournamentRefused, match="withdraw_rotating_few"):
            services.withdraw(second, organiser)


def test_the_withdrawal_pages_speak_of_players_between_rounds(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "organiser")
    pid = started(client, NINE, structure="rotating", rounds="3")
    entries = f"/tournaments/{pid}/entries"
    with app.test_request_context():
        t = tournament_of(pid)
        entrant_id = current_matches(t)[0].first_id
    page = client.get(entries, headers=IT).get_data(as_text=True)
    assert "viene ritirato tra un turno e l\u2019altro" in page
    withdraw = f"/tournaments/{pid}/entrants/{entrant_id}/withdraw"
    waiting = client.get(withdraw, headers=IT).get_data(as_text=True)
    assert "Il suo tavolo aspetta ancora il risultato: va inserito prima." in waiting
    assert 'id="confirm-withdrawal"' not in waiting
    with app.test_request_context():
        play_round(tournament_of(pid))
    ready = client.get(withdraw, headers=IT).get_data(as_text=True)
    assert 'id="confirm-withdrawal"' in ready
    assert post_form(client, withdraw, withdraw).status_code == 302
    done = client.get(entries, headers=IT).get_data(as_text=True)
    assert "dal prossimo turno non siederà più a un tavolo" in done
    with app.test_request_context():
        assert db.session.get_one(Entrant, entrant_id).withdrawn


def test_clubs_of_different_sizes_meet_and_the_bigger_club_s_extra_pair_rests(
    app: Flask,
) -> None:
    with app.test_request_context():
        t = drawn(
            user("organiser"), UNEVEN_CLUBS, 5, Structure.CLUBS, (StageSetup(1, 11),), rounds=3
        )
        services.start(t)
        met: set[frozenset[str]] = set()
        byes: list[str] = []
        for number in (1, 2, 3):
            matches = current_matches(t)
            tables = [m for m in matches if not m.is_bye]
            assert len(tables) == 2
            byes.extend(m.first.name for m in matches if m.is_bye)
            for match in tables:
                assert match.second is not None
                assert match.first.club != match.second.club
                met.add(frozenset((match.first.name, match.second.name)))
                play_match(match, 0 if match.first.club == "Circolo Aurora" else 1)
            if number < 3:
                services.next_round(t)
        assert len(met) == 6  # each Aurora pair met each Bar Sport pair
        assert sorted(byes) == ["Elena / Fabio", "Gina / Ivo", "Luca / Marta"]
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        teams = services.club_table(t, t.stages[0])
        assert [(r.club, r.won, r.played, r.byes) for r in teams] == [
            ("Circolo Aurora", 6, 6, 0),
            ("Bar Sport", 0, 6, 3),
        ]
        pairs = pages.tables(t)[1]
        assert sorted(row.rests for row in pairs.rows) == [0, 0, 1, 1, 1]
        note = pages.club_bye_note(t)
        assert "non conta nella classifica a squadre" in note


def test_the_club_standings_page_shows_the_byes(app: Flask, client: FlaskClient) -> None:
    signup(client, "organiser")
    pid = started(client, UNEVEN_CLUBS, structure="clubs", rounds="3")
    with app.test_request_context():
        play_round(tournament_of(pid))
    html = client.get(f"/tournaments/{pid}", headers=IT).get_data(as_text=True)
    assert "1 turno di riposo" in html
    assert "a ogni turno un circolo riposa" in html
    assert 'title="turni di riposo: qui non contano"' in html
