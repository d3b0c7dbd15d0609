"""Primiera (RULES.md section 3), with piles a player can count on paper."""

import pytest

from scorekeeper.scoring import PRIMIERA_VALUES, Card, Primiera, Suit, contest, parse_cards


def pile(text: str) -> Primiera:
    return Primiera.of(parse_cards(text.split()))


def test_the_table():
    assert dict(PRIMIERA_VALUES) == {
        7: 21,
        6: 18,
        1: 16,
        5: 15,
        4: 14,
        3: 13,
        2: 12,
        8: 10,
        9: 10,
        10: 10,
    }


def test_four_sevens_is_the_maximum():
    assert pile("7D 7C 7B 7S").total == 84


def test_best_card_in_each_suit_counts():
    p = pile("7D 1D 6C 2C 1B 10B 5S 9S 4S")
    assert p.complete
    assert {s.letter: c.code for s, c in p.best.items()} == {
        "D": "7D",
        "C": "6C",
        "B": "1B",
        "S": "5S",
    }
    assert dict(p.values) == {Suit.DENARI: 21, Suit.COPPE: 18, Suit.BASTONI: 16, Suit.SPADE: 15}
    assert p.total == 70


def test_asso_beats_five_and_face_cards_count_ten():
    assert pile("1D 5D 8C 9B 10S").best[Suit.DENARI] == Card.parse("1D")
    assert pile("1D 8C 9B 10S").total == 16 + 30


def test_missing_suit_means_no_primiera_but_names_the_suit():
    p = pile("7D 7C 7B 1D")
    assert not p.complete
    assert p.total is None
    assert p.missing == (Suit.SPADE,)
    assert p.partial_sum == 63


def test_empty_pile():
    p = pile("")
    assert p.total is None and p.missing == tuple(Suit)


def test_two_sevens_two_sixes_can_tie():
    result = contest([pile("7D 7C 6B 6S"), pile("7B 7S 6D 6C")])
    assert [p.total for p in result.primiere] == [78, 78]
    assert result.winner is None and result.reason == "tie"


def test_three_sevens_and_a_fante_lose_to_a_seven_and_three_sixes():
    result = contest([pile("7D 7C 7B 8S"), pile("7S 6D 6C 6B")])
    assert [p.total for p in result.primiere] == [73, 75]
    assert result.winner == 1 and result.margin == 2


def test_complete_beats_incomplete_whatever_the_sums():
    result = contest([pile("7D 7C 7B 6D 6C"), pile("2D 2C 2B 2S")])
    assert result.winner == 1 and result.reason == "won" and result.margin is None


def test_nobody_complete_nobody_scores():
    result = contest([pile("7D 7C"), pile("7B 7S")])
    assert result.winner is None and result.reason == "nobody_complete"


def test_three_sides_tie_at_top_scores_nobody_even_with_a_lower_third():
    result = contest([pile("7D 7C 6B 6S"), pile("2D 2C 2B 2S"), pile("7B 7S 6D 6C")])
    assert result.winner is None and result.reason == "tie"


@pytest.mark.parametrize(
    ("cards", "total"),
    [("1D 1C 1B 1S", 64), ("6D 6C 6B 6S", 72), ("8D 9C 10B 8S", 40), ("5D 4C 3B 2S", 54)],
)
def test_sums(cards, total):
    assert pile(cards).total == total


@pytest.mark.parametrize(
    ("text", "counted"), [("10C 9C 8C", "8C"), ("9B 10B", "9B"), ("8S 1S", "1S")]
)
def test_among_equal_face_cards_the_lowest_counts(text, counted):
    (best,) = pile(text).best.values()
    assert best == Card.parse(counted)
