"""Creating a tournament: its settings checked, its stages, its organiser as its first
member, and the leagues it may belong to."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.leagues import services as leagues
from scorekeeper.leagues.models import League
from scorekeeper.leagues.models import Role as LeagueRole
from scorekeeper.scoring import TARGET_RANGE, TWO_CLEAR
from scorekeeper.tournaments import core
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.inputs import FORMAT_KEYS, StageSetup, TournamentSetup
from scorekeeper.tournaments.models import (
    NAME_MAX,
    Member,
    Role,
    Stage,
    StageKind,
    Status,
    Structure,
    Tournament,
)
from scorekeeper.tournaments.services.settings import (
    GAMES_MAX,
    THREE,
    StageShape,
    stage_kinds,
    stage_shape,
)
from scorekeeper.transactions import in_transaction

#: The margins a partita may be won by: none, or "con 2 di scarto".
MARGINS = (0, 2)
#: Structures played by pairs of two players (rotating partners, club against club).
PAIRS_ONLY = (Structure.ROTATING, Structure.CLUBS)


def create_tournament(organiser: User, setup: TournamentSetup) -> Tournament:
    """A new tournament, its stages, and its organiser as its first member."""
    name = _checked_name(setup.name)
    _check_format(setup)
    stages = _stage_rows(setup)
    _check_scoring(setup)
    if setup.league_id is not None and setup.league_id not in {
        league.id for league in leagues_for(organiser)
    }:
        raise TournamentRefused("league_refused", "league")
    return in_transaction(lambda: _store_tournament(organiser, setup, name, stages))


def _checked_name(text: str) -> str:
    """The tournament's name, its spacing tidied, checked."""
    name = " ".join(text.split())
    if not name:
        raise TournamentRefused("name_required", "name")
    if len(name) > NAME_MAX:
        raise TournamentRefused("name_too_long", "name")
    return name


def _check_scoring(setup: TournamentSetup) -> None:
    """Refuse a tie-break step twice, match points out of order, a negative entry fee."""
    if len(set(setup.tie_break)) != len(setup.tie_break):
        raise TournamentRefused("tie_break_twice", "tie_break")
    points = setup.points
    if not points.win >= points.draw >= points.loss >= 0 or points.bye < 0:
        raise TournamentRefused("points_order", "points")
    if setup.entry_fee_cents < 0:
        raise TournamentRefused("entry_fee", "entry_fee")
    if setup.margin not in MARGINS:
        raise TournamentRefused("margin_range", "margin")


def _store_tournament(
    organiser: User, setup: TournamentSetup, name: str, stages: list[Stage]
) -> Tournament:
    """Store the checked tournament, its ``stages`` and its organiser as a member."""
    points = setup.points
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
        needs_confirmation=setup.needs_confirmation,
        status=Status.SETUP.value,
    )
    # The margin is the games' own (their rules'), and the results entered by hand's.
    margin = TWO_CLEAR if setup.margin else 1
    tournament.rules = replace(setup.rules, target=stages[0].target, margin=margin)
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


def _check_format(setup: TournamentSetup) -> None:
    """Refuse a format the tournaments do not play, and first a knockout of three."""
    if setup.rules.format.key == "3":
        try:
            core.check_three_stages(StageKind.KNOCKOUT in stage_kinds(setup.structure))
        except core.TournamentError as error:
            raise TournamentRefused("three_no_knockout", "structure") from error
    if setup.rules.format.key not in FORMAT_KEYS:
        raise TournamentRefused("format_unsupported", "format")
    if setup.structure in PAIRS_ONLY:
        if setup.rules.format.key != "2x2":
            raise TournamentRefused("pairs_format", "format")
        if setup.league_id is not None:
            raise TournamentRefused("format_no_league", "league")
    if setup.rules.format.key == THREE and any(
        stage.games != 1 or stage.final_games not in (None, 1) for stage in setup.stages
    ):
        raise TournamentRefused("three_one_partita", "games")


def _stage_rows(setup: TournamentSetup) -> list[Stage]:
    """The stages of ``setup``, checked (not added to the session)."""
    kinds = stage_kinds(setup.structure)
    if len(setup.stages) != len(kinds):
        raise TournamentRefused("stage_count", "stages")
    rows = []
    for number, (kind, stage) in enumerate(zip(kinds, setup.stages, strict=True), start=1):
        final = _checked_length(kind, stage)
        knockout = kind is StageKind.KNOCKOUT
        row = Stage(
            number=number,
            kind=kind.value,
            games=stage.games,
            target=stage.target,
            final_games=final.games,
            final_target=final.target,
            semifinal_target=final.semifinal_target if knockout else None,
            quarterfinal_target=final.quarterfinal_target if knockout else None,
            third_place_target=final.third_place_target if knockout else None,
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
    final = StageSetup(
        stage.final_games or stage.games,
        stage.final_target or stage.target,
        semifinal_target=stage.semifinal_target,
        quarterfinal_target=stage.quarterfinal_target,
        third_place_target=stage.third_place_target,
    )
    for own in (final.semifinal_target, final.quarterfinal_target, final.third_place_target):
        if own is not None and own not in TARGET_RANGE:
            raise TournamentRefused("target_range", "target")
    for games_, target in ((stage.games, stage.target), (final.games, final.target)):
        if games_ not in range(1, GAMES_MAX + 1):
            raise TournamentRefused("games_range", "games")
        if kind is StageKind.KNOCKOUT and games_ % 2 == 0:
            raise TournamentRefused("knockout_games_odd", "games")
        if target not in TARGET_RANGE:
            raise TournamentRefused("target_range", "target")
    return final


def leagues_for(user: User) -> list[League]:
    """The leagues a tournament of ``user``'s may belong to: those where ``user`` may
    start games (owner or scorer), by name. Its matches are then that league's games."""
    return [league for league, role in leagues.leagues_of(user) if role >= LeagueRole.SCORER]
