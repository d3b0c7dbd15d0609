"""Many phones at once: real threads, each with its own session and connection.

Barriers force the interleavings the load test met. On PostgreSQL the ten scorers meet
*inside* their transactions, each with its hand written and its game locked, just
before the standings work, so they all start it at the same instant; SQLite has one
writer at a time, so there they meet just before the call (and wait on the database's
lock, which the retries handle). Every outcome checked is the one a one-at-a-time run
gives: never a timing.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from itertools import combinations
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from scorekeeper.accounts.services import create_user
from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.hooks import game_changed
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import Game, Hand
from scorekeeper.leagues import standings
from scorekeeper.leagues.inputs import LeagueSetup
from scorekeeper.leagues.models import League, LeagueResult, Player
from scorekeeper.leagues.services import create_league, name_key
from scorekeeper.scoring import DECK, FORMATS, CardsEntry, HandResult, Rules
from tests.helpers.concurrency import STUCK, in_threads
from tests.helpers.leagues import league_state

SCORERS = 10


def sweep(side: int, scope: int = 0) -> CardsEntry:
    """A hand in which `side` of two takes every card: 4 points, plus its `scope`."""
    return CardsEntry.of(
        [DECK if i == side else () for i in range(2)], [scope if i == side else 0 for i in range(2)]
    )


def on_postgresql(app: Flask) -> bool:
    with app.app_context():
        return bool(db.engine.dialect.name == "postgresql")


@pytest.fixture
def meet_in_standings(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """``meet_in_standings(n)``: on PostgreSQL the next `n` changes to league games wait
    for each other inside their transactions, just before their standings work."""

    def arm(count: int) -> None:
        if not on_postgresql(app):
            return
        barrier = threading.Barrier(count)
        met: set[int] = set()
        original = standings.game_changed

        def meeting(game: Game) -> None:
            if threading.get_ident() not in met:  # a retry does not meet again
                met.add(threading.get_ident())
                barrier.wait(STUCK)
            original(game)

        monkeypatch.setattr(standings, "game_changed", meeting)

    return arm


@pytest.fixture
def league_games(app: Flask) -> Iterator[tuple[int, list[int]]]:
    """A one-against-one league of 5 players and 10 games, every two players once, each
    a hand from the end (8-0 for side ``i % 2`` of game ``i``): the league's id and its
    games' ids, oldest first."""
    with app.app_context():
        owner = create_user("owner", "a long password")
        league = create_league(
            owner, LeagueSetup(name="Bar Sport", is_public=False, rules=Rules(FORMATS["2"]))
        )
        players = [
            Player(league_id=league.id, name=name, name_key=name_key(name))
            for name in ("Anna", "Bruno", "Carla", "Dario", "Elena")
        ]
        db.session.add_all(players)
        db.session.flush()
        start = datetime(2026, 3, 1, 20, tzinfo=UTC)
        new = []
        for i, (a, b) in enumerate(combinations(players, 2)):
            setup = GameSetup(Rules(FORMATS["2"]), [a.name, b.name], 0)
            hands = [games.score_hand(setup.rules, sweep(i % 2))] * 2
            new.append(
                games.new_game(
                    setup,
                    league_id=league.id,
                    player_ids=[a.id, b.id],
                    hands=hands,
                    played_at=start + timedelta(minutes=i),
                )
            )
        ids = games.store_games(new)
        db.session.commit()
        yield league.id, ids


def finish(game_id: int, side: int) -> games.Recorded:
    """Hand 3 of the game, taken by `side`, who had the 8 points: 12-0, so it is won."""
    game = db.session.get_one(Game, game_id)
    return games.record_hand(game, 3, f"finish-{game_id}", sweep(side))


def assert_as_rebuilt(app: Flask, league_id: int) -> dict[str, Any]:
    """The league as the concurrent changes left it equals an in-order rebuild."""
    with app.app_context():
        kept = league_state(league_id)
        standings.rebuild(league_id)
        db.session.flush()
        rebuilt = league_state(league_id)
        db.session.rollback()
    assert kept["rows"] == rebuilt["rows"]
    assert kept["results"].keys() == rebuilt["results"].keys()
    wrong = [
        key
        for key, (won, mu, sigma) in kept["results"].items()
        if (won, mu, sigma) != rebuilt["results"][key]
        and not (
            won == rebuilt["results"][key][0]
            and math.isclose(mu, rebuilt["results"][key][1], abs_tol=1e-9)
            and math.isclose(sigma, rebuilt["results"][key][2], abs_tol=1e-9)
        )
    ]
    assert wrong == [], f"{len(wrong)} of {len(kept['results'])} ratings differ from a rebuild"
    for player_id, (mu, sigma) in kept["players"].items():
        assert math.isclose(mu, rebuilt["players"][player_id][0], abs_tol=1e-9)
        assert math.isclose(sigma, rebuilt["players"][player_id][1], abs_tol=1e-9)
    return kept


def test_ten_scorers_finishing_at_once_give_the_ratings_of_an_in_order_rebuild(
    app: Flask,
    league_games: tuple[int, list[int]],
    meet_in_standings: Callable[[int], None],
) -> None:
    league_id, game_ids = league_games
    meet_in_standings(SCORERS)
    outcomes = in_threads(app, SCORERS, lambda i: finish(game_ids[i], i % 2))
    assert [type(outcome) for outcome in outcomes] == [games.Recorded] * SCORERS, outcomes
    assert not any(o.already_saved for o in outcomes if isinstance(o, games.Recorded))
    kept = assert_as_rebuilt(app, league_id)
    assert len(kept["results"]) == 2 * SCORERS
    assert len({mu for _won, mu, _sigma in kept["results"].values()}) > 2  # really rated


def test_ten_concurrent_undos_and_corrections_all_apply(
    app: Flask,
    league_games: tuple[int, list[int]],
    meet_in_standings: Callable[[int], None],
) -> None:
    """Five scorers undo the hand that finished their game while five others correct
    theirs (three scope more for the winner): every change is applied, none is an error."""
    league_id, game_ids = league_games
    for i, game_id in enumerate(game_ids):
        with app.app_context():
            finish(game_id, i % 2)

    def change(i: int) -> None:
        game = db.session.get_one(Game, game_ids[i])
        if i % 2:
            games.undo_last_hand(game, 3)
        else:
            games.edit_hand(game, 1, sweep(i % 2, scope=3))

    meet_in_standings(SCORERS)
    outcomes = in_threads(app, SCORERS, change)
    assert outcomes == [None] * SCORERS
    kept = assert_as_rebuilt(app, league_id)
    with app.app_context():
        hands = {
            game_id: len(db.session.scalars(select(Hand).where(Hand.game_id == game_id)).all())
            for game_id in game_ids
        }
    assert hands == {game_id: 2 if i % 2 else 3 for i, game_id in enumerate(game_ids)}
    # The undone games left the standings; the corrected ones are won 15-0.
    assert {game_id for game_id, _player in kept["results"]} == set(game_ids[::2])
    with app.app_context():
        points = db.session.scalars(
            select(LeagueResult.points_for).where(LeagueResult.won.is_(True))
        ).all()
    assert points == [15] * (SCORERS // 2)


def test_the_same_hand_from_five_phones_is_saved_once_and_each_is_told_so(
    app: Flask, league_games: tuple[int, list[int]]
) -> None:
    """A resend or a triple tap (the same request id) is never "saved from another phone"."""
    _league_id, game_ids = league_games
    outcomes = in_threads(app, 5, lambda _i: finish(game_ids[0], 0))
    assert all(isinstance(o, games.Recorded) for o in outcomes), outcomes
    assert sorted(o.already_saved for o in outcomes if isinstance(o, games.Recorded)) == [
        False,
        True,
        True,
        True,
        True,
    ]
    with app.app_context():
        hands = db.session.scalars(
            select(Hand).where(Hand.game_id == game_ids[0]).order_by(Hand.number)
        ).all()
        assert [hand.number for hand in hands] == [1, 2, 3]
        assert db.session.get_one(Game, game_ids[0]).version == 2  # one change, once


def test_a_resend_read_while_the_first_commits_is_told_already_saved(
    app: Flask, league_games: tuple[int, list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The interleaving of the request-id race, forced: the resend tries to look for its
    request id (with the hands, in one statement) while the first send is saving."""
    _league_id, game_ids = league_games
    first_in_transaction = threading.Event()
    resend_looked = threading.Event()
    first_done = threading.Event()
    threads: dict[str, int] = {}
    find = games._results_and_request

    def looking(game: Game, request_id: str) -> tuple[list[HandResult], int | None]:
        found = find(game, request_id)
        if threading.get_ident() == threads.get("resend") and not resend_looked.is_set():
            resend_looked.set()
            first_done.wait(STUCK)
        return found

    def saving(_app: Flask, **_game: Any) -> None:
        if threading.get_ident() == threads.get("first"):
            first_in_transaction.set()
            # The fixed code locks the game first, so the resend cannot look meanwhile.
            resend_looked.wait(2)

    monkeypatch.setattr(games, "_results_and_request", looking)
    game_changed.connect(saving, app)
    try:

        def phone(i: int) -> games.Recorded:
            if i == 0:
                threads["first"] = threading.get_ident()
                try:
                    return finish(game_ids[0], 0)
                finally:
                    first_done.set()
            threads["resend"] = threading.get_ident()
            first_in_transaction.wait(STUCK)
            return finish(game_ids[0], 0)

        outcomes = in_threads(app, 2, phone)
    finally:
        game_changed.disconnect(saving, app)
    assert [type(o) for o in outcomes] == [games.Recorded, games.Recorded], outcomes
    assert [o.already_saved for o in outcomes if isinstance(o, games.Recorded)] == [False, True]


def test_different_hands_for_the_same_number_one_saved_the_others_told(
    app: Flask, league_games: tuple[int, list[int]]
) -> None:
    """Five phones with five different forms for hand 3: one is saved, four conflict."""
    _league_id, game_ids = league_games

    def phone(i: int) -> games.Recorded:
        game = db.session.get_one(Game, game_ids[0])
        return games.record_hand(game, 3, f"phone-{i}", sweep(0))

    outcomes = in_threads(app, 5, phone)
    saved = [o for o in outcomes if isinstance(o, games.Recorded)]
    conflicts = [o for o in outcomes if isinstance(o, games.HandConflict)]
    assert (len(saved), len(conflicts)) == (1, 4), outcomes
    assert not saved[0].already_saved
    with app.app_context():
        assert db.session.get_one(League, _league_id) is not None


def test_a_unit_of_work_runs_again_where_the_database_asks_a_bounded_number_of_times(
    app: Flask,
) -> None:
    from sqlalchemy.orm.exc import StaleDataError

    from scorekeeper import transactions

    calls: list[int] = []

    def lost_a_race_once() -> str:
        calls.append(1)
        if len(calls) == 1:
            raise StaleDataError("the row was removed meanwhile")
        return "done"

    def always_lost() -> None:
        calls.append(1)
        raise StaleDataError("the row was removed meanwhile")

    def refused() -> None:
        calls.append(1)
        raise ValueError("not a database race")

    with app.app_context():
        assert transactions.in_transaction(lost_a_race_once) == "done"
        assert len(calls) == 2
        calls.clear()
        with pytest.raises(StaleDataError):
            transactions.in_transaction(always_lost)
        assert len(calls) == transactions.ATTEMPTS
        calls.clear()
        with pytest.raises(ValueError, match="not a database race"):
            transactions.in_transaction(refused)
        assert len(calls) == 1
