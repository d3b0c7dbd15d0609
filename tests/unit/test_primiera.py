"""Primiera (RULES.md section 3), with piles a player can count on paper."""

import pytest

from scorekeeper.scoring import (
    BB_DENARI,
    BB_SPADE,
    BB_SUIT,
    PRIMIERA_VALUES,
    SUITS,
    Card,
    Primiera,
    PrimieraReason,
    Suit,
    contest,
    mask_of,
    parse_cards,
)
from scorekeeper.scoring.primiera import (
    SLICE_BEST,
    SLICE_PRIMIERA,
    best_codes,
    best_mask,
    contest_totals,
    primiera_total,
)


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
    assert p.total is None
    assert p.missing == tuple(Suit)


def test_two_sevens_two_sixes_can_tie():
    result = contest([pile("7D 7C 6B 6S"), pile("7B 7S 6D 6C")])
    assert [p.total for p in result.primiere] == [78, 78]
    assert result.winner is None
    assert result.reason == "tie"


def test_three_sevens_and_a_fante_lose_to_a_seven_and_three_sixes():
    result = contest([pile("7D 7C 7B 8S"), pile("7S 6D 6C 6B")])
    assert [p.total for p in result.primiere] == [73, 75]
    assert result.winner == 1
    assert result.margin == 2


def test_complete_beats_incomplete_whatever_the_sums():
    result = contest([pile("7D 7C 7B 6D 6C"), pile("2D 2C 2B 2S")])
    assert result.winner == 1
    assert result.reason == "won"
    assert result.margin is None


def test_nobody_complete_nobody_scores():
    result = contest([pile("7D 7C"), pile("7B 7S")])
    assert result.winner is None
    assert result.reason == "nobody_complete"


def test_three_sides_tie_at_top_scores_nobody_even_with_a_lower_third():
    result = contest([pile("7D 7C 6B 6S"), pile("2D 2C 2B 2S"), pile("7B 7S 6D 6C")])
    assert result.winner is None
    assert result.reason == "tie"


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


def _best_by_hand(cards: list[Card]) -> Card | None:
    """The card that counts in one suit, read off the table: highest value, then lowest card."""
    return max(cards, key=lambda c: (PRIMIERA_VALUES[c.value], -c.value), default=None)


def test_the_suit_tables_agree_with_the_primiera_table_for_every_slice():
    for suit in SUITS:
        for slice_ in range(BB_SUIT + 1):
            cards = [card for k, card in enumerate(suit.cards) if slice_ >> k & 1]
            best = _best_by_hand(cards)
            p = Primiera.of_mask(slice_ << (10 * suit.index))
            assert p.best.get(suit) == best
            assert SLICE_PRIMIERA[slice_] == (PRIMIERA_VALUES[best.value] if best else -256)
            assert SLICE_BEST[slice_] == (best.bit >> (10 * suit.index) if best else 0)


def test_primiera_of_a_mask_is_the_primiera_of_its_cards():
    cards = parse_cards(["7D", "1D", "6C", "2C", "1B", "10B", "5S", "9S", "4S"])
    mask = mask_of(cards)
    assert Primiera.of_mask(mask) == Primiera.of(cards) == Primiera.of(cards + cards[:2])
    assert primiera_total(mask) == 70
    assert primiera_total(mask & ~BB_SPADE) is None
    assert best_mask(mask) == Primiera.of(cards).mask == mask_of(Primiera.of(cards).best.values())
    assert best_codes(mask) == {"D": "7D", "C": "6C", "B": "1B", "S": "5S"}
    assert best_codes(mask & BB_DENARI) == {"D": "7D"}
    assert best_codes(0) == {}


def test_repr_round_trips():
    for p in (pile("7D 1D 6C 2C 1B 10B 5S 9S 4S"), pile("8C"), pile("")):
        assert eval(repr(p), {"Primiera": Primiera, "Card": Card}) == p
    assert repr(pile("8C 10C 7S")) == "Primiera.of([Card.parse('8C'), Card.parse('7S')])"


def test_contest_reasons_are_an_enum_equal_to_their_words():
    result = contest([pile("7D 7C 6B 6S"), pile("7B 7S 6D 6C")])
    assert result.reason is PrimieraReason.TIE
    assert result.reason == "tie"
    assert [r.value for r in PrimieraReason] == ["won", "tie", "nobody_complete"]


@pytest.mark.parametrize(
    "totals",
    [
        (70, 73),
        (73, 70),
        (70, 70),
        (None, 40),
        (40, None),
        (None, None),
        (70, None, 73),
        (84, 84, None),
        (None, None, None, 41),
        (60, 61, 61, 59),
        (60, 61, 59, 58),
    ],
)
def test_contest_of_totals_matches_the_rule(totals):
    complete = sorted((t for t in totals if t is not None), reverse=True)
    if not complete:
        expected = (None, "nobody_complete", None)
    elif len(complete) > 1 and complete[0] == complete[1]:
        expected = (None, "tie", 0)
    else:
        margin = complete[0] - complete[1] if len(complete) > 1 else None
        expected = (totals.index(complete[0]), "won", margin)
    assert contest_totals(totals) == expected
