"""Helpers of the web tests of confirmation by the other side: a game's "Confermiamo"
form read and sent, a league whose hands await confirmation and the side link of its
game, and a tournament's match asking for confirmation (the `table` fixture of
tests/web/conftest.py), its result entered from a side's link and read back."""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.accounts.models import User
from scorekeeper.extensions import db
from scorekeeper.games.confirmation import side_token
from scorekeeper.games.models import Game
from scorekeeper.leagues.models import Player
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Confirmation, Match, MatchResult, Tournament
from tests.helpers.actions import create_league, invite, join, post_form, signup
from tests.helpers.leagues import start_league_game

#: What the disputing side says hand 1 was: A 18 cards, 4 denari, no scopa (2-2, not 5-0).
THEIRS = {
    "sides-0-cards": "18",
    "sides-0-denari": "4",
    "settebello": "0",
    "primiera": "0",
    "sides-0-scope": "0",
}


# ---------------------------------------------------------------------------- games


def confirm_form(client: FlaskClient, url: str) -> dict[str, str]:
    """The first "Confermiamo" form of a page: its action and fields."""
    html = client.get(url).get_data(as_text=True)
    form = re.search(
        r'<form method="post" action="([^"]+/confirm)" class="confirm-form">(.*?)</form>',
        html,
        re.S,
    )
    assert form, "no Confermiamo on the page"
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(2)))
    sides = re.findall(r'name="side" value="(\d+)"', form.group(2))
    return {"action": form.group(1), "sides": ",".join(sides), **fields}


def send_confirm(client: FlaskClient, form: dict[str, str]) -> object:
    """Tap the "Confermiamo" of a form read by :func:`confirm_form`."""
    data: dict[str, object] = {
        "csrf_token": form["csrf_token"],
        "request_id": form["request_id"],
        "side": form["sides"].split(","),
    }
    return client.post(form["action"], data=data)


def confirming_league(app: Flask, client: FlaskClient) -> tuple[str, str, dict[str, FlaskClient]]:
    """Olga's league (confirmation on), Anna a scorer, Bruno a viewer, each a player;
    a game Anna against Bruno started by Anna: the league's id, the board, and a client
    for each of them."""
    clients = {"olga": client, "anna": app.test_client(), "bruno": app.test_client()}
    signup(client, "olga")
    public_id = create_league(client, requires_confirmation="y")
    links = {
        "anna": invite(client, public_id, "scorer"),
        "bruno": invite(client, public_id, "viewer"),
    }
    for name in ("anna", "bruno"):
        signup(clients[name], name)
        join(clients[name], links[name])
    board = start_league_game(clients["anna"], public_id, "Anna", "Bruno")
    with app.app_context():
        for name in ("anna", "bruno"):
            user = db.session.scalar(select(User).where(User.username == name))
            player = db.session.scalar(select(Player).where(Player.name == name.title()))
            assert user is not None
            assert player is not None
            player.user_id = user.id
        db.session.commit()
    return public_id, board, clients


def game_side_link(app: Flask, side: int) -> str:
    """The side link of `side` in the only game there is."""
    with app.app_context():
        return f"/c/{side_token(db.session.scalars(select(Game)).one(), side)}"


# ---------------------------------------------------------------------- tournaments


@dataclass
class Table:
    """A tournament that asks for confirmation, one of its matches and its sides' links."""

    public_id: str
    match_id: int
    links: tuple[str, str]
    names: tuple[str, str]


def first_match(t: Tournament) -> Match:
    """The first round's first match that is not a bye."""
    _stage, round_ = services.rounds(t)[0]
    return next(m for m in services.matches(round_) if not m.is_bye)


def match_result(app: Flask, match_id: int) -> MatchResult | None:
    """The match's result, if any, detached from the session."""
    with app.app_context():
        result = db.session.scalar(select(MatchResult).where(MatchResult.match_id == match_id))
        if result is not None:
            db.session.expunge(result)
        return result


def match_confirmations(app: Flask, match_id: int) -> list[tuple[int, int | None, int | None]]:
    """The confirmations of the match's result, as (side, through side, user id)."""
    with app.app_context():
        return [
            (row.side, row.through_side, row.user_id)
            for row in db.session.scalars(
                select(Confirmation)
                .join(MatchResult, MatchResult.id == Confirmation.result_id)
                .where(MatchResult.match_id == match_id)
            )
        ]


def enter_result(client: FlaskClient, link: str, wins: str = "1-0", points: str = "11-4") -> int:
    """Enter a result from the page of a side's `link`; the status code of the answer."""
    (w1, w2), (p1, p2) = wins.split("-"), points.split("-")
    return post_form(
        client,
        "/account/login",
        f"{link}/result",
        wins_first=w1,
        wins_second=w2,
        points_first=p1,
        points_second=p2,
    ).status_code
