"""The deck and the card notation (RULES.md section 1)."""

import pytest

from scorekeeper.scoring import (
    BB_ALL,
    BB_BASTONI,
    BB_CARDS,
    BB_COPPE,
    BB_DENARI,
    BB_EMPTY,
    BB_RE_BELLO,
    BB_SETTEBELLO,
    BB_SPADE,
    BB_SUIT,
    BB_SUITS,
    CARDS_PER_SUIT,
    DECK,
    DECK_SIZE,
    DENARI_IN_DECK,
    SUITS,
    Card,
    CardError,
    Suit,
    cards_of,
    deck_index,
    format_cards,
    mask_of,
    parse_cards,
    popcount,
    rest_of_deck,
    scan_forward,
    sorted_cards,
    with_rest,
)


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
    assert built == Card.parse("7d")
    assert hash(built) == hash(Card.parse("7D"))
    assert built in set(DECK)
    assert {Card.parse("7D"): "settebello"}[built] == "settebello"
    assert len({hash(card) for card in DECK}) == 40


def test_the_deck_constants():
    assert (DECK_SIZE, CARDS_PER_SUIT, DENARI_IN_DECK) == (40, 10, 10)
    assert len(DECK) == DECK_SIZE
    assert len(SUITS) * CARDS_PER_SUIT == DECK_SIZE
    assert [suit.index for suit in SUITS] == [0, 1, 2, 3]
    assert tuple(Suit) == SUITS


def test_a_card_is_its_index_in_the_deck_and_one_bit():
    for i, card in enumerate(DECK):
        assert card.index == deck_index(card) == i
        assert card.bit == BB_CARDS[i] == 1 << i
        assert Card.from_index(i) is card
        assert card.code == f"{card.value}{card.suit.letter}"
    assert Card(7, Suit.DENARI).index == 6
    assert Card(1, Suit.COPPE).index == 10
    assert Card.SETTEBELLO.bit == BB_SETTEBELLO
    assert Card.RE_BELLO.bit == BB_RE_BELLO


def test_each_suit_is_a_ten_bit_slice():
    assert BB_SUITS == (BB_DENARI, BB_COPPE, BB_BASTONI, BB_SPADE)
    assert BB_DENARI == BB_SUIT == 0x3FF
    assert BB_SPADE == 0x3FF << 30
    for suit in SUITS:
        assert suit.cards == tuple(card for card in DECK if card.suit is suit)
        assert mask_of(suit.cards) == suit.mask == BB_SUITS[suit.index]
        assert popcount(suit.mask) == CARDS_PER_SUIT
    assert BB_DENARI | BB_COPPE | BB_BASTONI | BB_SPADE == BB_ALL == mask_of(DECK)
    assert popcount(BB_ALL) == DECK_SIZE
    assert popcount(BB_EMPTY) == 0
    assert [card.is_denaro for card in DECK] == [c.suit is Suit.DENARI for c in DECK]


def test_masks_and_cards_convert_both_ways():
    cards = parse_cards(["1S", "10d", "7D", "2c", "7D"])
    mask = mask_of(cards)
    assert popcount(mask) == 4  # the repeat is in the mask once
    assert (
        cards_of(mask) == sorted_cards(set(cards)) == tuple(parse_cards(["7D", "10D", "2C", "1S"]))
    )
    assert list(scan_forward(mask)) == [6, 9, 11, 30]
    assert cards_of(BB_ALL) == DECK
    assert cards_of(BB_EMPTY) == ()


def test_the_rest_of_the_deck_goes_to_the_last_side():
    piles = [parse_cards(["7D", "1C"]), parse_cards(["10S"])]
    rest = rest_of_deck(piles)
    assert len(rest) == 37
    assert rest == tuple(c for c in DECK if c.code not in ("7D", "1C", "10S"))
    assert with_rest(piles) == [tuple(piles[0]), tuple(piles[1]), rest]
    assert rest_of_deck([]) == DECK
    assert with_rest([DECK]) == [DECK, ()]
