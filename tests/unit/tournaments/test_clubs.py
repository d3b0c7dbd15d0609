"""Club against club: the clubs' round-robin, every pair against a pair, team standings."""

import itertools
from collections import Counter

import pytest

from scorekeeper.tournaments.core import (
    ClubResult,
    TournamentError,
    check_clubs,
    club_round,
    club_standings,
    most_club_rounds,
)

TWO = {"Circolo": (1, 2), "Bar Sport": (3, 4)}
THREE = {"A": (1, 2, 3), "B": (4, 5, 6), "C": (7, 8, 9)}


def pairs(number: int, clubs: dict[str, tuple[int, ...]]) -> list[tuple[int, int]]:
    return [(p.first, p.second) for p in club_round(number, clubs).pairings]


def test_two_clubs_of_two_pairs_play_each_pair_against_each() -> None:
    assert pairs(1, TWO) == [(1, 3), (2, 4)]
    assert pairs(2, TWO) == [(1, 4), (2, 3)]
    assert most_club_rounds([2, 2]) == 2
    # Past that the meetings start again.
    assert pairs(3, TWO) == pairs(1, TWO)


def test_an_odd_number_of_clubs_rests_one_club_a_round() -> None:
    seen: Counter[frozenset[int]] = Counter()
    rested = []
    for number in range(1, most_club_rounds([3, 3, 3]) + 1):
        made = club_round(number, THREE)
        rested.append(made.byes)
        assert len(made.pairings) == 3
        for p in made.pairings:
            club = {c for c, members in THREE.items() if p.first in members}
            assert p.second not in THREE[club.pop()]
            seen[frozenset((p.first, p.second))] += 1
    # Every pair met every pair of the other clubs exactly once, each club rested 3 times.
    others = {
        frozenset(p)
        for a, b in itertools.combinations(THREE.values(), 2)
        for p in itertools.product(a, b)
    }
    assert set(seen) == others
    assert set(seen.values()) == {1}
    assert Counter(byes for byes in rested) == {THREE[c]: 3 for c in THREE}


@pytest.mark.parametrize(
    ("clubs", "message"),
    [
        ({"A": (1, 2)}, "two clubs"),
        ({"A": (1,), "B": (2,)}, "two pairs or more"),
    ],
)
def test_uneven_clubs_are_refused(clubs: dict[str, tuple[int, ...]], message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        check_clubs(clubs)


def test_a_smaller_club_s_pairs_meet_the_bigger_s_in_turn_the_others_rest() -> None:
    clubs = {"Circolo": (1, 2), "Bar Sport": (3, 4, 5)}
    assert most_club_rounds([2, 3]) == 3
    seen: Counter[frozenset[int]] = Counter()
    rested: Counter[int] = Counter()
    for number in range(1, 4):
        made = club_round(number, clubs)
        assert [p.table for p in made.pairings] == [1, 2]
        assert {p.first for p in made.pairings} == {1, 2}  # the smaller club's pairs all play
        assert len(made.byes) == 1
        rested.update(made.byes)
        seen.update(frozenset((p.first, p.second)) for p in made.pairings)
    # Each pair of the smaller club met each pair of the bigger once; each extra pair
    # of the bigger club rested once.
    assert set(seen) == {frozenset(p) for p in itertools.product((1, 2), (3, 4, 5))}
    assert set(seen.values()) == {1}
    assert rested == {3: 1, 4: 1, 5: 1}
    # A bigger club listed first keeps its pair first at the table.
    swapped = club_round(1, {"Bar Sport": (3, 4, 5), "Circolo": (1, 2)})
    assert [(p.first, p.second) for p in swapped.pairings] == [(3, 1), (4, 2)]
    assert swapped.byes == (5,)


def test_three_clubs_of_different_sizes_rest_and_meet_until_a_repeat() -> None:
    clubs = {"A": (1, 2), "B": (3, 4, 5), "C": (6, 7, 8, 9)}
    # A and B meet again after 3 meetings: 3 schedule cycles of 3 rounds.
    assert most_club_rounds([2, 3, 4]) == 9
    seen: Counter[frozenset[int]] = Counter()
    for number in range(1, 10):
        made = club_round(number, clubs)
        seated = [x for p in made.pairings for x in (p.first, p.second)]
        assert sorted(seated + list(made.byes)) == list(range(1, 10))
        seen.update(frozenset((p.first, p.second)) for p in made.pairings)
    assert set(seen.values()) == {1}


def test_byes_are_counted_apart_in_the_team_standings() -> None:
    clubs = {"Circolo": (1, 2), "Bar Sport": (3, 4, 5)}
    table = club_standings(clubs, [ClubResult(1, 3, (1, 0), (11, 4), 1)], byes=[5, 4])
    assert [(r.club, r.won, r.played, r.byes) for r in table] == [
        ("Circolo", 1, 1, 0),
        ("Bar Sport", 0, 1, 2),
    ]
    with pytest.raises(TournamentError, match="no club"):
        club_standings(clubs, [], byes=[9])


def test_round_zero_is_refused() -> None:
    with pytest.raises(TournamentError, match="not a round"):
        club_round(0, TWO)


def test_team_standings_count_matches_then_partite_then_points() -> None:
    results = [
        ClubResult(1, 3, (2, 1), (40, 35), 1),
        ClubResult(2, 4, (0, 2), (10, 22), 4),
        ClubResult(1, 4, (2, 0), (22, 5), 1),
        ClubResult(2, 3, (1, 2), (30, 31), 3),
    ]
    table = club_standings(TWO, results)
    # Two matches won each; partite 5 to 5; points 102 to 93: Circolo first.
    assert [(r.rank, r.club, r.won, r.partite, r.points_for) for r in table] == [
        (1, "Circolo", 2, 5, 102),
        (2, "Bar Sport", 2, 5, 93),
    ]
    assert table[0].points_against == 93


def test_clubs_level_on_everything_share_a_rank() -> None:
    table = club_standings(TWO, [ClubResult(1, 3, (1, 1), (20, 20), None)])
    assert [(r.rank, r.club, r.drawn) for r in table] == [(1, "Bar Sport", 1), (1, "Circolo", 1)]


def test_a_result_of_a_pair_of_no_club_is_refused() -> None:
    with pytest.raises(TournamentError, match="no club"):
        club_standings(TWO, [ClubResult(1, 9, (1, 0), (11, 0), 1)])
