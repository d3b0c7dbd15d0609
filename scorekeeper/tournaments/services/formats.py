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
from scorekeeper.tournaments.services.queries import entrants
from scorekeeper.tournaments.services.seating import Planned


def check_rotating_draw(count: int, rounds: int | None) -> None:
    """Refuse a rotating draw of ``count`` players that cannot sit four at every table,
    or more ``rounds`` than they can play without anyone partnering anyone twice."""
    try:
        core.check_players(count)
    except core.TournamentError as error:
        raise TournamentRefused("rotating_players", "entries") from error
    if rounds is not None and rounds > core.most_rotating_rounds(count):
        raise TournamentRefused("too_many_rounds", "rounds")


def rotating_history(tournament: Tournament, stage: Stage) -> list[core.RotatingRound]:
    """The rounds of ``stage`` played so far, as the core reads them (by round number)."""
    number_of = {row.id: row.number for row in entrants(tournament)}
    by_round: dict[int, list[core.Foursome]] = {}
    rows = db.session.execute(
        select(Round.number, Match)
        .join(Match, Match.round_id == Round.id)
        .where(Round.stage_id == stage.id, Match.first_partner_id.is_not(None))
        .order_by(Round.number, Match.table_number)
    )
    for number, match in rows:
        assert match.second_id is not None  # noqa: S101 - a rotating match has both sides
        assert match.first_partner_id is not None  # noqa: S101
        assert match.second_partner_id is not None  # noqa: S101
        by_round.setdefault(number, []).append(
            core.Foursome(
                match.table_number or 0,
                (number_of[match.first_id], number_of[match.first_partner_id]),
                (number_of[match.second_id], number_of[match.second_partner_id]),
            )
        )
    return [core.RotatingRound(tuple(tables)) for _, tables in sorted(by_round.items())]


def rotating_plan(tournament: Tournament, stage: Stage) -> list[Planned]:
    """The next round of a rotating ``stage``: a new partner for everyone, the fewest
    repeated opponents (`core.rotating_round`), the players in the draw's order."""
    players = sorted(row.number for row in entrants(tournament))
    try:
        planned = core.rotating_round(players, rotating_history(tournament, stage))
    except core.TournamentError as error:
        raise TournamentRefused("too_many_rounds", "rounds") from error
    return [
        Planned(
            table.table,
            table.first[0],
            table.second[0],
            first_partner=table.first[1],
            second_partner=table.second[1],
        )
        for table in planned.tables
    ]


def clubs_of(tournament: Tournament) -> dict[str, list[int]]:
    """Each club's pairs (their numbers, in order), the clubs in the order of their
    first pair's number (the draw's)."""
    clubs: dict[str, list[int]] = {}
    for row in sorted(entrants(tournament), key=lambda r: r.number):
        clubs.setdefault(row.club, []).append(row.number)
    return clubs


def check_clubs_draw(drawn: list[core.Entrant], rounds: int | None) -> None:
    """Refuse a club-against-club draw: a single, an entry with no club, fewer than two
    clubs, a club of one pair, clubs of different sizes, or more ``rounds`` than the
    clubs can play before two pairs meet again."""
    if any(len(entrant.names) != 2 or not entrant.club for entrant in drawn):
        raise TournamentRefused("clubs_pairs", "entries")
    clubs: dict[str, list[int]] = {}
    for entrant in drawn:
        clubs.setdefault(entrant.club, []).append(entrant.id)
    try:
        core.check_clubs(clubs)
    except core.TournamentError as error:
        raise TournamentRefused("clubs_uneven", "entries") from error
    size = len(next(iter(clubs.values())))
    if rounds is not None and rounds > core.most_club_rounds(len(clubs), size):
        raise TournamentRefused("too_many_rounds", "rounds")


def club_plan(tournament: Tournament, number: int) -> list[Planned]:
    """Round ``number`` of club against club: the tables, then the resting club's byes."""
    planned = core.club_round(number, clubs_of(tournament))
    matches = [Planned(p.table, p.first, p.second) for p in planned.pairings]
    return matches + [Planned(None, bye, None) for bye in planned.byes]


def club_table(tournament: Tournament, stage: Stage) -> tuple[core.ClubStanding, ...]:
    """The team standings of a club-against-club ``stage``: matches won, then partite
    won, then game points (`core.club_standings`); only confirmed results count."""
    number_of = {row.id: row.number for row in entrants(tournament)}
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
    return core.club_standings(clubs_of(tournament), results)
