"""Helpers of the tournament tests: an organiser, a tournament (through the services or
the new-tournament form), matches played out through the games services (as the phones
at the tables record them)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from datetime import date

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from scorekeeper.accounts import services as accounts
from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.games import services as games
from scorekeeper.scoring import DECK, FORMATS, CardsEntry, Rules
from scorekeeper.tournaments import services
from scorekeeper.tournaments.games import side_token
from scorekeeper.tournaments.inputs import StageSetup, TournamentSetup
from scorekeeper.tournaments.models import Entrant, Match, Structure, Tournament
from tests.helpers import EN, csrf_token
from tests.helpers.actions import post_form

PASSWORD = "a long password"
EIGHT_PAIRS = """\
Anna & Bruno (Circolo Aurora)
Carla & Dario (Circolo Aurora)
Elena + Fabio (Bar Sport)
Gina / Ivo (Bar Sport)
Luca & Marta
Nino & Olga (Circolo Aurora)
Pia & Rocco
Sara & Tino (Bar Sport)
"""
FOUR_PAIRS = "A & B\nC & D\nE & F\nG & H"
TWO_PAIRS = "Anna & Bruno\nCarla & Dario"
#: The new-tournament form filled in: pairs, groups of 4 then a knockout with a final.
NEW = {
    "name": "Torneo di San Rocco",
    "held_on": "2026-08-16",
    "format": "2x2",
    "structure": "groups_knockout",
    "rounds": "",
    "group_size": "4",
    "qualifiers": "2",
    "games": "1",
    "target": "11",
    "knockout_games": "1",
    "knockout_target": "11",
    "final_games": "3",
    "final_target": "21",
    "preset": "scopa-2x2",
    "entry_fee": "5,50",
}
#: Groups to 11, then a knockout to 11 with a best-of-3 final to 21.
GROUPS_THEN_FINAL = (StageSetup(1, 11), StageSetup(1, 11, 3, 21))
_requests = itertools.count()


def create(client: FlaskClient, **settings: str) -> str:
    """Create a tournament through the form as the logged-in user; its public id."""
    response = post_form(client, "/tournaments/new", "/tournaments/new", **{**NEW, **settings})
    assert response.status_code == 302, response.get_data(as_text=True)
    found = re.fullmatch(r"/tournaments/([\w-]+)/entries", response.headers["Location"])
    assert found, response.headers["Location"]
    return found.group(1)


def started(client: FlaskClient, entries: str, **settings: str) -> str:
    """A tournament made through the forms by the logged-in user (``settings`` on the
    new-tournament form), ``entries`` pasted, drawn from 4 and started: its public id."""
    pid = create(client, **settings)
    page = f"/tournaments/{pid}/entries"
    assert post_form(client, page, page, entries=entries).status_code == 302
    assert post_form(client, page, f"/tournaments/{pid}/draw", seed="4").status_code == 302
    assert post_form(client, page, f"/tournaments/{pid}/start").status_code == 302
    return pid


def tournament_of(public_id: str) -> Tournament:
    """The tournament of ``public_id`` (in an app context)."""
    return db.session.scalars(select(Tournament).where(Tournament.public_id == public_id)).one()


def user(name: str) -> User:
    """A new account called ``name``."""
    return accounts.create_user(name, PASSWORD)


def sweep(side: int, scope: int, sides: int = 2) -> CardsEntry:
    """A hand of ``sides`` sides in which ``side`` takes every card (4 points) and ``scope``."""
    return CardsEntry.of(
        [DECK if i == side else () for i in range(sides)],
        [scope if i == side else 0 for i in range(sides)],
    )


def tournament(
    organiser: User,
    structure: Structure = Structure.GROUPS_KNOCKOUT,
    stages: tuple[StageSetup, ...] = GROUPS_THEN_FINAL,
    **settings: object,
) -> Tournament:
    """A pairs tournament "Torneo di San Rocco" of ``structure``."""
    setup = TournamentSetup(
        name="Torneo di San Rocco",
        held_on=date(2026, 8, 16),
        structure=structure,
        rules=Rules(FORMATS["2x2"]),
        stages=stages,
        **settings,  # type: ignore[arg-type]
    )
    return services.create_tournament(organiser, setup)


def drawn(
    organiser: User,
    entries: str,
    seed: int,
    structure: Structure = Structure.KNOCKOUT,
    stages: tuple[StageSetup, ...] = (StageSetup(1, 11),),
    **settings: object,
) -> Tournament:
    """A pairs tournament (`tournament`) with the pasted ``entries``, drawn from ``seed``."""
    t = tournament(organiser, structure, stages, **settings)
    services.add_entries(t, entries)
    return services.draw(t, seed=seed)


def started_in(app: Flask, **settings: object) -> str:
    """Eight pairs in two groups then a knockout, drawn and started; its public id."""
    with app.test_request_context():
        t = drawn(
            user("organiser"),
            EIGHT_PAIRS,
            7,
            Structure.GROUPS_KNOCKOUT,
            GROUPS_THEN_FINAL,
            **settings,
        )
        services.start(t)
        return t.public_id


def play_match(match: Match, winner: int) -> None:
    """Play ``match`` out through its games, side ``winner`` (0, 1; 2 at a table of
    three) winning every partita by sweeps of 7 scope (11 points a hand)."""
    sides = len(match.side_ids)
    for _ in range(match.games):
        if services.result_of(match) is not None:
            return
        game = services.match_games(match)[-1]
        while game.winner_side is None:
            number = len(game.hands) + 1
            hand = sweep(winner, 7, sides)
            games.record_hand(game, number, f"hand-{next(_requests)}", hand)
            db.session.refresh(game)
    assert services.result_of(match) is not None


def lower_number_wins(match: Match) -> int:
    """The side of the entrant with the lower number (entrant 1 beats everyone)."""
    numbers = [db.session.get_one(Entrant, i).number for i in match.side_ids]
    return numbers.index(min(numbers))


def three_drawn(
    organiser: User,
    count: int,
    seed: int,
    structure: Structure = Structure.ROUND_ROBIN,
    **settings: object,
) -> Tournament:
    """A 3-player tournament of ``count`` singles ``P1``, ``P2``, ..., drawn from ``seed``."""
    setup = TournamentSetup(
        name="Torneo a tre",
        held_on=date(2026, 8, 16),
        structure=structure,
        rules=Rules(FORMATS["3"]),
        stages=(StageSetup(1, 11),),
        **settings,  # type: ignore[arg-type]
    )
    t = services.create_tournament(organiser, setup)
    services.add_entries(t, "\n".join(f"P{i}" for i in range(1, count + 1)))
    return services.draw(t, seed=seed)


def play_round(t: Tournament, decide: Callable[[Match], int] = lower_number_wins) -> list[Match]:
    """Play every match still open, round by round (a knockout's byes leave open matches
    in two rounds at once); the matches played."""
    played = []
    for _, round_ in services.rounds(t):
        for match in services.matches(round_):
            if not match.is_bye and services.result_of(match) is None:
                play_match(match, decide(match))
                played.append(match)
    return played


def side_link(match: Match, side: int) -> str:
    """The path of side ``side``'s own link to ``match`` (in an app context)."""
    first = services.match_games(match)[0]
    return f"/tournaments/side/{side_token(match, side, first)}"


def confirming(
    organiser: User,
    entries: str = FOUR_PAIRS,
    structure: Structure = Structure.ROUND_ROBIN,
    stages: tuple[StageSetup, ...] = (StageSetup(1, 11),),
    seed: int = 3,
) -> Tournament:
    """A started tournament of ``entries`` (a single round-robin by default) whose results
    need the other side's confirmation."""
    t = drawn(organiser, entries, seed, structure, stages, needs_confirmation=True)
    services.start(t)
    return t


def correct_result(
    client: FlaskClient,
    app: Flask,
    public_id: str,
    match_id: int,
    points: tuple[int, int],
    later: str = "",
) -> TestResponse:
    """The organiser's correction of a one-partita match (the side with more points wins
    it), sent over the match's stored version, with ``later``, the choice of keeping or
    replaying the matches played after it, if any."""
    with app.app_context():
        version = db.session.get_one(Match, match_id).result_version
    first_wins = points[0] > points[1]
    data = {
        "csrf_token": csrf_token(client, "/account/login"),
        "version": str(version),
        "wins_first": "1" if first_wins else "0",
        "wins_second": "0" if first_wins else "1",
        "points_first": str(points[0]),
        "points_second": str(points[1]),
        "later": later,
    }
    url = f"/tournaments/{public_id}/matches/{match_id}/result"
    return client.post(url, data=data, headers=EN)
