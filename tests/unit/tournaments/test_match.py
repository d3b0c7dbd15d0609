"""Match length: one partita, or the best of N."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournaments.core import MatchLength, TournamentError

#: Partite won (0 the first side, 1 the second) -> wins, winner, over; checkable by counting.
BEST_OF = [
    (1, [], (0, 0), None, False),
    (1, [1], (0, 1), 1, True),
    (3, [0], (1, 0), None, False),
    (3, [0, 1], (1, 1), None, False),
    (3, [0, 0], (2, 0), 0, True),
    (3, [0, 1, 1], (1, 2), 1, True),
    (5, [1, 0, 1, 0], (2, 2), None, False),
    (5, [1, 0, 1, 0, 0], (3, 2), 0, True),
    (5, [1, 1, 1], (0, 3), 1, True),
    (2, [0, 1], (1, 1), None, True),  # a best-of-2 ends drawn
    (2, [0, 0], (2, 0), 0, True),
]


@pytest.mark.parametrize(("games", "winners", "wins", "winner", "over"), BEST_OF)
def test_a_match_is_decided_by_more_than_half(
    games: int, winners: list[int], wins: tuple[int, int], winner: int | None, over: bool
) -> None:
    score = MatchLength(games).score(winners)
    assert (score.wins, score.winner, score.is_over) == (wins, winner, over)
    assert score.is_drawn == (over and winner is None)


@pytest.mark.parametrize(("games", "winners"), [(3, [0, 0, 1]), (1, [0, 1]), (5, [1, 1, 1, 0])])
def test_no_partita_after_the_match_is_decided(games: int, winners: list[int]) -> None:
    with pytest.raises(TournamentError, match="after the end"):
        MatchLength(games).score(winners)


def test_a_drawn_best_of_two_takes_no_third_partita() -> None:
    with pytest.raises(TournamentError, match="partita 3"):
        MatchLength(2).score([0, 1, 0])


@pytest.mark.parametrize("bad", [[2], [-1]])
def test_a_partita_is_won_by_side_0_or_1(bad: list[int]) -> None:
    with pytest.raises(TournamentError, match="is not 0 or 1"):
        MatchLength(3).score(bad)


def test_a_match_has_at_least_one_partita() -> None:
    with pytest.raises(TournamentError):
        MatchLength(0)


@given(st.sampled_from([1, 3, 5, 7]), st.lists(st.integers(0, 1), min_size=7, max_size=7))
def test_an_odd_match_played_out_has_one_winner(games: int, winners: list[int]) -> None:
    """Partite are played until the match is over: never more than N, never drawn."""
    length = MatchLength(games)
    played: list[int] = []
    while not length.score(played).is_over:
        played.append(winners[len(played)])
    score = length.score(played)
    assert len(played) <= games
    assert score.winner is not None
    assert score.wins[score.winner] == games // 2 + 1 > score.wins[1 - score.winner]
