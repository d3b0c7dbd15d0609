"""A circuit's use cases: create and edit it, add and remove its tournaments, and its
ranking from the placings of its finished tournaments (one transaction each change)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.tournaments import core
from scorekeeper.tournaments.circuits.models import NAME_MAX, SEASON_MAX, Circuit, CircuitTournament
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import Entrant, Stage, StageKind, Status, Tournament
from scorekeeper.tournaments.services.knockout import stage_bracket
from scorekeeper.tournaments.services.queries import entrants
from scorekeeper.tournaments.services.ranking import standings, three_standings
from scorekeeper.tournaments.services.settings import is_three
from scorekeeper.transactions import in_transaction

#: Most tournaments one circuit holds.
MAX_TOURNAMENTS = 60


@dataclass(frozen=True)
class CircuitSetup:
    """A circuit's settings as the form gives them."""

    name: str
    season: str
    table: core.PointsTable
    best_of: int | None
    is_public: bool


def _checked(setup: CircuitSetup) -> CircuitSetup:
    name = " ".join(setup.name.split())
    if not name:
        raise TournamentRefused("name_required", "name")
    if len(name) > NAME_MAX:
        raise TournamentRefused("name_too_long", "name")
    season = " ".join(setup.season.split())
    if len(season) > SEASON_MAX:
        raise TournamentRefused("season_too_long", "season")
    if setup.best_of is not None and not 1 <= setup.best_of <= MAX_TOURNAMENTS:
        raise TournamentRefused("best_of_range", "best_of")
    return CircuitSetup(name, season, setup.table, setup.best_of, setup.is_public)


def create_circuit(organiser: User, setup: CircuitSetup) -> Circuit:
    """A new circuit of ``organiser``'s."""
    setup = _checked(setup)

    def work() -> Circuit:
        circuit = Circuit(organiser_id=organiser.id)
        _apply(circuit, setup)
        db.session.add(circuit)
        db.session.flush()
        return circuit

    return in_transaction(work)


def update_circuit(circuit: Circuit, setup: CircuitSetup) -> None:
    """The circuit's new settings (its ranking follows the new points table at once)."""
    setup = _checked(setup)
    circuit_id = circuit.id

    def work() -> None:
        _apply(db.session.get_one(Circuit, circuit_id), setup)

    in_transaction(work)


def _apply(circuit: Circuit, setup: CircuitSetup) -> None:
    circuit.name = setup.name
    circuit.season = setup.season
    circuit.points = list(setup.table.by_place)
    circuit.taking_part = setup.table.taking_part
    circuit.best_of = setup.best_of
    circuit.is_public = setup.is_public


def table_of(circuit: Circuit) -> core.PointsTable:
    """The circuit's points table as the core reads it."""
    return core.PointsTable(tuple(circuit.points), circuit.taking_part)


def circuits_of(user: User) -> list[Circuit]:
    """The circuits ``user`` runs, the latest first."""
    query = (
        select(Circuit)
        .where(Circuit.organiser_id == user.id)
        .order_by(Circuit.created_at.desc(), Circuit.id.desc())
    )
    return list(db.session.scalars(query))


def circuits_holding(tournament: Tournament, user: User | None) -> list[Circuit]:
    """The circuits ``tournament`` counts for that ``user`` may read (the public ones
    and the user's own; ``user`` ``None``: the public ones), by name."""
    query = (
        select(Circuit)
        .join(CircuitTournament, CircuitTournament.circuit_id == Circuit.id)
        .where(CircuitTournament.tournament_id == tournament.id)
        .order_by(Circuit.name, Circuit.id)
    )
    mine = user.id if user is not None else None
    return [c for c in db.session.scalars(query) if c.is_public or c.organiser_id == mine]


def tournaments(circuit: Circuit) -> list[Tournament]:
    """The circuit's tournaments, in its order."""
    query = (
        select(Tournament)
        .join(CircuitTournament, CircuitTournament.tournament_id == Tournament.id)
        .where(CircuitTournament.circuit_id == circuit.id)
        .order_by(CircuitTournament.position, CircuitTournament.id)
    )
    return list(db.session.scalars(query))


def add_tournament(circuit: Circuit, tournament: Tournament) -> None:
    """Put ``tournament`` last in the circuit (the caller checked that its organiser
    may)."""
    circuit_id, tournament_id = circuit.id, tournament.id

    def work() -> None:
        held = db.session.scalars(
            select(CircuitTournament.tournament_id).where(
                CircuitTournament.circuit_id == circuit_id
            )
        ).all()
        if tournament_id in held:
            raise TournamentRefused("already_in_circuit", "tournament")
        if len(held) >= MAX_TOURNAMENTS:
            raise TournamentRefused("circuit_full", "tournament")
        last = db.session.scalar(
            select(func.max(CircuitTournament.position)).where(
                CircuitTournament.circuit_id == circuit_id
            )
        )
        db.session.add(
            CircuitTournament(
                circuit_id=circuit_id, tournament_id=tournament_id, position=(last or 0) + 1
            )
        )

    in_transaction(work)


def remove_tournament(circuit: Circuit, tournament_id: int) -> None:
    """Take a tournament out of the circuit (the tournament itself stays)."""
    circuit_id = circuit.id

    def work() -> None:
        row = db.session.scalar(
            select(CircuitTournament).where(
                CircuitTournament.circuit_id == circuit_id,
                CircuitTournament.tournament_id == tournament_id,
            )
        )
        if row is not None:
            db.session.delete(row)

    in_transaction(work)


def placings(tournament: Tournament) -> list[core.Placing]:
    """Where each side finished, once ``tournament`` is finished (else none): a
    knockout's places (`core.knockout_places`), then the sides it did not take, by the
    groups' overall table; or the last stage's standings."""
    if tournament.status != Status.FINISHED.value or not tournament.stages:
        return []
    by_number = {row.number: row for row in entrants(tournament)}
    first, last = tournament.stages[0], tournament.stages[-1]
    places: list[tuple[int, int]] = []
    if last.kind == StageKind.KNOCKOUT.value:
        places = core.knockout_places(stage_bracket(tournament, last))
        if first.id != last.id:
            places += _rest(tournament, first, {number for _, number in places})
    elif is_three(tournament):
        places = [(row.rank, row.entrant) for row in three_standings(tournament, last)]
    else:
        places = [(row.rank, row.entrant) for row in standings(tournament, stage=last)]
    return [
        core.Placing(place, by_number[number].names)
        for place, number in places
        if number in by_number
    ]


def _rest(tournament: Tournament, stage: Stage, placed: set[int]) -> list[tuple[int, int]]:
    """The sides a knockout did not take, placed after it by the groups' overall table
    (sides level there share a place)."""
    if is_three(tournament):
        rows = [(r.rank, r.entrant) for r in three_standings(tournament, stage)]
    else:
        rows = [(r.rank, r.entrant) for r in standings(tournament, stage=stage)]
    rest: list[tuple[int, int]] = []
    previous: tuple[int, int] | None = None
    for rank, number in rows:
        if number in placed:
            continue
        if previous is not None and previous[0] == rank:
            place = previous[1]
        else:
            place = len(placed) + len(rest) + 1
        rest.append((place, number))
        previous = (rank, place)
    return rest


@dataclass(frozen=True)
class Ranking:
    """A circuit's ranking: its tournaments in order (finished or not), and the rows
    from those finished."""

    tournaments: list[Tournament]
    counted: list[bool]
    rows: tuple[core.CircuitRow, ...]


def ranking(circuit: Circuit) -> Ranking:
    """The circuit's ranking now: every finished tournament counts, in the circuit's order."""
    held = tournaments(circuit)
    placed = [placings(t) for t in held]
    rows = core.circuit_ranking(placed, table_of(circuit), best_of=circuit.best_of)
    return Ranking(held, [t.status == Status.FINISHED.value for t in held], rows)


def entrant_count(tournament: Tournament) -> int:
    """How many sides a tournament drew."""
    return int(
        db.session.scalar(
            select(func.count()).select_from(Entrant).where(Entrant.tournament_id == tournament.id)
        )
        or 0
    )
