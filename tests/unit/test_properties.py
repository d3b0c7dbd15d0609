"""Invariants of scoring, checked on random hands (Hypothesis)."""

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring import (
    BB_ALL,
    DECK,
    DECK_SIZE,
    Card,
    CardsEntry,
    Category,
    CountsEntry,
    ErrorCode,
    InvalidHand,
    Rules,
    SideCards,
    SideCounts,
    SumChoice,
    counts_of,
    mask_of,
    parse_hand_cards,
    popcount,
    read_entry,
    score_cards,
    score_counts,
    score_masks,
)
from tests.helpers.deals import scope_fits
from tests.helpers.rulesets import any_rules

SINGLE_POINT = (Category.CARTE, Category.DENARI, Category.PRIMIERA, Category.SETTEBELLO)

rules_st = any_rules(napoleone=True)


@st.composite
def hands(draw, rules_strategy=rules_st):
    """Random rules and a random valid hand for them: every card to one side, possible
    scope (for each side, and for the table: they fit the plays of a hand)."""
    rules = draw(rules_strategy)
    owners = draw(st.lists(st.integers(0, rules.sides - 1), min_size=40, max_size=40))
    piles = [
        tuple(c for c, o in zip(DECK, owners, strict=True) if o == i) for i in range(rules.sides)
    ]
    order = draw(st.permutations(range(rules.sides)))
    sides = []
    scope = [0] * rules.sides
    for k, i in enumerate(order):
        top = min(rules.deal.cards_played_per_side, len(piles[i]) // 2)
        while top and not scope_fits(rules, [*scope[:k], top, *scope[k + 1 :]]):
            top -= 1
        scope[k] = draw(st.integers(0, top))
        sides.append(SideCards(piles[i], scope[k]))
    return rules, sides


@given(hands())
def test_settebello_goes_to_exactly_one_side(hand):
    score = score_cards(*hand)
    assert sum(s.points[Category.SETTEBELLO] for s in score.sides) == 1


@given(hands())
def test_at_most_one_side_gets_each_single_point(hand):
    score = score_cards(*hand)
    for category in (*SINGLE_POINT, Category.RE_BELLO):
        assert sum(s.points[category] for s in score.sides) <= 1
    assert sum(1 for s in score.sides if s.points[Category.NAPOLA]) <= 1


@given(hands())
def test_totals_add_up_and_counts_are_consistent(hand):
    rules, sides = hand
    score = score_cards(rules, sides)
    assert sum(s.cards for s in score.sides) == 40
    assert sum(s.denari for s in score.sides) == 10
    for result in score.sides:
        assert result.total == sum(result.points.values())
        assert result.points[Category.SCOPE] == result.scope


@given(hands(), st.randoms())
def test_reordering_sides_reorders_the_results(hand, random):
    rules, sides = hand
    order = list(range(len(sides)))
    random.shuffle(order)
    score = score_cards(rules, sides)
    if not scope_fits(rules, [sides[i].scope for i in order]):
        # Sides are in seat order: with four sides, the scope of two that sit apart may
        # not fit beside each other (9 + 9 scope for sides next to each other).
        with pytest.raises(InvalidHand):
            score_cards(rules, [sides[i] for i in order])
        return
    shuffled = score_cards(rules, [sides[i] for i in order])
    assert [dict(shuffled.sides[k].points) for k in range(len(order))] == [
        dict(score.sides[i].points) for i in order
    ]


@given(hands())
def test_counts_mode_agrees_with_cards_mode(hand):
    rules, sides = hand
    by_cards = score_cards(rules, sides)
    if any(len(side.cards) == 1 for side in sides):
        # A share-out card by card, but no deal gives a side one card: as counts, refused.
        with pytest.raises(InvalidHand) as refused:
            score_counts(rules, counts_of(by_cards))
        assert {e.code for e in refused.value.errors} == {ErrorCode.CARDS_ONE}
        return
    by_counts = score_counts(rules, counts_of(by_cards))
    assert [dict(s.points) for s in by_counts.sides] == [dict(s.points) for s in by_cards.sides]
    winner = by_cards.awards[Category.PRIMIERA].winner
    plain = [replace(c, primiera_cards=None) for c in counts_of(by_cards)]
    declared = score_counts(rules, plain, primiera_winner=winner)
    assert declared.totals == by_cards.totals


@given(hands(), st.data())
def test_scope_for_the_table_are_refused_exactly_when_no_plays_hold_them(hand, data):
    # Every side's scope possible on its own (often its most); the table's refused
    # exactly when the plays of a hand cannot hold them (a search in the test helpers):
    # beyond 18 in all, or shared out so that a scopa would follow a scopa, entered card
    # by card or as counts.
    rules, sides = hand
    scope = []
    for side in sides:
        top = min(rules.deal.cards_played_per_side, len(side.cards) // 2)
        scope.append(data.draw(st.integers(0, top) | st.just(top)))
    by_cards = [SideCards(side.cards, n) for side, n in zip(sides, scope, strict=True)]
    plain = score_cards(rules, [SideCards(side.cards) for side in sides])
    by_counts = [replace(c, scope=n) for c, n in zip(counts_of(plain), scope, strict=True)]
    for score in (lambda: score_cards(rules, by_cards), lambda: score_counts(rules, by_counts)):
        if scope_fits(rules, scope):
            assert [side.scope for side in score().sides] == scope
            continue
        with pytest.raises(InvalidHand) as caught:
            score()
        too_many = sum(scope) > rules.deal.scope_per_hand
        code = ErrorCode.SCOPE_TABLE_TOO_MANY if too_many else ErrorCode.SCOPE_TABLE_SPLIT
        assert [(e.code, e.field) for e in caught.value.errors] == [(code, "scope")]


#: What a best card left out where its side holds the suit can be refused for: the blank
#: says the side holds none of that suit, so the counts ask for it, or no share-out fits.
BLANK_REFUSALS = {
    ErrorCode.PRIMIERA_DENARO_UNSHOWN,
    ErrorCode.PRIMIERA_SUITS_UNSHOWN,
    ErrorCode.PRIMIERA_SUITS_BLANK,
    ErrorCode.PRIMIERA_SEVEN_UNSHOWN,
    ErrorCode.PRIMIERA_NO_SEVEN,
    ErrorCode.DENARI_SHARE_OUT,
    ErrorCode.BEST_CARDS_SHARE_OUT,
}


@given(hands(), st.data())
def test_best_cards_of_a_real_deal_are_never_refused(hand, data):
    # The best cards of a hand that was really dealt, every side's shown exactly (a suit
    # the side lacks left blank), are cards their sides can hold, and give the deal's
    # primiera.
    rules, sides = hand
    real = score_cards(rules, sides)
    counts = counts_of(real)
    score = score_counts(rules, counts)
    primiera = Category.PRIMIERA
    assert score.awards[primiera].winner == real.awards[primiera].winner
    assert [s.primiera.total for s in score.sides] == [s.primiera.total for s in real.sides]
    # Best cards left out (some, or a side's all, None): a blank suit is one the side holds
    # none of, so where it holds the suit the entry says otherwise than the deal; refused,
    # if at all, only for that.
    left_out = []
    for side in counts:
        best = side.primiera_cards or ()
        kept = data.draw(st.lists(st.booleans(), min_size=len(best), max_size=len(best)))
        # The settebello's side shows the 7D whenever it shows any (check_primiera_entry).
        shown = tuple(c for c, keep in zip(best, kept, strict=True) if keep or c == Card.SETTEBELLO)
        left_out.append(replace(side, primiera_cards=data.draw(st.just(shown) | st.none())))
    if not any(side.primiera_cards is not None for side in left_out):
        return
    refusals = refusal_codes(rules, left_out)
    assert refusals <= BLANK_REFUSALS
    assert not refusals or left_out != counts


def refusal_codes(rules: Rules, sides: list[SideCounts]) -> set[ErrorCode]:
    """The codes refusing the counts; empty when they are accepted."""
    try:
        score_counts(rules, sides)
    except InvalidHand as refused:
        return {e.code for e in refused.errors}
    return set()


@given(st.lists(st.sampled_from(DECK), unique=True), st.booleans())
def test_parse_and_format_round_trip(cards, lower):
    texts = [c.code.lower() if lower else c.code for c in cards]
    assert [Card.parse(t) for t in texts] == cards
    assert [Card.parse(t).code for t in texts] == [c.code for c in cards]
    assert eval(repr(cards), {"Card": Card}) == cards


@given(hands(), st.data())
def test_a_missing_or_repeated_card_is_always_refused(hand, data):
    rules, sides = hand
    i = data.draw(st.sampled_from([k for k, s in enumerate(sides) if s.cards]))
    j = data.draw(st.integers(0, len(sides[i].cards) - 1))
    broken = list(sides)
    if data.draw(st.booleans()):
        broken[i] = SideCards(sides[i].cards[:j] + sides[i].cards[j + 1 :], 0)
        expected = "missing_cards"
    else:
        k = data.draw(st.sampled_from([n for n in range(len(sides)) if n != i]))
        broken[k] = SideCards((*sides[k].cards, sides[i].cards[j]), 0)
        expected = "duplicate_card"
    with pytest.raises(InvalidHand) as refused:  # an invalid hand is never scored
        score_cards(rules, broken)
    assert expected in {e.code for e in refused.value.errors}


@given(st.lists(st.lists(st.text(max_size=4), max_size=5), min_size=2, max_size=4))
def test_parsing_random_text_never_crashes(texts):
    try:
        parse_hand_cards(texts)
    except InvalidHand as error:
        fields = [e.field for e in error.errors]
    else:
        fields = []
    assert all(field.startswith("sides[") for field in fields)


@given(hands())
def test_the_sides_share_out_the_deck_as_masks(hand):
    _, sides = hand
    union = 0
    for side in sides:
        assert popcount(side.mask) == len(side.cards)
        assert side.mask == mask_of(side.cards)
        assert not union & side.mask
        union |= side.mask
    assert union == BB_ALL
    assert sum(popcount(side.mask) for side in sides) == DECK_SIZE


@given(hands())
def test_scoring_the_masks_is_scoring_the_cards(hand):
    rules, sides = hand
    by_cards = score_cards(rules, sides)
    assert score_masks(rules, [s.mask for s in sides], [s.scope for s in sides]) == by_cards
    result = by_cards.to_json()
    assert [side["total"] for side in result["sides"]] == list(by_cards.totals)
    assert [side["points"] for side in result["sides"]] == [
        {category.value: n for category, n in side.points.items()} for side in by_cards.sides
    ]


@given(hands())
def test_a_cards_entry_round_trips_through_its_json(hand):
    rules, sides = hand
    entry = CardsEntry(tuple(sides))
    data = json.loads(json.dumps(entry.to_json()))
    assert CardsEntry.from_json(data) == entry == read_entry("cards", data)
    assert read_entry("cards", data).score(rules) == score_cards(rules, sides)


@given(hands(), st.booleans())
def test_a_counts_entry_round_trips_through_its_json(hand, declared):
    # Declared, the primiera goes to the side the cards give it to (nobody included):
    # another side may be one no share-out lets win (RULES.md 6), which is refused.
    rules, sides = hand
    by_cards = score_cards(rules, sides)
    counts = counts_of(by_cards)
    winner = None
    if declared:
        counts = [replace(c, primiera_cards=None) for c in counts]
        winner = by_cards.awards[Category.PRIMIERA].winner
    entry = CountsEntry(tuple(counts), winner)
    stored = json.loads(json.dumps(entry.to_json()))
    assert CountsEntry.from_json(stored) == entry == read_entry("counts", stored)
    assert read_entry("counts", stored).score(rules) == score_counts(rules, counts, winner)


@given(rules_st, st.integers(1, 999), st.sampled_from(list(SumChoice)))
def test_rules_round_trip_through_their_json(rules, target, sum_choice):
    rules = replace(rules, target=target, sum_choice=sum_choice)
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules
