"""Where a match is played, in words, one line: "Torneo d'autunno · Girone B · Turno 2 ·
Tavolo 3". The table's board shows it (a pair that scanned the next table's QR sees it
before entering a hand), and so do the result form and its saved message; whatever else
names a match to the people at its table (a confirmation) says it the same way."""

from __future__ import annotations

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.grammar import gettext as _
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Match, Round, Stage, StageKind, Tournament


def group_letter(index: int) -> str:
    """Group A, B, ... (past Z: numbers)."""
    return chr(ord("A") + index) if index < 26 else str(index + 1)


def round_title(stage: Stage, round_: Round) -> str:
    """ "Round 2", or a knockout's "Semifinals", "Final"."""
    if stage.kind == StageKind.KNOCKOUT.value and stage.lines:
        left = (len(stage.lines) - 1).bit_length() - round_.number
        return knockout_round_title(left, round_.number)
    return _("Round %(number)d", number=round_.number)


def knockout_round_title(left: int, number: int) -> str:
    """The name of a knockout round with ``left`` rounds after it."""
    if left == 0:
        return _("Final")
    if left == 1:
        return _("Semifinals")
    if left == 2:
        return _("Quarterfinals")
    return _("Knockout round %(number)d", number=number)


def match_label(match: Match) -> str:
    """The tournament, the group (in a groups stage of several), the round (a knockout's
    by its name: "Semifinali") and the table of ``match`` (a bye: no table), one line:
    "Torneo d'autunno · Girone B · Turno 2 · Tavolo 3"."""
    return " · ".join(match_parts(match))


def match_parts(match: Match) -> tuple[str, ...]:
    """The parts of `match_label`, the tournament's name first."""
    round_ = db.session.get_one(Round, match.round_id)
    stage = db.session.get_one(Stage, round_.stage_id)
    tournament = db.session.get_one(Tournament, match.tournament_id)
    parts = [tournament.name]
    groups = stage.kind == StageKind.GROUPS.value and stage.qualifiers is not None
    if groups and match.group_index is not None:
        parts.append(_("Group %(letter)s", letter=group_letter(match.group_index)))
    parts.append(round_title(stage, round_))
    if match.table_number is not None:
        parts.append(_("Table %(number)d", number=match.table_number))
    return tuple(parts)


def game_label(game: Game) -> tuple[str, ...] | None:
    """Where ``game`` is played if it is a partita of a tournament's match: the parts of
    the match's label, with the partita in a best of N ("Partita 2 di 3")."""
    match = services.match_of_game(game)
    if match is None:
        return None
    parts = match_parts(match)
    if match.games > 1:
        number = next(
            (n for n, g in enumerate(services.match_games(match), start=1) if g.id == game.id), 1
        )
        parts += (_("Partita %(number)d of %(games)d", number=number, games=match.games),)
    return parts
