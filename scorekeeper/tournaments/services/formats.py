"""The formats that seat more than one entrant a side or rank more than one entrant a
row: rotating partners (players entered alone, two a side, a new partner every round:
`core.rotating`) and club against club (the clubs' pairs against each other, the team
standings: `core.clubs`). Their rounds as the core plans them, their checks at the
draw, and the team table."""

from __future__ import annotations

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.tournaments import core
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import (
    Match,
    MatchResult,
    ResultState,
    Round,
    Stage,
    Tournament,
)
from scorekeeper.tournaments.services.queries import entrants, withdrawn_numbers
from scorekeeper.tournaments.services.seating import Planned


def check_rotating_draw(count: int, rounds: int | None) -> None:
    """Refuse a rotating draw of ``count`` players too few for a table of four, or more
    ``rounds`` than they can play without anyone partnering anyone twice (those a table
    cannot seat rest in turn: `core.rotating`)."""
    try:
        core.check_players(count)
    except core.TournamentError as error:
        raise TournamentRefused("rotating_players", "entries") from error
    if rounds is not None and rounds > core.most_rotating_rounds(count):
        raise TournamentRefused("too_many_rounds", "rounds")


def rotating_history(tournament: Tournament, stage: Stage) -> list[core.RotatingRound]:
    """The rounds of ``stage`` played so far, as the core reads them (by round number):
    the tables and the players who rested (a bye each)."""
    number_of = {row.id: row.number for row in entrants(tournament)}
    tables: dict[int, list[core.Foursome]] = {}
    rests: dict[int, list[int]] = {}
    rows = db.session.execute(
        select(Round.number, Match)
        .join(Match, Match.round_id == Round.id)
        .where(Round.stage_id == stage.id)
        .order_by(Round.number, Match.table_number, Match.id)
    )
    for number, match in rows:
        tables.setdefault(number, [])
        if match.second_id is None:
            rests.setdefault(number, []).append(number_of[match.first_id])
            continue
        assert match.first_partner_id is not None  # noqa: S101 - a rotating table seats four
        assert match.second_partner_id is not None  # noqa: S101
        tables[number].append(
            core.Foursome(
                match.table_number or 0,
                (number_of[match.first_id], number_of[match.first_partner_id]),
                (number_of[match.second_id], number_of[match.second_partner_id]),
            )
        )
    return [
        core.RotatingRound(tuple(tables[number]), rests=tuple(sorted(rests.get(number, ()))))
        for number in sorted(tables)
    ]


def rotating_plan(tournament: Tournament, stage: Stage) -> list[Planned]:
    """The next round of a rotating ``stage``: a new partner for everyone, the fewest
    repeated opponents (`core.rotating_round`), the players in the draw's order; those
    a table cannot seat rest (a bye each), the withdrawn are seated no more."""
    out = withdrawn_numbers(tournament)
    players = [row.number for row in entrants(tournament) if row.number not in out]
    try:
        planned = core.rotating_round(players, rotating_history(tournament, stage), withdrawn=out)
    except core.TournamentError as error:
        raise TournamentRefused("too_many_rounds", "rounds") from error
    tables = [
        Planned(
            table.table,
            table.first[0],
            table.second[0],
            first_partner=table.first[1],
            second_partner=table.second[1],
        )
        for table in planned.tables
    ]
    return tables + [Planned(None, rest, None) for rest in planned.rests]


def clubs_of(tournament: Tournament) -> dict[str, list[int]]:
    """Each club's pairs (their numbers, in order), the clubs in the order of their
    first pair's number (the draw's)."""
    clubs: dict[str, list[int]] = {}
    for row in sorted(entrants(tournament), key=lambda r: r.number):
        clubs.setdefault(row.club, []).append(row.number)
    return clubs


def check_clubs_draw(drawn: list[core.Entrant], rounds: int | None) -> None:
    """Refuse a club-against-club draw: a single, an entry with no club, fewer than two
    clubs, a club of one pair, or more ``rounds`` than the clubs can play before two
    pairs meet again (clubs may field different numbers of pairs: `core.clubs`)."""
    if any(len(entrant.names) != 2 or not entrant.club for entrant in drawn):
        raise TournamentRefused("clubs_pairs", "entries")
    clubs: dict[str, list[int]] = {}
    for entrant in drawn:
        clubs.setdefault(entrant.club, []).append(entrant.id)
    try:
        core.check_clubs(clubs)
    except core.TournamentError as error:
        raise TournamentRefused("clubs_uneven", "entries") from error
    sizes = [len(pairs) for pairs in clubs.values()]
    if rounds is not None and rounds > core.most_club_rounds(sizes):
        raise TournamentRefused("too_many_rounds", "rounds")


def club_plan(tournament: Tournament, number: int) -> list[Planned]:
    """Round ``number`` of club against club: the tables, then the resting club's byes."""
    planned = core.club_round(number, clubs_of(tournament))
    matches = [Planned(p.table, p.first, p.second) for p in planned.pairings]
    return matches + [Planned(None, bye, None) for bye in planned.byes]


def club_table(tournament: Tournament, stage: Stage) -> tuple[core.ClubStanding, ...]:
    """The team standings of a club-against-club ``stage``: matches won, then partite
    won, then game points (`core.club_standings`); only confirmed results count. The
    pairs' byes are counted apart (`rests`)."""
    number_of = {row.id: row.number for row in entrants(tournament)}
    byes = [number for number, count in rests(tournament, stage).items() for _ in range(count)]
    results = []
    rows = db.session.execute(
        select(Match, MatchResult)
        .join(MatchResult, MatchResult.match_id == Match.id)
        .join(Round, Round.id == Match.round_id)
        .where(
            Round.stage_id == stage.id,
            Match.second_id.is_not(None),
            MatchResult.state == ResultState.CONFIRMED.value,
        )
    )
    for match, result in rows:
        assert match.second_id is not None  # noqa: S101 - byes are left out above
        winner = None if result.winner_id is None else number_of[result.winner_id]
        results.append(
            core.ClubResult(
                number_of[match.first_id],
                number_of[match.second_id],
                (result.wins_first, result.wins_second),
                (result.points_first, result.points_second),
                winner,
            )
        )
    return core.club_standings(clubs_of(tournament), results, byes)


def rests(tournament: Tournament, stage: Stage) -> dict[int, int]:
    """How many byes each entrant (by number) has had in ``stage``: with rotating
    partners its rests, in club against club its pair's."""
    number_of = {row.id: row.number for row in entrants(tournament)}
    counted: dict[int, int] = {}
    rows = db.session.scalars(
        select(Match.first_id)
        .join(Round, Round.id == Match.round_id)
        .where(Round.stage_id == stage.id, Match.second_id.is_(None))
    )
    for entrant_id in rows:
        counted[number_of[entrant_id]] = counted.get(number_of[entrant_id], 0) + 1
    return counted
