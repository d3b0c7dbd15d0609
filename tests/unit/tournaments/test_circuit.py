"""A circuit's points by placing and its ranking: tables to check on paper."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournaments.core import (
    DEFAULT_TABLE,
    Bracket,
    CircuitRow,
    Placing,
    PointsTable,
    TournamentError,
    circuit_ranking,
    knockout_places,
)

TABLE = PointsTable((10, 6, 4), 1)


def line(row: CircuitRow) -> tuple[object, ...]:
    return (row.rank, row.player, row.points, row.places)


def test_the_default_table_gives_the_best_ten_points_and_everyone_else_one() -> None:
    assert [DEFAULT_TABLE.points(place) for place in (1, 2, 3, 10, 11, 40)] == [25, 18, 15, 1, 1, 1]


def test_three_evenings_add_up_by_player() -> None:
    # Evening 1: Anna & Bruno 1st, Carla & Dario 2nd, Elena & Fabio 3rd.
    # Evening 2: Anna & Carla 1st (pairs change), Bruno & Dario 2nd.
    # Evening 3: Elena & Fabio 1st, Anna & Bruno 2nd, Carla & Dario 3rd, Gina & Ivo 4th.
    # With 10-6-4 and 1 for taking part:
    #   Anna 10 + 10 + 6 = 26; Carla 6 + 10 + 4 = 20; Bruno 10 + 6 + 6 = 22;
    #   Dario 6 + 6 + 4 = 16; Elena 4 + 0 + 10 = 14; Fabio the same; Gina and Ivo 1.
    evenings = [
        [
            Placing(1, ("Anna", "Bruno")),
            Placing(2, ("Carla", "Dario")),
            Placing(3, ("Elena", "Fabio")),
        ],
        [Placing(1, ("anna", "Carla")), Placing(2, ("Bruno", " Dario "))],
        [
            Placing(1, ("Elena", "Fabio")),
            Placing(2, ("Anna", "Bruno")),
            Placing(3, ("Carla", "Dario")),
            Placing(4, ("Gina", "Ivo")),
        ],
    ]
    ranking = circuit_ranking(evenings, TABLE)
    assert [line(row) for row in ranking] == [
        (1, "Anna", 26, (1, 1, 2)),
        (2, "Bruno", 22, (1, 2, 2)),
        (3, "Carla", 20, (2, 1, 3)),
        (4, "Dario", 16, (2, 2, 3)),
        (5, "Elena", 14, (3, None, 1)),
        (5, "Fabio", 14, (3, None, 1)),
        (7, "Gina", 1, (None, None, 4)),
        (7, "Ivo", 1, (None, None, 4)),
    ]
    assert ranking[0].played == 3
    assert ranking[0].wins == 2


def test_level_on_points_more_wins_rank_higher() -> None:
    # 10-7-4: Anna won once and was third once (10 + 4 = 14), Bruno was second twice
    # (7 + 7 = 14). Level on points, Anna's win puts her above.
    table = PointsTable((10, 7, 4))
    evenings = [
        [Placing(1, ("Anna",)), Placing(2, ("Bruno",))],
        [Placing(2, ("Bruno",)), Placing(3, ("Anna",))],
    ]
    ranking = circuit_ranking(evenings, table)
    assert [line(row) for row in ranking] == [(1, "Anna", 14, (1, 3)), (2, "Bruno", 14, (2, 2))]


def test_only_the_best_results_count_when_the_organiser_says_so() -> None:
    # Anna: 1st, 3rd, 2nd -> 10, 4, 6; with the best two counting: 16 (the 3rd place dropped).
    evenings = [[Placing(1, ("Anna",))], [Placing(3, ("Anna",))], [Placing(2, ("Anna",))]]
    (row,) = circuit_ranking(evenings, TABLE, best_of=2)
    assert row.points == 16
    assert row.counted == (True, False, True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a list"),
        ("10 x", "not a list"),
        ("5 10", "more than the one above"),
        ("-1", "not a list"),
        ("²", "not a list"),
        ("9" * 5000, "not a list"),
        ("10000", "not a list"),
    ],
)
def test_a_bad_table_is_refused(text: str, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        PointsTable.parse(text)


def test_a_table_is_typed_with_spaces_commas_or_semicolons() -> None:
    assert PointsTable.parse("25, 18;15 12").by_place == (25, 18, 15, 12)


def test_knockout_places_share_the_semifinal_losers_third() -> None:
    # Four sides: 1 beats 4, 2 beats 3, then 1 beats 2 in the final. 3 and 4 share third.
    bracket = Bracket((1, 4, 2, 3)).record(1, 0, 1).record(1, 1, 2).record(2, 0, 1)
    assert knockout_places(bracket) == [(1, 1), (2, 2), (3, 3), (3, 4)]


def test_knockout_places_with_a_third_place_match_and_quarterfinals() -> None:
    # Eight sides, 1..8 by lines; the lower line wins each match; 7 beats 3 for third.
    bracket = Bracket((1, 2, 3, 4, 5, 6, 7, 8), third_place=True)
    for index, winner in enumerate((1, 3, 5, 7)):
        bracket = bracket.record(1, index, winner)
    bracket = bracket.record(2, 0, 1).record(2, 1, 5).record_third(7).record(3, 0, 1)
    assert knockout_places(bracket) == [
        (1, 1),
        (2, 5),
        (3, 7),
        (4, 3),
        (5, 2),
        (5, 4),
        (5, 6),
        (5, 8),
    ]


@given(
    st.lists(
        st.lists(st.sampled_from(["Anna", "Bruno", "Carla", "Dario", "Elena"]), max_size=5),
        min_size=1,
        max_size=4,
    ),
    st.randoms(use_true_random=False),
)
def test_the_ranking_adds_every_players_points_whatever_the_order(
    evenings: list[list[str]], rng: random.Random
) -> None:
    """Each evening places its (distinct) players 1st, 2nd, ...: every player's points are
    the sum of their places' points, the ranking is best first, and the placings listed
    in another order give the same ranking."""
    placed = [
        [Placing(place, (name,)) for place, name in enumerate(dict.fromkeys(names), start=1)]
        for names in evenings
    ]
    ranking = circuit_ranking(placed, TABLE)
    expected: dict[str, int] = {}
    for placings in placed:
        for placing in placings:
            name = placing.players[0]
            expected[name] = expected.get(name, 0) + TABLE.points(placing.place)
    assert {row.player: row.points for row in ranking} == expected
    assert [row.points for row in ranking] == sorted(expected.values(), reverse=True)
    shuffled = [rng.sample(placings, len(placings)) for placings in placed]
    assert circuit_ranking(shuffled, TABLE) == ranking
