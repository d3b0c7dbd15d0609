"""Who plays: the entries as the organiser types them, and the entrants of the draw.

An entry is a pair entered as a pair, or a single player. At the draw the
singles are shuffled and paired two by two; with an odd number of singles the
last one drawn is left out, and the draw says who. Everything random in a
tournament comes from a :class:`random.Random` built from one stored integer
(:func:`draw_rng`), so the same seed always gives the same draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import TournamentError

#: An entrant's number in the draw (1, 2, ...): how a sheet and the functions name it.
EntrantId = int


def draw_rng(seed: int) -> random.Random:
    """The random source of a draw: the same ``seed`` gives the same draw (not cryptographic)."""
    return random.Random(seed)  # noqa: S311 - a public, reproducible draw, not a secret


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the entry list: one player (a single) or two (a pair).

    ``club`` is the player's or the pair's club (``""`` for none); ``seed`` is
    the organiser's seeding, 1 the strongest, ``None`` when unseeded.
    """

    names: tuple[str, ...]
    club: str = ""
    seed: int | None = None

    def __post_init__(self) -> None:
        if len(self.names) not in (1, 2) or not all(name.strip() for name in self.names):
            raise TournamentError(f"{self.names!r} is not a single or a pair")
        if self.seed is not None and self.seed < 1:
            raise TournamentError(f"seed {self.seed!r} is not 1 or more")

    @classmethod
    def single(cls, name: str, club: str = "", seed: int | None = None) -> Entry:
        """A player entered alone, to be paired at the draw."""
        return cls((name,), club, seed)

    @classmethod
    def pair(cls, first: str, second: str, club: str = "", seed: int | None = None) -> Entry:
        """Two players entered together."""
        return cls((first, second), club, seed)

    @property
    def is_single(self) -> bool:
        """Whether this entry is one player waiting for a partner."""
        return len(self.names) == 1


@dataclass(frozen=True, slots=True)
class Entrant:
    """A side of the tournament, numbered in the draw: its players, club and seed."""

    id: EntrantId
    names: tuple[str, ...]
    club: str = ""
    seed: int | None = None

    @property
    def name(self) -> str:
        """The names as a sheet shows them: ``"Anna / Bruno"``."""
        return " / ".join(self.names)


@dataclass(frozen=True, slots=True)
class EntrantDraw:
    """The entrants made from the entries, and the single left out (odd singles)."""

    entrants: tuple[Entrant, ...]
    left_out: Entry | None


def draw_entrants(
    entries: Sequence[Entry], rng: random.Random, *, pair_singles: bool = True
) -> EntrantDraw:
    """Number the entries, pairing the singles at random.

    With ``pair_singles`` false (a tournament of one against one) every entry
    is an entrant as entered, in order. Otherwise pairs keep their order of
    entry and come first; then the singles, shuffled, make pairs in the order
    drawn. A pair of singles has the club the two share
    (none when they come from different clubs) and the better of their seeds.
    With an odd number of singles the last one drawn is left out.
    """
    if not pair_singles:
        return EntrantDraw(_numbered(entries), None)
    pairs = [entry for entry in entries if not entry.is_single]
    singles = [entry for entry in entries if entry.is_single]
    rng.shuffle(singles)
    left_out = singles.pop() if len(singles) % 2 else None
    for first, second in zip(singles[::2], singles[1::2], strict=True):
        club = first.club if first.club == second.club else ""
        seeds = [seed for seed in (first.seed, second.seed) if seed is not None]
        pairs.append(Entry(first.names + second.names, club, min(seeds, default=None)))
    return EntrantDraw(_numbered(pairs), left_out)


def _numbered(entries: Sequence[Entry]) -> tuple[Entrant, ...]:
    """The entrants of ``entries``, numbered from 1 in their order."""
    return tuple(
        Entrant(number, entry.names, entry.club, entry.seed)
        for number, entry in enumerate(entries, start=1)
    )
