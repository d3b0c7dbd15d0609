"""Typed hand entries and their JSON: the shape games store, read back strictly."""

import copy

import pytest

from scorekeeper.scoring import (
    FORMATS,
    MESSAGES,
    CardsEntry,
    CountsEntry,
    EntryMode,
    ErrorCode,
    InvalidGame,
    InvalidHand,
    Rules,
    SideCards,
    SideCounts,
    SumChoice,
    parse_cards,
    read_entry,
    score_cards,
    score_counts,
)
from tests.helpers.hands import deal

#: A cards entry as games store it in ``Hand.entry`` (``CardsForm.to_entry``).
STORED_CARDS = {
    "sides": [
        {"cards": ["7D", "1D", "2C"], "scope": 1},
        {"cards": [c.code for c in deal("7D 1D 2C", "*")[1].cards], "scope": 0},
    ]
}

#: A counts entry as games store it (``CountsForm.to_entry``): best cards for side 0 only.
STORED_COUNTS = {
    "sides": [
        {
            "cards": 22,
            "denari": 6,
            "settebello": True,
            "re_bello": False,
            "napola_run": 0,
            "scope": 1,
            "primiera_cards": ["7D", "6C", "1B", "7S"],
        },
        {
            "cards": 18,
            "denari": 4,
            "settebello": False,
            "re_bello": False,
            "napola_run": 0,
            "scope": 0,
            "primiera_cards": ["6D", "7C", "7B"],
        },
    ],
    "primiera": None,
}


def test_every_error_code_has_one_message_and_its_name_for_a_value():
    # The value is what the API, a stored refusal and the phone's scorer carry.
    assert set(MESSAGES) == set(ErrorCode)
    assert [code.value for code in ErrorCode] == [code.name.lower() for code in ErrorCode]


def errors_of(read, data):
    with pytest.raises(InvalidHand) as caught:
        read(data)
    for error in caught.value.errors:
        assert error.code in MESSAGES
        assert error.message
    return {(e.code, e.field) for e in caught.value.errors}


# --------------------------------------------------------------------------- cards


def test_a_stored_cards_entry_reads_back_and_scores():
    entry = read_entry("cards", STORED_CARDS)
    assert isinstance(entry, CardsEntry)
    assert entry.mode is EntryMode.CARDS == "cards"
    assert entry.sides[0] == SideCards(tuple(parse_cards(["7D", "1D", "2C"])), 1)
    assert entry.to_json() == STORED_CARDS
    assert entry.score(Rules()) == score_cards(Rules(), entry.sides)
    assert entry.score(Rules()).totals == (2, 3)


def test_cards_keep_the_order_they_were_entered_in():
    data = {"sides": [{"cards": ["2C", "7d", " 1D "], "scope": 0}, STORED_CARDS["sides"][1]]}
    entry = CardsEntry.from_json(data)
    assert [c.code for c in entry.sides[0].cards] == ["2C", "7D", "1D"]
    assert entry.to_json()["sides"][0]["cards"] == ["2C", "7D", "1D"]
    assert CardsEntry.from_json(entry.to_json()) == entry


def test_a_cards_entry_from_piles_or_texts():
    piles = [side.cards for side in deal("7D 1D 2C", "*")]
    entry = CardsEntry.of(piles, [1])
    assert entry == CardsEntry.from_texts([[c.code for c in p] for p in piles], [1, 0])
    assert entry.to_json() == STORED_CARDS
    assert [side.mask for side in entry.sides] == [SideCards(p).mask for p in piles]
    entry.validate(Rules())
    with pytest.raises(InvalidHand):
        entry.validate(Rules(format=FORMATS["3"]))


def _change(path, value):
    def changed(data):
        data = copy.deepcopy(data)
        target = data
        for key in path[:-1]:
            target = target[key]
        if value is KeyError:
            del target[path[-1]]
        else:
            target[path[-1]] = value
        return data

    return changed


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda _d: ["sides"], {("not_an_object", "")}),
        (lambda _d: None, {("not_an_object", "")}),
        (_change(["extra"], 1), {("unknown_field", "extra")}),
        (_change(["sides"], KeyError), {("required", "sides")}),
        (_change(["sides"], {"cards": []}), {("not_a_side_list", "sides")}),
        (_change(["sides", 1], "7D 1D"), {("not_an_object", "sides[1]")}),
        (_change(["sides", 1], [["7D"]]), {("not_an_object", "sides[1]")}),
        (_change(["sides", 0, "scopa"], 1), {("unknown_field", "sides[0].scopa")}),
        (_change(["sides", 0, "scope"], KeyError), {("required", "sides[0].scope")}),
        (_change(["sides", 0, "cards"], KeyError), {("required", "sides[0].cards")}),
        (_change(["sides", 0, "scope"], "1"), {("not_whole_number", "sides[0].scope")}),
        (_change(["sides", 0, "scope"], True), {("not_whole_number", "sides[0].scope")}),
        (_change(["sides", 0, "scope"], 1.0), {("not_whole_number", "sides[0].scope")}),
        (_change(["sides", 0, "cards"], "7D 1D 2C"), {("not_a_card_list", "sides[0].cards")}),
        (_change(["sides", 0, "cards"], {"7D": 1}), {("not_a_card_list", "sides[0].cards")}),
        (_change(["sides", 0, "cards", 1], "11D"), {("not_a_card", "sides[0].cards[1]")}),
        (_change(["sides", 0, "cards", 1], None), {("not_a_card", "sides[0].cards[1]")}),
        (_change(["sides", 0, "cards", 1], ["1D"]), {("not_a_card", "sides[0].cards[1]")}),
        (_change(["sides", 1, "cards", 0], "7D"), {("duplicate_card", "sides[1].cards[0]")}),
    ],
)
def test_a_cards_entry_of_the_wrong_shape_is_refused_naming_the_field(change, expected):
    assert errors_of(CardsEntry.from_json, change(STORED_CARDS)) == expected


def test_every_shape_error_is_reported_at_once():
    data = copy.deepcopy(STORED_CARDS)
    data["sides"][0] |= {"scope": "2", "x": 0}
    data["sides"][1]["cards"][3] = "0D"
    assert errors_of(CardsEntry.from_json, data) == {
        ("unknown_field", "sides[0].x"),
        ("not_whole_number", "sides[0].scope"),
        ("not_a_card", "sides[1].cards[3]"),
    }


def test_texts_are_quoted_as_they_were_sent():
    data = _change(["sides", 0, "cards", 1], None)(STORED_CARDS)
    with pytest.raises(InvalidHand) as caught:
        CardsEntry.from_json(data)
    assert caught.value.errors[0].message == "'null' is not a card"
    with pytest.raises(InvalidHand) as caught:
        CardsEntry.from_json(_change(["sides", 0, "scope"], True)(STORED_CARDS))
    assert caught.value.errors[0].message == "'true' is not a whole number"


def test_the_hand_itself_is_checked_when_scored_not_when_read():
    short = _change(["sides", 1, "cards"], ["10S"])(STORED_CARDS)
    entry = CardsEntry.from_json(short)  # the shape is right
    with pytest.raises(InvalidHand) as caught:
        entry.score(Rules())
    assert [e.code for e in caught.value.errors] == ["missing_cards"]


# --------------------------------------------------------------------------- counts


def test_a_stored_counts_entry_reads_back_and_scores():
    entry = read_entry("counts", STORED_COUNTS)
    assert isinstance(entry, CountsEntry)
    assert entry.mode == "counts"
    assert entry.sides[0].primiera_cards == tuple(parse_cards(["7D", "6C", "1B", "7S"]))
    assert entry.sides[1] == SideCounts(
        18, 4, primiera_cards=tuple(parse_cards(["6D", "7C", "7B"]))
    )
    assert entry.to_json() == STORED_COUNTS
    score = entry.score(Rules())
    assert score == score_counts(Rules(), entry.sides, None)
    # Best cards decide: side 1 shows no spada, so it holds none (side 0 holds all ten),
    # and side 0's complete primiera wins.
    assert score.totals == (5, 0)


def test_a_declared_primiera_reads_back():
    data = copy.deepcopy(STORED_COUNTS)
    for side in data["sides"]:
        side["primiera_cards"] = None
    data["primiera"] = 1
    entry = CountsEntry.from_json(data)
    assert entry.primiera == 1
    assert entry.to_json() == data
    assert entry.score(Rules()).totals == (4, 1)


def test_primiera_and_best_cards_may_be_left_out():
    data = copy.deepcopy(STORED_COUNTS)
    del data["primiera"]
    for side in data["sides"]:
        del side["primiera_cards"]
    entry = CountsEntry.from_json(data)
    assert entry.primiera is None
    assert all(s.primiera_cards is None for s in entry.sides)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda _d: [], {("not_an_object", "")}),
        (_change(["primera"], 0), {("unknown_field", "primera")}),
        (_change(["sides"], "22 18"), {("not_a_side_list", "sides")}),
        (_change(["sides", 0], [22, 6]), {("not_an_object", "sides[0]")}),
        (_change(["sides", 1, "settebello"], "yes"), {("not_true_false", "sides[1].settebello")}),
        (_change(["sides", 1, "settebello"], 1), {("not_true_false", "sides[1].settebello")}),
        (_change(["sides", 0, "re_bello"], None), {("not_true_false", "sides[0].re_bello")}),
        (_change(["sides", 0, "re_bello"], KeyError), {("required", "sides[0].re_bello")}),
        (_change(["sides", 0, "cards"], True), {("not_whole_number", "sides[0].cards")}),
        (_change(["sides", 0, "denari"], "6"), {("not_whole_number", "sides[0].denari")}),
        (_change(["sides", 1, "napola_run"], 1.5), {("not_whole_number", "sides[1].napola_run")}),
        (_change(["sides", 1, "scope"], [1]), {("not_whole_number", "sides[1].scope")}),
        (_change(["sides", 1, "scope"], KeyError), {("required", "sides[1].scope")}),
        (_change(["primiera"], "0"), {("primiera_winner", "primiera")}),
        (_change(["primiera"], False), {("primiera_winner", "primiera")}),
        (
            _change(["sides", 0, "primiera_cards"], "7D 6C"),
            {("not_a_card_list", "sides[0].primiera_cards")},
        ),
        (
            _change(["sides", 0, "primiera_cards", 2], "1X"),
            {("not_a_card", "sides[0].primiera_cards[2]")},
        ),
        (
            _change(["sides", 0, "primiera_cards", 2], 7),
            {("not_a_card", "sides[0].primiera_cards[2]")},
        ),
    ],
)
def test_a_counts_entry_of_the_wrong_shape_is_refused_naming_the_field(change, expected):
    assert errors_of(CountsEntry.from_json, change(STORED_COUNTS)) == expected


def test_a_counts_entry_is_checked_when_scored():
    data = _change(["sides", 0, "cards"], 21)(STORED_COUNTS)
    entry = CountsEntry.from_json(data)
    with pytest.raises(InvalidHand) as caught:
        entry.validate(Rules())
    assert {e.code for e in caught.value.errors} == {"cards_total"}
    entry = CountsEntry.from_json(_change(["primiera"], 5)(STORED_COUNTS))
    entry.validate(Rules())  # best cards decide, so the declared side is not looked at


# --------------------------------------------------------------------------- modes


@pytest.mark.parametrize("mode", ["Cards", "", "count", None, 1])
def test_an_unknown_mode_is_refused(mode):
    assert errors_of(lambda data: read_entry(mode, data), STORED_CARDS) == {("entry_mode", "mode")}


def test_the_wrong_mode_for_the_data_is_refused():
    assert ("unknown_field", "sides[0].denari") in errors_of(
        lambda data: read_entry("cards", data), STORED_COUNTS
    )
    assert ("not_whole_number", "sides[0].cards") in errors_of(
        lambda data: read_entry("counts", data), STORED_CARDS
    )


# --------------------------------------------------------------------------- rules


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("sum_choice", list(SumChoice))
def test_rules_round_trip_through_json(fmt, sum_choice):
    rules = Rules(FORMATS[fmt], 21, True, False, True, sum_choice)
    data = rules.to_json()
    assert data == {
        "format": fmt,
        "target": 21,
        "napola": True,
        "napoleone": False,
        "re_bello": True,
        "sum_choice": sum_choice.value,
        "chiamarsi_fuori": False,
        "claim_loses_hand": False,
        "count_in_order": False,
        "rule_set": "scopa",
        "asso_sweep": "not-scopa",
        "asso_on_asso": "takes-asso",
        "margin": 1,
    }
    assert Rules.from_json(data) == rules


def test_rules_left_out_take_their_defaults():
    assert Rules.from_json({}) == Rules()
    assert Rules.from_json({"format": "2x2", "napola": True}) == Rules(FORMATS["2x2"], napola=True)


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ([], "rules"),
        ({"formato": "2"}, "formato"),
        ({"format": "5"}, "format"),
        ({"format": 2}, "format"),
        ({"target": "11"}, "target"),
        ({"target": True}, "target"),
        ({"target": 0}, "target"),
        ({"napola": 1}, "napola"),
        ({"re_bello": "false"}, "re_bello"),
        ({"napoleone": None}, "napoleone"),
        ({"sum_choice": "all"}, "sum_choice"),
        ({"sum_choice": ["free"]}, "sum_choice"),
    ],
)
def test_rules_of_the_wrong_shape_are_refused_naming_the_key(data, named):
    with pytest.raises(InvalidGame) as caught:
        Rules.from_json(data)
    assert named in str(caught.value)
