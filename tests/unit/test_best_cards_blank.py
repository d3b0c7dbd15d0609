"""A suit left blank among the best cards is a suit the side holds none of (RULES.md
sections 3 and 6): the scorer reads a side that does not show all four suits as having
no primiera, so the checks read it the same way, and a side that shows no best cards at
all (``None``) while others do holds nothing.

Hands a player can check on paper, one per refusal, each with its message in English and
in Italian, and the same hand once what it asks is marked.
"""

from __future__ import annotations

import pytest
from babel.support import Translations

from scorekeeper.scoring import (
    Category,
    ErrorCode,
    InputError,
    InvalidHand,
    Rules,
    SideCounts,
    parse_cards,
    score_counts,
)
from scorekeeper.scoring.shareout import find_share_out
from scorekeeper.ui.scoring_js import TRANSLATIONS

TWO = Rules()


def side(cards: int, denari: int, best: str | None, settebello: bool = False) -> SideCounts:
    """A side's counts with its best cards as text (``"7D 6C"``; ``None``: none shown)."""
    shown = None if best is None else tuple(parse_cards(best.split()))
    return SideCounts(cards, denari, settebello, primiera_cards=shown)


def refused(sides: list[SideCounts]) -> list[InputError]:
    """The errors refusing the hand (two players, no variants)."""
    with pytest.raises(InvalidHand) as caught:
        score_counts(TWO, sides)
    return list(caught.value.errors)


def italian(error: InputError) -> str:
    """The error's message in Italian, in the form its count takes."""
    catalog = Translations.load(str(TRANSLATIONS), ["it"])
    counted = error.plural
    if counted is None:
        return str(catalog.gettext(error.template)) % dict(error.params)
    return str(catalog.ngettext(error.template, counted[0], counted[1])) % dict(error.params)


def test_a_side_that_took_denari_shows_its_best_denaro():
    # Anna took 3 denari and shows the three sevens outside denari, no denaro: read as
    # lacking denari, she would have no primiera, and a side with no denaro holds none.
    sides = [side(16, 3, "7C 7B 7S"), side(24, 7, "7D 6C 6B 6S", settebello=True)]
    [error] = refused(sides)
    assert (error.code, error.field) == (
        ErrorCode.PRIMIERA_DENARO_UNSHOWN,
        "sides[0].primiera_cards",
    )
    assert error.message == "this side took 3 denari: mark its best denaro"
    assert italian(error) == "questa parte ha preso 3 denari: segna il suo denaro migliore"
    # Her best denaro is the 6D: 18 + 63 = 81 against Bruno's 21 + 54 = 75.
    sides[0] = side(16, 3, "6D 7C 7B 7S")
    score = score_counts(TWO, sides)
    assert [s.primiera.total for s in score.sides] == [81, 75]
    assert score.awards[Category.PRIMIERA].winner == 0


def test_one_denaro_reads_in_the_singular():
    sides = [side(16, 1, "7C 7B 7S"), side(24, 9, "7D 6C 6B 6S", settebello=True)]
    [error] = refused(sides)
    assert error.message == "this side took 1 denaro: mark its best denaro"
    assert italian(error) == "questa parte ha preso 1 denaro: segna il suo denaro migliore"


def test_a_side_left_out_holds_nothing():
    # Bruno shows every best card, Anna none (None): she is read as holding nothing, but
    # she took 16 cards, 3 of them denari.
    sides = [side(16, 3, None), side(24, 7, "7D 7C 7B 7S", settebello=True)]
    [error] = refused(sides)
    assert (error.code, error.field, error.params) == (
        ErrorCode.PRIMIERA_DENARO_UNSHOWN,
        "sides[0].primiera_cards",
        {"denari": 3},
    )
    # With no cards, a side left out is a side that took nothing.
    score = score_counts(TWO, [side(0, 0, None), side(40, 10, "7D 7C 7B 7S", settebello=True)])
    assert score.sides[0].primiera is not None
    assert score.sides[0].primiera.total is None


def test_a_side_that_took_cards_outside_denari_shows_a_best_card_there():
    # Anna took 20 cards outside denari and shows only her best denaro.
    sides = [side(25, 5, "6D"), side(15, 5, "7D 7C 7B 7S", settebello=True)]
    [error] = refused(sides)
    assert (error.code, error.field) == (
        ErrorCode.PRIMIERA_SUITS_UNSHOWN,
        "sides[0].primiera_cards",
    )
    assert error.message == (
        "this side took 20 cards that are not denari: mark its best card in every suit it took"
    )
    assert italian(error) == (
        "questa parte ha preso 20 carte che non sono denari: segna la sua carta migliore in "
        "ogni seme che ha preso"
    )
    sides[0] = side(25, 5, "6D 6C 6B 6S")
    assert score_counts(TWO, sides).awards[Category.PRIMIERA].winner == 1


def test_one_card_outside_denari_reads_in_the_singular():
    sides = [side(6, 5, "6D"), side(34, 5, "7D 7C 7B 7S", settebello=True)]
    [error] = refused(sides)
    assert error.code == ErrorCode.PRIMIERA_SUITS_UNSHOWN
    assert error.message == (
        "this side took 1 card that is not a denaro: mark it among its best cards"
    )
    assert italian(error) == (
        "questa parte ha preso 1 carta che non è un denaro: segnala tra le sue carte migliori"
    )


def test_a_blank_suit_gives_no_room():
    # Anna shows the 7C and no bastone nor spada: she holds coppe only, and Bruno's 6C is
    # his: nine coppe, not 20 cards outside denari.
    sides = [side(25, 5, "6D 7C"), side(15, 5, "7D 6C 7B 7S", settebello=True)]
    [error] = refused(sides)
    assert (error.code, error.field, error.params) == (
        ErrorCode.PRIMIERA_SUITS_BLANK,
        "sides[0].primiera_cards",
        {"cards": "7C", "maximum": 9, "other": 20},
    )
    assert error.message == (
        "with only 7C as its best cards outside denari this side can hold at most 9 cards "
        "that are not denari, not 20: mark its best card in every suit it took"
    )
    assert italian(error) == (
        "con solo 7C come carte migliori fuori dai denari, le carte non di denari di questa "
        "parte non possono essere 20 (al massimo 9): segna la sua carta migliore in ogni "
        "seme che ha preso"
    )
    # Nine coppe and the rest of what Anna took in bastoni: she lacks the spade.
    sides = [side(19, 5, "6D 7C 6B"), side(21, 5, "7D 6C 7B 7S", settebello=True)]
    score = score_counts(TWO, sides)
    assert score.sides[0].primiera.total is None
    assert score.awards[Category.PRIMIERA].winner == 1
    found = find_share_out(TWO, sides, None)
    assert found is not None
    spade = parse_cards(["7S"])[0].suit
    assert not found.masks[0] & spade.mask


def test_a_seven_nobody_shows():
    # Anna's best coppa is the 6C; Bruno shows no coppa: who took the 7C? Whoever did shows
    # it, as it is their best coppa.
    sides = [side(20, 5, "6D 6C 7B 7S"), side(20, 5, "7D 6B 6S", settebello=True)]
    [error] = refused(sides)
    assert (error.code, error.field, error.params) == (
        ErrorCode.PRIMIERA_SEVEN_UNSHOWN,
        "primiera",
        {"suit": "coppe", "card": "7C"},
    )
    assert error.message == (
        "no side shows 7C as a best card, but the side that took it must: it is its best "
        "card in coppe"
    )
    assert italian(error) == (
        "nessuna parte segna 7C tra le carte migliori, ma la parte che l\u2019ha preso deve "
        "segnarlo: è la sua carta migliore a coppe"
    )
    # Anna took it: she holds every coppa, Bruno none.
    sides[0] = side(20, 5, "6D 7C 7B 7S")
    score = score_counts(TWO, sides)
    assert score.awards[Category.PRIMIERA].winner == 0
    assert score.sides[1].primiera.total is None


def test_the_seven_of_a_suit_every_side_shows_keeps_its_message():
    sides = [side(20, 5, "6D 6C 7B 7S"), side(20, 5, "7D 5C 6B 6S", settebello=True)]
    [error] = refused(sides)
    assert error.code == ErrorCode.PRIMIERA_NO_SEVEN
    assert error.message == "every side has a best card in coppe, so one of them is 7C"
