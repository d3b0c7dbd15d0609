"""A match's result sheet: every hand of its partite, who entered and changed each, its
result and its whole history in words, signed (`scorekeeper.audit.sheet`) so that the
QR printed on it opens a page proving the sheet authentic and unchanged."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.extensions import db
from scorekeeper.games.sheet import ResultSheet, result_sheet
from scorekeeper.grammar import Side
from scorekeeper.grammar import gettext as _
from scorekeeper.tournaments import pages, services
from scorekeeper.tournaments.labels import round_title
from scorekeeper.tournaments.models import Entrant, Match, MatchResult, Tournament
from scorekeeper.tournaments.services.queries import stage_of


@dataclass(frozen=True)
class MatchSheet:
    """What a match's sheet shows and signs."""

    key: str
    title: str
    table: int | None
    sides: tuple[str, ...]
    result: MatchResult | None
    sheet: ResultSheet

    def part_label(self, key: str) -> str:
        """A signed part in words ("Partita 1, hand 3", "the result")."""
        if key == "result":
            return _("the match's result")
        game, _dot, hand = key.partition(".")
        label = next((g.label for g in self.sheet.games if g.key == game), game)
        return _("%(game)s, hand %(number)s", game=label, number=hand) if hand else label


def match_sheet(tournament: Tournament, match: Match) -> MatchSheet:
    """The sheet of ``match`` as it is now (three statements for the hands and history)."""
    entrants = [db.session.get_one(Entrant, i) for i in match.side_ids]
    played = services.match_games(match)
    result = services.result_of(match)
    games = [
        (f"p{number}", _("Partita %(number)s", number=number), game)
        for number, game in enumerate(played, 1)
    ]
    result_part = None
    if result is not None:
        result_part = [list(result.wins), list(result.points), result.winner_id, result.by_hand]
    sheet = result_sheet(
        games,
        match_id=match.id,
        match_sides=[Side(entrant.names) for entrant in entrants],
        extra_parts={"result": result_part},
    )
    stage = stage_of(match)
    title = " · ".join((tournament.name, pages.stage_title(stage), round_title(stage, match.round)))
    return MatchSheet(
        key=f"match:{match.id}",
        title=title,
        table=match.table_number,
        sides=tuple(entrant.name for entrant in entrants),
        result=result,
        sheet=sheet,
    )
