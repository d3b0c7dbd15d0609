"""A game: totals, the winner, the spareggio and the deal (RULES.md sections 1 and 5)."""

import pytest

from scorekeeper.scoring import FORMATS, GameState, HandResult, InvalidGame, Rules, leader_at_target

TWO = Rules()


def replay(*hands, rules=TWO, dealer=0):
    return GameState.replay(rules, dealer, [HandResult(tuple(h)) for h in hands])


def test_running_totals():
    state = replay((3, 1), (2, 2), (0, 5))
    assert state.running == ((3, 1), (5, 3), (5, 8))
    assert state.totals == (5, 8)
    assert not state.finished
    assert not state.spareggio


def test_empty_game():
    state = replay()
    assert state.totals == (0, 0)
    assert state.next_hand == 1
    assert state.next_dealer == 0


def test_both_sides_over_target_the_higher_wins():
    state = replay((5, 4), (4, 4), (3, 3))
    assert state.totals == (12, 11)
    assert state.winner == 0
    assert state.decided_after == 3


def test_tie_over_the_target_needs_another_hand():
    state = replay((5, 5), (6, 6))
    assert state.totals == (11, 11)
    assert state.spareggio
    assert not state.finished
    state = replay((5, 5), (6, 6), (1, 1))
    assert state.spareggio
    state = replay((5, 5), (6, 6), (1, 1), (0, 2))
    assert state.winner == 1
    assert state.decided_after == 4
    assert not state.spareggio


def test_reaching_the_target_alone_wins():
    assert replay((11, 0)).winner == 0
    assert replay((10, 0)).winner is None


def test_target_21():
    state = replay((11, 0), (5, 3), rules=Rules(target=21))
    assert state.totals == (16, 3)
    assert not state.finished


def test_three_sides_two_level_at_the_top_over_target():
    rules = Rules(format=FORMATS["3"])
    state = replay((6, 6, 5), (6, 6, 6), rules=rules)
    assert state.totals == (12, 12, 11)
    assert state.spareggio
    assert leader_at_target([12, 12, 13], 11) == 2


def test_hands_after_the_end_do_not_change_the_winner():
    state = replay((11, 0), (0, 20))
    assert state.winner == 0
    assert state.hands_after_end == 1


def test_editing_a_past_hand_recomputes_everything_after_it():
    before = replay((6, 1), (5, 1))
    assert before.winner == 0
    after = replay((2, 1), (5, 1))
    assert after.winner is None
    assert after.totals == (7, 2)


def test_napoleone_wins_at_once():
    state = GameState.replay(TWO, 0, [HandResult((1, 2)), HandResult((12, 0), napoleone=0)])
    assert state.winner == 0
    assert state.by_napoleone


def test_the_deal_passes_to_the_right_and_the_right_plays_first():
    # Four players: seat 0 deals first, then 1, 2, 3, 0...
    rules = Rules(format=FORMATS["2x2"])
    state = replay((1, 0), (1, 0), rules=rules, dealer=2)
    assert [state.dealer(n) for n in range(1, 6)] == [2, 3, 0, 1, 2]
    assert state.first_player(1) == 3
    assert state.next_hand == 3
    assert state.next_dealer == 0
    assert state.next_first_player == 1


def test_two_players_alternate():
    state = replay((1, 0), dealer=1)
    assert state.next_dealer == 0
    assert state.next_first_player == 1


def test_partners_sit_opposite():
    pairs = FORMATS["2x2"]
    assert pairs.seats_of_side(0) == (0, 2)
    assert pairs.seats_of_side(1) == (1, 3)
    assert FORMATS["3x2"].seats_of_side(1) == (1, 4)
    assert FORMATS["2x3"].seats_of_side(0) == (0, 2, 4)
    assert [pairs.side_of_seat(s) for s in range(4)] == [0, 1, 0, 1]


def test_bad_dealer_or_hand_is_refused():
    with pytest.raises(InvalidGame):
        replay(dealer=2)
    with pytest.raises(InvalidGame):
        replay((1, 2, 3))
