"""Chiamarsi fuori and counting out in a fixed order (RULES.md section 8): games a player
can check on paper, then properties over random games."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring import (
    CATEGORIES,
    FORMATS,
    Category,
    Claim,
    GameState,
    HandResult,
    InvalidGame,
    Rules,
    Verdict,
)
from scorekeeper.scoring.claims import count_out, judge
from tests.helpers.replays import by_category, replay

CLAIMS = Rules(target=21, chiamarsi_fuori=True)
CLAIMS_HAND = Rules(target=21, chiamarsi_fuori=True, claim_loses_hand=True)
IN_ORDER = Rules(target=21, count_in_order=True)


# --------------------------------------------------------------------------- on paper


def test_a_right_claim_wins_whatever_the_others_have():
    # Target 21. Anna 15, Bruno 12 after five hands; Anna claims in hand 6 and makes 6:
    # 21. Bruno makes 9 and has 21 too (counted whole: a spareggio); the claim wins.
    hands = [(3, 2), (3, 2), (3, 3), (3, 2), (3, 3), (6, 9)]
    state = replay(CLAIMS, hands, [Claim(6, 0)])
    assert state.winner == 0
    assert state.decided_after == 6
    assert [(o.claim, o.total, o.verdict) for o in state.claims] == [
        (Claim(6, 0), 21, Verdict.WINS)
    ]
    assert replay(Rules(target=21), hands).spareggio  # without the claim


def test_a_right_claim_wins_even_when_behind():
    # Bruno ends at 24, Anna at 22: Anna claimed, Anna wins.
    state = replay(CLAIMS, [(16, 18), (6, 6)], [Claim(2, 0)])
    assert (state.winner, state.totals) == (0, (22, 24))


def test_a_wrong_claim_loses_the_game():
    # Anna claims in hand 2 with 20: one short. Bruno wins with 9.
    state = replay(CLAIMS, [(15, 3), (5, 6)], [Claim(2, 0)])
    assert state.winner == 1
    assert state.decided_after == 2
    assert state.claims[0].verdict is Verdict.LOSES_GAME
    assert state.claims[0].total == 20
    assert not state.claims[0].right


def test_a_wrong_claim_loses_only_the_hand_with_the_house_option():
    # Anna 15, claims in hand 2 and makes 5 (20): the 5 go, 15 stays; the game goes on.
    state = replay(CLAIMS_HAND, [(15, 3), (5, 6)], [Claim(2, 0)])
    assert state.claims[0].verdict is Verdict.LOSES_HAND
    assert state.running == ((15, 3), (15, 9))
    assert not state.finished
    # Bruno reaches 21 in hand 3 while Anna's lost points would have put her over.
    state = replay(CLAIMS_HAND, [(15, 3), (5, 6), (6, 12)], [Claim(2, 0)])
    assert state.totals == (21, 21)
    assert state.spareggio


def test_a_claim_is_judged_at_its_hand_only():
    # Claimed in hand 3 (not played yet): pending; the game goes on by the usual rule.
    state = replay(CLAIMS, [(15, 3), (5, 6)], [Claim(3, 0)])
    assert state.pending_claim == Claim(3, 0)
    assert state.claims == ()
    assert not state.finished


def test_the_first_claim_of_a_hand_counts():
    state = replay(CLAIMS, [(15, 3), (6, 6)], [Claim(2, 1), Claim(2, 0)])
    assert state.winner == 0  # Bruno's wrong claim (9) came first
    assert [o.claim.side for o in state.claims] == [1]


def test_claims_are_ignored_without_the_setting():
    state = replay(Rules(target=21), [(15, 3), (5, 6)], [Claim(2, 0)])
    assert state.claims == ()
    assert not state.finished


def test_three_players_a_wrong_claim_puts_one_out_and_the_others_play_on():
    three = Rules(format=FORMATS["3"], target=11, chiamarsi_fuori=True)
    state = replay(three, [(4, 5, 3), (3, 2, 2)], [Claim(2, 0)])
    assert state.out == frozenset({0})
    assert not state.finished
    # Anna (out) has the most, but Bruno wins reaching 11 first of the two left.
    state = replay(three, [(4, 5, 3), (3, 2, 2), (8, 4, 2)], [Claim(2, 0)])
    assert state.totals == (15, 11, 7)
    assert state.winner == 1
    # The last two: a second wrong claim leaves one, who wins.
    state = replay(three, [(4, 5, 3), (3, 2, 2), (1, 1, 1)], [Claim(2, 0), Claim(3, 2)])
    assert state.winner == 1
    assert state.decided_after == 3


def test_napoleone_comes_before_a_claim():
    rules = Rules(target=21, chiamarsi_fuori=True, napoleone=True)
    hands = [HandResult((3, 3)), HandResult((8, 1), napoleone=0)]
    state = GameState.replay(rules, 0, hands, [Claim(2, 1)])
    assert state.winner == 0
    assert state.by_napoleone


def test_counting_out_in_order_the_first_to_reach_wins():
    # Anna 19, Bruno 20. Anna's 2 scope come first: 21 to 20, Anna is out and wins,
    # though counted whole Bruno's carte, denari and settebello make him 23.
    hand = by_category(scope=(2, 0), carte=(0, 1), denari=(0, 1), settebello=(0, 1))
    state = GameState.replay(IN_ORDER, 0, [HandResult((19, 20)), hand])
    assert state.winner == 0
    assert state.totals == (21, 23)
    counted = state.counted_out
    assert counted is not None
    assert (counted.hand, counted.side, CATEGORIES[counted.category], counted.total) == (
        2,
        0,
        Category.SCOPE,
        21,
    )
    assert GameState.replay(Rules(target=21), 0, [HandResult((19, 20)), hand]).winner == 1


def test_counting_out_in_order_level_in_one_category_counts_on():
    # 20 and 20; both take a point at the carte? No: one category goes to one side, but
    # scope can bring both to 21 at once: level, so the count goes on to the denari.
    hand = by_category(scope=(1, 1), denari=(0, 1))
    assert count_out(21, (20, 20), hand.by_category or ()) == (1, 2, 22)


def test_a_hand_without_categories_counts_whole():
    state = replay(IN_ORDER, [(19, 20), (2, 3)])
    assert state.winner == 1
    assert state.counted_out is None


def test_judge():
    assert judge(CLAIMS, 21) is Verdict.WINS
    assert judge(CLAIMS, 20) is Verdict.LOSES_GAME
    assert judge(CLAIMS_HAND, 20) is Verdict.LOSES_HAND


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"hand": 1},
        {"hand": 0, "side": 0},
        {"hand": 1, "side": -1},
        {"hand": True, "side": 0},
    ],
)
def test_a_claim_from_bad_json_is_refused(data):
    with pytest.raises(InvalidGame):
        Claim.from_json(data)


def test_a_claim_round_trips_and_must_be_at_the_table():
    assert Claim.from_json(Claim(6, 1).to_json()) == Claim(6, 1)
    with pytest.raises(InvalidGame):
        replay(CLAIMS, [(1, 1)], [Claim(1, 2)])


def test_rules_json_reads_the_new_settings():
    rules = Rules(chiamarsi_fuori=True, claim_loses_hand=True, count_in_order=True)
    assert Rules.from_json(rules.to_json()) == rules
    with pytest.raises(InvalidGame):
        Rules.from_json({"chiamarsi_fuori": 1})


# --------------------------------------------------------------------------- properties

points = st.integers(min_value=0, max_value=8)
games = st.lists(st.tuples(points, points), min_size=1, max_size=12)


@given(games, st.integers(min_value=11, max_value=31))
def test_without_claims_a_game_ends_as_before(hands, target):
    plain = replay(Rules(target=target), hands)
    state = replay(Rules(target=target, chiamarsi_fuori=True), hands, [])
    assert (state.winner, state.decided_after, state.running) == (
        plain.winner,
        plain.decided_after,
        plain.running,
    )


@given(games, st.data())
def test_a_claim_decides_its_hand(hands, data):
    number = data.draw(st.integers(min_value=1, max_value=len(hands)))
    side = data.draw(st.integers(min_value=0, max_value=1))
    plain = replay(Rules(target=21), hands)
    state = replay(CLAIMS, hands, [Claim(number, side)])
    if plain.decided_after is not None and plain.decided_after < number:
        assert state.claims == ()  # the game was over before the claim
        assert state.winner == plain.winner
        return
    (outcome,) = state.claims
    assert state.decided_after == number
    reached = sum(h[side] for h in hands[:number]) >= 21
    assert outcome.right == reached
    assert state.winner == (side if reached else 1 - side)


@given(games, st.data())
def test_a_wrong_claim_with_the_house_option_costs_exactly_the_hand(hands, data):
    number = data.draw(st.integers(min_value=1, max_value=len(hands)))
    state = replay(CLAIMS_HAND, hands, [Claim(number, 0)])
    if state.claims and state.claims[0].verdict is Verdict.LOSES_HAND:
        lost = hands[number - 1][0]
        assert state.totals[0] == sum(h[0] for h in hands) - lost
        assert state.totals[1] == sum(h[1] for h in hands)


categories = st.lists(st.tuples(points, points), min_size=len(CATEGORIES), max_size=len(CATEGORIES))


@given(st.lists(categories, min_size=1, max_size=8), st.integers(min_value=11, max_value=31))
def test_counting_in_order_ends_no_later_and_the_winner_reached_the_target(games, target):
    hands = [
        HandResult(tuple(sum(c[i] for c in per) for i in range(2)), None, tuple(per))
        for per in games
    ]
    plain = GameState.replay(Rules(target=target), 0, hands)
    state = GameState.replay(Rules(target=target, count_in_order=True), 0, hands)
    if plain.decided_after is not None:
        assert state.decided_after is not None
        assert state.decided_after <= plain.decided_after
    if state.winner is not None:
        assert state.running[state.decided_after - 1][state.winner] >= target
        if state.decided_after == plain.decided_after and state.counted_out is None:
            assert state.winner == plain.winner
