"""A planned round stored: its matches at their tables, each with its first partita, a
game of the app (in a league tournament, of the league's players); a bye's result at once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import Game
from scorekeeper.leagues import services as leagues
from scorekeeper.leagues.models import League, Player, name_key
from scorekeeper.tournaments import core
from scorekeeper.tournaments.models import (
    Entrant,
    Match,
    MatchGame,
    MatchResult,
    Round,
    Stage,
    StageKind,
    Tournament,
)
from scorekeeper.tournaments.services.queries import entrants
from scorekeeper.tournaments.services.settings import is_three


@dataclass(frozen=True)
class Planned:
    """A match to create: table (None: a bye), the entrants' numbers, slot and group
    (with rotating partners, each side's partner too)."""

    table: int | None
    first: int
    second: int | None
    slot: int | None = None
    group: int | None = None
    third: int | None = None
    first_partner: int | None = None
    second_partner: int | None = None


def planned_pairs(planned: core.Round, group: int | None = None) -> list[Planned]:
    """The matches of a round the core planned: its tables in order, then the bye."""
    matches = [
        Planned(pairing.table, pairing.first, pairing.second, group=group)
        for pairing in planned.pairings
    ]
    if planned.bye is not None:
        matches.append(Planned(None, planned.bye, None, group=group))
    return matches


def planned_tables(planned: core.ThreeRound, group: int | None = None) -> list[Planned]:
    """The matches of a round of three the core planned: its tables, then the byes."""
    matches = [
        Planned(table.table, table.seats[0], table.seats[1], group=group, third=table.seats[2])
        for table in planned.tables
    ]
    matches.extend(Planned(None, bye, None, group=group) for bye in planned.byes)
    return matches


def store_round(
    tournament: Tournament, stage: Stage, number: int, planned: Sequence[Planned]
) -> Round:
    """Store a round of ``stage`` with its matches, each with its first game; a bye's
    result is recorded at once."""
    made = Round(tournament_id=tournament.id, stage_id=stage.id, number=number)
    db.session.add(made)
    db.session.flush()
    for plan in planned:
        store_match(tournament, stage, made, plan)
    return made


def store_match(tournament: Tournament, stage: Stage, round_: Round, plan: Planned) -> Match:
    """Store one match of ``round_`` and its first game (a bye: its result)."""
    by_number = {row.number: row for row in entrants(tournament)}
    # The final is played at the final's length; the third-place match (slot 1) is not.
    final = (
        stage.kind == StageKind.KNOCKOUT.value
        and is_final_round(stage, round_.number)
        and plan.slot == 0
    )
    target = round_target(stage, round_.number, plan.slot)
    match = Match(
        tournament_id=tournament.id,
        round_id=round_.id,
        table_number=plan.table,
        slot=plan.slot,
        group_index=plan.group,
        first_id=by_number[plan.first].id,
        second_id=by_number[plan.second].id if plan.second is not None else None,
        third_id=by_number[plan.third].id if plan.third is not None else None,
        first_partner_id=_id_of(by_number, plan.first_partner),
        second_partner_id=_id_of(by_number, plan.second_partner),
        format_key=tournament.format_key,
        games=stage.final_games if final else stage.games,
        target=target,
    )
    db.session.add(match)
    db.session.flush()
    if match.second_id is None:
        db.session.add(_bye_result(match))
    else:
        new_game(tournament, match, 1)
    db.session.flush()
    return match


def _bye_result(match: Match) -> MatchResult:
    """The result of a bye: its one side wins, no partita played."""
    return MatchResult(
        match_id=match.id,
        winner_id=match.first_id,
        wins_first=0,
        wins_second=0,
        points_first=0,
        points_second=0,
    )


def _id_of(by_number: dict[int, Entrant], number: int | None) -> int | None:
    return None if number is None else by_number[number].id


def round_target(stage: Stage, number: int, slot: int | None) -> int:
    """The target of a match of round ``number`` of ``stage`` in ``slot``: a knockout's
    final's (slot 0 of its last round), third-place match's (slot 1), semifinals' and
    quarterfinals' own where set, else the stage's."""
    knockout = stage.kind == StageKind.KNOCKOUT.value
    if knockout and is_final_round(stage, number):
        if slot == 0:
            return stage.final_target
        if slot == 1 and stage.third_place_target is not None:
            return stage.third_place_target
    if is_semifinal(stage, number) and stage.semifinal_target is not None:
        return stage.semifinal_target
    if is_quarterfinal(stage, number) and stage.quarterfinal_target is not None:
        return stage.quarterfinal_target
    return stage.target


def is_quarterfinal(stage: Stage, number: int) -> bool:
    """Whether round ``number`` of ``stage`` is a knockout's quarterfinals."""
    lines = len(stage.lines or ())
    return (
        stage.kind == StageKind.KNOCKOUT.value
        and lines > 4
        and number == (lines - 1).bit_length() - 2
    )


def is_semifinal(stage: Stage, number: int) -> bool:
    """Whether round ``number`` of ``stage`` is a knockout's semifinals."""
    lines = len(stage.lines or ())
    return (
        stage.kind == StageKind.KNOCKOUT.value
        and lines > 2
        and number == (lines - 1).bit_length() - 1
    )


def is_final_round(stage: Stage, number: int) -> bool:
    """Whether round ``number`` of the knockout ``stage`` is its final's."""
    lines = len(stage.lines or ())
    return lines > 1 and number == (lines - 1).bit_length()


def new_game(tournament: Tournament, match: Match, number: int) -> Game:
    """Partita ``number`` of ``match``: a game of the app, the first entrant's side 0 (a
    match of three: a game of three sides, in the match's side order)."""
    names = _seat_names(tournament, match)
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


def _seat_names(tournament: Tournament, match: Match) -> list[str]:
    """The names at the table of ``match``, as its game seats them: one a side, or a
    pair's two (each side's first players, then their partners; with rotating partners
    the two players entered alone)."""
    first = db.session.get_one(Entrant, match.first_id)
    second = db.session.get_one(Entrant, match.second_id)
    if match.first_partner_id is not None and match.second_partner_id is not None:
        names = [first.first_name, second.first_name]
        names += [db.session.get_one(Entrant, i).first_name for i in _partner_ids(match)]
    elif tournament.format_key == "2":
        names = [first.first_name, second.first_name]
    elif is_three(tournament):
        names = [db.session.get_one(Entrant, i).first_name for i in match.side_ids]
    else:
        names = [first.first_name, second.first_name]
        names += [first.second_name or first.first_name, second.second_name or second.first_name]
    return names


def _partner_ids(match: Match) -> tuple[int, ...]:
    return tuple(i for i in (match.first_partner_id, match.second_partner_id) if i is not None)


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
