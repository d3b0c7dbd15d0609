"""Whether one share-out of the 40 cards gives every count of a hand at once (RULES.md
section 6, "above all, the counts must be ones that some real share-out of the 40 cards
gives"), and such a share-out (a *witness*: which side holds which card).

The checks of :mod:`.validate` before this one each read a few counts; this one reads
them together. A share-out matters here only through, per side: its number of cards, its
denari (which ones: the settebello, the re bello, the napola run, the best denaro), and
per other suit its number of cards and its best card. So the search is small:

- **The denari** are given out one by one, in primiera order (7, 6, asso, 5, 4, 3, 2,
  fante, cavallo, re), each to a side that may hold it: the settebello's and the re
  bello's holders, a napola run exactly (the asso to the run, not the denaro after it;
  no other side with asso, 2 and 3), a best denaro shown (held, nothing better held).
  With best cards shown, a side that shows no best denaro holds no denaro (the scorer
  reads it as lacking denari). A side's first denaro is its best; the search, remembered
  by where it stands, gives every best denaro the sides can have together
  (:func:`best_denari`).
- **The other 30 cards** go to sides that may hold them (a best card shown: held, and
  nothing better of its suit; a suit left blank: none of it, as the scorer reads a side
  without a best card in a suit as lacking it), each side its count exactly. With at
  most four sides this is Hall's condition on the 16 sets of sides (:func:`fits`): no
  set of sides is left more cards only it may hold than it took. So a witness with best
  cards shown has each side holding exactly the best cards it shows, and no card of a
  suit it left blank.
- **Who took the primiera**, when the table only says who: a side ``w`` that does not
  hold the settebello may take, with no loss, the three other sevens (a seven taken
  from another side for a card of the same suit never lowers ``w``'s primiera nor raises
  the other's), so its primiera is its best denaro plus 63, and every side but the
  settebello's (a denaro of 18 at most, 54 outside: 72) is beaten. The settebello's
  side is beaten when it lacks a suit or when its best cards outside denari are low
  enough, and it can be when its count outside denari leaves room for such cards
  (:func:`settebello_room`): with only fante, cavallo or re among ``w``'s possible
  denari, a settebello side with 26 cards outside denari always has 6, 6 and asso or
  better (73, as ``w``'s best), and ``w`` cannot have won. "Nobody" with two sides:
  both sides lack a suit, or both are complete and level (:func:`_tie_table`). With
  three or four sides every side can lack a suit, unless one side with denari took more
  than 20 cards outside them: it always holds four suits, the others took 9 cards or
  fewer outside denari, and a small search with memory over the three other suits
  finds whether another side can level it at the top, or two others level above it
  (:func:`_nobody_forced`).

The phone's scorer (``static/js/scoring.js``) decides the same way, and the
conformance tests hold the two to each other.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CARDS_PER_SUIT, DECK, DENARI_IN_DECK, SUITS, Card
from .errors import ErrorCode, InputError
from .primiera import PRIMIERA_VALUES
from .rules import Rules
from .sides import SideCounts

#: The capture values of a suit in primiera order, the best first: 7, 6, asso, 5, 4, 3, 2,
#: then the face cards (worth the same; the fante first, as the primiera shows it).
ORDER: tuple[int, ...] = tuple(
    sorted(range(1, CARDS_PER_SUIT + 1), key=lambda v: (-PRIMIERA_VALUES[v], v))
)
#: The position of the first face card in :data:`ORDER`: a side whose best card of a suit
#: is a face card holds only face cards of it.
FACES = ORDER.index(8)
#: The primiera value of the seven, the best card of a suit.
SEVEN_VALUE = PRIMIERA_VALUES[Card.SETTEBELLO.value]
#: The other suits' three sevens, which the side said to take the primiera may hold.
OTHER_SEVENS = 3 * SEVEN_VALUE

_NOT_SEARCHED = -1

#: A best denari vector: per side the primiera value of its best denaro (0: not read, or
#: no denaro).
Bests = tuple[int, ...]


# --------------------------------------------------------------------------- the denari


def denari_owners(rules: Rules, sides: Sequence[SideCounts]) -> list[int]:
    """For each denaro (by value, asso first) the mask of the sides that may hold it. When
    best cards are shown, a side that shows no best denaro holds no denaro."""
    everyone = (1 << len(sides)) - 1
    owners = [everyone] * DENARI_IN_DECK
    shown = any(side.primiera_cards is not None for side in sides)
    for i, side in enumerate(sides):
        me = 1 << i
        if shown:
            _best_denaro_owners(owners, i, side.primiera_cards or ())
        if side.settebello:
            owners[Card.SETTEBELLO.value - 1] &= me
        if rules.re_bello and side.re_bello:
            owners[Card.RE_BELLO.value - 1] &= me
        run = side.napola_run if rules.napola else 0
        for value in range(run):
            owners[value] &= me
        if run and run < DENARI_IN_DECK:
            owners[run] &= ~me
    return owners


def _best_denaro_owners(owners: list[int], i: int, best: Sequence[Card]) -> None:
    """Narrow ``owners`` (:func:`denari_owners`) by side ``i``'s best cards: its best denaro
    is its own, and it holds no denaro worth more; showing none, it holds no denaro."""
    me = 1 << i
    denaro = next((card for card in best if card.is_denaro), None)
    for value in range(1, DENARI_IN_DECK + 1):
        if denaro is None or PRIMIERA_VALUES[value] > PRIMIERA_VALUES[denaro.value]:
            owners[value - 1] &= ~me
        elif value == denaro.value:
            owners[value - 1] &= me


def _napola_side(rules: Rules, sides: Sequence[SideCounts]) -> int | None:
    """The side with a napola run, with napola played and a run entered; ``-1`` when napola
    is played and no side has one (nobody then holds asso, 2 and 3); ``None`` when napola
    is not played (any side may hold them)."""
    if not rules.napola:
        return None
    return next((i for i, side in enumerate(sides) if side.napola_run), -1)


def best_denari(
    owners: Sequence[int], denari: Sequence[int], napola: int | None, watched: int
) -> frozenset[Bests]:
    """Every best denari vector a share-out of the ten denari gives, each side ``i`` holding
    ``denari[i]`` denari from those ``owners`` allow it, and with napola played
    (``napola`` not ``None``) no side but ``napola`` holding asso, 2 and 3. Only the sides
    of the mask ``watched`` are read (the others' entries are 0). Empty when no share-out
    fits."""
    return _best_denari(tuple(owners), tuple(denari), napola, watched)


def _allowed(owners: Sequence[int], value: int, i: int, napola: int | None, mark: int) -> bool:
    """Whether side ``i`` may take the denaro ``value`` (``mark``: see :func:`_next_mark`):
    ``owners`` allow it, and with napola played it does not make asso, 2 and 3 of a side
    without the napola."""
    if not owners[value - 1] >> i & 1:
        return False
    return not (value == 2 and napola is not None and mark == i and i != napola)


def _next_mark(value: int, i: int, mark: int) -> int:
    """Who holds the asso of denari, once given (in primiera order the asso comes before
    the 3, the 3 before the 2), while that side also holds the 3; -1 once the 2 is given."""
    if value == 1:
        return i
    if value == 3:
        return mark if mark == i else -1
    return -1 if value == 2 else mark


@functools.lru_cache(maxsize=4096)
def _best_denari(
    owners: tuple[int, ...], denari: tuple[int, ...], napola: int | None, watched: int
) -> frozenset[Bests]:
    n = len(denari)
    zero = (0,) * n
    # For each position of ORDER: the denari left after it each side may hold (pruning).
    room = [[0] * n for _ in range(DENARI_IN_DECK + 1)]
    for pos in range(DENARI_IN_DECK - 1, -1, -1):
        for i in range(n):
            room[pos][i] = room[pos + 1][i] + (owners[ORDER[pos] - 1] >> i & 1)

    @functools.cache
    def share(pos: int, left: tuple[int, ...], started: int, mark: int) -> frozenset[Bests]:
        if pos == DENARI_IN_DECK:
            return frozenset((zero,))
        value = ORDER[pos]
        found: set[Bests] = set()
        for i in range(n):
            if not left[i] or not _allowed(owners, value, i, napola, mark):
                continue
            rest = (*left[:i], left[i] - 1, *left[i + 1 :])
            if any(r > room[pos + 1][j] for j, r in enumerate(rest)):
                continue
            sub = share(pos + 1, rest, (started | 1 << i) & watched, _next_mark(value, i, mark))
            if started >> i & 1 or not watched >> i & 1:
                found |= sub
            else:
                found |= {(*t[:i], PRIMIERA_VALUES[value], *t[i + 1 :]) for t in sub}
        return frozenset(found)

    if any(d > room[0][i] for i, d in enumerate(denari)):
        return frozenset()
    return share(0, denari, 0, -1)


def denari_witness(
    owners: Sequence[int], denari: Sequence[int], napola: int | None, target: Bests
) -> list[int] | None:
    """The denari of each side (a 10-bit slice: bit ``v - 1`` for the denaro ``v``) in a
    share-out as :func:`best_denari`'s whose best denari are ``target`` where it is not 0."""
    n = len(denari)
    failed: set[tuple[int, tuple[int, ...], int, int]] = set()
    held = [0] * n

    def give(pos: int, left: tuple[int, ...], started: int, mark: int) -> bool:
        if pos == DENARI_IN_DECK:
            return not any(left)
        key = (pos, left, started, mark)
        if key in failed:
            return False
        value = ORDER[pos]
        for i in range(n):
            if not left[i] or not _allowed(owners, value, i, napola, mark):
                continue
            if not started >> i & 1 and target[i] and target[i] != PRIMIERA_VALUES[value]:
                continue
            rest = (*left[:i], left[i] - 1, *left[i + 1 :])
            if give(pos + 1, rest, started | 1 << i, _next_mark(value, i, mark)):
                held[i] |= 1 << (value - 1)
                return True
        failed.add(key)
        return False

    return held if give(0, tuple(denari), 0, -1) else None


# --------------------------------------------------------------------------- the other cards

#: The 30 cards outside denari, by index in :data:`~.cards.DECK`.
OUTSIDE: tuple[int, ...] = tuple(card.index for card in DECK if not card.is_denaro)


def outside_owners(sides: Sequence[SideCounts]) -> list[int]:
    """For each card outside denari (as :data:`OUTSIDE`) the mask of the sides that may
    hold it, from the best cards shown: a side holds its best card of a suit and nothing
    of that suit worth more in the primiera, and nothing of a suit it shows no best card
    in (nothing at all with no best cards, ``None``)."""
    shown = {card: i for i, side in enumerate(sides) for card in side.primiera_cards or ()}
    tops = [{card.suit: card for card in side.primiera_cards or ()} for side in sides]
    owners = []
    for index in OUTSIDE:
        card = DECK[index]
        if card in shown:  # a best card shown: its side's alone
            owners.append(1 << shown[card])
            continue
        value = PRIMIERA_VALUES[card.value]
        owners.append(
            sum(
                1 << i
                for i, top in enumerate(tops)
                if card.suit in top and value <= PRIMIERA_VALUES[top[card.suit].value]
            )
        )
    return owners


def fits(owners: Sequence[int], counts: Sequence[int]) -> bool:
    """Whether the cards can go each to a side its mask in ``owners`` allows, side ``i``
    taking ``counts[i]`` of them (the counts add up to the cards): Hall's condition, no set
    of sides left more cards that only it may hold than the cards it took."""
    n = len(counts)
    by_mask = [0] * (1 << n)
    for mask in owners:
        by_mask[mask] += 1
    if by_mask[0]:
        return False
    for group in range(1, 1 << n):
        took = sum(counts[i] for i in range(n) if group >> i & 1)
        only = sum(by_mask[mask] for mask in range(1, 1 << n) if mask & ~group == 0)
        if only > took:
            return False
    return True


def fill(owners: Sequence[int], counts: Sequence[int]) -> list[int] | None:
    """Which side takes each card (by position in ``owners``) when :func:`fits`: each card
    given in turn, moving earlier ones along an augmenting path when its sides are full."""
    n = len(counts)
    owner = [-1] * len(owners)
    load = [0] * n

    def place(card: int, seen: set[int]) -> bool:
        for i in range(n):
            if not owners[card] >> i & 1 or i in seen:
                continue
            seen.add(i)
            if load[i] < counts[i]:
                owner[card], load[i] = i, load[i] + 1
                return True
            for other in range(len(owners)):
                if owner[other] == i and place(other, seen):
                    owner[card] = i
                    return True
        return False

    for card in range(len(owners)):
        if not place(card, set()):
            return None
    return owner


# --------------------------------------------------------------------------- the primiera


def _tops() -> list[tuple[int, int, int]]:
    """The settebello side's possible best cards in the three other suits, once the side
    said to take the primiera holds the three sevens: for each choice (a position of
    :data:`ORDER` from the 6 on, or none), the fewest and the most cards outside denari
    it allows and its primiera outside denari (``-1`` with a suit missing)."""
    options = [None, *range(1, FACES + 1)]
    found = set()
    for tops in ((a, b, c) for a in options for b in options for c in options):
        fewest = sum(top is not None for top in tops)
        most = sum(CARDS_PER_SUIT - top for top in tops if top is not None)
        value = (
            -1
            if None in tops
            else sum(PRIMIERA_VALUES[ORDER[top]] for top in tops if top is not None)
        )
        found.add((fewest, most, value))
    return sorted(found)


_TOP_CHOICES = _tops()


def settebello_room(best: int) -> int:
    """The most cards outside denari the settebello's side can take and still lose the
    primiera to a side whose best denaro is worth ``best`` and which holds the three other
    sevens (``best + 63``): 25 when ``best`` is a face card's 10, 26 for the 2's 12, 27
    (all of them) from the 3's 13."""
    return max(
        most for _, most, value in _TOP_CHOICES if value < 0 or SEVEN_VALUE + value < best + 63
    )


def _settebello_tops(best: int, cards: int) -> tuple[int | None, ...]:
    """Best cards (positions of :data:`ORDER`, or none) for the settebello side's three
    other suits with which it takes ``cards`` cards outside them and loses to ``best + 63``."""
    options = [None, *range(1, FACES + 1)]
    for tops in ((a, b, c) for a in options for b in options for c in options):
        fewest = sum(top is not None for top in tops)
        most = sum(CARDS_PER_SUIT - top for top in tops if top is not None)
        complete = None not in tops
        value = sum(PRIMIERA_VALUES[ORDER[top]] for top in tops if top is not None)
        if fewest <= cards <= most and (not complete or SEVEN_VALUE + value < best + 63):
            return tops
    raise ValueError("no such best cards")  # pragma: no cover (settebello_room says)


@functools.cache
def _tie_table() -> dict[int, list[tuple[int, int, tuple[tuple[int, int], ...]]]]:
    """Two sides, both complete: for every difference ``G`` their three other suits can
    make (side 0's primiera outside denari less side 1's), the intervals of side 0's count
    outside denari that make it, each with its suits: per suit who holds the seven and the
    position in :data:`ORDER` of the other side's best card. In a suit where side ``h``
    holds the seven and the other's best card is at position ``p``, ``h`` holds the cards
    before ``p`` too, the other the card at ``p``, either one those after: ``h`` takes
    ``p`` to 9 cards of it."""
    per_suit = []
    for holder in (0, 1):
        for top in range(1, FACES + 1):
            gap = SEVEN_VALUE - PRIMIERA_VALUES[ORDER[top]]
            low, high = (top, CARDS_PER_SUIT - 1) if holder == 0 else (1, CARDS_PER_SUIT - top)
            per_suit.append((gap if holder == 0 else -gap, low, high, (holder, top)))
    table: dict[int, list[tuple[int, int, tuple[tuple[int, int], ...]]]] = {}
    for a in range(len(per_suit)):
        for b in range(a, len(per_suit)):
            for c in range(b, len(per_suit)):
                suits = (per_suit[a], per_suit[b], per_suit[c])
                gap = sum(s[0] for s in suits)
                low, high = sum(s[1] for s in suits), sum(s[2] for s in suits)
                table.setdefault(gap, []).append((low, high, tuple(s[3] for s in suits)))
    return table


def _both_lack_a_suit(denari: Sequence[int], outside: Sequence[int]) -> tuple[int, int] | None:
    """Two sides both lacking a suit: the suit (1 to 3; 0 for denari) each lacks, or
    ``None``. A side without denari lacks them; the other then lacks a suit all of whose
    ten cards the first took. Two sides with denari lack two different suits, each
    taking all ten of the suit the other lacks."""
    if denari[0] == 0:
        return (0, 1) if outside[0] >= CARDS_PER_SUIT else None
    if denari[1] == 0:
        return (1, 0) if outside[1] >= CARDS_PER_SUIT else None
    if CARDS_PER_SUIT <= outside[0] <= 2 * CARDS_PER_SUIT:
        return (1, 2)
    return None


# --------------------------------------------------------------------------- the checks


@dataclass(frozen=True, slots=True)
class ShareOut:
    """A share-out of the 40 cards that gives a hand's counts, the primiera as entered
    included: each side's cards, as a mask (:mod:`.cards`)."""

    masks: tuple[int, ...]


def share_out_errors(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> list[InputError]:
    """Why no share-out of the 40 cards gives these counts, all at once: empty when one does."""
    return _search(rules, sides, primiera_winner, witness=False)[0]


def find_share_out(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None
) -> ShareOut | None:
    """A share-out that gives these counts (a witness), or ``None`` when there is none.
    Counts that fail an earlier check of :mod:`.validate` are not read here."""
    return _search(rules, sides, primiera_winner, witness=True)[1]


def _search(
    rules: Rules, sides: Sequence[SideCounts], winner: int | None, witness: bool
) -> tuple[list[InputError], ShareOut | None]:
    """:func:`share_out_errors` and, with ``witness``, :func:`find_share_out`."""
    n = len(sides)
    denari = [side.denari for side in sides]
    owners = denari_owners(rules, sides)
    napola = _napola_side(rules, sides)
    shown = any(side.primiera_cards is not None for side in sides)
    # Not read with best cards shown, nor for "nobody" with more than two sides and none
    # of them always complete (every side can then lack a suit).
    outside = [side.cards - side.denari for side in sides]
    unread = shown or (winner is None and n != 2 and forced_side(denari, outside) is None)
    watched = 0 if unread else (1 << n) - 1 if winner is None else 1 << winner
    bests = best_denari(owners, denari, napola, watched)
    if not bests:
        return [InputError(ErrorCode.DENARI_SHARE_OUT, "denari")], None
    found = _outside(sides, winner, shown, owners, bests, witness)
    if isinstance(found, InputError):
        return [found], None
    if not witness:
        return [], None
    target, others = found
    held = denari_witness(owners, denari, napola, target)
    placed = fill(others, [side.cards - side.denari for side in sides])
    if held is None or placed is None:  # pragma: no cover (the search above says)
        raise AssertionError("a share-out was found but cannot be built")
    masks = list(held)
    for k, i in enumerate(placed):
        masks[i] |= 1 << OUTSIDE[k]
    return [], ShareOut(tuple(masks))


def _outside(
    sides: Sequence[SideCounts],
    winner: int | None,
    shown: bool,
    owners: Sequence[int],
    bests: frozenset[Bests],
    witness: bool,
) -> InputError | tuple[Bests, list[int]]:
    """The cards outside denari, once the denari can be shared out with the best denari
    ``bests``: why they cannot be shared out as entered, or the best denari to give, who
    may hold each card outside denari and whether the primiera is as entered."""
    n = len(sides)
    outside = [side.cards - side.denari for side in sides]
    seven = next(i for i, side in enumerate(sides) if side.settebello)
    if shown:
        others = outside_owners(sides)
        if not fits(others, outside):
            return InputError(ErrorCode.BEST_CARDS_SHARE_OUT, "primiera")
        return (0,) * n, others
    if winner is not None:
        best = SEVEN_VALUE if winner == seven else max(t[winner] for t in bests)
        if winner != seven and outside[seven] > settebello_room(best):
            card = next(
                DECK[v - 1]
                for v in ORDER
                if PRIMIERA_VALUES[v] == best and owners[v - 1] >> winner & 1
            )
            params = {"card": card.code, "other": outside[seven]}
            return InputError(ErrorCode.PRIMIERA_WINNER_BEATEN, "primiera", params)
        target = tuple(best if i == winner and i != seven else 0 for i in range(n))
        everyone = [(1 << n) - 1] * len(OUTSIDE)
        others = _winner_owners(n, winner, seven, best, outside[seven]) if witness else everyone
        return target, others
    denari = [side.denari for side in sides]
    found = (_nobody if n == 2 else _nobody_many)(denari, outside, bests)
    if found is None:
        return InputError(ErrorCode.PRIMIERA_NOBODY, "primiera")
    return found


def _winner_owners(n: int, winner: int, seven: int, best: int, cards: int) -> list[int]:
    """Who may hold each card outside denari when ``winner`` takes the primiera: it holds
    the three other sevens, and the settebello's side (if another) only cards at or below
    best cards with which it loses (:func:`_settebello_tops`)."""
    everyone = (1 << n) - 1
    owners = []
    tops: tuple[int | None, ...] = (0, 0, 0)
    if seven != winner:
        tops = _settebello_tops(best, cards)
    for index in OUTSIDE:
        card = DECK[index]
        pos = ORDER.index(card.value)
        top = tops[card.suit.index - 1]
        if pos == 0:
            owners.append(1 << winner)
        elif seven == winner:
            owners.append(everyone)
        elif top is None or pos < top:
            owners.append(everyone & ~(1 << seven))
        elif pos == top:
            owners.append(1 << seven)
        else:
            owners.append(everyone)
    return owners


def _lacking_owners(lacking: Sequence[int]) -> list[int]:
    """Who may hold each card outside denari when side ``i`` lacks the suit ``lacking[i]``
    (its index in :data:`~.cards.SUITS`; 0, denari, for a side without denari)."""
    return [
        sum(1 << i for i, suit in enumerate(lacking) if suit != DECK[index].suit.index)
        for index in OUTSIDE
    ]


def _nobody(
    denari: Sequence[int], outside: Sequence[int], bests: frozenset[Bests]
) -> tuple[Bests, list[int]] | None:
    """Two sides and nobody's primiera: the best denari to give and who may hold each card
    outside denari, when both sides can lack a suit, or both be complete and level.
    ``None`` when neither can be."""
    lacking = _both_lack_a_suit(denari, outside)
    if lacking is not None:
        return (0, 0), _lacking_owners(lacking)
    if not (denari[0] and denari[1]):
        return None
    table = _tie_table()
    for target in sorted(bests):
        for low, high, suits in table.get(target[1] - target[0], ()):
            if low <= outside[0] <= high:
                return target, _tie_owners(suits)
    return None


def _nobody_many(
    denari: Sequence[int], outside: Sequence[int], bests: frozenset[Bests]
) -> tuple[Bests, list[int]] | None:
    """Three or four sides and nobody's primiera, as :func:`_nobody`. Every side can lack a
    suit unless one side with denari took more than 20 cards outside them (checked for
    every count of three and four sides: each other side then lacks one of the suits that
    side leaves it, Hall's condition holding); with such a side, see :func:`_nobody_forced`
    (``bests`` then reads every side)."""
    n = len(denari)
    forced = forced_side(denari, outside)
    if forced is not None:
        return _nobody_forced(forced, denari, outside, bests)
    choices = [(0,) if not denari[i] else (1, 2, 3) for i in range(n)]
    for lacking in itertools.product(*choices):
        owners = _lacking_owners(lacking)
        if fits(owners, outside):
            return (0,) * n, owners
    raise AssertionError("every side can lack a suit")  # pragma: no cover (see above)


def forced_side(denari: Sequence[int], outside: Sequence[int]) -> int | None:
    """With three or four sides, the side that always holds four suits: it has denari and
    more than 20 cards outside them (it cannot lack one of the other suits, whose 20 cards
    are too few for it). ``None`` when there is none."""
    if len(denari) == 2:
        return None
    return next(
        (i for i in range(len(denari)) if denari[i] and outside[i] > 2 * CARDS_PER_SUIT), None
    )


#: A suit's outcome for :func:`_nobody_forced`: per side followed, its best card's value
#: in the suit less the forced side's (``None``: it holds none of the suit).
Gaps = tuple[int | None, ...]


@functools.lru_cache(maxsize=64)
def suit_outcomes(
    caps: tuple[int, ...], followed: tuple[bool, ...]
) -> dict[tuple[int, ...], dict[Gaps, tuple[int, ...]]]:
    """Every way one suit outside denari can fall when a forced side takes all of it that
    the other sides (at most ``caps[j]`` cards each) do not: for each count vector of the
    other sides, each :data:`Gaps` of the ``followed`` ones (those that can hold four
    suits), with one share of the suit that gives it (per position of :data:`ORDER`, the
    other side holding it, or -1 for the forced side). The cards are given out in primiera
    order, so each side's first card is its best; the forced side takes at least one."""
    m = len(caps)
    layer: dict[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {
        (0, (0,) * m, (0,) * m): ()
    }
    for pos in range(CARDS_PER_SUIT):
        value = PRIMIERA_VALUES[ORDER[pos]]
        after: dict[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
        for (forced, best, took), share in layer.items():
            after.setdefault((forced or value, best, took), (*share, -1))
            for j in range(m):
                if took[j] == caps[j]:
                    continue
                mine = best
                if followed[j] and not best[j]:
                    mine = (*best[:j], value, *best[j + 1 :])
                counted = (*took[:j], took[j] + 1, *took[j + 1 :])
                after.setdefault((forced, mine, counted), (*share, j))
        layer = after
    table: dict[tuple[int, ...], dict[Gaps, tuple[int, ...]]] = {}
    for (forced, best, took), share in layer.items():
        if forced:
            gaps = tuple(
                b - forced if b else None for b, f in zip(best, followed, strict=True) if f
            )
            table.setdefault(took, {}).setdefault(gaps, share)
    return table


def _level_at_top(gaps: Gaps) -> bool:
    """Whether, with the forced side at 0 and the others ``gaps`` from it (``None``: not
    complete), the best primiera is held by two sides or more."""
    totals = [0, *(g for g in gaps if g is not None)]
    return totals.count(max(totals)) >= 2


def _nobody_forced(
    forced: int, denari: Sequence[int], outside: Sequence[int], bests: frozenset[Bests]
) -> tuple[Bests, list[int]] | None:
    """Nobody's primiera when side ``forced`` always holds four suits (:func:`forced_side`):
    then another side must level it at the top, or two others level above it. The other
    sides took at most 9 cards outside denari between them; a search over the three other
    suits (:func:`suit_outcomes`), from each best denari vector ``bests`` gives, with
    memory, finds such a share-out or shows there is none. Only the sides with denari and
    three cards or more outside them can be complete (``followed``): without one, the forced
    side always takes the primiera."""
    others = [i for i in range(len(denari)) if i != forced]
    caps = tuple(outside[i] for i in others)
    followed = tuple(bool(denari[i]) and outside[i] >= len(SUITS) - 1 for i in others)
    if not any(followed):
        return None
    table = suit_outcomes(caps, followed)
    watched = [i for i, f in zip(others, followed, strict=True) if f]
    tried = set()
    for target in sorted(bests, reverse=True):
        start = tuple(target[i] - target[forced] for i in watched)
        if start in tried:
            continue
        tried.add(start)
        shares = _level_shares(table, caps, start)
        if shares is not None:
            return target, _forced_owners(forced, others, shares)
    return None


def _level_shares(
    table: dict[tuple[int, ...], dict[Gaps, tuple[int, ...]]],
    caps: tuple[int, ...],
    start: Gaps,
) -> list[tuple[int, ...]] | None:
    """For :func:`_nobody_forced`: the shares of the three suits outside denari (from
    ``table``) with which the other sides take ``caps`` cards and, from the gaps ``start``
    the denari leave, the best primiera is level; ``None`` when there are none."""
    failed: set[tuple[int, tuple[int, ...], Gaps]] = set()
    suits = len(SUITS) - 1

    def search(suit: int, took: tuple[int, ...], gaps: Gaps) -> list[tuple[int, ...]] | None:
        if suit == suits:
            return [] if took == caps and _level_at_top(gaps) else None
        if (suit, took, gaps) in failed:
            return None
        if suit == suits - 1:  # the last suit takes what is left
            need = tuple(c - t for c, t in zip(caps, took, strict=True))
            choices = [(need, table.get(need, {}))]
        else:
            choices = list(table.items())
        for counts, outcomes in choices:
            more = tuple(a + b for a, b in zip(took, counts, strict=True))
            if any(a > c for a, c in zip(more, caps, strict=True)):
                continue
            for step, share in outcomes.items():
                after = tuple(
                    None if a is None or b is None else a + b
                    for a, b in zip(gaps, step, strict=True)
                )
                rest = search(suit + 1, more, after)
                if rest is not None:
                    return [share, *rest]
        failed.add((suit, took, gaps))
        return None

    return search(0, (0,) * len(caps), start)


def _forced_owners(
    forced: int, others: Sequence[int], shares: Sequence[tuple[int, ...]]
) -> list[int]:
    """Who holds each card outside denari for :func:`_nobody_forced`'s ``shares``: one
    side per card (per suit, per position of :data:`ORDER`: an index into ``others``, or
    -1 for the forced side)."""
    owners = []
    for index in OUTSIDE:
        card = DECK[index]
        holder = shares[card.suit.index - 1][ORDER.index(card.value)]
        owners.append(1 << (forced if holder < 0 else others[holder]))
    return owners


def _tie_owners(suits: Sequence[tuple[int, int]]) -> list[int]:
    """Who may hold each card outside denari for :func:`_tie_table`'s ``suits``."""
    owners = []
    for index in OUTSIDE:
        card = DECK[index]
        holder, top = suits[card.suit.index - 1]
        pos = ORDER.index(card.value)
        if pos < top:
            owners.append(1 << holder)
        elif pos == top:
            owners.append(1 << (1 - holder))
        else:
            owners.append(0b11)
    return owners


__all__ = [
    "FACES",
    "ORDER",
    "OUTSIDE",
    "ShareOut",
    "best_denari",
    "denari_owners",
    "denari_witness",
    "fill",
    "find_share_out",
    "fits",
    "outside_owners",
    "settebello_room",
    "share_out_errors",
]
