"""The engine against the frozen oracle (``scoring_v1``, the scoring package of e3fa983).

Random hands of every format, entered both ways, under every setting, valid and
invalid, are scored by both; everything a caller can see must be the same: each
side's points per category, counts and total, the primiera's best cards and sums,
every award's winner, reason and margin, the napoleone, and for a refused hand
the errors (code, field and parameters, in order). The typed entries are read
from the JSON games store and compared with what games did with it then, and
the score's JSON form with what the API answered then.

The engine has since gained checks the oracle lacks (:data:`NEW_CHECKS`: scope for
the whole table and how they are shared out among the sides, best cards consistent
with the counts, napola runs the counts contradict or force, counts that no one
share-out of the 40 cards gives all at once, RULES.md section 6). A hand they refuse is
expected to differ in that way only: the oracle's errors are the engine's without
theirs, and when those were all, the oracle scored the hand (:func:`agrees`).

The work is counted in hands (:data:`HANDS_PER_FORMAT` per format, from a fixed
seed), never in seconds; ``--corpus quick`` (`make check`) runs the first tenth of them,
the same hands as the full run's first tenth.
"""

from __future__ import annotations

import collections
import functools
import random
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper import scoring as new
from tests.oracle import scoring_v1 as old

HANDS_PER_FORMAT = 16_667  # 100,002 hands in all
SEED = 20_260_601
FORMATS = tuple(old.FORMATS)
#: Values that are not whole numbers, for the counts and the scope.
NOT_NUMBERS: tuple[object, ...] = (1.5, True, "2", None)
#: Card texts that are not cards, and texts that are (in other spellings).
BAD_TEXTS = ("11D", "7X", "", "D7", "0S")
ODD_TEXTS = ("7d", " 10s ", "1 b")
#: The codes of the checks the engine gained after the oracle.
NEW_CHECKS = frozenset(
    (
        "scope_table_too_many",
        "scope_table_split",
        "napola_all_denari",
        "napola_forced_no_settebello",
        "napola_forced_no_re_bello",
        "napola_run_longer",
        "napola_denari_held",
        "primiera_exceeds_cards",
        "primiera_only_denari",
        "primiera_other_suits",
        "primiera_not_re_bello",
        "primiera_in_napola",
        "primiera_napola_low",
        "primiera_napola_next",
        "primiera_winner_suits",
        "scope_every_play",
        "cards_one",
        "cards_no_capture",
        "primiera_no_seven",
        "primiera_denari_above",
        "primiera_suits_above",
        "primiera_denari_below",
        "denari_share_out",
        "best_cards_share_out",
        "primiera_winner_beaten",
        "primiera_nobody",
        "primiera_denaro_unshown",
        "primiera_suits_unshown",
        "primiera_suits_blank",
        "primiera_seven_unshown",
    )
)


# --------------------------------------------------------------------------- what a caller sees


def seen(module: Any, score: Any) -> dict[str, object]:
    """Everything a caller can read off a score, as plain data."""
    sides = []
    for side in score.sides:
        primiera = side.primiera
        sides.append(
            {
                "points": {category.value: n for category, n in side.points.items()},
                "total": side.total,
                "facts": (
                    side.cards,
                    side.denari,
                    side.settebello,
                    side.re_bello,
                    side.napola_run,
                    side.scope,
                ),
                "primiera": None
                if primiera is None
                else (
                    {suit.letter: card.code for suit, card in primiera.best.items()},
                    {suit.letter: value for suit, value in primiera.values.items()},
                    primiera.total,
                    primiera.partial_sum,
                    primiera.complete,
                    [suit.letter for suit in primiera.missing],
                ),
            }
        )
    return {
        "sides": sides,
        "awards": [
            (category.value, award.category.value, award.winner, str(award.reason), award.margin)
            for category, award in score.awards.items()
        ],
        "totals": score.totals,
        "napoleone": score.napoleone,
        "by_cards": score.by_cards,
        "result": tuple(module.HandResult.of(score).points),
    }


def old_json(score: Any, names: list[str]) -> dict[str, object]:
    """The answer the API gave for ``score`` (api/services.py of e3fa983), with the napoleone."""
    sides = []
    for i, side in enumerate(score.sides):
        primiera = side.primiera
        sides.append(
            {
                "name": names[i],
                "points": {category.value: side.points[category] for category in old.Category},
                "total": side.total,
                "detail": {
                    "cards": side.cards,
                    "denari": side.denari,
                    "primiera": None if primiera is None else primiera.total,
                    "primiera_cards": None
                    if primiera is None
                    else {card.suit.letter: card.code for card in primiera.best.values()},
                    "napola_run": side.napola_run,
                    "settebello": side.settebello,
                    "re_bello": side.re_bello,
                    "scope": side.scope,
                },
            }
        )
    awards = {
        category.value: {"winner": award.winner, "reason": award.reason, "margin": award.margin}
        for category, award in score.awards.items()
    }
    return {"sides": sides, "awards": awards, "napoleone": score.napoleone}


def outcome(module: Any, score: Callable[[], Any], names: list[str] | None = None) -> tuple:
    """What a caller gets: the score as seen (and its JSON), or the errors of the refusal."""
    try:
        result = score()
    except module.InvalidHand as refused:
        return ("refused", [(e.code, e.field, dict(e.params)) for e in refused.errors])
    if names is None:
        return ("scored", seen(module, result))
    as_json = old_json(result, names) if module is old else result.to_json(names)
    return ("scored", seen(module, result), as_json)


def agrees(before: tuple, after: tuple, new_refusals: collections.Counter[str]) -> bool:
    """Whether the engine's outcome ``after`` is the oracle's ``before``, but for the
    refusals of :data:`NEW_CHECKS` (counted in ``new_refusals``): the oracle's errors
    are the engine's without them, or the oracle scored the hand when those were all."""
    if before == after:
        return True
    if after[0] != "refused":
        return False
    kept = [error for error in after[1] if error[0] not in NEW_CHECKS]
    if len(kept) == len(after[1]):
        return False
    new_refusals.update(error[0] for error in after[1] if error[0] in NEW_CHECKS)
    return before[0] == "scored" if not kept else before == ("refused", kept)


def parsed(module: Any, piles: list[list[Any]]) -> tuple:
    """What ``parse_hand_cards`` gives: each side's cards, or the errors of the refusal."""
    try:
        cards = module.parse_hand_cards(piles)
    except module.InvalidHand as refused:
        return ("refused", [(e.code, e.field, dict(e.params)) for e in refused.errors])
    return ("parsed", [[card.code for card in pile] for pile in cards])


# --------------------------------------------------------------------------- random hands


def rules_pair(rng: random.Random, fmt: str) -> tuple[Any, Any]:
    settings = {
        "napola": rng.random() < 0.5,
        "napoleone": rng.random() < 0.3,
        "re_bello": rng.random() < 0.5,
    }
    return (
        old.Rules(format=old.FORMATS[fmt], **settings),
        new.Rules(format=new.FORMATS[fmt], **settings),
    )


def deal(rng: random.Random, sides: int) -> list[list[str]]:
    """The 40 cards dealt among ``sides``, in a random order within each side.

    Often one side gets a run of denari from the asso (a napola), or all ten.
    """
    owners = rng.choices(range(sides), k=40)
    shape = rng.random()
    if shape < 0.25:
        lucky, run = rng.randrange(sides), rng.randint(3, 10)
        owners[:run] = [lucky] * run
    elif shape < 0.3:
        owners = [rng.randrange(sides)] * 40
    piles: list[list[str]] = [[] for _ in range(sides)]
    for card, owner in zip(old.DECK, owners, strict=True):
        piles[owner].append(card.code)
    for pile in piles:
        rng.shuffle(pile)
    return piles


def scopes(rng: random.Random, rules: Any, piles: list[list[Any]]) -> list[object]:
    return [
        rng.randint(0, min(rules.format.cards_played_per_side, len(pile) // 2)) for pile in piles
    ]


def spoil_cards(rng: random.Random, piles: list[list[Any]], scope: list[object]) -> None:
    """Make the hand impossible in one or more ways (or leave it, one time in four)."""
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        kind = rng.randrange(5)
        i = rng.randrange(len(piles))
        if kind == 0 and piles[i]:
            piles[i].pop(rng.randrange(len(piles[i])))
        elif kind == 1:
            donor = rng.choice([p for p in piles if p] or [[old.DECK[0].code]])
            piles[i].insert(rng.randint(0, len(piles[i])), rng.choice(donor))
        elif kind == 2:
            scope[i] = rng.choice((-1, 19, 7, len(piles[i]) // 2 + 1))
        elif kind == 3:
            scope[i] = rng.choice(NOT_NUMBERS)
        elif len(piles) > 2 and rng.random() < 0.5:
            piles.pop(i)
            scope.pop(i)
        else:
            piles.append([])
            scope.append(0)


def spoil_texts(rng: random.Random, piles: list[list[Any]]) -> None:
    """Write some cards in other spellings, and some texts that are no card."""
    for _ in range(rng.choice((0, 0, 1, 2))):
        pile = rng.choice(piles)
        if pile:
            j = rng.randrange(len(pile))
            pile[j] = rng.choice(BAD_TEXTS + ODD_TEXTS)


def counts_of_deal(rules: Any, piles: list[list[str]], scope: list[object]) -> list[dict]:
    """Each side's counts of a valid deal, as a stored counts entry has them."""
    sides = [
        old.SideCards(tuple(map(old.Card.parse, pile)), s)
        for pile, s in zip(piles, scope, strict=True)
    ]
    return [
        {
            "cards": c.cards,
            "denari": c.denari,
            "settebello": c.settebello,
            "re_bello": c.re_bello,
            "napola_run": c.napola_run,
            "scope": c.scope,
            "primiera_cards": [card.code for card in c.primiera_cards],
        }
        for c in old.counts_of(old.score_cards(rules, sides))
    ]


def spoil_counts(rng: random.Random, sides: list[dict], typed: bool) -> None:
    """Make counts impossible; with ``typed`` False, also of the wrong type."""
    for _ in range(rng.choice((0, 1, 1, 2))):
        side = rng.choice(sides)
        kind = rng.randrange(9 if typed else 10)
        if kind in (0, 1) and type(side[("cards", "denari")[kind]]) is int:
            side[("cards", "denari")[kind]] += rng.choice((-3, -1, 1, 2, 30))
        elif kind == 2:
            side["settebello"] = not side["settebello"]
        elif kind == 3:
            side["re_bello"] = not side["re_bello"]
        elif kind == 4:
            side["napola_run"] = rng.randint(0, 11)
        elif kind == 5:
            side["scope"] = rng.choice((-1, 10, 19, 7))
        elif kind == 6:
            if side["primiera_cards"]:
                side["primiera_cards"].append(rng.choice(old.DECK).code)
        elif kind == 7:
            if side["primiera_cards"]:
                side["primiera_cards"][0] = rng.choice(("7D", "6D", "1D", "10D", "7C"))
        elif kind == 8:
            sides.append(dict(side))
        else:
            side[rng.choice(("cards", "denari", "napola_run", "scope"))] = rng.choice(NOT_NUMBERS)


# --------------------------------------------------------------------------- what games did


def old_score_entry(rules: Any, mode: str, entry: dict) -> Any:
    """``score_entry`` of games/services.py at e3fa983, on the oracle."""
    sides = entry["sides"]
    if mode == "cards":
        parsed = old.parse_hand_cards([side["cards"] for side in sides])
        return old.score_cards(
            rules,
            [
                old.SideCards(cards, side["scope"])
                for cards, side in zip(parsed, sides, strict=True)
            ],
        )
    counts = []
    for i, side in enumerate(sides):
        codes = side.get("primiera_cards")
        try:
            best = None if codes is None else tuple(old.Card.parse(code) for code in codes)
        except old.CardError as error:
            where = f"sides[{i}].primiera_cards"
            error = old.InputError("not_a_card", where, {"text": error.text})
            raise old.InvalidHand([error]) from None
        counts.append(
            old.SideCounts(
                cards=side["cards"],
                denari=side["denari"],
                settebello=side["settebello"],
                re_bello=side["re_bello"],
                napola_run=side["napola_run"],
                scope=side["scope"],
                primiera_cards=best,
            )
        )
    return old.score_counts(rules, counts, entry.get("primiera"))


# --------------------------------------------------------------------------- the hands


def check_cards_hand(
    rng: random.Random, fmt: str, new_refusals: collections.Counter[str]
) -> list[str]:
    """One hand entered as cards: by the engine's types, by texts, by a stored entry."""
    rules_old, rules_new = rules_pair(rng, fmt)
    piles: list[list[Any]] = deal(rng, rules_old.sides)
    scope = scopes(rng, rules_old, piles)
    if rng.random() < 0.75:
        spoil_cards(rng, piles, scope)
    names = [f"side {i}" for i in range(len(piles))]
    problems = []

    def by_types(module: Any, rules: Any) -> Any:
        sides = [
            module.SideCards(tuple(map(module.Card.parse, pile)), s)
            for pile, s in zip(piles, scope, strict=True)
        ]
        return module.score_cards(rules, sides)

    if not agrees(
        outcome(old, lambda: by_types(old, rules_old), names),
        outcome(new, lambda: by_types(new, rules_new), names),
        new_refusals,
    ):
        problems.append("score_cards")

    if rng.random() < 0.5:
        spoil_texts(rng, piles)
        if parsed(old, piles) != parsed(new, piles):
            problems.append("parse_hand_cards")
    if all(type(s) is int for s in scope):  # a stored entry always holds whole numbers
        data = {"sides": [{"cards": p, "scope": s} for p, s in zip(piles, scope, strict=True)]}
        before = outcome(old, lambda: old_score_entry(rules_old, "cards", data), names)
        after = outcome(new, lambda: new.read_entry("cards", data).score(rules_new), names)
        if not agrees(before, after, new_refusals):
            problems.append("read_entry cards")
    return problems


def check_counts_hand(
    rng: random.Random, fmt: str, best: bool, new_refusals: collections.Counter[str]
) -> list[str]:
    """One hand entered as counts, with a declared primiera or the best cards per suit."""
    rules_old, rules_new = rules_pair(rng, fmt)
    piles = deal(rng, rules_old.sides)
    sides = counts_of_deal(rules_old, piles, scopes(rng, rules_old, piles))
    winner: object = None
    if best:
        for side in sides:
            if rng.random() < 0.1:
                side["primiera_cards"] = None
    else:
        for side in sides:
            side["primiera_cards"] = None
        truth = old_score_entry(rules_old, "counts", {"sides": sides, "primiera": None})
        winner = rng.choice(
            (truth.awards[old.Category.PRIMIERA].winner, None, 0, len(sides) - 1, len(sides), -1)
        )
        if winner is None and rng.random() < 0.5:
            winner = truth.awards[old.Category.PRIMIERA].winner
    typed = rng.random() < 0.7
    if rng.random() < 0.7:
        spoil_counts(rng, sides, typed)
    problems = []

    def by_types(module: Any, rules: Any) -> Any:
        counts = [
            module.SideCounts(
                side["cards"],
                side["denari"],
                side["settebello"],
                side["re_bello"],
                side["napola_run"],
                side["scope"],
                None
                if side["primiera_cards"] is None
                else tuple(map(module.Card.parse, side["primiera_cards"])),
            )
            for side in sides
        ]
        return module.score_counts(rules, counts, winner)

    if not agrees(
        outcome(old, lambda: by_types(old, rules_old)),
        outcome(new, lambda: by_types(new, rules_new)),
        new_refusals,
    ):
        problems.append("score_counts")
    if typed:
        data = {"sides": sides, "primiera": winner}
        names = [f"side {i}" for i in range(len(sides))]
        before = outcome(old, lambda: old_score_entry(rules_old, "counts", data), names)
        after = outcome(new, lambda: new.read_entry("counts", data).score(rules_new), names)
        if not agrees(before, after, new_refusals):
            problems.append("read_entry counts")
    return problems


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_engine_scores_every_hand_as_the_oracle_did(
    fmt: str, corpus_share: int, record_property: Callable[[str, object], None]
) -> None:
    rng = random.Random(f"{SEED}-{fmt}")
    tally: dict[str, int] = {}
    new_refusals: collections.Counter[str] = collections.Counter()
    hands = HANDS_PER_FORMAT // corpus_share
    for n in range(hands):
        state = rng.getstate()
        kind = rng.choice(("cards", "cards", "counts", "best"))
        if kind == "cards":
            problems = check_cards_hand(rng, fmt, new_refusals)
        else:
            problems = check_counts_hand(rng, fmt, kind == "best", new_refusals)
        tally[kind] = tally.get(kind, 0) + 1
        if problems:
            rng.setstate(state)
            raise AssertionError(f"hand {n} ({kind}, format {fmt}) differs in {problems}")
    assert sum(tally.values()) == hands
    record_property("generated_cases", {"differential hands": hands})
    assert len(tally) == 3
    # Hands the new checks refuse are compared too: plenty of each kind (scope for the
    # table, napola runs, best cards). That they refuse only impossible hands is for the
    # unit tests (tests/unit/test_properties.py: no hand of a real deal is refused).
    # A tenth of the hands (--corpus quick) must still reach each kind.
    for kind in ("scope_", "napola_", "primiera_"):
        refused = sum(n for code, n in new_refusals.items() if code.startswith(kind))
        assert refused >= max(1, 11 // corpus_share), kind


def test_invalid_and_valid_hands_are_both_well_represented() -> None:
    # The generator is only useful if it makes plenty of each: count a sample of both.
    rng = random.Random(SEED)
    outcomes = []
    for _ in range(2000):
        rules, _ = rules_pair(rng, rng.choice(FORMATS))
        piles: list[list[Any]] = deal(rng, rules.sides)
        scope = scopes(rng, rules, piles)
        spoil_cards(rng, piles, scope)
        sides = [
            old.SideCards(tuple(map(old.Card.parse, p)), s)
            for p, s in zip(piles, scope, strict=True)
        ]
        outcomes.append(outcome(old, functools.partial(old.score_cards, rules, sides))[0])
    assert outcomes.count("refused") > 500
    assert outcomes.count("scored") > 300


# --------------------------------------------------------------------------- primiera, captures


def test_primiera_of_any_pile_is_the_oracles(
    corpus_share: int, record_property: Callable[[str, object], None]
) -> None:
    rng = random.Random(SEED)
    piles = 20_000 // corpus_share
    record_property("generated_cases", {"differential primiera piles": piles})
    for _ in range(piles):
        codes = [card.code for card in rng.sample(old.DECK, rng.randint(0, 40))]
        before = old.Primiera.of(map(old.Card.parse, codes))
        after = new.Primiera.of(map(new.Card.parse, codes))
        assert {s.letter: c.code for s, c in before.best.items()} == {
            s.letter: c.code for s, c in after.best.items()
        }
        assert (before.total, before.partial_sum, before.complete) == (
            after.total,
            after.partial_sum,
            after.complete,
        )


def test_captures_are_the_oracles(
    corpus_share: int, record_property: Callable[[str, object], None]
) -> None:
    rng = random.Random(SEED)
    plays = 20_000 // corpus_share
    record_property("generated_cases", {"differential captures": plays})
    for _ in range(plays):
        codes = [card.code for card in rng.sample(old.DECK, rng.randint(1, 9))]
        played, table = codes[0], codes[1:]
        if rng.random() < 0.1:
            table.append(rng.choice(codes))  # a card twice, or the played card on the table
        choice = rng.choice(("free", "fewest"))
        last = rng.random() < 0.2

        play = (table, played, choice, last)
        assert capture_options(old, *play) == capture_options(new, *play), play


def capture_options(module: Any, table: list[str], played: str, choice: str, last: bool) -> object:
    """What the capture checker says of one play, as plain data."""
    try:
        found = module.captures(
            [module.Card.parse(c) for c in table],
            module.Card.parse(played),
            module.SumChoice(choice),
            last_play=last,
        )
    except module.InvalidPlay as refused:
        return [(e.code, e.field, dict(e.params)) for e in refused.errors]
    return (
        str(found.rule),
        [c.code for c in found.table],
        [([c.code for c in x.taken], x.sweep, x.scopa) for x in found.captures],
        (found.must_capture, found.stays_on_table, found.any_sweep),
    )
