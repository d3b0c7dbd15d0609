"""The draw: entrants numbered from the entries (singles paired), drawn into groups, a
knockout's bracket seeded; redone, or undone, until the tournament starts."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from random import Random

from sqlalchemy import delete

from scorekeeper.extensions import db
from scorekeeper.leagues.models import name_key
from scorekeeper.tournaments import core
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import Entrant, Stage, StageKind, Status, Tournament
from scorekeeper.tournaments.services.formats import check_clubs_draw, check_rotating_draw
from scorekeeper.tournaments.services.locks import lock_tournament, refuse_unless
from scorekeeper.tournaments.services.queries import entrants, entries
from scorekeeper.tournaments.services.settings import is_rotating, is_three, most_rounds
from scorekeeper.transactions import in_transaction


def draw(tournament: Tournament, seed: int | None = None) -> Tournament:
    """Draw the tournament from ``seed`` (a new random one if ``None``): entrants
    numbered (singles paired), groups where the structure has them, a knockout's
    bracket. The same seed and the same entries draw the same again; a draw may be
    redone until the tournament starts."""
    tournament_id = tournament.id
    chosen = secrets.randbits(48) if seed is None else seed
    if chosen < 0 or chosen >= 2**63:
        raise TournamentRefused("seed_range", "seed")
    return in_transaction(lambda: _make_draw(tournament_id, chosen))


def _make_draw(tournament_id: int, seed: int) -> Tournament:
    """The draw from ``seed`` stored: the entrants, their groups, the knockout's lines."""
    locked = lock_tournament(tournament_id)
    refuse_unless(locked, Status.SETUP, Status.DRAWN)
    undo_draw(locked)
    made, rng = _drawn_entrants(locked, seed)
    if len(made.entrants) < (core.threes.SEATS if is_three(locked) else 2):
        raise TournamentRefused("too_few_entrants", "entries")
    if locked.league_id is not None:
        _refuse_names_twice(made.entrants)
    rows = _entrant_rows(tournament_id, made.entrants)
    first = locked.stages[0]
    if first.kind == StageKind.ROTATING.value:
        check_rotating_draw(len(rows), first.rounds)
    elif first.kind == StageKind.CLUBS.value:
        check_clubs_draw(list(made.entrants), first.rounds)
    elif first.kind == StageKind.GROUPS.value:
        _place_in_groups(first, made.entrants, rows, rng)
    elif first.rounds is not None and first.rounds > most_rounds(locked, len(rows)):
        raise TournamentRefused("too_many_rounds", "rounds")
    db.session.add_all(rows.values())
    locked.seed = seed
    locked.status = Status.DRAWN.value
    db.session.flush()
    if first.kind == StageKind.KNOCKOUT.value:
        first.lines = list(core.Bracket.seeded(ranking_by_seed(locked)).lines)
    db.session.flush()
    return locked


def _entrant_rows(tournament_id: int, drawn: Sequence[core.Entrant]) -> dict[int, Entrant]:
    """The rows of the ``drawn`` entrants by number (not added to the session)."""
    return {
        entrant.id: Entrant(
            tournament_id=tournament_id,
            number=entrant.id,
            first_name=entrant.names[0],
            second_name=entrant.names[1] if len(entrant.names) == 2 else None,
            club=entrant.club,
            seed=entrant.seed,
        )
        for entrant in drawn
    }


def _refuse_names_twice(drawn: Sequence[core.Entrant]) -> None:
    """In a league tournament every name is one league player: no name twice."""
    keys = [name_key(name) for entrant in drawn for name in entrant.names]
    if len(set(keys)) != len(keys):
        raise TournamentRefused("league_names_twice", "entries")


def _drawn_entrants(tournament: Tournament, seed: int) -> tuple[core.EntrantDraw, Random]:
    """The entrants ``seed`` draws from the entries not withdrawn, and the random source
    to go on drawing with (groups)."""
    listed = [core.Entry(r.names, r.club, r.seed) for r in entries(tournament) if not r.withdrawn]
    rng = core.draw_rng(seed)
    rng.shuffle(listed)  # the entrants' numbers are drawn too
    pair_singles = tournament.format_key == "2x2" and not is_rotating(tournament)
    return core.draw_entrants(listed, rng, pair_singles=pair_singles), rng


def _place_in_groups(
    stage: Stage, drawn: Sequence[core.Entrant], rows: dict[int, Entrant], rng: Random
) -> None:
    """Draw the entrants into the stage's groups: each row's group and place in it."""
    assert stage.group_size is not None  # noqa: S101 - set for every groups stage
    sizes = core.group_sizes(len(rows), stage.group_size)
    if stage.qualifiers is not None and (
        min(sizes) <= stage.qualifiers or len(sizes) * stage.qualifiers < 2
    ):
        raise TournamentRefused("too_few_entrants", "entries")
    groups = core.draw_groups(drawn, sizes, rng)
    for index, group in enumerate(groups.groups):
        for place, number in enumerate(group):
            rows[number].group_index, rows[number].group_place = index, place


def left_out(tournament: Tournament) -> core.Entry | None:
    """The single the draw left without a partner (odd singles), if any."""
    if tournament.seed is None:
        return None
    return _drawn_entrants(tournament, tournament.seed)[0].left_out


def undo_draw(tournament: Tournament) -> None:
    """Forget the draw (before the start): its entrants, groups and bracket."""
    if tournament.status != Status.DRAWN.value:
        return
    db.session.execute(delete(Entrant).where(Entrant.tournament_id == tournament.id))
    for stage in tournament.stages:
        stage.lines = None
    tournament.status = Status.SETUP.value


def ranking_by_seed(tournament: Tournament) -> list[int]:
    """The entrants' numbers, seeds first (best first), then the others by number (the
    numbers were drawn): the order of a first Swiss round and of a knockout's seeding."""
    rows = entrants(tournament)
    return [
        row.number for row in sorted(rows, key=lambda r: (r.seed is None, r.seed or 0, r.number))
    ]
