"""Scoring a hand entered card by card (RULES.md sections 2 and 4)."""

import pytest

from scorekeeper.scoring import (
    BB_DENARI,
    CATEGORIES,
    DECK,
    FORMATS,
    AwardReason,
    Card,
    Category,
    InvalidHand,
    Rules,
    SideCards,
    score_cards,
    score_masks,
)
from tests.helpers.hands import deal, suit

TWO = Rules()
NAPOLA = Rules(napola=True)
RE_BELLO = Rules(re_bello=True)


def points(score, category):
    return [side.points[category] for side in score.sides]


def test_reference_hand_as_the_api_example():
    # Anna: 22 cards with 6 denari (A-2-3 among them), the settebello and 2 scope.
    anna = deal(
        f"{suit('D', 1, 2, 3, 7, 8, 9)} 6C 1B 5S {suit('C', 1, 2, 3, 4, 5)} "
        f"{suit('B', 2, 3, 4, 5, 8)} 2S 3S 4S",
        "*",
        scope=[2, 0],
    )
    score = score_cards(Rules(napola=True, re_bello=True), anna)
    a, b = score.sides
    assert (a.cards, a.denari, a.settebello) == (22, 6, True)
    assert a.primiera is not None
    assert a.primiera.total == 21 + 18 + 16 + 15 == 70
    assert dict((c.value, n) for c, n in a.points.items()) == {
        "scope": 2,
        "carte": 1,
        "denari": 1,
        "settebello": 1,
        "primiera": 0,
        "re_bello": 0,
        "napola": 3,
    }
    # Bruno has 6D, 7C, 7B and 7S: 18 + 21 + 21 + 21 = 81 beats Anna's 70.
    assert b.primiera is not None
    assert b.primiera.total == 81
    assert b.points[Category.PRIMIERA] == 1
    assert b.points[Category.RE_BELLO] == 1
    assert score.totals == (8, 2)


def test_twenty_cards_each_gives_nobody_the_carte():
    # Anna has all denari and coppe (20), Bruno bastoni and spade (20).
    score = score_cards(TWO, deal(f"{suit('D', *range(1, 11))} {suit('C', *range(1, 11))}", "*"))
    assert points(score, Category.CARTE) == [0, 0]
    assert score.awards[Category.CARTE].reason == "tie"
    assert points(score, Category.DENARI) == [1, 0]
    # Neither side has all four suits: nobody takes the primiera.
    assert score.awards[Category.PRIMIERA].reason == "nobody_complete"
    assert score.totals == (2, 0)


def test_twenty_one_cards_take_the_carte():
    score = score_cards(TWO, deal(f"{suit('D', *range(1, 11))} {suit('C', *range(1, 11))} 1B", "*"))
    assert points(score, Category.CARTE) == [1, 0]
    assert score.awards[Category.CARTE].margin == 2


def test_five_denari_each_gives_nobody_the_denari():
    score = score_cards(TWO, deal(f"{suit('D', 1, 2, 3, 4, 5)} {suit('C', *range(1, 11))}", "*"))
    assert [s.denari for s in score.sides] == [5, 5]
    assert points(score, Category.DENARI) == [0, 0]
    assert score.awards[Category.DENARI].reason == "tie"
    # The settebello still goes to whoever holds it.
    assert points(score, Category.SETTEBELLO) == [0, 1]


def test_six_denari_take_the_point():
    score = score_cards(TWO, deal(suit("D", 1, 2, 3, 4, 5, 6), "*"))
    assert points(score, Category.DENARI) == [1, 0]


def test_settebello_is_always_awarded():
    score = score_cards(TWO, deal("7D 1C", "*"))
    assert points(score, Category.SETTEBELLO) == [1, 0]
    assert score.awards[Category.SETTEBELLO].reason == "holder"


def test_primiera_78_78_is_a_tie():
    score = score_cards(TWO, deal("7D 7C 6B 6S", "*"))
    assert [s.primiera.total for s in score.sides] == [78, 78]
    assert points(score, Category.PRIMIERA) == [0, 0]


def test_three_sevens_lose_73_to_75():
    score = score_cards(TWO, deal("7D 7C 7B 8S", "*"))
    assert [s.primiera.total for s in score.sides] == [73, 75]
    assert points(score, Category.PRIMIERA) == [0, 1]


def test_side_missing_a_suit_loses_primiera_with_the_higher_sum():
    # Anna: all denari, coppe and bastoni but the three 2s; Bruno: every spada and the 2s.
    anna = " ".join(c for c in (f"{v}{s}" for s in "DCB" for v in range(1, 11)) if c[0] != "2")
    score = score_cards(TWO, deal(anna, "*"))
    a, b = score.sides
    assert a.primiera.total is None
    assert a.primiera.partial_sum == 63
    assert b.primiera.total == 12 + 12 + 12 + 21
    assert points(score, Category.PRIMIERA) == [0, 1]


@pytest.mark.parametrize(
    ("denari", "run"),
    [
        ((1, 2, 3), 3),
        ((1, 2, 3, 4, 5), 5),
        (tuple(range(1, 11)), 10),
        ((1, 2, 3, 4, 6), 4),
        ((1, 2), 0),
        ((2, 3, 4, 5, 6), 0),
    ],
)
def test_napola_scores_the_run_from_the_asso(denari, run):
    score = score_cards(NAPOLA, deal(suit("D", *denari), "*"))
    assert score.sides[0].napola_run == run
    assert points(score, Category.NAPOLA) == [run, 0]
    assert score.awards[Category.NAPOLA].reason == ("run" if run else "none")


def test_napola_off_scores_nothing():
    score = score_cards(TWO, deal(suit("D", 1, 2, 3), "*"))
    assert points(score, Category.NAPOLA) == [0, 0]
    assert score.awards[Category.NAPOLA].reason == "off"


def test_re_bello_when_on():
    score = score_cards(RE_BELLO, deal("10D 1C", "*"))
    assert points(score, Category.RE_BELLO) == [1, 0]
    assert points(score_cards(TWO, deal("10D 1C", "*")), Category.RE_BELLO) == [0, 0]


def test_scope_count_for_every_side():
    score = score_cards(TWO, deal("7D 1C 2C 3C", "*", scope=[2, 3]))
    assert points(score, Category.SCOPE) == [2, 3]


def test_three_sides_tie_at_the_top_gives_nobody_the_point():
    rules = Rules(format=FORMATS["3"])
    # 14 - 14 - 12 cards; denari 4 - 4 - 2.
    a = f"{suit('D', 1, 2, 3, 4)} {suit('C', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)}"
    b = f"{suit('D', 5, 6, 7, 8)} {suit('B', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)}"
    score = score_cards(rules, deal(a, b, "*"))
    assert [s.cards for s in score.sides] == [14, 14, 12]
    assert [s.denari for s in score.sides] == [4, 4, 2]
    assert points(score, Category.CARTE) == [0, 0, 0]
    assert points(score, Category.DENARI) == [0, 0, 0]
    assert points(score, Category.SETTEBELLO) == [0, 1, 0]


def test_three_sides_strict_leader_takes_it():
    rules = Rules(format=FORMATS["3"])
    score = score_cards(rules, deal(suit("D", 1, 2, 3, 4, 5), suit("D", 6, 7), "*"))
    # 5 - 2 - 33 cards, denari 5 - 2 - 3: most denari wins with five.
    assert points(score, Category.DENARI) == [1, 0, 0]
    assert points(score, Category.CARTE) == [0, 0, 1]


def test_napoleone_wins_the_game_at_once():
    rules = Rules(napola=True, napoleone=True)
    score = score_cards(rules, deal(suit("D", *range(1, 11)), "*"))
    assert score.napoleone == 0
    assert score_cards(NAPOLA, deal(suit("D", *range(1, 11)), "*")).napoleone is None


def test_missing_and_repeated_cards_are_refused():
    sides = deal("7D", "*")
    short = [sides[0], SideCards(sides[1].cards[:-2])]
    with pytest.raises(InvalidHand) as caught:
        score_cards(TWO, short)
    (error,) = caught.value.errors
    assert error.code == "missing_cards"
    assert error.params["cards"] == "9S, 10S"
    twice = [SideCards((*sides[0].cards, Card.parse("1S"))), sides[1]]
    with pytest.raises(InvalidHand) as caught:
        score_cards(TWO, twice)
    assert caught.value.errors[0].code == "duplicate_card"
    assert caught.value.errors[0].field == "sides[1].cards[29]"


def test_wrong_number_of_sides_is_refused():
    with pytest.raises(InvalidHand) as caught:
        score_cards(TWO, deal("7D", "1D", "*"))
    assert caught.value.errors[0].code == "sides_mismatch"


@pytest.mark.parametrize(
    ("scope", "code"),
    [
        (-1, "negative"),
        (19, "scope_too_many"),
        (1.5, "not_whole_number"),
        (True, "not_whole_number"),
    ],
)
def test_scope_must_be_possible(scope, code):
    with pytest.raises(InvalidHand) as caught:
        score_cards(TWO, deal("7D 1D 2D 3D", "*", scope=[0, scope]))
    assert caught.value.errors[0].code == code
    assert caught.value.errors[0].field == "sides[1].scope"


def test_scope_for_the_whole_table_are_at_most_18():
    # Anna takes the denari and the coppe, Bruno the rest: 20 cards each, so each side
    # could make 10 scope, but not both: after a scopa the next player meets an empty
    # table, so at most every other play of 36 is a scopa, and never the last one.
    anna = suit("D", *range(1, 11)) + " " + suit("C", *range(1, 11))
    # 17 scope are fine: Anna 10 scope, denari, settebello; Bruno 7 scope (20-20 cards,
    # and nobody holds all four suits for the primiera). 18 only when one side made them
    # all (test_impossible.py): each scopa of one side leaves the other's next play
    # without one, and the play before it too.
    assert score_cards(TWO, deal(anna, "*", scope=[10, 7])).totals == (10 + 1 + 1, 7)
    with pytest.raises(InvalidHand) as caught:
        score_cards(TWO, deal(anna, "*", scope=[10, 9]))
    [error] = caught.value.errors
    assert (error.code, error.field, error.params) == (
        "scope_table_too_many",
        "scope",
        {"total": 19, "maximum": 18},
    )
    assert error.message.startswith("the scope add up to 19, but a hand holds at most 18")


def test_scope_for_the_table_are_checked_once_each_side_is_possible():
    # 19 scope for one side is that side's problem: the table's is not said as well.
    with pytest.raises(InvalidHand) as caught:
        score_cards(TWO, deal("*", "1C", scope=[19, 0]))
    assert [(e.code, e.field) for e in caught.value.errors] == [
        ("scope_too_many", "sides[0].scope")
    ]


def test_a_scopa_takes_at_least_two_cards():
    with pytest.raises(InvalidHand) as caught:
        score_cards(TWO, deal("7D", "*", scope=[1, 0]))
    assert caught.value.errors[0].params == {"maximum": 0}


def test_every_repeat_is_reported_where_it_appears_again():
    sides = deal("7D", "*")
    extra = (Card.parse("1S"), Card.parse("7D"), Card.parse("1S"))
    with pytest.raises(InvalidHand) as caught:
        score_cards(TWO, [sides[0], SideCards(sides[1].cards + extra)])
    assert [(e.code, e.field, e.params["card"]) for e in caught.value.errors] == [
        ("duplicate_card", "sides[1].cards[39]", "1S"),
        ("duplicate_card", "sides[1].cards[40]", "7D"),
        ("duplicate_card", "sides[1].cards[41]", "1S"),
    ]


def test_reasons_are_enums_equal_to_their_words():
    score = score_cards(TWO, deal(f"{suit('D', *range(1, 11))} {suit('C', *range(1, 11))}", "*"))
    reasons = {category: award.reason for category, award in score.awards.items()}
    assert reasons == {
        Category.SCOPE: AwardReason.COUNT,
        Category.CARTE: AwardReason.TIE,
        Category.DENARI: AwardReason.MOST,
        Category.SETTEBELLO: AwardReason.HOLDER,
        Category.PRIMIERA: AwardReason.NOBODY_COMPLETE,
        Category.RE_BELLO: AwardReason.OFF,
        Category.NAPOLA: AwardReason.OFF,
    }
    assert reasons[Category.CARTE] == "tie"
    assert isinstance(reasons[Category.CARTE], str)
    assert list(score.awards) == list(CATEGORIES) == list(Category)


def test_scoring_masks_is_scoring_the_cards():
    sides = deal("7D 1D 2D 3D 6C 1B 5S", "*", scope=[2, 1])
    rules = Rules(napola=True, re_bello=True, napoleone=True)
    by_masks = score_masks(rules, [side.mask for side in sides], [2, 1])
    assert by_masks == score_cards(rules, sides)
    assert by_masks.sides[0].napola_run == 3
    assert by_masks.totals == score_cards(rules, sides).totals
    assert by_masks != score_cards(rules, deal("7D 1D 2D 3D 6C 1B 5S", "*", scope=[2, 0]))
    # Side 0: 2 scope, the settebello and a napola of 3; side 1: carte, denari (6 to 4),
    # primiera (81 to 70), the re bello and its scopa.
    assert "totals=(6, 5)" in repr(by_masks)


def json_of_the_readable_face(score, names=None):
    """What ``HandScore.to_json`` must give, written from the readable objects."""
    sides = []
    for i, side in enumerate(score.sides):
        best = None if side.primiera is None else side.primiera.best
        sides.append(
            ({} if names is None else {"name": names[i]})
            | {
                "points": {category.value: n for category, n in side.points.items()},
                "total": side.total,
                "detail": {
                    "cards": side.cards,
                    "denari": side.denari,
                    "primiera": None if side.primiera is None else side.primiera.total,
                    "primiera_cards": (
                        None if best is None else {s.letter: c.code for s, c in best.items()}
                    ),
                    "napola_run": side.napola_run,
                    "settebello": side.settebello,
                    "re_bello": side.re_bello,
                    "scope": side.scope,
                },
            }
        )
    awards = {
        category.value: {"winner": a.winner, "reason": a.reason.value, "margin": a.margin}
        for category, a in score.awards.items()
    }
    return {"sides": sides, "awards": awards, "napoleone": score.napoleone}


@pytest.mark.parametrize(
    ("rules", "sides"),
    [
        (Rules(napola=True, re_bello=True), ("7D 1D 2D 3D 6C 1B 5S", "*")),
        (TWO, (f"{suit('D', *range(1, 11))} {suit('C', *range(1, 11))}", "*")),
        (Rules(napola=True, napoleone=True), (suit("D", *range(1, 11)), "*")),
        (Rules(format=FORMATS["3"], re_bello=True), ("7D 7C 6B 6S", "7B 7S 6D 6C", "*")),
        (Rules(format=FORMATS["4"]), ("1D 2D", "3D 4D 5D", "10D 9D", "*")),
    ],
)
def test_the_json_form_says_what_the_readable_face_says(rules, sides):
    score = score_cards(rules, deal(*sides, scope=[1]))
    names = [f"side {i}" for i in range(rules.sides)]
    assert score.to_json(names) == json_of_the_readable_face(score, names)
    assert score.to_json() == json_of_the_readable_face(score)
    for side in score.to_json()["sides"]:
        assert all(type(n) is int for n in side["points"].values())


def test_a_score_cannot_be_changed():
    score = score_cards(TWO, deal("7D 1C", "*"))
    for name in ("rules", "napoleone", "by_cards", "sides", "awards", "totals", "anything"):
        with pytest.raises(AttributeError):
            setattr(score, name, None)
    with pytest.raises(TypeError):
        score.awards[Category.CARTE] = None
    with pytest.raises(TypeError):
        hash(score)


def test_a_side_from_a_mask_holds_its_cards_in_deck_order():
    side = SideCards.from_mask(BB_DENARI | Card.parse("1S").bit, scope=2)
    assert side == SideCards((*DECK[:10], Card.parse("1S")), 2)
    assert side.mask == BB_DENARI | Card.parse("1S").bit
    # A card given twice is in the mask once: that is how the repeat is found.
    assert SideCards((Card.SETTEBELLO, Card.SETTEBELLO)).mask == Card.SETTEBELLO.bit
