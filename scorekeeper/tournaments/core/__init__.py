"""The rules of a tournament, as pure functions: no Flask, no database.

The modules, from the bottom up:

- :mod:`.errors`: :class:`TournamentError`, a :class:`ValueError`;
- :mod:`.entrants`: entries (pairs, singles), the entrants of a draw, the seeded
  random source (:func:`draw_rng`);
- :mod:`.rounds`: a round's pairings at numbered tables and its bye;
- :mod:`.roundrobin`: the circle method;
- :mod:`.groups`: the draw into groups (gironi), seeds one per group, clubs apart;
- :mod:`.matching`: maximum matchings (Edmonds), for the Swiss pairing;
- :mod:`.swiss`: Swiss and Danish rounds;
- :mod:`.knockout`: the bracket, byes to the top seeds, filled in as results come;
- :mod:`.match`: one partita or the best of N;
- :mod:`.standings`: points, the tie-break chain and the reason of each decided tie;
- :mod:`.threes`: the 3-player format: tables of three, its round-robin and Swiss
  rounds, its points (3-1-0) and standings; no knockout;
- :mod:`.rotating`: individual tournaments with rotating partners (baraonda): a new
  partner every round, opponents repeated as rarely as possible (networkx's
  maximum-weight matching);
- :mod:`.clubs`: club against club, every pair of one club against a pair of the
  other, and the team standings.
"""

from .circuit import (
    DEFAULT_TABLE,
    CircuitRow,
    Placing,
    PointsTable,
    circuit_ranking,
    knockout_places,
    player_key,
)
from .clubs import (
    ClubResult,
    ClubRound,
    ClubStanding,
    check_clubs,
    club_round,
    club_standings,
    most_club_rounds,
)
from .entrants import Entrant, EntrantDraw, EntrantId, Entry, draw_entrants, draw_rng
from .errors import TournamentError
from .groups import ClubClash, GroupDraw, draw_groups, group_sizes
from .knockout import Bracket, KnockoutMatch, seeding_order
from .match import MatchLength, MatchScore
from .rotating import (
    Foursome,
    RotatingRound,
    check_players,
    individual_chain,
    individual_results,
    most_rotating_rounds,
    resting,
    rotating_round,
)
from .roundrobin import round_robin
from .rounds import Pairing, Round
from .standings import ITALIAN, Points, Reason, Result, Standing, TieBreak, standings
from .swiss import danish_round, same_club_pairs, swiss_round
from .threes import (
    NO_KNOCKOUT,
    Table,
    ThreePoints,
    ThreeResult,
    ThreeResultError,
    ThreeRound,
    ThreeStanding,
    check_three_stages,
    most_rounds,
    three_round,
    three_round_robin,
    three_standings,
    three_winner,
)

__all__ = [
    "DEFAULT_TABLE",
    "ITALIAN",
    "NO_KNOCKOUT",
    "Bracket",
    "CircuitRow",
    "ClubClash",
    "ClubResult",
    "ClubRound",
    "ClubStanding",
    "Entrant",
    "EntrantDraw",
    "EntrantId",
    "Entry",
    "Foursome",
    "GroupDraw",
    "KnockoutMatch",
    "MatchLength",
    "MatchScore",
    "Pairing",
    "Placing",
    "Points",
    "PointsTable",
    "Reason",
    "Result",
    "RotatingRound",
    "Round",
    "Standing",
    "Table",
    "ThreePoints",
    "ThreeResult",
    "ThreeResultError",
    "ThreeRound",
    "ThreeStanding",
    "TieBreak",
    "TournamentError",
    "check_clubs",
    "check_players",
    "check_three_stages",
    "circuit_ranking",
    "club_round",
    "club_standings",
    "danish_round",
    "draw_entrants",
    "draw_groups",
    "draw_rng",
    "group_sizes",
    "individual_chain",
    "individual_results",
    "knockout_places",
    "most_club_rounds",
    "most_rotating_rounds",
    "most_rounds",
    "player_key",
    "resting",
    "rotating_round",
    "round_robin",
    "same_club_pairs",
    "seeding_order",
    "standings",
    "swiss_round",
    "three_round",
    "three_round_robin",
    "three_standings",
    "three_winner",
]
