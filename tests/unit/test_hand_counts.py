"""Scoring a hand entered as counts, and every input check of RULES.md section 6."""

import pytest

from scorekeeper.scoring import (
    CARDS_CHECKS,
    COUNTS_CHECKS,
    FORMATS,
    MESSAGES,
    AwardReason,
    Category,
    InvalidHand,
    Rules,
    SideCounts,
    parse_cards,
    score_counts,
)
from tests.helpers.hands import deal

TWO = Rules()
NAPOLA = Rules(napola=True)
RE_BELLO = Rules(re_bello=True)
ALL_ON = Rules(napola=True, re_bello=True)


def reference():
    """The reference hand: A takes 22 cards, 6 denari, the settebello and the primiera, 1 scopa."""
    return [SideCounts(22, 6, settebello=True, scope=1), SideCounts(18, 4)]


def test_reference_hand():
    score = score_counts(TWO, reference(), primiera_winner=0)
    assert score.totals == (5, 0)
    assert score.awards[Category.PRIMIERA].reason == "declared"
    assert score.sides[0].primiera is None


def test_primiera_to_nobody():
    score = score_counts(TWO, reference(), primiera_winner=None)
    assert score.totals == (4, 0)
    assert score.awards[Category.PRIMIERA].winner is None


def test_primiera_decided_from_best_cards():
    sides = [
        SideCounts(
            22, 6, settebello=True, primiera_cards=tuple(parse_cards(["7D", "7C", "7B", "8S"]))
        ),
        SideCounts(18, 4, primiera_cards=tuple(parse_cards(["6D", "6C", "6B", "7S"]))),
    ]
    score = score_counts(TWO, sides)
    assert [s.primiera.total for s in score.sides] == [73, 75]
    assert score.sides[1].points[Category.PRIMIERA] == 1


def test_counts_with_napola_and_re_bello():
    # A run of 8 (1D to 8D) and the re bello: nine denari; the 9D is B's.
    sides = [
        SideCounts(25, 9, settebello=True, re_bello=True, napola_run=8, scope=2),
        SideCounts(15, 1),
    ]
    score = score_counts(ALL_ON, sides, primiera_winner=1)
    assert [s.points[Category.NAPOLA] for s in score.sides] == [8, 0]
    assert score.totals == (2 + 1 + 1 + 1 + 1 + 8, 1)


def errors_of(rules, sides, winner=None):
    with pytest.raises(InvalidHand) as caught:
        score_counts(rules, sides, primiera_winner=winner)
    return {(e.code, e.field) for e in caught.value.errors}


@pytest.mark.parametrize(
    ("rules", "sides", "expected"),
    [
        # Cards must add up to 40.
        (TWO, [SideCounts(22, 6, True), SideCounts(17, 4)], {("cards_total", "cards")}),
        # Denari must add up to 10.
        (TWO, [SideCounts(22, 6, True), SideCounts(18, 5)], {("denari_total", "denari")}),
        # No side has more denari than cards.
        (TWO, [SideCounts(37, 7, True), SideCounts(3, 3)], set()),
        (
            TWO,
            [SideCounts(38, 6, True), SideCounts(2, 4)],
            {("denari_exceed_cards", "sides[1].denari")},
        ),
        # Exactly one settebello...
        (TWO, [SideCounts(22, 6), SideCounts(18, 4)], {("settebello_count", "settebello")}),
        (
            TWO,
            [SideCounts(22, 6, True), SideCounts(18, 4, True)],
            {("settebello_count", "settebello")},
        ),
        # ...and its side has a denaro.
        (
            TWO,
            [SideCounts(22, 10), SideCounts(18, 0, True)],
            {("settebello_without_denari", "sides[1].settebello")},
        ),
        # Counts out of range.
        (
            TWO,
            [SideCounts(41, 6, True), SideCounts(-1, 4)],
            {("cards_range", "sides[0].cards"), ("cards_range", "sides[1].cards")},
        ),
        (TWO, [SideCounts(22, 11, True), SideCounts(18, 4)], {("denari_range", "sides[0].denari")}),
        # Scope: whole numbers from 0, one per card played (18 each with two players).
        (
            TWO,
            [SideCounts(22, 6, True, scope=-1), SideCounts(18, 4)],
            {("negative", "sides[0].scope")},
        ),
        (
            TWO,
            [SideCounts(22, 6, True), SideCounts(18, 4, scope=10)],
            {("scope_too_many", "sides[1].scope")},
        ),
    ],
)
def test_count_checks(rules, sides, expected):
    if not expected:  # 37 cards, 7 denari, the settebello and the primiera: all but scope
        assert score_counts(rules, sides, 0).totals == (4, 0)
        return
    assert errors_of(rules, sides) == expected


@pytest.mark.parametrize(
    ("fmt", "sides", "expected"),
    [
        # Two players, 20 cards each: 10 scope each would be possible alone, not together.
        ("2", [SideCounts(20, 5, True, scope=10), SideCounts(20, 5, scope=10)], 20),
        ("2", [SideCounts(20, 5, True, scope=9), SideCounts(20, 5, scope=8)], None),
        ("2", [SideCounts(40, 10, True, scope=18), SideCounts(0, 0)], None),
        # Three players: 7 + 6 + 6 is one too many; 6 each is every other play.
        (
            "3",
            [
                SideCounts(14, 4, True, scope=7),
                SideCounts(13, 3, scope=6),
                SideCounts(13, 3, scope=6),
            ],
            19,
        ),
        (
            "3",
            [
                SideCounts(14, 4, True, scope=6),
                SideCounts(13, 3, scope=6),
                SideCounts(13, 3, scope=6),
            ],
            None,
        ),
        # Four players in pairs: 10 + 9 scope.
        ("2x2", [SideCounts(20, 5, True, scope=10), SideCounts(20, 5, scope=9)], 19),
    ],
)
def test_scope_for_the_whole_table(fmt, sides, expected):
    # After a scopa the next player meets an empty table and cannot sweep it, and the
    # last play is never a scopa: of the 36 plays of a hand at most 18 are scope.
    rules = Rules(format=FORMATS[fmt])
    if expected is None:
        assert sum(score_counts(rules, sides, 0).sides[i].scope for i in range(len(sides))) <= 18
        return
    with pytest.raises(InvalidHand) as caught:
        score_counts(rules, sides, 0)
    [error] = caught.value.errors
    assert (error.code, error.field, error.params) == (
        "scope_table_too_many",
        "scope",
        {"total": expected, "maximum": 18},
    )


def test_scope_for_the_table_are_checked_once_each_side_is_possible():
    # One side's impossible scope is said at that side; the table's waits for it.
    sides = [SideCounts(20, 5, True, scope=11), SideCounts(20, 5, scope=10)]
    assert errors_of(TWO, sides) == {("scope_too_many", "sides[0].scope")}
    sides = [SideCounts(20, 5, True, scope="10"), SideCounts(20, 5, scope=10)]  # type: ignore[arg-type]
    assert errors_of(TWO, sides) == {("not_whole_number", "sides[0].scope")}


def test_scope_limit_follows_the_cards_played():
    # Four players in pairs: each pair plays 18 cards; three players: 12 each.
    pairs = Rules(format=FORMATS["2x2"])
    score = score_counts(pairs, [SideCounts(40, 10, True, scope=18), SideCounts(0, 0)], 0)
    assert score.totals == (18 + 4, 0)
    sides = [SideCounts(40, 10, True, scope=19), SideCounts(0, 0)]
    assert errors_of(pairs, sides) == {("scope_too_many", "sides[0].scope")}
    three = Rules(format=FORMATS["3"])
    # (Anna sweeping on every play leaves Bruno, after her, an empty table every time.)
    sides = [SideCounts(30, 8, True, scope=12), SideCounts(0, 0), SideCounts(10, 2)]
    assert score_counts(three, sides, 0).totals == (12 + 4, 0, 0)
    sides = [SideCounts(30, 8, True, scope=13), SideCounts(5, 1), SideCounts(5, 1)]
    assert errors_of(three, sides) == {("scope_too_many", "sides[0].scope")}


@pytest.mark.parametrize(
    ("sides", "expected"),
    [
        # Exactly one side holds the re bello.
        ([SideCounts(22, 6, True), SideCounts(18, 4)], {("re_bello_count", "re_bello")}),
        (
            [SideCounts(22, 6, True, True), SideCounts(18, 4, False, True)],
            {("re_bello_count", "re_bello")},
        ),
        # With the settebello too, the re bello's side has two denari at least.
        ([SideCounts(38, 9, True), SideCounts(2, 1, False, True)], set()),
        (
            [SideCounts(30, 1, True, True), SideCounts(10, 9)],
            {("re_bello_without_denari", "sides[0].re_bello")},
        ),
        (
            [SideCounts(30, 10, True), SideCounts(10, 0, False, True)],
            {("re_bello_without_denari", "sides[1].re_bello")},
        ),
    ],
)
def test_re_bello_checks(sides, expected):
    rules = Rules(re_bello=True)
    if not expected:
        assert score_counts(rules, sides, 0).totals == (4, 1)
        return
    assert errors_of(rules, sides) == expected


def test_re_bello_refused_when_the_setting_is_off():
    assert errors_of(TWO, [SideCounts(22, 6, True, True), SideCounts(18, 4)]) == {
        ("re_bello_off", "sides[0].re_bello")
    }


@pytest.mark.parametrize(
    ("sides", "expected"),
    [
        (
            [SideCounts(22, 6, True, napola_run=2), SideCounts(18, 4)],
            {("napola_range", "sides[0].napola_run")},
        ),
        (
            [SideCounts(22, 6, True, napola_run=11), SideCounts(18, 4)],
            {("napola_range", "sides[0].napola_run")},
        ),
        (
            [SideCounts(22, 6, True, napola_run=3), SideCounts(18, 4, napola_run=3)],
            {("napola_sides", "napola")},
        ),
        (
            [SideCounts(22, 4, True, napola_run=5), SideCounts(18, 6)],
            {("napola_exceeds_denari", "sides[0].napola_run")},
        ),
        (
            [SideCounts(22, 8, napola_run=7), SideCounts(18, 2, True)],
            {("napola_needs_settebello", "sides[0].napola_run")},
        ),
        # A run of 6 with the settebello would be a run of 7: the 7D is B's.
        ([SideCounts(22, 6, napola_run=6), SideCounts(18, 4, True)], set()),
    ],
)
def test_napola_checks(sides, expected):
    rules = Rules(napola=True)
    if not expected:
        assert score_counts(rules, sides, 0).sides[0].points[Category.NAPOLA] == 6
        return
    assert errors_of(rules, sides) == expected


def test_napola_of_ten_needs_the_re_bello_when_it_is_played():
    sides = [SideCounts(30, 10, True, False, napola_run=10), SideCounts(10, 0, False, True)]
    assert ("napola_needs_re_bello", "sides[0].napola_run") in errors_of(ALL_ON, sides)


@pytest.mark.parametrize(
    ("rules", "sides", "expected", "message"),
    [
        # A run of 6 stops before the 7D: with the settebello it is a run of 7 at least.
        (
            NAPOLA,
            [SideCounts(22, 7, True, napola_run=6), SideCounts(18, 3)],
            "napola_run_longer",
            "a napola run of 6 stops before 7D, but this side holds 7D",
        ),
        # A run of 9 stops before the 10D: with the re bello it is a run of 10.
        (
            ALL_ON,
            [SideCounts(30, 9, True, True, napola_run=9), SideCounts(10, 1)],
            "napola_run_longer",
            "a napola run of 9 stops before 10D, but this side holds 10D",
        ),
        # All ten denari are a run of 10, whatever was typed (5, or nothing).
        *(
            (
                NAPOLA,
                [SideCounts(30, 10, True, napola_run=run), SideCounts(10, 0)],
                "napola_all_denari",
                "this side took all ten denari, so its napola run is 10",
            )
            for run in (5, 0)
        ),
        # A run of 3 and the settebello are four denari; a run of 8 and the re bello nine.
        (
            NAPOLA,
            [SideCounts(22, 3, True, napola_run=3), SideCounts(18, 7)],
            "napola_denari_held",
            "1D, 2D, 3D, 7D make 4 denari, but this side took only 3",
        ),
        (
            ALL_ON,
            [SideCounts(25, 8, True, True, napola_run=8), SideCounts(15, 2)],
            "napola_denari_held",
            "1D, 2D, 3D, 4D, 5D, 6D, 7D, 8D, 10D make 9 denari, but this side took only 8",
        ),
    ],
)
def test_napola_runs_the_counts_contradict(rules, sides, expected, message):
    with pytest.raises(InvalidHand) as caught:
        score_counts(rules, sides, 0)
    [error] = caught.value.errors
    assert (error.code, error.field, error.message) == (expected, "sides[0].napola_run", message)


def test_all_ten_denari_without_the_napola_in_play():
    assert score_counts(TWO, [SideCounts(30, 10, True), SideCounts(10, 0)], 0).totals == (4, 0)


def test_napola_refused_when_off():
    assert errors_of(TWO, [SideCounts(22, 6, True, napola_run=3), SideCounts(18, 4)]) == {
        ("napola_off", "sides[0].napola_run")
    }


def test_primiera_winner_must_be_a_side():
    assert errors_of(TWO, reference(), winner=2) == {("primiera_winner", "primiera")}


@pytest.mark.parametrize(
    ("a", "b", "code"),
    [
        ("7D 7C 1C", "6D", "primiera_suit_twice"),
        ("7D 7C", "7C", "primiera_card_twice"),
        ("6D 7C", "1D", "primiera_settebello"),
        ("7C", "7D", "primiera_not_settebello"),
    ],
)
def test_primiera_cards_checks(a, b, code):
    sides = [
        SideCounts(22, 6, True, primiera_cards=tuple(parse_cards(a.split()))),
        SideCounts(18, 4, primiera_cards=tuple(parse_cards(b.split()))),
    ]
    assert code in {c for c, _ in errors_of(TWO, sides)}


def test_primiera_denaro_needs_a_denaro():
    sides = [
        SideCounts(22, 10, True, primiera_cards=tuple(parse_cards(["7D"]))),
        SideCounts(18, 0, primiera_cards=tuple(parse_cards(["6D"]))),
    ]
    assert ("primiera_no_denari", "sides[1].primiera_cards") in errors_of(TWO, sides)


def side(cards, denari, best_cards, **counts):
    """A side's counts with its best cards, as text (``"7D 6C"``)."""
    return SideCounts(
        cards, denari, primiera_cards=tuple(parse_cards(best_cards.split())), **counts
    )


#: The best cards of a side that holds every seven.
SEVENS = "7D 7C 7B 7S"
#: The best cards of the settebello's side when another holds the other sevens.
BEST_SIXES = "7D 6C 6B 6S"


@pytest.mark.parametrize(
    ("rules", "sides", "field", "message"),
    [
        # Four best cards for a side that took two cards.
        (
            TWO,
            [side(38, 9, SEVENS, settebello=True), side(2, 1, "6D 6C 6B 6S")],
            "sides[1].primiera_cards",
            "more best cards (4) than cards this side took (2)",
        ),
        # A best coppa for a side whose three cards are all denari (3 cards, 3 denari).
        (
            TWO,
            [side(37, 7, SEVENS, settebello=True), side(3, 3, "6D 6C")],
            "sides[1].primiera_cards",
            "6C is not a denaro, but every card this side took is a denaro",
        ),
        # Three cards, two of them denari: one best card outside denari at most.
        (
            TWO,
            [side(37, 8, SEVENS, settebello=True), side(3, 2, "6D 6C 6B")],
            "sides[1].primiera_cards",
            "more best cards outside denari (2) than cards this side took that are not denari (1)",
        ),
        # A napola run of 6 is 1D to 6D: the best denaro is the 6D (or the 7D), not the asso.
        (
            NAPOLA,
            [side(22, 6, "1D 7C 7B 7S", napola_run=6), side(18, 4, "7D 6C 6B 6S", settebello=True)],
            "sides[0].primiera_cards",
            "a napola run of 6 holds 6D, so the best denaro of this side is 6D or better",
        ),
        # A napola run of 5 stops before the 6D: the side does not hold it.
        (
            NAPOLA,
            [side(22, 6, "6D 7C 7B 7S", napola_run=5), side(18, 4, "7D 6C 6B 6S", settebello=True)],
            "sides[0].primiera_cards",
            "a napola run of 5 means this side does not hold 6D",
        ),
        # The asso of denari is in A's napola (1D 2D 3D): it is not B's best denaro.
        (
            NAPOLA,
            [side(22, 6, SEVENS, settebello=True, napola_run=3), side(18, 4, "1D 6C 6B 6S")],
            "sides[1].primiera_cards",
            "1D is in the napola of another side (the denari from 1D to 3D)",
        ),
        # With re bello played, A holds the 10D: it is not B's best denaro.
        (
            RE_BELLO,
            [side(22, 6, SEVENS, settebello=True, re_bello=True), side(18, 4, "10D 6C 6B 6S")],
            "sides[1].primiera_cards",
            "10D counts only for the side that holds the re bello",
        ),
        # Both sides show a best coppa, and neither is the 7C: who took it?
        (
            TWO,
            [side(22, 6, "7D 6C 7B 7S", settebello=True), side(18, 4, "6D 1C 6B 6S")],
            "primiera",
            "every side has a best card in coppe, so one of them is 7C",
        ),
        # A best 2D leaves the side 2D, 8D, 9D and 10D: not five denari...
        (
            TWO,
            [side(22, 5, SEVENS, settebello=True), side(18, 5, "2D 6C 6B 6S")],
            "sides[1].primiera_cards",
            "with 2D as its best denaro this side can hold only 2D, 8D, 9D, 10D, not 5 denari",
        ),
        # ... and with re bello played and the 10D A's, not four.
        (
            RE_BELLO,
            [side(22, 6, SEVENS, settebello=True, re_bello=True), side(18, 4, "2D 6C 6B 6S")],
            "sides[1].primiera_cards",
            "with 2D as its best denaro this side can hold only 2D, 8D, 9D, not 4 denari",
        ),
        # B's best 2C, 6B and 8S leave it 4 coppe (2C 8C 9C 10C), 3 spade (8S 9S 10S) and
        # the bastoni but A's 7B: 16 cards outside denari, not 20.
        (
            TWO,
            [side(16, 6, SEVENS, settebello=True), side(24, 4, "6D 2C 6B 8S")],
            "sides[1].primiera_cards",
            "with 2C, 6B, 8S as its best cards outside denari this side can hold at most "
            "16 cards that are not denari, not 20",
        ),
        # Without a best bastone B holds no bastoni: 4 coppe and 3 spade, 7 cards.
        (
            TWO,
            [side(16, 6, SEVENS, settebello=True), side(24, 4, "6D 2C 8S")],
            "sides[1].primiera_cards",
            "with only 2C, 8S as its best cards outside denari this side can hold at most "
            "7 cards that are not denari, not 20: mark its best card in every suit it took",
        ),
    ],
)
def test_best_cards_a_side_cannot_hold(rules, sides, field, message):
    with pytest.raises(InvalidHand) as caught:
        score_counts(rules, sides)
    assert [(e.field, e.message) for e in caught.value.errors] == [(field, message)]


def test_best_cards_refused_each_with_its_own_code():
    codes = {
        "primiera_exceeds_cards",
        "primiera_only_denari",
        "primiera_other_suits",
        "primiera_napola_low",
        "primiera_napola_next",
        "primiera_in_napola",
        "primiera_not_re_bello",
        "primiera_no_seven",
        "primiera_denari_above",
        "primiera_suits_above",
        "primiera_denari_below",
    }
    assert codes <= set(MESSAGES)
    assert len({MESSAGES[code] for code in codes}) == len(codes)


def test_best_denaro_beyond_the_denari_a_side_took():
    # A's run of 3 (1D 2D 3D) and its best 6D are four denari, but A took three; and then
    # B, with the other seven, would hold a denaro of A's.
    sides = [side(22, 3, "6D 7C 7B 7S", napola_run=3), side(18, 7, "7D 6C 6B 6S", settebello=True)]
    with pytest.raises(InvalidHand) as caught:
        score_counts(NAPOLA, sides)
    assert [(e.code, e.field, e.message) for e in caught.value.errors] == [
        (
            "primiera_denari_above",
            "sides[1].primiera_cards",
            "with 7D as its best denaro this side can hold only 4D, 5D, 7D, 8D, 9D, 10D, "
            "not 7 denari",
        ),
        (
            "primiera_denari_below",
            "sides[0].primiera_cards",
            "1D, 2D, 3D, 6D make 4 denari, but this side took only 3",
        ),
    ]


@pytest.mark.parametrize(
    ("rules", "sides"),
    [
        # The run of 6 and its 6D; the run of 3 with the asso, or with a 6D beyond it.
        (
            NAPOLA,
            [side(22, 6, "6D 7C 7B 7S", napola_run=6), side(18, 4, BEST_SIXES, settebello=True)],
        ),
        (
            NAPOLA,
            [side(22, 3, "1D 7C 7B 7S", napola_run=3), side(18, 7, BEST_SIXES, settebello=True)],
        ),
        (
            NAPOLA,
            [side(22, 4, "6D 7C 7B 7S", napola_run=3), side(18, 6, BEST_SIXES, settebello=True)],
        ),
        # A best 2D with four denari (2D 8D 9D 10D); the re bello's side shows the 10D.
        (
            RE_BELLO,
            [side(22, 6, SEVENS, settebello=True), side(18, 4, "2D 6C 6B 6S", re_bello=True)],
        ),
        (RE_BELLO, [side(37, 9, SEVENS, settebello=True), side(3, 1, "10D 6C", re_bello=True)]),
        # Three cards, all denari, and only a best denaro; a side with no cards shows none.
        (TWO, [side(37, 7, SEVENS, settebello=True), side(3, 3, "6D")]),
        (TWO, [side(40, 10, SEVENS, settebello=True), side(0, 0, "")]),
        # A suit left blank is one the side lacks: A's 16 cards outside denari are coppe and
        # bastoni, B's 14 all ten spade and four more; a side left out (None) took nothing.
        (TWO, [side(22, 6, "7D 7C 7B", settebello=True), side(18, 4, "6D 6C 6B 7S")]),
        (TWO, [side(40, 10, SEVENS, settebello=True), SideCounts(0, 0)]),
    ],
)
def test_best_cards_a_side_can_hold(rules, sides):
    assert score_counts(rules, sides).awards[Category.PRIMIERA].reason in (
        AwardReason.WON,
        AwardReason.NOBODY_COMPLETE,
    )


def test_every_error_has_a_readable_english_message():
    with pytest.raises(InvalidHand) as caught:
        score_counts(TWO, [SideCounts(22, 6), SideCounts(17, 5)])
    messages = [e.message for e in caught.value.errors]
    assert "the cards add up to 39, not 40" in messages
    assert "exactly one side holds the settebello, not 0" in messages
    assert "the cards add up to 39" in str(caught.value)


def test_not_whole_numbers_are_reported_not_crashed():
    assert errors_of(TWO, [SideCounts("x", 6, True), SideCounts(18, 4)]) == {  # type: ignore[arg-type]
        ("not_whole_number", "sides[0].cards")
    }


def test_declared_primiera_in_the_json_form():
    score = score_counts(ALL_ON, [SideCounts(25, 9, True, True, 8, 2), SideCounts(15, 1)], 1)
    result = score.to_json()
    assert [side["detail"]["primiera"] for side in result["sides"]] == [None, None]
    assert [side["detail"]["primiera_cards"] for side in result["sides"]] == [None, None]
    assert result["awards"]["primiera"] == {"winner": 1, "reason": "declared", "margin": None}
    assert [side["total"] for side in result["sides"]] == list(score.totals) == [14, 1]
    assert score.awards[Category.PRIMIERA].reason is AwardReason.DECLARED


def test_best_cards_in_the_json_form():
    sides = [
        SideCounts(22, 10, True, primiera_cards=tuple(parse_cards(["7D", "7C", "7B", "8S"]))),
        # No denari, so no primiera: nine coppe below the 7C, the nine spade but A's 8S.
        SideCounts(18, 0, primiera_cards=tuple(parse_cards(["6C", "7S"]))),
    ]
    a, b = score_counts(TWO, sides).to_json()["sides"]
    assert a["detail"]["primiera_cards"] == {"D": "7D", "C": "7C", "B": "7B", "S": "8S"}
    assert (a["detail"]["primiera"], a["points"]["primiera"]) == (73, 1)
    assert b["detail"]["primiera_cards"] == {"C": "6C", "S": "7S"}
    assert b["detail"]["primiera"] is None


@pytest.mark.parametrize(
    ("checks", "args"),
    [
        (CARDS_CHECKS, (TWO, deal("7D 1C", "*"))),
        (COUNTS_CHECKS, (TWO, reference(), 0)),
    ],
)
def test_every_check_finds_nothing_wrong_in_a_good_hand(checks, args):
    # A check is a plain function returning the errors it finds; a stage is a tuple of them.
    assert all(callable(check) for stage in checks for check in stage)
    assert [list(check(*args)) for stage in checks for check in stage] == [
        [] for stage in checks for _ in stage
    ]


def test_a_stage_that_fails_stops_the_checks_after_it():
    # Wrong numbers stop the checks: no "cards add up to" on top of "not a whole number".
    assert errors_of(TWO, [SideCounts(41, 6, True), SideCounts(18, 4)]) == {
        ("cards_range", "sides[0].cards")
    }
    assert errors_of(TWO, [SideCounts(22, 6, True)]) == {("sides_mismatch", "sides")}
