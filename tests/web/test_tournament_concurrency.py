"""Two helpers entering the same result at once record it once (real threads, each with
its own session and connection, as tests/web/test_concurrency.py runs them)."""

from __future__ import annotations

from flask import Flask
from sqlalchemy import func, select

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.models import Game
from scorekeeper.tournaments import services
from scorekeeper.tournaments.errors import ResultChanged, RoundStarted
from scorekeeper.tournaments.inputs import StageSetup
from scorekeeper.tournaments.models import (
    Match,
    MatchGame,
    MatchResult,
    Role,
    Structure,
    Tournament,
)
from tests.helpers.concurrency import in_threads
from tests.helpers.tournaments import (
    FOUR_PAIRS,
    drawn,
    play_match,
    sweep,
    tournament,
    user,
)

HELPERS = 4


def test_the_same_result_entered_at_once_is_recorded_once(app: Flask) -> None:
    """Four helpers enter the second semifinal's result at the same instant: one result
    row, one final (with one game), every helper told the same result."""
    with app.test_request_context():
        organiser = user("organiser")
        t = tournament(organiser, Structure.KNOCKOUT, (StageSetup(1, 11),))
        helpers = [user(f"helper{i}") for i in range(HELPERS)]
        for helper in helpers:
            services.set_member(t, helper, Role.HELPER)
        services.add_entries(t, FOUR_PAIRS)
        services.draw(t, seed=8)
        semi, other = services.matches(services.start(t))
        play_match(semi, 0)
        other_id, helper_ids = other.id, [helper.id for helper in helpers]
        db.session.remove()

    def enter(i: int) -> tuple[int, int | None]:
        match = db.session.get_one(Match, other_id)
        helper = db.session.get_one(User, helper_ids[i])
        result = services.enter_result(match, (1, 0), (11, 3), helper)
        return result.id, result.winner_id

    outcomes = in_threads(app, HELPERS, enter)
    with app.app_context():
        assert not [o for o in outcomes if isinstance(o, BaseException)], outcomes
        assert len(set(outcomes)) == 1
        results = db.session.scalars(
            select(MatchResult).where(MatchResult.match_id == other_id)
        ).all()
        assert len(results) == 1
        assert results[0].by_hand
        assert db.session.scalar(select(func.count()).select_from(Match)) == 3
        assert db.session.scalar(select(func.count()).select_from(MatchGame)) == 3


def test_two_semifinals_finishing_at_once_make_one_final(app: Flask) -> None:
    """Both semifinals' last hands are saved at the same instant from their tables: each
    match has its result and the final is made once, with one game."""
    with app.test_request_context():
        t = drawn(user("organiser"), FOUR_PAIRS, 8)
        semis = services.matches(services.start(t))
        game_ids = [services.match_games(m)[0].id for m in semis]
        match_ids = [m.id for m in semis]
        db.session.remove()

    def finish(i: int) -> int:
        game = db.session.get_one(Game, game_ids[i])
        return games.record_hand(game, 1, f"last-{i}", sweep(0, 7)).hand_id

    outcomes = in_threads(app, 2, finish)
    with app.app_context():
        assert not [o for o in outcomes if isinstance(o, BaseException)], outcomes
        for match_id in match_ids:
            assert services.result_of(db.session.get_one(Match, match_id)) is not None
        assert db.session.scalar(select(func.count()).select_from(Match)) == 3
        assert db.session.scalar(select(func.count()).select_from(MatchGame)) == 3


def test_a_result_entered_while_tables_record_hands_counts_once_in_the_league(
    app: Flask,
) -> None:
    """In a league knockout, at the same instant: the organiser enters semifinal 1 by
    hand, its table records a hand, and semifinal 2's table records its winning hand.
    None waits on another for ever (the hand entry takes the game, then the league, then
    the match, as a hand does), semifinal 1 counts once in the league with the entered
    points, and a rebuild of the league from scratch finds nothing to change."""
    from scorekeeper.leagues import services as leagues
    from scorekeeper.leagues import standings
    from scorekeeper.leagues.inputs import LeagueSetup
    from scorekeeper.leagues.standings.repair import rebuild_league
    from scorekeeper.scoring import FORMATS, Rules

    with app.test_request_context():
        organiser = user("organiser")
        league = leagues.create_league(
            organiser, LeagueSetup("Bar Sport", False, Rules(FORMATS["2x2"]))
        )
        t = drawn(organiser, FOUR_PAIRS, 8, league_id=league.id)
        semis = services.matches(services.start(t))
        match_ids = [m.id for m in semis]
        game_ids = [services.match_games(m)[0].id for m in semis]
        first_names = set(semis[0].first.names) | set(semis[0].second.names)  # type: ignore[union-attr]
        league_id, organiser_id = league.id, organiser.id
        db.session.remove()

    def act(i: int) -> object:
        if i == 0:
            match = db.session.get_one(Match, match_ids[0])
            by = db.session.get_one(User, organiser_id)
            return services.enter_result(match, (1, 0), (11, 3), by).id
        game = db.session.get_one(Game, game_ids[i - 1])
        hand = sweep(0, 7) if i == 2 else sweep(1, 0)  # semifinal 2 won; 4 points at 1
        return games.record_hand(game, 1, f"hand-{i}", hand).hand_id

    outcomes = in_threads(app, 3, act)
    with app.app_context():
        assert not [o for o in outcomes if isinstance(o, BaseException)], outcomes
        result = services.result_of(db.session.get_one(Match, match_ids[0]))
        assert result is not None
        assert result.by_hand
        lines = {line.name: line for line in standings.standings(league_id)}
        assert len(lines) == 8
        assert {
            (lines[n].games, lines[n].points_for + lines[n].points_against) for n in first_names
        } == {(1, 14)}
        assert not rebuild_league(league_id).changed
        db.session.rollback()


def test_two_different_results_over_one_version_store_one_and_refuse_the_other(
    app: Flask,
) -> None:
    """Four helpers, each on a page drawn before any result, send four different
    results for one match at the same instant: exactly one is stored, the three others
    are refused (`ResultChanged`), nothing silently replaced; the match's result version
    grew once."""
    with app.test_request_context():
        organiser = user("organiser")
        t = tournament(organiser, Structure.KNOCKOUT, (StageSetup(1, 11),))
        helpers = [user(f"helper{i}") for i in range(HELPERS)]
        for helper in helpers:
            services.set_member(t, helper, Role.HELPER)
        services.add_entries(t, FOUR_PAIRS)
        services.draw(t, seed=8)
        semi = services.matches(services.start(t))[0]
        semi_id, seen = semi.id, semi.result_version
        helper_ids = [helper.id for helper in helpers]
        db.session.remove()

    def enter(i: int) -> tuple[int, ...]:
        match = db.session.get_one(Match, semi_id)
        helper = db.session.get_one(User, helper_ids[i])
        result = services.enter_result(match, (1, 0), (11, i), helper, seen=seen)
        return result.points

    outcomes = in_threads(app, HELPERS, enter)
    with app.app_context():
        refused = [o for o in outcomes if isinstance(o, ResultChanged)]
        stored = [o for o in outcomes if isinstance(o, tuple)]
        assert (len(stored), len(refused)) == (1, HELPERS - 1), outcomes
        match = db.session.get_one(Match, semi_id)
        result = services.result_of(match)
        assert result is not None
        assert result.points == stored[0]
        assert match.result_version == seen + 1


def test_six_phones_asking_for_the_next_round_make_one_and_hear_it_started(app: Flask) -> None:
    """Six phones press "Next round" after round 1 at the same instant: one round 2 is
    made, and the five others are told it has started (`RoundStarted`, round 2), not
    that round 1 misses results."""
    phones = 6
    with app.test_request_context():
        t = drawn(user("organiser"), FOUR_PAIRS, 1, Structure.ROUND_ROBIN, (StageSetup(1, 11),))
        first = services.start(t)
        for match in services.matches(first):
            if not match.is_bye:
                play_match(match, 0)
        t_id, first_id = t.id, first.id
        db.session.remove()

    def press(_i: int) -> int:
        return services.next_round(db.session.get_one(Tournament, t_id), after=first_id).number

    outcomes = in_threads(app, phones, press)
    with app.app_context():
        assert [o for o in outcomes if isinstance(o, int)] == [2], outcomes
        started = [o for o in outcomes if isinstance(o, RoundStarted)]
        assert len(started) == phones - 1, outcomes
        assert {(s.number, s.knockout) for s in started} == {(2, False)}
        t = db.session.get_one(Tournament, t_id)
        assert [r.number for _s, r in services.rounds(t)] == [1, 2]
