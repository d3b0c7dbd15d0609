"""The knockout bracket: seeding, byes, results filling in, one champion."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournaments.core import Bracket, KnockoutMatch, TournamentError, seeding_order


@pytest.mark.parametrize(
    ("lines", "order"),
    [
        (2, (1, 2)),
        (4, (1, 4, 2, 3)),
        (8, (1, 8, 4, 5, 2, 7, 3, 6)),
        (16, (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)),
    ],
)
def test_seeds_meet_as_late_as_their_seeding_says(lines: int, order: tuple[int, ...]) -> None:
    assert seeding_order(lines) == order


def test_six_entrants_give_byes_to_the_top_two() -> None:
    bracket = Bracket.seeded([11, 12, 13, 14, 15, 16])
    assert bracket.lines == (11, None, 14, 15, 12, None, 13, 16)
    first_round = bracket.matches()[:4]
    assert [(m.is_bye, m.winner) for m in first_round] == [
        (True, 11),
        (False, None),
        (True, 12),
        (False, None),
    ]
    # Seed 1 waits in round 2 for the winner of 4 against 5.
    assert bracket.match(2, 0) == KnockoutMatch(2, 0, 11, None, None)


def test_group_winners_meet_runners_up_of_other_groups() -> None:
    # Groups A..D, qualifiers 1st and 2nd: A1 is 11, A2 12, B1 21, ...
    bracket = Bracket.from_groups([[11, 12], [21, 22], [31, 32], [41, 42]])
    first_round = [(m.first, m.second) for m in bracket.matches()[:4]]
    assert first_round == [(11, 32), (41, 22), (21, 42), (31, 12)]
    # A1 and A2 are in different halves: they can meet only in the final.


def test_two_groups_cross_over() -> None:
    bracket = Bracket.from_groups([[11, 12], [21, 22]])
    assert bracket.lines == (11, 22, 21, 12)


def test_results_fill_the_bracket_in_up_to_the_champion() -> None:
    bracket = Bracket.seeded([1, 2, 3, 4], third_place=True)
    assert bracket.third_place_match() == KnockoutMatch(2, 1, None, None, None)
    bracket = bracket.record(1, 0, 4).record(1, 1, 2)
    assert bracket.match(2, 0) == KnockoutMatch(2, 0, 4, 2, None)
    assert bracket.third_place_match() == KnockoutMatch(2, 1, 1, 3, None)
    assert bracket.champion is None
    bracket = bracket.record(2, 0, 2).record_third(1)
    assert (bracket.champion, bracket.third) == (2, 1)


def test_a_result_may_be_corrected_until_the_next_round_has_one() -> None:
    bracket = Bracket.seeded([1, 2, 3, 4]).record(1, 0, 1).record(1, 0, 4)
    assert bracket.match(1, 0).winner == 4
    bracket = bracket.record(1, 1, 2).record(2, 0, 2)
    with pytest.raises(TournamentError, match="round 2 already"):
        bracket.record(1, 0, 1)


def test_a_semifinal_stays_once_the_third_place_is_played() -> None:
    bracket = Bracket.seeded([1, 2, 3, 4], third_place=True).record(1, 0, 1).record(1, 1, 2)
    with pytest.raises(TournamentError, match="third-place match already"):
        bracket.record_third(3).record(1, 0, 4)


@pytest.mark.parametrize(
    ("round_", "index", "winner"),
    [(1, 0, 3), (1, 0, 99), (2, 0, 1), (3, 0, 1), (1, 2, 1), (0, 0, 1)],
)
def test_only_a_side_of_a_ready_match_can_win_it(round_: int, index: int, winner: int) -> None:
    with pytest.raises(TournamentError):
        Bracket.seeded([1, 2, 3, 4]).record(round_, index, winner)


def test_a_bye_has_no_result_to_record() -> None:
    with pytest.raises(TournamentError, match="cannot win"):
        Bracket.seeded([1, 2, 3]).record(1, 0, 1)


def test_no_third_place_match_unless_asked_or_before_the_semifinals() -> None:
    assert Bracket.seeded([1, 2, 3, 4]).third_place_match() is None
    assert Bracket.seeded([1, 2], third_place=True).third_place_match() is None
    with pytest.raises(TournamentError, match="third-place"):
        Bracket.seeded([1, 2, 3, 4], third_place=True).record_third(1)


@pytest.mark.parametrize("ranking", [[], [1], [1, 1]])
def test_a_bracket_needs_two_different_entrants(ranking: list[int]) -> None:
    with pytest.raises(TournamentError):
        Bracket.seeded(ranking)


def test_lines_are_a_power_of_two_with_no_two_byes_together() -> None:
    with pytest.raises(TournamentError, match="lines"):
        Bracket((1, 2, 3))
    with pytest.raises(TournamentError, match="both byes"):
        Bracket((1, 2, None, None))
    with pytest.raises(TournamentError, match="twice"):
        Bracket((1, 2, 1, 3))


def test_groups_send_as_many_each() -> None:
    with pytest.raises(TournamentError, match="as many"):
        Bracket.from_groups([[1, 2], [3]])


@given(st.integers(2, 40), st.randoms(use_true_random=False), st.booleans())
def test_any_bracket_played_out_has_exactly_one_champion(
    count: int, rng: random.Random, third_place: bool
) -> None:
    bracket = Bracket.seeded(list(range(1, count + 1)), third_place=third_place)
    played = 0
    while bracket.champion is None:
        ready = [
            m
            for m in bracket.matches()
            if not m.is_bye and m.winner is None and None not in (m.first, m.second)
        ]
        match = rng.choice(ready)
        winner = rng.choice([match.first, match.second])
        assert winner is not None
        bracket = bracket.record(match.round, match.index, winner)
        played += 1
    assert played == count - 1  # everyone but the champion loses exactly once
    assert bracket.champion is not None
    real = [m for m in bracket.matches() if not m.is_bye]
    losers = [(m.second if m.winner == m.first else m.first) or 0 for m in real]
    assert sorted([*losers, bracket.champion]) == list(range(1, count + 1))
    third = bracket.third_place_match()
    assert (third is not None) == (third_place and count >= 3)


@given(st.integers(2, 12), st.integers(1, 3))
def test_group_mates_never_meet_in_the_first_round(groups: int, places: int) -> None:
    qualifiers = [[10 * g + p for p in range(1, places + 1)] for g in range(1, groups + 1)]
    bracket = Bracket.from_groups(qualifiers)
    for match in bracket.matches()[: len(bracket.lines) // 2]:
        if not match.is_bye:
            assert match.first is not None
            assert match.second is not None
            assert match.first // 10 != match.second // 10


@pytest.mark.parametrize("groups", [2, 4, 8, 16])
def test_with_two_from_each_group_group_mates_meet_only_in_the_final(groups: int) -> None:
    bracket = Bracket.from_groups([[10 * g + 1, 10 * g + 2] for g in range(1, groups + 1)])
    line = {entrant: at for at, entrant in enumerate(bracket.lines)}
    for g in range(1, groups + 1):
        meets_in = (line[10 * g + 1] ^ line[10 * g + 2]).bit_length()
        assert meets_in == bracket.rounds
