"""The league file's part that carries a league's tournaments: out, checked, in."""

from __future__ import annotations

from scorekeeper.leagues.transfer import FilePart
from scorekeeper.tournaments.transfer.league_check import check_league_part
from scorekeeper.tournaments.transfer.league_export import league_part
from scorekeeper.tournaments.transfer.league_fields import LEAGUE_KEY
from scorekeeper.tournaments.transfer.league_write import write_league_part

#: The league file's part of a league's tournaments, registered by `scorekeeper.tournaments.games`.
LEAGUE_PART = FilePart(LEAGUE_KEY, league_part, check_league_part, write_league_part)
