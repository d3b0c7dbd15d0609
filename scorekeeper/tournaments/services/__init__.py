"""Tournament use cases, one function each: create, entries, the draw, rounds, results.

The rules of a tournament (draws, pairings, brackets, best of N, standings) are the
pure functions of `scorekeeper.tournaments.core`; these functions read what is
stored into its values, call it, and store what it decided. Every function that
changes data is one transaction (`in_transaction`, run again where the database
asks): a refusal (`TournamentRefused`) leaves nothing half-saved.

Changes that must run one at a time take a row lock first by bumping a version,
as games do (`scorekeeper.games.services.lock_game`): the tournament's (the draw,
a new round) or the match's (its result). The order is always game, then match,
then tournament, so two changes never wait on each other in a circle; the UNIQUE
constraints (one result per match, one table per round, one game per partita)
decide where two inserts still meet, and the loser runs again and finds the row.

The package is split by job, each module importing only those below it (the
import-linter contract in pyproject.toml):

- `creation`: a new tournament, its settings checked, its stages and organiser;
- `membership`: its members (organiser, helpers, viewers);
- `registration`: the entry list (pasted, seeded, withdrawn);
- `pairing`: the start and each next round (round-robin, Swiss, Danish, next stage);
- `confirmation`: a side's confirmation or dispute of a result, the organiser's
  resolution, the disputes waiting;
- `by_hand`: a result entered by hand, and how it counts in a league;
- `results`: a result as the games decide it, and the tournament moved on;
- `corrections`: the later matches a correction affects, kept or replayed;
- `history`: the events the tournament's history records;
- `withdrawal`: a pair that leaves mid-tournament, its matches lost by forfeit;
- `drawing`: the draw (entrants, groups, a knockout's seeding), undone until the start;
- `progress`: whether a stage is over, and the winner;
- `formats`: rotating partners' and club against club's rounds, their checks at the
  draw, the team standings;
- `knockout`: the bracket, its first round and the matches it fills in;
- `confirming`: where a result stands when the other side confirms it, its rules;
- `ranking`: the standings of a stage or a group, and who has met whom;
- `seating`: a planned round stored, each match with its first partita;
- `queries`: reading entries, entrants, rounds, matches, their games and results;
- `locks`: the row locks and the status a change needs;
- `settings`: the formats, limits, and the kinds and shapes of stages;
- `house_rules`: the rule set and variants changed, from the next partita on.
"""

from scorekeeper.tournaments.inputs import FORMAT_KEYS
from scorekeeper.tournaments.services.by_hand import enter_result, league_results
from scorekeeper.tournaments.services.confirmation import (
    Dispute,
    confirm,
    dispute,
    disputes,
    resolve,
)
from scorekeeper.tournaments.services.confirming import (
    awaiting_sides,
    confirmed_sides,
    sides_confirmed,
    unconfirmed_count,
)
from scorekeeper.tournaments.services.corrections import CorrectionAffects, Later
from scorekeeper.tournaments.services.creation import create_tournament, leagues_for
from scorekeeper.tournaments.services.drawing import draw, left_out
from scorekeeper.tournaments.services.formats import club_table, clubs_of, rests
from scorekeeper.tournaments.services.house_rules import change_rules
from scorekeeper.tournaments.services.knockout import bracket, moved_on
from scorekeeper.tournaments.services.membership import (
    members,
    remove_member,
    set_member,
    tournaments_of,
)
from scorekeeper.tournaments.services.pairing import next_round, start
from scorekeeper.tournaments.services.progress import winner
from scorekeeper.tournaments.services.queries import (
    entrants,
    entries,
    games_of_matches,
    league_of,
    match_games,
    match_of_game,
    matches,
    matches_of_entrant,
    result_of,
    results_of_matches,
    rounds,
)
from scorekeeper.tournaments.services.ranking import (
    group_standings,
    standings,
    three_points,
    three_standings,
)
from scorekeeper.tournaments.services.registration import add_entries, parse_entries, set_entry
from scorekeeper.tournaments.services.results import game_changed
from scorekeeper.tournaments.services.settings import (
    ENTRIES_MAX,
    GAMES_MAX,
    ROUNDS_MAX,
    THREE,
    StageShape,
    is_clubs,
    is_rotating,
    is_three,
    stage_kinds,
    stage_shape,
)
from scorekeeper.tournaments.services.withdrawal import can_undo, undo_withdrawal, withdraw

__all__ = [
    "ENTRIES_MAX",
    "FORMAT_KEYS",
    "GAMES_MAX",
    "ROUNDS_MAX",
    "THREE",
    "CorrectionAffects",
    "Dispute",
    "Later",
    "StageShape",
    "add_entries",
    "awaiting_sides",
    "bracket",
    "can_undo",
    "change_rules",
    "club_table",
    "clubs_of",
    "confirm",
    "confirmed_sides",
    "create_tournament",
    "dispute",
    "disputes",
    "draw",
    "enter_result",
    "entrants",
    "entries",
    "game_changed",
    "games_of_matches",
    "group_standings",
    "is_clubs",
    "is_rotating",
    "is_three",
    "league_of",
    "league_results",
    "leagues_for",
    "left_out",
    "match_games",
    "match_of_game",
    "matches",
    "matches_of_entrant",
    "members",
    "moved_on",
    "next_round",
    "parse_entries",
    "remove_member",
    "resolve",
    "rests",
    "result_of",
    "results_of_matches",
    "rounds",
    "set_entry",
    "set_member",
    "sides_confirmed",
    "stage_kinds",
    "stage_shape",
    "standings",
    "start",
    "three_points",
    "three_standings",
    "tournaments_of",
    "unconfirmed_count",
    "undo_withdrawal",
    "winner",
    "withdraw",
]
