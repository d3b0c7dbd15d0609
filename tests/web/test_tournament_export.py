"""A tournament's export: entrants, matches and standings as CSV and as JSON, linked
from the standings page, read as the tournament is read, never cached when private,
and safe to open in a spreadsheet (a name that looks like a formula is quoted)."""

from __future__ import annotations

import contextlib
import csv
import io
import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.tournaments import services
from scorekeeper.tournaments.errors import TournamentRefused
from scorekeeper.tournaments.models import Status
from tests.helpers.actions import as_user, logout, post_form, signup
from tests.helpers.tournaments import NEW, create, play_round, tournament_of

#: Names a spreadsheet would run as formulas, and a plain one.
HOSTILE_PAIRS = "=HYPERLINK & Bruno\n-Carla & @Dario\nElena & Fabio\nGina & Ivo"
EXPORTS = ("export/entrants.csv", "export/matches.csv", "export/standings.csv", "export.json")


@pytest.fixture
def played(app: Flask, client: FlaskClient) -> str:
    """A private tournament of four pairs (one group of four, then a final), played to
    its winner through its games (the lower number wins); "viewer" a member, "stranger"
    none. Its public id."""
    for name in ("viewer", "stranger"):
        signup(client, name)
        logout(client)
    signup(client, "organiser")
    pid = create(client, **{**NEW, "final_games": "1", "final_target": "11"})
    members = f"/tournaments/{pid}/members"
    assert post_form(client, members, members, username="viewer", role="viewer").status_code == 302
    entries = f"/tournaments/{pid}/entries"
    assert post_form(client, entries, entries, entries=HOSTILE_PAIRS).status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/draw", seed="5").status_code == 302
    assert post_form(client, entries, f"/tournaments/{pid}/start").status_code == 302
    with app.test_request_context():
        t = tournament_of(pid)
        for _ in range(8):
            play_round(t)
            db.session.refresh(t)
            if t.status == Status.FINISHED.value:
                break
            with contextlib.suppress(TournamentRefused):  # the knockout fills in itself
                services.next_round(t)
        assert t.status == Status.FINISHED.value
    return pid


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_the_standings_page_links_every_export(client: FlaskClient, played: str) -> None:
    html = client.get(f"/tournaments/{played}").get_data(as_text=True)
    for path in EXPORTS:
        assert f'href="/tournaments/{played}/{path}"' in html
    italian = client.get(f"/tournaments/{played}", headers={"Accept-Language": "it"})
    assert "Tutto il torneo in JSON" in italian.get_data(as_text=True)


def test_the_json_export_holds_entrants_matches_standings_and_the_winner(
    client: FlaskClient, played: str
) -> None:
    response = client.get(f"/tournaments/{played}/export.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Cache-Control"] == "no-store"
    assert "attachment" in response.headers["Content-Disposition"]
    data = json.loads(response.get_data(as_text=True))
    assert data["format"] == "scorekeeper-tournament"
    assert data["tournament"]["status"] == "finished"
    assert data["tournament"]["seed"] == 5
    names = sorted(name for e in data["entrants"] for name in e["names"])
    assert names == sorted(
        ["=HYPERLINK", "Bruno", "-Carla", "@Dario", "Elena", "Fabio", "Gina", "Ivo"]
    )
    assert {e["group"] for e in data["entrants"]} == {"A"}
    matches = data["matches"]
    assert len(matches) == 6 + 1  # the group's round-robin, then the final
    assert [m["round"] for m in matches if m["stage"] == 1] == [1, 1, 2, 2, 3, 3]
    for match in matches:
        assert match["table"] in (1, 2)
        (game,) = match["games"]
        winner = min(match["first"], match["second"])
        assert match["result"]["winner"] == winner
        side = 0 if winner == match["first"] else 1
        assert game["winner"] == side
        assert game["totals"][side] >= 11
        assert match["result"]["points"] == game["totals"]
    assert data["winner"] == 1
    final = matches[-1]
    assert final["stage_kind"] == "knockout"
    assert {final["first"], final["second"]} == {1, 2}
    tables = data["standings"]
    assert [t["group"] for t in tables] == ["A", None]
    first = tables[0]["rows"]
    assert [row["entrant"] for row in first] == [1, 2, 3, 4]
    assert [row["won"] for row in first] == [3, 2, 1, 0]
    assert all(row["played"] == 3 for row in first)


def test_the_csv_exports_quote_formulas_and_hold_every_row(
    client: FlaskClient, played: str
) -> None:
    entrants = client.get(f"/tournaments/{played}/export/entrants.csv")
    assert entrants.status_code == 200
    assert entrants.mimetype == "text/csv"
    assert entrants.headers["Cache-Control"] == "no-store"
    header, *rows = rows_of(entrants.get_data(as_text=True))
    assert header[:3] == ["number", "first_name", "second_name"]
    assert len(rows) == 4
    cells = {cell for row in rows for cell in row[1:3]}
    assert {"'=HYPERLINK", "'-Carla", "'@Dario", "Bruno"} <= cells
    matches = rows_of(
        client.get(f"/tournaments/{played}/export/matches.csv").get_data(as_text=True)
    )
    header, *rows = matches
    assert len(rows) == 7
    games = header.index("games")
    assert all(row[games].count("-") == 1 for row in rows)  # one partita each: "11-4"
    assert rows[-1][header.index("stage_kind")] == "knockout"
    assert rows[-1][header.index("winner")] == "1"
    standings = rows_of(
        client.get(f"/tournaments/{played}/export/standings.csv").get_data(as_text=True)
    )
    header, *rows = standings
    assert len(rows) == 8  # group A, then all groups
    assert [row[header.index("group")] for row in rows] == ["A"] * 4 + [""] * 4
    assert [row[header.index("won")] for row in rows[:4]] == ["3", "2", "1", "0"]
    for table in (entrants, matches, standings):
        text = table if isinstance(table, list) else rows_of(table.get_data(as_text=True))
        for row in text:
            for cell in row:
                assert cell[:1] not in ("=", "+", "-", "@"), cell


def test_exports_are_read_as_the_tournament_is(
    app: Flask, client: FlaskClient, played: str
) -> None:
    """A member reads them, a stranger gets a 404, a visitor the login page; public: anyone
    (then cacheable); an unknown table or tournament is a 404."""
    as_user(client, "viewer")
    for path in EXPORTS:
        assert client.get(f"/tournaments/{played}/{path}").status_code == 200, path
    assert client.get(f"/tournaments/{played}/export/secrets.csv").status_code == 404
    assert client.get("/tournaments/nope/export.json").status_code == 404
    as_user(client, "stranger")
    for path in EXPORTS:
        assert client.get(f"/tournaments/{played}/{path}").status_code == 404, path
    as_user(client, "anonymous")
    for path in EXPORTS:
        response = client.get(f"/tournaments/{played}/{path}")
        assert response.status_code == 302, path
        assert "/login" in response.headers["Location"]
    with app.app_context():
        tournament_of(played).is_public = True
        db.session.commit()
    for path in EXPORTS:
        response = client.get(f"/tournaments/{played}/{path}")
        assert response.status_code == 200, path
        assert "no-store" not in response.headers.get("Cache-Control", ""), path


def test_exports_before_the_draw_hold_headers_only(client: FlaskClient) -> None:
    signup(client, "organiser")
    pid = create(client)
    data = json.loads(client.get(f"/tournaments/{pid}/export.json").get_data(as_text=True))
    assert data["entrants"] == []
    assert data["matches"] == []
    assert data["standings"] == []
    assert data["winner"] is None
    for table in ("entrants", "matches", "standings"):
        body = client.get(f"/tournaments/{pid}/export/{table}.csv").get_data(as_text=True)
        assert len(rows_of(body)) == 1, table
