"""Standings: points per match, the tie-break chain, and the reason of each decided tie."""

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring import Card
from scorekeeper.tournaments.core import (
    ITALIAN,
    MatchLength,
    Points,
    Reason,
    Result,
    Standing,
    TieBreak,
    TournamentError,
    standings,
)


def won(winner: int, loser: int, points: tuple[int, int] = (11, 5)) -> Result:
    """``winner`` beat ``loser``, the game points in that order."""
    return Result(winner, loser, points, winner)


def drawn(first: int, second: int, points: tuple[int, int]) -> Result:
    return Result(first, second, points, None)


def order_of(table: tuple[Standing, ...]) -> list[int]:
    return [row.entrant for row in table]


def reasons(table: tuple[Standing, ...]) -> list[tuple[str, tuple[int | str, ...]] | None]:
    return [
        None if row.ahead is None else (row.ahead.code, tuple(v for _, v in row.ahead.params))
        for row in table
    ]


def test_points_decide_first() -> None:
    table = standings([1, 2, 3], [won(1, 2), won(1, 3), won(2, 3), drawn(3, 1, (9, 9))])
    assert table == (
        Standing(
            1,
            1,
            played=3,
            won=2,
            drawn=1,
            points=7,
            points_for=31,
            points_against=19,
            partite_won=2,
        ),
        Standing(
            2, 2, played=2, won=1, lost=1, points=3, points_for=16, points_against=16, partite_won=1
        ),
        Standing(3, 3, played=3, lost=2, drawn=1, points=1, points_for=19, points_against=31),
    )
    assert reasons(table) == [None, None, None]


def test_head_to_head_comes_before_the_point_difference() -> None:
    #      1      2      3      4     points  for-against
    #  1   .      11-10  0-11   11-10   6      22-31
    #  2   10-11  .      11-0   11-0    6      32-11
    #  3   11-0   0-11   .      10-11   3      21-22
    #  4   10-11  0-11   11-10  .       3      21-32
    # 1 above 2 and 4 above 3 on head-to-head, whatever their point difference.
    results = [
        won(1, 2, (11, 10)),
        won(3, 1, (11, 0)),
        won(1, 4, (11, 10)),
        won(2, 3, (11, 0)),
        won(2, 4, (11, 0)),
        won(4, 3, (11, 10)),
    ]
    table = standings([1, 2, 3, 4], results)
    assert [row.difference for row in table] == [-9, 21, -11, -1]
    assert order_of(table) == [1, 2, 4, 3]
    assert reasons(table) == [("head_to_head", (3, 0)), None, ("head_to_head", (3, 0)), None]


def test_the_classifica_avulsa_is_applied_again_to_the_sides_still_tied() -> None:
    # 1, 2, 3 and 4 all end on 6 points. Among the four alone (the classifica avulsa):
    #   1 beat 2 and 4 -> 6    4 beat 2 and 3 -> 6    2 beat 3 -> 3    3 beat 1 -> 3
    # so 1 and 4 are above 2 and 3; then each pair by head-to-head: 1 beat 4, 2 beat 3.
    # 5 and 6 (0 points, never met) are parted by point difference: -3 against -8.
    results = [
        won(1, 2),
        won(3, 1),
        won(1, 4),
        won(2, 3),
        won(4, 2),
        won(4, 3),
        won(2, 5, (11, 3)),
        won(3, 6, (11, 8)),
    ]
    table = standings(range(1, 7), results)
    assert [row.points for row in table] == [6, 6, 6, 6, 0, 0]
    assert order_of(table) == [1, 4, 2, 3, 6, 5]
    assert reasons(table) == [
        ("head_to_head", (3, 0)),
        ("classifica_avulsa", (6, 3)),
        ("head_to_head", (3, 0)),
        None,
        ("point_difference", (-3, -8)),
        None,
    ]
    assert [row.rank for row in table] == [1, 2, 3, 4, 5, 6]


def test_a_three_way_circle_goes_to_the_point_difference() -> None:
    # 1 beat 2 11-9, 2 beat 3 11-2, 3 beat 1 11-7: 3 points each, among them and overall.
    # Differences: 1 scored 18 and conceded 20 (-2), 2 20 and 13 (+7), 3 13 and 18 (-5).
    results = [won(1, 2, (11, 9)), won(2, 3, (11, 2)), won(3, 1, (11, 7))]
    table = standings([1, 2, 3], results)
    assert [row.difference for row in table] == [7, -2, -5]
    assert order_of(table) == [2, 1, 3]
    assert reasons(table) == [("point_difference", (7, -2)), ("point_difference", (-2, -5)), None]


def test_points_for_when_the_difference_is_level() -> None:
    # A drawn best-of-2 between 1 and 2; both beat 3 by 6 points, 2 with more points.
    results = [drawn(1, 2, (20, 20)), won(1, 3, (11, 5)), won(2, 3, (15, 9))]
    table = standings([1, 2, 3], results)
    assert order_of(table) == [2, 1, 3]
    assert reasons(table)[0] == ("points_for", (35, 31))


def test_the_drawn_card_settles_what_nothing_else_does() -> None:
    # 1 and 2 never met and won alike; so did 3 and 4 lose alike.
    results = [won(1, 3), won(2, 4)]
    table = standings([1, 2, 3, 4], results, seed=2026)
    assert table == standings([1, 2, 3, 4], results, seed=2026)
    for row in (table[0], table[2]):
        assert row.ahead is not None
        assert row.ahead.code == "drawn_card"
        value, other = (Card.parse(str(card)) for _, card in row.ahead.params)
        assert (value.value, -value.suit.index) > (other.value, -other.suit.index)
    orders = {tuple(order_of(standings([1, 2, 3, 4], results, seed=s))) for s in range(20)}
    assert len(orders) > 1  # the seed decides


def test_more_sides_than_cards_tied_still_draw_a_card_each() -> None:
    # 64 pairs before any result (the table of all groups): 64 cards from two decks.
    table = standings(range(1, 65), [], seed=13)
    assert sorted(order_of(table)) == list(range(1, 65))
    assert [row.rank for row in table] == list(range(1, 65))
    assert all(row.ahead is not None for row in table[:-1])
    assert table == standings(range(1, 65), [], seed=13)


def test_without_the_drawn_card_a_tie_shares_a_rank() -> None:
    order = [TieBreak.HEAD_TO_HEAD, TieBreak.POINT_DIFFERENCE]
    table = standings([1, 2, 3], [won(1, 3), won(2, 3)], order=order)
    assert [(row.rank, row.entrant) for row in table] == [(1, 1), (1, 2), (3, 3)]
    assert reasons(table) == [None, None, None]


def test_the_order_of_the_chain_is_the_organisers() -> None:
    # 1 beat 2 11-10, 2 beat 3 21-11, 3 beat 1 11-9: a circle, 3 points each.
    # For-against: 1 20-21 (-1), 2 31-22 (+9), 3 22-30 (-8). By difference 2 1 3,
    # by points for 2 3 1.
    results = [won(1, 2, (11, 10)), won(2, 3, (21, 11)), won(3, 1, (11, 9))]
    italian = standings([1, 2, 3], results)
    by_points = standings([1, 2, 3], results, order=[TieBreak.POINTS_FOR, *ITALIAN])
    assert order_of(italian) == [2, 1, 3]
    assert order_of(by_points) == [2, 3, 1]
    assert by_points[0].ahead == Reason("points_for", (("value", 31), ("other", 22)))


def test_points_per_match_and_byes_are_the_tournaments() -> None:
    table = standings(
        [1, 2, 3],
        [won(1, 2), drawn(2, 3, (5, 5))],
        points=Points(win=2, draw=1, loss=0, bye=1),
        byes=[3],
    )
    assert [(row.entrant, row.points) for row in table] == [(1, 2), (3, 2), (2, 1)]


def test_a_match_played_out_gives_its_result() -> None:
    best_of_three = MatchLength(3)
    assert Result.of(4, 7, best_of_three.score([1, 0, 1]), (29, 30)) == Result(
        4, 7, (29, 30), 7, (1, 2)
    )
    assert Result.of(4, 7, MatchLength(2).score([1, 0]), (20, 20)).winner is None
    with pytest.raises(TournamentError, match="not over"):
        Result.of(4, 7, best_of_three.score([1, 0]), (20, 20))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Result(1, 1, (11, 0), 1), "cannot play itself"),
        (lambda: Result(1, 2, (11, 0), 3), "did not play"),
        (lambda: Result(1, 2, (-1, 11), 2), "not game points"),
        (lambda: standings([1, 2], [won(1, 3)]), "not an entrant"),
        (lambda: standings([1, 2], [], byes=[4]), "not an entrant"),
    ],
)
def test_bad_results_are_refused(make: object, message: str) -> None:
    assert callable(make)
    with pytest.raises(TournamentError, match=message):
        make()


@st.composite
def round_robins(draw: st.DrawFn) -> tuple[list[int], list[Result]]:
    """A round-robin of up to 7 sides, each match won, lost or drawn with few game points.

    Few points and many draws make ties at every step of the chain.
    """
    entrants = list(range(1, draw(st.integers(1, 7)) + 1))
    results = []
    for first, second in itertools.combinations(entrants, 2):
        outcome = draw(st.sampled_from([first, second, None]))
        points = (draw(st.integers(0, 3)), draw(st.integers(0, 3)))
        results.append(Result(first, second, points, outcome))
    return entrants, results


@given(round_robins(), st.integers(0, 2**16), st.randoms(use_true_random=False))
def test_the_italian_chain_is_a_total_order_whatever_order_the_results_come_in(
    tournament: tuple[list[int], list[Result]], seed: int, rng: random.Random
) -> None:
    entrants, results = tournament
    table = standings(entrants, results, seed=seed)
    shuffled = results.copy()
    rng.shuffle(shuffled)
    again = standings(list(reversed(entrants)), shuffled, seed=seed)
    assert [(r, r.ahead) for r in again] == [(r, r.ahead) for r in table]
    assert [row.rank for row in table] == list(range(1, len(entrants) + 1))
    assert sorted(order_of(table)) == entrants
    for row, below in itertools.pairwise(table):
        assert row.points >= below.points
        # A reason exactly where the points are level, and only there.
        assert (row.ahead is not None) == (row.points == below.points)
    assert table[-1].ahead is None
    assert sum(row.won for row in table) == sum(row.lost for row in table)
    assert sum(row.points_for for row in table) == sum(row.points_against for row in table)
