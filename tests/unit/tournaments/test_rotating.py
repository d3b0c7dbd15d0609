"""Rotating partners (baraonda): a new partner every round for n - 1 rounds, and the
tables that repeat the fewest meetings."""

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournaments.core import (
    ITALIAN,
    Result,
    RotatingRound,
    TieBreak,
    TournamentError,
    check_players,
    individual_chain,
    individual_results,
    most_rotating_rounds,
    resting,
    rotating_round,
)
from scorekeeper.tournaments.core.rotating import (
    Foursome,
    best_seating,
    opponent_counts,
    partners_and_rests,
)


def play(players: list[int], rounds: int) -> list[RotatingRound]:
    history: list[RotatingRound] = []
    for _ in range(rounds):
        history.append(rotating_round(players, history))
    return history


def seatings(pairs: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to set ``pairs`` (their indexes) two at a table."""
    if not pairs:
        yield []
        return
    first, rest = pairs[0], pairs[1:]
    for index, other in enumerate(rest):
        for tail in seatings(rest[:index] + rest[index + 1 :]):
            yield [(first, other), *tail]


def repeats_of(
    pairs: list[tuple[int, int]], seating: list[tuple[int, int]], met: Counter[frozenset[int]]
) -> int:
    return sum(
        met[frozenset((a, b))] for i, j in seating for a, b in itertools.product(pairs[i], pairs[j])
    )


@st.composite
def tournaments(
    draw: st.DrawFn, most: int = 64, *, fours: bool = True, others: bool = True
) -> tuple[list[int], int]:
    """Players (from 8 to ``most``, in a drawn order: multiples of 4 if ``fours``, the
    other numbers if ``others``) and a number of rounds."""
    count = draw(st.integers(8, most).filter(lambda n: fours if n % 4 == 0 else others))
    players = draw(st.permutations(range(1, count + 1)))
    rounds = draw(st.integers(1, min(most_rotating_rounds(count), 9)))
    return list(players), rounds


@settings(max_examples=40, deadline=None)
@given(tournaments())
def test_every_player_sits_once_a_round_and_never_with_the_same_partner(
    drawn: tuple[list[int], int],
) -> None:
    players, rounds = drawn
    history = play(players, rounds)
    partnerships = Counter(pair for played in history for pair in played.partnerships)
    assert max(partnerships.values()) == 1
    for played in history:
        seated = [p for table in played.tables for p in table.players]
        assert sorted(seated + list(played.rests)) == sorted(players)
        assert len(played.rests) == len(players) % 4
        assert [t.table for t in played.tables] == list(range(1, len(players) // 4 + 1))


@settings(max_examples=40, deadline=None)
@given(tournaments(fours=False))
def test_rests_are_spread_nobody_rests_twice_before_everyone_rested_once(
    drawn: tuple[list[int], int],
) -> None:
    players, rounds = drawn
    history = play(players, rounds)
    rested: Counter[int] = Counter()
    for played in history:
        rested.update(played.rests)
        counts = [rested[p] for p in players]
        assert max(counts) - min(counts) <= 1
    # Among equals the first in the draw's order rests first.
    assert history[0].rests == tuple(players[: len(players) % 4])


@settings(max_examples=40, deadline=None)
@given(tournaments(), st.randoms(use_true_random=False))
def test_no_other_seating_of_the_round_s_pairs_repeats_fewer_meetings(
    drawn: tuple[list[int], int], rng: random.Random
) -> None:
    players, rounds = drawn
    history = play(players, rounds)
    for number, played in enumerate(history):
        met = opponent_counts(history[:number])
        pairs = [tuple(sorted(p)) for p in played.partnerships]
        assert played.repeats == sum(met[m] for m in played.meetings)
        # Another seating of the same pairs, drawn at random, repeats as many or more.
        order = list(range(len(pairs)))
        rng.shuffle(order)
        other = list(zip(order[::2], order[1::2], strict=True))
        assert played.repeats <= repeats_of(pairs, other, met)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(tournaments(most=16))
def test_the_seating_is_the_cheapest_of_all_up_to_16_players(
    drawn: tuple[list[int], int],
) -> None:
    players, rounds = drawn
    history = play(players, rounds)
    for number, played in enumerate(history):
        met = opponent_counts(history[:number])
        pairs = [tuple(sorted(p)) for p in played.partnerships]
        cheapest = min(
            repeats_of(pairs, s, met)  # type: ignore[arg-type]
            for s in seatings(list(range(len(pairs))))
        )
        assert played.repeats == cheapest


@pytest.mark.parametrize("count", [4, 8, 12, 16, 20])
def test_n_minus_1_rounds_give_everyone_every_partner_once(count: int) -> None:
    players = list(range(1, count + 1))
    random.Random(count).shuffle(players)
    history = play(players, most_rotating_rounds(count))
    partnerships = Counter(pair for played in history for pair in played.partnerships)
    assert set(partnerships) == {frozenset(p) for p in itertools.combinations(players, 2)}
    assert set(partnerships.values()) == {1}
    with pytest.raises(TournamentError, match="all partnered"):
        rotating_round(players, history)


def test_the_first_rounds_of_a_club_night_repeat_no_meeting() -> None:
    # 12 players: the first two rounds never repeat an opponent, 32 players the first seven.
    assert [r.repeats for r in play(list(range(1, 13)), 2)] == [0, 0]
    assert {r.repeats for r in play(list(range(1, 33)), 7)} == {0}


def test_the_same_history_gives_the_same_round() -> None:
    players = [5, 3, 8, 1, 7, 2, 6, 4]
    assert play(players, 4) == play(players, 4)


@pytest.mark.parametrize("count", [0, 2, 3])
def test_fewer_than_four_players_are_refused(count: int) -> None:
    with pytest.raises(TournamentError, match="table of four"):
        check_players(count)
    with pytest.raises(TournamentError):
        rotating_round(list(range(1, count + 1)))


@pytest.mark.parametrize("count", [5, 9, 10, 11, 13])
def test_players_not_a_multiple_of_four_rest_in_turn(count: int) -> None:
    check_players(count)
    assert resting(count) == count % 4
    rounds = min(count // (count % 4), most_rotating_rounds(count))
    history = play(list(range(1, count + 1)), rounds)
    # Each rests once before anyone rests again.
    rested = [p for played in history for p in played.rests]
    assert len(rested) == len(set(rested)) == rounds * (count % 4)
    assert history[0].rests == tuple(range(1, count % 4 + 1))


def test_every_number_of_players_from_5_to_64_reaches_its_rounds_without_a_repeat() -> None:
    # The guarantee stated in core.rotating: the schedule depends only on the draw's
    # order, so one run of each number of players checks it for every draw. Partners
    # and rests only (the seating does not change them).
    for count in range(5, 65):
        if count % 4 == 0:
            continue
        players = list(range(1, count + 1))
        history: list[RotatingRound] = []
        for _ in range(most_rotating_rounds(count)):
            pairs, rests = partners_and_rests(players, history)
            tables = tuple(
                Foursome(i // 2 + 1, pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2)
            )
            history.append(RotatingRound(tables, rests=rests))
        partnerships = Counter(pair for played in history for pair in played.partnerships)
        assert max(partnerships.values()) == 1, count
        assert most_rotating_rounds(count) == count - 2


def test_a_withdrawn_player_is_seated_no_more_and_partners_stay_new() -> None:
    players = list(range(1, 13))
    history = play(players, 3)
    left = [p for p in players if p != 7]
    for _ in range(3):
        history.append(rotating_round(left, history, withdrawn=[7]))
    for played in history[3:]:
        assert 7 not in {*played.seated, *played.rests}
        assert len(played.rests) == 3
    partnerships = Counter(pair for played in history for pair in played.partnerships)
    assert max(partnerships.values()) == 1
    with pytest.raises(TournamentError, match="not all of this tournament"):
        rotating_round(left, history)


@settings(max_examples=15, deadline=None)
@given(st.integers(8, 64), st.data())
def test_after_withdrawals_new_partners_are_certain_below_half_the_seated(
    count: int, data: st.DataObject
) -> None:
    # The guarantee after a withdrawal (Dirac's theorem): while every seated player has
    # partnered fewer than half of those seated, a round of new partners exists and is
    # found, whoever rests.
    players = list(range(1, count + 1))
    left: list[int] = []
    history: list[RotatingRound] = []
    while True:
        if len(players) > 5 and data.draw(st.booleans()):
            gone = data.draw(st.sampled_from(players))
            players.remove(gone)
            left.append(gone)
        seated = len(players) - len(players) % 4
        if len(history) > seated // 2 - 1:
            break
        played = rotating_round(players, history, withdrawn=left)
        assert not set(left) & {*played.seated, *played.rests}
        assert len(played.rests) == len(players) % 4
        history.append(played)
    partnerships = Counter(pair for played in history for pair in played.partnerships)
    assert not partnerships or max(partnerships.values()) == 1


def test_no_new_partners_left_is_refused() -> None:
    players = [1, 2, 3, 4, 5]
    # Five rounds of one table and one rest use up all ten partnerships.
    history = play(players, 5)
    partnerships = Counter(pair for played in history for pair in played.partnerships)
    assert len(partnerships) == 10
    assert set(partnerships.values()) == {1}
    with pytest.raises(TournamentError, match="no new partners"):
        rotating_round(players, history)


def test_a_history_with_a_stranger_is_refused() -> None:
    history = play([1, 2, 3, 4, 5, 6, 7, 8], 1)
    with pytest.raises(TournamentError, match="not all of this tournament"):
        rotating_round([1, 2, 3, 4, 5, 6, 7, 9], history)
    with pytest.raises(TournamentError, match="twice"):
        rotating_round([1, 1, 3, 4])


def test_odd_pairs_cannot_be_seated() -> None:
    with pytest.raises(TournamentError, match="two at every table"):
        best_seating([(1, 2), (3, 4), (5, 6)], Counter())


def test_each_player_takes_the_pair_s_result() -> None:
    first, second = individual_results((1, 2), (3, 4), (11, 7), 0)
    assert first == Result(1, 3, (11, 7), 1)
    assert second == Result(2, 4, (11, 7), 2)
    assert individual_results((1, 2), (3, 4), (5, 5), None)[0].winner is None
    assert individual_results((1, 2), (3, 4), (4, 11), 1)[1].winner == 4
    best_of_three = individual_results((1, 2), (3, 4), (30, 25), 0, (2, 1))
    assert [r.partite for r in best_of_three] == [(2, 1), (2, 1)]


def test_the_individual_chain_drops_head_to_head_and_the_avulsa() -> None:
    assert individual_chain(ITALIAN) == (
        TieBreak.PARTITE_WON,
        TieBreak.POINT_DIFFERENCE,
        TieBreak.POINTS_FOR,
        TieBreak.POINTS_AGAINST,
        TieBreak.DRAWN_CARD,
    )
