"""Two clear points ("ai 15 con 2 di scarto", RULES.md section 5 and issue 29): games a
player can check on paper, then properties over random games."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring import (
    CATEGORIES,
    FORMATS,
    TWO_CLEAR,
    Category,
    Claim,
    GameState,
    HandResult,
    InvalidGame,
    Rules,
    Verdict,
    game_outlook,
    leader_at_target,
)
from scorekeeper.scoring.claims import count_out, judge
from tests.helpers.replays import by_category, replay
from tests.oracle import scoring_v1 as old

TO_15 = Rules(target=15, margin=TWO_CLEAR)


# --------------------------------------------------------------------------- on paper


def test_fifteen_to_fourteen_goes_on_then_seventeen_to_fourteen_wins():
    # To 15 with 2 clear: 8-7, 12-11, 15-14 (one point ahead: play on), 17-14 (three).
    hands = [(8, 7), (4, 4), (3, 3)]
    state = replay(TO_15, hands)
    assert state.totals == (15, 14)
    assert not state.finished
    assert state.short_of_margin
    assert state.spareggio  # play goes on past the target
    state = replay(TO_15, [*hands, (2, 0)])
    assert (state.winner, state.totals, state.decided_after) == (0, (17, 14), 4)
    assert not state.short_of_margin
    # Without the margin 15-14 was already the end.
    assert replay(Rules(target=15), hands).winner == 0


def test_the_lead_can_change_hands_before_anyone_has_two_clear():
    # 15-14, then 16-16 (level), then 17-18 (Bruno one ahead), then 18-20: Bruno wins.
    hands = [(15, 14), (1, 2), (1, 2), (1, 2)]
    running = [replay(TO_15, hands[:n]) for n in range(1, 5)]
    assert [s.finished for s in running] == [False, False, False, True]
    assert running[1].totals == (16, 16)
    assert running[1].spareggio
    assert running[2].short_of_margin
    assert (running[3].winner, running[3].totals) == (1, (18, 20))


def test_exactly_the_margin_is_enough():
    assert replay(TO_15, [(15, 13)]).winner == 0
    assert replay(TO_15, [(13, 15)]).winner == 1
    assert replay(TO_15, [(20, 19)]).winner is None


def test_the_margin_is_over_every_other_side():
    three = Rules(format=FORMATS["3"], target=15, margin=2)
    # Anna 16, Bruno 14, Carla 15: two ahead of Bruno, one of Carla: play on.
    assert replay(three, [(16, 14, 15)]).winner is None
    assert replay(three, [(16, 14, 15), (2, 0, 1)]).winner == 0  # 18, 14, 16
    assert leader_at_target([16, 14, 15], 15, margin=2) is None
    assert leader_at_target([16, 14, 14], 15, margin=2) == 0
    assert leader_at_target([16, 14, 15], 15) == 0


def test_a_margin_of_one_is_todays_rule():
    assert Rules().margin == 1
    assert leader_at_target([11, 10], 11) == 0
    assert leader_at_target([11, 11], 11) is None
    assert leader_at_target([10, 9], 11) is None


def test_a_right_claim_needs_the_margin_too():
    claims = Rules(target=15, chiamarsi_fuori=True, margin=2)
    # Anna claims in hand 2 and ends it at 15 to Bruno's 14: one clear point, wrong.
    state = replay(claims, [(10, 10), (5, 4)], [Claim(2, 0)])
    assert state.claims[0].verdict is Verdict.LOSES_GAME
    assert state.winner == 1
    # At 16 to 14 she is right.
    state = replay(claims, [(10, 10), (6, 4)], [Claim(2, 0)])
    assert state.claims[0].verdict is Verdict.WINS
    assert state.winner == 0
    # With the house option she loses the hand's 5 points and the game goes on at 10-14.
    house = replace(claims, claim_loses_hand=True)
    state = replay(house, [(10, 10), (5, 4)], [Claim(2, 0)])
    assert state.claims[0].verdict is Verdict.LOSES_HAND
    assert (state.totals, state.finished) == ((10, 14), False)


def test_without_a_margin_a_claim_asks_the_target_alone():
    claims = Rules(target=15, chiamarsi_fuori=True)
    state = replay(claims, [(10, 12), (5, 5)], [Claim(2, 0)])  # 15 to 17: right
    assert state.claims[0].verdict is Verdict.WINS


def test_counting_out_in_order_stops_at_the_first_category_with_the_lead():
    in_order = Rules(target=15, count_in_order=True, margin=2)
    before = (13, 13)
    # Scope 2-0: 15-13, two clear at once: Anna out on the scope.
    hand = by_category(scope=(2, 0), carte=(0, 1), denari=(0, 1), settebello=(0, 1))
    state = GameState.replay(in_order, 0, [HandResult(before), hand])
    assert (state.winner, state.totals) == (0, (15, 16))
    assert state.counted_out is not None
    assert state.counted_out.category == CATEGORIES.index(Category.SCOPE)
    # Scope 2-1: 15-14, not yet; carte to Bruno 15-15; denari and settebello to Bruno:
    # 15-17 at the settebello, two clear: Bruno out there.
    hand = by_category(scope=(2, 1), carte=(0, 1), denari=(0, 1), settebello=(0, 1))
    state = GameState.replay(in_order, 0, [HandResult(before), hand])
    assert state.winner == 1
    assert state.counted_out is not None
    assert state.counted_out.category == CATEGORIES.index(Category.SETTEBELLO)
    assert count_out(15, before, hand.by_category or (), margin=2) == (1, 3, 17)
    # Nobody two clear at any step: 15-14 at the end, play goes on.
    hand = by_category(scope=(1, 0), carte=(0, 1), denari=(1, 0))
    state = GameState.replay(in_order, 0, [HandResult(before), hand])
    assert state.totals == (15, 14)
    assert state.short_of_margin


def test_the_outlook_asks_for_the_margin():
    # To 11 at 10-9 Anna closes with two categories (12 to at most 11); with two clear
    # she needs three (13 to at most 10).
    assert min(map(len, game_outlook(Rules(), (10, 9))[0].closes_with)) == 2
    assert min(map(len, game_outlook(Rules(margin=2), (10, 9))[0].closes_with)) == 3
    # 15-14 with two clear is no end: there is an outlook.
    assert game_outlook(TO_15, (15, 14))
    assert game_outlook(TO_15, (16, 14)) == ()


@pytest.mark.parametrize("margin", [0, 10, -1, True, 1.5, "2"])
def test_a_margin_is_a_whole_number_from_one_to_nine(margin):
    with pytest.raises(InvalidGame):
        Rules(margin=margin)
    with pytest.raises(InvalidGame):
        Rules.from_json({"margin": margin})


def test_the_margin_travels_in_the_rules_json():
    assert Rules().to_json()["margin"] == 1
    assert Rules.from_json({"target": 15, "margin": 2}) == TO_15
    assert Rules.from_json({}).margin == 1  # older rules: no margin


# --------------------------------------------------------------------------- properties

points_st = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), min_size=1, max_size=30)


@given(points_st, st.integers(1, 21), st.integers(1, 5))
def test_no_game_ends_with_a_lead_under_the_margin(hands, target, margin):
    state = replay(Rules(target=target, margin=margin), hands)
    if state.finished:
        assert state.decided_after is not None
        totals = state.running[state.decided_after - 1]
        winner = totals[state.winner]
        assert winner >= target
        assert winner - totals[1 - state.winner] >= margin
        # and it ended at the first hand where that held
        for earlier in state.running[: state.decided_after - 1]:
            assert max(earlier) < target or abs(earlier[0] - earlier[1]) < margin
    else:
        for totals in state.running:
            assert max(totals) < target or abs(totals[0] - totals[1]) < margin
        assert state.short_of_margin == (margin > 1 and max(state.totals) >= target)


@given(
    st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(0, 8)), max_size=20),
    st.integers(1, 21),
    st.sampled_from(["2", "3"]),
)
def test_with_a_margin_of_one_everything_is_as_before(hands, target, seating):
    # The first scoring package (tests/oracle/scoring_v1), written before any margin.
    sides = FORMATS[seating].sides
    hands = [h[:sides] for h in hands]
    new = replay(Rules(format=FORMATS[seating], target=target, margin=1), hands)
    old_rules = old.Rules(format=old.FORMATS[seating], target=target)
    was = old.GameState.replay(old_rules, 0, [old.HandResult(h) for h in hands])
    assert (new.winner, new.decided_after, new.running) == (
        was.winner,
        was.decided_after,
        was.running,
    )
    assert new.spareggio == was.spareggio
    assert not new.short_of_margin
    for totals in new.running:
        assert leader_at_target(totals, target, margin=1) == old.leader_at_target(totals, target)


@given(st.integers(0, 40), st.lists(st.integers(0, 40), min_size=1, max_size=3), st.booleans())
def test_with_a_margin_of_one_a_claim_asks_the_target_alone(total, others, loses_hand):
    rules = Rules(target=21, chiamarsi_fuori=True, claim_loses_hand=loses_hand)
    wrong = Verdict.LOSES_HAND if loses_hand else Verdict.LOSES_GAME
    assert judge(rules, total, others) is (Verdict.WINS if total >= 21 else wrong)
    two = replace(rules, margin=2)
    right = total >= 21 and all(total - other >= 2 for other in others)
    assert judge(two, total, others) is (Verdict.WINS if right else wrong)


@given(points_st, st.integers(1, 21), st.integers(2, 5))
def test_a_bigger_margin_never_ends_a_game_sooner(hands, target, margin):
    plain = replay(Rules(target=target), hands)
    clear = replay(Rules(target=target, margin=margin), hands)
    if clear.finished:
        assert plain.finished
        assert plain.decided_after is not None
        assert clear.decided_after is not None
        assert clear.decided_after >= plain.decided_after
