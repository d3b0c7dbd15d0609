"""No impossible hand accepted (RULES.md section 6, "the counts must be ones some real
deal gives"): the scope the plays of a hand hold, and the napola the denari force.

Each limit first on hands a player can check on paper, then as properties: every hand of
a real deal (played at random by the rules) is accepted, and every entry the scorer
accepts has a deal that gives it (a share-out of the 40 cards and the plays its scope
sit on, found by the searches in `tests.helpers.deals`, written apart from the scorer).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from babel.support import Translations
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import (
    DENARI_IN_DECK,
    FORMATS,
    RULE_SETS,
    SUITS,
    Category,
    CountsEntry,
    ErrorCode,
    InputError,
    InvalidHand,
    Rules,
    SideCards,
    SideCounts,
    counts_of,
    napola_outcomes,
    read_entry,
    scope_limits,
    score_cards,
    score_counts,
)
from scorekeeper.scoring.deal import captures_fit, most_scope, scope_possible
from scorekeeper.scoring.validate import COUNTS_CHECKS
from scorekeeper.ui.scoring_js import TRANSLATIONS
from tests.helpers.deals import (
    place_scope,
    place_scope_taking,
    play_hand,
    scope_fits,
    share_out,
)
from tests.helpers.rulesets import any_rules

TWO = Rules()
NAPOLA = Rules(napola=True)
NAPOLA_RE_BELLO = Rules(napola=True, re_bello=True)


def errors_of(
    rules: Rules, sides: list[SideCounts], winner: int | None = None
) -> list[tuple[str, str, dict[str, object]]]:
    """The refusal of the counts ``sides`` with ``winner`` said to take the primiera, as
    (code, field, params); empty when accepted."""
    try:
        score_counts(rules, sides, winner)
    except InvalidHand as refused:
        return [(e.code.value, e.field, dict(e.params)) for e in refused.errors]
    return []


# --------------------------------------------------------------------------- scope on paper


def test_two_players_make_18_scope_only_when_one_makes_them_all():
    # 36 plays, Anna and Bruno in turn; the last (Bruno's, when Anna starts) is never a
    # scopa. Anna sweeping on all 18 of hers is a hand: Bruno always meets an empty table,
    # so he lays every card and takes none: 40 to 0, never 36 to 4.
    # (Anna holds all four suits, Bruno none: the primiera is Anna's.)
    assert errors_of(TWO, [SideCounts(40, 10, True, scope=18), SideCounts(0, 0)], 0) == []
    assert errors_of(TWO, [SideCounts(36, 9, True, scope=18), SideCounts(4, 1)]) == [
        ("scope_every_play", "sides[1].cards", {"plays": 18})
    ]
    # 17 + 1 is not: Bruno's scopa leaves Anna's next play without one, and it needs a
    # table after Anna's play before it, so two of Anna's 18 plays cannot sweep.
    sides = [SideCounts(36, 9, True, scope=17), SideCounts(4, 1, scope=1)]
    assert errors_of(TWO, sides) == [("scope_table_split", "scope", {"total": 18, "maximum": 17})]
    # 16 + 1 is a hand (17 in all, as any split of 17 is).
    assert errors_of(TWO, [SideCounts(34, 9, True, scope=16), SideCounts(6, 1, scope=1)]) == []
    assert errors_of(TWO, [SideCounts(20, 5, True, scope=9), SideCounts(20, 5, scope=8)]) == []


def test_pairs_are_two_sides_as_two_players_are():
    pairs = Rules(format=FORMATS["2x2"])
    sides = [SideCounts(20, 5, True, scope=9), SideCounts(20, 5, scope=9)]
    assert [code for code, _, _ in errors_of(pairs, sides)] == ["scope_table_split"]


def test_three_players_two_neighbours_share_12_plays():
    # Three players: every play of Anna comes just before one of Bruno, so of those 24
    # plays at most 12 (one of each pair) are scope: 7 + 5 + 6 is one too many there.
    three = Rules(format=FORMATS["3"])
    ok = [SideCounts(14, 4, True, scope=7), SideCounts(13, 3, scope=5), SideCounts(13, 3, scope=5)]
    assert errors_of(three, ok) == []
    bad = [SideCounts(14, 4, True, scope=7), SideCounts(13, 3, scope=5), SideCounts(13, 3, scope=6)]
    assert errors_of(three, bad) == [("scope_table_split", "scope", {"total": 18, "maximum": 17})]


def test_four_players_opposite_can_sweep_all_but_not_neighbours():
    # Sides are in seat order: seats 1 and 3 sit opposite, 1 and 2 side by side.
    four = Rules(format=FORMATS["4"])
    # Each of the other two always meets an empty table: it lays its cards, takes none.
    opposite = [SideCounts(20, 5, True, scope=9), SideCounts(0, 0), SideCounts(20, 5, scope=9)]
    assert errors_of(four, [*opposite, SideCounts(0, 0)]) == []
    taking = [SideCounts(18, 5, True, scope=9), SideCounts(2, 1), SideCounts(18, 4, scope=9)]
    assert [field for _, field, _ in errors_of(four, [*taking, SideCounts(2, 0)])] == [
        "sides[1].cards",
        "sides[3].cards",
    ]
    neighbours = [SideCounts(18, 5, True, scope=9), SideCounts(18, 4, scope=9)]
    assert errors_of(four, [*neighbours, SideCounts(2, 1), SideCounts(2, 0)]) == [
        ("scope_table_split", "scope", {"total": 18, "maximum": 9})
    ]


def test_the_scope_limits_follow_from_the_deal():
    # The plays and the table cards decide: ten cards each and none on the table
    # (scopone scientifico's deal) give 40 plays, the first and the last without a scopa.
    assert scope_limits(2, 36, 4)[0] == (0, 18)
    assert max(map(sum, scope_limits(2, 40, 0))) == 19
    assert (19, 0) in scope_limits(2, 40, 0)
    assert (1, 18) in scope_limits(2, 40, 0)  # 40 plays: the other side's first play sweeps
    assert scope_possible(scope_limits(2, 36, 4), (18, 0))
    assert not scope_possible(scope_limits(2, 36, 4), (17, 1))
    assert most_scope(scope_limits(2, 36, 4), (17, 1)) == 17
    assert FORMATS["2"].scope_limits == scope_limits(2, 36, 4)


def test_cards_entries_are_held_to_the_same_limit():
    anna = " ".join(f"{v}{s}" for s in "DCB" for v in range(1, 11))
    piles = [anna.split(), [f"{v}S" for v in range(1, 11)]]
    entry = {"sides": [{"cards": piles[0], "scope": 15}, {"cards": piles[1], "scope": 3}]}
    with pytest.raises(InvalidHand) as refused:
        read_entry("cards", entry).score(TWO)
    assert [e.code for e in refused.value.errors] == [ErrorCode.SCOPE_TABLE_SPLIT]


# --------------------------------------------------------------------------- napola on paper


@pytest.mark.parametrize("run", [0, 3, 4, 5])
def test_nine_denari_without_the_settebello_are_a_napola_of_6(run):
    # Bruno holds the 7D and no other denaro: Anna has 1D to 6D, 8D, 9D and 10D.
    sides = [SideCounts(30, 9, napola_run=run), SideCounts(10, 1, True)]
    assert errors_of(NAPOLA, sides) == [
        ("napola_forced_no_settebello", "sides[0].napola_run", {"denari": 9, "run": 6})
    ]


def test_the_napola_the_counts_force_is_scored():
    sides = [SideCounts(30, 9, napola_run=6), SideCounts(10, 1, True)]
    score = score_counts(NAPOLA, sides, None)
    assert score.sides[0].points[Category.NAPOLA] == 6


def test_nine_denari_with_the_settebello_but_not_the_re_bello_are_a_napola_of_9():
    sides = [SideCounts(30, 9, True, napola_run=7), SideCounts(10, 1, re_bello=True)]
    assert errors_of(NAPOLA_RE_BELLO, sides) == [
        ("napola_forced_no_re_bello", "sides[0].napola_run", {"denari": 9, "run": 9})
    ]
    # Without the re bello played the missing denaro may be any: no napola is forced.
    plain = [SideCounts(30, 9, True), SideCounts(10, 1)]
    assert errors_of(NAPOLA, plain) == []
    assert errors_of(NAPOLA, [replace(plain[0], napola_run=5), plain[1]]) == []


def test_three_sides_leave_eight_denari_a_napola_of_6():
    # Bruno holds only the settebello, Carla only the re bello: Anna the other eight.
    sides = [
        SideCounts(20, 8),
        SideCounts(10, 1, True),
        SideCounts(10, 1, re_bello=True),
    ]
    three = Rules(format=FORMATS["3"], napola=True, re_bello=True)
    assert errors_of(three, sides) == [
        ("napola_forced_no_settebello", "sides[0].napola_run", {"denari": 8, "run": 6})
    ]
    # With a denaro more for Carla, Anna may lack the asso: no napola forced.
    sides[0], sides[2] = SideCounts(20, 7), SideCounts(10, 2, re_bello=True)
    assert errors_of(three, sides) == []


def test_all_ten_denari_are_a_napola_of_10():
    sides = [SideCounts(30, 10, True, napola_run=0), SideCounts(10, 0)]
    assert errors_of(NAPOLA, sides) == [("napola_all_denari", "sides[0].napola_run", {"run": 10})]


def test_the_offer_reads_well_in_italian():
    catalog = Translations.load(str(TRANSLATIONS), ["it"])
    sides = [SideCounts(30, 9), SideCounts(10, 1, True)]
    with pytest.raises(InvalidHand) as refused:
        score_counts(NAPOLA, sides, None)
    [error] = refused.value.errors
    assert catalog.gettext(error.template) % dict(error.params) == (
        "con 9 denari senza il settebello questa parte ha dall'asso al 6: napola da 6"
    )
    assert error.message == (
        "with 9 denari but not the settebello this side holds the asso to the 6: a napola of 6"
    )


@pytest.mark.parametrize("fmt", ["2", "3"])
def test_every_napola_the_denari_refuse_is_one_they_force(fmt, corpus_share):
    # check_napola_share offers the one napola the counts allow whenever it refuses:
    # over every count of denari, holder of the settebello and the re bello, and napola
    # entered, a refused run always leaves exactly one napola (of some side) possible.
    # (Three sides take some seconds: in the full run only.)
    if fmt == "3" and corpus_share != 1:
        pytest.skip("three sides in the full corpus only")
    sides_count = FORMATS[fmt].sides
    refused = 0
    for re_bello in (False, True):
        rules = Rules(format=FORMATS[fmt], napola=True, re_bello=re_bello)
        for denari in itertools.product(range(DENARI_IN_DECK + 1), repeat=sides_count):
            if sum(denari) != DENARI_IN_DECK:
                continue
            for seven, king in itertools.product(range(sides_count), repeat=2):
                if not re_bello and king:
                    continue
                for who, run in itertools.product(range(sides_count), (0, *range(3, 11))):
                    sides = [
                        SideCounts(
                            40 // sides_count + (40 % sides_count if i == 0 else 0),
                            denari[i],
                            seven == i,
                            re_bello and king == i,
                            run if who == i else 0,
                        )
                        for i in range(sides_count)
                    ]
                    if any(check(rules, sides, None) for check in COUNTS_CHECKS[2]):
                        continue
                    held = tuple(
                        (1 << 6 if s.settebello else 0) | (1 << 9 if s.re_bello else 0)
                        for s in sides
                    )
                    outcomes = napola_outcomes(denari, held)
                    entered = (who, run) if run else None
                    if entered not in outcomes:
                        refused += 1
                        assert len(outcomes) == 1
                        assert None not in outcomes
    assert refused > 10


def test_after_every_play_a_scopa_the_next_side_takes_nothing_also_card_by_card():
    anna = SideCards.from_mask((1 << 40) - 1 - 0b1111, 18)  # all but 1D 2D 3D 4D
    bruno = SideCards.from_mask(0b1111)
    with pytest.raises(InvalidHand) as refused:
        score_cards(TWO, [anna, bruno])
    assert [e.code for e in refused.value.errors] == [ErrorCode.SCOPE_EVERY_PLAY]
    # Three players: Anna's 12 scope leave Bruno (after her) nothing; Carla may take.
    three = Rules(format=FORMATS["3"])
    sides = [SideCounts(30, 8, True, scope=12), SideCounts(0, 0), SideCounts(10, 2)]
    assert errors_of(three, sides) == []
    sides = [SideCounts(30, 8, True, scope=12), SideCounts(4, 1), SideCounts(6, 1)]
    assert [code for code, _, _ in errors_of(three, sides)] == ["scope_every_play"]


def test_a_side_takes_no_cards_or_two_at_least():
    # A capture is the card played and one table card or more: 39 to 1 is no hand.
    assert errors_of(TWO, [SideCounts(39, 10, True), SideCounts(1, 0)], 0) == [
        ("cards_one", "sides[1].cards", {})
    ]
    assert errors_of(TWO, [SideCounts(38, 10, True), SideCounts(2, 0)], 0) == []
    assert errors_of(TWO, [SideCounts(40, 10, True), SideCounts(0, 0)], 0) == []
    catalog = Translations.load(str(TRANSLATIONS), ["it"])
    assert catalog.gettext(InputError(ErrorCode.CARDS_ONE, "cards").template) == (
        "chi prende carte ne prende almeno due: quella che gioca e una dal tavolo"
    )


def test_in_scopone_scientifico_19_scope_leave_the_other_pair_nothing():
    # 40 plays and no table cards. Anna and Carla's 19 scope sit on every play of theirs
    # but the last: if they play first, their first play meets an empty table and cannot
    # be a scopa, so they play second. Then each of Bruno and Dario's plays meets an empty
    # table (the first play, or right after a scopa): they lay every card and take none.
    # With 18 scope one of their plays can take: two cards are a hand.
    scopone = Rules(format=FORMATS["2x2"], rule_set=RULE_SETS["scopone-scientifico"])
    nineteen = [SideCounts(38, 9, True, scope=19), SideCounts(2, 1)]
    assert errors_of(scopone, nineteen, 0) == [("cards_no_capture", "sides[1].cards", {})]
    assert errors_of(scopone, [SideCounts(40, 10, True, scope=19), SideCounts(0, 0)], 0) == []
    eighteen = [SideCounts(38, 9, True, scope=18), SideCounts(2, 1)]
    assert errors_of(scopone, eighteen, 0) == []
    catalog = Translations.load(str(TRANSLATIONS), ["it"])
    assert catalog.gettext(InputError(ErrorCode.CARDS_NO_CAPTURE, "cards").template) == (
        "questa parte non può aver preso carte: con queste scope ogni sua giocata trova "
        "il tavolo vuoto, o una carta sola che potrebbe prendere solo facendo scopa"
    )


def test_a_side_that_took_cards_had_a_play_to_take_them_on_also_card_by_card():
    # Four players, Scopa: Anna's 9 scope are every play of hers, so Bruno after her
    # takes nothing (scope_every_play). With 8 of Anna's and 4 of Carla's, and Carla
    # sitting before Dario, is there a play on which Dario, without scope, can take? The
    # walk says which sides can take; a side it says cannot is named.
    four = Rules(format=FORMATS["4"])
    assert captures_fit(36, 4, (9, 0, 4, 0), 0b0111) is False
    assert captures_fit(36, 4, (9, 0, 4, 0), 0b0101) is True
    sides = [
        SideCounts(30, 8, True, scope=9),
        SideCounts(2, 1),
        SideCounts(8, 1, scope=4),
        SideCounts(0, 0),
    ]
    assert [code for code, _, _ in errors_of(four, sides)] == ["scope_every_play"]
    # Card by card a hand is a share-out of the deck, and the API scores any (API.md);
    # its counts, typed, are refused when a side took one card.
    three = Rules(format=FORMATS["3"])
    anna = SideCards.from_mask((1 << 40) - 1 - 0b11, 0)  # all but 1D 2D
    by_cards = score_cards(three, [anna, SideCards.from_mask(0b10), SideCards.from_mask(0b01)])
    assert [code for code, _, _ in errors_of(three, list(counts_of(by_cards)))] == [
        "cards_one",
        "cards_one",
    ]


@settings(max_examples=40, deadline=None)
@given(any_rules(napoleone=False), st.randoms(use_true_random=False))
def test_every_real_hands_takers_fit_its_scope(rules, rng):
    """Soundness of the walk: in a hand played at random, the sides that took cards and
    the scope they made fit (deal.captures_fit)."""
    piles, scope = play_hand(rules, rng)
    takers = sum(1 << i for i, pile in enumerate(piles) if pile)
    assert all(pile.bit_count() != 1 for pile in piles)
    deal = rules.deal
    assert captures_fit(deal.plays, deal.table_cards, tuple(scope), takers)


def test_the_primiera_needs_a_denaro_and_three_other_cards():
    # Bruno took 2 cards: he cannot hold four suits, so he cannot have the primiera.
    sides = [SideCounts(38, 9, True), SideCounts(2, 1)]
    with pytest.raises(InvalidHand) as refused:
        score_counts(TWO, sides, 1)
    assert [(e.code, e.field) for e in refused.value.errors] == [
        (ErrorCode.PRIMIERA_WINNER_SUITS, "primiera")
    ]
    # Without a denaro, or with only denari, neither.
    for bruno in (SideCounts(10, 0), SideCounts(4, 4)):
        anna = SideCounts(40 - bruno.cards, 10 - bruno.denari, True)
        with pytest.raises(InvalidHand):
            score_counts(TWO, [anna, bruno], 1)
    # A denaro and three other cards: 7C 7B 7S and 6D beat anything Anna can show.
    assert score_counts(TWO, [SideCounts(36, 9, True), SideCounts(4, 1)], 1).totals == (3, 1)


# --------------------------------------------------------------------------- properties

rules_st = any_rules(napoleone=False)


@settings(max_examples=60, deadline=None)
@given(rules_st, st.randoms(use_true_random=False))
def test_every_real_hand_is_accepted(rules, rng):
    """A hand played at random by the rules (deal, captures, scope, the leftovers to the
    last capturer) is accepted card by card, as counts with best cards, and as counts
    with who took the primiera."""
    piles, scope = play_hand(rules, rng)
    assert sum(pile.bit_count() for pile in piles) == 40
    by_cards = score_cards(
        rules, [SideCards.from_mask(m, n) for m, n in zip(piles, scope, strict=True)]
    )
    counts = counts_of(by_cards)
    assert score_counts(rules, counts).totals == by_cards.totals
    winner = by_cards.awards[Category.PRIMIERA].winner
    plain = [replace(c, primiera_cards=None) for c in counts]
    assert score_counts(rules, plain, winner).totals == by_cards.totals
    event(f"scope {sum(scope)}")


@st.composite
def edge_entries(draw):
    """Counts near the limits: scope at or one above a maximal vector of the format, the
    denari crowded on one side, a napola run for some side. Many are refused."""
    rules = draw(rules_st)
    sides = rules.sides
    limit = draw(st.sampled_from(rules.deal.scope_limits))
    scope = [draw(st.integers(0, n + 1)) for n in limit]
    if 2 * sum(scope) > 40:
        scope = [0] * sides
    cards = [2 * n for n in scope]
    for _ in range(40 - sum(cards)):
        cards[draw(st.integers(0, sides - 1))] += 1
    denari = [0] * sides
    rich = draw(st.integers(0, sides - 1))
    denari[rich] = min(cards[rich], draw(st.integers(0, 10)))
    for i in range(sides):
        denari[i] += min(cards[i] - denari[i], 10 - sum(denari))
    holders = [i for i in range(sides) if denari[i]]
    seven = draw(st.sampled_from(holders))
    king = draw(st.sampled_from(holders))
    napola_side = draw(st.integers(0, sides - 1))
    run = draw(st.sampled_from((0, 3, 4, 5, 6, 7, 8, 9, 10))) if rules.napola else 0
    counts = [
        SideCounts(
            cards[i],
            denari[i],
            i == seven,
            rules.re_bello and i == king,
            run if i == napola_side else 0,
            scope[i],
        )
        for i in range(sides)
    ]
    winner = draw(st.sampled_from((None, *range(sides))))
    return rules, counts, winner


@settings(max_examples=150, deadline=None)
@given(edge_entries())
def test_every_accepted_entry_has_a_deal_that_gives_it(entry):
    """An entry the scorer accepts has a share-out of the 40 cards with its counts (its
    cards, denari, settebello, re bello and napola runs; the side said to take the
    primiera holding all four suits) and plays its scope sit on, every side that took
    cards without a scopa having a play that can take: the hand scored card by card
    from that share-out counts the same. (That the primiera's winner also beats every
    other side's primiera is held by tests/unit/test_shareout.py, which replays the
    scorer's own witness.)"""
    rules, counts, winner = entry
    try:
        score_counts(rules, counts, winner)
    except InvalidHand as refused:
        event(f"refused {refused.errors[0].code.value}")
        return
    event("accepted")
    scope, cards = [c.scope for c in counts], [c.cards for c in counts]
    placed = place_scope_taking(scope, cards, rules.sides, rules.deal.plays, rules.deal.table_cards)
    assert placed is not None, "no plays hold these scope, or a side took cards it cannot"
    masks = share_out(rules, counts, winner)
    assert masks is not None, "no share-out of the cards gives these counts"
    if winner is not None:
        assert all(masks[winner] & suit.mask for suit in SUITS), "the winner lacks a suit"
    sides = [SideCards.from_mask(m, c.scope) for m, c in zip(masks, counts, strict=True)]
    dealt = counts_of(score_cards(rules, sides))
    for typed, real in zip(counts, dealt, strict=True):
        assert (real.cards, real.denari, real.settebello, real.scope) == (
            typed.cards,
            typed.denari,
            typed.settebello,
            typed.scope,
        )
        assert real.re_bello == (rules.re_bello and typed.re_bello)
        assert real.napola_run == typed.napola_run


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(list(FORMATS.values())), st.data())
def test_the_scope_limits_are_the_plays_a_search_finds(fmt, data):
    """The scorer's maximal scope vectors against the search of the test helpers, on
    vectors at, just below and just above them."""
    limit = data.draw(st.sampled_from(fmt.scope_limits))
    scope = [data.draw(st.integers(max(0, n - 1), n + 1)) for n in limit]
    assert scope_possible(fmt.scope_limits, scope) == scope_fits(Rules(format=fmt), scope)


def test_a_deal_with_no_table_cards_is_searched_the_same_way():
    limits = scope_limits(2, 40, 0)
    for a, b in itertools.product(range(21), repeat=2):
        if a + b <= 20:
            found = place_scope((a, b), 2, 40, table_cards=0) is not None
            assert scope_possible(limits, (a, b)) == found, (a, b)


def test_a_counts_entry_keeps_its_napola_offer_through_json():
    entry = CountsEntry((SideCounts(30, 9), SideCounts(10, 1, True)))
    with pytest.raises(InvalidHand) as refused:
        CountsEntry.from_json(entry.to_json()).score(NAPOLA)
    assert refused.value.errors[0].params["run"] == 6


def test_an_error_says_the_napola_it_offers():
    [error] = errors_of_hand(NAPOLA, [SideCounts(30, 9), SideCounts(10, 1, True)])
    assert error.napola_offer == 6
    [error] = errors_of_hand(NAPOLA, [SideCounts(30, 10, True), SideCounts(10, 0)])
    assert (error.code, error.napola_offer) == (ErrorCode.NAPOLA_ALL_DENARI, 10)
    [error] = errors_of_hand(NAPOLA, [SideCounts(3, 6, True), SideCounts(37, 4)])
    assert (error.code, error.napola_offer) == (ErrorCode.DENARI_EXCEED_CARDS, None)


def errors_of_hand(rules: Rules, sides: list[SideCounts]) -> tuple[InputError, ...]:
    """The errors refusing the counts ``sides`` (the hand must be refused)."""
    with pytest.raises(InvalidHand) as refused:
        score_counts(rules, sides, None)
    return refused.value.errors


def test_denari_that_do_not_add_up_to_ten_give_no_napola_at_all():
    assert napola_outcomes((3, 3), (0, 0)) == frozenset()
    assert napola_outcomes((9, 9), (0, 0)) == frozenset()
    assert napola_outcomes((9, 1), (0, 1 << 6)) == frozenset({(0, 6)})
