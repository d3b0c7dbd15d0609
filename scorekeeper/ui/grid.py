"""The shared card grid: what the `card_grid` macro draws and how its input is read back.

Templates draw cards with the macros in ``templates/_cards.html``; this module
gives them the deck by suit and a card's name in the reader's language, and
gives views one way to read the grid's checkboxes back from a request.

A side's cards arrive as repeated parameters (``s0=7D&s0=1D``, what the grid's
checkboxes send) or comma-separated (``s0=7D,1D``, shorter for links); both may
be mixed. Parsing and duplicate checks are the scoring package's
(:func:`scorekeeper.scoring.parse_hand_cards`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import get_locale
from werkzeug.datastructures import MultiDict

from scorekeeper.grammar import Side
from scorekeeper.scoring import DECK, FORMATS, Card, InvalidHand, Suit, parse_hand_cards
from scorekeeper.ui.messages import SidePath, error_message


@dataclass(frozen=True)
class GridSide:
    """One side of a card grid.

    ``name`` is the form field of its checkboxes (``"s0"``), ``label`` the
    side's name (fieldset legend, picker button), ``cards`` the codes to show
    checked, ``errors`` translated messages shown in its fieldset. ``single``
    makes it a one-card choice (radio buttons, e.g. the card played).
    ``rest_name`` adds an "all the remaining cards" checkbox of that name to
    the side (for the last of two sides), checked when ``rest`` is true.
    """

    name: str
    label: str
    cards: frozenset[str] = frozenset()
    errors: Sequence[str] = ()
    single: bool = False
    rest_name: str | None = None
    rest: bool = False


def deck_by_suit() -> list[tuple[Suit, tuple[Card, ...]]]:
    """The 40 cards grouped by suit, asso to re (the grid's rows)."""
    return [(suit, tuple(card for card in DECK if card.suit is suit)) for suit in Suit]


def card_name(card: Card) -> str:
    """The card's full name in the current language: "sette di denari", "seven of denari"."""
    locale = get_locale()
    return card.italian if locale is None or locale.language == "it" else card.english


def side_texts(args: MultiDict[str, str], name: str) -> tuple[str, ...]:
    """Every card code sent for the field ``name``, repeated or comma-separated."""
    return tuple(
        text.strip() for raw in args.getlist(name) for text in raw.split(",") if text.strip()
    )


def upper_codes(texts: Sequence[str]) -> frozenset[str]:
    """The codes to show checked in a grid (the notation is case-insensitive)."""
    return frozenset(text.upper() for text in texts)


@dataclass(frozen=True)
class GridRead:
    """A grid's input read back: per side the codes as sent, the cards, the messages.

    ``piles`` is ``None`` when any code is unknown or a card is repeated (also
    across sides); ``errors`` then holds the translated messages of each side.
    """

    texts: tuple[tuple[str, ...], ...]
    piles: tuple[tuple[Card, ...], ...] | None
    errors: tuple[tuple[str, ...], ...]

    @property
    def empty(self) -> bool:
        """Whether no card at all was sent."""
        return not any(self.texts)


def read_grid(args: MultiDict[str, str], names: Sequence[str]) -> GridRead:
    """Read the cards sent for each of ``names`` (one grid side each) from ``args``."""
    texts = tuple(side_texts(args, name) for name in names)
    try:
        piles = parse_hand_cards(texts)
    except InvalidHand as invalid:
        errors: list[list[str]] = [[] for _ in names]
        for error in invalid.errors:
            path = SidePath.parse(error.field)
            errors[path.side if path is not None else 0].append(error_message(error))
        return GridRead(texts, None, tuple(tuple(e) for e in errors))
    return GridRead(texts, tuple(piles), tuple(() for _ in names))


def grid_sides(
    read: GridRead, names: Sequence[str], labels: Sequence[Side | str]
) -> list[GridSide]:
    """The grid's sides showing what was sent (also when it was refused)."""
    return [
        GridSide(name, str(label), upper_codes(texts), errors)
        for name, label, texts, errors in zip(names, labels, read.texts, read.errors, strict=True)
    ]


def side_labels(args: MultiDict[str, str], count: int) -> list[Side]:
    """Each side: ``n0``, ``n1``... from the URL, once per player of a game's side
    (``n0=Anna&n0=Carla``: a pair, plural), else A, B, C, D (one name each)."""
    sides = []
    for i in range(count):
        names = (name.strip()[:NAME_MAX] for name in args.getlist(f"n{i}"))
        players = tuple(name for name in names if name)[:PLAYERS_MAX]
        sides.append(Side(players) if players else Side.named(SIDE_LETTERS[i]))
    return sides


SIDE_LETTERS = "ABCD"
NAME_MAX = 40
#: The most players a side has (a team of three): more ``n0`` are not read.
PLAYERS_MAX = max(fmt.players_per_side for fmt in FORMATS.values())
