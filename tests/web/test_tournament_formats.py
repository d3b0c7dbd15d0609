"""The formats of issue 29: individual with rotating partners, club against club, a
semifinal's own target and two clear points, from the form and the services to the pages."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.leagues import services as leagues
from scorekeeper.leagues.inputs import LeagueSetup
from scorekeeper.scoring import FORMATS, Rules
from scorekeeper.tournaments import pages, services
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.inputs import StageSetup, TournamentSetup
from scorekeeper.tournaments.models import Entrant, Match, Status, Structure, Tournament
from scorekeeper.tournaments.services.results import check_margin
from tests.helpers import EN, IT
from tests.helpers.actions import post_form, signup
from tests.helpers.tournaments import (
    EIGHT_PAIRS,
    create,
    drawn,
    play_match,
    play_round,
    tournament,
    tournament_of,
    user,
)

TWELVE = "\n".join(f"Giocatore {n} (Club {n % 3})" for n in range(1, 13))
CLUBS = """\
Anna & Bruno (Circolo Aurora)
Carla & Dario (Circolo Aurora)
Elena & Fabio (Bar Sport)
Gina & Ivo (Bar Sport)
"""


def numbers_of(match: Match) -> tuple[tuple[int, ...], ...]:
    """The entrants' numbers of each side at the table."""
    return tuple(tuple(e.number for e in side) for side in match.pairs)


def lowest_wins(match: Match) -> int:
    """The side with the lowest-numbered player wins."""
    sides = numbers_of(match)
    return 0 if min(sides[0]) < min(sides[1]) else 1


def rotating(organiser: User, entries: str = TWELVE, rounds: int = 5, seed: int = 29) -> Tournament:
    """A rotating-partners tournament of ``entries``, drawn from ``seed``."""
    t = tournament(organiser, Structure.ROTATING, (StageSetup(1, 11),), rounds=rounds)
    services.add_entries(t, entries)
    return services.draw(t, seed=seed)


def test_twelve_players_with_rotating_partners_play_to_the_end(app: Flask) -> None:
    """Twelve players entered alone: three tables of four every round, a new partner
    each time, games seated partners opposite, and an individual ranking."""
    with app.test_request_context():
        t = rotating(user("organiser"))
        assert [len(e.names) for e in services.entrants(t)] == [1] * 12  # nobody paired
        services.start(t)
        partners: Counter[frozenset[int]] = Counter()
        for number in range(1, 6):
            _, current = services.rounds(t)[-1]
            assert current.number == number
            matches = services.matches(current)
            assert [m.table_number for m in matches] == [1, 2, 3]
            seated = [n for m in matches for side in numbers_of(m) for n in side]
            assert sorted(seated) == list(range(1, 13))
            for match in matches:
                first, second = numbers_of(match)
                partners.update([frozenset(first), frozenset(second)])
                (game,) = services.match_games(match)
                names = [
                    db.session.get_one(Entrant, i).first_name
                    for i in (
                        match.first_id,
                        match.second_id,
                        match.first_partner_id,
                        match.second_partner_id,
                    )
                ]
                assert [seat.name for seat in game.seats] == names  # partners opposite
            for match in matches:
                play_match(match, lowest_wins(match))
            if number < 5:
                services.next_round(t)
        assert max(partners.values()) == 1  # nobody partnered anyone twice
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        table = services.standings(t)
        assert [row.played for row in table] == [5] * 12
        assert sum(row.won for row in table) == 30  # two winners a table
        assert table[0].entrant == 1  # player 1 won every match
        winner = services.winner(t)
        assert winner is not None
        assert winner.number == 1
        with pytest.raises(TournamentRefused, match="status_finished"):
            services.next_round(t)


@pytest.mark.parametrize(
    ("entries", "rounds", "key"),
    [
        ("P1\nP2\nP3", 1, "rotating_players"),
        ("\n".join(f"P{n}" for n in range(1, 11)), 9, "too_many_rounds"),
        (TWELVE, 12, "too_many_rounds"),
    ],
)
def test_a_rotating_draw_needs_a_table_and_new_partners(
    app: Flask, entries: str, rounds: int, key: str
) -> None:
    with app.test_request_context(), pytest.raises(TournamentRefused, match=key):
        rotating(user("organiser"), entries, rounds)


def test_with_rotating_partners_everyone_enters_alone_and_stays(app: Flask) -> None:
    with app.test_request_context():
        organiser = user("organiser")
        t = tournament(organiser, Structure.ROTATING, (StageSetup(1, 11),), rounds=3)
        with pytest.raises(TournamentRefused, match="singles_only_rotating"):
            services.add_entries(t, "Anna & Bruno")
        services.add_entries(t, "\n".join(f"P{n}" for n in range(1, 9)))
        services.draw(t, seed=1)
        services.start(t)
        with pytest.raises(TournamentRefused, match="withdraw_rotating"):
            services.withdraw(services.entrants(t)[0], organiser)


@pytest.mark.parametrize("structure", [Structure.ROTATING, Structure.CLUBS])
def test_the_pair_formats_are_played_in_pairs(app: Flask, structure: Structure) -> None:
    with app.test_request_context():
        setup = TournamentSetup(
            name="Singolare",
            held_on=date(2026, 8, 16),
            structure=structure,
            rules=Rules(FORMATS["2"]),
            rounds=3,
        )
        with pytest.raises(TournamentRefused, match="pairs_format"):
            services.create_tournament(user("organiser"), setup)


def test_club_against_club_plays_every_pair_against_the_other_club(app: Flask) -> None:
    """Two clubs of two pairs, two rounds: each pair meets both pairs of the other club;
    the team standings count matches won, then partite, then points."""
    with app.test_request_context():
        t = drawn(user("organiser"), CLUBS, 5, Structure.CLUBS, (StageSetup(1, 11),), rounds=2)
        services.start(t)
        met: set[frozenset[str]] = set()
        for number in (1, 2):
            _, current = services.rounds(t)[-1]
            matches = services.matches(current)
            assert len(matches) == 2
            for match in matches:
                assert match.second is not None
                assert match.first.club != match.second.club
                met.add(frozenset((match.first.name, match.second.name)))
                # Circolo Aurora's pairs win everything.
                play_match(match, 0 if match.first.club == "Circolo Aurora" else 1)
            if number == 1:
                services.next_round(t)
        assert len(met) == 4
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        teams = services.club_table(t, t.stages[0])
        assert [(r.rank, r.club, r.won, r.partite, r.played) for r in teams] == [
            (1, "Circolo Aurora", 4, 4, 4),
            (2, "Bar Sport", 0, 0, 4),
        ]
        assert pages.podium(t) == [(1, "Circolo Aurora"), (2, "Bar Sport")]
        shown = pages.tables(t)
        assert [len(table.club_rows) for table in shown] == [2, 0]
        assert len(shown[1].rows) == 4


@pytest.mark.parametrize(
    ("entries", "key"),
    [
        ("Anna & Bruno (A)\nCarla & Dario (A)", "clubs_uneven"),
        (CLUBS.replace(" (Bar Sport)", ""), "clubs_pairs"),
        (CLUBS + "Luca (Bar Sport)\nMarta (Circolo Aurora)", "clubs_pairs"),
    ],
)
def test_club_against_club_needs_even_clubs_of_pairs(app: Flask, entries: str, key: str) -> None:
    with app.test_request_context(), pytest.raises(TournamentRefused, match=key):
        drawn(user("organiser"), entries, 5, Structure.CLUBS, (StageSetup(1, 11),), rounds=1)


def test_club_rounds_past_every_meeting_are_refused(app: Flask) -> None:
    with app.test_request_context(), pytest.raises(TournamentRefused, match="too_many_rounds"):
        drawn(user("organiser"), CLUBS, 5, Structure.CLUBS, (StageSetup(1, 11),), rounds=3)


def test_semifinals_and_final_have_their_own_targets(app: Flask) -> None:
    with app.test_request_context():
        t = drawn(
            user("organiser"),
            EIGHT_PAIRS,
            3,
            Structure.KNOCKOUT,
            (StageSetup(1, 11, 1, 21, semifinal_target=15),),
        )
        services.start(t)
        targets = []
        for _ in range(3):
            _, current = services.rounds(t)[-1]
            targets.append({m.target for m in services.matches(current)})
            play_round(t)
        assert targets == [{11}, {15}, {21}]
        _, final = services.rounds(t)[-1]
        (game,) = services.match_games(services.matches(final)[0])
        assert game.target == 21
        assert "Semifinali a 15 punti, finale a 21 punti." in pages.format_notes(t)


def test_two_clear_points_refuse_a_narrower_result(app: Flask) -> None:
    with app.test_request_context():
        organiser = user("organiser")
        t = drawn(organiser, "A & B\nC & D", 3, Structure.KNOCKOUT, (StageSetup(1, 15),), margin=2)
        services.start(t)
        _, first = services.rounds(t)[-1]
        (match,) = services.matches(first)
        for points in ((15, 14), (14, 12), (16, 15)):
            with pytest.raises(TournamentRefused, match="margin_short"):
                services.enter_result(match, (1, 0), points, organiser, organiser=True)
        services.enter_result(match, (1, 0), (16, 14), organiser, organiser=True)
        result = services.result_of(match)
        assert result is not None
        assert result.points == (16, 14)


def test_the_margin_is_checked_on_each_partita_of_the_games(app: Flask) -> None:
    """A partita of a best of 3 ended by the app's game is checked alone (the games write
    no result without the margin); a best of 3 entered by hand gives summed points,
    which are not."""
    with app.test_request_context():
        t = drawn(
            user("organiser"), "A & B\nC & D", 3, Structure.KNOCKOUT, (StageSetup(3, 11),), margin=2
        )
        services.start(t)
        _, first = services.rounds(t)[-1]
        (match,) = services.matches(first)
        with pytest.raises(TournamentRefused, match="margin_short"):
            check_margin(match, (11, 10), partita=True)
        check_margin(match, (12, 10), partita=True)
        check_margin(match, (23, 22))  # two partite summed: nothing to check
        play_match(match, 0)  # 11-0 a hand: won by the margin
        assert services.result_of(match) is not None


def test_a_margin_out_of_range_is_refused(app: Flask) -> None:
    with app.test_request_context(), pytest.raises(TournamentRefused, match="margin_range"):
        tournament(user("organiser"), Structure.KNOCKOUT, (StageSetup(1, 11),), margin=12)


def test_the_form_creates_a_rotating_tournament_with_two_clear_points(
    app: Flask, client: FlaskClient
) -> None:
    signup(client, "organiser")
    pid = create(client, structure="rotating", rounds="4", two_clear="y", semifinal_target="15")
    entries = f"/tournaments/{pid}/entries"
    players = "\n".join(f"Giocatore {n}" for n in range(1, 9))
    assert post_form(client, entries, entries, entries=players).status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/draw", seed="4").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/start").status_code == 302
    with app.app_context():
        t = tournament_of(pid)
        assert (t.structure, t.margin, t.stages[0].rounds) == ("rotating", 2, 4)
        assert t.stages[0].semifinal_target is None  # no knockout in this structure
    html = client.get(f"/tournaments/{pid}", headers=EN).get_data(as_text=True)
    assert "nobody partners the same player twice in the first n" in html
    assert "Individual standings" in html
    assert "won by two clear points" in html
    italian = client.get(f"/tournaments/{pid}", headers=IT).get_data(as_text=True)
    assert "Classifica individuale" in italian
    assert "nessuno fa coppia due volte con lo stesso giocatore" in italian
    rounds = client.get(f"/tournaments/{pid}/rounds", headers=EN).get_data(as_text=True)
    assert rounds.count(" / Giocatore ") >= 4  # each table's two pairs, named
    exported = client.get(f"/tournaments/{pid}/export.json").get_json()
    seated = [
        sorted((m["first"], m["first_partner"], m["second"], m["second_partner"]))
        for m in exported["matches"]
    ]
    assert sorted(n for four in seated for n in four) == list(range(1, 9))


def test_the_form_refuses_a_pair_in_a_rotating_list(client: FlaskClient) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "organiser")
    pid = create(client, structure="rotating", rounds="3")
    entries = f"/tournaments/{pid}/entries"
    response = post_form(client, entries, entries, entries="Anna & Bruno")
    assert response.status_code == 422
    assert "everyone enters alone" in response.get_data(as_text=True)


def test_the_form_asks_the_rounds_of_club_against_club(client: FlaskClient) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    signup(client, "organiser")
    response = post_form(
        client,
        "/tournaments/new",
        "/tournaments/new",
        name="Sfida",
        held_on="2026-08-16",
        format="2x2",
        structure="clubs",
        rounds="",
        group_size="4",
        qualifiers="2",
        games="1",
        target="11",
        knockout_games="1",
        knockout_target="11",
        final_games="1",
        final_target="21",
        preset="scopa-2x2",
        entry_fee="0",
    )
    assert response.status_code == 422
    assert "Type the number of rounds." in response.get_data(as_text=True)


@pytest.mark.parametrize("structure", [Structure.ROTATING, Structure.CLUBS])
def test_the_pair_formats_are_not_played_in_a_league_yet(app: Flask, structure: Structure) -> None:
    with app.test_request_context():
        owner = user("owner")
        league = leagues.create_league(owner, LeagueSetup("Circolo", True, Rules(FORMATS["2x2"])))
        with pytest.raises(TournamentRefused, match="format_no_league"):
            tournament(owner, structure, (StageSetup(1, 11),), rounds=3, league_id=league.id)


def test_a_disputed_rotating_result_names_both_pairs(app: Flask, client: FlaskClient) -> None:
    signup(client, "organiser")
    pid = create(client, structure="rotating", rounds="3", needs_confirmation="y")
    entries = f"/tournaments/{pid}/entries"
    players = "\n".join(f"Giocatore {n}" for n in range(1, 9))
    assert post_form(client, entries, entries, entries=players).status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/draw", seed="4").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/start").status_code == 302
    with app.test_request_context():
        t = tournament_of(pid)
        _, first = services.rounds(t)[-1]
        match = services.matches(first)[0]
        services.enter_result(match, (1, 0), (11, 3), None, side=0)
        services.enter_result(match, (0, 1), (3, 11), None, side=1)
        sides = [pages.side_name(match, side) for side in (0, 1)]
    html = client.get(f"/tournaments/{pid}", headers=EN).get_data(as_text=True)
    assert f"<p>{sides[0]} – {sides[1]}</p>" in html
    assert f"({sides[1]})" in html
