"""Scoring one hand (smazzata), entered as cards or as counts (RULES.md 2, 3, 4).

Both ways end in the same :class:`HandScore`: the points of every category for
every side, and an :class:`Award` per category that explains who took it and
why (or why nobody did). Every category but scope goes to the single strict
leader; a tie at the top gives nobody the point.

A hand entered as cards is scored from the sides' masks (:mod:`.cards`): the
cards and denari of a side are popcounts, the settebello and the re bello one
bit each, the napola run and the primiera look-ups in small tables. The result
keeps those few numbers; the readable objects (:class:`SideResult`,
:class:`Award`, :class:`~.primiera.Primiera`) are made the first time they are
asked for, and :meth:`HandScore.to_json` writes the JSON form straight from
the numbers.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .cards import BB_RE_BELLO, BB_SETTEBELLO, BB_SUIT, DENARI_IN_DECK
from .deal import NAPOLA_MIN
from .primiera import Primiera, PrimieraReason, best_codes, contest_totals, primiera_total
from .rules import Rules
from .sides import SideCards, SideCounts
from .validate import validate_cards, validate_counts


class Category(enum.Enum):
    """The categories counted at the end of a hand, in the order they are shown."""

    SCOPE = "scope"
    CARTE = "carte"
    DENARI = "denari"
    SETTEBELLO = "settebello"
    PRIMIERA = "primiera"
    RE_BELLO = "re_bello"
    NAPOLA = "napola"

    # Members are singletons: identity hashing is correct and cheaper than Enum's.
    __hash__ = object.__hash__


#: The categories in display order.
CATEGORIES: tuple[Category, ...] = tuple(Category)


class AwardReason(enum.StrEnum):
    """Why a category went where it did (:attr:`Award.reason`)."""

    #: The strict leader (carte, denari).
    MOST = "most"
    #: Level at the top: nobody (carte, denari, primiera).
    TIE = "tie"
    #: The side that holds the card (settebello, re bello).
    HOLDER = "holder"
    #: The side with the napola run.
    RUN = "run"
    #: Nobody qualifies (nobody holds the re bello, nobody has a napola).
    NONE = "none"
    #: The setting is off in this game (re bello, napola).
    OFF = "off"
    #: Scope: every side scores its own.
    COUNT = "count"
    #: Primiera: the strictly highest complete primiera.
    WON = "won"
    #: Primiera: no side holds all four suits.
    NOBODY_COMPLETE = "nobody_complete"
    #: Primiera: entered as counts with who took it (or nobody).
    DECLARED = "declared"


#: The award's reason for each outcome of the primiera contest.
_CONTEST_REASONS = {
    PrimieraReason.WON: AwardReason.WON,
    PrimieraReason.TIE: AwardReason.TIE,
    PrimieraReason.NOBODY_COMPLETE: AwardReason.NOBODY_COMPLETE,
}
# Members read once: reading an enum member off its class is slow (Python 3.11), and
# so is ``.value``; the JSON form uses the plain strings.
_MOST, _HOLDER, _RUN = AwardReason.MOST, AwardReason.HOLDER, AwardReason.RUN
_REASON_TEXT = {reason: reason.value for reason in AwardReason}
_CATEGORY_KEYS = tuple(category.value for category in Category)


@dataclass(frozen=True, slots=True)
class Award:
    """Who took one category, and why.

    ``winner`` is a side index or ``None``; ``reason`` is an
    :class:`AwardReason`; ``margin`` is the lead over the runner-up, when known
    (``0`` for a tie; ``None`` for awards that are held rather than counted).
    """

    category: Category
    winner: int | None
    reason: AwardReason
    margin: int | None = None


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's points in a hand with the facts that explain them.

    ``primiera`` is ``None`` only when counts were entered with who took the
    primiera rather than the cards that make it.
    """

    points: Mapping[Category, int]
    cards: int
    denari: int
    settebello: bool
    re_bello: bool
    napola_run: int
    scope: int
    primiera: Primiera | None

    @property
    def total(self) -> int:
        """All the side's points in the hand."""
        return sum(self.points.values())


#: ``(winner, reason, margin)`` of one award, as the scoring keeps it.
_Outcome = tuple[int | None, AwardReason, int | None]


class HandScore:
    """The count of one hand: per side results and one award per category.

    ``napoleone`` is the side that took all ten denari when the napoleone
    variant is on (it wins the game at once), else ``None``; ``by_cards``
    says the hand was entered card by card. A score is never changed once made.
    """

    __slots__ = (
        "_awards",
        "_by_cards",
        "_cards",
        "_carte_award",
        "_denari",
        "_denari_award",
        "_napola",
        "_napoleone",
        "_primiera_award",
        "_primiera_source",
        "_primiera_totals",
        "_re_bello",
        "_rules",
        "_run",
        "_scope",
        "_settebello",
        "_sides",
    )

    def __init__(
        self,
        rules: Rules,
        cards: Sequence[int],
        denari: Sequence[int],
        scope: Sequence[int],
        holders: tuple[int | None, int | None, int | None],
        run: int,
        primiera: _Outcome,
        primiera_totals: Sequence[int | None] | None,
        primiera_source: Sequence[int] | Sequence[Primiera] | None,
        *,
        by_cards: bool,
    ) -> None:
        """Keep the facts of a scored hand (made by :func:`score_cards` and
        :func:`score_counts`, which have checked them).

        ``holders`` are the sides holding the settebello, the re bello (``None``
        when it is not played) and the napola of ``run`` cards (``None``:
        nobody); ``primiera`` is the primiera award's outcome, with each side's
        total and its source: the masks of the sides' cards, their best cards as
        primiere, or ``None`` when who took it was declared.
        """
        self._rules = rules
        self._by_cards = by_cards
        self._cards = cards
        self._denari = denari
        self._scope = scope
        self._settebello, self._re_bello, self._napola = holders
        self._run = run
        self._carte_award = _lead(cards)
        self._denari_award = _lead(denari)
        self._primiera_award = primiera
        self._primiera_totals = primiera_totals
        self._primiera_source = primiera_source
        self._napoleone = (
            denari.index(DENARI_IN_DECK) if rules.napoleone and DENARI_IN_DECK in denari else None
        )
        self._sides: tuple[SideResult, ...] | None = None
        self._awards: Mapping[Category, Award] | None = None

    # ------------------------------------------------------------------ the readable face

    @property
    def rules(self) -> Rules:
        """The rules the hand was scored under."""
        return self._rules

    @property
    def napoleone(self) -> int | None:
        """The side that took all ten denari with the napoleone on (it wins the game)."""
        return self._napoleone

    @property
    def by_cards(self) -> bool:
        """Whether the hand was entered card by card."""
        return self._by_cards

    @property
    def sides(self) -> tuple[SideResult, ...]:
        """Each side's result, in the order the sides were entered."""
        if self._sides is None:
            self._sides = tuple(self._side(i) for i in range(len(self._cards)))
        return self._sides

    @property
    def awards(self) -> Mapping[Category, Award]:
        """One award per category, in display order."""
        if self._awards is None:
            self._awards = MappingProxyType(
                {
                    category: _award(category, *outcome)
                    for category, outcome in zip(CATEGORIES, self._outcomes(), strict=True)
                }
            )
        return self._awards

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's points in this hand."""
        return tuple(sum(self._points(i)) for i in range(len(self._cards)))

    def _outcomes(self) -> tuple[_Outcome, ...]:
        """``(winner, reason, margin)`` of each category, in display order."""
        rules = self._rules
        return (
            _SCOPE,
            self._carte_award,
            self._denari_award,
            _held(self._settebello),
            self._primiera_award,
            _held(self._re_bello) if rules.re_bello else _OFF,
            _napola(self._napola) if rules.napola else _OFF,
        )

    def _points(self, i: int) -> tuple[int, int, int, int, int, int, int]:
        """Side ``i``'s points per category, in display order."""
        return (
            self._scope[i],
            1 if self._carte_award[0] == i else 0,
            1 if self._denari_award[0] == i else 0,
            1 if self._settebello == i else 0,
            1 if self._primiera_award[0] == i else 0,
            1 if self._re_bello == i else 0,
            self._run if self._napola == i else 0,
        )

    def _primiera(self, i: int) -> Primiera | None:
        """Side ``i``'s primiera, made from its cards' mask or kept from its best cards."""
        source = self._primiera_source
        if source is None:
            return None
        item = source[i]
        return Primiera.of_mask(item) if isinstance(item, int) else item

    def _side(self, i: int) -> SideResult:
        """Side ``i``'s readable result."""
        return SideResult(
            points=MappingProxyType(dict(zip(CATEGORIES, self._points(i), strict=True))),
            cards=self._cards[i],
            denari=self._denari[i],
            settebello=self._settebello == i,
            re_bello=self._re_bello == i,
            napola_run=self._run if self._napola == i else 0,
            scope=self._scope[i],
            primiera=self._primiera(i),
        )

    # ------------------------------------------------------------------ JSON

    def to_json(self, names: Sequence[str] | None = None) -> dict[str, object]:
        """The result as JSON, in the shape of the scoring API's answer (API.md).

        ``{"sides": [{"points", "total", "detail"}], "awards": {category:
        {"winner", "reason", "margin"}}, "napoleone": side or null}``; with
        ``names``, each side starts with its ``"name"``. Built from the numbers
        the score keeps, without making the readable objects.
        """
        sides = []
        run, napola = self._run, self._napola
        settebello, re_bello = self._settebello, self._re_bello
        carte, denari_winner = self._carte_award[0], self._denari_award[0]
        primiera_winner = self._primiera_award[0]
        totals = self._primiera_totals
        source = self._primiera_source
        for i, cards in enumerate(self._cards):
            scope = self._scope[i]
            # Keyed by Category values, in display order (CATEGORIES).
            points = {
                "scope": scope,
                "carte": 1 if carte == i else 0,
                "denari": 1 if denari_winner == i else 0,
                "settebello": 1 if settebello == i else 0,
                "primiera": 1 if primiera_winner == i else 0,
                "re_bello": 1 if re_bello == i else 0,
                "napola": run if napola == i else 0,
            }
            side: dict[str, object] = {} if names is None else {"name": names[i]}
            side["points"] = points
            side["total"] = sum(points.values())
            side["detail"] = {
                "cards": cards,
                "denari": self._denari[i],
                "primiera": None if totals is None else totals[i],
                "primiera_cards": None if source is None else _best_codes(source[i]),
                "napola_run": run if napola == i else 0,
                "settebello": settebello == i,
                "re_bello": re_bello == i,
                "scope": scope,
            }
            sides.append(side)
        awards = {}
        for key, (winner, reason, margin) in zip(_CATEGORY_KEYS, self._outcomes(), strict=True):
            awards[key] = {"winner": winner, "reason": _REASON_TEXT[reason], "margin": margin}
        return {"sides": sides, "awards": awards, "napoleone": self._napoleone}

    # ------------------------------------------------------------------ comparison

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandScore):
            return NotImplemented
        return (self.rules, self.by_cards, self.napoleone, self.sides, dict(self.awards)) == (
            other.rules,
            other.by_cards,
            other.napoleone,
            other.sides,
            dict(other.awards),
        )

    __hash__ = None  # type: ignore[assignment]  # equal scores need not be the same object

    def __repr__(self) -> str:
        return (
            f"<HandScore totals={self.totals} by_cards={self.by_cards} "
            f"napoleone={self.napoleone} rules={self.rules!r}>"
        )


# --------------------------------------------------------------------------- awards

_SCOPE: _Outcome = (None, AwardReason.COUNT, None)
_OFF: _Outcome = (None, AwardReason.OFF, None)
_NONE: _Outcome = (None, AwardReason.NONE, None)
_TIE: _Outcome = (None, AwardReason.TIE, 0)


@functools.cache
def _award(
    category: Category, winner: int | None, reason: AwardReason, margin: int | None
) -> Award:
    """The award, made once and shared: awards are frozen and there are a few thousand at most."""
    return Award(category, winner, reason, margin)


def _held(holder: int | None) -> _Outcome:
    """The award of a card held by ``holder`` (settebello, re bello), or nobody's."""
    return _NONE if holder is None else (holder, _HOLDER, None)


def _napola(holder: int | None) -> _Outcome:
    """The napola award: the side with the run, or nobody."""
    return _NONE if holder is None else (holder, _RUN, None)


def _lead(values: Sequence[int]) -> _Outcome:
    """The strict leader of ``values`` with its lead over the runner-up, or a tie."""
    if len(values) == 2:
        a, b = values
        if a > b:
            return (0, _MOST, a - b)
        if b > a:
            return (1, _MOST, b - a)
        return _TIE
    top = runner_up = -1
    leader = 0
    for i, value in enumerate(values):
        if value > top:
            top, runner_up, leader = value, top, i
        elif value > runner_up:
            runner_up = value
    if top == runner_up:
        return _TIE
    return (leader, _MOST, top - runner_up)


# --------------------------------------------------------------------------- tables


def _run_of(denari: int) -> int:
    """The napola run of a denari slice: the unbroken run from the asso, if 3 or more."""
    run = 0
    while denari >> run & 1:
        run += 1
    return run if run >= NAPOLA_MIN else 0


#: The napola run of every denari slice.
NAPOLA_RUNS: tuple[int, ...] = tuple(_run_of(denari) for denari in range(BB_SUIT + 1))


def _best_codes(source: int | Primiera) -> dict[str, str]:
    """The card that counts in each suit, by suit letter: ``{"D": "7D", ...}``."""
    if isinstance(source, Primiera):
        return {suit.letter: card.code for suit, card in source.best.items()}
    return best_codes(source)


# --------------------------------------------------------------------------- scoring


def score_cards(rules: Rules, sides: Sequence[SideCards]) -> HandScore:
    """Score a hand entered card by card (the exact way).

    Raises :class:`~.errors.InvalidHand` unless the sides hold the 40 cards
    exactly once and every scope count is possible.
    """
    validate_cards(rules, sides)
    masks, scope = [], []
    for side in sides:
        masks.append(side.mask)
        scope.append(side.scope)
    return score_masks(rules, masks, scope)


def score_masks(rules: Rules, masks: Sequence[int], scope: Sequence[int]) -> HandScore:
    """Score the sides' cards given as masks that share out the deck (already checked).

    Per side: its cards and denari are popcounts; the settebello and the re
    bello are bits of the denari slice; the napola run is :data:`NAPOLA_RUNS`
    of that slice; the primiera is :func:`~.primiera.primiera_total`, four
    look-ups in the per-suit table.
    """
    cards = []
    denari = []
    totals: list[int | None] = []
    settebello = re_bello = napola = None
    run = 0
    for i, mask in enumerate(masks):
        slice_ = mask & BB_SUIT
        cards.append(mask.bit_count())
        denari.append(slice_.bit_count())
        totals.append(primiera_total(mask))
        if slice_ & BB_SETTEBELLO:
            settebello = i
        if slice_ & BB_RE_BELLO:
            re_bello = i
        if NAPOLA_RUNS[slice_]:
            napola, run = i, NAPOLA_RUNS[slice_]
    if not rules.re_bello:
        re_bello = None
    if not rules.napola:
        napola, run = None, 0
    winner, reason, margin = contest_totals(totals)
    return HandScore(
        rules,
        cards,
        denari,
        scope,
        (settebello, re_bello, napola),
        run,
        (winner, _CONTEST_REASONS[reason], margin),
        totals,
        masks,
        by_cards=True,
    )


def score_counts(
    rules: Rules, sides: Sequence[SideCounts], primiera_winner: int | None = None
) -> HandScore:
    """Score a hand entered as counts (the fast way).

    When any side carries ``primiera_cards``, the primiera is computed from
    those best cards (a side without them has no primiera); otherwise
    ``primiera_winner`` says who took it, ``None`` meaning nobody.
    Raises :class:`~.errors.InvalidHand` with every failed check.
    """
    validate_counts(rules, sides, primiera_winner)
    primiere: list[Primiera] | None = None
    totals: list[int | None] | None = None
    if any(side.primiera_cards is not None for side in sides):
        primiere = [Primiera.of(side.primiera_cards or ()) for side in sides]
        totals = [p.total for p in primiere]
        winner, reason, margin = contest_totals(totals)
        primiera: _Outcome = (winner, _CONTEST_REASONS[reason], margin)
    else:
        primiera = (primiera_winner, AwardReason.DECLARED, None)
    settebello = next(i for i, side in enumerate(sides) if side.settebello)
    re_bello = next((i for i, side in enumerate(sides) if side.re_bello), None)
    runs = [side.napola_run for side in sides]
    napola = runs.index(max(runs)) if rules.napola and any(runs) else None
    return HandScore(
        rules,
        [side.cards for side in sides],
        [side.denari for side in sides],
        [side.scope for side in sides],
        (settebello, re_bello, napola),
        0 if napola is None else runs[napola],
        primiera,
        totals,
        primiere,
        by_cards=False,
    )


def counts_of(score: HandScore) -> list[SideCounts]:
    """The counts that give the same score as ``score`` (for editing a hand as counts)."""
    counts = []
    for side in score.sides:
        best = None if side.primiera is None else tuple(side.primiera.best.values())
        counts.append(
            SideCounts(
                side.cards,
                side.denari,
                side.settebello,
                side.re_bello,
                side.napola_run,
                side.scope,
                best,
            )
        )
    return counts
