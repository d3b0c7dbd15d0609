"""League results, standing rows and ratings computed in memory (no app, no database).

Figures a player can check on paper: the hands are written as each side's total,
scope, settebello, primiera point and napola points.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

from scorekeeper.games.services import SeatValues, SideValues
from scorekeeper.leagues.models import Season
from scorekeeper.leagues.standings import MODEL, ResultRow, results_of
from scorekeeper.leagues.standings.ratings import rate_in_order
from scorekeeper.leagues.standings.rows import standing_rows

MARCH = datetime(2026, 3, 1, 20, tzinfo=UTC)


def side(
    i: int, total: int, scope: int = 0, settebello: bool = False, napola: int = 0
) -> SideValues:
    """One side of a hand: `total` points, of which `scope`, a primiera point if 4+."""
    primiera = 1 if total - scope - napola >= 4 else 0
    return SideValues(
        i, 20, 5, settebello, False, napola, scope, None, scope, 0, 0, 0, primiera, 0, napola, total
    )


def seats(*players: int | None) -> list[SeatValues]:
    return [SeatValues(i, i % 2, f"P{i}", player) for i, player in enumerate(players)]


def result(
    game_id: int, player_id: int, side_: int, won: bool, points: int, at: datetime
) -> ResultRow:
    return ResultRow(1, game_id, player_id, at, side_, won, points, 0, 1, 0, 0, 0, 0)


def test_results_sum_each_sides_hands() -> None:
    hands = [
        [side(0, 6, scope=2, settebello=True), side(1, 1)],
        [side(0, 5, napola=3), side(1, 2, scope=1)],
    ]
    rows = results_of(1, 7, MARCH, 0, seats(10, 20, 11, None), hands)
    by_player = {row.player_id: row for row in rows}
    assert sorted(by_player) == [10, 11, 20]  # the seat without a league player has none
    anna, bruno = by_player[10], by_player[20]
    assert (anna.won, anna.points_for, anna.points_against, anna.hands) == (True, 11, 3, 2)
    assert (anna.scope, anna.settebello, anna.primiera, anna.napola) == (2, 1, 1, 1)
    assert (bruno.won, bruno.points_for, bruno.points_against, bruno.scope) == (False, 3, 11, 1)
    assert (anna.mu, anna.sigma) == (MODEL.mu, MODEL.sigma)


def test_points_against_are_the_best_other_sides() -> None:
    three = [SeatValues(i, i, f"P{i}", 10 + i) for i in range(3)]
    rows = results_of(1, 7, MARCH, 0, three, [[side(0, 12), side(1, 8), side(2, 4)]])
    assert [(row.points_for, row.points_against) for row in rows] == [(12, 8), (8, 12), (4, 12)]


def test_a_game_without_a_winner_has_no_results() -> None:
    assert results_of(1, 7, MARCH, None, seats(10, 20), [[side(0, 6), side(1, 5)]]) == []


def test_standing_rows_per_period_player_and_pair() -> None:
    late_january = datetime(2026, 2, 1, 0, 30, tzinfo=timezone(timedelta(hours=2)))  # 22:30 UTC
    results = [
        result(1, 3, 0, True, 11, late_january),
        result(1, 1, 0, True, 11, late_january),
        result(1, 2, 1, False, 7, late_january),
        result(2, 1, 0, False, 5, MARCH),
        result(2, 2, 1, True, 11, MARCH),
    ]
    january = Season(
        id=5, league_id=1, name="Gennaio", starts_on=date(2026, 1, 1), ends_on=date(2026, 1, 31)
    )
    rows = {
        (r["season_id"], r["player_id"], r["partner_id"]): (r["games"], r["won"], r["points_for"])
        for r in standing_rows(1, results, [january])
    }
    assert rows == {
        (None, 1, None): (2, 1, 16),
        (None, 2, None): (2, 1, 18),
        (None, 3, None): (1, 1, 11),
        (None, 1, 3): (1, 1, 11),  # partners once, the lower id first
        (5, 1, None): (1, 1, 11),
        (5, 2, None): (1, 0, 7),
        (5, 3, None): (1, 1, 11),
        (5, 1, 3): (1, 1, 11),
    }


def test_games_are_rated_in_order_from_the_first_rating() -> None:
    first, second = result(1, 1, 0, True, 11, MARCH), result(1, 2, 1, False, 3, MARCH)
    later = [result(2, 1, 0, True, 11, MARCH), result(2, 3, 1, False, 3, MARCH)]
    ratings: dict[int, tuple[float, float]] = {}
    rate_in_order([first, second, *later], ratings, lambda _row: (MODEL.mu, MODEL.sigma))
    assert first.mu > MODEL.mu > second.mu
    assert first.sigma < MODEL.sigma
    # The second game starts from the winner's rating after the first one.
    assert later[0].mu > first.mu
    assert later[0].sigma < first.sigma
    assert later[1].mu < MODEL.mu
    assert later[1].sigma < MODEL.sigma
    assert ratings == {row.player_id: (row.mu, row.sigma) for row in (second, *later)}
