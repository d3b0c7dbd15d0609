"""Helpers of the league tests: a league's row ids, league games started and won through
the forms, a league file sent to the import page, and what of a league must equal an
in-order rebuild."""

from __future__ import annotations

import io
from html import unescape
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.datastructures import FileStorage
from werkzeug.test import TestResponse, encode_multipart

from scorekeeper.extensions import db
from scorekeeper.leagues import standings
from scorekeeper.leagues.models import League, LeagueResult, Player, Standing
from tests.helpers import csrf_token
from tests.helpers.actions import post_form
from tests.helpers.games import record


def ids(app: Flask, model: type, public_id: str) -> list[int]:
    """The ids of the league's rows of ``model`` (players, seasons, ...), oldest first."""
    with app.app_context():
        league_id = db.session.scalar(select(League.id).where(League.public_id == public_id))
        return list(
            db.session.scalars(
                select(model.id).where(model.league_id == league_id).order_by(model.id)
            )
        )


def start_league_game(client: FlaskClient, public_id: str, *seats: int | str) -> str:
    """Start a league game as the logged-in scorer; a seat is a player id or a new name."""
    url = f"/leagues/{public_id}/games/new"
    data: dict[str, str] = {"first_dealer": "0"}
    for i, seat in enumerate(seats):
        data[f"players-{i}"] = str(seat) if isinstance(seat, int) else "0"
        data[f"new_names-{i}"] = seat if isinstance(seat, str) else ""
    response = post_form(client, url, url, **data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


def win_for_side_a(client: FlaskClient, board: str) -> None:
    """Three reference hands: side A (the first seat) reaches 15 and wins."""
    for _ in range(3):
        assert record(client, board).status_code == 302


def send_league_file(
    client: FlaskClient, body: bytes, headers: dict[str, str], *, follow: bool
) -> TestResponse:
    """Post `body` as a league file (following redirects or not).

    The form is encoded here, in memory: the test client would spool a body over
    500 KB to a temporary file that it never closes (a ResourceWarning)."""
    boundary, form = encode_multipart(
        {
            "csrf_token": csrf_token(client, "/leagues/import"),
            "file": FileStorage(io.BytesIO(body), "league.json"),
        }
    )
    return client.post(
        "/leagues/import",
        data=form,
        headers=headers,
        content_type=f"multipart/form-data; boundary={boundary}",
        follow_redirects=follow,
    )


def upload_league_file(
    client: FlaskClient, body: bytes, headers: dict[str, str]
) -> tuple[int, str]:
    """Post `body` as a league file and follow where it leads (the import's progress,
    which under TESTING is over: the league, or the refusal); the status and the text."""
    response = send_league_file(client, body, headers, follow=True)
    return response.status_code, unescape(response.get_data(as_text=True))


def league_state(league_id: int) -> dict[str, Any]:
    """What must equal an in-order rebuild: every result's rating, every player's, every
    standing row."""
    db.session.expire_all()
    results = db.session.scalars(
        select(LeagueResult).where(LeagueResult.league_id == league_id)
    ).all()
    players = db.session.scalars(select(Player).where(Player.league_id == league_id)).all()
    rows = db.session.scalars(select(Standing).where(Standing.league_id == league_id)).all()
    return {
        "results": {(r.game_id, r.player_id): (r.won, r.mu, r.sigma) for r in results},
        "players": {p.id: (p.mu, p.sigma) for p in players},
        "rows": {
            (r.season_id, r.player_id, r.partner_id): tuple(
                getattr(r, name) for name in standings.TALLIES
            )
            for r in rows
        },
    }
