"""The settings a group agrees before a game (RULES.md, every **[setting]**).

:class:`Rules` holds all of them with their defaults; :data:`FORMATS` lists the
seatings the app knows and :data:`PRESETS` the named rule sets offered when a
game starts.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from .cards import DECK_SIZE
from .deal import ScopeVector, scope_limits
from .errors import InvalidGame
from .rulesets import (
    DEFAULT_RULE_SET,
    RULE_SETS,
    AssoOnAsso,
    AssoSweep,
    Deal,
    Pigliatutto,
    RuleSet,
)

#: Cards on the table at the deal; the rest are dealt to the players.
TABLE_CARDS = 4


class SumChoice(enum.Enum):
    """Which sum a player may take when several are possible (issue: capture checker).

    ``FREE``: any of them (seed 001). ``FEWEST``: one of those with the fewest
    cards (seed 000). Either way a card equal to the played one is taken first.
    """

    FREE = "free"
    FEWEST = "fewest"


@dataclass(frozen=True, slots=True)
class Format:
    """How many sides play and how many players make up each side.

    Players sit so that sides alternate around the table: the player in seat
    ``s`` (numbered counter-clockwise from 0) belongs to side ``s % sides``;
    partners therefore sit opposite each other. The numbers of a hand are worked
    out when the format is made: 36 cards dealt, shared evenly among the players,
    each played in a play of its own (``plays``, ``cards_played_per_side``); and
    ``scope_per_hand``, the most scope one hand can hold, all sides together: after
    a scopa the next player meets an empty table, so no two plays in a row are both
    scope, and the last play never is one; of 36 plays at most every other one, 18.
    Exactly, :attr:`scope_limits` says which scope the sides can make together.
    """

    key: str
    sides: int
    players_per_side: int
    cards_played_per_side: int = field(init=False, repr=False, compare=False)
    plays: int = field(init=False, repr=False, compare=False)
    scope_per_hand: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        per_player = (DECK_SIZE - TABLE_CARDS) // self.players
        plays = per_player * self.players
        object.__setattr__(self, "cards_played_per_side", per_player * self.players_per_side)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "scope_per_hand", plays // 2)

    @property
    def scope_limits(self) -> tuple[ScopeVector, ...]:
        """The maximal scope vectors of a hand of this format (:func:`~.deal.scope_limits`,
        from the sides, the plays and the cards on the table): with two sides ``(18, 0)``,
        ``(16, 1)``, ..., ``(0, 18)``, so 17 + 1 is not a hand."""
        return scope_limits(self.sides, self.plays, TABLE_CARDS)

    @property
    def players(self) -> int:
        """Players at the table."""
        return self.sides * self.players_per_side

    def side_of_seat(self, seat: int) -> int:
        """The side of the player in ``seat``."""
        return seat % self.sides

    def seats_of_side(self, side: int) -> tuple[int, ...]:
        """The seats of the players of ``side``, in seat order."""
        return tuple(range(side, self.players, self.sides))


#: Every seating the app knows: the three of the seeds, then the further ones of RULES.md.
FORMATS: Mapping[str, Format] = MappingProxyType(
    {
        f.key: f
        for f in (
            Format("2", 2, 1),
            Format("3", 3, 1),
            Format("2x2", 2, 2),
            Format("4", 4, 1),
            Format("2x3", 2, 3),
            Format("3x2", 3, 2),
        )
    }
)

#: Targets offered first; any whole number in TARGET_RANGE may be agreed.
COMMON_TARGETS = (11, 16, 21, 31)
TARGET_RANGE = range(1, 1000)
#: The lead a side needs over every other to win at the target (RULES.md section 5): 1,
#: the strictly highest total (the default); 2, "two clear points" ("ai 15 con 2 di
#: scarto"); any agreed whole number in MARGIN_RANGE.
MARGIN_RANGE = range(1, 10)
#: The margin of "two clear points", the one the forms offer beside the default.
TWO_CLEAR = 2


@dataclass(frozen=True, slots=True)
class Rules:
    """Every setting of RULES.md with its default.

    ``format`` decides sides and partnerships; ``target`` the points to reach
    (11 by default); ``napola``, ``napoleone`` and ``re_bello`` are off by
    default; ``sum_choice`` is the capture setting of the capture checker.

    ``chiamarsi_fuori``: a side may claim during a hand to have reached the target; at
    the count a right claim wins the game, a wrong one loses it, or with
    ``claim_loses_hand`` only that hand's points. ``count_in_order``: the points are
    counted category by category (scope, carte, denari, settebello, primiera, re bello,
    napola) and the first side to reach the target wins (:mod:`.claims`, RULES.md 8).
    ``rule_set`` is the game played (:mod:`.rulesets`: the deal, the capture rule;
    Scopa by default); ``asso_sweep`` and ``asso_on_asso`` are the house choices of a
    rule set where an asso takes the whole table, and keep their defaults in any other.
    ``margin`` is the lead a side needs over every other side to win once it reached the
    target (1: strictly ahead, the default; 2: "ai 15 con 2 di scarto"); short of it,
    play goes on (:mod:`.game`).
    """

    format: Format = FORMATS["2"]
    target: int = 11
    napola: bool = False
    napoleone: bool = False
    re_bello: bool = False
    sum_choice: SumChoice = SumChoice.FREE
    chiamarsi_fuori: bool = False
    claim_loses_hand: bool = False
    count_in_order: bool = False
    rule_set: RuleSet = DEFAULT_RULE_SET
    asso_sweep: AssoSweep = AssoSweep.NOT_SCOPA
    asso_on_asso: AssoOnAsso = AssoOnAsso.TAKES_ASSO
    margin: int = 1

    def __post_init__(self) -> None:
        if FORMATS.get(self.format.key) != self.format:
            raise InvalidGame(f"{self.format.key!r} is not a known format")
        if not isinstance(self.target, int) or self.target not in TARGET_RANGE:
            raise InvalidGame(f"{self.target!r} is not a target between 1 and 999")
        if (
            not isinstance(self.margin, int)
            or isinstance(self.margin, bool)
            or self.margin not in MARGIN_RANGE
        ):
            raise InvalidGame(f"{self.margin!r} is not a margin between 1 and 9")
        self._check_rule_set()

    def _check_rule_set(self) -> None:
        """The format is one the rule set is played at; the asso's house choices are
        left at their defaults unless an asso takes the whole table."""
        if RULE_SETS.get(self.rule_set.key) != self.rule_set:
            raise InvalidGame(f"{self.rule_set.key!r} is not a known rule set")
        if self.format.key not in self.rule_set.formats:
            raise InvalidGame(f"{self.rule_set.name} is not played by format {self.format.key!r}")
        if not self.rule_set.pigliatutto and (
            self.asso_sweep is not AssoSweep.NOT_SCOPA
            or self.asso_on_asso is not AssoOnAsso.TAKES_ASSO
        ):
            raise InvalidGame(f"{self.rule_set.name} has no asso pigliatutto")

    @property
    def deal(self) -> Deal:
        """The rule set's deal at this format: the plays of a hand, the cards a side
        plays, the scope limits (:class:`~.rulesets.Deal`)."""
        return self.rule_set.deal(self.format.sides, self.format.players_per_side)

    @property
    def sides(self) -> int:
        """Number of sides scoring separately."""
        return self.format.sides

    @property
    def pigliatutto(self) -> Pigliatutto | None:
        """Asso pigliatutto with this table's house choices, or ``None`` when the rule
        set does not play it (the capture checker's :func:`~.capture.captures`)."""
        if not self.rule_set.pigliatutto:
            return None
        return Pigliatutto(self.asso_sweep, self.asso_on_asso)

    def with_sides(self, sides: int) -> Rules:
        """The same rules for ``sides`` individual players (used by the stateless API), or,
        in a rule set played only in teams, for its first seating of ``sides`` sides."""
        seatings = [FORMATS[key] for key in self.rule_set.formats if FORMATS[key].sides == sides]
        if str(sides) in self.rule_set.formats or not seatings:
            return replace(self, format=FORMATS[str(sides)])
        return replace(self, format=seatings[0])

    def to_json(self) -> dict[str, object]:
        """The rules as JSON: every setting, the format by its key, ``sum_choice`` by its value."""
        return {
            "format": self.format.key,
            "target": self.target,
            "napola": self.napola,
            "napoleone": self.napoleone,
            "re_bello": self.re_bello,
            "sum_choice": self.sum_choice.value,
            "chiamarsi_fuori": self.chiamarsi_fuori,
            "claim_loses_hand": self.claim_loses_hand,
            "count_in_order": self.count_in_order,
            "rule_set": self.rule_set.key,
            "asso_sweep": self.asso_sweep.value,
            "asso_on_asso": self.asso_on_asso.value,
            "margin": self.margin,
        }

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Read :meth:`to_json`'s form back; a setting left out takes its default (the
        format and the target: the rule set's, ``"2"`` and 11 for Scopa; the margin: 1).

        Strict: an unknown key, a format or sum choice the app does not know, a
        target that is not a whole number from 1 to 999, a margin from 1 to 9, a setting that is not
        ``true`` or ``false`` raise :class:`InvalidGame` naming the key.
        """
        if not isinstance(data, dict):
            raise InvalidGame(f"rules must be a JSON object, not {data!r}")
        unknown = sorted(str(key) for key in data if key not in _SETTING_READERS)
        if unknown:
            raise InvalidGame(f"unknown rules {', '.join(unknown)}")
        # In this order, so that of two wrong settings the same one is always named.
        settings: dict[str, Any] = {
            name: read(name, data[name]) for name, read in _SETTING_READERS.items() if name in data
        }
        # A rule set's own defaults for what is left out: its seating and its target.
        chosen: RuleSet = settings.get("rule_set", DEFAULT_RULE_SET)
        settings.setdefault("format", FORMATS[chosen.default_format])
        settings.setdefault("target", chosen.default_target)
        return cls(**settings)


def _read_format(name: str, key: object) -> Format:
    """A format by its key (``"2x2"``)."""
    if not isinstance(key, str) or key not in FORMATS:
        raise InvalidGame(f"{name}: {key!r} is not a known format")
    return FORMATS[key]


def _read_target(name: str, target: object) -> int:
    """A whole number (its range is checked by :class:`Rules`)."""
    if not isinstance(target, int) or isinstance(target, bool):
        raise InvalidGame(f"{name}: {target!r} is not a whole number")
    return target


def _read_switch(name: str, value: object) -> bool:
    """A variant's on/off setting: ``true`` or ``false``, nothing else."""
    if not isinstance(value, bool):
        raise InvalidGame(f"{name}: {value!r} is not true or false")
    return value


def _read_rule_set(name: str, key: object) -> RuleSet:
    """A rule set by its key (``"scopone-scientifico"``)."""
    if not isinstance(key, str) or key not in RULE_SETS:
        raise InvalidGame(f"{name}: {key!r} is not a known rule set")
    return RULE_SETS[key]


def _read_enum(kind: type[enum.StrEnum]) -> Callable[[str, object], object]:
    """A reader of one of ``kind``'s values."""

    def read(name: str, value: object) -> object:
        if not isinstance(value, str) or value not in {member.value for member in kind}:
            values = ", ".join(member.value for member in kind)
            raise InvalidGame(f"{name}: {value!r} is not one of {values}")
        return kind(value)

    return read


def _read_sum_choice(name: str, choice: object) -> SumChoice:
    """A :class:`SumChoice` by its value."""
    if not isinstance(choice, str) or choice not in _SUM_CHOICES:
        raise InvalidGame(f"{name}: {choice!r} is not one of {', '.join(_SUM_CHOICES)}")
    return _SUM_CHOICES[choice]


#: The variants: the on/off settings of :class:`Rules` (``napola``...), by name, as declared.
VARIANTS = tuple(f.name for f in fields(Rules) if f.type == "bool")

_SUM_CHOICES = {choice.value: choice for choice in SumChoice}
#: How :meth:`Rules.from_json` reads each setting (raising :class:`InvalidGame`), in the
#: order it checks them.
_SETTING_READERS: dict[str, Callable[[str, object], object]] = {
    "format": _read_format,
    "target": _read_target,
    "napola": _read_switch,
    "napoleone": _read_switch,
    "re_bello": _read_switch,
    "sum_choice": _read_sum_choice,
    "chiamarsi_fuori": _read_switch,
    "claim_loses_hand": _read_switch,
    "count_in_order": _read_switch,
    "rule_set": _read_rule_set,
    "asso_sweep": _read_enum(AssoSweep),
    "asso_on_asso": _read_enum(AssoOnAsso),
    "margin": _read_target,
}


@dataclass(frozen=True, slots=True)
class Preset:
    """A named rule set offered when a game starts."""

    key: str
    name: str
    rules: Rules


def _presets() -> dict[str, Preset]:
    names = {"2": "Scopa a 2", "3": "Scopa a 3", "2x2": "Scopa a coppie"}
    variants = (
        ("", "", False, False),
        ("-napola", " con napola", True, False),
        ("-re-bello", " con re bello", False, True),
        ("-napola-re-bello", " con napola e re bello", True, True),
    )
    presets = {}
    for fmt, name in names.items():
        for suffix, label, napola, re_bello in variants:
            key = f"scopa-{fmt}{suffix}"
            rules = Rules(format=FORMATS[fmt], napola=napola, re_bello=re_bello)
            presets[key] = Preset(key, name + label, rules)
    return presets


#: Named presets: Scopa a 2, a 3 and a coppie, each plain, with napola, with
#: re bello, or with both. Keys such as ``"scopa-2x2-napola"``.
PRESETS: Mapping[str, Preset] = MappingProxyType(_presets())
