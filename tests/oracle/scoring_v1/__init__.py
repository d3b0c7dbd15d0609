# The frozen oracle: scorekeeper.scoring as it was at e3fa983, copied verbatim (only this
# header is new) for tests/oracle/test_differential.py. Never edit it, never import it from
# the app: the engine is checked against it, hand by hand.
"""The rules of Scopa: cards, primiera, hands, games. Pure Python, no web, no database.

Read RULES.md (shared with the project) beside this package: every rule there
has its code here and a test in ``tests/unit``.
"""

from .capture import Capture, CaptureOptions, InvalidPlay, captures, validate_play
from .cards import (
    DECK,
    RANK_NAMES,
    Card,
    Suit,
    deck_index,
    format_cards,
    parse_cards,
    sorted_cards,
)
from .errors import MESSAGES, CardError, InputError, InvalidGame, InvalidHand, ScoringError
from .game import GameState, HandResult, leader_at_target
from .hand import (
    Award,
    Category,
    HandScore,
    SideCards,
    SideCounts,
    SideResult,
    counts_of,
    parse_hand_cards,
    score_cards,
    score_counts,
    validate_cards,
    validate_counts,
)
from .primiera import (
    PRIMIERA_MAX,
    PRIMIERA_VALUES,
    Primiera,
    PrimieraContest,
    contest,
    primiera_value,
)
from .rules import COMMON_TARGETS, FORMATS, PRESETS, Format, Preset, Rules, SumChoice

__all__ = [
    "COMMON_TARGETS",
    "DECK",
    "FORMATS",
    "MESSAGES",
    "PRESETS",
    "PRIMIERA_MAX",
    "PRIMIERA_VALUES",
    "RANK_NAMES",
    "Award",
    "Capture",
    "CaptureOptions",
    "Card",
    "CardError",
    "Category",
    "Format",
    "GameState",
    "HandResult",
    "HandScore",
    "InputError",
    "InvalidGame",
    "InvalidHand",
    "InvalidPlay",
    "Preset",
    "Primiera",
    "PrimieraContest",
    "Rules",
    "ScoringError",
    "SideCards",
    "SideCounts",
    "SideResult",
    "Suit",
    "SumChoice",
    "captures",
    "contest",
    "counts_of",
    "deck_index",
    "format_cards",
    "leader_at_target",
    "parse_cards",
    "parse_hand_cards",
    "primiera_value",
    "score_cards",
    "score_counts",
    "sorted_cards",
    "validate_cards",
    "validate_counts",
    "validate_play",
]
