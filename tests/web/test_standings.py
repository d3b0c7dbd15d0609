"""The standing rows kept as games change: always equal to a rebuild from the results.

Hands a player can check on paper: a side that takes all 40 cards in a hand makes
carte, denari, settebello and primiera (4 points) plus its scope.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

import flask_migrate
import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from scorekeeper.accounts.services import create_user, find_user
from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import Game
from scorekeeper.leagues import standings
from scorekeeper.leagues.inputs import LeagueSetup
from scorekeeper.leagues.models import League, Player, Standing
from scorekeeper.leagues.services import create_league, create_season, name_key
from scorekeeper.scoring import DECK, FORMATS, CardsEntry, Rules


def sweep(side: int, sides: int, scope: int = 0) -> CardsEntry:
    """A hand in which `side` takes every card (4 points plus `scope`)."""
    return CardsEntry.of(
        [DECK if i == side else () for i in range(sides)],
        [scope if i == side else 0 for i in range(sides)],
    )


def new_league(name: str = "Bar Sport") -> League:
    owner = find_user("owner") or create_user("owner", "a long password")
    return create_league(
        owner,
        LeagueSetup(name=name, is_public=False, rules=Rules(format=FORMATS["2x2"])),
    )


@pytest.fixture
def league(app: Flask) -> Iterator[League]:
    with app.app_context():
        yield new_league()


def players(league: League, *names: str) -> list[Player]:
    found = [Player(league_id=league.id, name=n, name_key=name_key(n)) for n in names]
    db.session.add_all(found)
    db.session.flush()
    return found


def play(
    league: League,
    seated: list[Player],
    hands: list[CardsEntry],
    when: datetime,
    format_key: str = "2x2",
) -> Game:
    """A finished game stored at once, then brought into the standings like any change."""
    settings = GameSetup(Rules(format=FORMATS[format_key]), [p.name for p in seated], 0)
    scored = [games.score_hand(settings.rules, hand) for hand in hands]
    new = games.new_game(
        settings,
        league_id=league.id,
        player_ids=[p.id for p in seated],
        hands=scored,
        played_at=when,
    )
    (game_id,) = games.store_games([new])
    game = db.session.get_one(Game, game_id)
    standings.game_changed(game)
    db.session.commit()
    return game


def rows(league_id: int) -> set[tuple[object, ...]]:
    """Every standing row of the league, without its id."""
    found = db.session.scalars(select(Standing).where(Standing.league_id == league_id)).all()
    return {
        (r.season_id, r.player_id, r.partner_id, *(getattr(r, n) for n in standings.TALLIES))
        for r in found
    }


def assert_as_rebuilt(league_id: int) -> set[tuple[object, ...]]:
    """The rows kept up to date equal the rows rebuilt from scratch (and are returned)."""
    kept = rows(league_id)
    standings.rebuild_standings(league_id)
    assert rows(league_id) == kept
    db.session.rollback()
    return kept


def test_pairs_and_players_from_two_games_checked_on_paper(app: Flask, league: League) -> None:
    with app.app_context():
        league = db.session.merge(league)
        anna, bruno, carla, dario = players(league, "Anna", "Bruno", "Carla", "Dario")
        # Seats alternate sides: Anna & Carla (side 0) against Bruno & Dario (side 1).
        seated = [anna, bruno, carla, dario]
        # Side 0 sweeps three hands with a scopa each: 15 to 0, in 3 hands.
        play(league, seated, [sweep(0, 2, scope=1)] * 3, datetime(2026, 3, 1, tzinfo=UTC))
        # Then side 1 sweeps three hands: 12 to 0.
        play(league, seated, [sweep(1, 2)] * 3, datetime(2026, 3, 2, tzinfo=UTC))

        lines = {line.name: line for line in standings.standings(league.id)}
        assert (lines["Anna"].games, lines["Anna"].won, lines["Anna"].lost) == (2, 1, 1)
        assert (lines["Anna"].points_for, lines["Anna"].points_against) == (15, 12)
        assert (lines["Bruno"].points_for, lines["Bruno"].points_against) == (12, 15)
        assert lines["Anna"].hands == 6
        assert lines["Anna"].scope == 3
        assert lines["Anna"].settebello == 3
        assert lines["Anna"].primiera == 3
        # Order: one win each; Anna & Carla have the better difference (+3), then by name.
        assert [line.name for line in standings.standings(league.id)] == [
            "Anna",
            "Carla",
            "Bruno",
            "Dario",
        ]

        pairs = standings.pairs(league.id, min_games=1)
        assert [(p.name, p.partner_name, p.games, p.won) for p in pairs] == [
            ("Anna", "Carla", 2, 1),
            ("Bruno", "Dario", 2, 1),
        ]
        assert standings.pairs(league.id) == []  # fewer than PAIR_MIN_GAMES together
        assert_as_rebuilt(league.id)


def test_points_against_with_three_players_are_the_best_opponents(
    app: Flask, league: League
) -> None:
    with app.app_context():
        league = db.session.merge(league)
        anna, bruno, carla = players(league, "Anna", "Bruno", "Carla")
        # Anna sweeps 3 hands (12), Bruno sweeps 2 (8), Carla 1 (4): Anna wins 12 to 8 and 4.
        hands = [sweep(0, 3), sweep(1, 3), sweep(0, 3), sweep(2, 3), sweep(1, 3), sweep(0, 3)]
        play(league, [anna, bruno, carla], hands, datetime(2026, 3, 1, tzinfo=UTC), "3")
        lines = {line.name: line for line in standings.standings(league.id)}
        assert (lines["Anna"].points_for, lines["Anna"].points_against) == (12, 8)
        assert (lines["Bruno"].points_for, lines["Bruno"].points_against) == (8, 12)
        assert (lines["Carla"].points_for, lines["Carla"].points_against) == (4, 12)
        assert [line.name for line in standings.standings(league.id)] == [
            "Anna",
            "Bruno",
            "Carla",
        ]


def test_kept_rows_follow_every_change_like_a_rebuild(app: Flask, league: League) -> None:
    with app.app_context():
        league = db.session.merge(league)
        a, b, c, d, e = players(league, "Anna", "Bruno", "Carla", "Dario", "Elena")
        march, april = datetime(2026, 3, 5, tzinfo=UTC), datetime(2026, 4, 5, tzinfo=UTC)
        first = play(league, [a, b, c, d], [sweep(0, 2)] * 3, march)
        play(league, [a, e, d, b], [sweep(1, 2)] * 3, april)
        before_season = assert_as_rebuilt(league.id)
        assert {row[0] for row in before_season} == {None}

        # A season created after its games gets its rows at once.
        spring = create_season(league, "Marzo", date(2026, 3, 1), date(2026, 3, 31))
        with_season = assert_as_rebuilt(league.id)
        march_rows = {row[1:] for row in with_season if row[0] == spring.id}
        assert {(row[0], row[1]) for row in march_rows} == {
            (a.id, None),
            (b.id, None),
            (c.id, None),
            (d.id, None),
            (a.id, c.id),
            (b.id, d.id),
        }

        # An old hand edited so the other side wins: rows of both periods follow.
        games.edit_hand(first, 1, sweep(1, 2))
        games.edit_hand(first, 2, sweep(1, 2))
        games.edit_hand(first, 3, sweep(1, 2))
        assert assert_as_rebuilt(league.id) != with_season
        anna = standings.player_line(a, spring)
        assert anna is not None
        assert (anna.games, anna.won) == (1, 0)

        # A hand removed: the game has no winner and leaves the standings.
        games.remove_hand(first, 3)
        after = assert_as_rebuilt(league.id)
        assert standings.player_line(c) is None
        assert standings.player_line(c, spring) is None
        assert {row[1] for row in after} == {a.id, b.id, d.id, e.id}


def test_rows_are_one_per_player_and_period(app: Flask, league: League) -> None:
    """The database refuses a second row for the same player, period and partner."""
    with app.app_context():
        league = db.session.merge(league)
        a, b, c, d = players(league, "Anna", "Bruno", "Carla", "Dario")
        play(league, [a, b, c, d], [sweep(0, 2)] * 3, datetime(2026, 3, 1, tzinfo=UTC))
        copy = Standing(
            league_id=league.id,
            season_id=None,
            player_id=a.id,
            partner_id=None,
            **{name: 1 for name in standings.TALLIES},
        )
        db.session.add(copy)
        with pytest.raises(IntegrityError, match=r"(?i)unique"):
            db.session.flush()
        db.session.rollback()


GAME = st.tuples(
    st.sampled_from(["2", "3", "2x2"]),  # the format
    st.permutations(range(6)),  # who sits where (the first 2, 3 or 4 of six players)
    st.integers(0, 2),  # the side that sweeps every hand (modulo the sides)
    st.integers(0, 90),  # days after 1 January 2026
)


@settings(max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(played=st.lists(GAME, min_size=1, max_size=6), edited=st.integers(0, 5))
def test_kept_rows_equal_a_rebuild_whatever_the_games(
    app: Flask, played: list[tuple[str, list[int], int, int]], edited: int
) -> None:
    """Any games, a season made afterwards and an old game turned round: the rows kept
    equal a rebuild, count every seat once and every winning seat once."""
    with app.app_context():
        league = new_league(f"League {db.session.scalar(select(func.count(League.id)))}")
        roster = players(league, *(f"Player {i}" for i in range(6)))
        start = datetime(2026, 1, 1, 20, tzinfo=UTC)
        built = []
        for format_key, order, sweeper, day in played:
            fmt = FORMATS[format_key]
            seated = [roster[i] for i in order[: fmt.players]]
            hands = [sweep(sweeper % fmt.sides, fmt.sides)] * 3
            built.append(play(league, seated, hands, start + timedelta(days=day), format_key))
        create_season(league, "Winter", date(2026, 1, 15), date(2026, 2, 28))
        game = built[edited % len(built)]
        sides = FORMATS[game.format_key].sides
        turned = sweep((game.winner_side + 1) % sides, sides)
        for number in (1, 2, 3):
            games.edit_hand(game, number, turned)

        kept = assert_as_rebuilt(league.id)
        alone = [row for row in kept if row[0] is None and row[2] is None]
        seats = sum(FORMATS[g.format_key].players for g in built)
        winners = sum(FORMATS[g.format_key].players // FORMATS[g.format_key].sides for g in built)
        assert sum(row[3] for row in alone) == seats
        assert sum(row[4] for row in alone) == winners


@pytest.mark.filterwarnings("ignore:.*expression-based index")
def test_the_migration_fills_the_rows_from_stored_results(app: Flask, league: League) -> None:
    """Upgrading a database that already holds results gives the rows the app keeps."""
    with app.app_context():
        league = db.session.merge(league)
        a, b, c, d = players(league, "Anna", "Bruno", "Carla", "Dario")
        play(league, [a, b, c, d], [sweep(0, 2)] * 3, datetime(2026, 3, 5, 12, tzinfo=UTC))
        play(league, [c, a, d, b], [sweep(1, 2)] * 3, datetime(2026, 4, 30, 23, tzinfo=UTC))
        create_season(league, "Aprile", date(2026, 4, 1), date(2026, 4, 30))
        create_season(league, "Maggio", date(2026, 5, 1), date(2026, 5, 31))
        kept, league_id = rows(league.id), league.id
        db.session.close()
        flask_migrate.downgrade(revision="98e49436626f")
        flask_migrate.upgrade()
        assert rows(league_id) == kept
        # All time: 4 players and 4 pairs (partners changed); April: 4 players, 2 pairs.
        assert len(kept) == 4 + 4 + 4 + 2


def test_format_of_pairs_league_seats_partners_opposite() -> None:
    """The tests above rely on seats alternating sides (partners sit opposite)."""
    fmt = FORMATS["2x2"]
    assert [fmt.side_of_seat(i) for i in range(4)] == [0, 1, 0, 1]
