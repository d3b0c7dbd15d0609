"""Rule sets: the named games a table plays (RULES.md section 8), each one value.

As python-chess's ``chess/variant.py`` finds a board class by name, a Scopa rule set is
one :class:`RuleSet` found by its key in :data:`RULE_SETS` (:func:`rule_set`): its name
and description in both languages, the deal (cards to each player, cards to the table),
the capture rule (:class:`CaptureStyle`), the end of the game, the default target and
the variants it offers (re bello, napola, napoleone: options of every preset). What
follows from the deal (the plays of a hand, a side's cards played, the exact scope
limits of :func:`~.deal.scope_limits`) is a :class:`Deal`, worked out per seating.

A new rule set is one more :class:`RuleSet` in :data:`RULE_SETS` (and, in the app, its
label in the message catalog when its words need one): the forms, the board, the
checkers, the API, storage (the key in a column), import and export and the phone's
scorer (``scoring-data.js``, generated) all read it from here.

The house choices of asso pigliatutto (whether the asso's sweep is a scopa, what an asso
does when an asso lies on the table) are settings of :class:`~.rules.Rules`
(:class:`AssoSweep`, :class:`AssoOnAsso`), offered only with a rule set that plays it.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import DECK_SIZE
from .deal import ScopeVector, scope_limits
from .errors import InvalidGame


class CaptureStyle(enum.StrEnum):
    """How a played card takes (RULES.md sections 7 and 8)."""

    #: Section 7: an equal card first, else a sum of two or more table cards.
    NORMAL = "normal"
    #: Scopa d'assi: an asso played takes every card on the table (see :class:`AssoOnAsso`).
    ASSO_PIGLIATUTTO = "asso-pigliatutto"


class AssoSweep(enum.StrEnum):
    """Asso pigliatutto's house choice: whether the asso's taking of the whole table is a
    scopa. The championship rules say no (``NOT_SCOPA``, the default); many homes yes."""

    NOT_SCOPA = "not-scopa"
    SCOPA = "scopa"


class AssoOnAsso(enum.StrEnum):
    """Asso pigliatutto's house choice: an asso played when an asso lies on the table
    takes only that asso (``TAKES_ASSO``, the default: an equal card first, as ever) or
    everything (``TAKES_ALL``)."""

    TAKES_ASSO = "takes-asso"
    TAKES_ALL = "takes-all"


@dataclass(frozen=True, slots=True)
class Pigliatutto:
    """Asso pigliatutto as a table plays it: its two house choices
    (:attr:`~.rules.Rules.pigliatutto` gives it for a rule set that plays it)."""

    sweep: AssoSweep = AssoSweep.NOT_SCOPA
    on_asso: AssoOnAsso = AssoOnAsso.TAKES_ASSO


class EndOfGame(enum.StrEnum):
    """How a game ends (RULES.md section 5): at the end of a hand, once a side reached the
    target, the strictly highest total wins; equal at the top, a spareggio hand. Every
    preset ends so; chiamarsi fuori is an option on top of it, and so is the margin
    (:attr:`~.rules.Rules.margin`: with "two clear points" the leader must be 2 ahead of
    every other side, else play goes on)."""

    TARGET = "target"


@dataclass(frozen=True, slots=True)
class Deal:
    """What a rule set's deal gives at one seating: ``cards_per_player`` to each of the
    ``players``, ``table_cards`` face up; ``plays`` (every card dealt is played once),
    ``cards_played_per_side`` and the scope limits that follow (RULES.md section 6):
    ``scope_per_hand``, the most scope one hand holds (18 of 36 plays after a table of
    four; 19 of 40 plays with none: the first play meets an empty table), and
    :attr:`scope_limits`, exactly which scope the sides can make together."""

    sides: int
    players_per_side: int
    cards_per_player: int
    table_cards: int

    @property
    def players(self) -> int:
        """Players at the table."""
        return self.sides * self.players_per_side

    @property
    def plays(self) -> int:
        """The plays of a hand: one per card dealt to a player."""
        return self.cards_per_player * self.players

    @property
    def cards_played_per_side(self) -> int:
        """The cards one side plays in a hand (its players' together)."""
        return self.cards_per_player * self.players_per_side

    @property
    def scope_limits(self) -> tuple[ScopeVector, ...]:
        """The maximal scope vectors of a hand (:func:`~.deal.scope_limits`)."""
        return scope_limits(self.sides, self.plays, self.table_cards)

    @property
    def scope_per_hand(self) -> int:
        """The most scope one hand holds, all sides together."""
        return max(map(sum, self.scope_limits))


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A named rule set (RULES.md section 8).

    ``key`` finds it (``"scopone-scientifico"``); ``name`` is what a table calls it in
    either language; ``description`` says the deal and what it changes, by language
    (``"en"``, ``"it"``). ``table_cards`` go face up at the deal and ``cards_per_player``
    to each player (``None``: the rest of the deck shared evenly, as Scopa deals it at any
    seating). ``formats`` are the seatings it is played at (the keys of
    :data:`~.rules.FORMATS`), ``default_format`` the one offered first. ``capture`` is
    its capture rule, ``end`` its end of the game, ``default_target`` and ``targets`` the
    targets offered first, ``variants`` the on/off settings it offers.
    """

    key: str
    name: str
    description: Mapping[str, str] = field(compare=False)
    table_cards: int = 4
    cards_per_player: int | None = None
    formats: tuple[str, ...] = ("2", "3", "2x2", "4", "2x3", "3x2")
    default_format: str = "2"
    capture: CaptureStyle = CaptureStyle.NORMAL
    end: EndOfGame = EndOfGame.TARGET
    default_target: int = 11
    targets: tuple[int, ...] = (11, 16, 21, 31)
    variants: tuple[str, ...] = ("napola", "re_bello", "napoleone")

    def __post_init__(self) -> None:
        if self.default_format not in self.formats:
            raise InvalidGame(f"{self.key}: {self.default_format!r} is not one of its formats")
        if set(self.description) != {"en", "it"}:
            raise InvalidGame(f"{self.key}: a description in English and Italian")

    def __repr__(self) -> str:
        return f"rule_set({self.key!r})"

    def deal(self, sides: int, players_per_side: int) -> Deal:
        """The deal at a seating of ``sides`` sides of ``players_per_side`` players."""
        return _deal(self.table_cards, self.cards_per_player, sides, players_per_side)

    def label(self, language: str) -> str:
        """The description in ``language`` (``"it"`` or ``"en"``; English otherwise)."""
        return self.description.get(language, self.description["en"])

    @property
    def pigliatutto(self) -> bool:
        """Whether an asso takes the whole table (its house choices then apply)."""
        return self.capture is CaptureStyle.ASSO_PIGLIATUTTO


@functools.cache
def _deal(table: int, per_player: int | None, sides: int, players_per_side: int) -> Deal:
    players = sides * players_per_side
    each = (DECK_SIZE - table) // players if per_player is None else per_player
    if each * players + table != DECK_SIZE:
        raise InvalidGame(f"{each} cards to {players} players and {table} down is not a deck")
    return Deal(sides, players_per_side, each, table)


#: Every rule set, by key, the default first.
RULE_SETS: Mapping[str, RuleSet] = MappingProxyType(
    {
        r.key: r
        for r in (
            RuleSet(
                "scopa",
                "Scopa",
                {
                    "en": "Scopa: four cards to the table, the rest dealt three at a time",
                    "it": "Scopa: quattro carte in tavola, le altre date tre alla volta",
                },
            ),
            RuleSet(
                "scopone-scientifico",
                "Scopone scientifico",
                {
                    "en": "Scopone scientifico: in pairs, ten cards each, none to the table",
                    "it": "Scopone scientifico: a coppie, dieci carte a testa, nessuna in tavola",
                },
                table_cards=0,
                cards_per_player=10,
                formats=("2x2",),
                default_format="2x2",
                targets=(11, 21),
            ),
            RuleSet(
                "scopone-classico",
                "Scopone classico",
                {
                    "en": "Scopone classico: in pairs, nine cards each, four to the table",
                    "it": "Scopone classico: a coppie, nove carte a testa, quattro in tavola",
                },
                cards_per_player=9,
                formats=("2x2",),
                default_format="2x2",
                targets=(11, 21),
            ),
            RuleSet(
                "scopa-d-assi",
                "Scopa d'assi",
                {
                    "en": "Scopa d'assi: an asso takes every card on the table",
                    "it": "Scopa d'assi: l'asso prende tutte le carte in tavola",
                },
                capture=CaptureStyle.ASSO_PIGLIATUTTO,
                default_format="2x2",
                default_target=31,
                targets=(31, 11, 21),
            ),
        )
    }
)

#: The rule set of a game that names none (every game stored before rule sets).
DEFAULT_RULE_SET = RULE_SETS["scopa"]


def rule_set(key: object) -> RuleSet:
    """The rule set called ``key``; :class:`InvalidGame` quoting it when there is none."""
    if not isinstance(key, str) or key not in RULE_SETS:
        raise InvalidGame(f"{key!r} is not a known rule set")
    return RULE_SETS[key]
