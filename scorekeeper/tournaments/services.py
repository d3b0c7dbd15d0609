"""Tournament use cases, one function each: create, entries, the draw, rounds, results.

The rules of a tournament (draws, pairings, brackets, best of N, standings) are the
pure functions of `scorekeeper.tournaments.core`; these functions read what is
stored into its values, call it, and store what it decided. Every function that
changes data is one transaction (`in_transaction`, run again where the database
asks): a refusal (`TournamentRefused`) leaves nothing half-saved.

Changes that must run one at a time take a row lock first by bumping a version,
as games do (`scorekeeper.games.services.lock_game`): the tournament's (the draw,
a new round) or the match's (its result). The order is always game, then match,
then tournament, so two changes never wait on each other in a circle; the UNIQUE
constraints (one result per match, one table per round, one game per partita)
decide where two inserts still meet, and the loser runs again and finds the row.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from random import Random
from typing import NamedTuple, TypeVar

from sqlalchemy import delete, func, select, update

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import NAME_MAX as PLAYER_NAME_MAX
from scorekeeper.games.models import Game
from scorekeeper.leagues import services as leagues
from scorekeeper.leagues import standings as league_standings
from scorekeeper.leagues.models import League, Player, name_key
from scorekeeper.leagues.models import Role as LeagueRole
from scorekeeper.models import utcnow
from scorekeeper.scoring import TARGET_RANGE
from scorekeeper.tournaments import core
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.inputs import FORMAT_KEYS, StageSetup, TournamentSetup
from scorekeeper.tournaments.models import (
    CLUB_MAX,
    NAME_MAX,
    Entrant,
    Entry,
    Match,
    MatchGame,
    MatchResult,
    Member,
    Role,
    Round,
    Stage,
    StageKind,
    Status,
    Structure,
    Tournament,
)
from scorekeeper.transactions import in_transaction

#: A row with a ``version`` to lock it by.
Locked = TypeVar("Locked", Tournament, Match)

#: The 3-player format's key.
THREE = "3"
#: Longest match: the best of this many partite.
GAMES_MAX = 9
#: Most entries a tournament takes.
ENTRIES_MAX = 256
#: Most rounds of a Swiss or Danish stage.
ROUNDS_MAX = 30

_FIRST_STAGE = {
    Structure.GROUPS_KNOCKOUT: StageKind.GROUPS,
    Structure.ROUND_ROBIN: StageKind.GROUPS,
    Structure.SWISS: StageKind.SWISS,
    Structure.DANISH: StageKind.DANISH,
    Structure.KNOCKOUT: StageKind.KNOCKOUT,
}


# Creating a tournament and its members ------------------------------------------------


def create_tournament(organiser: User, setup: TournamentSetup) -> Tournament:
    """A new tournament, its stages, and its organiser as its first member."""
    name = " ".join(setup.name.split())
    if not name:
        raise TournamentRefused("name_required", "name")
    if len(name) > NAME_MAX:
        raise TournamentRefused("name_too_long", "name")
    _check_format(setup)
    stages = _stage_rows(setup)
    if len(set(setup.tie_break)) != len(setup.tie_break):
        raise TournamentRefused("tie_break_twice", "tie_break")
    points = setup.points
    if not points.win >= points.draw >= points.loss >= 0 or points.bye < 0:
        raise TournamentRefused("points_order", "points")
    if setup.entry_fee_cents < 0:
        raise TournamentRefused("entry_fee", "entry_fee")
    if setup.league_id is not None and setup.league_id not in {
        league.id for league in leagues_for(organiser)
    }:
        raise TournamentRefused("league_refused", "league")

    def create() -> Tournament:
        tournament = Tournament(
            name=name,
            held_on=setup.held_on,
            organiser_id=organiser.id,
            league_id=setup.league_id,
            structure=setup.structure.value,
            tie_break=[step.value for step in setup.tie_break],
            points_win=points.win,
            points_draw=points.draw,
            points_loss=points.loss,
            points_bye=points.bye,
            entry_fee_cents=setup.entry_fee_cents,
            is_public=setup.is_public,
            status=Status.SETUP.value,
        )
        tournament.rules = replace(setup.rules, target=stages[0].target)
        db.session.add(tournament)
        db.session.flush()
        for stage in stages:
            stage.tournament_id = tournament.id
            db.session.add(stage)
        db.session.add(
            Member(tournament_id=tournament.id, user_id=organiser.id, role=Role.ORGANISER.key)
        )
        db.session.flush()
        return tournament

    return in_transaction(create)


def _check_format(setup: TournamentSetup) -> None:
    """Refuse a format the tournaments do not play, and first a knockout of three."""
    if setup.rules.format.key == "3":
        try:
            core.check_three_stages(StageKind.KNOCKOUT in stage_kinds(setup.structure))
        except core.TournamentError as error:
            raise TournamentRefused("three_no_knockout", "structure") from error
    if setup.rules.format.key not in FORMAT_KEYS:
        raise TournamentRefused("format_unsupported", "format")
    if setup.rules.format.key == THREE and any(
        stage.games != 1 or stage.final_games not in (None, 1) for stage in setup.stages
    ):
        raise TournamentRefused("three_one_partita", "games")


def is_three(tournament: Tournament) -> bool:
    """Whether ``tournament`` plays the 3-player format (three at each table)."""
    return tournament.format_key == THREE


def stage_kinds(structure: Structure) -> list[StageKind]:
    """The kinds of the stages of ``structure``, in order."""
    first = _FIRST_STAGE[structure]
    return [first, StageKind.KNOCKOUT] if structure is Structure.GROUPS_KNOCKOUT else [first]


def _stage_rows(setup: TournamentSetup) -> list[Stage]:
    """The stages of ``setup``, checked (not added to the session)."""
    kinds = stage_kinds(setup.structure)
    if len(setup.stages) != len(kinds):
        raise TournamentRefused("stage_count", "stages")
    rows = []
    for number, (kind, stage) in enumerate(zip(kinds, setup.stages, strict=True), start=1):
        final = _checked_length(kind, stage)
        row = Stage(
            number=number,
            kind=kind.value,
            games=stage.games,
            target=stage.target,
            final_games=final.games,
            final_target=final.target,
            third_place=setup.third_place and kind is StageKind.KNOCKOUT,
        )
        shape = stage_shape(
            setup.structure,
            kind,
            StageShape(setup.rounds, setup.group_size, setup.qualifiers),
            everything=False,
        )
        row.rounds, row.group_size, row.qualifiers = shape
        rows.append(row)
    return rows


def _checked_length(kind: StageKind, stage: StageSetup) -> StageSetup:
    """The stage's match lengths and targets, the final's filled in, checked."""
    final = StageSetup(stage.final_games or stage.games, stage.final_target or stage.target)
    for games_, target in ((stage.games, stage.target), (final.games, final.target)):
        if games_ not in range(1, GAMES_MAX + 1):
            raise TournamentRefused("games_range", "games")
        if kind is StageKind.KNOCKOUT and games_ % 2 == 0:
            raise TournamentRefused("knockout_games_odd", "games")
        if target not in TARGET_RANGE:
            raise TournamentRefused("target_range", "target")
    return final


class StageShape(NamedTuple):
    """A stage's rounds (Swiss, Danish), its groups' size and their qualifiers (groups);
    None where the stage has no such setting."""

    rounds: int | None
    group_size: int | None
    qualifiers: int | None


def stage_shape(
    structure: Structure, kind: StageKind, chosen: StageShape, *, everything: bool = True
) -> StageShape:
    """The shape a stage of ``kind`` in a ``structure`` tournament has, from the settings
    ``chosen``: a Swiss or Danish stage's rounds, a groups stage's size and qualifiers (a
    single round-robin is one group of everyone), nothing for a knockout.

    Raises `TournamentRefused` naming the setting out of range; with ``everything`` (a
    stored stage, as a league file carries it) also a setting the stage does not have,
    or a round-robin not made of one group of everyone, under the key ``stage_shape``.
    """
    shape = StageShape(None, None, None)
    if kind in (StageKind.SWISS, StageKind.DANISH):
        if chosen.rounds is None or chosen.rounds not in range(1, ROUNDS_MAX + 1):
            raise TournamentRefused("rounds_range", "rounds")
        shape = StageShape(chosen.rounds, None, None)
    elif kind is StageKind.GROUPS and structure is Structure.GROUPS_KNOCKOUT:
        size = chosen.group_size
        if size is None or size not in range(3, 9):
            raise TournamentRefused("group_size_range", "group_size")
        if chosen.qualifiers not in range(1, size):
            raise TournamentRefused("qualifiers_range", "qualifiers")
        shape = StageShape(None, chosen.group_size, chosen.qualifiers)
    elif kind is StageKind.GROUPS:
        shape = StageShape(None, ENTRIES_MAX, None)  # a single round-robin
    if everything:
        for name, value in shape._asdict().items():
            if getattr(chosen, name) != value:
                raise TournamentRefused("stage_shape", name)
    return shape


def _most_rounds(tournament: Tournament, count: int) -> int:
    """The most Swiss or Danish rounds ``count`` entrants can play without a rematch: one
    against each of the others (``count - 1``, or ``count`` with a bye each round), or
    at tables of three `core.most_rounds`."""
    if is_three(tournament):
        return core.most_rounds(count)
    return count - 1 + count % 2


def leagues_for(user: User) -> list[League]:
    """The leagues a tournament of ``user``'s may belong to: those where ``user`` may
    start games (owner or scorer), by name. Its matches are then that league's games."""
    return [league for league, role in leagues.leagues_of(user) if role >= LeagueRole.SCORER]


def league_of(tournament: Tournament) -> League | None:
    """The league ``tournament`` belongs to, if any."""
    if tournament.league_id is None:
        return None
    return db.session.get(League, tournament.league_id)


def tournaments_of(user: User) -> list[tuple[Tournament, Role]]:
    """The tournaments ``user`` is a member of, with their role, the latest first."""
    rows = db.session.execute(
        select(Tournament, Member.role)
        .join(Member, Member.tournament_id == Tournament.id)
        .where(Member.user_id == user.id)
        .order_by(Tournament.held_on.desc(), Tournament.id.desc())
    ).all()
    return [(tournament, Role.parse(role)) for tournament, role in rows]


def members(tournament: Tournament) -> list[Member]:
    """The members of ``tournament``: organiser first, then helpers, then viewers."""
    rows = db.session.scalars(select(Member).where(Member.tournament_id == tournament.id))
    return sorted(rows, key=lambda m: (-Role.parse(m.role), m.id))


def set_member(tournament: Tournament, user: User, role: Role) -> Member:
    """Make ``user`` a helper or a viewer of ``tournament`` (a member changes role)."""
    if role is Role.ORGANISER:
        raise TournamentRefused("organiser_fixed", "role")

    def save() -> Member:
        member = db.session.scalar(
            select(Member).where(Member.tournament_id == tournament.id, Member.user_id == user.id)
        )
        if member is None:
            member = Member(tournament_id=tournament.id, user_id=user.id, role=role.key)
            db.session.add(member)
        elif member.role == Role.ORGANISER.key:
            raise TournamentRefused("organiser_fixed", "role")
        else:
            member.role = role.key
        db.session.flush()
        return member

    return in_transaction(save)


def remove_member(member: Member) -> None:
    """Take a member out of the tournament (not the organiser)."""
    if member.role == Role.ORGANISER.key:
        raise TournamentRefused("organiser_fixed")
    member_id = member.id
    in_transaction(lambda: db.session.execute(delete(Member).where(Member.id == member_id)))


# Entries ------------------------------------------------------------------------------

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
    if not parsed:
        raise TournamentRefused("entries_required", "entries")
    if tournament.format_key == "2" and any(not entry.is_single for entry in parsed):
        raise TournamentRefused("singles_only", "entries")
    if is_three(tournament) and any(not entry.is_single for entry in parsed):
        raise TournamentRefused("singles_only_three", "entries")
    tournament_id = tournament.id

    def add() -> list[Entry]:
        locked = _lock_tournament(tournament_id)
        _refuse_unless(locked, Status.SETUP, Status.DRAWN)
        start = db.session.scalar(
            select(func.coalesce(func.max(Entry.position), 0)).where(
                Entry.tournament_id == tournament_id
            )
        )
        count = db.session.scalar(select(func.count()).where(Entry.tournament_id == tournament_id))
        if int(count or 0) + len(parsed) > ENTRIES_MAX:
            raise TournamentRefused("too_many_entries", "entries")
        rows = [
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
        db.session.add_all(rows)
        _undo_draw(locked)
        db.session.flush()
        return rows

    return in_transaction(add)


def entries(tournament: Tournament) -> list[Entry]:
    """The entry list in the order typed (withdrawn lines included, marked)."""
    return list(
        db.session.scalars(
            select(Entry).where(Entry.tournament_id == tournament.id).order_by(Entry.position)
        )
    )


def set_entry(entry: Entry, *, seed: int | None = None, withdrawn: bool | None = None) -> None:
    """Seed an entry (``seed``; 0 takes its seed away) or withdraw it (or take it back),
    before the tournament starts; the draw, if made, is undone."""
    if seed is not None and seed < 0:
        raise TournamentRefused("seed_range", "seed")
    entry_id, tournament_id = entry.id, entry.tournament_id

    def save() -> None:
        locked = _lock_tournament(tournament_id)
        _refuse_unless(locked, Status.SETUP, Status.DRAWN)
        row = db.session.get_one(Entry, entry_id)
        if seed is not None:
            row.seed = seed or None
        if withdrawn is not None:
            row.withdrawn = withdrawn
        _undo_draw(locked)

    in_transaction(save)


# The draw -----------------------------------------------------------------------------


def draw(tournament: Tournament, seed: int | None = None) -> Tournament:
    """Draw the tournament from ``seed`` (a new random one if ``None``): entrants
    numbered (singles paired), groups where the structure has them, a knockout's
    bracket. The same seed and the same entries draw the same again; a draw may be
    redone until the tournament starts."""
    tournament_id = tournament.id
    chosen = secrets.randbits(48) if seed is None else seed
    if chosen < 0 or chosen >= 2**63:
        raise TournamentRefused("seed_range", "seed")

    def make() -> Tournament:
        locked = _lock_tournament(tournament_id)
        _refuse_unless(locked, Status.SETUP, Status.DRAWN)
        _undo_draw(locked)
        made, rng = _drawn_entrants(locked, chosen)
        if len(made.entrants) < (core.threes.SEATS if is_three(locked) else 2):
            raise TournamentRefused("too_few_entrants", "entries")
        if locked.league_id is not None:
            _refuse_names_twice(made.entrants)
        rows = {
            entrant.id: Entrant(
                tournament_id=tournament_id,
                number=entrant.id,
                first_name=entrant.names[0],
                second_name=entrant.names[1] if len(entrant.names) == 2 else None,
                club=entrant.club,
                seed=entrant.seed,
            )
            for entrant in made.entrants
        }
        first = locked.stages[0]
        if first.kind == StageKind.GROUPS.value:
            _place_in_groups(first, made.entrants, rows, rng)
        elif first.rounds is not None and first.rounds > _most_rounds(locked, len(rows)):
            raise TournamentRefused("too_many_rounds", "rounds")
        db.session.add_all(rows.values())
        locked.seed = chosen
        locked.status = Status.DRAWN.value
        db.session.flush()
        if first.kind == StageKind.KNOCKOUT.value:
            first.lines = list(core.Bracket.seeded(_ranking_by_seed(locked)).lines)
        db.session.flush()
        return locked

    return in_transaction(make)


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
    pair_singles = tournament.format_key == "2x2"
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


def _undo_draw(tournament: Tournament) -> None:
    """Forget the draw (before the start): its entrants, groups and bracket."""
    if tournament.status != Status.DRAWN.value:
        return
    db.session.execute(delete(Entrant).where(Entrant.tournament_id == tournament.id))
    for stage in tournament.stages:
        stage.lines = None
    tournament.status = Status.SETUP.value


def entrants(tournament: Tournament) -> list[Entrant]:
    """The entrants of the draw, by number."""
    return list(
        db.session.scalars(
            select(Entrant).where(Entrant.tournament_id == tournament.id).order_by(Entrant.number)
        )
    )


def _ranking_by_seed(tournament: Tournament) -> list[int]:
    """The entrants' numbers, seeds first (best first), then the others by number (the
    numbers were drawn): the order of a first Swiss round and of a knockout's seeding."""
    rows = entrants(tournament)
    return [
        row.number for row in sorted(rows, key=lambda r: (r.seed is None, r.seed or 0, r.number))
    ]


# Starting, rounds and matches ---------------------------------------------------------


def start(tournament: Tournament) -> Round:
    """Start a drawn tournament: round 1's matches at their tables, each with its first
    game. The draw can no longer be redone."""
    tournament_id = tournament.id

    def run() -> Round:
        locked = _lock_tournament(tournament_id)
        _refuse_unless(locked, Status.DRAWN)
        locked.status = Status.RUNNING.value
        made = _open_stage(locked, locked.stages[0])
        db.session.flush()
        return made

    return in_transaction(run)


def next_round(tournament: Tournament) -> Round:
    """The next round, once every match of the current one has its result: the next of a
    round-robin, a Swiss or Danish round from the standings (no rematch where one can be
    avoided), or the knockout after the groups. A knockout fills itself in as its
    matches finish and has no next round to ask for."""
    tournament_id = tournament.id

    def run() -> Round:
        locked = _lock_tournament(tournament_id)
        _refuse_unless(locked, Status.RUNNING)
        stage, current = _current_round(locked)
        kind = StageKind(stage.kind)
        if kind is StageKind.KNOCKOUT:
            raise TournamentRefused("knockout_fills_in")
        if _open_matches(current):
            raise TournamentRefused("round_not_over")
        if _stage_over(locked, stage):
            later = [s for s in locked.stages if s.number > stage.number]
            if not later:
                raise TournamentRefused("tournament_over")
            return _open_stage(locked, later[0])
        number = current.number + 1
        if kind is StageKind.GROUPS:
            return _store_round(locked, stage, number, _group_round(locked, number))
        if is_three(locked):
            ranking = [row.entrant for row in three_standings(locked, stage)]
            met = _played_pairs(locked, stage)
            seated = core.three_round(number, ranking, met, _byes(locked, stage))
            return _store_round(locked, stage, number, _planned_three(seated))
        table = standings(locked, stage=stage)
        ranking = [row.entrant for row in table]
        had_bye = _byes(locked, stage)
        if kind is StageKind.DANISH:
            planned = core.danish_round(number, ranking, had_bye)
        else:
            planned = core.swiss_round(number, ranking, _played_pairs(locked, stage), had_bye)
        return _store_round(locked, stage, number, _planned(planned))

    return in_transaction(run)


@dataclass(frozen=True)
class _Planned:
    """A match to create: table (None: a bye), the entrants' numbers, slot and group."""

    table: int | None
    first: int
    second: int | None
    slot: int | None = None
    group: int | None = None
    third: int | None = None


def _planned(planned: core.Round, group: int | None = None) -> list[_Planned]:
    """The matches of a round the core planned: its tables in order, then the bye."""
    matches = [
        _Planned(pairing.table, pairing.first, pairing.second, group=group)
        for pairing in planned.pairings
    ]
    if planned.bye is not None:
        matches.append(_Planned(None, planned.bye, None, group=group))
    return matches


def _planned_three(planned: core.ThreeRound, group: int | None = None) -> list[_Planned]:
    """The matches of a round of three the core planned: its tables, then the byes."""
    matches = [
        _Planned(table.table, table.seats[0], table.seats[1], group=group, third=table.seats[2])
        for table in planned.tables
    ]
    matches.extend(_Planned(None, bye, None, group=group) for bye in planned.byes)
    return matches


def _open_stage(tournament: Tournament, stage: Stage) -> Round:
    """Round 1 of ``stage`` (a knockout after the groups: its bracket from the groups)."""
    kind = StageKind(stage.kind)
    if kind is StageKind.GROUPS:
        return _store_round(tournament, stage, 1, _group_round(tournament, 1))
    if kind is StageKind.KNOCKOUT:
        if stage.lines is None:
            groups_stage = tournament.stages[stage.number - 2]
            qualifiers = groups_stage.qualifiers or 1
            chosen = [
                [row.entrant for row in table[:qualifiers]]
                for table in group_standings(tournament, groups_stage)
            ]
            stage.lines = list(
                core.Bracket.from_groups(chosen, third_place=stage.third_place).lines
            )
        bracket = _bracket(tournament, stage)
        first_round = [
            _Planned(m.index + 1, m.first, m.second, slot=m.index)
            for m in bracket.matches()
            if m.round == 1 and not m.is_bye and m.first is not None and m.second is not None
        ]
        made = _store_round(tournament, stage, 1, first_round)
        _fill_knockout(tournament, stage)  # byes may already make round 2 matches
        return made
    ranking = _ranking_by_seed(tournament)
    if is_three(tournament):
        # Swiss and Danish alike (`three_round`): entrants of one club count as met.
        clubs = core.same_club_pairs(_core_entrants(tournament))
        return _store_round(
            tournament, stage, 1, _planned_three(core.three_round(1, ranking, clubs))
        )
    if kind is StageKind.DANISH:
        planned = core.danish_round(1, ranking)
    else:
        clubs = core.same_club_pairs(_core_entrants(tournament))
        planned = core.swiss_round(1, ranking, clubs)
    return _store_round(tournament, stage, 1, _planned(planned))


def _group_round(tournament: Tournament, number: int) -> list[_Planned]:
    """Round ``number`` of every group's round-robin, tables numbered across groups."""
    planned: list[_Planned] = []
    clubs = core.same_club_pairs(_core_entrants(tournament))
    for index, group in enumerate(_groups(tournament)):
        if is_three(tournament):
            seated = core.three_round_robin(group)
            if number <= len(seated):
                planned.extend(_planned_three(seated[number - 1], index))
            continue
        schedule = core.round_robin(group, clubs)
        if number <= len(schedule):
            planned.extend(_planned(schedule[number - 1], index))
    tables = [p for p in planned if p.table is not None]
    byes = [p for p in planned if p.table is None]
    return [replace(p, table=i) for i, p in enumerate(tables, start=1)] + byes


def _groups(tournament: Tournament) -> list[list[int]]:
    """Each group's entrant numbers in their drawn order."""
    return _groups_of(entrants(tournament))


def _groups_of(rows: Iterable[Entrant]) -> list[list[int]]:
    """Each group's entrant numbers in their drawn order, of the entrants ``rows``."""
    groups: dict[int, list[tuple[int, int]]] = {}
    for row in rows:
        if row.group_index is not None and row.group_place is not None:
            groups.setdefault(row.group_index, []).append((row.group_place, row.number))
    return [[number for _, number in sorted(groups[g])] for g in sorted(groups)]


def _store_round(
    tournament: Tournament, stage: Stage, number: int, planned: Sequence[_Planned]
) -> Round:
    """Store a round of ``stage`` with its matches, each with its first game; a bye's
    result is recorded at once."""
    made = Round(tournament_id=tournament.id, stage_id=stage.id, number=number)
    db.session.add(made)
    db.session.flush()
    for plan in planned:
        _store_match(tournament, stage, made, plan)
    return made


def _store_match(tournament: Tournament, stage: Stage, round_: Round, plan: _Planned) -> Match:
    """Store one match of ``round_`` and its first game (a bye: its result)."""
    by_number = {row.number: row for row in entrants(tournament)}
    # The final is played at the final's length; the third-place match (slot 1) is not.
    final = (
        stage.kind == StageKind.KNOCKOUT.value
        and _is_final_round(stage, round_.number)
        and plan.slot == 0
    )
    match = Match(
        tournament_id=tournament.id,
        round_id=round_.id,
        table_number=plan.table,
        slot=plan.slot,
        group_index=plan.group,
        first_id=by_number[plan.first].id,
        second_id=by_number[plan.second].id if plan.second is not None else None,
        third_id=by_number[plan.third].id if plan.third is not None else None,
        format_key=tournament.format_key,
        games=stage.final_games if final else stage.games,
        target=stage.final_target if final else stage.target,
    )
    db.session.add(match)
    db.session.flush()
    if match.second_id is None:
        db.session.add(
            MatchResult(
                match_id=match.id,
                winner_id=match.first_id,
                wins_first=0,
                wins_second=0,
                points_first=0,
                points_second=0,
            )
        )
    else:
        _new_game(tournament, match, 1)
    db.session.flush()
    return match


def _is_final_round(stage: Stage, number: int) -> bool:
    lines = len(stage.lines or ())
    return lines > 1 and number == (lines - 1).bit_length()


def _new_game(tournament: Tournament, match: Match, number: int) -> Game:
    """Partita ``number`` of ``match``: a game of the app, the first entrant's side 0 (a
    match of three: a game of three sides, in the match's side order)."""
    first = db.session.get_one(Entrant, match.first_id)
    second = db.session.get_one(Entrant, match.second_id)
    if tournament.format_key == "2":
        names = [first.first_name, second.first_name]
    elif is_three(tournament):
        names = [db.session.get_one(Entrant, i).first_name for i in match.side_ids]
    else:
        names = [first.first_name, second.first_name]
        names += [first.second_name or first.first_name, second.second_name or second.first_name]
    rules = replace(tournament.rules, target=match.target)
    player_ids = None
    if tournament.league_id is not None:
        player_ids = [_league_player(tournament.league_id, name).id for name in names]
    new = games.new_game(
        GameSetup(rules, names), league_id=tournament.league_id, player_ids=player_ids
    )
    (game_id,) = games.store_games([new])
    db.session.add(MatchGame(match_id=match.id, game_id=game_id, number=number))
    game = db.session.get_one(Game, game_id)
    game.tournament_id = tournament.id
    db.session.flush()
    return game


def _league_player(league_id: int, name: str) -> Player:
    """The league's player called ``name`` (any case, any spacing), added if new, as a
    league game seats them (`scorekeeper.leagues.games`). Not committed; two requests
    adding the same name meet on the UNIQUE key and the loser runs again."""
    league = db.session.get_one(League, league_id)
    player = leagues.find_player(league, name)
    if player is None:
        clean = " ".join(name.split())
        player = Player(league_id=league_id, name=clean, name_key=name_key(clean))
        db.session.add(player)
        db.session.flush()
    return player


def rounds(tournament: Tournament) -> list[tuple[Stage, Round]]:
    """Every round so far, stage by stage."""
    rows = db.session.execute(
        select(Stage, Round)
        .join(Round, Round.stage_id == Stage.id)
        .where(Round.tournament_id == tournament.id)
        .order_by(Stage.number, Round.number)
    ).all()
    return [(stage, round_) for stage, round_ in rows]


def _current_round(tournament: Tournament) -> tuple[Stage, Round]:
    played = rounds(tournament)
    if not played:
        raise TournamentRefused("not_started")
    return played[-1]


def matches(round_: Round) -> list[Match]:
    """The matches of a round by table, byes last (a knockout's: by slot)."""
    rows = db.session.scalars(select(Match).where(Match.round_id == round_.id))
    return sorted(rows, key=lambda m: (m.table_number is None, m.table_number or 0, m.id))


def _open_matches(round_: Round) -> list[Match]:
    """The matches of ``round_`` still without a result."""
    return list(
        db.session.scalars(
            select(Match)
            .outerjoin(MatchResult, MatchResult.match_id == Match.id)
            .where(Match.round_id == round_.id, MatchResult.id.is_(None))
        )
    )


def match_games(match: Match) -> list[Game]:
    """The games of a match, partita 1 first."""
    return games_of_matches([match])[match.id]


def games_of_matches(matches: Iterable[Match]) -> dict[int, list[Game]]:
    """The games of each of ``matches`` by match id, partita 1 first, in one statement
    (a round page shows every match of every round)."""
    ids = [match.id for match in matches]
    played: dict[int, list[Game]] = {match_id: [] for match_id in ids}
    rows = db.session.execute(
        select(MatchGame.match_id, Game)
        .join(Game, MatchGame.game_id == Game.id)
        .where(MatchGame.match_id.in_(ids))
        .order_by(MatchGame.match_id, MatchGame.number)
    )
    for match_id, game in rows:
        played[match_id].append(game)
    return played


def results_of_matches(matches: Iterable[Match]) -> dict[int, MatchResult]:
    """The recorded results of ``matches`` by match id, in one statement."""
    ids = [match.id for match in matches]
    rows = db.session.scalars(select(MatchResult).where(MatchResult.match_id.in_(ids)))
    return {result.match_id: result for result in rows}


def result_of(match: Match) -> MatchResult | None:
    """The recorded result of ``match``, if any."""
    return results_of_matches([match]).get(match.id)


def match_of_game(game: Game) -> Match | None:
    """The tournament match ``game`` is a partita of, if any (no query for a game that
    is no tournament's: every save and every edit page asks)."""
    if game.tournament_id is None:
        return None
    return db.session.scalar(
        select(Match)
        .join(MatchGame, MatchGame.match_id == Match.id)
        .where(MatchGame.game_id == game.id)
    )


# Results ------------------------------------------------------------------------------


def game_changed(game: Game) -> None:
    """A game changed (inside its transaction): if it is a partita of a match, bring the
    match up to date: its result once decided, or its next partita (best of N).

    A result entered by hand stays as it was: the organiser decided it.
    """
    match = match_of_game(game)
    if match is None:
        return
    _lock_match(match.id)
    existing = result_of(match)
    if existing is not None and existing.by_hand:
        return
    played = match_games(match)
    if match.third_id is not None:
        _three_game_changed(match, existing, played[0])
        return
    winners = [g.winner_side for g in played]
    if None in winners[:-1]:
        return  # an earlier partita reopened: the match waits for it
    try:
        score = core.MatchLength(match.games).score([w for w in winners if w is not None])
    except core.TournamentError:
        return
    if winners[-1] is None:
        if existing is not None:  # the deciding partita reopened
            _refuse_correction(match, existing, None)
            _reopen(match, existing)
        return
    if score.is_over:
        totals = [games.stored_state(g).totals for g in played]
        points = (sum(t[0] for t in totals), sum(t[1] for t in totals))
        _write_result(match, score.wins, points, by=None)
    else:
        tournament = db.session.get_one(Tournament, match.tournament_id)
        _new_game(tournament, match, len(played) + 1)


def _reopen(match: Match, existing: MatchResult) -> None:
    """Forget the result of a match whose deciding partita reopened."""
    db.session.delete(existing)
    tournament = _lock_tournament(match.tournament_id)
    if tournament.status == Status.FINISHED.value:
        tournament.status = Status.RUNNING.value
    db.session.flush()


def _three_game_changed(match: Match, existing: MatchResult | None, game: Game) -> None:
    """A match of three is its one game: its result is the game's, once it has a winner
    (each side's game points, the partita to the winner)."""
    if game.winner_side is None:
        if existing is not None:
            _reopen(match, existing)
        return
    totals = games.stored_state(game).totals
    wins = tuple(int(side == game.winner_side) for side in range(len(match.side_ids)))
    _write_result(match, wins, tuple(int(total) for total in totals), by=None)


def _check_three_result(wins: tuple[int, ...], points: tuple[int, ...]) -> None:
    """A table of three plays one partita: one side won it (1, the others 0), and the
    winner has strictly the most game points (a game ends with one strict leader)."""
    try:
        core.three_winner(wins, points)
    except core.ThreeResultError as error:
        key = "three_one_winner" if error.field == "wins" else "three_winner_points"
        raise TournamentRefused(key, error.field) from error


def _checked_result(
    match: Match, wins: tuple[int, ...], points: tuple[int, ...]
) -> tuple[tuple[int, ...], bool]:
    """The partite won per side of a result entered for ``match``, checked (one per side
    at its table: two or three), and whether the match is drawn."""
    if match.second_id is None:
        raise TournamentRefused("bye_has_no_result")
    sides = len(match.side_ids)
    if len(wins) != sides or len(points) != sides:
        raise TournamentRefused("result_sides", "wins")
    if min(wins) < 0 or min(points) < 0:
        raise TournamentRefused("result_range", "wins")
    if sides == 3:
        _check_three_result(wins, points)
        return wins, False
    try:
        score = core.MatchLength(match.games).score([0] * wins[0] + [1] * wins[1])
    except core.TournamentError as error:
        raise TournamentRefused("result_range", "wins") from error
    if not score.is_over or sum(wins) > match.games:
        raise TournamentRefused("match_not_over", "wins")
    return score.wins, score.winner is None


def enter_result(
    match: Match, wins: tuple[int, ...], points: tuple[int, ...], by: User
) -> MatchResult:
    """Record (or correct) a match's result by hand: partite won and game points per
    side. The same result entered twice, or by two helpers at once, is recorded once.
    A knockout result can no longer change winner once the next match is on.

    In a league tournament the result counts in the league's standings and ratings in
    the same transaction, once, as the match's league result (`league_results`), in
    place of whatever its partite had counted; a correction replaces it. The match's
    games and the league are locked first, in the order a hand saved at the table takes
    them (game, league, match, tournament), so the two never wait on each other."""
    wins, drawn = _checked_result(match, wins, points)
    match_id, by_id = match.id, by.id

    def save() -> MatchResult:
        league_id = _lock_for_league(match_id)
        locked = _lock_match(match_id)
        if locked.second_id is None:
            raise TournamentRefused("bye_has_no_result")
        tournament = db.session.get_one(Tournament, locked.tournament_id)
        _refuse_unless(tournament, Status.RUNNING, Status.FINISHED)
        stage = _stage_of(locked)
        if stage.kind == StageKind.KNOCKOUT.value and drawn:
            raise TournamentRefused("knockout_needs_winner", "wins")
        existing = result_of(locked)
        if existing is not None and existing.wins == wins and existing.points == points:
            return existing
        written = _write_result(locked, wins, points, by=by_id)
        if league_id is not None:
            for game in match_games(locked):
                league_standings.game_changed(game)
        return written

    return in_transaction(save)


def _lock_for_league(match_id: int) -> int | None:
    """In a league tournament, lock the match's games and then its league (the locks a
    hand saved at its table takes before the match's); the league's id, if any."""
    match = db.session.get_one(Match, match_id)
    league_id = db.session.get_one(Tournament, match.tournament_id).league_id
    if league_id is not None:
        _lock_games(match)
        league_standings.lock_leagues([league_id])
    return league_id


def _lock_games(match: Match) -> None:
    """Lock every game of ``match`` (`games.lock_game`), partita 1 first. A partita is
    added only by a change holding the one before it, so once the games read are held,
    reading again finds any added meanwhile."""
    held: set[int] = set()
    while True:
        new = [game for game in match_games(match) if game.id not in held]
        if not new:
            return
        for game in new:
            games.lock_game(game)
            held.add(game.id)


def league_results(game: Game) -> list[league_standings.ResultRow] | None:
    """The league result rows of ``game`` if a result entered by hand decides them
    (registered with the leagues as a result source; ``None``: its hands decide).

    A match whose result was entered by hand counts in its league as one result: on its
    first partita's game (its time and seats), with the entered game points and winner
    (none for a draw) and the counts of every hand its partite recorded; its other
    partite count nothing. The rows are a function of what is stored, so a rebuild of
    the league finds the rows the changes wrote.
    """
    match = match_of_game(game)
    if game.league_id is None or match is None:
        return None
    result = result_of(match)
    if result is None or not result.by_hand:
        return None
    played = match_games(match)
    if game.id != played[0].id:
        return []
    winner_side = None
    if result.winner_id is not None:
        winner_side = match.side_ids.index(result.winner_id)
    return league_standings.entered_results(
        game.league_id,
        game.id,
        game.created_at,
        winner_side,
        game.seats,
        result.points,
        [hand.sides for partita in played for hand in partita.hands],
    )


def _write_result(
    match: Match, wins: tuple[int, ...], points: tuple[int, ...], by: int | None
) -> MatchResult:
    """Store the match's result (a new row, or the one there changed), then move the
    tournament on: the knockout filled in, the tournament finished after its last match.
    ``wins`` and ``points`` are per side, in the match's side order (two or three); the
    winner is the one side with the most partite won (none: a draw)."""
    winner = None
    if wins.count(max(wins)) == 1:
        winner = match.side_ids[wins.index(max(wins))]
    existing = result_of(match)
    if existing is None:
        existing = MatchResult(match_id=match.id)
        db.session.add(existing)
    else:
        _refuse_correction(match, existing, winner)
    existing.winner_id = winner
    existing.wins_first, existing.wins_second = wins[0], wins[1]
    existing.points_first, existing.points_second = points[0], points[1]
    existing.wins_third = wins[2] if len(wins) == 3 else None
    existing.points_third = points[2] if len(points) == 3 else None
    existing.by_hand = by is not None
    existing.entered_by_id = by
    existing.recorded_at = utcnow()
    db.session.flush()
    tournament = _lock_tournament(match.tournament_id)
    stage = _stage_of(match)
    if stage.kind == StageKind.KNOCKOUT.value:
        _fill_knockout(tournament, stage)
    if stage.number == len(tournament.stages) and _stage_over(tournament, stage):
        tournament.status = Status.FINISHED.value
    elif tournament.status == Status.FINISHED.value:
        tournament.status = Status.RUNNING.value
    db.session.flush()
    return existing


def _refuse_correction(match: Match, existing: MatchResult, winner: int | None) -> None:
    """A knockout's winner cannot change once the match it went on to is on."""
    if existing.winner_id != winner and moved_on(match):
        raise TournamentRefused("next_match_on")


def moved_on(match: Match) -> bool:
    """Whether ``match`` is a knockout match whose sides went on to their next match (the
    next round's, or the third-place match after a semifinal): its winner is settled."""
    if match.slot is None:
        return False
    round_ = db.session.get_one(Round, match.round_id)
    next_slots = [match.slot // 2]
    stage = db.session.get_one(Stage, round_.stage_id)
    if stage.third_place and _is_final_round(stage, round_.number + 1):
        next_slots.append(1)
    later = db.session.scalar(
        select(func.count())
        .select_from(Match)
        .join(Round, Round.id == Match.round_id)
        .where(
            Round.stage_id == round_.stage_id,
            Round.number == round_.number + 1,
            Match.slot.in_(next_slots),
        )
    )
    return bool(later)


def _stage_of(match: Match) -> Stage:
    round_ = db.session.get_one(Round, match.round_id)
    return db.session.get_one(Stage, round_.stage_id)


def _fill_knockout(tournament: Tournament, stage: Stage) -> None:
    """Create every knockout match whose two sides are now known (and the third place)."""
    bracket = _bracket(tournament, stage)
    ready = [
        m for m in bracket.matches() if m.round > 1 and m.first is not None and m.second is not None
    ]
    third = bracket.third_place_match()
    if third is not None and third.first is not None and third.second is not None:
        ready.append(third)
    existing = {
        (number, slot)
        for number, slot in db.session.execute(
            select(Round.number, Match.slot)
            .join(Match, Match.round_id == Round.id)
            .where(Round.stage_id == stage.id)
        )
    }
    for m in ready:
        if (m.round, m.index) in existing:
            continue
        round_ = db.session.scalar(
            select(Round).where(Round.stage_id == stage.id, Round.number == m.round)
        )
        if round_ is None:
            round_ = Round(tournament_id=tournament.id, stage_id=stage.id, number=m.round)
            db.session.add(round_)
            db.session.flush()
        assert m.first is not None  # noqa: S101 - filtered above
        assert m.second is not None  # noqa: S101
        _store_match(tournament, stage, round_, _Planned(m.index + 1, m.first, m.second, m.index))


def bracket(tournament: Tournament) -> core.Bracket | None:
    """The knockout's bracket with its results so far (``None`` before it is known: no
    knockout, or the groups still playing). Its lines and winners are entrant numbers."""
    last = tournament.stages[-1]
    if last.kind != StageKind.KNOCKOUT.value or last.lines is None:
        return None
    return _bracket(tournament, last)


def _bracket(tournament: Tournament, stage: Stage) -> core.Bracket:
    """The stage's bracket with the results recorded so far."""
    assert stage.lines is not None  # noqa: S101 - a knockout stage's lines are set first
    number_of = {row.id: row.number for row in entrants(tournament)}
    bracket = core.Bracket(tuple(stage.lines), third_place=stage.third_place)
    rows = db.session.execute(
        select(Round.number, Match.slot, MatchResult.winner_id)
        .join(Match, Match.round_id == Round.id)
        .join(MatchResult, MatchResult.match_id == Match.id)
        .where(Round.stage_id == stage.id, MatchResult.winner_id.is_not(None))
        .order_by(Round.number, Match.slot)
    ).all()
    third = None
    for number, slot, winner in rows:
        if slot is None or winner is None:
            continue
        if number == bracket.rounds and slot == 1:
            third = number_of[winner]
        else:
            bracket = bracket.record(number, slot, number_of[winner])
    if third is not None:
        bracket = bracket.record_third(third)
    return bracket


def _stage_over(tournament: Tournament, stage: Stage) -> bool:
    """Whether every match of ``stage`` is played and no round is left to play."""
    kind = StageKind(stage.kind)
    if kind is StageKind.KNOCKOUT:
        if stage.lines is None:
            return False
        bracket = _bracket(tournament, stage)
        third = bracket.third_place_match()
        return bracket.champion is not None and (third is None or third.winner is not None)
    played = [r for s, r in rounds(tournament) if s.id == stage.id]
    if not played or _open_matches(played[-1]):
        return False
    if kind is StageKind.GROUPS:
        if is_three(tournament):
            needed = max(len(core.three_round_robin(g)) for g in _groups(tournament))
        else:
            clubs = core.same_club_pairs(_core_entrants(tournament))
            needed = max(len(core.round_robin(g, clubs)) for g in _groups(tournament))
        return len(played) >= needed
    return len(played) >= (stage.rounds or 0)


def winner(tournament: Tournament) -> Entrant | None:
    """The tournament's winner once it is finished: the knockout's champion, or first in
    the standings."""
    if tournament.status != Status.FINISHED.value:
        return None
    last = tournament.stages[-1]
    if last.kind == StageKind.KNOCKOUT.value:
        champion = _bracket(tournament, last).champion
    elif is_three(tournament):
        champion = three_standings(tournament, last)[0].entrant
    else:
        champion = standings(tournament, stage=last)[0].entrant
    return db.session.scalar(
        select(Entrant).where(Entrant.tournament_id == tournament.id, Entrant.number == champion)
    )


# Standings ----------------------------------------------------------------------------


def _core_entrants(tournament: Tournament) -> list[core.Entrant]:
    return [core.Entrant(row.number, row.names, row.club, row.seed) for row in entrants(tournament)]


def _finished_matches(stage: Stage, group: int | None) -> list[tuple[Match, MatchResult]]:
    """The matches of ``stage`` (of one group) that have a result, with it."""
    query = (
        select(Match, MatchResult)
        .join(MatchResult, MatchResult.match_id == Match.id)
        .join(Round, Round.id == Match.round_id)
        .where(Round.stage_id == stage.id)
    )
    if group is not None:
        query = query.where(Match.group_index == group)
    return [(match, result) for match, result in db.session.execute(query)]


def _stage_results(
    tournament: Tournament, stage: Stage, group: int | None = None
) -> tuple[list[core.Result], list[int]]:
    """The results of ``stage`` (of one group) as the core reads them, and the byes."""
    number_of = {row.id: row.number for row in entrants(tournament)}
    return _core_results(_finished_matches(stage, group), number_of)


def _core_results(
    finished: Iterable[tuple[Match, MatchResult]], number_of: dict[int, int]
) -> tuple[list[core.Result], list[int]]:
    """``finished`` matches as the core reads them (entrants by ``number_of`` their
    id), and the byes."""
    results, byes = [], []
    for match, result in finished:
        if match.second_id is None:
            byes.append(number_of[match.first_id])
            continue
        results.append(
            core.Result(
                number_of[match.first_id],
                number_of[match.second_id],
                (result.points_first, result.points_second),
                number_of[result.winner_id] if result.winner_id is not None else None,
            )
        )
    return results, byes


def _points(tournament: Tournament) -> core.Points:
    return core.Points(
        tournament.points_win, tournament.points_draw, tournament.points_loss, tournament.points_bye
    )


def _numbers(tournament: Tournament, group: int | None) -> list[int]:
    """The entrants' numbers of one group, or of the whole tournament."""
    if group is None:
        return [row.number for row in entrants(tournament)]
    return list(_groups(tournament)[group])


def standings(
    tournament: Tournament, *, stage: Stage | None = None, group: int | None = None
) -> tuple[core.Standing, ...]:
    """The table of a stage (default: the first), or of one of its groups, with the
    tournament's points and tie-break chain (each decided tie carries its reason)."""
    stage = stage or tournament.stages[0]
    numbers = _numbers(tournament, group)
    return _table(tournament, numbers, *_stage_results(tournament, stage, group))


def _table(
    tournament: Tournament, numbers: list[int], results: list[core.Result], byes: list[int]
) -> tuple[core.Standing, ...]:
    return core.standings(
        numbers,
        results,
        points=_points(tournament),
        order=[core.TieBreak(code) for code in tournament.tie_break],
        seed=tournament.seed or 0,
        byes=byes,
    )


def _three_results(
    tournament: Tournament, stage: Stage, group: int | None = None
) -> tuple[list[core.ThreeResult], list[int]]:
    """The results of a 3-player ``stage`` (of one group) as the core reads them, and
    the byes (a result without a winner, entered by no one, is not one of three)."""
    number_of = {row.id: row.number for row in entrants(tournament)}
    results, byes = [], []
    for match, result in _finished_matches(stage, group):
        if match.second_id is None:
            byes.append(number_of[match.first_id])
        elif result.winner_id is not None and result.points_third is not None:
            first, second, third = (number_of[i] for i in match.side_ids)
            points = (result.points_first, result.points_second, result.points_third)
            winner = number_of[result.winner_id]
            results.append(core.ThreeResult((first, second, third), points, winner))
    return results, byes


def three_points(tournament: Tournament) -> core.ThreePoints:
    """The match points of a table of three: the tournament's win, draw and loss points
    are first, second and third place (3-1-0 by default), its bye points a bye's."""
    return core.ThreePoints(
        tournament.points_win, tournament.points_draw, tournament.points_loss, tournament.points_bye
    )


def three_standings(
    tournament: Tournament, stage: Stage | None = None, group: int | None = None
) -> tuple[core.ThreeStanding, ...]:
    """The table of a 3-player stage (default: the first) or of one of its groups: by
    match points, then matches won (first places), then game points, then the entrant's
    number, which the draw made random (`core.three_standings`). The tournament's
    tie-break chain is for matches of two and plays no part here."""
    stage = stage or tournament.stages[0]
    numbers = _numbers(tournament, group)
    results, byes = _three_results(tournament, stage, group)
    return core.three_standings(numbers, results, three_points(tournament), byes)


def group_standings(tournament: Tournament, stage: Stage) -> list[tuple[core.Standing, ...]]:
    """Each group's table, group A first (the entrants and the stage's results read
    once for all of them: the screen page shows every group)."""
    rows = entrants(tournament)
    number_of = {row.id: row.number for row in rows}
    finished: dict[int | None, list[tuple[Match, MatchResult]]] = {}
    for match, result in _finished_matches(stage, None):
        finished.setdefault(match.group_index, []).append((match, result))
    return [
        _table(tournament, numbers, *_core_results(finished.get(index, []), number_of))
        for index, numbers in enumerate(_groups_of(rows))
    ]


def _played_pairs(tournament: Tournament, stage: Stage) -> set[frozenset[int]]:
    """Every two entrants who have met at a table of ``stage``."""
    if is_three(tournament):
        tables = [r.seats for r in _three_results(tournament, stage)[0]]
        return {frozenset(pair) for seats in tables for pair in combinations(seats, 2)}
    results, _ = _stage_results(tournament, stage)
    return {frozenset((r.first, r.second)) for r in results}


def _byes(tournament: Tournament, stage: Stage) -> list[int]:
    if is_three(tournament):
        return _three_results(tournament, stage)[1]
    return _stage_results(tournament, stage)[1]


# Locks ----------------------------------------------------------------------------------


def _lock_tournament(tournament_id: int) -> Tournament:
    """Lock the tournament (`_lock`), its stages read again when used."""
    tournament = _lock(Tournament, tournament_id)
    db.session.expire(tournament, ["stages"])
    return tournament


def _lock_match(match_id: int) -> Match:
    """Lock the match (`_lock`)."""
    return _lock(Match, match_id)


def _lock(model: type[Locked], row_id: int) -> Locked:
    """Bump the row's version first thing, which takes its row lock on PostgreSQL and the
    write lock on SQLite (as `games.lock_game` does), and read it as the lock found it."""
    db.session.execute(
        update(model).where(model.id == row_id).values(version=model.version + 1).returning(model),
        execution_options={"populate_existing": True, "synchronize_session": False},
    ).all()
    return db.session.get_one(model, row_id)


def _refuse_unless(tournament: Tournament, *allowed: Status) -> None:
    if Status(tournament.status) not in allowed:
        raise TournamentRefused(f"status_{tournament.status}")
