"""The round-robin schedule by the circle method."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournaments.core import Pairing, Round, TournamentError, round_robin


def _tables(rounds: tuple[Round, ...]) -> list[list[tuple[int, int]]]:
    return [[(p.first, p.second) for p in r.pairings] for r in rounds]


def test_four_entrants_by_the_circle_method() -> None:
    # 1 stays put, 2 3 4 turn one seat a round; the first from the start meets the last.
    assert _tables(round_robin([1, 2, 3, 4])) == [
        [(1, 4), (2, 3)],
        [(3, 1), (4, 2)],
        [(1, 2), (3, 4)],
    ]


def test_five_entrants_each_sit_out_once() -> None:
    rounds = round_robin([1, 2, 3, 4, 5])
    assert _tables(rounds) == [
        [(2, 5), (3, 4)],
        [(5, 1), (2, 3)],
        [(1, 4), (5, 3)],
        [(3, 1), (4, 2)],
        [(1, 2), (4, 5)],
    ]
    assert [r.bye for r in rounds] == [1, 4, 2, 5, 3]


def test_tables_are_numbered_from_one() -> None:
    first = round_robin([10, 20, 30, 40, 50, 60])[0]
    assert first.number == 1
    assert first.pairings == (Pairing(1, 10, 60), Pairing(2, 20, 50), Pairing(3, 30, 40))


def test_two_entrants_play_once_and_one_has_nothing_to_play() -> None:
    assert _tables(round_robin([1, 2])) == [[(1, 2)]]
    assert round_robin([1]) == (Round(1, (), 1),)
    assert round_robin([]) == ()


def test_the_round_played_first_keeps_clubs_apart() -> None:
    # 1-2 and 3-4 are of one club each: the round 1-4, 2-3 comes first, as it did.
    # With 1-4 and 2-3 of one club, the schedule starts from its second round.
    assert _tables(round_robin([1, 2, 3, 4], {frozenset({1, 2}), frozenset({3, 4})}))[0] == [
        (1, 4),
        (2, 3),
    ]
    assert _tables(round_robin([1, 2, 3, 4], {frozenset({1, 4}), frozenset({2, 3})})) == [
        [(3, 1), (4, 2)],
        [(1, 4), (2, 3)],
        [(1, 2), (3, 4)],
    ]


def test_an_entrant_named_twice_is_refused() -> None:
    with pytest.raises(TournamentError, match="twice"):
        round_robin([1, 2, 1])


@given(st.integers(2, 24))
def test_everyone_meets_everyone_exactly_once_and_plays_or_rests_each_round(n: int) -> None:
    entrants = list(range(1, n + 1))
    rounds = round_robin(entrants)
    assert len(rounds) == (n if n % 2 else n - 1)
    met = [p.sides for r in rounds for p in r.pairings]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(pair) for pair in itertools.combinations(entrants, 2)), key=sorted
    )
    for r in rounds:
        assert sorted(r.entrants()) == entrants
        assert (r.bye is None) == (n % 2 == 0)
        assert [p.table for p in r.pairings] == list(range(1, n // 2 + 1))
