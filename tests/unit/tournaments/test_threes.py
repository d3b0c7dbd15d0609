"""The 3-player format: tables of three, byes for the one or two left over, its
round-robin and Swiss rounds, 3-1-0 points and its table; no knockout."""

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournaments.core import (
    NO_KNOCKOUT,
    ThreePoints,
    ThreeResult,
    ThreeResultError,
    ThreeRound,
    TournamentError,
    check_three_stages,
    most_rounds,
    three_round,
    three_round_robin,
    three_standings,
    three_winner,
)


def _tables(round_: ThreeRound) -> list[tuple[int, ...]]:
    return [table.seats for table in round_.tables]


def test_three_entrants_play_one_table() -> None:
    (only,) = three_round_robin([1, 2, 3])
    assert _tables(only) == [(1, 2, 3)]
    assert only.byes == ()
    assert only.tables[0].table == 1


def test_four_entrants_each_table_leaves_one_out_until_all_have_met() -> None:
    # 1 has the most pairs still to meet, so sits out first; then 2, then 3: after three
    # rounds every two of the four have shared a table (6 pairs, 3 a table).
    rounds = three_round_robin([1, 2, 3, 4])
    assert [(_tables(r), r.byes) for r in rounds] == [
        ([(2, 3, 4)], (1,)),
        ([(1, 3, 4)], (2,)),
        ([(1, 2, 4)], (3,)),
    ]


def test_six_entrants_play_two_tables_a_round_until_all_have_met() -> None:
    # Round 1 from the top; then each table starts from a pair still to meet (1-4, 1-5,
    # 1-6 in turn) with the third who meets most of the table anew.
    rounds = three_round_robin([1, 2, 3, 4, 5, 6])
    assert [_tables(r) for r in rounds] == [
        [(1, 2, 3), (4, 5, 6)],
        [(1, 4, 2), (3, 5, 6)],
        [(1, 5, 2), (3, 4, 6)],
        [(1, 6, 2), (3, 4, 5)],
    ]


def test_fewer_than_three_or_a_name_twice_are_refused() -> None:
    for entrants in ([1, 2], [1, 1, 2, 3]):
        with pytest.raises(TournamentError):
            three_round_robin(entrants)
        with pytest.raises(TournamentError):
            three_round(1, entrants)


def test_a_swiss_round_gives_the_byes_to_the_lowest_ranked_without_one() -> None:
    # Seven: one bye. 7 had one already, so 6 sits out; tables from the top.
    round_ = three_round(3, [1, 2, 3, 4, 5, 6, 7], had_bye={7})
    assert _tables(round_) == [(1, 2, 3), (4, 5, 7)]
    assert round_.byes == (6,)
    # Eight: two byes, the two lowest.
    assert three_round(1, list(range(1, 9))).byes == (7, 8)


def test_a_swiss_round_avoids_the_meetings_of_the_round_before() -> None:
    # Round 1 sat 1-2-3, 4-5-6, 7-8-9; ranked 1 4 7 2 5 8 3 6 9 after it, round 2 sits
    # 1-4-7, 2-5-8, 3-6-9: no two meet again.
    first = three_round(1, list(range(1, 10)))
    met = {pair for table in first.tables for pair in table.pairs}
    second = three_round(2, [1, 4, 7, 2, 5, 8, 3, 6, 9], met)
    assert _tables(second) == [(1, 4, 7), (2, 5, 8), (3, 6, 9)]
    # With no way round it, the top table takes the fewest repeats: 1 has met 2 and 3.
    again = three_round(2, [1, 2, 3, 4, 5, 6], {frozenset({1, 2}), frozenset({1, 3})})
    assert _tables(again)[0] == (1, 4, 5)


def test_places_winner_first_then_by_game_points_level_sides_share_second() -> None:
    assert ThreeResult((1, 2, 3), (11, 4, 7), winner=1).places() == {1: 1, 3: 2, 2: 3}
    assert ThreeResult((1, 2, 3), (6, 12, 6), winner=2).places() == {2: 1, 1: 2, 3: 2}
    with pytest.raises(TournamentError):
        ThreeResult((1, 2, 3), (11, 4, 7), winner=4)
    with pytest.raises(TournamentError):
        ThreeResult((1, 1, 3), (11, 4, 7), winner=1)


def test_the_table_by_match_points_then_wins_then_game_points() -> None:
    # Four entrants, 3-1-0, a bye 3. On paper:
    #   table 1-2-3, 11 4 7, 1 wins:   1: 3 (11)   3: 1 (7)   2: 0 (4)      4: bye 3
    #   table 2-3-4, 5 11 5, 3 wins:   3: 3 (11)   2: 1 (5)   4: 1 (5)      1: bye 3
    # Totals: 1: 6 pts (1 win, 11); 3: 4 pts (1 win, 18); 4: 4 pts (0 wins, 5);
    #         2: 1 pt (0 wins, 9).  3 and 4 level on points: 3 has a win.
    results = [
        ThreeResult((1, 2, 3), (11, 4, 7), winner=1),
        ThreeResult((2, 3, 4), (5, 11, 5), winner=3),
    ]
    table = three_standings([1, 2, 3, 4], results, byes=[4, 1])
    assert [(s.rank, s.entrant, s.points, s.firsts, s.points_for) for s in table] == [
        (1, 1, 6, 1, 11),
        (2, 3, 4, 1, 18),
        (3, 4, 4, 0, 5),
        (4, 2, 1, 0, 9),
    ]
    assert (table[3].played, table[3].seconds, table[3].thirds, table[3].byes) == (2, 1, 1, 0)
    # Other points: 5-2-0, bye 2: 1 and 3 level on 7 points and a win each, 3 ahead on
    # game points (18 to 11).
    other = three_standings([1, 2, 3, 4], results, ThreePoints(5, 2, 0, 2), byes=[4, 1])
    assert [(s.entrant, s.points) for s in other] == [(3, 7), (1, 7), (4, 4), (2, 2)]


def test_points_must_not_grow_from_first_to_third() -> None:
    with pytest.raises(TournamentError):
        ThreePoints(1, 3, 0)
    with pytest.raises(TournamentError):
        ThreePoints(3, 1, 0, bye=-1)


def test_a_knockout_stage_is_refused_with_its_reason() -> None:
    check_three_stages(has_knockout=False)
    with pytest.raises(TournamentError, match="no knockout stage"):
        check_three_stages(has_knockout=True)
    assert "round-robin groups or Swiss rounds" in NO_KNOCKOUT


def _seated_once(round_: ThreeRound, entrants: list[int]) -> None:
    """Every entrant once in the round, at a table of three or with one of len % 3 byes."""
    assert sorted(round_.entrants()) == sorted(entrants)
    assert len(round_.byes) == len(entrants) % 3
    assert all(len(set(table.seats)) == 3 for table in round_.tables)
    assert [table.table for table in round_.tables] == list(range(1, len(round_.tables) + 1))


@given(st.integers(min_value=3, max_value=18))
def test_a_round_robin_seats_everyone_once_a_round_until_every_two_have_met(count: int) -> None:
    entrants = list(range(1, count + 1))
    rounds = three_round_robin(entrants)
    for round_ in rounds:
        _seated_once(round_, entrants)
    met = {pair for round_ in rounds for table in round_.tables for pair in table.pairs}
    assert met == {frozenset(pair) for pair in combinations(entrants, 2)}
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))


@given(
    st.lists(st.integers(min_value=1, max_value=60), min_size=3, max_size=40, unique=True),
    st.data(),
)
def test_a_swiss_round_seats_everyone_once_or_gives_a_bye(
    ranking: list[int], data: st.DataObject
) -> None:
    had_bye = data.draw(st.sets(st.sampled_from(ranking)))
    met = data.draw(st.sets(st.sampled_from([frozenset(p) for p in combinations(ranking[:8], 2)])))
    round_ = three_round(1, ranking, met, had_bye)
    _seated_once(round_, ranking)
    # A second bye only for those who had one when too few had none.
    without = len(set(ranking) - had_bye)
    assert len(set(round_.byes) & had_bye) == max(0, len(round_.byes) - without)


@pytest.mark.parametrize(
    ("count", "rounds"),
    # count * (count - 1) / 2 pairs, three a table, count // 3 tables a round
    [(2, 0), (3, 1), (4, 2), (5, 3), (6, 2), (7, 3), (8, 4), (9, 4), (12, 5), (15, 7)],
)
def test_the_most_rounds_before_a_rematch_is_certain(count: int, rounds: int) -> None:
    assert most_rounds(count) == rounds


@given(st.integers(min_value=3, max_value=18))
def test_a_round_past_the_most_seats_a_pair_again(count: int) -> None:
    """However the rounds are drawn, one more than `most_rounds` repeats a meeting: the
    Swiss rounds, each avoiding the meetings before it as best it can, show it."""
    ranking = list(range(1, count + 1))
    met: set[frozenset[int]] = set()
    repeated = False
    for number in range(1, most_rounds(count) + 2):
        round_ = three_round(number, ranking, met)
        for seats in _tables(round_):
            pairs = {frozenset(pair) for pair in combinations(seats, 2)}
            repeated = repeated or bool(pairs & met)
            met |= pairs
    assert repeated


def test_a_table_of_three_is_won_by_its_one_partita_and_the_most_points() -> None:
    assert three_winner((0, 1, 0), (7, 11, 9)) == 1
    for wins, field in [((1, 1, 0), "wins"), ((0, 0, 0), "wins"), ((2, 0, 0), "wins")]:
        with pytest.raises(ThreeResultError) as refused:
            three_winner(wins, (11, 3, 2))
        assert refused.value.field == field
    for points in [(11, 11, 2), (9, 11, 2)]:  # level with the winner, or ahead of it
        with pytest.raises(ThreeResultError) as refused:
            three_winner((1, 0, 0), points)
        assert refused.value.field == "points"
