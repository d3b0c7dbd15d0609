"""The entry list before the start: entries pasted in, seeded, withdrawn (a change
after the draw undoes it)."""

from __future__ import annotations

import re

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.games.models import NAME_MAX as PLAYER_NAME_MAX
from scorekeeper.tournaments import core
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import CLUB_MAX, Entry, Status, Tournament
from scorekeeper.tournaments.services.drawing import undo_draw
from scorekeeper.tournaments.services.locks import lock_tournament, refuse_unless
from scorekeeper.tournaments.services.settings import ENTRIES_MAX, is_rotating, is_three
from scorekeeper.transactions import in_transaction

_CLUB = re.compile(r"^(?P<names>.*?)\s*\((?P<club>[^()]*)\)\s*$")
_PAIR = re.compile(r"\s*(?:&|\+|/)\s*")


def parse_entries(text: str) -> list[core.Entry]:
    """The entries of a pasted list: one a line, ``"Anna & Bruno"`` a pair (also ``+``
    or ``/``), ``"Carla"`` a single, an optional ``"(Club)"`` at the end. Blank lines
    are skipped; a bad line is refused with its number (``TournamentRefused``
    ``"entry_line"``, ``field`` = ``"entries:<line>"``)."""
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        clean = " ".join(line.split())
        if not clean:
            continue
        club = ""
        found = _CLUB.match(clean)
        if found:
            clean, club = found["names"], found["club"].strip()
        names = [name.strip() for name in _PAIR.split(clean)]
        if (
            len(names) not in (1, 2)
            or not all(names)
            or any(len(name) > PLAYER_NAME_MAX for name in names)
            or len(club) > CLUB_MAX
            or any(char in name for name in names for char in "()")
        ):
            raise TournamentRefused("entry_line", f"entries:{number}")
        entries.append(core.Entry(tuple(names), club))
    return entries


def add_entries(tournament: Tournament, text: str) -> list[Entry]:
    """Add the entries of a pasted list (`parse_entries`), before the tournament starts.

    Entering after the draw is a late entry: the draw is undone (to be drawn again).
    A one-against-one tournament takes singles only.
    """
    parsed = parse_entries(text)
    _check_entries(tournament, parsed)
    tournament_id = tournament.id

    def add() -> list[Entry]:
        locked = lock_tournament(tournament_id)
        refuse_unless(locked, Status.SETUP, Status.DRAWN)
        rows = _entry_rows(tournament_id, parsed)
        db.session.add_all(rows)
        undo_draw(locked)
        db.session.flush()
        return rows

    return in_transaction(add)


def _check_entries(tournament: Tournament, parsed: list[core.Entry]) -> None:
    """Refuse an empty list, and pairs where the format takes singles only."""
    if not parsed:
        raise TournamentRefused("entries_required", "entries")
    if tournament.format_key == "2" and any(not entry.is_single for entry in parsed):
        raise TournamentRefused("singles_only", "entries")
    if is_rotating(tournament) and any(not entry.is_single for entry in parsed):
        raise TournamentRefused("singles_only_rotating", "entries")
    if is_three(tournament) and any(not entry.is_single for entry in parsed):
        raise TournamentRefused("singles_only_three", "entries")


def _entry_rows(tournament_id: int, parsed: list[core.Entry]) -> list[Entry]:
    """The rows of the ``parsed`` entries, after the entries already there (no more than
    `ENTRIES_MAX` in all); not added to the session."""
    start = db.session.scalar(
        select(func.coalesce(func.max(Entry.position), 0)).where(
            Entry.tournament_id == tournament_id
        )
    )
    count = db.session.scalar(select(func.count()).where(Entry.tournament_id == tournament_id))
    if int(count or 0) + len(parsed) > ENTRIES_MAX:
        raise TournamentRefused("too_many_entries", "entries")
    return [
        Entry(
            tournament_id=tournament_id,
            position=int(start or 0) + offset,
            first_name=entry.names[0],
            second_name=entry.names[1] if len(entry.names) == 2 else None,
            club=entry.club,
            withdrawn=False,
        )
        for offset, entry in enumerate(parsed, start=1)
    ]


def set_entry(entry: Entry, *, seed: int | None = None, withdrawn: bool | None = None) -> None:
    """Seed an entry (``seed``; 0 takes its seed away) or withdraw it (or take it back),
    before the tournament starts; the draw, if made, is undone."""
    if seed is not None and seed < 0:
        raise TournamentRefused("seed_range", "seed")
    entry_id, tournament_id = entry.id, entry.tournament_id

    def save() -> None:
        locked = lock_tournament(tournament_id)
        refuse_unless(locked, Status.SETUP, Status.DRAWN)
        row = db.session.get_one(Entry, entry_id)
        if seed is not None:
            row.seed = seed or None
        if withdrawn is not None:
            row.withdrawn = withdrawn
        undo_draw(locked)

    in_transaction(save)
