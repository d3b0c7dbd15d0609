"""Quanto manca (scorekeeper.scoring.outlook): each case checkable on paper.

Two players to 11 unless said; C carte, D denari, S settebello, P primiera, R re bello,
N napola. "Closes with k of CDSP" means every k of them and no fewer.
"""

from itertools import combinations

import pytest

from scorekeeper.scoring import FORMATS, Category, Rules, game_outlook

C, D, S, P = Category.CARTE, Category.DENARI, Category.SETTEBELLO, Category.PRIMIERA
R, N = Category.RE_BELLO, Category.NAPOLA
CDSP = (C, D, S, P)


def any_of(k, categories=CDSP):
    return tuple(frozenset(c) for c in combinations(categories, k))


@pytest.mark.parametrize(
    ("totals", "missing", "closes"),
    [
        # 0-0: 11 points are out of reach of one hand without scope.
        ((0, 0), (11, 11), ((), ())),
        # 9-7: Anna takes two (11 against at most 7 + 2 = 9); Bruno needs all four
        # (7 + 4 = 11 against 9).
        ((9, 7), (2, 4), (any_of(2), any_of(4))),
        # 10-5: any one category closes for Anna (11 against at most 5 + 3 = 8).
        ((10, 5), (1, 6), (any_of(1), ())),
        # 10-10: one point is not enough (11-13), two may end 12-12 (a spareggio): three.
        ((10, 10), (1, 1), (any_of(3), any_of(3))),
        # 10-9: two (12 against at most 9 + 2 = 11); Bruno three (12 against 10 + 1).
        ((10, 9), (1, 2), (any_of(2), any_of(3))),
        # Spareggio 11-11: nobody is missing anything, three categories close it.
        ((11, 11), (0, 0), (any_of(3), any_of(3))),
        # 12-11 after a spareggio hand the game would be over; 12-12: as 11-11.
        ((12, 12), (0, 0), (any_of(3), any_of(3))),
    ],
)
def test_two_players(totals, missing, closes):
    outlook = game_outlook(Rules(), totals)
    assert tuple(o.missing for o in outlook) == missing
    assert tuple(o.closes_with for o in outlook) == closes


def test_a_won_game_has_no_outlook():
    assert game_outlook(Rules(), (11, 4)) == ()
    assert game_outlook(Rules(), (12, 11)) == ()


def test_target_21():
    outlook = game_outlook(Rules(target=21), (18, 3))
    assert [o.missing for o in outlook] == [3, 18]
    assert outlook[0].closes_with == any_of(3)
    assert not outlook[1].can_close


def test_three_players_the_worst_case_is_one_other_side_taking_the_rest():
    # 10, 8, 6: Anna with one category has 11, Bruno may take the other three: 11. Two:
    # 12 against at most 8 + 2 = 10. Bruno with three has 11, Anna may take the fourth:
    # 11, level; he needs all four (12 against 10).
    outlook = game_outlook(Rules(format=FORMATS["3"]), (10, 8, 6))
    assert [o.missing for o in outlook] == [1, 3, 5]
    assert [o.closes_with for o in outlook] == [any_of(2), any_of(4), ()]


def test_re_bello_is_a_fifth_category():
    # 9-7 with re bello: Anna with two has 11, Bruno may take the other three: 10. Two.
    outlook = game_outlook(Rules(re_bello=True), (9, 7))
    assert outlook[0].closes_with == any_of(2, (C, D, S, P, R))
    # 10-10 with re bello: 13 against at most 12 needs three of five.
    assert game_outlook(Rules(re_bello=True), (10, 10))[0].closes_with == any_of(3, (C, D, S, P, R))


def test_napola_of_the_others_counts_against_the_side():
    # 10-0 with napola: Anna's settebello alone gives 11, but Bruno's napola (up to 6
    # without the settebello) and the other three: 9. 11 > 9: closes. Carte alone: Bruno
    # may make a napola of 10 (all denari: with denari, settebello, primiera): 0 + 3 + 10.
    outlook = game_outlook(Rules(napola=True), (10, 0))
    anna = outlook[0].closes_with
    assert frozenset({S}) in anna
    assert frozenset({C}) not in anna
    # Anna's own napola (at least 3) closes from 8 if Bruno is far: 11 against 0 + 4.
    assert frozenset({N}) in game_outlook(Rules(napola=True), (8, 0))[0].closes_with


def test_napoleone_needs_a_denaro():
    # 10-0 with napoleone: carte alone would do (11 against 3), but Bruno holding all ten
    # denari wins at once; denari, settebello or primiera gives Anna a denaro.
    outlook = game_outlook(Rules(napoleone=True), (10, 0))
    assert outlook[0].closes_with == (frozenset({D}), frozenset({S}), frozenset({P}))


def test_sets_are_minimal():
    for totals in [(9, 7), (10, 0), (8, 0), (10, 10)]:
        for side in game_outlook(Rules(napola=True, re_bello=True), totals):
            for a, b in combinations(side.closes_with, 2):
                assert not a < b
                assert not b < a


def test_wrong_number_of_totals():
    with pytest.raises(ValueError, match="3 totals for 2 sides"):
        game_outlook(Rules(), (1, 2, 3))
