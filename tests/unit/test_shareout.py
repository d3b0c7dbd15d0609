"""Counts are accepted exactly when one share-out of the 40 cards gives them all at once
(RULES.md section 6, "above all"; scoring/shareout.py).

First hands a player can check on paper: the fante, cavallo or re of denari against a
napola of 7, both ways; "nobody" took the primiera when one side must; best cards that
fit one by one but not together. Then properties: the counts of every random share-out
are accepted (soundness), and every accepted entry comes with a share-out, its witness,
that gives the same counts when scored card by card (exactness).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from babel.support import Translations
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import (
    DECK,
    FORMATS,
    SUITS,
    Card,
    Category,
    ErrorCode,
    InvalidHand,
    Primiera,
    Rules,
    SideCards,
    SideCounts,
    counts_of,
    score_cards,
    score_counts,
)
from scorekeeper.scoring.primiera import PRIMIERA_VALUES
from scorekeeper.scoring.shareout import find_share_out, settebello_room
from scorekeeper.scoring.validate import COUNTS_CHECKS
from scorekeeper.ui.scoring_js import TRANSLATIONS
from tests.helpers.deals import (
    no_lone_cards,
    nobody_possible_many,
    primiera_outcomes_two_sides,
)
from tests.helpers.rulesets import any_rules

TWO = Rules()
NAPOLA = Rules(napola=True)
THREE = Rules(format=FORMATS["3"])
SHARE_OUT_CODES = {
    ErrorCode.DENARI_SHARE_OUT,
    ErrorCode.BEST_CARDS_SHARE_OUT,
    ErrorCode.PRIMIERA_WINNER_BEATEN,
    ErrorCode.PRIMIERA_NOBODY,
}


def codes(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def refusal(rules: Rules, sides: list[SideCounts], winner: int | None) -> list[tuple[str, str]]:
    """The codes and fields refusing the counts; empty when they are accepted."""
    try:
        score_counts(rules, sides, winner)
    except InvalidHand as refused:
        return [(e.code.value, e.field) for e in refused.errors]
    return []


def replayed(rules: Rules, sides: list[SideCounts], winner: int | None) -> list[int]:
    """The witness of accepted counts, checked: scored card by card it gives every count
    entered, each best card shown is the best of its suit, and the primiera goes where the
    table said (to a side, or to nobody)."""
    found = find_share_out(rules, sides, winner)
    assert found is not None, "accepted, but no share-out found"
    masks = list(found.masks)
    assert sum(m.bit_count() for m in masks) == 40
    assert [m.bit_count() for m in masks] == [side.cards for side in sides]
    real = score_cards(
        rules, [SideCards.from_mask(m, s.scope) for m, s in zip(masks, sides, strict=True)]
    )
    for typed, dealt in zip(sides, counts_of(real), strict=True):
        assert (dealt.cards, dealt.denari, dealt.settebello) == (
            typed.cards,
            typed.denari,
            typed.settebello,
        )
        assert dealt.re_bello == (rules.re_bello and typed.re_bello)
        assert dealt.napola_run == (typed.napola_run if rules.napola else dealt.napola_run)
    shown = any(side.primiera_cards is not None for side in sides)
    for mask, side in zip(masks, sides, strict=True):
        best = Primiera.of_mask(mask).best
        for card in side.primiera_cards or ():
            assert mask & card.bit, f"{card.code} not held"
            assert PRIMIERA_VALUES[best[card.suit].value] == PRIMIERA_VALUES[card.value]
        if shown:  # a suit left blank is a suit the side holds none of, as the scorer reads it
            blank = {suit for suit in SUITS} - {card.suit for card in side.primiera_cards or ()}
            assert not any(mask & suit.mask for suit in blank), f"holds a card of {blank}"
    if not shown:
        assert real.awards[Category.PRIMIERA].winner == winner
    return masks


# --------------------------------------------------------------------------- on paper


def test_the_fante_cavallo_or_re_of_denari_cannot_beat_a_napola_of_7_with_27_other_cards():
    # Bruno's napola of 7 is the asso to the settebello: Anna's three denari are the fante,
    # the cavallo and the re, worth 10. With the three other sevens she has 10 + 63 = 73.
    # Bruno, with all the other 27 cards outside denari, has the three sixes: 21 + 54 = 75.
    sides = [SideCounts(6, 3), SideCounts(34, 7, True, napola_run=7)]
    assert refusal(NAPOLA, sides, 0) == [("primiera_winner_beaten", "primiera")]
    assert refusal(NAPOLA, sides, 1) == []
    replayed(NAPOLA, sides, 1)


def test_the_napola_of_7_loses_with_25_cards_outside_denari_and_not_with_26():
    # 25 cards: Bruno can hold the 6C, the 6B and the 5S at best and below (9 + 9 + 7):
    # 21 + 18 + 18 + 15 = 72, and Anna's 73 wins. With 26 he holds an asso or a sixth 6:
    # 73 or more, and Anna cannot win.
    anna_wins = [SideCounts(8, 3), SideCounts(32, 7, True, napola_run=7)]
    assert refusal(NAPOLA, anna_wins, 0) == []
    masks = replayed(NAPOLA, anna_wins, 0)
    anna, bruno = (Primiera.of_mask(m).total for m in masks)
    assert anna == 73
    assert bruno is None or bruno < 73
    level = [SideCounts(7, 3), SideCounts(33, 7, True, napola_run=7)]
    assert refusal(NAPOLA, level, 0) == [("primiera_winner_beaten", "primiera")]
    assert (settebello_room(10), settebello_room(12), settebello_room(13)) == (25, 26, 27)


def test_the_refusal_says_the_best_denaro_and_the_cards_in_both_languages():
    sides = [SideCounts(6, 3), SideCounts(34, 7, True, napola_run=7)]
    with pytest.raises(InvalidHand) as refused:
        score_counts(NAPOLA, sides, 0)
    [error] = refused.value.errors
    assert (error.code, dict(error.params)) == (
        ErrorCode.PRIMIERA_WINNER_BEATEN,
        {"card": "8D", "other": 27},
    )
    catalog = Translations.load(str(TRANSLATIONS), ["it"])
    assert catalog.gettext(error.template) % dict(error.params) == (
        "questa parte non può aver preso la primiera: il suo denaro migliore può essere al "
        "massimo 8D, e la parte con il settebello ha preso 27 carte che non sono denari, "
        "quindi la sua primiera è sempre almeno altrettanto alta"
    )


def test_with_the_settebello_or_a_better_denaro_the_winner_always_can_win():
    # Anna holds the settebello: 84 with the other sevens. Or her best denaro may be the
    # 6D (no napola played): 18 + 63 = 81 beats Bruno's 21 + 54.
    assert refusal(TWO, [SideCounts(4, 1, True), SideCounts(36, 9)], 0) == []
    assert refusal(TWO, [SideCounts(34, 4, True), SideCounts(6, 6)], 0) == []  # 30 outside
    assert refusal(TWO, [SideCounts(4, 1), SideCounts(36, 9, True)], 0) == []
    replayed(TWO, [SideCounts(4, 1), SideCounts(36, 9, True)], 0)


def test_nobody_took_the_primiera_only_when_some_share_out_leaves_it_to_nobody():
    # Three cards cannot hold four suits, and the side with 37 holds all four: it wins.
    forced = [SideCounts(37, 9, True), SideCounts(3, 1)]
    assert refusal(TWO, forced, None) == [("primiera_nobody", "primiera")]
    assert refusal(TWO, forced, 0) == []
    # 30 and 10 cards: both complete and level (each holds the seven of two suits,
    # 6 against 7 in the others), or each lacking a suit: nobody is possible.
    level = [SideCounts(30, 9), SideCounts(10, 1, True)]
    assert refusal(TWO, level, None) == []
    replayed(TWO, level, None)
    # Two sides each lacking a suit: 10 to 20 cards outside denari each.
    assert refusal(TWO, [SideCounts(20, 5, True), SideCounts(20, 5)], None) == []
    replayed(TWO, [SideCounts(20, 5, True), SideCounts(20, 5)], None)


def test_nobody_with_three_sides_is_refused_when_one_side_alone_holds_four_suits():
    # Bruno and Carla took three cards each: neither holds four suits, nor can the two
    # take all ten cards of a suit from Anna. Her primiera always wins.
    forced = [SideCounts(34, 8, True), SideCounts(3, 1), SideCounts(3, 1)]
    assert refusal(THREE, forced, None) == [("primiera_nobody", "primiera")]
    assert refusal(THREE, forced, 0) == []
    # With 12 cards outside denari between them, Bruno and Carla can take all the coppe:
    # each side lacking a suit, nobody's primiera, and the witness shows it.
    open_ = [SideCounts(26, 8, True), SideCounts(7, 1), SideCounts(7, 1)]
    assert refusal(THREE, open_, None) == []
    replayed(THREE, open_, None)


def test_nobody_with_three_sides_needs_a_side_that_can_level_the_one_with_all_four_suits():
    # Anna took 27 cards outside denari and nine denari with the settebello: she always
    # holds four suits. Bruno took the re bello and three cards, Carla nothing. Bruno's
    # best is 10 + 21 + 21 + 21 = 73 with the three sevens, and Anna then has 21 and the
    # three sixes, 75: he can never level her, and nobody is refused.
    rules = Rules(format=FORMATS["3"], re_bello=True)
    apart = [SideCounts(36, 9, True), SideCounts(4, 1, re_bello=True), SideCounts(0, 0)]
    assert refusal(rules, apart, None) == [("primiera_nobody", "primiera")]
    assert refusal(rules, apart, 0) == []
    # Without the re bello Bruno's denaro may be the 2D: 12 + 63 = 75 against Anna's 75
    # (or, as the witness has it, another level pair).
    level = [SideCounts(36, 9, True), SideCounts(4, 1), SideCounts(0, 0)]
    assert refusal(THREE, level, None) == []
    masks = replayed(THREE, level, None)
    anna, bruno, carla = (Primiera.of_mask(m).total for m in masks)
    assert (anna, carla) == (bruno, None)


def test_nobody_with_four_sides_two_others_can_level_above_the_one_with_all_four_suits():
    # Anna's 21 cards outside denari hold four suits whatever happens. Bruno and Carla, a
    # denaro and three cards each, can both take 7 + 6 of two suits and more: the witness
    # finds a share-out in which the best primiera is level, whoever levels.
    four = Rules(format=FORMATS["4"])
    sides = [SideCounts(28, 7, True), SideCounts(4, 1), SideCounts(4, 1), SideCounts(4, 1)]
    assert refusal(four, sides, None) == []
    masks = replayed(four, sides, None)
    totals = [t for t in (Primiera.of_mask(m).total for m in masks) if t is not None]
    assert totals.count(max(totals)) >= 2


def test_best_cards_that_fit_one_by_one_but_not_together_are_refused():
    # Anna shows the fanti, Bruno the cavalli as their best cards outside denari: each may
    # hold the face cards of those suits but the other's, 6 cards, but together only the
    # nine face cards: 5 + 5 is one too many.
    sides = [
        SideCounts(6, 1, primiera_cards=codes("9D 8C 8B 8S")),
        SideCounts(6, 1, primiera_cards=codes("8D 9C 9B 9S")),
        SideCounts(28, 8, True, primiera_cards=codes("7D 7C 7B 7S")),
    ]
    assert refusal(THREE, sides, None) == [("best_cards_share_out", "primiera")]
    fits = [replace(sides[0], cards=5), replace(sides[1], cards=5), replace(sides[2], cards=30)]
    assert refusal(THREE, fits, None) == []
    replayed(THREE, fits, None)


def test_best_denari_that_fit_one_by_one_but_not_together_are_refused():
    # Anna's best denaro is the 2D: she may hold 2D, 9D, 10D (the 8D is Bruno's). Bruno's
    # is the 8D: 8D, 9D, 10D. Together they hold at most those four denari, not five.
    # (Outside denari Anna holds only coppe, Bruno only bastoni, Carla the rest.)
    sides = [
        SideCounts(10, 2, primiera_cards=codes("2D 7C")),
        SideCounts(10, 3, primiera_cards=codes("8D 7B")),
        SideCounts(20, 5, True, primiera_cards=codes("7D 6C 6B 7S")),
    ]
    assert refusal(THREE, sides, None) == [("denari_share_out", "denari")]
    fits = [replace(sides[0], denari=1), sides[1], replace(sides[2], denari=6)]
    assert refusal(THREE, fits, None) == []
    replayed(THREE, fits, None)


def test_the_nine_denari_of_rules_section_6_are_the_asso_to_the_6_in_the_witness():
    sides = [SideCounts(30, 9, napola_run=6), SideCounts(10, 1, True)]
    masks = replayed(NAPOLA, sides, 0)
    assert [c.code for c in DECK if masks[0] & c.bit and c.is_denaro] == [
        "1D", "2D", "3D", "4D", "5D", "6D", "8D", "9D", "10D",
    ]  # fmt: skip


# --------------------------------------------------------------------------- properties


def random_masks(rng: random.Random, sides: int) -> list[int]:
    """A random share-out of the 40 cards, the sides' shares of very different sizes."""
    weights = [rng.random() ** 3 + 0.01 for _ in range(sides)]
    masks = [0] * sides
    for card in DECK:
        masks[rng.choices(range(sides), weights)[0]] |= card.bit
    return no_lone_cards(masks)


@settings(max_examples=300, deadline=None)
@given(any_rules(napoleone=False), st.randoms(use_true_random=False))
def test_the_counts_of_every_share_out_are_accepted(rules, rng):
    """Soundness: whatever a share-out gives, as counts with its best cards shown exactly
    (a suit left blank where the side lacks it), or with who took the primiera, is
    accepted, and the scorer reads the same primiera from the best cards."""
    masks = random_masks(rng, rules.sides)
    real = score_cards(rules, [SideCards.from_mask(m) for m in masks])
    counts = counts_of(real)
    winner = real.awards[Category.PRIMIERA].winner
    for mask, side in zip(masks, counts, strict=True):
        held = {suit for suit in SUITS if mask & suit.mask}
        assert {card.suit for card in side.primiera_cards or ()} == held
    scored = score_counts(rules, counts)
    assert scored.awards[Category.PRIMIERA].winner == winner
    plain = [replace(c, primiera_cards=None) for c in counts]
    score_counts(rules, plain, winner)
    lacking = sum(len(c.primiera_cards or ()) < len(SUITS) for c in counts)
    event(f"winner {'nobody' if winner is None else 'someone'}, {lacking} sides lacking a suit")


@settings(max_examples=200, deadline=None)
@given(any_rules(napoleone=False), st.randoms(use_true_random=False))
def test_a_held_suit_left_blank_is_read_as_lacking_it(rules, rng):
    """A share-out's best cards with one suit a side holds left blank: accepted only when
    some other share-out has that side lacking the suit (its witness shows it), and then
    scored as the blank says."""
    masks = random_masks(rng, rules.sides)
    counts = counts_of(score_cards(rules, [SideCards.from_mask(m) for m in masks]))
    i = rng.choice([k for k, side in enumerate(counts) if side.primiera_cards])
    best = list(counts[i].primiera_cards or ())
    best.pop(rng.randrange(len(best)))
    counts[i] = replace(counts[i], primiera_cards=tuple(best))
    try:
        score_counts(rules, counts)
    except InvalidHand as refused:
        event(f"refused {refused.errors[0].code.value}")
        return
    event("accepted")
    replayed(rules, counts, None)


@st.composite
def near_entries(draw: st.DrawFn) -> tuple[Rules, list[SideCounts], int | None]:
    """Counts near what a share-out gives: a share-out's counts with some cards moved
    between sides, some best cards dropped or changed, any side or nobody said to take
    the primiera. Many are refused."""
    rules = draw(any_rules(napoleone=False))
    rng = draw(st.randoms(use_true_random=False))
    masks = random_masks(rng, rules.sides)
    counts = counts_of(score_cards(rules, [SideCards.from_mask(m) for m in masks]))
    n = rules.sides
    for _ in range(draw(st.integers(0, 3))):
        i, j = rng.randrange(n), rng.randrange(n)
        moved = rng.randint(1, 8)
        if counts[i].cards - counts[i].denari >= moved:
            counts[i] = replace(counts[i], cards=counts[i].cards - moved)
            counts[j] = replace(counts[j], cards=counts[j].cards + moved)
    if draw(st.booleans()):
        counts = [replace(c, primiera_cards=None) for c in counts]
        return rules, counts, draw(st.sampled_from((None, *range(n))))
    for i, side in enumerate(counts):
        best = list(side.primiera_cards or ())
        if best and rng.random() < 0.4:
            k = rng.randrange(len(best))
            suit = best[k].suit
            best[k] = rng.choice([c for c in suit.cards if c is not Card.SETTEBELLO])
        if best and rng.random() < 0.3:
            best.pop(rng.randrange(len(best)))
        if side.settebello:
            best = [Card.SETTEBELLO, *(b for b in best if not b.is_denaro)]
        counts[i] = replace(side, primiera_cards=tuple(best))
    return rules, counts, None


@settings(max_examples=400, deadline=None)
@given(near_entries())
def test_every_accepted_entry_comes_with_a_share_out_that_gives_it(entry):
    """Exactness: an accepted entry has a witness, which replayed card by card gives
    every count entered, every best card shown and the primiera as said."""
    rules, counts, winner = entry
    try:
        score_counts(rules, counts, winner)
    except InvalidHand as refused:
        event(f"refused {refused.errors[0].code.value}")
        if refused.errors[0].code in SHARE_OUT_CODES:  # the last check: no witness either
            assert find_share_out(rules, counts, winner) is None
        return
    event("accepted")
    replayed(rules, counts, winner)


def test_every_suit_is_read_the_same_way():
    """The three suits outside denari are alike: a winner's witness holds the three
    other sevens."""
    sides = [SideCounts(8, 3), SideCounts(32, 7, True, napola_run=7)]
    masks = replayed(NAPOLA, sides, 0)
    for suit in SUITS[1:]:
        assert masks[0] & suit.cards[6].bit


def passes_the_checks_before(rules: Rules, sides: list[SideCounts], winner: int | None) -> bool:
    """Whether the counts pass every check but the share-out's (the last stage)."""
    return not any(check(rules, sides, winner) for stage in COUNTS_CHECKS[:-1] for check in stage)


@st.composite
def two_sides_primiera(draw: st.DrawFn) -> tuple[Rules, list[SideCounts]]:
    """Two sides' counts without best cards, near the edge of who can take the primiera:
    one side often holds the asso up to the 7 or more (a napola of 7 or more when
    played) and many cards outside denari; a few cards moved between the sides."""
    rules = Rules(napola=draw(st.booleans()), re_bello=draw(st.booleans()))
    rng = draw(st.randoms(use_true_random=False))
    masks = [0, 0]
    run = rng.choice((0, 7, 8, 9))
    for card in DECK[:10]:
        masks[1 if card.value <= run else rng.randrange(2)] |= card.bit
    keep = rng.random() ** 2
    for card in DECK[10:]:
        masks[1 if rng.random() > keep else 0] |= card.bit
    masks = no_lone_cards(masks)
    counts = counts_of(score_cards(rules, [SideCards.from_mask(m) for m in masks]))
    counts = [replace(c, primiera_cards=None) for c in counts]
    moved = draw(st.integers(-4, 4))
    a, b = counts[0].cards - moved, counts[1].cards + moved
    if a >= counts[0].denari and b >= counts[1].denari:
        counts = [replace(counts[0], cards=a), replace(counts[1], cards=b)]
    return rules, counts


@settings(max_examples=150, deadline=None)
@given(two_sides_primiera())
def test_two_sides_primiera_is_refused_exactly_when_a_long_search_finds_no_share_out(entry):
    """With two sides, who took the primiera (either side, or nobody) is accepted exactly
    when some share-out gives it, as a search of every denari share-out and every pair of
    best cards in each other suit finds (tests/helpers/deals.py, written apart)."""
    rules, counts = entry
    possible = primiera_outcomes_two_sides(rules, counts)
    for winner in (None, 0, 1):
        if not passes_the_checks_before(rules, counts, winner):
            continue
        accepted = not refusal(rules, counts, winner)
        event(f"{'accepted' if accepted else 'refused'} {winner}")
        assert accepted == (winner in possible), (winner, possible)


@st.composite
def one_big_side(draw: st.DrawFn) -> tuple[Rules, list[SideCounts]]:
    """Three or four sides' counts, one side with 25 cards or more outside denari (it
    always holds four suits), from a random share-out of the denari (a flag sometimes
    moved to another side with denari), the other cards outside denari shared at random."""
    sides = draw(st.sampled_from((3, 4)))
    rules = Rules(
        format=FORMATS[str(sides)], napola=draw(st.booleans()), re_bello=draw(st.booleans())
    )
    rng = draw(st.randoms(use_true_random=False))
    masks = [0] * sides
    masks[0] |= DECK[rng.randrange(10)].bit  # the big side holds a denaro
    for card in DECK[:10]:
        if not any(m & card.bit for m in masks):
            masks[rng.choice((0, *range(sides)))] |= card.bit
    for card in DECK[10:]:  # counted again below
        masks[0] |= card.bit
    masks = no_lone_cards(masks)
    counts = counts_of(score_cards(rules, [SideCards.from_mask(m) for m in masks]))
    counts = [replace(c, primiera_cards=None) for c in counts]
    small = draw(st.integers(0, 5))
    outside = [30 - small] + [0] * (sides - 1)
    for _ in range(small):
        outside[rng.randrange(1, sides)] += 1
    counts = [replace(c, cards=c.denari + o) for c, o in zip(counts, outside, strict=True)]
    if rules.re_bello and draw(st.booleans()):
        holders = [i for i, c in enumerate(counts) if c.denari]
        new = rng.choice(holders)
        counts = [replace(c, re_bello=i == new) for i, c in enumerate(counts)]
    order = draw(st.permutations(range(sides)))
    return rules, [counts[i] for i in order]


@settings(max_examples=120, deadline=None)
@given(one_big_side())
def test_nobody_with_a_side_always_complete_is_refused_exactly_when_a_long_search_finds_none(
    entry,
):
    """With three or four sides, one of them holding four suits in every share-out,
    "nobody took the primiera" is accepted exactly when some share-out leaves it to
    nobody, as a search of every denari share-out and every way the other sides can take
    their cards of each suit finds (tests/helpers/deals.py, written apart)."""
    rules, counts = entry
    if not passes_the_checks_before(rules, counts, None):
        event("refused before")
        return
    accepted = not refusal(rules, counts, None)
    event("accepted" if accepted else "refused")
    assert accepted == nobody_possible_many(rules, counts)
    if accepted:
        replayed(rules, counts, None)
