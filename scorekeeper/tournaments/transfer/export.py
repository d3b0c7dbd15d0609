"""A tournament's export as JSON: its settings and stages, its entrants, every match so
far (each partita's totals, the result) and its standings, and the winner.

The export says the same in every language: stages, structures and tie-break reasons
go out by their codes, entrants by their drawn number (and their names).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.games import services as games
from scorekeeper.leagues.models import League
from scorekeeper.tournaments import core, services
from scorekeeper.tournaments.models import (
    Entrant,
    Match,
    MatchResult,
    Round,
    Stage,
    StageKind,
    Tournament,
)

#: What the JSON export says it is.
FORMAT = "scorekeeper-tournament"
VERSION = 1


@dataclass(frozen=True)
class StandingsTable:
    """One table of the standings: of a stage, or of one of its groups (``group`` A, B...)."""

    stage: int
    group: str | None
    rows: tuple[core.Standing, ...]


def group_letter(index: int | None) -> str | None:
    """A group's letter (A, B...; its number past Z), or None for no group."""
    if index is None:
        return None
    return chr(ord("A") + index) if index < 26 else str(index + 1)


def standings_tables(tournament: Tournament) -> list[StandingsTable]:
    """The tables the standings page shows: each group's and all groups' of a groups
    stage before a knockout, else the whole table (none for a knockout alone, or
    before the draw)."""
    if tournament.seed is None or not services.entrants(tournament):
        return []
    first = tournament.stages[0]
    if first.kind == StageKind.KNOCKOUT.value or services.is_three(tournament):
        return []
    tables = []
    if first.kind == StageKind.GROUPS.value and len(tournament.stages) > 1:
        tables = [
            StandingsTable(first.number, group_letter(index), rows)
            for index, rows in enumerate(services.group_standings(tournament, first))
        ]
    tables.append(StandingsTable(first.number, None, services.standings(tournament, stage=first)))
    return tables


def _entrant(row: Entrant) -> dict[str, Any]:
    """An entrant: number, names, club, seed, group, and whether it withdrew."""
    return {
        "number": row.number,
        "names": list(row.names),
        "club": row.club,
        "seed": row.seed,
        "group": group_letter(row.group_index),
        "withdrawn": row.withdrawn,
    }


def matches_part(tournament: Tournament) -> list[dict[str, Any]]:
    """Every match so far, stage by stage and round by round, byes included."""
    return [
        _match_part(stage, round_, match)
        for stage, round_ in services.rounds(tournament)
        for match in services.matches(round_)
    ]


def _match_part(stage: Stage, round_: Round, match: Match) -> dict[str, Any]:
    """One match: its stage, round, table and group, its sides, its partite, its result."""
    result = services.result_of(match)
    played = [] if match.is_bye else services.match_games(match)
    second, third = match.second, match.third
    return {
        "stage": stage.number,
        "stage_kind": stage.kind,
        "round": round_.number,
        "table": match.table_number,
        "group": group_letter(match.group_index),
        "first": match.first.number,
        "second": second.number if second is not None else None,
        **({"third": third.number} if third is not None else {}),
        **_partners_part(match),
        "best_of": match.games,
        "target": match.target,
        "games": [
            {
                "number": number,
                "totals": list(games.stored_state(game).totals),
                "winner": game.winner_side,
            }
            for number, game in enumerate(played, start=1)
        ],
        "result": None if result is None else _result_part(match, result),
    }


def _partners_part(match: Match) -> dict[str, Any]:
    """With rotating partners, each side's second player (elsewhere nothing)."""
    if match.first_partner is None or match.second_partner is None:
        return {}
    return {
        "first_partner": match.first_partner.number,
        "second_partner": match.second_partner.number,
    }


def _result_part(match: Match, result: MatchResult) -> dict[str, Any]:
    """A match's result: partite won and game points per side, the winner's number,
    whether it was entered by hand, and lost by forfeit (a tavolino)."""
    return {
        "wins": list(result.wins),
        "points": list(result.points),
        "winner": _number_of(match, result.winner_id),
        "by_hand": result.by_hand,
        "forfeit": result.forfeit,
    }


def _number_of(match: Match, entrant_id: int | None) -> int | None:
    """The drawn number of the side of ``match`` whose entrant id is ``entrant_id``."""
    if entrant_id is None:
        return None
    for side in (match.first, match.second, match.third):
        if side is not None and side.id == entrant_id:
            return int(side.number)
    return None


def _three_standing(row: core.ThreeStanding) -> dict[str, Any]:
    """A line of a 3-player table: places, byes, points."""
    return {
        "rank": row.rank,
        "entrant": row.entrant,
        "played": row.played,
        "firsts": row.firsts,
        "seconds": row.seconds,
        "thirds": row.thirds,
        "byes": row.byes,
        "points": row.points,
        "points_for": row.points_for,
    }


def standings_part(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings of the JSON export (a 3-player table counts places)."""
    if services.is_three(tournament):
        if tournament.seed is None or not services.entrants(tournament):
            return []
        first = tournament.stages[0]
        rows = services.three_standings(tournament, first)
        return [{"stage": first.number, "group": None, "rows": [_three_standing(r) for r in rows]}]
    return [
        {
            "stage": table.stage,
            "group": table.group,
            "rows": [_standing(row) for row in table.rows],
        }
        for table in standings_tables(tournament)
    ]


def _standing(row: core.Standing) -> dict[str, Any]:
    """A line of a table, with the tie-break step that put it ahead (its code)."""
    return {
        "rank": row.rank,
        "entrant": row.entrant,
        "played": row.played,
        "won": row.won,
        "drawn": row.drawn,
        "lost": row.lost,
        "points": row.points,
        "points_for": row.points_for,
        "points_against": row.points_against,
        "partite_won": row.partite_won,
        "ahead": None
        if row.ahead is None
        else {"code": row.ahead.code, **dict(row.ahead.params), "restarted": row.ahead.restarted},
    }


def export_data(tournament: Tournament) -> dict[str, Any]:
    """The whole tournament as JSON-ready data."""
    league = services.league_of(tournament)
    champion = services.winner(tournament)
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": _settings_part(tournament, league),
        "stages": [
            {
                "number": stage.number,
                "kind": stage.kind,
                "best_of": stage.games,
                "target": stage.target,
                "final_best_of": stage.final_games,
                "final_target": stage.final_target,
            }
            for stage in tournament.stages
        ],
        "entrants": [_entrant(row) for row in services.entrants(tournament)],
        "matches": matches_part(tournament),
        "standings": standings_part(tournament),
        "winner": champion.number if champion is not None else None,
    }


def _settings_part(tournament: Tournament, league: League | None) -> dict[str, Any]:
    """The tournament's name, date, structure, format, status, seed, league (its public
    id), tie-break chain, match points and entry fee."""
    return {
        "name": tournament.name,
        "held_on": tournament.held_on.isoformat(),
        "structure": tournament.structure,
        "format": tournament.format_key,
        "status": tournament.status,
        "seed": tournament.seed,
        "league": league.public_id if league is not None else None,
        "tie_break": list(tournament.tie_break),
        "points": points_part(tournament),
        "entry_fee_cents": tournament.entry_fee_cents,
    }


def points_part(tournament: Tournament) -> dict[str, int]:
    """The match points of a win, a draw, a loss and a bye."""
    return {
        "win": tournament.points_win,
        "draw": tournament.points_draw,
        "loss": tournament.points_loss,
        "bye": tournament.points_bye,
    }
