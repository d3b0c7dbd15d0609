"""Swiss and Danish rounds, and the bye for odd counts."""

import itertools
import random
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournaments.core import (
    Entrant,
    Round,
    TournamentError,
    danish_round,
    same_club_pairs,
    swiss_round,
)


def pairs(r: Round) -> list[tuple[int, int]]:
    return [(p.first, p.second) for p in r.pairings]


def met(*played: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in played}


# ranking, pairs already played, byes had -> pairings, bye. Check on paper: the top
# entrant takes the nearest below it not yet met, if the rest can still do without a rematch.
SWISS = [
    ([1, 2, 3, 4, 5, 6], [], [], [(1, 2), (3, 4), (5, 6)], None),
    ([1, 2, 3, 4], [(1, 2)], [], [(1, 3), (2, 4)], None),
    # 1-2 would leave 3-4, who have met: 1 takes 3 instead.
    ([1, 2, 3, 4], [(3, 4)], [], [(1, 3), (2, 4)], None),
    ([4, 2, 3, 1], [(4, 2), (3, 1), (4, 3)], [], [(4, 1), (2, 3)], None),
    # everyone has met everyone: rematches cannot be helped, the table decides.
    ([1, 2, 3, 4], [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)], [], [(1, 2), (3, 4)], None),
    # the bye: the lowest-ranked without one yet.
    ([1, 2, 3, 4, 5], [], [], [(1, 2), (3, 4)], 5),
    ([1, 2, 3, 4, 5], [], [5], [(1, 2), (3, 5)], 4),
    ([1, 2, 3, 4, 5], [], [1, 2, 3, 4, 5], [(1, 2), (3, 4)], 5),
    # 3's bye would leave 1-2, a rematch: 2 sits out instead.
    ([1, 2, 3], [(1, 2)], [], [(1, 3)], 2),
]


@pytest.mark.parametrize(("ranking", "played", "byes", "expected", "bye"), SWISS)
def test_swiss_pairs_by_place_without_rematches(
    ranking: list[int],
    played: list[tuple[int, int]],
    byes: list[int],
    expected: list[tuple[int, int]],
    bye: int | None,
) -> None:
    r = swiss_round(3, ranking, met(*played), byes)
    assert (r.number, pairs(r), r.bye) == (3, expected, bye)
    assert [p.table for p in r.pairings] == list(range(1, len(expected) + 1))


DANISH = [
    ([1, 2, 3, 4], [], [(1, 2), (3, 4)], None),
    ([3, 1, 4, 2, 5], [], [(3, 1), (4, 2)], 5),
    ([3, 1, 4, 2, 5], [5], [(3, 1), (4, 5)], 2),
]


@pytest.mark.parametrize(("ranking", "byes", "expected", "bye"), DANISH)
def test_danish_first_meets_second(
    ranking: list[int], byes: list[int], expected: list[tuple[int, int]], bye: int | None
) -> None:
    r = danish_round(2, ranking, byes)
    assert (pairs(r), r.bye) == (expected, bye)


def test_danish_allows_rematches() -> None:
    # Danish takes no notice of who met whom: the same table pairs the same way.
    assert pairs(danish_round(5, [1, 2, 3, 4])) == [(1, 2), (3, 4)]


def test_the_first_round_keeps_clubs_apart() -> None:
    entrants = [
        Entrant(1, ("A",), "Asso"),
        Entrant(2, ("B",), "Asso"),
        Entrant(3, ("C",), "Re"),
        Entrant(4, ("D",), "Re"),
        Entrant(5, ("E",), ""),
        Entrant(6, ("F",), ""),
    ]
    assert same_club_pairs(entrants) == met((1, 2), (3, 4))
    r = swiss_round(1, [1, 2, 3, 4, 5, 6], same_club_pairs(entrants))
    assert pairs(r) == [(1, 3), (2, 4), (5, 6)]


def test_an_entrant_ranked_twice_is_refused() -> None:
    with pytest.raises(TournamentError, match="twice"):
        swiss_round(1, [1, 2, 2])
    with pytest.raises(TournamentError, match="twice"):
        danish_round(1, [1, 1])


def perfect_matchings(people: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to pair ``people`` (an even number): the brute force to check against."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for i, other in enumerate(rest):
        for matching in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *matching]


@st.composite
def situations(draw: st.DrawFn) -> tuple[list[int], set[frozenset[int]], set[int]]:
    """A ranking of up to 10, some pairs already played, some byes already had."""
    n = draw(st.integers(1, 10))
    ranking = draw(st.permutations(range(1, n + 1)))
    every_pair = [frozenset(p) for p in itertools.combinations(ranking, 2)]
    played = draw(st.sets(st.sampled_from(every_pair))) if every_pair else set()
    byes = draw(st.sets(st.sampled_from(ranking)))
    return list(ranking), played, byes


@given(situations())
def test_swiss_repeats_a_pairing_only_when_every_pairing_does(
    situation: tuple[list[int], set[frozenset[int]], set[int]],
) -> None:
    """Against brute force: no fewer rematches exist, over every bye the rules allow."""
    ranking, played, byes = situation
    r = swiss_round(1, ranking, played, byes)
    assert sorted(r.entrants()) == sorted(ranking)
    rematches = sum(p.sides in played for p in r.pairings)
    may_sit_out = [e for e in ranking if e not in byes] or ranking
    fewest = min(
        sum(frozenset(pair) in played for pair in matching)
        for bye in (may_sit_out if len(ranking) % 2 else [None])
        for matching in perfect_matchings([e for e in ranking if e != bye])
    )
    assert rematches == fewest
    assert r.bye in (may_sit_out if len(ranking) % 2 else [None])


@given(situations())
def test_danish_pairs_neighbours_down_the_table(
    situation: tuple[list[int], set[frozenset[int]], set[int]],
) -> None:
    ranking, _, byes = situation
    r = danish_round(1, ranking, byes)
    playing = [e for e in ranking if e != r.bye]
    assert pairs(r) == list(zip(playing[::2], playing[1::2], strict=True))
    assert sorted(r.entrants()) == sorted(ranking)


def test_a_club_night_of_128_plays_eleven_swiss_rounds_without_a_rematch() -> None:
    rng = random.Random(13)
    ranking = list(range(1, 129))
    played: set[frozenset[int]] = set()
    for number in range(1, 12):
        rng.shuffle(ranking)  # stands in for the standings after random results
        r = swiss_round(number, ranking, played)
        sides = [p.sides for p in r.pairings]
        assert not played & set(sides)
        assert sorted(r.entrants()) == sorted(ranking)
        played |= set(sides)


def test_a_repeat_free_round_is_found_where_the_nearest_choice_leads_astray() -> None:
    """The top 20 have all met each other: each of them takes one of the bottom 20."""
    ranking = list(range(1, 41))
    # Each of the top 20 has met everyone in the top 20; only the bottom 20 are new to them.
    played = {frozenset(p) for p in itertools.combinations(range(1, 21), 2)}
    r = swiss_round(1, ranking, played)
    assert not played & {p.sides for p in r.pairings}
    assert pairs(r)[0] == (1, 21)
