# The frozen oracle: scorekeeper.scoring as it was at e3fa983, copied verbatim (only this
# header is new) for tests/oracle/test_differential.py. Never edit it, never import it from
# the app: the engine is checked against it, hand by hand.
"""The settings a group agrees before a game (RULES.md, every **[setting]**).

:class:`Rules` holds all of them with their defaults; :data:`FORMATS` lists the
seatings the app knows and :data:`PRESETS` the named rule sets offered when a
game starts.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from .errors import InvalidGame

#: Cards on the table at the deal; the rest are dealt to the players.
TABLE_CARDS = 4
DECK_SIZE = 40


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
    partners therefore sit opposite each other.
    """

    key: str
    sides: int
    players_per_side: int

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

    @property
    def cards_played_per_side(self) -> int:
        """Cards each side plays in a hand: 36 dealt, shared evenly among players."""
        return (DECK_SIZE - TABLE_CARDS) // self.players * self.players_per_side


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


@dataclass(frozen=True, slots=True)
class Rules:
    """Every setting of RULES.md with its default.

    ``format`` decides sides and partnerships; ``target`` the points to reach
    (11 by default); ``napola``, ``napoleone`` and ``re_bello`` are off by
    default; ``sum_choice`` is the capture setting of the capture checker.
    """

    format: Format = FORMATS["2"]
    target: int = 11
    napola: bool = False
    napoleone: bool = False
    re_bello: bool = False
    sum_choice: SumChoice = SumChoice.FREE

    def __post_init__(self) -> None:
        if FORMATS.get(self.format.key) != self.format:
            raise InvalidGame(f"{self.format.key!r} is not a known format")
        if not isinstance(self.target, int) or self.target not in TARGET_RANGE:
            raise InvalidGame(f"{self.target!r} is not a target between 1 and 999")

    @property
    def sides(self) -> int:
        """Number of sides scoring separately."""
        return self.format.sides

    def with_sides(self, sides: int) -> Rules:
        """The same rules for ``sides`` individual players (used by the stateless API)."""
        return replace(self, format=FORMATS[str(sides)])


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
