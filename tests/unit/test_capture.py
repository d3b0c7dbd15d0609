"""What a played card may take (scorekeeper.scoring.capture), with the seeds' own examples."""

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring import (
    DECK,
    CaptureRule,
    Card,
    InvalidPlay,
    SumChoice,
    captures,
    parse_cards,
)


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def taken(options) -> list[str]:
    """Each capture as its card codes joined by '+', in the order they are listed."""
    return ["+".join(card.code for card in capture.taken) for capture in options.captures]


def test_seed_001_equal_card_is_taken_before_any_sum():
    # Table 3, 5, fante; a fante played takes only the fante, not 3 + 5.
    options = captures(cards("3C 5B 8S"), Card.parse("8D"))
    assert options.rule == "equal"
    assert options.rule is CaptureRule.EQUAL
    assert taken(options) == ["8S"]
    assert options.must_capture
    assert not options.stays_on_table


@pytest.mark.parametrize(
    ("choice", "expected"),
    [
        (SumChoice.FREE, ["4C+5S", "1D+3B+5S"]),
        (SumChoice.FEWEST, ["4C+5S"]),
    ],
)
def test_seed_001_cavallo_on_asso_3_4_5(choice, expected):
    # Free choice (seed 001): asso + 3 + 5 or 4 + 5; fewest cards (seed 000): only 4 + 5.
    options = captures(cards("1D 3B 4C 5S"), Card.parse("9C"), choice)
    assert options.rule == "sum"
    assert taken(options) == expected
    assert not any(capture.sweep for capture in options.captures)


def test_several_equal_cards_each_alone_is_a_choice():
    options = captures(cards("7C 7S 3D 4D"), Card.parse("7B"))
    assert taken(options) == ["7C", "7S"]
    assert all(capture.by_equal for capture in options.captures)


def test_equal_rule_holds_under_fewest_too():
    options = captures(cards("2C 4D 6S"), Card.parse("6B"), SumChoice.FEWEST)
    assert taken(options) == ["6S"]


def test_sum_of_two():
    assert taken(captures(cards("2C 4D 9S"), Card.parse("6B"))) == ["2C+4D"]


def test_sum_of_three():
    assert taken(captures(cards("1C 2D 3S 9B"), Card.parse("6B"))) == ["1C+2D+3S"]


def test_sum_of_four_and_more_with_every_choice_listed():
    options = captures(cards("1D 1C 2B 3S 4D"), Card.parse("10C"))
    assert taken(options) == ["1D+2B+3S+4D", "1C+2B+3S+4D"]
    options = captures(cards("1D 1C 1B 2S 2D 3C"), Card.parse("10B"))
    assert taken(options) == ["1D+1C+1B+2D+2S+3C"]
    assert options.captures[0].sweep


def test_fewest_keeps_every_sum_of_the_smallest_size():
    options = captures(cards("1D 2C 3B 4S 5D"), Card.parse("7C"), SumChoice.FEWEST)
    assert taken(options) == ["2C+5D", "3B+4S"]
    free = captures(cards("1D 2C 3B 4S 5D"), Card.parse("7C"))
    assert taken(free) == ["2C+5D", "3B+4S", "1D+2C+4S"]


def test_no_capture_the_card_stays_on_the_table():
    options = captures(cards("8D 9C 10B"), Card.parse("5S"))
    assert options.rule == "none"
    assert options.captures == ()
    assert options.stays_on_table
    assert not options.must_capture


def test_empty_table():
    assert captures([], Card.parse("1D")).stays_on_table


def test_a_sweep_is_a_scopa():
    options = captures(cards("3C 4D"), Card.parse("7B"))
    (capture,) = options.captures
    assert capture.sweep
    assert capture.scopa
    assert options.any_sweep


def test_an_equal_card_alone_on_the_table_is_a_scopa():
    (capture,) = captures(cards("10S"), Card.parse("10C")).captures
    assert capture.scopa


def test_a_sweep_on_the_last_play_is_not_a_scopa():
    options = captures(cards("3C 4D"), Card.parse("7B"), last_play=True)
    (capture,) = options.captures
    assert capture.sweep
    assert not capture.scopa
    assert options.last_play


def test_only_the_sweeping_choice_is_a_scopa():
    options = captures(cards("1D 3B 5S"), Card.parse("9C"))
    assert [(c.sweep, c.scopa) for c in options.captures] == [(True, True)]
    options = captures(cards("1D 3B 4C 5S"), Card.parse("9C"))
    assert [c.scopa for c in options.captures] == [False, False]


@pytest.mark.parametrize(
    ("table", "played", "field", "code"),
    [
        ("3C 4D 3C", "7B", "table[2]", "duplicate_card"),
        ("3C 7B", "7B", "table[1]", "played_on_table"),
    ],
)
def test_impossible_tables_are_refused(table, played, field, code):
    with pytest.raises(InvalidPlay) as caught:
        captures(cards(table), Card.parse(played))
    assert [(e.field, e.code) for e in caught.value.errors] == [(field, code)]


def test_the_whole_deck_on_the_table_is_still_quick_and_complete():
    played = Card.parse("10D")
    table = [card for card in DECK if card != played and card.value != 10]
    options = captures(table, played)
    assert len(options.captures) == len({c.taken for c in options.captures}) > 1000


@st.composite
def plays(draw):
    """A played card and a table of up to 10 other cards, distinct."""
    played = draw(st.sampled_from(DECK))
    rest = [card for card in DECK if card != played]
    table = draw(st.lists(st.sampled_from(rest), max_size=10, unique=True))
    return played, table


@given(plays(), st.sampled_from(list(SumChoice)), st.booleans())
def test_every_listed_capture_is_legal_and_none_is_missing(play, choice, last_play):
    played, table = play
    options = captures(table, played, choice, last_play=last_play)
    equal = {card for card in table if card.value == played.value}
    for capture in options.captures:
        assert set(capture.taken) <= set(table)
        assert len(set(capture.taken)) == len(capture.taken)
        if equal:
            # The equal-card rule: only one equal card, alone.
            assert len(capture.taken) == 1
            assert capture.taken[0] in equal
        else:
            assert len(capture.taken) >= 2
            assert sum(card.value for card in capture.taken) == played.value
        assert capture.sweep == (len(capture.taken) == len(table))
        assert capture.scopa == (capture.sweep and not last_play)
    # Compared with brute force over every subset of the table.
    if equal:
        expected = {(card,) for card in equal}
    else:
        expected = {
            frozenset(combo)
            for size in range(2, len(table) + 1)
            for combo in combinations(table, size)
            if sum(card.value for card in combo) == played.value
        }
        if choice is SumChoice.FEWEST and expected:
            fewest = min(len(combo) for combo in expected)
            expected = {combo for combo in expected if len(combo) == fewest}
        assert {frozenset(c.taken) for c in options.captures} == expected
        assert options.stays_on_table == (not expected)
        return
    assert {c.taken for c in options.captures} == expected
