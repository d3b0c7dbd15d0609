"""The database itself refuses impossible games, seats and hands."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorekeeper.extensions import db
from scorekeeper.games.inputs import GameSetup
from scorekeeper.games.models import Game, Hand, HandSide, Seat
from scorekeeper.games.services import create_game
from scorekeeper.scoring import Rules

GOOD_SIDE: dict[str, Any] = {
    "cards": 22, "denari": 6, "settebello": True, "re_bello": False, "napola_run": 0,
    "scope": 1, "primiera": None, "scope_points": 1, "carte_points": 1, "denari_points": 1,
    "settebello_points": 1, "primiera_points": 1, "re_bello_points": 0, "napola_points": 0,
    "total": 5,
}  # fmt: skip


def _game(app: Flask) -> int:
    with app.app_context():
        game, _ = create_game(GameSetup(Rules(), ["Anna", "Bruno"], first_dealer=0))
        return game.id


def _refused(app: Flask, *rows: Any) -> None:
    with app.app_context():
        db.session.add_all(rows)
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()


def _hand(game_id: int, number: int = 1, request_id: str = "r1", **side: Any) -> Hand:
    return Hand(
        game_id=game_id,
        number=number,
        request_id=request_id,
        mode="counts",
        entry={},
        sides=[HandSide(side=0, **(GOOD_SIDE | side))],
    )


def test_a_good_hand_is_stored(app: Flask) -> None:
    game_id = _game(app)
    with app.app_context():
        db.session.add(_hand(game_id))
        db.session.commit()
    with app.app_context():  # a new session: read back what the database holds
        hand = db.session.scalars(select(Hand).where(Hand.game_id == game_id)).one()
        assert (hand.number, hand.request_id, hand.mode, hand.entry) == (1, "r1", "counts", {})
        (side,) = hand.sides
        assert side.side == 0
        assert {name: getattr(side, name) for name in GOOD_SIDE} == GOOD_SIDE


@pytest.mark.parametrize(
    "side",
    [
        {"cards": 41},
        {"denari": 11},
        {"cards": 3, "denari": 4},
        {"napola_run": 2},
        {"scope": -1, "scope_points": -1, "total": 3},
        {"total": 6},
        {"carte_points": 2, "total": 6},
        {"scope_points": 0, "total": 4},
        {"primiera": 85},
    ],
)
def test_impossible_side_counts_are_refused(app: Flask, side: dict[str, Any]) -> None:
    _refused(app, _hand(_game(app), **side))


def test_a_hand_number_twice_is_refused(app: Flask) -> None:
    game_id = _game(app)
    with app.app_context():
        db.session.add(_hand(game_id))
        db.session.commit()
    _refused(app, _hand(game_id, request_id="r2"))
    _refused(app, _hand(game_id, number=2, request_id="r1"))


@pytest.mark.parametrize(
    "fields",
    [{"number": 0}, {"mode": "guess"}],
)
def test_impossible_hands_are_refused(app: Flask, fields: dict[str, Any]) -> None:
    hand = _hand(_game(app))
    for key, value in fields.items():
        setattr(hand, key, value)
    _refused(app, hand)


@pytest.mark.parametrize(
    "fields",
    [{"target": 0}, {"format_key": "5"}, {"first_dealer": -1}, {"view_token": "same"}],
)
def test_impossible_games_are_refused(app: Flask, fields: dict[str, Any]) -> None:
    _game(app)
    with app.app_context():
        other = db.session.get(Game, _game(app))
        assert other is not None
        if fields.get("view_token") == "same":
            first = db.session.get(Game, other.id - 1)
            assert first is not None
            fields = {"view_token": first.view_token}
        for key, value in fields.items():
            setattr(other, key, value)
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()


@pytest.mark.parametrize("seat", [{"name": "  "}, {"seat": -1, "side": 0}, {"seat": 0}])
def test_impossible_seats_are_refused(app: Flask, seat: dict[str, Any]) -> None:
    game_id = _game(app)
    _refused(app, Seat(**({"game_id": game_id, "seat": 5, "side": 1, "name": "Eva"} | seat)))
