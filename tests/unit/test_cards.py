"""The deck and the card notation (RULES.md section 1)."""

import pytest

from scorekeeper.scoring import DECK, Card, CardError, Suit, format_cards, parse_cards


def test_deck_has_forty_distinct_cards_ten_per_suit():
    assert len(DECK) == 40
    assert len(set(DECK)) == 40
    for suit in Suit:
        assert sorted(c.value for c in DECK if c.suit is suit) == list(range(1, 11))


@pytest.mark.parametrize(
    ("text", "value", "suit"),
    [
        ("7D", 7, Suit.DENARI),
        ("7d", 7, Suit.DENARI),
        ("10D", 10, Suit.DENARI),
        ("1S", 1, Suit.SPADE),
        (" 8 c ", 8, Suit.COPPE),
        ("9b", 9, Suit.BASTONI),
    ],
)
def test_parse_accepts_notation_in_any_case(text, value, suit):
    card = Card.parse(text)
    assert (card.value, card.suit) == (value, suit)


@pytest.mark.parametrize("text", ["", "11D", "0D", "7X", "D7", "7", "77D", "1.0D", "seven"])
def test_parse_rejects_and_quotes_the_bad_text(text):
    with pytest.raises(CardError) as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_parse_rejects_non_strings():
    with pytest.raises(CardError):
        Card.parse(7)  # type: ignore[arg-type]


def test_output_is_upper_case_and_repr_round_trips():
    card = Card.parse("10d")
    assert str(card) == "10D"
    assert repr(card) == "Card.parse('10D')"
    assert eval(repr(card), {"Card": Card}) == card


def test_named_cards():
    assert Card.parse("7D") == Card.SETTEBELLO
    assert Card.parse("10D") == Card.RE_BELLO
    assert Card.parse("7D").italian == "sette di denari"
    assert Card.parse("8S").english == "jack of spade"
    assert Card.parse("9C").italian == "cavallo di coppe"
    assert Suit.parse("denari") is Suit.DENARI
    assert Suit.BASTONI.english == "clubs"


def test_format_sorts_in_deck_order():
    assert format_cards(parse_cards(["1S", "10d", "7D", "2c"])) == ["7D", "10D", "2C", "1S"]


def test_card_values_are_checked():
    with pytest.raises(CardError):
        Card(11, Suit.DENARI)


def test_a_card_built_by_hand_is_the_same_card_in_sets_and_dicts():
    built = Card(7, Suit.DENARI)
    assert built == Card.parse("7d") and hash(built) == hash(Card.parse("7D"))
    assert built in set(DECK) and {Card.parse("7D"): "settebello"}[built] == "settebello"
    assert len({hash(card) for card in DECK}) == 40
