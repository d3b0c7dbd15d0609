"""A league's tournaments as the league's file carries them: settings, stages, entries,
the draw's entrants and seed, and every round's matches with their partite (by their
place in the file's games) and results."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.leagues.models import League
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Entrant, Entry, Match, Stage, Tournament
from scorekeeper.tournaments.transfer.export import points_part
from scorekeeper.tournaments.transfer.league_fields import ROUND_TARGETS


def league_part(league: League, positions: Mapping[int, int]) -> list[dict[str, Any]]:
    """The league's tournaments as its file carries them (`FilePart.export`): settings,
    stages, entries, the draw's entrants and seed, every round's matches (a table of
    three with its ``third`` side) with their partite (by their place in the file's
    games) and results (a value per side: two, or three at a table of three)."""
    found = db.session.scalars(
        select(Tournament).where(Tournament.league_id == league.id).order_by(Tournament.id)
    )
    return [_tournament_part(tournament, positions) for tournament in found]


def _tournament_part(tournament: Tournament, positions: Mapping[int, int]) -> dict[str, Any]:
    """One tournament of the file: its settings, stages, entries, entrants and rounds."""
    return {
        **_settings_part(tournament),
        "stages": [_stage_part(stage) for stage in tournament.stages],
        "entries": [
            {**_names_part(row), "withdrawn": row.withdrawn} for row in services.entries(tournament)
        ],
        "entrants": [
            {
                "number": row.number,
                **_names_part(row),
                "group": row.group_index,
                "place": row.group_place,
                # Withdrawn mid-tournament: the rounds it had then (only when withdrawn).
                **({"withdrawn_rounds": row.withdrawn_rounds} if row.withdrawn else {}),
            }
            for row in services.entrants(tournament)
        ],
        "rounds": _rounds_part(tournament, positions),
    }


def _settings_part(tournament: Tournament) -> dict[str, Any]:
    """A tournament's settings, status and the draw's seed."""
    return {
        "name": tournament.name,
        "held_on": tournament.held_on.isoformat(),
        "structure": tournament.structure,
        "rules": tournament.rules.to_json(),
        "tie_break": list(tournament.tie_break),
        "points": points_part(tournament),
        "entry_fee_cents": tournament.entry_fee_cents,
        "public": tournament.is_public,
        "seed": tournament.seed,
        "status": tournament.status,
    }


def _stage_part(stage: Stage) -> dict[str, Any]:
    """A stage's match lengths and targets (a knockout's per round, when set), its shape,
    and a knockout's lines."""
    own = {key: getattr(stage, key) for key in ROUND_TARGETS if getattr(stage, key) is not None}
    return own | {
        "kind": stage.kind,
        "best_of": stage.games,
        "target": stage.target,
        "final_best_of": stage.final_games,
        "final_target": stage.final_target,
        "rounds": stage.rounds,
        "group_size": stage.group_size,
        "qualifiers": stage.qualifiers,
        "third_place": stage.third_place,
        "lines": stage.lines,
    }


def _names_part(row: Entry | Entrant) -> dict[str, Any]:
    """An entry's or an entrant's names, club and seed."""
    return {"names": list(row.names), "club": row.club, "seed": row.seed}


def _rounds_part(tournament: Tournament, positions: Mapping[int, int]) -> list[dict[str, Any]]:
    """Every round so far (its stage by number) with its matches."""
    stage_numbers = {stage.id: stage.number for stage in tournament.stages}
    number_of = {row.id: row.number for row in services.entrants(tournament)}
    return [
        {
            "stage": stage_numbers[stage.id],
            "number": round_.number,
            "matches": [
                _match_part(match, number_of, positions) for match in services.matches(round_)
            ],
        }
        for stage, round_ in services.rounds(tournament)
    ]


def _match_part(
    match: Match, number_of: Mapping[int, int], positions: Mapping[int, int]
) -> dict[str, Any]:
    """A match: table or slot, group, sides by number, its partite by their place in the
    file's games, its result."""
    result = services.result_of(match)
    return {
        "table": match.table_number,
        "slot": match.slot,
        "group": match.group_index,
        "first": number_of[match.first_id],
        "second": number_of[match.second_id] if match.second_id is not None else None,
        **({"third": number_of[match.third_id]} if match.third_id is not None else {}),
        "best_of": match.games,
        "target": match.target,
        "games": [positions[game.id] for game in services.match_games(match)],
        "result": None
        if result is None
        else {
            "wins": list(result.wins),
            "points": list(result.points),
            "winner": number_of[result.winner_id] if result.winner_id is not None else None,
            "by_hand": result.by_hand,
            **({"forfeit": True} if result.forfeit else {}),  # lost by forfeit: only then
        },
    }
