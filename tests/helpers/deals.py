"""Real deals for the tests of "no impossible hand" (RULES.md section 6): a random hand
of Scopa played to the end, and searches that find, for counts a table typed, a share-out
of the 40 cards and the plays their scope sit on.

The searches are written apart from the scoring package's own limits
(`scorekeeper.scoring.deal`), the straightforward way (walking the plays, giving out the
denari one by one), so that the two can be held against each other.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence

from scorekeeper.scoring import (
    BB_DENARI,
    DECK,
    DENARI_IN_DECK,
    Card,
    Rules,
    SideCounts,
    captures,
)
from scorekeeper.scoring.primiera import PRIMIERA_VALUES
from scorekeeper.scoring.rules import TABLE_CARDS

#: The cards of a deal dealt to each player at a time.
CARDS_A_ROUND = 3


# --------------------------------------------------------------------------- a real hand


def play_hand(rules: Rules, rng: random.Random) -> tuple[list[int], list[int]]:
    """A random hand played by the rules' rule set: its table cards (four in Scopa, dealt
    again with three kings or more there; none in Scopone scientifico), three to each
    player a round, the player after the dealer first, every play a random card and, when
    it can take, a random legal capture (an asso taking the table with asso
    pigliatutto); the last capturer takes what is left. Each side's cards (a mask) and
    scope."""
    fmt = rules.format
    deal = rules.deal
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        table, deck = deck[: deal.table_cards], deck[deal.table_cards :]
        if sum(card.value == Card.RE_BELLO.value for card in table) < 3:
            break
    players = fmt.players
    per_player = deal.cards_per_player
    first = rng.randrange(players)
    piles = [0] * fmt.sides
    scope = [0] * fmt.sides
    last_capturer: int | None = None
    play = 0
    for start in range(0, per_player, CARDS_A_ROUND):
        size = min(CARDS_A_ROUND, per_player - start)
        hands = [[deck.pop() for _ in range(size)] for _ in range(players)]
        for _ in range(size):
            for turn in range(players):
                seat = (first + turn) % players
                side = fmt.side_of_seat(seat)
                card = hands[seat].pop(rng.randrange(len(hands[seat])))
                play += 1
                options = captures(
                    table,
                    card,
                    rules.sum_choice,
                    last_play=play == deal.plays,
                    pigliatutto=rules.pigliatutto,
                )
                if not options.captures:
                    table.append(card)
                    continue
                capture = rng.choice(options.captures)
                for taken in capture.taken:
                    table.remove(taken)
                    piles[side] |= taken.bit
                piles[side] |= card.bit
                scope[side] += capture.scopa
                last_capturer = side
    for card in table:  # the last capturer takes what is left (someone always has)
        piles[last_capturer if last_capturer is not None else 0] |= card.bit
    return piles, scope


# --------------------------------------------------------------------------- scope


def place_scope(
    scope: Sequence[int], sides: int, plays: int, table_cards: int = TABLE_CARDS
) -> tuple[int, tuple[int, ...]] | None:
    """Which side plays first and the plays (numbered from 0 in seat order) the scope sit
    on: each side's on its own plays, never two plays in a row, never the last, never
    the first when no card is on the table. ``None`` when no plays hold them."""
    for first in range(sides):
        found = _place_from(first, tuple(scope), sides, plays, table_cards)
        if found is not None:
            return first, found
    return None


def _place_from(
    first: int, scope: tuple[int, ...], sides: int, plays: int, table_cards: int
) -> tuple[int, ...] | None:
    """:func:`place_scope` when side ``first`` plays first."""

    @functools.cache
    def place(k: int, left: tuple[int, ...], swept: bool) -> tuple[int, ...] | None:
        if not any(left):
            return ()
        if k == plays:
            return None
        side = (first + k) % sides
        can_sweep = not swept and k != plays - 1 and (k > 0 or table_cards > 0)
        if can_sweep and left[side]:
            rest = place(k + 1, (*left[:side], left[side] - 1, *left[side + 1 :]), True)
            if rest is not None:
                return (k, *rest)
        return place(k + 1, left, False)

    return place(0, scope, False)


def place_scope_taking(
    scope: Sequence[int],
    cards: Sequence[int],
    sides: int,
    plays: int,
    table_cards: int = TABLE_CARDS,
) -> tuple[int, tuple[int, ...]] | None:
    """:func:`place_scope`, where moreover every side that took cards without a scopa of
    its own has a play that can take: one not right after a scopa (which meets an empty
    table and only lays its card). ``None`` when no plays do."""
    for first in range(sides):
        found = _place_from(first, tuple(scope), sides, plays, table_cards)
        if found is None:
            continue
        # Every way of placing them, not only the first found: try them all.
        for placed in _placements(first, tuple(scope), sides, plays, table_cards):
            after = {k + 1 for k in placed}
            free = {(first + k) % sides for k in range(plays) if k not in after}
            if all(cards[i] == 0 or scope[i] or i in free for i in range(sides)):
                return first, placed
    return None


def _placements(
    first: int, scope: tuple[int, ...], sides: int, plays: int, table_cards: int
) -> list[tuple[int, ...]]:
    """Every placement of ``scope`` on the plays when side ``first`` plays first (few are
    needed: a side is starved only when the side before it sweeps on every play, so the
    search stops at the first placement that leaves some play of each side free)."""
    found: list[tuple[int, ...]] = []

    def place(k: int, left: tuple[int, ...], swept: bool, acc: tuple[int, ...]) -> None:
        if len(found) > 64:
            return
        if not any(left):
            found.append(acc)
            return
        if k == plays:
            return
        side = (first + k) % sides
        can_sweep = not swept and k != plays - 1 and (k > 0 or table_cards > 0)
        if can_sweep and left[side]:
            rest = (*left[:side], left[side] - 1, *left[side + 1 :])
            place(k + 1, rest, True, (*acc, k))
        place(k + 1, left, False, acc)

    place(0, scope, False, ())
    return found


def scope_fits(rules: Rules, scope: Sequence[int]) -> bool:
    """Whether the plays of a hand of ``rules`` hold ``scope`` (:func:`place_scope`)."""
    return place_scope(scope, rules.sides, rules.deal.plays, rules.deal.table_cards) is not None


# --------------------------------------------------------------------------- cards


def run_of(denari: int) -> int:
    """The napola run of a set of denari (bit ``v - 1`` for the denaro ``v``): 0 below 3."""
    run = 0
    while denari >> run & 1:
        run += 1
    return run if run >= 3 else 0


def share_out(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None = None
) -> list[int] | None:
    """The cards (a mask) of every side in a share-out of the 40 cards that gives the
    counts ``sides``: cards, denari, who holds the settebello and (when played) the re
    bello, and with napola on every side's run exactly. ``None`` when there is none.
    The denari are given out one by one (every way, until one fits); the other cards
    fill each side's count in deck order."""
    want = [side.denari for side in sides]
    settebello = Card.SETTEBELLO.value - 1
    re_bello = Card.RE_BELLO.value - 1

    def give(value: int, shares: list[int]) -> list[int] | None:
        if value == DENARI_IN_DECK:
            return shares if _denari_fit(rules, sides, shares) else None
        for i, side in enumerate(sides):
            if value == settebello and not side.settebello:
                continue
            if value == re_bello and rules.re_bello and not side.re_bello:
                continue
            if bin(shares[i]).count("1") < want[i]:
                shares[i] |= 1 << value
                found = give(value + 1, shares)
                if found is not None:
                    return found
                shares[i] &= ~(1 << value)
        return None

    denari = give(0, [0] * len(sides))
    if denari is None:
        return None
    others = [card.bit for card in DECK if not card.bit & BB_DENARI]
    if primiera_winner is not None:
        # The side said to take the primiera first: a seven of every other suit, so it
        # holds all four suits (with its denaro) and the best it can.
        sevens = [c.bit for c in DECK if c.value == Card.SETTEBELLO.value and not c.is_denaro]
        others = sevens + [bit for bit in others if bit not in sevens]
    masks = [0] * len(sides)
    order = list(range(len(sides)))
    if primiera_winner is not None:
        order.remove(primiera_winner)
        order.insert(0, primiera_winner)
    for i in order:
        side, mask = sides[i], denari[i]  # the denari are the lowest bits of a mask
        for _ in range(side.cards - side.denari):
            mask |= others.pop(0)
        masks[i] = mask
    return masks


# --------------------------------------------------------------------------- the primiera


def primiera_outcomes_two_sides(rules: Rules, sides: Sequence[SideCounts]) -> set[int | None]:
    """Who can take the primiera (a side, or ``None`` for nobody) in some share-out of the 40
    cards that gives the two sides' counts ``sides`` (cards, denari, settebello, re bello,
    napola runs exactly), searched the long way: every share-out of the denari, and in
    each other suit every pair of best cards (the side holding the seven, the other's best
    card or none), side 0 holding from the cards only it may hold to all those it may."""
    pairs = _best_denari_pairs(rules, sides)
    per_suit = _suit_choices()
    outside0 = sides[0].cards - sides[0].denari
    found: set[int | None] = set()
    for suits in itertools.product(per_suit, repeat=3):
        if not sum(s[1] for s in suits) <= outside0 <= sum(s[2] for s in suits):
            continue
        for denari in pairs:
            totals = []
            for i in (0, 1):
                values = [denari[i], *(s[0][i] for s in suits)]
                totals.append(None if None in values else sum(v for v in values if v))
            found.add(_strict_leader(totals))
    return found


def _best_denari_pairs(
    rules: Rules, sides: Sequence[SideCounts]
) -> set[tuple[int | None, int | None]]:
    """The best denari (primiera values, ``None`` without denari) of the two sides in every
    share-out of the denari that gives their counts."""
    pairs = set()
    for held in range(1 << DENARI_IN_DECK):
        shares = [held, ~held & (1 << DENARI_IN_DECK) - 1]
        if _denari_fit(rules, sides, shares):
            pairs.add((_best_value(shares[0]), _best_value(shares[1])))
    return pairs


@functools.cache
def _suit_choices() -> list[tuple[list[int | None], int, int]]:
    """For one suit outside denari, every pair of best cards: the two sides' primiera values
    in it (``None``: lacks it), and the fewest and most of its cards side 0 then takes.
    The side holding the seven takes the cards before the other's best card (in primiera
    order), the other that card, either one the cards after it."""
    order = sorted(range(1, 11), key=lambda v: (-PRIMIERA_VALUES[v], v))
    choices = []
    for holder in (0, 1):
        for top in (None, *range(1, 10)):
            only0 = most0 = 0
            for pos in range(10):
                if top is None or pos < top:
                    mine = {holder}
                elif pos == top:
                    mine = {1 - holder}
                else:
                    mine = {0, 1}
                only0 += mine == {0}
                most0 += 0 in mine
            best: list[int | None] = [None, None]
            best[holder] = PRIMIERA_VALUES[order[0]]
            best[1 - holder] = None if top is None else PRIMIERA_VALUES[order[top]]
            choices.append((best, only0, most0))
    return choices


def _denari_fit(rules: Rules, sides: Sequence[SideCounts], shares: Sequence[int]) -> bool:
    """Whether the denari ``shares`` (a 10-bit slice a side) give the sides' counts."""
    settebello = Card.SETTEBELLO.value - 1
    re_bello = Card.RE_BELLO.value - 1
    for side, share in zip(sides, shares, strict=True):
        if share.bit_count() != side.denari or bool(share >> settebello & 1) != side.settebello:
            return False
        if rules.re_bello and bool(share >> re_bello & 1) != side.re_bello:
            return False
        if rules.napola and run_of(share) != side.napola_run:
            return False
    return True


def _best_value(share: int) -> int | None:
    """The primiera value of the best denaro of a 10-bit slice, ``None`` when empty."""
    values = [PRIMIERA_VALUES[v] for v in range(1, 11) if share >> (v - 1) & 1]
    return max(values) if values else None


def _strict_leader(totals: Sequence[int | None]) -> int | None:
    """The side with the strictly highest complete primiera, or ``None``."""
    complete = [(t, i) for i, t in enumerate(totals) if t is not None]
    if not complete:
        return None
    top = max(t for t, _ in complete)
    leaders = [i for t, i in complete if t == top]
    return leaders[0] if len(leaders) == 1 else None


def nobody_possible_many(rules: Rules, sides: Sequence[SideCounts]) -> bool:
    """Whether some share-out of the 40 cards that gives the counts ``sides`` (three or four
    sides, one of which took 25 cards or more outside denari) leaves the primiera to
    nobody, searched the long way: every share-out of the denari, and in each other suit
    every set of cards the other sides take (five at most between them), each given to
    one of them, the big side taking the rest."""
    n = len(sides)
    big = max(range(n), key=lambda i: sides[i].cards - sides[i].denari)
    others = [i for i in range(n) if i != big]
    caps = tuple(sides[i].cards - sides[i].denari for i in others)
    denari = _best_denari_vectors(rules, sides)
    # Per suit outside denari: (cards each other side took, primiera values in the suit per
    # side, None where it has none); then the three suits together, by cards taken.
    totals: dict[tuple[int, ...], set[tuple[int | None, ...]]] = {(0,) * len(others): {(0,) * n}}
    for _ in range(3):
        after: dict[tuple[int, ...], set[tuple[int | None, ...]]] = {}
        for took, sums in totals.items():
            for counts, values in _other_sides_suit(len(others), sum(caps)):
                more = tuple(a + b for a, b in zip(took, counts, strict=True))
                if any(a > c for a, c in zip(more, caps, strict=True)):
                    continue
                full = [values[-1] if i == big else values[others.index(i)] for i in range(n)]
                bucket = after.setdefault(more, set())
                for total in sums:
                    bucket.add(
                        tuple(
                            None if t is None or v is None else t + v
                            for t, v in zip(total, full, strict=True)
                        )
                    )
        totals = after
    for outside in totals.get(caps, ()):
        for best in denari:
            final = [
                None if t is None or b is None else t + b
                for t, b in zip(outside, best, strict=True)
            ]
            if _strict_leader(final) is None:
                return True
    return False


def _best_denari_vectors(rules: Rules, sides: Sequence[SideCounts]) -> set[tuple[int | None, ...]]:
    """The best denari (``None`` without denari) of every side in every share-out of the
    denari that gives the counts, the denari given one by one."""
    found: set[tuple[int | None, ...]] = set()
    n = len(sides)

    def give(value: int, shares: list[int]) -> None:
        if value > DENARI_IN_DECK:
            if _denari_fit(rules, sides, shares):
                found.add(tuple(_best_value(share) for share in shares))
            return
        for i in range(n):
            if shares[i].bit_count() < sides[i].denari:
                shares[i] |= 1 << (value - 1)
                give(value + 1, shares)
                shares[i] &= ~(1 << (value - 1))

    give(1, [0] * n)
    return found


@functools.cache
def _other_sides_suit(m: int, most: int) -> set[tuple[tuple[int, ...], tuple[int | None, ...]]]:
    """One suit outside denari: for every set of at most ``most`` of its cards, each given
    to one of ``m`` sides, the big side taking the rest (one card at least), the cards
    each of the ``m`` took and the primiera value of each one's best card and the big
    side's (last)."""
    outcomes = set()
    for k in range(min(most, 9) + 1):
        for taken in itertools.combinations(range(1, 11), k):
            for owners in itertools.product(range(m), repeat=k):
                counts = [0] * m
                best: list[int | None] = [None] * (m + 1)
                for value, owner in zip(taken, owners, strict=True):
                    counts[owner] += 1
                    worth = PRIMIERA_VALUES[value]
                    best[owner] = max(best[owner] or 0, worth)
                best[m] = max(PRIMIERA_VALUES[v] for v in range(1, 11) if v not in taken)
                outcomes.add((tuple(counts), tuple(best)))
    return outcomes


def no_lone_cards(masks: Sequence[int]) -> list[int]:
    """The share-out ``masks`` (a side's cards each) with every side that holds one card
    given a second, the highest card outside denari of the biggest share: a capture is
    the card played and one table card or more, so no hand leaves a side one card."""
    shares = list(masks)
    for i, mask in enumerate(shares):
        if mask.bit_count() == 1:
            big = max(range(len(shares)), key=lambda j: shares[j].bit_count())
            outside = shares[big] & ~BB_DENARI
            card = 1 << ((outside or shares[big]).bit_length() - 1)
            shares[big] &= ~card
            shares[i] |= card
    return shares
