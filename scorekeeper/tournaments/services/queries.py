"""Reading what is stored of a tournament: its league, its entries and entrants (and
their groups), its rounds and matches, each match's games and result."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import or_, select

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League
from scorekeeper.tournaments import core
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import (
    Entrant,
    Entry,
    Match,
    MatchGame,
    MatchResult,
    ResultState,
    Round,
    Stage,
    Tournament,
)


def league_of(tournament: Tournament) -> League | None:
    """The league ``tournament`` belongs to, if any."""
    if tournament.league_id is None:
        return None
    return db.session.get(League, tournament.league_id)


def entries(tournament: Tournament) -> list[Entry]:
    """The entry list in the order typed (withdrawn lines included, marked)."""
    return list(
        db.session.scalars(
            select(Entry).where(Entry.tournament_id == tournament.id).order_by(Entry.position)
        )
    )


def entrants(tournament: Tournament) -> list[Entrant]:
    """The entrants of the draw, by number."""
    return list(
        db.session.scalars(
            select(Entrant).where(Entrant.tournament_id == tournament.id).order_by(Entrant.number)
        )
    )


def withdrawn_numbers(tournament: Tournament) -> set[int]:
    """The numbers of the entrants withdrawn mid-tournament (paired no more)."""
    return {row.number for row in entrants(tournament) if row.withdrawn}


def core_entrants(tournament: Tournament) -> list[core.Entrant]:
    """The entrants of the draw as the core reads them."""
    return [core.Entrant(row.number, row.names, row.club, row.seed) for row in entrants(tournament)]


def group_numbers(tournament: Tournament) -> list[list[int]]:
    """Each group's entrant numbers in their drawn order."""
    return group_numbers_of(entrants(tournament))


def group_numbers_of(rows: Iterable[Entrant]) -> list[list[int]]:
    """Each group's entrant numbers in their drawn order, of the entrants ``rows``."""
    groups: dict[int, list[tuple[int, int]]] = {}
    for row in rows:
        if row.group_index is not None and row.group_place is not None:
            groups.setdefault(row.group_index, []).append((row.group_place, row.number))
    return [[number for _, number in sorted(groups[g])] for g in sorted(groups)]


def rounds(tournament: Tournament) -> list[tuple[Stage, Round]]:
    """Every round so far, stage by stage."""
    rows = db.session.execute(
        select(Stage, Round)
        .join(Round, Round.stage_id == Stage.id)
        .where(Round.tournament_id == tournament.id)
        .order_by(Stage.number, Round.number)
    ).all()
    return [(stage, round_) for stage, round_ in rows]


def current_round(tournament: Tournament) -> tuple[Stage, Round]:
    """The latest round and its stage (refused before the start)."""
    played = rounds(tournament)
    if not played:
        raise TournamentRefused("not_started")
    return played[-1]


def stage_of(match: Match) -> Stage:
    """The stage ``match`` is played in."""
    round_ = db.session.get_one(Round, match.round_id)
    return db.session.get_one(Stage, round_.stage_id)


def matches(round_: Round) -> list[Match]:
    """The matches of a round by table, byes last (a knockout's: by slot)."""
    rows = db.session.scalars(select(Match).where(Match.round_id == round_.id))
    return sorted(rows, key=lambda m: (m.table_number is None, m.table_number or 0, m.id))


def open_matches(round_: Round) -> list[Match]:
    """The matches of ``round_`` still without a result that counts: none yet, or one
    awaiting confirmation or disputed (`unconfirmed_matches`)."""
    return list(
        db.session.scalars(
            select(Match)
            .outerjoin(MatchResult, MatchResult.match_id == Match.id)
            .where(
                Match.round_id == round_.id,
                or_(MatchResult.id.is_(None), MatchResult.state != ResultState.CONFIRMED.value),
            )
        )
    )


def unconfirmed_matches(round_: Round) -> list[Match]:
    """The matches of ``round_`` whose result awaits confirmation or is disputed."""
    return list(
        db.session.scalars(
            select(Match)
            .join(MatchResult, MatchResult.match_id == Match.id)
            .where(Match.round_id == round_.id, MatchResult.state != ResultState.CONFIRMED.value)
        )
    )


def open_matches_of(stage: Stage) -> list[Match]:
    """The matches of ``stage`` still without a result, in play order."""
    return list(
        db.session.scalars(
            select(Match)
            .join(Round, Round.id == Match.round_id)
            .outerjoin(MatchResult, MatchResult.match_id == Match.id)
            .where(Round.stage_id == stage.id, MatchResult.id.is_(None))
            .order_by(Round.number, Match.id)
        )
    )


def matches_of_entrant(entrant: Entrant) -> list[Match]:
    """Every match ``entrant`` is seated at (its byes too, and with rotating partners
    those where it is a partner), in play order."""
    side = (
        (Match.first_id == entrant.id)
        | (Match.second_id == entrant.id)
        | (Match.third_id == entrant.id)
        | (Match.first_partner_id == entrant.id)
        | (Match.second_partner_id == entrant.id)
    )
    return list(
        db.session.scalars(
            select(Match)
            .join(Round, Round.id == Match.round_id)
            .join(Stage, Stage.id == Round.stage_id)
            .where(side)
            .order_by(Stage.number, Round.number, Match.id)
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
