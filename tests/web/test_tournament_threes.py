"""The 3-player format stored and played: tables of three with byes, round-robin and
Swiss rounds, results from the table's game or by hand, standings, the winner."""

from __future__ import annotations

from itertools import combinations

import pytest
from flask import Flask
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.inputs import StageSetup
from scorekeeper.tournaments.models import Entrant, Match, Status, Structure
from tests.helpers.tournaments import (
    drawn,
    play_match,
    play_round,
    three_drawn,
    user,
)


def seated(match: Match) -> tuple[int, ...]:
    """The entrant numbers at the match's table, in side order."""
    return tuple(db.session.get_one(Entrant, i).number for i in match.side_ids)


def test_a_round_robin_of_seven_seats_tables_of_three_and_a_bye(app: Flask) -> None:
    with app.test_request_context():
        t = three_drawn(user("organiser"), 7, 3)
        services.start(t)
        met: set[frozenset[int]] = set()
        rounds = 0
        while True:
            _, round_ = services.rounds(t)[-1]
            rounds += 1
            tables = [m for m in services.matches(round_) if not m.is_bye]
            byes = [m for m in services.matches(round_) if m.is_bye]
            assert len(tables) == 2
            assert len(byes) == 1
            assert all(len(services.match_games(m)) == 1 for m in tables)
            assert all(services.match_games(m)[0].format_key == "3" for m in tables)
            for m in tables:
                met |= {frozenset(p) for p in combinations(seated(m), 2)}
            play_round(t)
            db.session.refresh(t)
            if t.status == Status.FINISHED.value:
                break
            services.next_round(t)
        assert met == {frozenset(p) for p in combinations(range(1, 8), 2)}
        table = services.three_standings(t)
        assert table[0].entrant == 1  # entrant 1 wins every table
        assert table[0].firsts == table[0].played
        winner = services.winner(t)
        assert winner is not None
        assert winner.number == 1
        with pytest.raises(TournamentRefused, match="status_finished"):
            services.next_round(t)


def test_swiss_rounds_of_three_avoid_meetings_again_where_they_can(app: Flask) -> None:
    with app.test_request_context():
        t = three_drawn(user("organiser"), 9, 11, Structure.SWISS, rounds=2)
        services.start(t)
        pairs: list[frozenset[int]] = []
        for number in (1, 2):
            _, round_ = services.rounds(t)[-1]
            assert round_.number == number
            for m in services.matches(round_):
                pairs += [frozenset(p) for p in combinations(seated(m), 2)]
            play_round(t)
            if number == 1:
                services.next_round(t)
        assert len(pairs) == len(set(pairs)) == 18
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        assert services.three_standings(t)[0].points == 6


def test_danish_rounds_of_three_are_played_as_swiss_rounds(app: Flask) -> None:
    with app.test_request_context():
        t = three_drawn(user("organiser"), 6, 2, Structure.DANISH, rounds=2)
        services.start(t)
        play_round(t)
        second = services.next_round(t)
        assert all(m.third_id is not None for m in services.matches(second))


def test_a_result_entered_by_hand_ranks_the_three_and_counts_once(app: Flask) -> None:
    with app.test_request_context():
        t = three_drawn(user("organiser"), 6, 5, Structure.SWISS, rounds=1)
        one, two = services.matches(services.start(t))
        helper = user("helper")
        first = services.enter_result(one, (0, 1, 0), (3, 11, 7), helper)
        again = services.enter_result(one, (0, 1, 0), (3, 11, 7), helper)
        assert first.id == again.id
        assert first.recorded_at == again.recorded_at
        assert first.winner_id == one.second_id
        assert first.wins == (0, 1, 0)
        assert first.points == (3, 11, 7)
        play_match(two, 2)
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        table = {row.entrant: row for row in services.three_standings(t)}
        a, b, c = seated(one)
        assert (table[b].firsts, table[c].seconds, table[a].thirds) == (1, 1, 1)
        assert (table[b].points, table[c].points, table[a].points) == (3, 1, 0)
        # two level behind the winner share second place
        services.enter_result(one, (0, 1, 0), (5, 11, 5), helper)
        table = {row.entrant: row for row in services.three_standings(t)}
        assert (table[a].points, table[c].points) == (1, 1)


@pytest.mark.parametrize(
    ("wins", "points", "key"),
    [
        ((1, 0), (11, 0), "result_sides"),
        ((1, 1, 0), (11, 11, 0), "three_one_winner"),
        ((0, 0, 0), (11, 3, 0), "three_one_winner"),
        ((0, 2, 0), (3, 11, 0), "three_one_winner"),
        ((1, 0, 0), (11, 11, 0), "three_winner_points"),
        ((1, 0, 0), (4, 11, 0), "three_winner_points"),
        ((1, 0, 0), (11, -1, 0), "result_range"),
    ],
)
def test_a_result_of_three_that_cannot_be_is_refused(
    app: Flask, wins: tuple[int, ...], points: tuple[int, ...], key: str
) -> None:
    with app.test_request_context():
        t = three_drawn(user("organiser"), 6, 5, Structure.SWISS, rounds=1)
        one, _ = services.matches(services.start(t))
        with pytest.raises(TournamentRefused) as refused:
            services.enter_result(one, wins, points, user("helper"))
        assert refused.value.key == key
        assert services.result_of(one) is None


def test_a_tournament_of_two_refuses_a_result_of_three(app: Flask) -> None:
    with app.test_request_context():
        t = drawn(user("organiser"), "A & B\nC & D", 1, Structure.ROUND_ROBIN)
        (match,) = services.matches(services.start(t))
        with pytest.raises(TournamentRefused, match="result_sides"):
            services.enter_result(match, (1, 0, 0), (11, 0, 0), user("helper"))


def test_the_3_player_format_takes_singles_one_partita_and_at_least_three(app: Flask) -> None:
    with app.test_request_context():
        organiser = user("organiser")
        with pytest.raises(TournamentRefused, match="three_no_knockout"):
            three_drawn(organiser, 6, 1, Structure.KNOCKOUT)
        with pytest.raises(TournamentRefused, match="too_few_entrants"):
            three_drawn(organiser, 2, 1, Structure.SWISS, rounds=1)
        t = three_drawn(organiser, 3, 1, Structure.SWISS, rounds=1)
        with pytest.raises(TournamentRefused, match="singles_only_three"):
            services.add_entries(t, "Anna & Bruno")


def test_swiss_rounds_of_three_stop_where_a_rematch_is_certain(app: Flask) -> None:
    """Six at tables of three meet two new faces a round, five others in all: a third
    round must seat two again, so it is refused at the draw (the two-sided limit would
    have let five through)."""
    with app.test_request_context():
        organiser = user("organiser")
        with pytest.raises(TournamentRefused, match="too_many_rounds"):
            three_drawn(organiser, 6, 1, Structure.SWISS, rounds=3)
        assert three_drawn(organiser, 6, 1, Structure.SWISS, rounds=2).status == "drawn"


def test_a_best_of_three_at_a_table_of_three_is_refused(app: Flask) -> None:
    from datetime import date

    from scorekeeper.scoring import FORMATS, Rules
    from scorekeeper.tournaments.inputs import TournamentSetup

    with app.test_request_context():
        setup = TournamentSetup(
            name="Tre",
            held_on=date(2026, 8, 16),
            structure=Structure.ROUND_ROBIN,
            rules=Rules(FORMATS["3"]),
            stages=(StageSetup(3, 11),),
        )
        with pytest.raises(TournamentRefused, match="three_one_partita"):
            services.create_tournament(user("organiser"), setup)


@pytest.mark.parametrize(
    "sql",
    [
        pytest.param("UPDATE tournament_match SET third_id = first_id", id="third twice"),
        pytest.param("UPDATE tournament_match SET third_id = NULL", id="no third"),
        pytest.param("UPDATE tournament_match SET format_key = '2'", id="another format"),
        pytest.param(
            "UPDATE tournament_match_result SET points_third = NULL WHERE wins_third IS NOT NULL",
            id="half a third result",
        ),
    ],
)
def test_the_database_keeps_three_sides_to_the_3_player_format(app: Flask, sql: str) -> None:
    with app.test_request_context():
        t = three_drawn(user("organiser"), 6, 5, Structure.SWISS, rounds=1)
        one, _ = services.matches(services.start(t))
        services.enter_result(one, (1, 0, 0), (11, 0, 0), user("helper"))
        with pytest.raises(IntegrityError):
            db.session.execute(text(sql))
        db.session.rollback()


def test_the_database_refuses_a_third_side_in_a_tournament_of_pairs(app: Flask) -> None:
    with app.test_request_context():
        t = drawn(user("organiser"), "A & B\nC & D\nE & F", 1, Structure.ROUND_ROBIN)
        services.start(t)
        with pytest.raises(IntegrityError):
            db.session.execute(
                text(
                    "UPDATE tournament_match SET third_id = (SELECT max(id)"
                    " FROM tournament_entrant) WHERE second_id IS NOT NULL"
                )
            )
        db.session.rollback()
