"""`flask --app scorekeeper seed-demo`: a realistic demo league to try the app and measure it.

Players with Italian names, a season per year, and games between random players
whose hands are random deals of the deck, scored by the scoring package like
any hand entered at the table (so every demo hand is a valid hand).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta

import click
from flask.cli import with_appcontext
from sqlalchemy import select

from scorekeeper.accounts.models import User
from scorekeeper.accounts.services import create_user, find_user
from scorekeeper.extensions import db
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.services import (
    NewGame,
    ScoredHand,
    new_game,
    score_hand,
)
from scorekeeper.leagues.inputs import LeagueSetup
from scorekeeper.leagues.models import League, Player, Season, name_key
from scorekeeper.leagues.services import create_league
from scorekeeper.leagues.transfer import add_league_games
from scorekeeper.scoring import DECK, FORMATS, Card, CardsEntry, GameState, Rules

#: A demo game stops after this many hands, with a winner or not.
MAX_HANDS = 60
#: A side's scope in a random hand: one of these, each as likely.
SCOPE_DEALT = (0, 0, 0, 1, 1, 2, 3)

FIRST = [
    "Anna",
    "Bruno",
    "Carla",
    "Dario",
    "Elena",
    "Franco",
    "Giulia",
    "Luca",
    "Marta",
    "Nino",
    "Olga",
    "Paolo",
    "Rita",
    "Sandro",
    "Tina",
    "Ugo",
    "Vera",
    "Walter",
    "Zeno",
    "Ada",
    "Beppe",
    "Chiara",
    "Davide",
    "Enzo",
    "Fabio",
    "Gina",
    "Ivo",
    "Lia",
    "Mario",
    "Nella",
]
LAST = [
    "Rossi",
    "Bianchi",
    "Esposito",
    "Romano",
    "Colombo",
    "Ricci",
    "Marino",
    "Greco",
    "Bruno",
    "Gallo",
    "Conti",
    "Costa",
    "Giordano",
    "Mancini",
    "Rizzo",
    "Lombardi",
    "Moretti",
    "Barbieri",
    "Fontana",
    "Caruso",
]


def random_hand(rng: random.Random, sides: int) -> CardsEntry:
    """A random deal of the deck among `sides` sides, with a few scope, as a cards entry
    (each pile in deck order)."""
    piles: list[list[Card]] = [[] for _ in range(sides)]
    for card in DECK:
        piles[rng.randrange(sides)].append(card)
    return CardsEntry.of(piles, [rng.choice(SCOPE_DEALT) for _ in piles])


def seed_league(
    owner: User, name: str, players: int, games: int, seed: int = 1, format_key: str = "2"
) -> League:
    """Create a public league of `players` players, a season per year and `games` games
    (one transaction: all of it, or nothing)."""
    rng = random.Random(seed)
    league = create_league(
        owner,
        LeagueSetup(name, is_public=True, rules=Rules(format=FORMATS[format_key])),
        commit=False,
    )
    db.session.add_all(
        Player(league_id=league.id, name=n, name_key=name_key(n)) for n in _names(rng, players)
    )
    this_year = datetime.now(UTC).year
    for year in (this_year - 1, this_year):
        db.session.add(
            Season(
                league_id=league.id,
                name=str(year),
                starts_on=date(year, 1, 1),
                ends_on=date(year, 12, 31),
                archived=year < this_year,
            )
        )
    db.session.flush()
    seed_games(league, games, seed)
    return league


def _names(rng: random.Random, count: int) -> list[str]:
    """`count` different Italian names (a number added where a name comes twice)."""
    names: list[str] = []
    seen: set[str] = set()
    while len(names) < count:
        candidate = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if name_key(candidate) in seen:
            candidate = f"{candidate} {len(names) + 1}"
        if name_key(candidate) not in seen:
            seen.add(name_key(candidate))
            names.append(candidate)
    return names


def seed_games(league: League, games: int, seed: int = 1, days: int = 700) -> None:
    """Add `games` finished games between random players, spread over the last `days`
    days, and commit them (one transaction). They are stored like an import's games
    (`add_league_games`), each hand scored once."""
    rng = random.Random(seed)
    roster = list(
        db.session.scalars(select(Player).where(Player.league_id == league.id).order_by(Player.id))
    )
    now = datetime.now(UTC)
    played_at = (
        (now - timedelta(days=days * (games - i) / max(games, 1))).replace(microsecond=0)
        for i in range(games)
    )
    add_league_games(league, (_random_game(rng, league, roster, at) for at in played_at))
    db.session.commit()


def _random_game(
    rng: random.Random, league: League, roster: Sequence[Player], played_at: datetime
) -> NewGame:
    """A game between random players of `roster`: random deals until a side wins (at
    most 60 hands), with the league's format and target and no variants."""
    league_rules = league.rules
    rules = Rules(format=league_rules.format, target=league_rules.target)
    fmt = rules.format
    seated = rng.sample(roster, fmt.players)
    dealer = rng.randrange(fmt.players)
    setup = GameSetup(rules, [player.name for player in seated], dealer)
    hands: list[ScoredHand] = []
    while len(hands) < MAX_HANDS:
        hands.append(score_hand(rules, random_hand(rng, fmt.sides)))
        if GameState.replay(rules, dealer, [hand.result for hand in hands]).finished:
            break
    return new_game(
        setup,
        league_id=league.id,
        player_ids=[player.id for player in seated],
        hands=hands,
        played_at=played_at,
    )


@click.command("seed-demo")
@click.option("--players", default=24, show_default=True, help="Players in the league.")
@click.option("--games", default=2000, show_default=True, help="Finished games to create.")
@click.option("--seed", default=1, show_default=True, help="Random seed (same seed, same league).")
@click.option("--owner", default="demo", show_default=True, help="Owner (created if new).")
@click.option("--password", default="demo-password", show_default=True)
@with_appcontext
def seed_demo_command(players: int, games: int, seed: int, owner: str, password: str) -> None:
    """Create a demo league with players, seasons and games (hands dealt at random)."""
    user = find_user(owner) or create_user(owner, password)
    league = seed_league(user, f"Demo {seed}", players, games, seed)
    click.echo(f"League {league.name!r}: /leagues/{league.public_id}/ ({games} games)")
