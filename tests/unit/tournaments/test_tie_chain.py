"""The tie chain's steps added for the Italian regolamenti (partite won, points against),
and the chain starting again for the sides a step leaves level: tables to check on paper."""

from scorekeeper.tournaments.core import ITALIAN, Result, Standing, TieBreak, standings


def reasons(table: tuple[Standing, ...]) -> list[tuple[str, tuple[int | str, ...], bool] | None]:
    return [
        None
        if row.ahead is None
        else (row.ahead.code, tuple(v for _, v in row.ahead.params), row.ahead.restarted)
        for row in table
    ]


def test_the_italian_chain_has_every_step_once_the_drawn_card_last() -> None:
    assert sorted(step.value for step in ITALIAN) == sorted(step.value for step in TieBreak)
    assert ITALIAN[-1] is TieBreak.DRAWN_CARD
    assert ITALIAN.index(TieBreak.PARTITE_WON) < ITALIAN.index(TieBreak.POINT_DIFFERENCE)


def test_partite_won_split_three_sides_and_the_chain_restarts_for_the_two_still_level() -> None:
    # Best of 3, a circle: 1 beat 2 2-0, 2 beat 3 2-1, 3 beat 1 2-1. Three points each, and
    # three among them (classifica avulsa): nothing parts them yet.
    # Partite won: 1 took 2 + 1 = 3, 2 took 0 + 2 = 2, 3 took 1 + 2 = 3: 2 is third.
    # 1 and 3 are still level: the chain starts again for them, and head-to-head (3 beat 1)
    # puts 3 first.
    results = [
        Result(1, 2, (42, 20), 1, (2, 0)),
        Result(2, 3, (50, 45), 2, (2, 1)),
        Result(3, 1, (48, 40), 3, (2, 1)),
    ]
    table = standings([1, 2, 3], results)
    assert [row.entrant for row in table] == [3, 1, 2]
    assert [row.partite_won for row in table] == [3, 3, 2]
    assert reasons(table) == [
        ("head_to_head", (3, 0), True),
        ("partite_won", (3, 2), False),
        None,
    ]


def test_a_match_of_one_partita_gives_its_winner_one_partita() -> None:
    table = standings([1, 2], [Result(1, 2, (11, 7), 1)])
    assert [(row.entrant, row.partite_won) for row in table] == [(1, 1), (2, 0)]


def test_points_against_fewer_is_better() -> None:
    # 1 beat 3 11-4 and 2 beat 4 11-9: 1 and 2 on 3 points, never met. 1 conceded 4 and
    # 2 conceded 9, so 1 is above 2. 3 and 4 both conceded 11: with this chain alone,
    # nothing parts them and they share third place.
    results = [Result(1, 3, (11, 4), 1), Result(2, 4, (11, 9), 2)]
    table = standings([1, 2, 3, 4], results, order=[TieBreak.POINTS_AGAINST])
    assert [row.entrant for row in table] == [1, 2, 3, 4]
    assert [row.rank for row in table] == [1, 2, 3, 3]
    assert reasons(table) == [("points_against", (4, 9), False), None, None, None]


def test_after_difference_and_points_for_points_against_separates_no_one() -> None:
    # 1 beat 3 11-5 and 2 beat 4 11-5: the same difference, scored, and conceded. The
    # default chain passes over every step to the drawn card.
    results = [Result(1, 3, (11, 5), 1), Result(2, 4, (11, 5), 2)]
    table = standings([1, 2, 3, 4], results, seed=7)
    assert table[0].ahead is not None
    assert table[0].ahead.code == "drawn_card"
