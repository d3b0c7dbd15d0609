"""The rules of Scopa: cards, primiera, hands, games. Pure Python, no web, no database.

Read RULES.md (shared with the project) beside this package: every rule there
has its code here and a test in ``tests/unit``.

The modules, from the bottom up:

- :mod:`.cards`: the deck, the notation, cards as indices and sets of cards as
  40-bit masks (``BB_*``, :func:`popcount`), as python-chess keeps its squares;
- :mod:`.primiera`: the primiera table and the per-suit tables built from it;
- :mod:`.rules`: the settings of a game (:class:`Rules`) and its formats;
- :mod:`.rulesets`: the named rule sets (:data:`RULE_SETS`: Scopa, Scopone, Scopa
  d'assi), each one value: its deal, capture rule, end of the game, default target;
- :mod:`.deal`: what a real deal can give (the scope a hand's plays hold, the napola
  runs of the denari shared out);
- :mod:`.sides`: what one side took, as entered (:class:`SideCards`,
  :class:`SideCounts`);
- :mod:`.shareout`: whether one share-out of the 40 cards gives all of a hand's counts at
  once, and such a share-out (:func:`find_share_out`);
- :mod:`.validate`: the checks on an entered hand, one function each;
- :mod:`.score`: scoring a hand (:class:`HandScore`, :class:`Award`);
- :mod:`.entry`: the typed hand entries and their JSON (:class:`CardsEntry`,
  :class:`CountsEntry`, :func:`read_entry`);
- :mod:`.claims`: chiamarsi fuori and counting out in order (:class:`Claim`, its verdict);
- :mod:`.game`: a game's hands, winner and deal; :mod:`.outlook`: quanto manca, what
  each side needs and what would close the game in the next hand; :mod:`.capture`: what a
  played card may take.
"""

from .capture import (
    Capture,
    CaptureOptions,
    CaptureRule,
    InvalidPlay,
    captures,
    validate_play,
)
from .cards import (
    BB_ALL,
    BB_BASTONI,
    BB_CARDS,
    BB_COPPE,
    BB_DENARI,
    BB_EMPTY,
    BB_RE_BELLO,
    BB_SETTEBELLO,
    BB_SPADE,
    BB_SUIT,
    BB_SUITS,
    CARDS_PER_SUIT,
    DECK,
    DECK_SIZE,
    DENARI_IN_DECK,
    RANK_NAMES,
    SUITS,
    Card,
    Suit,
    cards_of,
    deck_index,
    format_cards,
    mask_of,
    parse_cards,
    popcount,
    rest_of_deck,
    scan_forward,
    sorted_cards,
    with_rest,
)
from .claims import Claim, ClaimOutcome, CountedOut, Verdict
from .deal import NAPOLA_MIN, napola_outcomes, scope_limits
from .entry import CardsEntry, CountsEntry, EntryMode, HandEntry, parse_hand_cards, read_entry
from .errors import (
    MESSAGES,
    NAPOLA_OFFERS,
    PLURALS,
    CardError,
    ErrorCode,
    InputError,
    InvalidGame,
    InvalidHand,
    ScoringError,
)
from .game import GameState, HandResult, leader_at_target
from .outlook import SideOutlook, categories_in_play, game_outlook
from .primiera import (
    PRIMIERA_MAX,
    PRIMIERA_VALUES,
    Primiera,
    PrimieraContest,
    PrimieraReason,
    contest,
    primiera_value,
)
from .rules import COMMON_TARGETS, FORMATS, PRESETS, TARGET_RANGE, Format, Preset, Rules, SumChoice
from .rulesets import (
    DEFAULT_RULE_SET,
    RULE_SETS,
    AssoOnAsso,
    AssoSweep,
    CaptureStyle,
    Deal,
    EndOfGame,
    Pigliatutto,
    RuleSet,
    rule_set,
)
from .score import (
    CATEGORIES,
    Award,
    AwardReason,
    Category,
    HandScore,
    SideResult,
    counts_of,
    score_cards,
    score_counts,
    score_masks,
)
from .shareout import ShareOut, find_share_out, share_out_errors
from .sides import SideCards, SideCounts
from .validate import CARDS_CHECKS, COUNTS_CHECKS, validate_cards, validate_counts

__all__ = [
    "BB_ALL",
    "BB_BASTONI",
    "BB_CARDS",
    "BB_COPPE",
    "BB_DENARI",
    "BB_EMPTY",
    "BB_RE_BELLO",
    "BB_SETTEBELLO",
    "BB_SPADE",
    "BB_SUIT",
    "BB_SUITS",
    "CARDS_CHECKS",
    "CARDS_PER_SUIT",
    "CATEGORIES",
    "COMMON_TARGETS",
    "COUNTS_CHECKS",
    "DECK",
    "DECK_SIZE",
    "DEFAULT_RULE_SET",
    "DENARI_IN_DECK",
    "FORMATS",
    "MESSAGES",
    "NAPOLA_MIN",
    "NAPOLA_OFFERS",
    "PLURALS",
    "PRESETS",
    "PRIMIERA_MAX",
    "PRIMIERA_VALUES",
    "RANK_NAMES",
    "RULE_SETS",
    "SUITS",
    "TARGET_RANGE",
    "AssoOnAsso",
    "AssoSweep",
    "Award",
    "AwardReason",
    "Capture",
    "CaptureOptions",
    "CaptureRule",
    "CaptureStyle",
    "Card",
    "CardError",
    "CardsEntry",
    "Category",
    "Claim",
    "ClaimOutcome",
    "CountedOut",
    "CountsEntry",
    "Deal",
    "EndOfGame",
    "EntryMode",
    "ErrorCode",
    "Format",
    "GameState",
    "HandEntry",
    "HandResult",
    "HandScore",
    "InputError",
    "InvalidGame",
    "InvalidHand",
    "InvalidPlay",
    "Pigliatutto",
    "Preset",
    "Primiera",
    "PrimieraContest",
    "PrimieraReason",
    "RuleSet",
    "Rules",
    "ScoringError",
    "ShareOut",
    "SideCards",
    "SideCounts",
    "SideOutlook",
    "SideResult",
    "Suit",
    "SumChoice",
    "Verdict",
    "captures",
    "cards_of",
    "categories_in_play",
    "contest",
    "counts_of",
    "deck_index",
    "find_share_out",
    "format_cards",
    "game_outlook",
    "leader_at_target",
    "mask_of",
    "napola_outcomes",
    "parse_cards",
    "parse_hand_cards",
    "popcount",
    "primiera_value",
    "read_entry",
    "rest_of_deck",
    "rule_set",
    "scan_forward",
    "scope_limits",
    "score_cards",
    "score_counts",
    "score_masks",
    "share_out_errors",
    "sorted_cards",
    "validate_cards",
    "validate_counts",
    "validate_play",
    "with_rest",
]
