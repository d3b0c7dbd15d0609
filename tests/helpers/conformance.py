"""The cases the phone's scorer is held to: seeded random hands, games and rules.

Every case is plain JSON, as the phone would hold it. Hands start from a random deal
of the 40 cards (with a napola run or all the denari on one side now and then), are
written card by card or as counts (the counts of the same deal, with or without the
best cards), and are then spoilt by a few random mutations, so that about half of them
fail one check or another: the shape (wrong types, unknown and missing keys), the cards
(unknown, repeated, missing), the counts and the limits of RULES.md section 6.

Numbers are whole numbers or floats with a fraction: JSON does not tell ``1.0`` from
``1`` in JavaScript, and the phone never writes the first.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from scorekeeper.scoring import (
    BB_DENARI,
    DECK,
    DENARI_IN_DECK,
    FORMATS,
    PRESETS,
    RULE_SETS,
    SUITS,
    CountsEntry,
    InvalidHand,
    Rules,
    SideCards,
    SumChoice,
    counts_of,
    read_entry,
    score_cards,
)
from tests.helpers.deals import no_lone_cards
from tests.helpers.rulesets import random_rule_set_rules

JSON = Any
#: Values that are wrong almost anywhere.
ODD_VALUES: tuple[JSON, ...] = (
    None,
    True,
    False,
    -1,
    0,
    1,
    2.5,
    -0.5,
    "1",
    "",
    "7D",
    " 7d ",
    [],
    ["7D"],
    {},
    {"a": 1},
    41,
    11,
    1000,
    'é\n"q\\',
    [1, "x", None, {"b": [2.5]}],
)
ODD_CARDS: tuple[JSON, ...] = (
    "11D",
    "0C",
    "7X",
    "D7",
    "",
    " ",
    "7 D",
    " 10 s ",
    "7\u2003D",
    "7\x1cd",
    "7\ufeffD",
    "7\u017f",  # the long s: Python reads it as an s
    "1O",
    "\uff17D",  # a fullwidth 7
    7,
    None,
    True,
    2.5,
    ["7D"],
    {"card": "7D"},
)


def odd(rng: random.Random, values: tuple[JSON, ...]) -> JSON:
    """One of ``values``, a copy of its own (no list ends up inside itself)."""
    return copy.deepcopy(rng.choice(values))


def random_rules(rng: random.Random, rule_sets: bool = True) -> Rules:
    """Any rules: every format, every variant on or off, a target from 1 to 999; Scopa
    mostly, now and then another rule set played at that format (with its house choices).
    The rule set is drawn from a generator of its own, seeded from the rules drawn, so
    that the cases' main generator runs as it did before rule sets."""
    fmt = rng.choice(list(FORMATS.values()))
    settings: dict[str, Any] = {
        "target": rng.choice((1, 11, 16, 21, 31, rng.randint(1, 999))),
        "napola": rng.random() < 0.5,
        "napoleone": rng.random() < 0.3,
        "re_bello": rng.random() < 0.5,
        "sum_choice": rng.choice(list(SumChoice)),
    }
    own = random.Random(f"{fmt.key} {sorted(settings.items(), key=str)}")
    if rule_sets and own.random() < (0.95 if fmt.key == "2x2" else 0.45):
        return random_rule_set_rules(own, fmt.key, **settings)
    return Rules(format=fmt, **settings)


def random_deal(rng: random.Random, sides: int) -> list[list[int]]:
    """The 40 card indices shared among ``sides`` piles: at random, with a napola run for
    one side, or with all the denari on one side."""
    cards = list(range(len(DECK)))
    rng.shuffle(cards)
    piles: list[list[int]] = [[] for _ in range(sides)]
    style = rng.random()
    if style < 0.35:
        run = rng.randint(1, 10)
        side = rng.randrange(sides)
        piles[side] += range(run)
        cards = [c for c in cards if c >= run]
        if run < 10 and rng.random() < 0.7:  # the run stops: another side has the next denaro
            piles[(side + 1) % sides].append(run)
            cards.remove(run)
    elif style < 0.45:
        piles[rng.randrange(sides)] += range(10)
        cards = [c for c in cards if c >= 10]
    cuts = sorted(rng.randint(0, len(cards)) for _ in range(sides - 1))
    bounds = [0, *cuts, len(cards)]
    for i in range(sides):
        piles[i] += cards[bounds[i] : bounds[i + 1]]
        rng.shuffle(piles[i])
    return piles


def random_scope(rng: random.Random, rules: Rules, cards: int) -> int:
    """A scope count, usually possible for a side with ``cards`` cards."""
    top = min(rules.deal.cards_played_per_side, cards // 2)
    roll = rng.random()
    if roll < 0.8:
        return rng.randint(0, min(top, rng.choice((1, 3, 6, top))))
    if roll < 0.9:
        return top
    return rng.choice((top + 1, -1, 19, 40))


def notation(rng: random.Random, index: int) -> str:
    """A card's code, now and then in lower case or with spaces."""
    code = DECK[index].code
    roll = rng.random()
    if roll < 0.9:
        return code
    if roll < 0.95:
        return code.lower()
    return f" {code[:-1]} {code[-1].lower()} "


def cards_entry(rng: random.Random, rules: Rules, piles: list[list[int]]) -> JSON:
    """The card-by-card JSON of a deal."""
    return {
        "sides": [
            {
                "cards": [notation(rng, i) for i in pile],
                "scope": random_scope(rng, rules, len(pile)),
            }
            for pile in piles
        ]
    }


def counts_entry(rng: random.Random, rules: Rules, piles: list[list[int]]) -> JSON:
    """The counts of a deal, as the counts form would send them: the best cards of every
    side, of some sides, a few of them, or none (and who took the primiera)."""
    sides = [SideCards(tuple(DECK[i] for i in pile)) for pile in piles]
    try:
        score = score_cards(rules, sides)
    except InvalidHand:  # a side count or a deal that misses cards: counts by hand
        return {"sides": [{"cards": len(p), "denari": 0} for p in piles], "primiera": None}
    data: JSON = CountsEntry(tuple(counts_of(score))).to_json()
    for side in data["sides"]:
        side["scope"] = random_scope(rng, rules, side["cards"])
    best = rng.random()
    if best < 0.35:  # who took it, declared
        for side in data["sides"]:
            side["primiera_cards"] = None
        winner = score.to_json()["awards"]["primiera"]["winner"]  # type: ignore[index]
        data["primiera"] = winner if rng.random() < 0.8 else rng.choice((None, 0, 1, 2, 3, 4, -1))
    elif best < 0.6:  # some sides show only some of their best cards
        for side in data["sides"]:
            cards = side["primiera_cards"]
            if cards is not None and rng.random() < 0.5:
                side["primiera_cards"] = rng.sample(cards, rng.randint(0, len(cards)))
            elif rng.random() < 0.2:
                side["primiera_cards"] = None
    if rng.random() < 0.3:
        for side in data["sides"]:
            if side["primiera_cards"] is None and rng.random() < 0.5:
                del side["primiera_cards"]
        if data["primiera"] is None and rng.random() < 0.5:
            del data["primiera"]
    return data


# --------------------------------------------------------------------------- mutations


def _paths(value: JSON, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place inside a JSON value, itself first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def _set(root: JSON, path: tuple[object, ...], value: JSON) -> JSON:
    if not path:
        return value
    holder = root
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return root


def _get(root: JSON, path: tuple[object, ...]) -> JSON:
    for key in path:
        root = root[key]
    return root


def mutate_anywhere(rng: random.Random, data: JSON) -> JSON:
    """Replace one value anywhere (the entry itself now and then) with an odd one."""
    paths = _paths(data)
    path = rng.choice(paths[1:] if len(paths) > 1 and rng.random() < 0.97 else paths)
    return _set(data, path, odd(rng, ODD_VALUES))


def mutate_keys(rng: random.Random, data: JSON) -> JSON:
    """Drop a key or add an unknown one, in the entry or in a side."""
    holders = [p for p in _paths(data) if isinstance(_get(data, p), dict)]
    if not holders:
        return data
    holder = _get(data, rng.choice(holders))
    if holder and rng.random() < 0.5:
        del holder[rng.choice(list(holder))]
    else:
        holder[rng.choice(("extra", "Cards", "scopa", "sides ", "note"))] = odd(rng, ODD_VALUES)
    return data


def mutate_sides(rng: random.Random, data: JSON) -> JSON:
    """One side fewer, one more, or two sides swapped."""
    sides = data.get("sides") if isinstance(data, dict) else None
    if not isinstance(sides, list) or not sides:
        return data
    roll = rng.random()
    if roll < 0.3:
        sides.pop(rng.randrange(len(sides)))
    elif roll < 0.6:
        sides.insert(rng.randrange(len(sides) + 1), copy.deepcopy(rng.choice(sides)))
    elif len(sides) > 1:
        i, j = rng.sample(range(len(sides)), 2)
        sides[i], sides[j] = sides[j], sides[i]
    return data


def _side_lists(data: JSON, key: str) -> list[list[JSON]]:
    sides = data.get("sides") if isinstance(data, dict) else None
    if not isinstance(sides, list):
        return []
    return [s[key] for s in sides if isinstance(s, dict) and isinstance(s.get(key), list)]


def _mutate_pile(rng: random.Random, piles: list[list[JSON]], card: JSON) -> None:
    """In one of ``piles``: a card dropped, repeated from a pile, moved to another pile,
    replaced by ``card``, or ``card`` added."""
    pile = rng.choice(piles)
    roll = rng.random()
    if roll < 0.25 and pile:
        pile.pop(rng.randrange(len(pile)))
    elif roll < 0.5:
        other = rng.choice(piles)
        if other:
            pile.insert(rng.randint(0, len(pile)), rng.choice(other))
    elif roll < 0.65 and pile:
        rng.choice(piles).append(pile.pop(rng.randrange(len(pile))))
    elif roll < 0.9 and pile:
        pile[rng.randrange(len(pile))] = card
    else:
        pile.insert(rng.randint(0, len(pile)), card)


def mutate_cards(rng: random.Random, data: JSON) -> JSON:
    """A card dropped, repeated, moved to another side, or written oddly."""
    piles = _side_lists(data, "cards")
    if piles:
        _mutate_pile(rng, piles, odd(rng, ODD_CARDS))
    return data


def mutate_counts(rng: random.Random, data: JSON) -> JSON:
    """A count, a flag or a napola run changed: off by a little, out of range, moved."""
    sides = data.get("sides") if isinstance(data, dict) else None
    sides = [s for s in sides if isinstance(s, dict)] if isinstance(sides, list) else []
    if not sides:
        return data
    side = rng.choice(sides)
    name = rng.choice(("cards", "denari", "napola_run", "scope", "settebello", "re_bello"))
    value = side.get(name)
    if isinstance(value, bool):
        side[name] = not value
    elif isinstance(value, int):
        roll = rng.random()
        if roll < 0.6:
            side[name] = value + rng.choice((-2, -1, 1, 2))
        elif roll < 0.8 and len(sides) > 1:  # moved to another side: the totals still add up
            other = rng.choice([s for s in sides if s is not side])
            if isinstance(other.get(name), int) and not isinstance(other.get(name), bool):
                step = rng.randint(1, 3)
                side[name], other[name] = value - step, other[name] + step
        else:
            side[name] = rng.choice((-1, 0, 1, 2, 3, 6, 7, 9, 10, 11, 19, 40, 41))
    return data


def mutate_best_cards(rng: random.Random, data: JSON) -> JSON:
    """A best card replaced, added, repeated from another side or removed."""
    piles = _side_lists(data, "primiera_cards")
    if piles:
        # Mostly the cards that count: sevens, sixes, asso, the low denari, the re bello.
        likely = rng.choice(("7", "6", "1", "5", "2", "3", "4", "8", "10")) + rng.choice("DDCBS")
        roll = rng.random()
        card = likely if roll < 0.75 else rng.choice(DECK).code if roll < 0.95 else None
        _mutate_pile(rng, piles, odd(rng, ODD_CARDS) if card is None else card)
    return data


MUTATIONS: dict[str, tuple[tuple[Callable[[random.Random, JSON], JSON], float], ...]] = {
    "cards": (
        (mutate_anywhere, 0.15),
        (mutate_keys, 0.08),
        (mutate_sides, 0.05),
        (mutate_cards, 0.3),
    ),
    "counts": (
        (mutate_anywhere, 0.12),
        (mutate_keys, 0.06),
        (mutate_sides, 0.04),
        (mutate_counts, 0.45),
        (mutate_best_cards, 0.4),
    ),
}


def swap_best_card(rng: random.Random, data: JSON) -> JSON:
    """A side's best card in one suit swapped for another card of that suit: counts that
    still add up, with best cards they may not allow (RULES.md 6, the best cards). A
    best denaro is now and then the one just after the side's napola run."""
    sides = [side for side in data["sides"] if side.get("primiera_cards")]
    if sides:
        runs = [
            side for side in sides if side["napola_run"] and side["primiera_cards"][0][-1] == "D"
        ]
        side = rng.choice(runs if runs and rng.random() < 0.5 else sides)
        pile = side["primiera_cards"]
        j = 0 if side in runs else rng.randrange(len(pile))
        suit = pile[j][-1]
        after = f"{side['napola_run'] + 1}D"
        if pile[j] == "7D":  # the settebello's side shows it (an earlier stage checks that)
            pass
        elif suit == "D" and side["napola_run"] and after != "7D" and rng.random() < 0.4:
            pile[j] = after
        else:
            pile[j] = rng.choice([c.code for c in DECK if c.code[-1] == suit and c.code != "7D"])
    return data


def move_card(rng: random.Random, data: JSON) -> JSON:
    """Cards moved from one side's counts to another's: cards outside denari, or denari."""
    sides = data["sides"]
    i, j = rng.sample(range(len(sides)), 2)
    step = rng.randint(1, 4)
    if rng.random() < 0.4:
        if sides[i]["denari"] >= step:
            for name in ("cards", "denari"):
                sides[i][name] -= step
                sides[j][name] += step
    elif sides[i]["cards"] - sides[i]["denari"] >= step:
        sides[i]["cards"] -= step
        sides[j]["cards"] += step
    return data


def best_card_case(rng: random.Random, rules: Rules, piles: list[list[int]]) -> JSON:
    """Counts that pass the counts' own checks, with best cards to check against them."""
    data = counts_entry(rng, rules, piles)
    for _ in range(rng.randint(1, 3)):
        data = (swap_best_card if rng.random() < 0.7 else move_card)(rng, data)
    return data


def edge_counts(rng: random.Random, rules: Rules) -> JSON:
    """Counts on the edge of what a deal gives (RULES.md section 6, "some real deal"):
    scope at one of the most the plays of a hand hold (``Format.scope_limits``), now and
    then one more on some side (17 + 1 with two players); the denari mostly on one side,
    with or without the settebello and the re bello, and a napola run that is or is not
    the one they force (nine denari without the settebello: a napola of 6)."""
    sides = rules.sides
    scope = list(rng.choice(rules.deal.scope_limits))
    on_scope = rng.random() < 0.5  # else on the denari, with scope a hand holds
    if on_scope and rng.random() < 0.6:
        scope[rng.randrange(sides)] += 1
    elif not on_scope:
        scope = [rng.randint(0, n) for n in scope]
    cards = [2 * n for n in scope]
    while sum(cards) > len(DECK):  # more scope than cards: none of this side's scope then
        i = max(range(sides), key=cards.__getitem__)
        cards[i], scope[i] = 0, 0
    for _ in range(len(DECK) - sum(cards)):
        cards[rng.randrange(sides)] += 1
    rich = max(range(sides), key=cards.__getitem__)
    other = (rich + 1) % sides
    denari = [0] * sides
    if cards[rich] >= DENARI_IN_DECK - 1 and cards[other] and not on_scope:
        # Nine denari, the tenth (the settebello or the re bello) on another side.
        denari[rich], denari[other] = DENARI_IN_DECK - 1, 1
        settebello, re_bello = (other, other) if rng.random() < 0.6 else (rich, other)
    else:
        denari[rich] = min(cards[rich], rng.choice((8, 9, 9, 9, 10)))
        while sum(denari) < DENARI_IN_DECK:
            i = rng.randrange(sides)
            if denari[i] < cards[i]:
                denari[i] += 1
        holders = [i for i in range(sides) if denari[i]]
        settebello = rich if rng.random() < 0.4 else rng.choice(holders)
        re_bello = rng.choice(holders)
    napola = rng.choice((0, 0, 3, 6, 6, 9, 10)) if rules.napola else 0
    return {
        "sides": [
            {
                "cards": cards[i],
                "denari": denari[i],
                "settebello": i == settebello,
                "re_bello": rules.re_bello and i == re_bello,
                "napola_run": napola if i == rich else 0,
                "scope": scope[i],
                "primiera_cards": None,
            }
            for i in range(sides)
        ],
        "primiera": rng.choice((None, 0)),
    }


def share_out_counts(rng: random.Random, rules: Rules) -> JSON:
    """Counts on the edge of one share-out giving them all (scoring/shareout.py): the side
    with the settebello holds the asso up to the 7 or more (a napola when played) and 22
    to 27 cards outside denari, the next side the denari above the run, and one of them,
    another side or nobody is said to take the primiera; or the counts' best cards are
    shown with a best card outside denari lowered to a face card and a few cards moved
    between sides, so that best cards fit one by one but not always together."""
    n = rules.sides
    rich = rng.randrange(n)
    poor = (rich + 1) % n
    run = rng.choice((7, 7, 8, 9))
    masks = [0] * n
    for card in DECK[:DENARI_IN_DECK]:
        if card.value <= run:
            masks[rich] |= card.bit
        else:
            masks[poor if rng.random() < 0.8 else rng.randrange(n)] |= card.bit
    others = list(DECK[DENARI_IN_DECK:])
    rng.shuffle(others)
    took = rng.randint(22, 27)
    for card in others[:took]:
        masks[rich] |= card.bit
    for card in others[took:]:
        masks[poor if rng.random() < 0.3 else rng.randrange(n)] |= card.bit
    masks = no_lone_cards(masks)
    score = score_cards(rules, [SideCards.from_mask(mask) for mask in masks])
    data: JSON = CountsEntry(tuple(counts_of(score))).to_json()
    if rng.random() < 0.6:
        for side in data["sides"]:
            side["primiera_cards"] = None
        data["primiera"] = rng.choice((poor, poor, None, None, rich, rng.randrange(n)))
        return data
    for side in data["sides"]:
        cards = side["primiera_cards"]
        for k, code in enumerate(cards):
            if not code.endswith("D") and rng.random() < 0.4:
                cards[k] = rng.choice(("8", "9", "10")) + code[-1]
    for _ in range(rng.randint(0, 3)):
        i, j = rng.randrange(n), rng.randrange(n)
        moved = rng.randint(1, 4)
        if data["sides"][i]["cards"] - data["sides"][i]["denari"] >= moved:
            data["sides"][i]["cards"] -= moved
            data["sides"][j]["cards"] += moved
    return data


def share_out_hand(rng: random.Random) -> JSON:
    """A hand case of :func:`share_out_counts`."""
    rules = random_rules(rng)
    return {"rules": rules.to_json(), "mode": "counts", "entry": share_out_counts(rng, rules)}


def forced_nobody_hand(rng: random.Random) -> JSON:
    """Three or four sides and nobody's primiera, one side with denari and 21 to 30 cards
    outside them (it always holds four suits, scoring/shareout.py `_nobody_forced`): the
    denari shared at random, a flag sometimes moved, the other sides' few cards shared at
    random."""
    n = rng.choice((3, 4))
    rules = Rules(format=FORMATS[str(n)], napola=rng.random() < 0.3, re_bello=rng.random() < 0.4)
    masks = [0] * n
    for card in DECK[:DENARI_IN_DECK]:
        masks[0 if rng.random() < 0.5 else rng.randrange(n)] |= card.bit
    if not masks[0] & BB_DENARI:
        masks[0] |= DECK[0].bit
        for i in range(1, n):
            masks[i] &= ~DECK[0].bit
    for card in DECK[DENARI_IN_DECK:]:
        masks[0] |= card.bit
    data: JSON = CountsEntry(
        tuple(counts_of(score_cards(rules, [SideCards.from_mask(m) for m in no_lone_cards(masks)])))
    ).to_json()
    small = rng.randint(0, 9)
    outside = [30 - small] + [0] * (n - 1)
    for _ in range(small):
        outside[rng.randrange(1, n)] += 1
    for side, took in zip(data["sides"], outside, strict=True):
        side["cards"] = side["denari"] + took
        side["primiera_cards"] = None
    if rules.re_bello and rng.random() < 0.5:
        new = rng.choice([i for i, side in enumerate(data["sides"]) if side["denari"]])
        for i, side in enumerate(data["sides"]):
            side["re_bello"] = i == new
    rng.shuffle(data["sides"])
    data["primiera"] = None
    return {"rules": rules.to_json(), "mode": "counts", "entry": data}


def _counts(
    rules: Rules, sides: list[tuple[int, int, bool, int, str | None]], winner: int | None
) -> JSON:
    """A counts case: per side its cards, denari, settebello, napola run and best cards."""
    return {
        "rules": rules.to_json(),
        "mode": "counts",
        "entry": {
            "sides": [
                {
                    "cards": cards,
                    "denari": denari,
                    "settebello": settebello,
                    "re_bello": False,
                    "napola_run": run,
                    "scope": 0,
                    "primiera_cards": None if best is None else best.split(),
                }
                for cards, denari, settebello, run, best in sides
            ],
            "primiera": winner,
        },
    }


def _with_re_bello(case: JSON, side: int) -> JSON:
    """A counts case of :func:`_counts` with the re bello taken by ``side``."""
    case["entry"]["sides"][side]["re_bello"] = True
    return case


_NAPOLA = Rules(napola=True)
_THREE = Rules(format=FORMATS["3"])
#: The hands on paper of tests/unit/test_shareout.py, both ways.
PAPER_SHARE_OUTS: list[JSON] = [
    _counts(_NAPOLA, [(6, 3, False, 0, None), (34, 7, True, 7, None)], 0),
    _counts(_NAPOLA, [(6, 3, False, 0, None), (34, 7, True, 7, None)], 1),
    _counts(_NAPOLA, [(8, 3, False, 0, None), (32, 7, True, 7, None)], 0),
    _counts(_NAPOLA, [(7, 3, False, 0, None), (33, 7, True, 7, None)], 0),
    _counts(Rules(), [(37, 9, True, 0, None), (3, 1, False, 0, None)], None),
    _counts(Rules(), [(30, 9, False, 0, None), (10, 1, True, 0, None)], None),
    _counts(_THREE, [(34, 8, True, 0, None), (3, 1, False, 0, None), (3, 1, False, 0, None)], None),
    _counts(_THREE, [(26, 8, True, 0, None), (7, 1, False, 0, None), (7, 1, False, 0, None)], None),
    _counts(_THREE, [(36, 9, True, 0, None), (4, 1, False, 0, None), (0, 0, False, 0, None)], None),
    _with_re_bello(
        _counts(
            Rules(format=FORMATS["3"], re_bello=True),
            [(36, 9, True, 0, None), (4, 1, False, 0, None), (0, 0, False, 0, None)],
            None,
        ),
        1,
    ),
    _counts(
        Rules(format=FORMATS["4"]),
        [
            (28, 7, True, 0, None),
            (4, 1, False, 0, None),
            (4, 1, False, 0, None),
            (4, 1, False, 0, None),
        ],
        None,
    ),
    _counts(
        _THREE,
        [
            (6, 1, False, 0, "9D 8C 8B 8S"),
            (6, 1, False, 0, "8D 9C 9B 9S"),
            (28, 8, True, 0, "7D 7C 7B 7S"),
        ],
        None,
    ),
    _counts(
        _THREE,
        [(10, 2, False, 0, "2D 7C"), (10, 3, False, 0, "8D 7B"), (20, 5, True, 0, "7D 6C 6B 7S")],
        None,
    ),
]
#: The hands on paper of tests/unit/test_best_cards_blank.py (a suit left blank is one the
#: side holds none of), and the ones before them that read a blank as "not given".
PAPER_BLANKS: list[JSON] = [
    _counts(Rules(), [(16, 3, False, 0, "7C 7B 7S"), (24, 7, True, 0, "7D 6C 6B 6S")], None),
    _counts(Rules(), [(16, 3, False, 0, "6D 7C 7B 7S"), (24, 7, True, 0, "7D 6C 6B 6S")], None),
    _counts(Rules(), [(16, 1, False, 0, "7C 7B 7S"), (24, 9, True, 0, "7D 6C 6B 6S")], None),
    _counts(Rules(), [(16, 3, False, 0, None), (24, 7, True, 0, "7D 7C 7B 7S")], None),
    _counts(Rules(), [(0, 0, False, 0, None), (40, 10, True, 0, "7D 7C 7B 7S")], None),
    _counts(Rules(), [(25, 5, False, 0, "6D"), (15, 5, True, 0, "7D 7C 7B 7S")], None),
    _counts(Rules(), [(25, 5, False, 0, "6D 6C 6B 6S"), (15, 5, True, 0, "7D 7C 7B 7S")], None),
    _counts(Rules(), [(6, 5, False, 0, "6D"), (34, 5, True, 0, "7D 7C 7B 7S")], None),
    _counts(Rules(), [(25, 5, False, 0, "6D 7C"), (15, 5, True, 0, "7D 6C 7B 7S")], None),
    _counts(Rules(), [(19, 5, False, 0, "6D 7C 6B"), (21, 5, True, 0, "7D 6C 7B 7S")], None),
    _counts(Rules(), [(20, 5, False, 0, "6D 6C 7B 7S"), (20, 5, True, 0, "7D 6B 6S")], None),
    _counts(Rules(), [(20, 5, False, 0, "6D 7C 7B 7S"), (20, 5, True, 0, "7D 6B 6S")], None),
    _counts(Rules(), [(20, 5, False, 0, "6D 6C 7B 7S"), (20, 5, True, 0, "7D 5C 6B 6S")], None),
    _counts(Rules(), [(22, 6, True, 0, "7D 7C 7B"), (18, 4, False, 0, "6D 6C 6B 7S")], None),
    _counts(Rules(), [(22, 6, True, 0, "7D 6C"), (18, 4, False, 0, "1B")], None),
    _counts(Rules(), [(22, 6, True, 0, "7D 6C"), (18, 4, False, 0, None)], None),
    _counts(Rules(), [(16, 6, True, 0, "7D 7C 7B 7S"), (24, 4, False, 0, "6D 2C 8S")], None),
    _counts(
        _THREE,
        [(6, 1, False, 0, "8C 8B 8S"), (6, 1, False, 0, "9C 9B 9S"), (28, 8, True, 0, None)],
        None,
    ),
]


def _re_bello_shown_by_another() -> JSON:
    """Anna holds the re bello, Bruno shows the 10D as his best denaro (tests/unit/
    test_hand_counts.py): the random cases now rarely get this far, as a side there often
    leaves its best denaro blank."""
    case = _counts(
        Rules(re_bello=True),
        [(22, 6, True, 0, "7D 7C 7B 7S"), (18, 4, False, 0, "10D 6C 6B 6S")],
        None,
    )
    case["entry"]["sides"][0]["re_bello"] = True
    return case


PAPER_BLANKS.append(_re_bello_shown_by_another())


def blank_suit_counts(rng: random.Random, rules: Rules) -> JSON:
    """The counts of a share-out in which sides lack whole suits (each side takes cards of
    only some suits), with the best cards shown exactly (a suit it lacks left blank), or
    with one of them left out, a side's all left out (``None``), or cards moved between
    sides: accepted exactly when a share-out gives them with every blank read as a suit
    the side holds none of."""
    n = rules.sides
    masks = [0] * n
    for suit in SUITS:
        takers = rng.sample(range(n), rng.randint(1, n))
        for card in suit.cards:
            masks[rng.choice(takers)] |= card.bit
    masks = no_lone_cards(masks)
    score = score_cards(rules, [SideCards.from_mask(mask) for mask in masks])
    data: JSON = CountsEntry(tuple(counts_of(score))).to_json()
    sides = data["sides"]
    change = rng.random()
    if change < 0.3:
        shown = [s for s in sides if s["primiera_cards"]]
        pile = rng.choice(shown)["primiera_cards"]
        pile.pop(rng.randrange(len(pile)))
    elif change < 0.45:
        rng.choice(sides)["primiera_cards"] = None
    elif change < 0.6:
        i, j = rng.randrange(n), rng.randrange(n)
        if sides[i]["cards"] > sides[i]["denari"]:
            sides[i]["cards"] -= 1
            sides[j]["cards"] += 1
    return data


def blank_suit_hand(rng: random.Random) -> JSON:
    """A hand case of :func:`blank_suit_counts`."""
    rules = random_rules(rng)
    return {"rules": rules.to_json(), "mode": "counts", "entry": blank_suit_counts(rng, rules)}


def _with_scope(case: JSON, scope: list[int]) -> JSON:
    """A counts case of :func:`_counts` with these scope."""
    for side, count in zip(case["entry"]["sides"], scope, strict=True):
        side["scope"] = count
    return case


_SCOPONE = Rules(format=FORMATS["2x2"], rule_set=RULE_SETS["scopone-scientifico"])
#: The hands on paper of tests/unit/test_impossible.py on the cards a side takes: none or
#: two at least, and a play to take them on.
PAPER_CAPTURES: list[JSON] = [
    _counts(Rules(), [(39, 10, True, 0, None), (1, 0, False, 0, None)], 0),
    _with_scope(_counts(_SCOPONE, [(38, 9, True, 0, None), (2, 1, False, 0, None)], 0), [19, 0]),
    _with_scope(_counts(_SCOPONE, [(40, 10, True, 0, None), (0, 0, False, 0, None)], 0), [19, 0]),
    _with_scope(_counts(_SCOPONE, [(38, 9, True, 0, None), (2, 1, False, 0, None)], 0), [18, 0]),
    {
        "rules": Rules(format=FORMATS["3"]).to_json(),
        "mode": "cards",
        "entry": {
            "sides": [
                {"cards": [card.code for card in DECK[2:]], "scope": 0},
                {"cards": ["1D"], "scope": 0},
                {"cards": ["2D"], "scope": 0},
            ]
        },
    },
]


def random_hand(rng: random.Random) -> JSON:
    """One hand case: rules, mode and entry, as the phone would score them."""
    rules = random_rules(rng)
    if rng.random() < 0.06:
        return {"rules": rules.to_json(), "mode": "counts", "entry": edge_counts(rng, rules)}
    mode = rng.choice(("cards", "counts"))
    piles = random_deal(rng, rules.sides)
    if mode == "counts" and rng.random() < 0.3:
        return {"rules": rules.to_json(), "mode": mode, "entry": best_card_case(rng, rules, piles)}
    data = (cards_entry if mode == "cards" else counts_entry)(rng, rules, piles)
    for mutation, chance in MUTATIONS[mode]:
        while rng.random() < chance:
            data = mutation(rng, data)
    if rng.random() < 0.003:
        mode = rng.choice(("card", "COUNTS", "", "counts ", None, 1, True, 2.5))
    return {"rules": rules.to_json(), "mode": mode, "entry": data}


def valid_entry(rng: random.Random, rules: Rules) -> JSON:
    """A hand entry that scores (for whole games), card by card or as counts."""
    while True:
        piles = random_deal(rng, rules.sides)
        mode = rng.choice(("cards", "counts"))
        data = (cards_entry if mode == "cards" else counts_entry)(rng, rules, piles)
        try:
            read_entry(mode, data).score(rules)
        except InvalidHand:
            continue
        return {"mode": mode, "entry": data}


def random_game(rng: random.Random) -> JSON:
    """One game case: rules, a first dealer and hands to the target, with spareggi (top
    sides level at the target), a napoleone now and then, hands after the end, and now
    and then a dealer not at the table or a hand with the wrong number of sides. (Scopa's
    rules: a game's replay does not depend on the rule set, which the hands cover.)"""
    rules = random_rules(rng, rule_sets=False)
    rules = Rules(
        format=rules.format,
        target=rng.choice((1, 5, 11, 16, 21)),
        napoleone=rules.napoleone,
        rule_set=rules.rule_set,
        asso_sweep=rules.asso_sweep,
        asso_on_asso=rules.asso_on_asso,
    )
    sides = rules.sides
    players = rules.format.players
    dealer = rng.randrange(players) if rng.random() < 0.95 else rng.choice((-1, players, 2.5))
    case: JSON = {"rules": rules.to_json(), "firstDealer": dealer}
    if rng.random() < 0.05:
        del case["firstDealer"]
    if rng.random() < 0.15:
        case["entries"] = [valid_entry(rng, rules) for _ in range(rng.randint(0, 6))]
        return case
    totals = [0] * sides
    hands = []
    extra = rng.choice((0, 0, 1, 2))
    while len(hands) < 60:
        points = [rng.choice((0, 0, 1, 1, 2, 3, 4, 6)) for _ in range(sides)]
        top = max(totals)
        if rng.random() < 0.3 and top + 6 >= rules.target:  # level at the top: spareggio
            level = max(top, rules.target) + rng.randint(0, 2)
            for i in rng.sample(range(sides), 2):
                points[i] = level - totals[i]
        napoleone = None
        if rules.napoleone and rng.random() < 0.04:
            napoleone = rng.randrange(sides)
        hand = {"points": points, "napoleone": napoleone}
        if rng.random() < 0.01:
            hand["points"] = [*points, 0]
        hands.append(hand)
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        top = max(totals)
        decided = napoleone is not None or (top >= rules.target and totals.count(top) == 1)
        if decided:
            if extra == 0:
                break
            extra -= 1
    if rng.random() < 0.3 and hands:
        hands = hands[: rng.randint(0, len(hands))]
    if rng.random() < 0.2:  # hands as plain lists of points
        case["hands"] = [h["points"] if h["napoleone"] is None else h for h in hands]
    else:
        case["hands"] = hands
    return case


def claims_game(rng: random.Random) -> JSON:
    """One game case of chiamarsi fuori and counting out in order (RULES.md section 8):
    hands with each category's points, claims now and then (two in a hand, of a side out,
    of the hand to come, now and then not a claim at all), a napoleone rarely."""
    fmt = rng.choice(list(FORMATS.values()))
    rules = Rules(
        format=fmt,
        target=rng.choice((5, 11, 16, 21)),
        napoleone=rng.random() < 0.2,
        chiamarsi_fuori=rng.random() < 0.85,
        claim_loses_hand=rng.random() < 0.4,
        count_in_order=rng.random() < 0.6,
    )
    sides = fmt.sides
    case: JSON = {"rules": rules.to_json(), "firstDealer": rng.randrange(fmt.players)}
    count = rng.randint(0, 14)
    if rng.random() < 0.15:
        case["entries"] = [valid_entry(rng, rules) for _ in range(min(count, 6))]
        count = len(case["entries"])
    else:
        hands = []
        for _ in range(count):
            by_category = [[rng.choice((0, 0, 1, 2, 3)) for _ in range(sides)]]  # scope
            for _single in range(5):  # carte, denari, settebello, primiera, re bello
                winner = rng.randrange(sides + 1)
                by_category.append([int(i == winner) for i in range(sides)])
            napola = rng.randrange(sides * 4)
            by_category.append([rng.randint(3, 10) if i == napola else 0 for i in range(sides)])
            points = [sum(c[i] for c in by_category) for i in range(sides)]
            napoleone = rng.randrange(sides) if rules.napoleone and rng.random() < 0.05 else None
            hand: JSON = {"points": points, "napoleone": napoleone}
            if rng.random() < 0.9:
                hand["byCategory"] = by_category
            hands.append(hand)
        case["hands"] = hands
    claims: list[JSON] = []
    for number in range(1, count + 2):
        if rng.random() < 0.35:
            claims.append({"hand": number, "side": rng.randrange(sides)})
            if rng.random() < 0.1:
                claims.append({"hand": number, "side": rng.randrange(sides)})
    if rng.random() < 0.02:
        claims.append(rng.choice(({"hand": 0, "side": 0}, {"hand": 1, "side": sides}, "x")))
    rng.shuffle(claims)
    if claims or rng.random() < 0.5:
        case["claims"] = claims
    return case


def margin_game(rng: random.Random) -> JSON:
    """One game case of two clear points or more ("ai 15 con 2 di scarto", issue 29): hands
    that keep the top sides within a point or two once past the target (15 to 14, level,
    the lead changing hands) before someone gets clear; now and then with chiamarsi
    fuori or counting out in order (each category's points), a napoleone rarely."""
    fmt = rng.choice(list(FORMATS.values()))
    claims_on = rng.random() < 0.3
    rules = Rules(
        format=fmt,
        target=rng.choice((5, 11, 15, 16, 21)),
        napoleone=rng.random() < 0.1,
        chiamarsi_fuori=claims_on,
        claim_loses_hand=claims_on and rng.random() < 0.4,
        count_in_order=rng.random() < 0.3,
        margin=rng.choice((2, 2, 2, 3, 1)),
    )
    sides = fmt.sides
    case: JSON = {"rules": rules.to_json(), "firstDealer": rng.randrange(fmt.players)}
    totals = [0] * sides
    hands: list[JSON] = []
    claims: list[JSON] = []
    extra = rng.choice((0, 0, 1))
    while len(hands) < 40:
        if max(totals) + 4 >= rules.target and rng.random() < 0.7:
            # close at the top: a point or two between the leaders, or level
            by_category = [[0] * sides for _ in range(7)]
            for i in range(sides):
                by_category[rng.randrange(7)][i] += rng.choice((0, 1, 1, 2))
        else:
            by_category = [[rng.choice((0, 0, 1, 2)) for _ in range(sides)]]
            for _single in range(5):
                winner = rng.randrange(sides + 1)
                by_category.append([int(i == winner) for i in range(sides)])
            by_category.append([0] * sides)
        points = [sum(c[i] for c in by_category) for i in range(sides)]
        napoleone = rng.randrange(sides) if rules.napoleone and rng.random() < 0.03 else None
        hand: JSON = {"points": points, "napoleone": napoleone}
        if rng.random() < 0.8:
            hand["byCategory"] = by_category
        hands.append(hand)
        if claims_on and rng.random() < 0.25:
            claims.append({"hand": len(hands), "side": rng.randrange(sides)})
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        ranked = sorted(totals, reverse=True)
        if napoleone is not None or (
            ranked[0] >= rules.target and ranked[0] - ranked[1] >= rules.margin
        ):
            if extra == 0:
                break
            extra -= 1
        elif ranked[0] >= rules.target and rng.random() < 0.3:
            break  # left short of the margin
    if rng.random() < 0.2:
        hands = hands[: rng.randint(0, len(hands))]
    case["hands"] = hands
    if claims_on:
        case["claims"] = claims
    return case


def margin_outlook(rng: random.Random) -> JSON:
    """Quanto manca with two clear points or more: totals near the target."""
    rules = replace(random_rules(rng), margin=rng.choice((2, 3)))
    low = max(0, rules.target - 6)
    totals = [rng.randint(low, rules.target + 2) for _ in range(rules.format.sides)]
    return {"rules": rules.to_json(), "totals": totals}


def random_rules_json(rng: random.Random) -> JSON:
    """Rules as JSON, often spoilt: an unknown key, a wrong value, a missing setting."""
    data: JSON = random_rules(rng).to_json()
    if rng.random() < 0.2:
        data = copy.deepcopy(rng.choice(list(PRESETS.values())).rules.to_json())
    for key in list(data):
        if rng.random() < 0.1:
            del data[key]
    if rng.random() < 0.5:
        key = rng.choice([*data, "extra"]) if data else "extra"
        data[key] = rng.choice(
            (*ODD_VALUES, "2x2", "5", "fewest", "free", 999, 0, -3, 16, 1.5, "16")
        )
    if rng.random() < 0.03:
        data = odd(rng, ODD_VALUES)
    return data


def random_outlook(rng: random.Random) -> JSON:
    """Quanto manca: any rules, and totals mostly within a hand or two of the target
    (where some categories close the game), a few anywhere (far off, or won)."""
    rules = random_rules(rng)
    near = rng.random() < 0.85
    low = max(0, rules.target - 8) if near else 0
    high = rules.target + (1 if near else 6)
    totals = [rng.randint(low, high) for _ in range(rules.format.sides)]
    return {"rules": rules.to_json(), "totals": totals}


def build(seed: int, hands: int, games: int, rules: int, outlooks: int = 0) -> JSON:
    """All the cases, the same for the same seed (the outlooks from a generator of their
    own, so that adding them left the other cases as they were)."""
    rng = random.Random(seed)
    cases = {
        "hands": [random_hand(rng) for _ in range(hands)],
        "games": [random_game(rng) for _ in range(games)],
        "rules": [random_rules_json(rng) for _ in range(rules)],
    }
    outlook_rng = random.Random(seed + 1)
    cases["outlooks"] = [random_outlook(outlook_rng) for _ in range(outlooks)]
    # Chiamarsi fuori's games from a random generator of their own (the cases above stay
    # what they were), half as many again.
    claims = random.Random(seed + 1)
    cases["games"] += [claims_game(claims) for _ in range(games // 2)]
    # Counts on the edge of one share-out giving them all, from a generator of their own
    # (a twentieth as many again), after the hands on paper of tests/unit/test_shareout.py.
    share = random.Random(seed + 2)
    cases["hands"] += PAPER_SHARE_OUTS + [share_out_hand(share) for _ in range(hands // 20)]
    # Best cards with suits left blank, from a generator of their own (a fiftieth as many
    # again), after the hands on paper of tests/unit/test_best_cards_blank.py.
    blanks = random.Random(seed + 4)
    cases["hands"] += PAPER_BLANKS + [blank_suit_hand(blanks) for _ in range(hands // 50)]
    # The cards a side takes (none or two at least, on a play where it can), on paper.
    cases["hands"] += PAPER_CAPTURES
    # Nobody's primiera with a side that always holds four suits (a fortieth as many
    # again), from a generator of its own.
    forced = random.Random(seed + 3)
    cases["hands"] += [forced_nobody_hand(forced) for _ in range(hands // 40)]
    # Two clear points' games and outlooks, from a generator of their own (seeded as the
    # share-out's, drawing its own cases).
    margins = random.Random(seed + 2)
    cases["games"] += [margin_game(margins) for _ in range(games // 2)]
    cases["outlooks"] += [margin_outlook(margins) for _ in range(outlooks // 3)]
    return cases
