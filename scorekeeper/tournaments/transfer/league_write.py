"""The checked tournaments of a league file written into the new league, organised by
its owner, their matches played on the new games; results entered by hand counted
in the league."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues import standings as league_standings
from scorekeeper.leagues.transfer import ImportRefused
from scorekeeper.scoring.errors import N_
from scorekeeper.tournaments.models import (
    Entrant,
    Entry,
    Match,
    MatchGame,
    MatchResult,
    Member,
    Role,
    Round,
    Stage,
    Tournament,
)


def write_league_part(
    league_id: int, tournaments: Sequence[dict[str, Any]], game_ids: Sequence[int], owner_id: int
) -> None:
    """Store the checked tournaments of a league file in the new league (`FilePart.write`),
    ``owner_id`` their organiser; a match's games are the new games at their places in
    the file. A match whose result was entered by hand then counts in the league as its
    result (`services.league_results`): its games' rows are written again and the
    league re-rated and its standings rebuilt once."""
    by_hand = [
        game_ids[position]
        for spec in tournaments
        for round_ in spec["rounds"]
        for match in round_["matches"]
        if match["result"] is not None and match["result"]["by_hand"]
        for position in match["partite"]
    ]
    for spec in tournaments:
        _write_tournament(league_id, spec, game_ids, owner_id)
    db.session.flush()
    if by_hand:
        for game_id in by_hand:
            league_standings.write_results(db.session.get_one(Game, game_id))
        league_standings.rebuild(league_id)
    db.session.flush()


def _write_tournament(
    league_id: int, spec: Mapping[str, Any], game_ids: Sequence[int], owner_id: int
) -> None:
    """One checked tournament of a league file, stored in the league."""
    tournament = _new_tournament(league_id, spec, owner_id)
    stages = [
        Stage(tournament_id=tournament.id, number=n, **s) for n, s in enumerate(spec["stages"], 1)
    ]
    db.session.add_all(stages)
    db.session.add_all(
        Entry(
            tournament_id=tournament.id,
            position=position,
            first_name=entry["names"][0],
            second_name=entry["names"][1] if len(entry["names"]) == 2 else None,
            club=entry["club"],
            seed=entry["seed"],
            withdrawn=entry["withdrawn"],
        )
        for position, entry in enumerate(spec["entries"], start=1)
    )
    entrants = _entrant_rows(tournament, spec["entrants"])
    db.session.add_all(entrants.values())
    db.session.flush()
    for round_spec in spec["rounds"]:
        round_ = Round(
            tournament_id=tournament.id,
            stage_id=stages[round_spec["stage"] - 1].id,
            number=round_spec["number"],
        )
        db.session.add(round_)
        db.session.flush()
        for match_spec in round_spec["matches"]:
            _write_match(tournament, round_, match_spec, entrants, game_ids)


def _new_tournament(league_id: int, spec: Mapping[str, Any], owner_id: int) -> Tournament:
    """The tournament's row, flushed, and its organiser's membership."""
    win, draw, loss, bye = spec["points"]
    tournament = Tournament(
        name=spec["name"],
        held_on=spec["held_on"],
        organiser_id=owner_id,
        league_id=league_id,
        structure=spec["structure"],
        tie_break=spec["tie_break"],
        points_win=win,
        points_draw=draw,
        points_loss=loss,
        points_bye=bye,
        entry_fee_cents=spec["entry_fee_cents"],
        is_public=spec["public"],
        seed=spec["seed"],
        status=spec["status"],
    )
    tournament.rules = spec["rules"]
    db.session.add(tournament)
    db.session.flush()
    db.session.add(Member(tournament_id=tournament.id, user_id=owner_id, role=Role.ORGANISER.key))
    return tournament


def _entrant_rows(
    tournament: Tournament, entrants: Mapping[int, Mapping[str, Any]]
) -> dict[int, Entrant]:
    """The rows of the draw's entrants by number (not added to the session)."""
    return {
        number: Entrant(
            tournament_id=tournament.id,
            number=number,
            first_name=entrant["names"][0],
            second_name=entrant["names"][1] if len(entrant["names"]) == 2 else None,
            club=entrant["club"],
            seed=entrant["seed"],
            group_index=entrant["group"],
            group_place=entrant["place"],
            withdrawn_rounds=entrant["withdrawn_rounds"],
        )
        for number, entrant in entrants.items()
    }


def _write_match(
    tournament: Tournament,
    round_: Round,
    spec: Mapping[str, Any],
    entrants: Mapping[int, Entrant],
    game_ids: Sequence[int],
) -> None:
    """One checked match of ``round_``, its partite the new games at their places in
    the file (of the tournament's format), and its result."""
    second, third = spec["second"], spec["third"]
    match = Match(
        tournament_id=tournament.id,
        round_id=round_.id,
        table_number=spec["table"],
        slot=spec["slot"],
        group_index=spec["group"],
        first_id=entrants[spec["first"]].id,
        second_id=entrants[second].id if second is not None else None,
        third_id=entrants[third].id if third is not None else None,
        format_key=tournament.format_key,
        games=spec["games"],
        target=spec["target"],
    )
    db.session.add(match)
    db.session.flush()
    for number, position in enumerate(spec["partite"], start=1):
        game = db.session.get_one(Game, game_ids[position])
        if game.format_key != tournament.format_key:
            raise ImportRefused(
                f"{spec['where']}.games[{number - 1}]", N_("a game of another format")
            )
        game.tournament_id = tournament.id
        db.session.add(MatchGame(match_id=match.id, game_id=game.id, number=number))
    if spec["result"] is not None:
        db.session.add(_result_row(match, spec["result"], entrants))


def _result_row(
    match: Match, result: Mapping[str, Any], entrants: Mapping[int, Entrant]
) -> MatchResult:
    """The checked result of ``match`` as its row: a value per side, two or three."""
    winner, wins, points = result["winner"], result["wins"], result["points"]
    return MatchResult(
        match_id=match.id,
        winner_id=entrants[winner].id if winner is not None else None,
        wins_first=wins[0],
        wins_second=wins[1],
        wins_third=wins[2] if len(wins) == 3 else None,
        points_first=points[0],
        points_second=points[1],
        points_third=points[2] if len(points) == 3 else None,
        by_hand=result["by_hand"],
        forfeit=result["forfeit"],
    )
