"""Tournaments through their services: from creation to the winner, the draw, rounds,
results from the games and by hand (the pages come in the next step)."""

from __future__ import annotations

from datetime import date
from itertools import combinations

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.hooks import EditRefused
from scorekeeper.scoring import FORMATS, Rules
from scorekeeper.tournaments import core, services
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.games import table_edit_token
from scorekeeper.tournaments.inputs import StageSetup, TournamentSetup
from scorekeeper.tournaments.models import (
    Entrant,
    Match,
    MatchGame,
    MatchResult,
    Status,
    Structure,
    Tournament,
)
from tests.helpers.tournaments import (
    EIGHT_PAIRS,
    FOUR_PAIRS,
    GROUPS_THEN_FINAL,
    TWO_PAIRS,
    drawn,
    lower_number_wins,
    play_match,
    play_round,
    sweep,
    tournament,
    user,
)


def numbers(match: Match) -> tuple[int, int | None]:
    first = db.session.get_one(Entrant, match.first_id)
    second = db.session.get(Entrant, match.second_id) if match.second_id else None
    return first.number, second.number if second else None


def test_eight_pairs_from_creation_to_the_winner(app: Flask) -> None:
    """Groups of four then a knockout, every partita recorded through the games
    services: group tables, qualifiers, semifinals, a best-of-3 final to 21, the winner."""
    with app.test_request_context():
        t = drawn(
            user("organiser"), EIGHT_PAIRS, 20260816, Structure.GROUPS_KNOCKOUT, GROUPS_THEN_FINAL
        )
        assert t.status == Status.DRAWN.value
        pairs = services.entrants(t)
        assert len(pairs) == 8
        assert sorted(e.group_index for e in pairs) == [0] * 4 + [1] * 4
        first = services.start(t)
        assert t.status == Status.RUNNING.value
        tables = services.matches(first)
        assert [m.table_number for m in tables] == [1, 2, 3, 4]
        for match in tables:
            (game,) = services.match_games(match)
            assert game.target == 11
            assert len(game.seats) == 4
        with pytest.raises(TournamentRefused, match="round_not_over"):
            services.next_round(t)
        for round_number in (1, 2, 3):
            play_round(t)
            if round_number < 3:
                made = services.next_round(t)
                assert made.number == round_number + 1
        # Every pair of a group met once, and the lower number won each time.
        groups = services.group_standings(t, t.stages[0])
        for table in groups:
            assert [row.points for row in table] == [9, 6, 3, 0]
            assert [row.entrant for row in table] == sorted(row.entrant for row in table)
        assert services.bracket(t) is None  # the groups decide it
        semis = services.next_round(t)
        qualifiers = {row.entrant for table in groups for row in table[:2]}
        seen = {n for m in services.matches(semis) for n in numbers(m)}
        assert seen == qualifiers
        play_round(t)
        _, final_round = services.rounds(t)[-1]
        assert final_round.number == 2
        (final,) = services.matches(final_round)
        assert (final.games, final.target) == (3, 21)
        play_round(t)
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        assert len(services.match_games(final)) == 2  # won 2-0: no third partita
        result = services.result_of(final)
        assert result is not None
        assert (result.wins_first, result.wins_second) == (2, 0)
        champion = services.winner(t)
        assert champion is not None
        assert champion.number == 1
        drawn_bracket = services.bracket(t)
        assert drawn_bracket is not None
        assert drawn_bracket.champion == 1
        with pytest.raises(TournamentRefused, match="status_finished"):
            services.next_round(t)


def test_a_redraw_from_the_same_seed_is_the_same_draw(app: Flask) -> None:
    """The stored seed draws the same entrants and groups again; another seed another
    draw; once started, the draw stays."""
    with app.test_request_context():
        t = tournament(user("organiser"))
        services.add_entries(t, EIGHT_PAIRS + "Ugo\nVera\n")

        def the_draw() -> list[tuple[int, str, int | None, int | None]]:
            return [(e.number, e.name, e.group_index, e.group_place) for e in services.entrants(t)]

        services.draw(t, seed=42)
        once = the_draw()
        assert t.seed == 42
        assert len(once) == 9  # eight pairs, and Ugo and Vera paired at the draw
        assert any(set(e[1].split(" / ")) == {"Ugo", "Vera"} for e in once)
        services.draw(t, seed=7)
        assert the_draw() != once
        services.draw(t, seed=42)
        assert the_draw() == once
        services.start(t)
        with pytest.raises(TournamentRefused, match="status_running"):
            services.draw(t, seed=1)
        with pytest.raises(TournamentRefused, match="status_running"):
            services.add_entries(t, "Zeno & Zoe")


def test_late_entries_and_withdrawals_undo_the_draw(app: Flask) -> None:
    with app.test_request_context():
        t = tournament(user("organiser"), Structure.KNOCKOUT, (StageSetup(1, 11),))
        added = services.add_entries(t, "Anna & Bruno\nCarla & Dario\nElena & Fabio")
        services.draw(t, seed=1)
        services.add_entries(t, "Gina & Ivo")
        assert t.status == Status.SETUP.value
        assert services.entrants(t) == []
        services.set_entry(added[0], withdrawn=True, seed=None)
        services.draw(t, seed=1)
        assert {e.name for e in services.entrants(t)} == {
            "Carla / Dario",
            "Elena / Fabio",
            "Gina / Ivo",
        }
        assert t.stages[0].lines is not None
        assert len(t.stages[0].lines) == 4  # three entrants: one bye


def test_a_pasted_list_names_pairs_singles_and_clubs() -> None:
    parsed = services.parse_entries(
        "Anna & Bruno (Circolo Aurora)\n\n  Carla  \nDario + Elena\nFabio / Gina (Bar)\n"
    )
    assert parsed == [
        core.Entry(("Anna", "Bruno"), "Circolo Aurora"),
        core.Entry(("Carla",)),
        core.Entry(("Dario", "Elena")),
        core.Entry(("Fabio", "Gina"), "Bar"),
    ]
    for bad in ("Anna & Bruno & Carla", "& Bruno", "Anna (Bar", "x" * 41):
        with pytest.raises(TournamentRefused) as refused:
            services.parse_entries(f"Ok\n{bad}")
        assert refused.value.field == "entries:2"


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"name": "  "}, "name_required"),
        ({"name": "x" * 61}, "name_too_long"),
        ({"rules": Rules(FORMATS["3"])}, "three_no_knockout"),
        ({"rules": Rules(FORMATS["3"]), "structure": Structure.KNOCKOUT}, "three_no_knockout"),
        (
            {
                "rules": Rules(FORMATS["4"]),
                "structure": Structure.ROUND_ROBIN,
                "stages": (StageSetup(),),
            },
            "format_unsupported",
        ),
        ({"stages": (StageSetup(1, 0), StageSetup())}, "target_range"),
        ({"stages": (StageSetup(1, 1000), StageSetup())}, "target_range"),
        ({"stages": (StageSetup(10, 11), StageSetup())}, "games_range"),
        ({"stages": (StageSetup(1, 11), StageSetup(2, 11))}, "knockout_games_odd"),
        ({"stages": (StageSetup(),)}, "stage_count"),
        ({"group_size": 2}, "group_size_range"),
        ({"qualifiers": 4}, "qualifiers_range"),
        ({"entry_fee_cents": -1}, "entry_fee"),
        ({"points": core.Points(win=1, draw=2)}, "points_order"),
        ({"tie_break": (core.TieBreak.POINTS_FOR, core.TieBreak.POINTS_FOR)}, "tie_break_twice"),
        ({"structure": Structure.SWISS, "stages": (StageSetup(),)}, "rounds_range"),
    ],
)
def test_a_bad_tournament_is_refused_and_nothing_is_saved(
    app: Flask, change: dict[str, object], key: str
) -> None:
    with app.test_request_context():
        organiser = user("organiser")
        settings: dict[str, object] = {
            "name": "Torneo",
            "held_on": date(2026, 8, 16),
            "structure": Structure.GROUPS_KNOCKOUT,
            "rules": Rules(FORMATS["2x2"]),
            "stages": (StageSetup(), StageSetup()),
        }
        with pytest.raises(TournamentRefused, match=key):
            services.create_tournament(organiser, TournamentSetup(**(settings | change)))  # type: ignore[arg-type]
        assert db.session.scalar(select(func.count()).select_from(Tournament)) == 0


def test_a_one_against_one_tournament_takes_singles_only(app: Flask) -> None:
    with app.test_request_context():
        setup = TournamentSetup(
            "Singolare", date(2026, 8, 16), Structure.ROUND_ROBIN, Rules(FORMATS["2"])
        )
        t = services.create_tournament(user("organiser"), setup)
        with pytest.raises(TournamentRefused, match="singles_only"):
            services.add_entries(t, "Anna & Bruno")
        services.add_entries(t, "Anna\nBruno\nCarla")
        services.draw(t, seed=3)
        first = services.start(t)
        byes = [m for m in services.matches(first) if m.is_bye]
        assert len(byes) == 1  # three entrants: one sits out each round
        (match,) = [m for m in services.matches(first) if not m.is_bye]
        (game,) = services.match_games(match)
        assert len(game.seats) == 2
        for _ in range(3):
            play_round(t)
            db.session.refresh(t)
            if t.status == Status.FINISHED.value:
                break
            services.next_round(t)
        assert t.status == Status.FINISHED.value
        table = services.standings(t)
        # Each played two matches and had a bye (3 points): entrant 1 won both.
        assert [(row.entrant, row.points) for row in table] == [(1, 9), (2, 6), (3, 3)]
        winner = services.winner(t)
        assert winner is not None
        assert winner.number == 1


def test_swiss_rounds_pair_by_the_standings_without_rematches(app: Flask) -> None:
    with app.test_request_context():
        t = drawn(
            user("organiser"),
            "\n".join(f"A{i} & B{i}" for i in range(6)),
            5,
            Structure.SWISS,
            (StageSetup(1, 11),),
            rounds=3,
        )
        services.start(t)
        pairs: list[frozenset[int | None]] = []
        for number in (1, 2, 3):
            _, round_ = services.rounds(t)[-1]
            assert round_.number == number
            pairs += [frozenset(numbers(m)) for m in services.matches(round_)]
            play_round(t)
            if number < 3:
                services.next_round(t)
        assert len(pairs) == len(set(pairs)) == 9
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        assert services.standings(t)[0].points == 9


def test_a_knockout_gives_byes_to_the_top_seeds_and_fills_itself_in(app: Flask) -> None:
    with app.test_request_context():
        t = tournament(
            user("organiser"), Structure.KNOCKOUT, (StageSetup(1, 11),), third_place=True
        )
        added = services.add_entries(t, "\n".join(f"A{i} & B{i}" for i in range(5)))
        services.set_entry(added[4], seed=1)
        services.draw(t, seed=9)
        seeded = next(e for e in services.entrants(t) if e.seed == 1)
        first = services.start(t)
        assert len(services.matches(first)) == 1  # 5 entrants, 8 lines: 3 byes
        assert seeded.id not in {m.first_id for m in services.matches(first)}
        with pytest.raises(TournamentRefused, match="knockout_fills_in"):
            services.next_round(t)
        while t.status != Status.FINISHED.value:
            assert play_round(t)
            db.session.refresh(t)
        _, last = services.rounds(t)[-1]
        assert [m.slot for m in services.matches(last)] == [0, 1]  # final and third place
        winner = services.winner(t)
        assert winner is not None
        assert winner.number == 1


def test_a_best_of_three_match_starts_its_next_partita_and_stops_when_decided(
    app: Flask,
) -> None:
    with app.test_request_context():
        t = drawn(user("organiser"), TWO_PAIRS, 2, Structure.KNOCKOUT, (StageSetup(3, 11),))
        (match,) = services.matches(services.start(t))
        wins = iter([0, 1, 1])
        for expected in (1, 2, 3):
            game = services.match_games(match)[-1]
            assert len(services.match_games(match)) == expected
            games.record_hand(game, 1, f"r{expected}", sweep(next(wins), 7))
        assert len(services.match_games(match)) == 3
        result = services.result_of(match)
        assert result is not None
        assert (result.wins_first, result.wins_second) == (1, 2)
        assert result.winner_id == match.second_id
        assert not result.by_hand
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value


def test_an_organiser_enters_and_corrects_a_result_by_hand(app: Flask) -> None:
    with app.test_request_context():
        organiser = user("organiser")
        t = drawn(organiser, FOUR_PAIRS, 4, Structure.ROUND_ROBIN, (StageSetup(1, 11),))
        one, two = services.matches(services.start(t))
        with pytest.raises(TournamentRefused, match="match_not_over"):
            services.enter_result(one, (0, 0), (3, 4), organiser)
        with pytest.raises(TournamentRefused, match="result_range"):
            services.enter_result(one, (2, 0), (3, 4), organiser)
        result = services.enter_result(one, (1, 0), (11, 4), organiser)
        assert result.by_hand
        assert result.winner_id == one.first_id
        corrected = services.enter_result(one, (0, 1), (5, 11), organiser)
        assert corrected.id == result.id
        assert corrected.winner_id == one.second_id
        # The table's phone goes on recording its game: the hand-entered result stays.
        (game,) = services.match_games(one)
        games.record_hand(game, 1, "late", sweep(0, 7))
        after = services.result_of(one)
        assert after is not None
        assert after.winner_id == one.second_id
        assert db.session.scalar(select(func.count()).select_from(MatchResult)) == 1
        play_match(two, lower_number_wins(two))
        assert services.next_round(t).number == 2


def test_the_table_token_opens_the_game_for_the_sheet_holder(app: Flask) -> None:
    with app.test_request_context():
        t = drawn(user("organiser"), TWO_PAIRS, 2)
        (match,) = services.matches(services.start(t))
        (game,) = services.match_games(match)
        token = table_edit_token(game)
        assert games.find_by_edit_token(token).id == game.id
        games.new_edit_link(game)
        with pytest.raises(EditRefused):
            games.find_by_edit_token(token)
        assert db.session.scalar(select(func.count()).select_from(MatchGame)) == 1


def test_every_round_robin_group_meets_once(app: Flask) -> None:
    """The database's record of a finished group stage: every two pairs of a group met
    exactly once, at distinct tables in every round."""
    with app.test_request_context():
        t = drawn(user("organiser"), EIGHT_PAIRS, 11, Structure.GROUPS_KNOCKOUT, GROUPS_THEN_FINAL)
        services.start(t)
        for number in (1, 2, 3):
            play_round(t)
            if number < 3:
                services.next_round(t)
        met = [
            frozenset(numbers(m))
            for _, round_ in services.rounds(t)
            for m in services.matches(round_)
        ]
        groups: dict[int, list[int]] = {}
        for e in services.entrants(t):
            assert e.group_index is not None
            groups.setdefault(e.group_index, []).append(e.number)
        expected = {frozenset(p) for g in groups.values() for p in combinations(g, 2)}
        assert sorted(met, key=sorted) == sorted(expected, key=sorted)


def test_a_knockout_winner_that_went_on_is_settled(app: Flask) -> None:
    """Once both semifinals are in and the final is on, a semifinal's games no longer open
    for the table, and its winner is not corrected by hand without replaying the final
    (its points still may be)."""
    with app.test_request_context():
        organiser = user("organiser")
        t = drawn(organiser, FOUR_PAIRS, 8)
        semi, other = services.matches(services.start(t))
        play_match(semi, 0)
        (game,) = services.match_games(semi)
        token = table_edit_token(game)
        assert games.find_by_edit_token(token).id == game.id  # the final is not on yet
        services.enter_result(semi, (0, 1), (2, 11), organiser)  # so corrected by hand
        play_match(other, 0)
        assert services.moved_on(semi)
        with pytest.raises(EditRefused):
            games.find_by_edit_token(token)
        with pytest.raises(services.CorrectionAffects) as asked:  # the final it went on to
            services.enter_result(semi, (1, 0), (11, 2), organiser)
        assert not asked.value.can_keep
        with pytest.raises(TournamentRefused, match="next_match_on"):
            services.enter_result(semi, (1, 0), (11, 2), organiser, later=services.Later.KEEP)
        corrected = services.enter_result(semi, (0, 1), (3, 11), organiser)
        assert corrected.points_first == 3
        assert [t.name for t, role in services.tournaments_of(organiser)] == [t.name]


def test_the_games_of_a_drawn_tournament_wait_for_its_start(app: Flask) -> None:
    """No game is made before the start, and no round is asked for."""
    with app.test_request_context():
        t = drawn(user("organiser"), TWO_PAIRS, 2)
        assert db.session.scalar(select(func.count()).select_from(MatchGame)) == 0
        with pytest.raises(TournamentRefused, match="status_drawn"):
            services.next_round(t)


def test_danish_rounds_pair_first_with_second(app: Flask) -> None:
    """After round 1 (won by the lower numbers) the two winners meet, and the two losers."""
    with app.test_request_context():
        t = drawn(
            user("organiser"), FOUR_PAIRS, 6, Structure.DANISH, (StageSetup(1, 11),), rounds=2
        )
        first = services.start(t)
        assert [numbers(m) for m in services.matches(first)] == [(1, 2), (3, 4)]
        play_round(t)
        second = services.next_round(t)
        # The winners' tie (both 11-0) is broken by the drawn card: who is first of them
        # the card says, but the winners meet at table 1 and the losers at table 2.
        met = [set(numbers(m)) for m in services.matches(second)]
        assert met == [{1, 3}, {2, 4}]
        play_round(t)
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        table = services.standings(t)
        assert (table[0].entrant, table[0].points) == (1, 6)
        assert [row.points for row in table] == [6, 3, 3, 0]


def test_a_deciding_partita_reopened_takes_the_result_back(app: Flask) -> None:
    """The table removes the final's last hand: the match has no result, the tournament
    runs again; the hand saved again finishes it again."""
    with app.test_request_context():
        t = drawn(user("organiser"), TWO_PAIRS, 2)
        (match,) = services.matches(services.start(t))
        play_match(match, 1)
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        (game,) = services.match_games(match)
        games.undo_last_hand(game, 1)
        assert services.result_of(match) is None
        db.session.refresh(t)
        assert t.status == Status.RUNNING.value
        assert services.winner(t) is None
        games.record_hand(game, 1, "again", sweep(0, 7))
        db.session.refresh(t)
        assert t.status == Status.FINISHED.value
        winner = services.winner(t)
        assert winner is not None
        assert winner.id == match.first_id
