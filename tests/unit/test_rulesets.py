"""Rule sets as data (scorekeeper.scoring.rulesets, RULES.md section 8): each preset found
by name, its deal and what follows from it, its capture rule, with hands a table can
check on paper."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.scoring import (
    FORMATS,
    CaptureRule,
    Card,
    ErrorCode,
    HandScore,
    InvalidGame,
    InvalidHand,
    Rules,
    SideCounts,
    captures,
    parse_cards,
    score_counts,
)
from scorekeeper.scoring.rulesets import (
    DEFAULT_RULE_SET,
    RULE_SETS,
    AssoOnAsso,
    AssoSweep,
    CaptureStyle,
    Pigliatutto,
    rule_set,
)

SCOPONE = RULE_SETS["scopone-scientifico"]
ASSI = RULE_SETS["scopa-d-assi"]
PAIRS = FORMATS["2x2"]


def counts(scope_a: int, scope_b: int) -> list[SideCounts]:
    """A hand of two sides with the scope given: the side with fewer scope takes twice
    its scope in cards (every sweep takes two), the other the rest, all the denari with
    the settebello among them."""
    few = 2 * min(scope_a, scope_b)
    rich, poor = SideCounts(40 - few, 10, True), SideCounts(few, 0)
    sides = [rich, poor] if scope_a >= scope_b else [poor, rich]
    return [replace(side, scope=n) for side, n in zip(sides, (scope_a, scope_b), strict=True)]


def score_scope(rules: Rules, scope_a: int, scope_b: int) -> HandScore:
    """:func:`counts` scored, the primiera to the side with every denaro (with 38 cards it
    always takes it, nobody cannot)."""
    sides = counts(scope_a, scope_b)
    return score_counts(rules, sides, next(i for i, s in enumerate(sides) if s.settebello))


def test_the_presets_are_found_by_name_with_their_words_in_both_languages():
    assert next(iter(RULE_SETS)) == "scopa"
    assert DEFAULT_RULE_SET is rule_set("scopa") is Rules().rule_set
    for key, found in RULE_SETS.items():
        assert rule_set(key) is found
        assert found.name
        assert found.label("it") != found.label("en")
        assert found.label("fr") == found.label("en")
        assert eval(repr(found), {"rule_set": rule_set}) is found
    with pytest.raises(InvalidGame, match="'briscola' is not a known rule set"):
        rule_set("briscola")


@pytest.mark.parametrize(
    ("key", "fmt", "per_player", "table", "plays", "per_side", "most"),
    [
        ("scopa", "2", 18, 4, 36, 18, 18),
        ("scopa", "2x2", 9, 4, 36, 18, 18),
        ("scopa", "3", 12, 4, 36, 12, 18),
        ("scopone-scientifico", "2x2", 10, 0, 40, 20, 19),
        ("scopa-d-assi", "2x2", 9, 4, 36, 18, 18),
    ],
)
def test_the_deal_and_what_follows_from_it(key, fmt, per_player, table, plays, per_side, most):
    deal = Rules(rule_set=rule_set(key), format=FORMATS[fmt]).deal
    assert (deal.cards_per_player, deal.table_cards) == (per_player, table)
    assert (deal.plays, deal.cards_played_per_side, deal.scope_per_hand) == (plays, per_side, most)


def test_scopone_is_played_in_pairs_only():
    with pytest.raises(InvalidGame, match="not played by format '2'"):
        Rules(rule_set=SCOPONE)
    assert Rules(rule_set=SCOPONE, format=PAIRS).format is PAIRS


def test_scopone_holds_19_scope_and_17_plus_1_unlike_scopa():
    # Scopone: plays 0 to 39, the pairs alternating; play 0 meets an empty table and play
    # 39 is the last: a pair sweeping on plays 2, 4, ..., 38 makes 19; with the other
    # pair's scopa on play 1, plays 4 to 38 still hold 18 (and Scopa's 17 + 1 fits).
    scopone = Rules(rule_set=SCOPONE, format=PAIRS)
    scopa = Rules(format=PAIRS)
    assert score_scope(scopone, 19, 0).sides[0].scope == 19
    assert score_scope(scopone, 17, 1).sides[1].scope == 1
    assert score_scope(scopone, 1, 18).sides[0].scope == 1
    with pytest.raises(InvalidHand) as refused:
        score_scope(scopa, 17, 1)
    assert [e.code for e in refused.value.errors] == [ErrorCode.SCOPE_TABLE_SPLIT]
    with pytest.raises(InvalidHand) as refused:
        score_scope(scopone, 12, 8)
    assert [(e.code, e.params) for e in refused.value.errors] == [
        (ErrorCode.SCOPE_TABLE_TOO_MANY, {"total": 20, "maximum": 19})
    ]
    # With no cards on the table every split of 19 fits (a run of sweeps on one pair's
    # plays, then on the other's); Scopa's split 9 + 9 does not fit its 36 plays.
    assert all(score_scope(scopone, n, 19 - n) for n in range(20))
    with pytest.raises(InvalidHand) as refused:
        score_scope(scopa, 9, 9)
    assert refused.value.errors[0].code is ErrorCode.SCOPE_TABLE_SPLIT


def test_scopone_is_counted_as_scopa_in_pairs():
    hand = [SideCounts(22, 6, True, scope=3), SideCounts(18, 4, scope=1)]
    scopone = score_counts(Rules(rule_set=SCOPONE, format=PAIRS), hand, primiera_winner=1)
    assert scopone.totals == score_counts(Rules(format=PAIRS), hand, primiera_winner=1).totals
    assert scopone.totals == (6, 2)  # 3 scope, carte, denari, settebello; 1 scopa, primiera


def table(text: str) -> list[Card]:
    return parse_cards(text.split())


def taken(options) -> list[str]:
    return ["+".join(card.code for card in capture.taken) for capture in options.captures]


def test_an_asso_takes_the_whole_table_in_scopa_d_assi_and_not_in_scopa():
    asso, board = Card.parse("1C"), table("5D 3B 9S")
    assert captures(board, asso).stays_on_table  # Scopa: 1 matches nothing, sums nothing
    options = captures(board, asso, pigliatutto=Pigliatutto())
    assert options.rule is CaptureRule.ASSO
    assert taken(options) == ["3B+5D+9S"]
    (capture,) = options.captures
    assert capture.sweep
    assert not capture.scopa
    house = Pigliatutto(sweep=AssoSweep.SCOPA)
    assert captures(board, asso, pigliatutto=house).captures[0].scopa
    assert not captures(board, asso, pigliatutto=house, last_play=True).captures[0].scopa


def test_an_asso_on_an_asso_takes_that_asso_or_everything_as_the_house_says():
    asso, board = Card.parse("1C"), table("1D 1S 7B")
    options = captures(board, asso, pigliatutto=Pigliatutto())
    assert options.rule is CaptureRule.EQUAL
    assert taken(options) == ["1D", "1S"]
    everything = captures(board, asso, pigliatutto=Pigliatutto(on_asso=AssoOnAsso.TAKES_ALL))
    assert everything.rule is CaptureRule.ASSO
    assert taken(everything) == ["1D+1S+7B"]
    alone = captures(table("1D"), asso, pigliatutto=Pigliatutto())
    assert alone.captures[0].scopa  # an equal card alone on the table: a scopa, as ever


def test_an_asso_on_an_empty_table_stays_and_other_cards_take_as_ever():
    assert captures([], Card.parse("1C"), pigliatutto=Pigliatutto()).stays_on_table
    options = captures(table("1D 4B 2S"), Card.parse("5C"), pigliatutto=Pigliatutto())
    assert taken(options) == ["1D+4B"]


def test_the_rules_give_their_rule_sets_house_choices_to_the_capture_checker():
    assert Rules().pigliatutto is None
    rules = Rules(rule_set=ASSI, format=PAIRS, asso_sweep=AssoSweep.SCOPA)
    assert rules.pigliatutto == Pigliatutto(AssoSweep.SCOPA, AssoOnAsso.TAKES_ASSO)
    assert ASSI.capture is CaptureStyle.ASSO_PIGLIATUTTO
    with pytest.raises(InvalidGame, match="Scopa has no asso pigliatutto"):
        Rules(asso_sweep=AssoSweep.SCOPA)


def test_rules_json_names_the_rule_set_and_takes_its_defaults():
    assert Rules.from_json({}) == Rules()
    assert Rules().to_json()["rule_set"] == "scopa"
    assi = Rules.from_json({"rule_set": "scopa-d-assi"})
    assert (assi.format, assi.target, assi.rule_set) == (PAIRS, 31, ASSI)
    scopone = Rules.from_json({"rule_set": "scopone-scientifico", "target": 21})
    assert (scopone.format, scopone.target) == (PAIRS, 21)
    for rules in (assi, scopone, Rules(rule_set=ASSI, asso_on_asso=AssoOnAsso.TAKES_ALL)):
        assert Rules.from_json(rules.to_json()) == rules
    for bad, message in (
        ({"rule_set": "cirulla"}, "rule_set: 'cirulla' is not a known rule set"),
        ({"rule_set": 3}, "rule_set: 3 is not a known rule set"),
        ({"rule_set": "scopa-d-assi", "asso_sweep": "yes"}, "asso_sweep: 'yes' is not one of"),
        ({"rule_set": "scopone-scientifico", "format": "2"}, "not played by format '2'"),
        ({"asso_on_asso": "takes-all"}, "Scopa has no asso pigliatutto"),
    ):
        with pytest.raises(InvalidGame, match=message):
            Rules.from_json(bad)


def test_the_stateless_api_seats_a_pairs_only_rule_set_in_pairs():
    assert Rules(rule_set=SCOPONE, format=PAIRS).with_sides(2).format is PAIRS
    assert Rules(rule_set=ASSI, format=PAIRS).with_sides(3).format is FORMATS["3"]
